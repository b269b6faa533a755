"""Provenance of content values, judged against the rules texts (read by `rules_text`).

Every value a content file writes is, for this check, one of:

- a placeholder (under a path its file lists in `placeholders:`);
- corrected by an erratum (its `printed` text must stand at the erratum's `source`);
- sourced: under a key of the file's `sources:` map, or inside an item with its own
  `source` (a passage, an area, a party ...), and then the cited text must state it;
- unsourced: none of these.

"State it" is read plainly and independently of the toolkit: a name or other text is
found word for word in the cited lines (case, markup, punctuation and plural endings
aside); a number as digits or a word ("Forty"); a faction number as the faction's name
(or its distinctive part, `DALA` for `Temple of DALA`) or number; an id by its name in
game.yaml; an expansion code by the cited line lying in that expansion's rules or list;
a passage under `rules:` as a quotation (cuts marked `…`); other passages by most of
their words. Identifiers (`id`), references themselves (`source`, `section`) and which
of the kit's boards draws an area (`board`) are not values of the rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tests.support.rules_text import (
    GAME_TEXTS,
    Cited,
    lines,
    normal,
    resolve_all,
    says,
    says_number,
    section_at,
)

META = {"placeholders", "errata", "sources", "waive"}
NOT_VALUES = {"id", "source", "section", "board"}
# An item of `components.yaml` is the kit's bill of materials: its `source` cites the rule
# that puts the component on the table (`component_citation_problems` checks it names a
# section), and the rest (label, how many the kit prints, as which piece, or that players
# bring it) is the kit's choice, checked against the content by the toolkit's COMP checks.
KIT_FIELDS = {
    "name",
    "count",
    "kind",
    "supply",
    "printed_by",
    "piece",
    "implied",
    "note",
    "each",
    "need",
}
FACTION_REFS = {
    "enemies",
    "faction",
    "factions",
    "influence",
    "influence_any",
    "circles",
    "scoring_factions",
    "shared_with",
    "lesser_holders",
}
# The headings under which the base rules list each expansion's cards and rules.
EXPANSION_SECTIONS = {
    "base": ("3",),
    "50F": ("13.1.1",),
    "SC": ("13.1.2",),
    "DD": ("13.1.3",),
    "Promo": ("13.1.4",),
    "FgF": ("13.1.5",),
}
EXPANSION_TEXTS = {"SC": "001", "DD": "002"}
BOOL_WORDS = {
    "central": ("central",),
    "faction_holds_seat": ("seat",),
    "scoring": ("vp", "count"),
    "or_more": ("≥", "or more"),
    "bracketed": ("bracket",),
    "thieves_guild": ("thieves guild",),
    "boosted": ("boost",),
}
_STOPWORDS = (
    "the a an of and or to in on is are be by for as at it its if this that with which from "
    "may not their his her they them he she each any all only"
)
STOP = frozenset(_STOPWORDS.split())


@dataclass
class Value:
    """One written value: its file, dotted path and the text it must be judged by."""

    file: Path
    path: str
    value: Any
    state: str  # placeholder | erratum | sourced | unsourced
    refs: str = ""  # the reference list it is judged by
    key: str = ""  # the field name that says what kind of value it is
    passage: str = ""  # "rules" for a quotation, "prose" for other passages
    subject: int | None = None  # the faction a faction file describes


def _leaves(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    if isinstance(node, dict):
        for k, v in node.items():
            if not path and k in META:
                continue
            if k in NOT_VALUES:
                continue
            if len(path) == 2 and path[0] == "components" and k in KIT_FIELDS:
                continue
            yield from _leaves(v, (*path, str(k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _leaves(v, (*path, str(i)))
    else:
        yield path, node


def _under(path: str, marked: str) -> bool:
    return path == marked or path.startswith(marked + ".")


def _item_source(doc: dict[str, Any], parts: tuple[str, ...]) -> tuple[str, str] | None:
    """The `source` of the innermost item around a value, and that item's field name."""
    node: Any = doc
    found = None
    for i, part in enumerate(parts[:-1]):
        node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, dict) and isinstance(node.get("source"), str) and node["source"]:
            field = next((p for p in reversed(parts[: i + 1]) if not p.isdigit()), "")
            found = (node["source"], field)
    return found


