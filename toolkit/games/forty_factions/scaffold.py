"""`toolkit new forty-factions faction|plot name=...`: the next card of a deck.

A new faction takes the next free number and the card that number stands for: the next rank
of its expansion's last suit (King, Queen ... Ace, 3.1), a new suit when that one is full
(`suit=NAME`), or the Promo card (13.1.4); a new plot takes the next Major Arcana card of its
expansion's range (3.2: I The Magician first, 0 The Fool last). game.yaml's number range
(and suit) grow with it (13.1). Everything the rules leave to the designer (Alleyman's card,
politics, category, enemies, the location) is a placeholder.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import toolkit.games.forty_factions.canon as canon
from toolkit.check.file_names import numbered_stem
from toolkit.edit.fixes import Fix, document_path
from toolkit.edit.scaffold import (
    Plan,
    Scaffold,
    ScaffoldError,
    append_entry,
    next_number,
    set_value,
)
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, NumberRange, Plot
from toolkit.model.content import ContentSet
from toolkit.validate.sources import covers


def additive_roman(n: int) -> str:
    """The numerals the game's Major Arcana print (IIII, VIIII, XIIII, XVIIII); 0 for 0."""
    if n == 0:
        return "0"
    out = ""
    for value, letters in ((50, "L"), (10, "X"), (5, "V"), (1, "I")):
        out += letters * (n // value)
        n %= value
    return out


def _index(content: ContentSet) -> Index:
    ix = Index.build(content)
    if ix is None:
        raise ScaffoldError("game.yaml did not load: check the content first")
    return ix


def _expansion(ix: Index, params: Mapping[str, str], cards: list[Any]) -> str:
    codes = [e.code for e in ix.game.expansions]
    if "expansion" in params:
        if params["expansion"] not in codes:
            raise ScaffoldError(
                f"expansion={params['expansion']} is not one of game.yaml's "
                f"expansions ({', '.join(codes)})"
            )
        return params["expansion"]
    return max(cards, key=lambda c: c.number).expansion if cards else codes[0]


def _free_number(ranges: list[NumberRange], used: set[int], expansion: str) -> int:
    """The first number of the expansion's ranges that no card holds yet, else the next
    number after every card and range (numbers are never shared between expansions)."""
    for r in ranges:
        if expansion in r.expansions:
            free = [n for n in range(r.first, r.last + 1) if n not in used]
            if free:
                return free[0]
    return next_number([*used, *(r.last for r in ranges)])


def _range_edit(
    ix: Index,
    key: str,
    ranges: list[NumberRange],
    expansion: str,
    number: int,
    size: int | None = None,
) -> Fix:
    """Grow the expansion's range that ends just before `number`, or add one (13.1); a
    range of a fixed `size` (a Major Arcana) is added whole and never grown, nor is one the
    rules state (it cites them: 13.1.5 lists the FgF cards 101-114, not the designer's)."""
    game = document_path(ix.game)
    cited = {k for k in ix.game.sources if k.startswith(f"decks.{key}")}
    for i, r in enumerate(ranges):
        stated = any(covers(f"decks.{key}.{i}.last", k) for k in cited)
        if expansion in r.expansions and r.last == number - 1 and size is None and not stated:
            return Fix(
                game,
                f"{key}: {'+'.join(r.expansions)} now runs {r.first}-{number}",
                set_value(f"decks.{key}.{i}.last", number),
            )
        if expansion in r.expansions and r.first <= number <= r.last:
            return Fix(
                game, f"{key}: {number} is already in {r.first}-{r.last}", lambda tree: False
            )
    end = number if size is None else number + size - 1
    return Fix(
        game,
        f"{key}: a new {expansion} range {number}-{end}",
        append_entry(f"decks.{key}", {"expansions": [expansion], "first": number, "last": end}),
    )


def _placeholder_party(ix: Index, expansion: str) -> str:
    own = [p.id for p in ix.game.parties if p.expansion == expansion]
    if own:
        return own[0]
    return "independent" if "independent" in ix.parties else ix.game.parties[0].id


def _placeholder_category(ix: Index, expansion: str) -> str:
    own = [c.id for c in ix.game.categories if c.expansion == expansion]
    if own:
        return own[0]
    return "independents" if "independents" in ix.categories else ix.game.categories[0].id


def _placeholder_area(ix: Index, expansion: str) -> tuple[str, list[str]]:
    """Where the placeholder location goes: the main board's Area with the fewest Locations.
    A base-game faction's Location counts in the table of 12.2.1, which the rules fix (and
    FF-CANON holds): that is the designer's call, so it is said, not edited."""
    areas = [a for a in ix.game.areas if a.board == "main" and a.locations]
    if not areas:
        return ix.game.areas[0].id, []
    area = min(areas, key=lambda a: a.locations or 0)
    if expansion != "base":
        return area.id, []
    count = (area.locations or 0) + 1
    return area.id, [
        f"a base-game faction's Location counts in the table of 12.2.1 (FF-AREA-COUNT: "
        f"{area.name} now {count} of {area.locations}); the rules fix that table, so change it "
        "for your edition in game.yaml (with an `errata` note), or make this an expansion "
        "faction (expansion=...), whose Locations do not count (2.5)"
    ]


def plan_faction(content: ContentSet, params: Mapping[str, str]) -> Plan:
    """The next faction of an expansion (see the module's doc)."""
    ix = _index(content)
    decks = ix.game.decks
    expansion = _expansion(ix, params, ix.faction_list)
    number = _free_number(decks.faction_numbers, set(ix.factions), expansion)
    fixes: list[Fix] = []
    said: list[str] = []
    if expansion == "Promo":
        if params.get("suit"):
            raise ScaffoldError(
                "a Promo faction stands for the Promo card (13.1.4), not a suit: leave out suit="
            )
        tarot = decks.promo_card
        said.append(f"a Promo card stands for '{tarot}' (13.1.4)")
    else:
        tarot, suit_fixes, note = _next_suit_card(ix, expansion, number, params.get("suit"))
        fixes += suit_fixes
        said.append(note)
    fixes.append(_range_edit(ix, "faction_numbers", decks.faction_numbers, expansion, number))
    area, area_note = _placeholder_area(ix, expansion)
    said += area_note
    name = params["name"]
    values = {
        "number": number,
        "name": name,
        "tarot": tarot,
        "alleyman": f"not chosen yet (faction {number})",
        "expansion": expansion,
        "politics": _placeholder_party(ix, expansion),
        "category": _placeholder_category(ix, expansion),
        "enemies": [],
        "locations": [{"name": _hall(name, number), "area": area}],
        "placeholders": ["alleyman", "politics", "category", "enemies", "locations.0"],
    }
    folder = (
        Path(document_path(ix.faction_list[0])).parent
        if ix.faction_list
        else (content.root / "factions")
    )
    said.append(
        "placeholders to replace: its Alleyman's card, politics, category, enemies "
        "and location (then remove each from `placeholders`)"
    )
    return Plan(
        folder / f"{numbered_stem(number, name)}.yaml",
        "faction",
        values,
        frozenset({"enemies", "placeholders"}),
        f"{name}: a new {expansion} faction made by `toolkit new`.",
        tuple(fixes),
        (f"faction {number}, {tarot}", *said),
    )


def _next_suit_card(
    ix: Index, expansion: str, number: int, new_suit: str | None
) -> tuple[str, list[Fix], str]:
    """The card `number` stands for in `expansion`: the next rank of its last suit if that
    suit ends just before `number`, else the King of a new suit (which must be named)."""
    decks = ix.game.decks
    ranks = decks.ranks
    own = sorted((s for s in decks.suits if s.expansion == expansion), key=lambda s: s.first)
    covering = [s for s in own if s.first <= number < s.first + len(ranks)]
    if covering and not new_suit:
        suit, rank = covering[-1], ranks[number - covering[-1].first]
        return (
            f"{rank} of {suit.name}",
            [],
            f"the {rank} of the {expansion} suit {suit.name} (3.1: King, Queen ... Ace)",
        )
    if not new_suit:
        full = ", ".join(f"{s.name} {s.first}-{s.first + len(ranks) - 1}" for s in own)
        raise ScaffoldError(
            f"{expansion}'s suits are full ({full or 'it has none'}): faction {number} starts a "
            f"new suit; name it, e.g. suit=Staves (3.1: a suit numbers {len(ranks)} factions)"
        )
    if not new_suit.isalpha() or new_suit != new_suit.capitalize():  # not StavesSC
        raise ScaffoldError(
            f"suit={new_suit}: a suit's name is one capitalised word, as "
            "'Swords' (cards read 'King of Swords')"
        )
    if any(s.name.casefold() == new_suit.casefold() for s in decks.suits):
        raise ScaffoldError(f"suit={new_suit} is a suit of game.yaml already")
    fix = Fix(
        document_path(ix.game),
        f"suits: {new_suit}, {expansion}'s new suit from {number}",
        append_entry("decks.suits", {"name": new_suit, "expansion": expansion, "first": number}),
    )
    return f"{ranks[0]} of {new_suit}", [fix], f"the King of a new {expansion} suit, {new_suit}"


def plan_plot(content: ContentSet, params: Mapping[str, str]) -> Plan:
    """The next plot: the next Major Arcana card of its expansion's range (3.2, 13.1)."""
    ix = _index(content)
    decks = ix.game.decks
    expansion = _expansion(ix, params, ix.plot_list)
    number = _free_number(decks.plot_numbers, set(ix.plots), expansion)
    size = canon.ARCANA_SIZE
    fixes = [_range_edit(ix, "plot_numbers", decks.plot_numbers, expansion, number, size)]
    rng = next(
        (
            r
            for r in decks.plot_numbers
            if expansion in r.expansions and r.first <= number <= r.last
        ),
        None,
    )
    first = rng.first if rng is not None else number
    index = (number - first + 1) % size
    tarot = f"{additive_roman(index)} {decks.arcana[index]}"
    name = params["name"]
    values = {
        "number": number,
        "name": name,
        "tarot": tarot,
        "alleyman": f"not chosen yet (plot {number})",
        "expansion": expansion,
        "placeholders": ["alleyman"],
    }
    said = [
        f"plot {number}, {tarot} (card {number - first + 1} of the Major Arcana that "
        f"starts at {first}, 3.2)"
    ]
    left = first + size - 1 - number
    if left:
        said.append(
            f"a Major Arcana is complete at {size} cards (13.1): {left} more plots "
            f"({number + 1}-{first + size - 1}) before the deck checks clean; "
            "`toolkit build --draft` builds meanwhile"
        )
    folder = (
        Path(document_path(ix.plot_list[0])).parent if ix.plot_list else (content.root / "plots")
    )
    return Plan(
        folder / f"{numbered_stem(number, name)}.yaml",
        "plot",
        values,
        frozenset({"placeholders"}),
        f"{name}: a new {expansion} plot made by `toolkit new`.",
        tuple(fixes),
        tuple(said),
    )


SCAFFOLDS = (
    Scaffold(
        "faction",
        "the next faction of an expansion",
        {
            "name": "its name",
            "expansion": "expansion code (default: the last faction's)",
            "suit": "a new suit's name, when the expansion's suits are full",
        },
        plan_faction,
    ),
    Scaffold(
        "plot",
        "the next plot of an expansion",
        {"name": "its name", "expansion": "expansion code (default: the last plot's)"},
        plan_plot,
    ),
)

__all__ = ["SCAFFOLDS", "Faction", "Plot"]


def _hall(name: str, number: int) -> str:
    """A placeholder location's name: the faction's hall, within a location name's 60
    letters (a long faction name gives its number instead)."""
    hall = f"{name} Hall"
    return hall if len(hall) <= 60 else f"Faction {number} Hall"
