"""Forty Factions' part of the provenance check (`toolkit.check.provenance`): how its
rules texts number their sections, and its own ways of stating a value.

Sections: the base rules (`000`) number them `10.3.2.2.1`; Sacred Circles (`001`)
`SC3.1.3`; Doorways to Dreams (`002`) `DD3.3.4.1`, which its extraction sometimes prints
as `22` (`223.1` for DD3.1). A line of a table (a tab in it) starts none.

Values: a faction number is stated by the faction's name (or the distinctive part of it:
`DALA` for the Temple of DALA, `Snake` for the Snake Tribes) or its number; a plot number
by the plot's name; an expansion code by the cited line lying in that expansion's rules
or card list (13.1.x), or by its code or name; a yes/no field by the word that says it.
A fact of one faction (anything its file cites, apart from quoted passages) is stated
where that faction is named, and its enemies where enemies are. A name the rules misprint
(a faction's erratum) is read as the content corrects it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from toolkit.check.claims import Claim, Judge, Provenance, Spelling, Verdict, states
from toolkit.check.wording import says, says_number
from toolkit.games.forty_factions.models import Faction, Game, Plot
from toolkit.load.rules_text import Cited
from toolkit.model.content import ContentSet, Document

# which of the game's texts numbers its sections how (the numbers game.yaml gives them)
EXPANSION_TEXTS = {"SC": "001", "DD": "002"}
# the headings under which the base rules list each expansion's cards and rules
EXPANSION_SECTIONS = {
    "base": ("3",),
    "50F": ("13.1.1",),
    "SC": ("13.1.2",),
    "DD": ("13.1.3",),
    "Promo": ("13.1.4",),
    "FgF": ("13.1.5",),
}
FACTION_REFS = frozenset(
    {
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
)
BOOL_WORDS = {
    "central": ("central",),
    "faction_holds_seat": ("seat",),
    "scoring": ("vp", "count"),
    "or_more": ("≥", "or more"),
    "bracketed": ("bracket",),
    "thieves_guild": ("thieves guild",),
    "boosted": ("boost",),
}

_MARKUP = re.compile(r"</?(b|u|sup|i)>|\*+|^#+\s*|^\s*[-•]\s+")
_BASE_SECTION = re.compile(r"^(\d+(?:\.\d+)*)\.?(?=\s|$)")
_EXP_SECTION = re.compile(r"^(SC|DD)(\d+(?:\.\d+)*)\.?(?=\s|[A-Z(]|$)")
_GARBLED_DD = re.compile(r"^22(\d)?\.(\d+)?(?=\s)")  # the extraction printed "DD" as "22"


def section_of(text_id: str, line: str) -> str | None:
    """The section a line of one of the game's texts starts, if it starts one."""
    if "\t" in line:
        return None
    bare = _MARKUP.sub("", line.strip()).strip()
    bare = _MARKUP.sub("", bare).strip()  # `- **6.3 ...**`: a list mark, then bold
    if text_id not in EXPANSION_TEXTS.values():
        m = _BASE_SECTION.match(bare)
        return m[1] if m else None
    m = _EXP_SECTION.match(bare)
    if m:
        return m[1] + m[2]
    g = _GARBLED_DD.match(bare) if text_id == EXPANSION_TEXTS["DD"] else None
    if g:
        return (f"DD{g[1]}" if g[1] else "DD2") + (f".{g[2]}" if g[2] else "")
    return None


def _forms(name: str) -> set[str]:
    """A faction's name and its distinctive parts, as the rules may write it."""
    forms = {name, *[p.strip() for p in re.split(r" / |\(|\)", name) if len(p.strip()) > 3]}
    forms |= {re.sub(r"^(Temple of|The) ", "", f) for f in list(forms)}
    forms |= {re.sub(r" (Tribes|Cults)$", "", f) for f in list(forms)}
    return {f for f in forms if f}


def _lies_in(cited: tuple[Cited, ...], code: str) -> bool:
    """Is a cited line in the rules or the card list of an expansion (or the base game)?"""
    for c in cited:
        if EXPANSION_TEXTS.get(code) == c.text.id:
            return True
        if c.text.id in EXPANSION_TEXTS.values():
            continue
        for n in c.numbers:
            sec = c.text.section_at(n) or ""
            if any(sec == s or sec.startswith(s + ".") for s in EXPANSION_SECTIONS.get(code, ())):
                return True
    return False