def values(file: Path, doc: dict[str, Any]) -> Iterator[Value]:
    """Every value a content file writes, with how it claims to be known."""
    placeholders = doc.get("placeholders") or []
    errata = [e["field"] for e in doc.get("errata") or []]
    sources: dict[str, str] = doc.get("sources") or {}
    subject = doc.get("number") if file.parent.name == "factions" else None
    for parts, value in _leaves(doc):
        path = ".".join(parts)
        key = next((p for p in reversed(parts) if not p.isdigit()), "")
        if any(_under(path, p) for p in placeholders):
            yield Value(file, path, value, "placeholder", key=key)
            continue
        if any(_under(path, e) for e in errata):
            yield Value(file, path, value, "erratum", key=key)
            continue
        claimed = [r for p, r in sources.items() if _under(path, p)]
        item = _item_source(doc, parts)
        passage = ""
        if parts[-1] == "text" and item is not None:
            passage = "rules" if item[1] == "rules" else "prose"
        if claimed:
            yield Value(file, path, value, "sourced", claimed[-1], key, passage, subject)
        elif item is not None:
            yield Value(file, path, value, "sourced", item[0], key, passage, subject)
        else:
            yield Value(file, path, value, "unsourced", key=key)


# ----------------------------------------------------------------------------- judging


class Names:
    """What ids and faction numbers are called, from the game's own content."""

    def __init__(self, game_dir: Path) -> None:
        self.ids: dict[str, str] = {}
        self.factions: dict[int, str] = {}
        self.plots: dict[int, str] = {}
        self.substitutions: dict[str, str] = {}  # printed spelling -> the content's
        game_file = game_dir / "game.yaml"
        game = yaml.safe_load(game_file.read_text(encoding="utf-8")) if game_file.exists() else {}
        for listed in ("areas", "parties", "categories", "provinces", "factions", "houses"):
            for item in (game or {}).get(listed) or []:
                if isinstance(item, dict) and "id" in item and "name" in item:
                    self.ids[str(item["id"])] = str(item["name"])
        for item in (game or {}).get("expansions") or []:
            self.ids[item["code"]] = item["name"]
        for f in sorted((game_dir / "plots").glob("*.yaml")):
            d = yaml.safe_load(f.read_text(encoding="utf-8"))
            self.plots[d["number"]] = d["name"]
        for f in sorted((game_dir / "factions").glob("*.yaml")):
            d = yaml.safe_load(f.read_text(encoding="utf-8"))
            self.factions[d["number"]] = d["name"]
            for e in d.get("errata") or []:
                if e["field"] == "name":
                    old = set(e["printed"].split()) - set(d["name"].split())
                    new = set(d["name"].split()) - set(e["printed"].split())
                    if len(old) == len(new) == 1:
                        self.substitutions[old.pop()] = new.pop()

    def faction_says(self, text: str, number: int) -> bool:
        name = self.factions.get(number, "")
        forms = {name, *[p.strip() for p in re.split(r" / |\(|\)", name) if len(p.strip()) > 3]}
        forms |= {re.sub(r"^(Temple of|The) ", "", f) for f in list(forms)}
        forms |= {re.sub(r" (Tribes|Cults)$", "", f) for f in list(forms)}
        return any(says(text, f) for f in forms if f) or says_number(text, number)


def _lies_in(cited: list[Cited], code: str) -> bool:
    """Is a cited line in the rules or the card list of an expansion (or the base game)?"""
    for c in cited:
        if EXPANSION_TEXTS.get(code) == c.text_id:
            return True
        if c.text_id != "000":
            continue
        for n in c.numbers:
            sec = section_at("000", n) or ""
            if any(sec == s or sec.startswith(s + ".") for s in EXPANSION_SECTIONS.get(code, ())):
                return True
    return False


def _quoted(text: str, cited: str) -> bool:
    """Is `text` a quotation of `cited` (each piece between `…` cuts found in it, in order)?
    A symbol (♠) is looked for as it is."""
    if not normal(text).strip():
        return bool(text.strip()) and text.strip() in cited
    where = normal(cited)
    at = 0
    for piece in text.split("…"):
        p = normal(piece).strip()
        if not p:
            continue
        hit = where.find(" " + p + " ", at)
        if hit < 0:
            return False
        at = hit + len(p)
    return True


def _words(text: str) -> set[str]:
    return {w for w in normal(text).split() if len(w) > 3 and w not in STOP and w.isalpha()}


