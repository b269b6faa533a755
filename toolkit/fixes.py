"""Mechanical fixes of content (`toolkit check --fix`), written back with ruamel.yaml.

A fix is an edit of one file's YAML tree that a finding describes exactly: a stale
`placeholders` entry removed (the core's), the missing side of an enemy pair written into
the other file (Forty Factions'). Files are edited round trip: comments, key order,
quoting and flow style of everything a fix does not touch stay as they were, byte for
byte. A file that ruamel.yaml cannot load and write back unchanged is never edited: the fix
is reported as one to make by hand. Applying the fixes again changes nothing.
"""

from __future__ import annotations

import difflib
import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.content import ContentSet, Document
from toolkit.schema import resolve_path

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
        return "".join(difflib.unified_diff(
            self.before.splitlines(keepends=True), self.after.splitlines(keepends=True),
            f"a/{self.path}", f"b/{self.path}"))  # fmt: skip


def _yaml(style: tuple[int, int, int]) -> Any:
    from ruamel.yaml import YAML

    y = YAML()
    y.preserve_quotes = True
    y.width = 4096  # never re-wrap a long line
    y.indent(mapping=style[0], sequence=style[1], offset=style[2])
    return y


def _dump(y: Any, tree: Any) -> str:
    out = io.StringIO()
    y.dump(tree, out)
    return out.getvalue()


def load_round_trip(text: str) -> tuple[Any, Any] | None:
    """The file's tree and the YAML writer that writes it back byte for byte, or None."""
    for style in STYLES:
        y = _yaml(style)
        try:
            tree = y.load(text)
        except Exception:
            return None
        if _dump(y, tree) == text:
            return tree, y
    return None


def apply(fixes: Iterable[Fix]) -> tuple[list[Edited], list[Fix]]:
    """Apply the fixes file by file (nothing is written): the files changed, and the fixes
    left to do by hand (their file would not round-trip unchanged)."""
    by_file: dict[str, list[Fix]] = {}
    for f in fixes:
        by_file.setdefault(f.path, []).append(f)
    edited, by_hand = [], []
    for path, todo in sorted(by_file.items()):
        before = Path(path).read_bytes().decode("utf-8")  # line endings as they are
        loaded = load_round_trip(before)
        if loaded is None:
            by_hand += todo
            continue
        tree, y = loaded
        done = tuple(f.what for f in todo if f.edit(tree))
        after = _dump(y, tree)
        if done and after != before:
            edited.append(Edited(path, before, after, done))
    return edited, by_hand


def write(edited: Sequence[Edited]) -> None:
    """Write the changed files (atomically, as every output is written)."""
    from toolkit.write import write_text

    for e in edited:
        write_text(Path(e.path), e.after)


def stale_placeholders(content: ContentSet) -> list[Fix]:
    """The core's fix: a `placeholders` entry naming no value of its file is removed."""
    out = []
    for doc in content.all():
        stale = [p for p in doc.placeholders if not resolve_path(doc, p)[0]]
        if stale:
            path = str(doc.loc_of("placeholders").path)
            out.append(Fix(path, f"removed stale placeholder entries {', '.join(stale)}",
                           _remove_from("placeholders", stale)))  # fmt: skip
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


def document_path(doc: Document) -> str:
    """The file a document was read from."""
    return str(doc.loc_of().path)
