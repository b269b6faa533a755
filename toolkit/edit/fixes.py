"""Mechanical fixes of content (`toolkit check --fix`), written back with ruamel.yaml.

A fix is an edit of one file's YAML tree that a finding describes exactly: a stale
`placeholders` entry removed (the core's), the missing side of an enemy pair written into
the other file (Forty Factions'). Files are edited round trip: comments, key order,
quoting and flow style of everything a fix does not touch stay as they were, byte for
byte: where ruamel.yaml would write some lines of a file another way (a flow mapping wrapped
by hand, CRLF line endings), only the lines a fix changes are written, into the file as it
is (`patch`). A fix that would change such a line is reported as one to make by hand.
Applying the fixes again changes nothing.
"""

from __future__ import annotations

import difflib
import io
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from toolkit.core.diagnostics import display_path
from toolkit.core.errors import ToolkitError
from toolkit.edit.transaction import Change, apply_all
from toolkit.model.content import ContentSet, Document
from toolkit.validate.paths import resolve_path

# (mapping indent, sequence indent, sequence dash offset): the shipped files use the first
STYLES = ((2, 4, 2), (2, 2, 0), (4, 4, 2))


@dataclass(frozen=True)
class Fix:
    """One mechanical edit: the file, what it does (said to the user), and the edit of the
    file's round-trip tree (returns False when there is nothing left to do)."""

    path: str
    what: str
    edit: Callable[[Any], bool]


@dataclass(frozen=True)
class Edited:
    """A file the fixes changed: its text before and after, and what was done."""

    path: str
    before: str
    after: str
    done: tuple[str, ...]

    def diff(self) -> str:
        """A unified diff of the change, as `--diff` prints it."""
        old, new = diff_names(self.path)
        return "".join(
            difflib.unified_diff(
                self.before.splitlines(keepends=True),
                self.after.splitlines(keepends=True),
                old,
                new,
            )
        )


def diff_names(path: Path | str) -> tuple[str, str]:
    """A diff's two file names: `a/` and `b/` before a path relative to the working folder
    (as git writes them, for `patch -p1`), an absolute path as it is."""

    shown = display_path(Path(path))
    return (shown, shown) if Path(shown).is_absolute() else (f"a/{shown}", f"b/{shown}")


def yaml_writer(style: tuple[int, int, int]) -> YAML:
    """A round-trip writer in a file's style (mapping indent, sequence indent, offset)."""
    y = YAML()
    y.preserve_quotes = True
    y.width = 4096  # never re-wrap a long line
    y.indent(mapping=style[0], sequence=style[1], offset=style[2])
    return y


def _dump(y: Any, tree: Any) -> str:
    out = io.StringIO()
    y.dump(tree, out)
    return out.getvalue()


def _nearest(text: str) -> tuple[Any, Any, str] | None:
    """The file's tree, the YAML writer whose rewrite of it is nearest the text, and that
    rewrite; None when the text does not load."""
    best: tuple[int, Any, Any, str] | None = None
    for style in STYLES:
        y = yaml_writer(style)
        try:
            tree = y.load(text)
        except Exception:
            return None
        d0 = _dump(y, tree)
        if d0 == text:
            return tree, y, d0
        changed = sum(
            max(i2 - i1, j2 - j1)
            for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(
                None, text.splitlines(), d0.splitlines(), autojunk=False
            ).get_opcodes()
            if tag != "equal"
        )
        if best is None or changed < best[0]:
            best = (changed, tree, y, d0)
    return None if best is None else best[1:]


