"""Scaffolding (`toolkit new GAME KIND name=...`): one new card, schema-complete.

Each game's pack says what its kinds of card need (`Scaffold`): the values the rules
decide (the next free number, the tarot card that number stands for) are filled in, every
other value is a placeholder listed in the file's `placeholders`, and the other files a new
card changes (a number range, a new suit) are edited round trip, keeping every byte they do
not change (`toolkit.edit.fixes`). A card kept in a list of one file (a God Emperor Favor card)
is an entry added to that list the same way. Nothing is written until every edit is known
to be possible: a file that would not round-trip unchanged stops the command. The new file
and the edits are written all together or not at all (`toolkit.edit.transaction`).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from toolkit.core.errors import ToolkitError
from toolkit.edit.fixes import STYLES, Edited, Fix, apply_whole, yaml_writer
from toolkit.edit.transaction import Change, apply_all
from toolkit.model.content import ContentSet


class ScaffoldError(ToolkitError):
    """A parameter of `toolkit new` is missing or wrong, or the content does not allow the
    card (exit 2: nothing was written)."""


@dataclass(frozen=True)
class Plan:
    """What one `toolkit new` makes: a new file (`path`, its kind, its values in order, the keys
    written in flow style), the edits of other files, and what the user is told (what was
    chosen for them, and what remains to do)."""

    path: Path | None = None
    kind: str = ""  # the new file's content kind (its schema's name)
    values: Mapping[str, Any] = field(default_factory=dict)
    flow: frozenset[str] = frozenset()
    comment: str = ""
    fixes: tuple[Fix, ...] = ()
    said: tuple[str, ...] = ()


@dataclass(frozen=True)
class Scaffold:
    """A kind of card `toolkit new` makes: its name on the command line, a line of help,
    the parameters it takes (name -> meaning; `name` is always one) and the planner."""

    kind: str
    doc: str
    params: Mapping[str, str]
    plan: Callable[[ContentSet, Mapping[str, str]], Plan]


@dataclass(frozen=True)
class Made:
    """A planned scaffold: the new file's text (if any) and the other files' edits."""

    plan: Plan
    text: str | None
    edited: tuple[Edited, ...]


def parse_params(pairs: Sequence[str]) -> dict[str, str]:
    """`name=The Lamplighters expansion=FgF` -> a dict; a pair without `=` is an error."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise ScaffoldError(f"'{pair}' is not NAME=VALUE (e.g. name=\"The Lamplighters\")")
        out[key.strip()] = value.strip()
    return out


def listing(scaffolds: Sequence[Scaffold], game: str) -> str:
    """The kinds of card `toolkit new` makes for a game and what each takes, for a reader."""
    lines = [f"toolkit new {game} KIND [name=value ...], where KIND is one of:"]
    for s in scaffolds:
        lines.append(f"  {s.kind}: {s.doc}")
        lines.extend(f"      {k}=  {v}" for k, v in s.params.items())
    return "\n".join(lines)


def choose(scaffolds: Sequence[Scaffold], kind: str | None, game: str) -> Scaffold:
    """The scaffold for `kind`; a missing or unknown kind lists the game's kinds."""
    listed = "; ".join(
        f"{s.kind} ({s.doc}; " + ", ".join(f"{k}=: {v}" for k, v in s.params.items()) + ")"
        for s in scaffolds
    )
    if not scaffolds:
        raise ScaffoldError(f"{game} has no kind of card `toolkit new` can make")
    found = next((s for s in scaffolds if s.kind == kind), None)
    if found is None:
        what = f"'{kind}' is not a kind of card of {game}" if kind else "name a kind of card"
        raise ScaffoldError(f"{what}: {listed}")
    return found


def document_text(plan: Plan, schema: str) -> str:
    """The new file as the shipped files are written: the schema line for editors, the
    plan's comment, then the values in order (lists of scalars and short mappings in flow
    style where the plan says so), through ruamel.yaml as every other edit."""

    def node(value: Any, flow: bool) -> Any:
        if isinstance(value, Mapping):
            m = CommentedMap((k, node(v, flow)) for k, v in value.items())
            if flow:
                m.fa.set_flow_style()
            return m
        if isinstance(value, list | tuple):
            s = CommentedSeq(node(v, flow or isinstance(v, Mapping)) for v in value)
            if flow:
                s.fa.set_flow_style()
            return s
        return value

    tree = CommentedMap((k, node(v, k in plan.flow)) for k, v in plan.values.items())
    out = io.StringIO()
    yaml_writer(STYLES[0]).dump(tree, out)
    head = f"# yaml-language-server: $schema={schema}\n"
    head += "".join(f"# {line}\n".replace("# \n", "#\n") for line in plan.comment.splitlines())
    return head + out.getvalue()