def _misprints(factions: list[Faction]) -> dict[str, str]:
    """A word the rules print in a faction's name where its erratum corrects it -> the
    content's word (one word for one)."""
    out = {}
    for f in factions:
        for e in f.errata:
            if e.field == "name":
                old = set(e.printed.split()) - set(f.name.split())
                new = set(f.name.split()) - set(e.printed.split())
                if len(old) == len(new) == 1:
                    out[old.pop()] = new.pop()
    return out


def judge(content: ContentSet) -> Judge:
    """The game's readings, made once per run from its content."""
    factions = content.of("faction", Faction)
    names = {f.number: _forms(f.name) for f in factions}
    plots = {p.number: p.name for p in content.of("plot", Plot)}
    game = content.one("game", Game)
    expansions = {e.code: e.name for e in game.expansions} if game is not None else {}
    misprints = _misprints(factions)

    def names_faction(text: str, number: int) -> bool:
        return any(says(text, f) for f in names.get(number, ())) or says_number(text, number)

    def reading(claim: Claim) -> Verdict:
        text = claim.text
        for old, new in misprints.items():
            if old in text:
                text = re.sub(rf"\b{re.escape(old)}\b", new, text)
        claim = replace(claim, text=text) if text != claim.text else claim
        value, key = claim.value, claim.key
        if claim.quotation:
            ok = states(claim)
        elif isinstance(value, bool):
            ok = any(says(text, w) for w in BOOL_WORDS.get(key, (key.replace("_", " "),)))
        elif key in FACTION_REFS and isinstance(value, int):
            if value not in names and not content.complete:
                return True  # its file did not load (said): its name is not known here
            ok = names_faction(text, value)
        elif key == "plot" and isinstance(value, int) and "play_costs" not in claim.path:
            # a plot's number (not the cost of playing a Plot, `play_costs.plot`)
            ok = says(text, plots.get(value, "\0")) or says_number(text, value)
        elif key in ("expansion", "expansions") or (key == "code" and value in expansions):
            code = str(value)
            ok = _lies_in(claim.cited, code) or says(text, code)
            ok = ok or says(text, expansions.get(code, "\0"))
        else:
            ok = states(claim)
        return _also(claim, ok, names_faction)

    return reading


def _also(claim: Claim, ok: bool, names_faction: Callable[[str, int], bool]) -> Verdict:
    """What a passage must say besides the value: a faction's fact is stated where the
    faction is named (not on any line that happens to print the value), its enemies where
    enemies are."""
    if not ok:
        return False
    doc: Document = claim.doc
    if (
        isinstance(doc, Faction)
        and not claim.quotation
        and not names_faction(claim.text, doc.number)
    ):
        return f"{claim.refs} does not name the {doc.name}"
    if claim.key == "enemies" and "enem" not in claim.text.lower():
        return f"{claim.refs} names no enemies"
    return True


def spelling(content: ContentSet) -> Spelling:
    """How the rules write a faction or a plot the content holds by its number: by its name
    (the distinctive part too), so that a value beside it finds its line ('To the Temple of
    LAMMIA: +1VP if LoM in any Area is >=3' for `{faction: 92, min_level: 3}`)."""
    factions = {f.number: tuple(sorted(_forms(f.name))) for f in content.of("faction", Faction)}
    plots = {p.number: (p.name,) for p in content.of("plot", Plot)}

    def spelled(key: str, value: object) -> tuple[str, ...]:
        if isinstance(value, bool) or not isinstance(value, int):
            return ()
        if key in FACTION_REFS:
            return factions.get(value, ())
        return plots.get(value, ()) if key == "plot" else ()

    return spelled


def rules_texts(content: ContentSet) -> tuple[Document, dict[str, str]] | None:
    """game.yaml, and the rules texts it names."""
    game = content.one("game", Game)
    return (game, game.rules_texts) if game is not None else None


PROVENANCE = Provenance(
    texts=rules_texts,
    sections=section_of,
    judge=judge,
    not_values=frozenset({"board", "section"}),
    kit_fields={Game: frozenset({"map_art"})},  # the designer's own map of Tehmor
    spelling=spelling,
)