def patch(text: str, d0: str, d1: str) -> str | None:
    """The change from `d0` to `d1` (ruamel.yaml's writing of a tree before and after an
    edit) applied to `text`, the file `d0` was read from: every changed run of lines, and
    the line on each side of it, must be lines that `text` holds as `d0` writes them, so
    that lines ruamel.yaml would write another way (a hand-wrapped flow mapping, CRLF
    endings) stay byte for byte; None when a change falls on such a line."""
    eol = "\r\n" if "\r\n" in text else "\n"
    t = text.splitlines(keepends=True)
    tn, an, bn = ([x.rstrip("\r\n") for x in s.splitlines(keepends=True)] for s in (text, d0, d1))
    where: dict[int, int] = {}  # a line of d0 -> the same line of text
    for blk in difflib.SequenceMatcher(None, an, tn, autojunk=False).get_matching_blocks():
        for k in range(blk.size):
            where[blk.a + k] = blk.b + k
    out, shift = list(t), 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, an, bn, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if any(k not in where for k in range(max(i1 - 1, 0), min(i2 + 1, len(an)))):
            return None
        if i1 < i2:
            start, end = where[i1], where[i2 - 1] + 1
            if end - start != i2 - i1:
                return None
        else:  # an insertion before d0's line i1
            start = end = where[i1] if i1 < len(an) else (where[i1 - 1] + 1 if i1 else 0)
        if start + shift == len(out) and out and not out[-1].endswith("\n"):
            out[-1] += eol  # the file's last line had no line ending
        new = [x + eol for x in bn[j1:j2]]
        if i2 - i1 == j2 - j1:  # lines rewritten one for one: their comments stay put
            new = [_comment_gap(tn[start + k], x) + eol for k, x in enumerate(bn[j1:j2])]
        out[start + shift : end + shift] = new
        shift += len(new) - (end - start)
    return "".join(out)


_COMMENT = re.compile(r"(\s+)(#.*)$")


def _comment_gap(old: str, new: str) -> str:
    """`new`, the line ruamel.yaml wrote for the file's line `old`, with its end-of-line
    comment after the spaces `old` had before it: ruamel.yaml keeps a comment's column,
    padding a shorter value out to it (or pushing it right of a longer one)."""
    m = _COMMENT.search(old)
    if m is None or not new.endswith(m[2]) or new == old:
        return new
    head = new[: -len(m[2])]
    if not head.strip() or head == head.rstrip():
        return new  # the comment is the whole line, or not after a space
    return head.rstrip() + m[1] + m[2]


def apply(fixes: Iterable[Fix]) -> tuple[list[Edited], list[Fix]]:
    """Apply the fixes file by file (nothing is written): the files changed, and the fixes
    left to do by hand (a change would fall on lines ruamel.yaml cannot write back as the
    file has them)."""
    by_file: dict[str, list[Fix]] = {}
    for f in fixes:
        by_file.setdefault(f.path, []).append(f)
    edited, by_hand = [], []
    for path, todo in sorted(by_file.items()):
        before = Path(path).read_bytes().decode("utf-8")  # line endings as they are
        loaded = _nearest(before)
        if loaded is None:
            by_hand += todo
            continue
        tree, y, d0 = loaded
        done = tuple(f.what for f in todo if f.edit(tree))
        d1 = _dump(y, tree)
        after = patch(before, d0, d1)  # the changed lines only, comments where they were
        if after is None:
            by_hand += todo
        elif done and after != before:
            edited.append(Edited(path, before, after, done))
    return edited, by_hand


class NotKept(ToolkitError):
    """An edit that `toolkit new` or `rename` needs would change a line ruamel.yaml writes
    another way than the file has it (exit 2: nothing was written)."""


def apply_whole(fixes: Iterable[Fix]) -> list[Edited]:
    """Apply edits that must all be made, or none (`toolkit new`, `rename`)."""
    edited, by_hand = apply(fixes)
    if by_hand:
        raise NotKept(
            "; ".join(
                f"{f.path} cannot be edited keeping its other bytes ({f.what}): nothing was changed"
                for f in by_hand
            )
        )
    return edited