def judge(v: Value, game: str, names: Names) -> str | None:
    """Why the cited text does not support the value, or None when it does."""
    cited = resolve_all(game, v.refs)
    if not cited or any(c is None for c in cited):
        return f"cites {v.refs!r}, which names no line or section of {game}'s rules"
    found = [c for c in cited if c is not None]
    text = "\n".join(c.text for c in found)
    for old, new in names.substitutions.items():
        text = re.sub(rf"\b{re.escape(old)}\b", new, text)
    value = v.value
    ok: bool
    if v.passage == "rules":
        ok = _quoted(str(value), text)
    elif v.passage == "prose":
        words = _words(str(value))
        ok = bool(words) and len(words & _words(text)) >= 0.6 * len(words)
    elif isinstance(value, bool):
        ok = any(says(text, w) for w in BOOL_WORDS.get(v.key, (v.key.replace("_", " "),)))
    elif v.key in FACTION_REFS and isinstance(value, int):
        ok = names.faction_says(text, value)
    elif v.key == "plot" and isinstance(value, int):  # a plot by number: its name is printed
        ok = says(text, names.plots.get(value, "\0")) or says_number(text, value)
    elif isinstance(value, (int, float)):
        ok = says_number(text, value)
    elif v.key in ("expansion", "expansions") or (v.key == "code" and value in names.ids):
        code = str(value)
        ok = _lies_in(found, code) or says(text, code) or says(text, names.ids.get(code, "\0"))
    else:
        s = str(value)
        ok = (
            says(text, s)
            or says(text, names.ids.get(s, "\0"))
            or says(text, s.replace("-", " "))
            or _quoted(s, text)
        )
    if ok and v.subject is not None and not v.passage and not names.faction_says(text, v.subject):
        # a faction's fact is stated where the faction is named, not on any line that
        # happens to print the value
        return f"{v.value!r} is cited to {v.refs}, which does not name the faction"
    if ok and v.key == "enemies" and "enem" not in text.lower():
        return f"{v.value!r} is cited to {v.refs}, which names no enemies"
    if ok:
        return None
    return f"{v.value!r} is not stated at {v.refs}"


def errata_problems(file: Path, doc: dict[str, Any], game: str) -> Iterator[str]:
    """An erratum's `printed` text stands at its `source`."""
    for e in doc.get("errata") or []:
        cited = resolve_all(game, e["source"])
        if not cited or any(c is None for c in cited):
            yield f"{file.name}: erratum for {e['field']} cites {e['source']!r}, no line of it"
            continue
        text = "\n".join(c.text for c in cited if c is not None)
        printed = e["printed"]
        if not (says(text, printed) or _quoted(printed, text)):
            yield f"{file.name}: erratum for {e['field']}: {printed!r} not printed at {e['source']}"


_CITED_QUOTE = re.compile(r"'([^']{8,}?)'\s*\(((?:\d{3}:|L)\d+(?:-\d+)?)\)")
_CITATION = re.compile(r"(?<![\w:])(\d{3}:\d+(?:-\d+)?|L\d+(?:-\d+)?)(?![\w:])")


def citation_problems(file: Path, doc: dict[str, Any], game: str) -> Iterator[str]:
    """A line cited in a waiver's reason, an erratum's or a component's note exists, and a quotation
    followed by a citation, `'...' (L267)`, stands on the lines it cites."""
    texts = [(f"waiver of {w.get('rule')}", w.get("reason", "")) for w in doc.get("waive") or []]
    texts += [(f"erratum note on {e['field']}", e.get("note", "")) for e in doc.get("errata") or []]
    texts += [
        (f"note on component {c.get('id')}", c.get("note", "")) for c in doc.get("components") or []
    ]
    for what, text in texts:
        for m in _CITATION.finditer(text):
            (c,) = resolve_all(game, m[1])
            if c is None or not c.text.strip():
                yield f"{file.name}: the {what} cites {m[1]}, which is no line of the rules"
        for m in _CITED_QUOTE.finditer(text):
            (c,) = resolve_all(game, m[2])
            if c is not None and not _quoted(m[1].replace("...", "…"), c.text):
                line = _find_line(game, m[1])
                where = f" (it is at {line})" if line else ""
                yield (
                    f"{file.name}: the {what} quotes '{m[1][:50]}' at {m[2]}, which does "
                    f"not print it{where}"
                )


def component_citation_problems(file: Path, doc: dict[str, Any], game: str) -> Iterator[str]:
    """Each component's `source` names sections or lines of the game's rules."""
    for i, item in enumerate(doc.get("components") or []):
        source = str(item.get("source", ""))
        refs = [r.strip() for r in source.split(",") if r.strip()]
        for ref, c in zip(refs, resolve_all(game, source), strict=True):
            # the Worldspanner rulebook's text has no page marks: a page is not checkable
            if c is None and not re.fullmatch(r"p\. \d+", ref):
                yield f"{file.name}:components.{i}: cites '{ref}', which is no section"


def _find_line(game: str, quote: str) -> str:
    for text_id in GAME_TEXTS[game]:
        for n, line in enumerate(lines(text_id), 1):
            if _quoted(quote.replace("...", "…"), line):
                return f"{text_id}:{n}"
    return ""


def content_files(game_dir: Path) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Every YAML content file of a game, parsed (PyYAML, apart from the toolkit)."""
    for f in sorted(game_dir.rglob("*.yaml")):
        yield f, yaml.safe_load(f.read_text(encoding="utf-8"))
