"""The Alleyman's Tarot (3.2, 13.1): no card of it stands for two cards, and its cards
written numeral first carry their Major Arcana numerals; and Roman numerals, shared with
the decks' checks."""

from __future__ import annotations

import re
from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, error
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, Plot

_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
NUMERAL = re.compile(r"0|[IVXLC]+")


def roman(numeral: str) -> int | None:
    """Value of a Roman numeral, additive (IIII, VIIII) or subtractive (IV, IX); 0 for "0"."""
    if numeral == "0":
        return 0
    if not re.fullmatch(r"[IVXLC]+", numeral) or re.search(r"(.)\1{4}", numeral):
        return None
    total = 0
    for i, ch in enumerate(numeral):
        v = _ROMAN[ch]
        nxt = _ROMAN[numeral[i + 1]] if i + 1 < len(numeral) else 0
        total += -v if v < nxt else v
    return total


_ARABIC = re.compile(r"\d+")
_QUALIFIER = re.compile(r"\s*(\([^)]*\)|,.*)$")  # "(b2)", ", Sigil", ", II" after the name


def _arcana_key(name: str) -> str:
    """`The Strength` and `Strength`, `Judgement` and `judgement`: one key."""
    name = name.strip().casefold()
    return name[4:] if name.startswith("the ") else name


def alleyman_numeral(ix: Index, card: str) -> tuple[str, int, str, int] | None:
    """An Alleyman's card written numeral first and naming a Major Arcana card: (numeral,
    its value, the card, the card's place in the Alleyman's order); None otherwise."""
    head, _, rest = card.partition(" ")
    value = roman(head) if NUMERAL.fullmatch(head) else None
    if value is None and _ARABIC.fullmatch(head):
        value = int(head)
    if value is None or not rest:
        return None
    decks = ix.game.decks
    order = decks.alleyman_arcana or decks.arcana
    aliases = {_arcana_key(k): v for k, v in decks.arcana_aliases.items()}
    name = _QUALIFIER.sub("", rest)
    key = _arcana_key(aliases.get(_arcana_key(name), name))
    places = [i for i, n in enumerate(order) if _arcana_key(n) == key]
    if not places:
        return None
    return head, value, order[places[0]], places[0]


def check_alleyman_numerals(ix: Index) -> Iterator[Diagnostic]:
    """An Alleyman's card written numeral first carries the numeral of its Major Arcana card
    in the Alleyman's order (3.2, 13.1), as the plots' tarot numerals do (FF-DECK-NUMERAL)."""
    order = "the Alleyman's" if ix.game.decks.alleyman_arcana else "the"
    cards: list[Faction | Plot] = [*ix.faction_list, *ix.plot_list]
    for c in cards:
        hit = alleyman_numeral(ix, c.alleyman)
        if hit is None:
            continue
        numeral, value, card, place = hit
        if value != place:
            yield error(
                c.loc_of("alleyman"),
                "FF-DECK-ALLEYMAN-NUMERAL",
                f"'{c.alleyman}': {card} is card {place} of {order} Major Arcana, but it is "
                f"numbered {numeral}{'' if numeral.isdigit() else f' ({value})'}; correct it "
                "and record the printed card in `errata`",
            )


def check_alleyman(ix: Index) -> Iterator[Diagnostic]:
    """One Alleyman's Tarot serves the whole game: no card of it stands for two cards."""
    used: dict[str, str] = {}
    cards: list[Faction | Plot] = [*ix.faction_list, *ix.plot_list]
    for c in cards:
        kind = "faction" if isinstance(c, Faction) else "plot"
        key = c.alleyman.casefold()
        if key in used:
            yield error(
                c.loc_of("alleyman"),
                "FF-DECK-ALLEYMAN",
                f"Alleyman's card '{c.alleyman}' already stands for {used[key]}",
            )
        else:
            used[key] = f"{kind} {c.number} ({c.name})"