def write(edited: Sequence[Edited], content: Path) -> None:
    """Write the changed files all together or none (`toolkit.edit.transaction`, journal in the
    content
    folder `content`), each keeping its mode."""

    apply_all(content, [Change(Path(e.path), e.after.encode("utf-8")) for e in edited])


def stale_placeholders(content: ContentSet) -> list[Fix]:
    """The core's fix: a `placeholders` entry naming no value of its file is removed."""
    out = []
    for doc in content.all():
        stale = [p for p in doc.placeholders if not resolve_path(doc, p)[0]]
        if stale:
            path = str(doc.loc_of("placeholders").path)
            out.append(
                Fix(
                    path,
                    f"removed stale placeholder entries {', '.join(stale)}",
                    _remove_from("placeholders", stale),
                )
            )
    return out


def _remove_from(key: str, values: Sequence[str]) -> Callable[[Any], bool]:
    def edit(tree: Any) -> bool:
        seq = tree.get(key)
        if seq is None:
            return False
        gone = [i for i, v in enumerate(seq) if v in values]
        for i in reversed(gone):
            del seq[i]
        return bool(gone)

    return edit


def uncite(doc: Document, dotted: str, what: str) -> Fix | None:
    """A value that stops being the rules' (a rules' name the designer renames): its
    `sources:` entry goes and it is listed under `placeholders:`, so `toolkit check` neither
    reads it against a passage that no longer states it nor asks it for a citation. None
    when no `sources:` entry cites the value by that path."""
    if dotted not in doc.sources:
        return None

    def edit(tree: Any) -> bool:
        cited = tree.get("sources")
        if cited is None or dotted not in cited:
            return False
        del cited[dotted]
        if not cited:
            del tree["sources"]
        marked = tree.get("placeholders")
        if marked is None:
            tree["placeholders"] = [dotted]
        elif dotted not in marked:
            marked.append(dotted)
        return True

    return Fix(document_path(doc), what, edit)


def document_path(doc: Document) -> str:
    """The file a document was read from."""
    return str(doc.loc_of().path)


def replace_at(positions: Iterable[tuple[int, int]], value: Any) -> Callable[[Any], bool]:
    """An edit setting every scalar that starts at one of `positions` (1-based line and
    column, as a finding's `Loc` gives them) to `value`: a reference renamed where the
    checker found it."""
    wanted = set(positions)

    def edit(tree: Any) -> bool:
        found = 0

        def visit(node: Any) -> None:
            nonlocal found
            if isinstance(node, dict):
                slots = [(k, node.lc.value(k)) for k in node if hasattr(node, "lc")]
            elif isinstance(node, list):
                slots = [(i, node.lc.item(i)) for i in range(len(node)) if hasattr(node, "lc")]
            else:
                return
            for key, (line, col) in slots:
                child = node[key]
                if (line + 1, col + 1) in wanted and not isinstance(child, dict | list):
                    if child != value:
                        node[key] = type(child)(value) if isinstance(child, str) else value
                        found += 1
                else:
                    visit(child)

        visit(tree)
        return bool(found)

    return edit


def sort_by(key: str, field: str) -> Callable[[Any], bool]:
    """An edit: the sequence at `key` (mappings) sorted by each one's `field`, where the
    rules fix the order. Each entry moves whole, with the comment on its own line; the
    sequence's other comments stay where they were."""

    def edit(tree: Any) -> bool:
        seq = tree.get(key)
        if not isinstance(seq, list) or not all(isinstance(e, dict) and field in e for e in seq):
            return False
        order = sorted(range(len(seq)), key=lambda i: (seq[i][field], i))
        if order == list(range(len(seq))):
            return False
        items = [seq[i] for i in order]
        notes = getattr(seq, "ca", None)
        moved = {
            new: notes.items[old]
            for new, old in enumerate(order)
            if notes is not None and old in notes.items
        }
        for i, item in enumerate(items):
            seq[i] = item
        if notes is not None:
            notes.items.clear()
            notes.items.update(moved)
        return True

    return edit
