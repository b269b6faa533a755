"""Report stage: what is left to write, per game and per card (`toolkit coverage`).

For every content file it lists the values that are still placeholders (as its
`placeholders:` names them, so the totals are `toolkit check`'s), the fields a designer
is expected to write that are empty (each content kind names them, `ContentKind.to_write`),
the fields that carry the rules' own text or numbers (a `sources:` entry, an erratum, or
an item with its own `source`), and the values that are none of these (the designer's
own, or unsourced). Files come most-to-write first. Game-independent: no rules text is
read here and no game is named.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from toolkit.core.diagnostics import project_path
from toolkit.model.content import ContentKind, ContentSet, Document
from toolkit.validate.schema import Model, fields_of
from toolkit.validate.sources import covers

META = ("placeholders", "errata", "sources", "waive", "rules_texts")  # about the file, or the game
NOT_VALUES = ("id", "source", "section")  # identifiers and references, not values


@dataclass
class CardCoverage:
    """One content file: what is a placeholder, empty, from the rules, or neither."""

    file: str
    kind: str
    name: str
    placeholders: list[str] = field(default_factory=list)
    empty: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    unsourced: list[str] = field(default_factory=list)

    @property
    def left(self) -> int:
        """Values still to write: placeholders and empty fields."""
        return len(self.placeholders) + len(self.empty)


@dataclass
class GameCoverage:
    """Every file of one game, most to write first, with the totals."""

    game: str
    cards: list[CardCoverage]
    failed: int = 0  # files that did not load (not counted)

    def totals(self) -> dict[str, int]:
        return {
            "files": len(self.cards),
            "placeholders": sum(len(c.placeholders) for c in self.cards),
            "empty": sum(len(c.empty) for c in self.cards),
            "rules": sum(len(c.rules) for c in self.cards),
            "unsourced": sum(len(c.unsourced) for c in self.cards),
        }


def _leaves(obj: Any, path: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Paths of the values a model holds that differ from their defaults (what the file
    wrote), each with whether an enclosing item gives its own `source`."""
    out: list[tuple[str, ...]] = []
    if isinstance(obj, Model):
        for fi in fields_of(type(obj)):
            if (not path and fi.name in META) or fi.name in NOT_VALUES:
                continue
            value = getattr(obj, fi.name)
            if not fi.required and value == fi.default:
                continue
            out += _leaves(value, (*path, fi.name))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _leaves(v, (*path, str(i)))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out += _leaves(v, (*path, str(k)))
    else:
        out.append(path)
    return out


def _item_sourced(doc: Document, path: tuple[str, ...]) -> bool:
    """Is the value inside an item (a passage, an area ...) that names its own source?"""
    cur: Any = doc
    for part in path[:-1]:
        cur = (
            cur[int(part)]
            if isinstance(cur, list)
            else (cur.get(part) if isinstance(cur, dict) else getattr(cur, part, None))
        )
        if isinstance(cur, Model) and getattr(cur, "source", ""):
            return True
    return False


def _head(path: str) -> str:
    """`locations.0.area` -> `locations.0`; `name` -> `name`: the part a designer edits."""
    parts = path.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 and parts[1].isdigit() else parts[0]


def card_coverage(doc: Document, kind: ContentKind) -> CardCoverage:
    """The coverage of one content file."""
    number, name = getattr(doc, "number", None), getattr(doc, "name", "")
    title = (
        " ".join(str(p) for p in (number, name) if p not in (None, "")) or Path(doc.loc.path).stem
    )
    card = CardCoverage(doc.loc.path, kind.name, title, placeholders=list(doc.placeholders))
    for fname in kind.to_write:
        value = getattr(doc, fname, None)
        if value in (None, "", [], {}) and not any(covers(fname, p) for p in doc.placeholders):
            card.empty.append(fname)
    rules: set[str] = {*doc.sources, *(e.field for e in doc.errata)}
    unsourced: set[str] = set()
    for parts in _leaves(doc, ()):
        path = ".".join(parts)
        if any(covers(path, p) for p in doc.placeholders):
            continue
        if any(covers(path, k) for k in rules):
            continue
        if _item_sourced(doc, parts):
            rules.add(_head(path))
            continue
        unsourced.add(_head(path))
    card.rules = sorted(rules, key=_natural)
    card.unsourced = sorted(unsourced - rules, key=_natural)
    return card


def _natural(path: str) -> list[tuple[int, str]]:
    """`components.2` before `components.10`."""
    return [(int(p), "") if p.isdigit() else (-1, p) for p in path.split(".")]


def game_coverage(content: ContentSet, kinds: tuple[ContentKind, ...]) -> GameCoverage:
    """Coverage of every file of one game that loaded, most left to write first."""
    cards = []
    for kind in kinds:
        for doc in content.documents.get(kind.name, []):
            cards.append(card_coverage(doc, kind))
    if content.root:  # named as the project names them, whatever the working folder
        for card in cards:
            card.file = project_path(card.file, content.root)
    cards.sort(key=lambda c: (-c.left, -len(c.unsourced), c.file))
    return GameCoverage(content.game, cards, failed=len(content.failed))


def _list(items: list[str]) -> str:
    return ", ".join(items)


def as_text(games: list[GameCoverage]) -> str:
    """A table per game: counts per file, then what is left to write in it."""
    lines: list[str] = []
    grand = 0
    for g in games:
        t = g.totals()
        grand += t["placeholders"]
        lines.append(
            f"{g.game}: {t['files']} files; {t['placeholders']} placeholders, {t['empty']} "
            f"empty fields to write, {t['rules']} fields from the rules, {t['unsourced']} "
            "values neither"
        )
        lines.append(f"  {'ph':>4} {'empty':>5} {'rules':>5} {'other':>5}  file")
        for c in g.cards:
            lines.append(
                f"  {len(c.placeholders):>4} {len(c.empty):>5} {len(c.rules):>5} "
                f"{len(c.unsourced):>5}  {c.file}  ({c.name})"
            )
            if c.placeholders:
                lines.append(f"{'':26}placeholders: {_list(c.placeholders)}")
            if c.empty:
                lines.append(f"{'':26}empty: {_list(c.empty)}")
            if c.unsourced:
                lines.append(f"{'':26}neither: {_list(c.unsourced)}")
        if g.failed:
            lines.append(
                f"  note: {g.failed} file(s) did not load and are not counted; run `toolkit check`"
            )
        lines.append("")
    word = "value is" if grand == 1 else "values are"
    lines.append(f"{grand} {word} still placeholders")
    return "\n".join(lines)


def as_json(games: list[GameCoverage]) -> str:
    """The same as JSON: per game its totals and files."""
    out = [
        {
            "game": g.game,
            "totals": g.totals(),
            "failed": g.failed,
            "files": [asdict(c) | {"left": c.left} for c in g.cards],
        }
        for g in games
    ]
    return json.dumps(out, indent=2, ensure_ascii=False)
