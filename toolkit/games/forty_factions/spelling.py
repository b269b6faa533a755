"""Names the rules print two ways (DD1 "Temple of YHWRC", DD3.3.2 "Temple of YHWHRC").

The content resolves such a name openly: the card keeps one spelling and an erratum on
its `name` quotes the other print. Every other value that spells the name (an
Otherworld, a mirror, a location, a passage on a sheet) then uses the card's spelling,
so the Otherworld, Madness and Hall of Mirrors texts agree with the card.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import toolkit.games.forty_factions.canon as canon
from toolkit.core.diagnostics import Diagnostic, error
from toolkit.games.forty_factions.index import Index
from toolkit.model.content import Document
from toolkit.validate.schema import Model, walk

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_META = {"errata", "placeholders", "sources", "waive"}


def set_aside(ix: Index) -> dict[str, str]:
    """Spellings a name erratum sets aside -> the spelling the content uses instead
    (`YHWHRC` -> `YHWRC`): the words of the print that the card's name does not have."""
    out: dict[str, str] = {}
    for f in ix.faction_list:
        for e in f.errata:
            if e.field != "name":
                continue
            kept = _WORD.findall(f.name)
            dropped = [w for w in _WORD.findall(e.printed) if w not in kept]
            extra = [w for w in kept if w not in _WORD.findall(e.printed)]
            if len(dropped) == 1 and len(extra) == 1:
                out[dropped[0]] = extra[0]
    return out


def _texts(doc: Document) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every text value of a document, with its path (the corrections themselves aside)."""
    for path, value in walk(doc):
        if path and path[0] in _META:
            continue
        if isinstance(value, str):
            yield path, value


def check(ix: Index, docs: list[Document]) -> Iterator[Diagnostic]:
    """A name printed two ways is resolved by an erratum, and spelled one way throughout."""
    for number, lines in canon.NAMES_PRINTED_TWO_WAYS.items():
        f = ix.factions.get(number)
        if f is not None and not any(e.field == "name" for e in f.errata):
            yield error(
                f.loc_of("name"),
                "FF-NAME-SPELLING",
                f"the rules print {ix.name(number)}'s name two ways ({', '.join(lines)}); "
                "keep one and quote the other in an erratum on `name`, so the choice is open",
            )
    rejected = set_aside(ix)
    if not rejected:
        return
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(rejected))) + r")\b")
    for doc in docs:
        for path, text in _texts(doc):
            m = pattern.search(text)
            if m is None:
                continue
            owner: Model = doc
            yield error(
                owner.loc_of(*path),
                "FF-NAME-SPELLING",
                f"'{text if len(text) <= 60 else text[:57] + '...'}' spells {m[1]}, the print "
                f"an erratum sets aside: the card is spelled {rejected[m[1]]}, and what names it "
                "agrees",
            )