def prepare(
    content: ContentSet, scaffold: Scaffold, params: Mapping[str, str], schemas: Path
) -> Made:
    """Plan the card and every edit, without writing: a parameter the kind does not take, a
    file that exists already, or an edit that cannot keep its file's other bytes is an error."""
    unknown = sorted(set(params) - set(scaffold.params))
    if unknown:
        raise ScaffoldError(
            f"{scaffold.kind} takes {', '.join(f'{k}=' for k in scaffold.params)}"
            f"; not {', '.join(f'{k}=' for k in unknown)}"
        )
    if not params.get("name"):
        raise ScaffoldError(f'give the new {scaffold.kind} a name: name="..."')
    plan = scaffold.plan(content, params)
    plan = replace(plan, said=(*plan.said, *_same_name(content, plan.kind, params["name"])))
    text = None
    if plan.path is not None:
        if plan.path.exists():
            raise ScaffoldError(f"{plan.path} exists already: choose another name")
        schema = os.path.relpath(
            schemas / content.game / f"{plan.kind}.schema.json", plan.path.parent
        )
        text = document_text(plan, Path(schema).as_posix())
        if _plain(yaml_writer(STYLES[0]).load(text)) != _plain(dict(plan.values)):
            raise ScaffoldError(f"internal: the new file {plan.path} would not read back")
    edited = apply_whole(plan.fixes)
    return Made(plan, text, tuple(edited))


def _same_name(content: ContentSet, kind: str, name: str) -> list[str]:
    """A word where a card of this kind already bears the name: two cards of one name read
    alike at the table (the new one is still made: it may be meant as a second copy)."""
    return [
        f"note: {doc.loc_of('name')}: a {kind} is named '{name}' already; rename one of "
        "them unless both are meant"
        for doc in content.documents.get(kind, [])
        if str(getattr(doc, "name", "")).casefold() == name.casefold()
    ]


def _plain(value: Any) -> Any:
    """Mappings and lists as plain dicts and lists, to compare what was read with what was
    meant to be written."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def write(made: Made, content: Path) -> None:
    """Write the new file and the edits, all together or none (`toolkit.edit.transaction`, journal
    in
    the content folder `content`)."""

    todo = [Change(Path(e.path), e.after.encode("utf-8")) for e in made.edited]
    if made.plan.path is not None and made.text is not None:
        todo.insert(0, Change(made.plan.path, made.text.encode("utf-8")))
    apply_all(content, todo)


def next_number(used: Sequence[int]) -> int:
    """The next free number after the highest used (numbers never reused in between)."""
    return max(used, default=0) + 1


def append_entry(
    key: str, entry: Mapping[str, Any], flow: bool = True, placeholders: Sequence[str] = ()
) -> Callable[[Any], bool]:
    """An edit adding `entry` at the end of the list `key` (a dotted path) of a file, in
    flow style like the entries around it, and its `placeholders` paths (relative to the
    entry, e.g. `ability`) to the file's `placeholders` unless a listed path covers them."""

    def edit(tree: Any) -> bool:
        seq = tree
        for part in key.split("."):
            seq = seq[part]
        m = CommentedMap(entry)
        before = seq[-1] if len(seq) and isinstance(seq[-1], Mapping) else {}
        for k, v in list(m.items()):
            if (
                isinstance(v, str)
                and type(before.get(k)) is not str
                and isinstance(before.get(k), str)
            ):  # quoted as the entry before it is
                m[k] = type(before[k])(v)
            if isinstance(v, list):
                s = CommentedSeq(v)
                s.fa.set_flow_style()
                m[k] = s
        if flow:
            m.fa.set_flow_style()
        at = len(seq)
        seq.append(m)
        add_placeholders([f"{key}.{at}.{p}" if p else f"{key}.{at}" for p in placeholders])(tree)
        return True

    return edit


def add_placeholders(paths: Sequence[str]) -> Callable[[Any], bool]:
    """An edit listing `paths` in the file's `placeholders` (those no listed path covers)."""

    def edit(tree: Any) -> bool:
        listed = tree.get("placeholders")
        todo = [p for p in paths if not _covered(p, set(listed or ()))]
        if not todo:
            return False
        if listed is None:
            listed = CommentedSeq()
            tree["placeholders"] = listed
        listed.extend(todo)
        return True

    return edit


def _covered(path: str, listed: set[str]) -> bool:
    parts = path.split(".")
    return any(".".join(parts[:i]) in listed for i in range(1, len(parts) + 1))


def set_value(key: str, value: Any) -> Callable[[Any], bool]:
    """An edit setting the value at a dotted path (`decks.faction_numbers.5.last`)."""

    def edit(tree: Any) -> bool:
        *head, last = key.split(".")
        node = tree
        for part in head:
            node = node[int(part)] if part.isdigit() else node[part]
        k: Any = int(last) if last.isdigit() else last
        if node[k] == value:
            return False
        node[k] = value
        return True

    return edit
