"""Worldspanner components: the component table's rows against components.yaml, the
figures and lists a count may use, and the treasure decks against the table and the draws
the heroes' start loot makes (p. 4, p. 10).
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, error
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.models import TreasureDeck
from toolkit.games.worldspanner.views import faction_of
from toolkit.model.components import Components, Item, Need, Place, Setting, check_components, where

PREFIX = "WS"
TEAMS = (Item("Skyhawks", "#f4f4f4"), Item("Psiclones", "#1a1a1a"))  # p. 3: White, Black
# table rows the kit prints as pieces: each must reach the table's count (Sets 1 and 2)
PRINTED_ROWS = (
    "map-platter",
    "dome-key",
    "lith-key",
    "factions-key",
    "vista-key",
    "faction-favor-tile",
    "white-standee-base",
    "black-standee-base",
    "victory-marker",
    "yellow-victory-marker",
    "boost-marker",
    "tracker-marker",
    "gold-marker",
    "gold-five-value",
    "defeat-marker",
    "wound-marker",
    "tribute-value-marker",
    "market-tile",
    "campaign-aid-tile",
)


def items(ix: Index) -> dict[str, tuple[Item, ...]]:
    """Teams, Factions, the map's platters and keys, the heroes the kit prints."""
    g = ix.game
    pieces = g.pieces
    return {
        "teams": TEAMS,
        "factions": tuple(Item(f.name, f.colour) for f in g.factions),
        "platters": tuple(Item(p.name, "#d9cfb8") for p in pieces.platters),
        "dome-keys": tuple(Item(p.name, "#6a3d9a") for p in pieces.dome_keys),
        "lith-keys": tuple(Item(p.name, "#8c2f1e") for p in pieces.lith_keys),
        "faction-keys": tuple(Item(f.name, f.colour) for f in g.factions),
        "vista-keys": tuple(Item(v.name, "#5b7f3a") for v in pieces.vista_keys),
        "heroes": tuple(Item(h.name, faction_of(ix, h.faction).colour) for h in ix.heroes),
    }


def setting(ix: Index) -> Setting:
    """What the core needs to check and print Worldspanner's components."""
    its = items(ix)
    needs = [
        Need(
            cid,
            sum(ix.component(cid)),
            f"the component table counts "
            f"{' + '.join(map(str, ix.component(cid)))} in Sets 1 and 2 (p. 2)",
        )
        for cid in PRINTED_ROWS
    ]
    needs.append(
        Need(
            "hero-minion-standee",
            len(its["heroes"]),
            "a standee for each hero the kit prints (p. 3: 'Find the standee tile for each hero')",
        )
    )
    needs.append(Need("defeat-board", 1, "the set-up places the defeat board (p. 3, p. 18)"))
    places = (
        Place("victory-marker", "the defeat board's round track (p. 3)"),
        Place("defeat-marker", "the defeat board's Pit and Underpit (p. 18)"),
        Place("tribute-value-marker", "Lith's Chamber (p. 17)"),
    )
    figures = {"teams": 2, "heroes": len(its["heroes"])}
    listed = tuple((c.id, "p. 2 component table") for c in ix.game.components)
    return Setting(figures, its, places, tuple(needs), listed)


def check(ix: Index) -> Iterator[Diagnostic]:
    """components.yaml against the table and the boards; treasure decks against their
    counts and the heroes' start-loot draws."""
    doc = ix.components
    if doc is None:
        return
    s = setting(ix)
    yield from check_components(doc, s, PREFIX)
    yield from check_hero_deck(ix, doc)
    decks = {d.deck: d for d in ix.treasure}
    for key in ("war", "secret", "elite"):
        want = sum(ix.component(f"{key}-card"))
        deck = decks.get(key)
        if deck is None:
            yield error(
                doc.loc_of("components"),
                f"{PREFIX}-COMP-DECK",
                f"no {key.capitalize()} deck (treasure/{key}.yaml): the table counts "
                f"{want} cards, and heroes draw start loot from it (p. 3)",
            )
            continue
        yield from _deck_size(ix, key, deck, want)


def _deck_size(ix: Index, key: str, deck: TreasureDeck, want: int) -> Iterator[Diagnostic]:
    """A treasure deck holds the component table's count, no card more or fewer (a deck the
    table does not count is not the game's), and enough for the set-up's draws."""
    size = sum(c.copies for c in deck.cards)
    # two full teams of the largest squad draw their start loot, then the market's card
    biggest = max((getattr(h.start_loot, key) for h in ix.heroes), default=0)
    draws = 2 * 9 * biggest + 1
    name = key.capitalize()
    if size < draws:
        yield error(
            deck.loc_of("cards"),
            f"{PREFIX}-COMP-DECK",
            f"the {name} deck holds {size} cards; the component table counts {want} "
            f"(p. 2), and two teams of 9 heroes drawing up to {biggest} each at set-up, "
            f"plus the market's card, take {draws} (p. 3)",
        )
    elif size != want:
        yield error(
            deck.loc_of("cards"),
            f"{PREFIX}-COMP-DECK",
            f"the {name} deck holds {size} cards, {abs(size - want)} "
            f"{'more' if size > want else 'fewer'} than the {want} the component table "
            "counts in Sets 1 and 2 (p. 2): each card's `copies` add up to the table's count",
        )


def check_hero_deck(ix: Index, doc: Components) -> Iterator[Diagnostic]:
    """The hero deck deals the usual game (p. 3: '8 otherwise', the designs' default): each
    team its heroes and six more to discard ('deal 12 cards to each team when playing 6
    heroes')."""
    g = ix.game
    heroes = len(ix.heroes)  # every hero file (one naming no faction is told by WS-REF)
    usual = min((d.default_heroes for d in g.designs), default=0)
    extra = next((st.value - st.heroes for st in g.stated if st.kind == "dealt"), 6)
    need = 2 * (usual + extra)
    if heroes < need:
        yield error(
            where(doc, "hero-card"),
            f"{PREFIX}-COMP-DECK",
            f"the hero deck holds {heroes} heroes; the usual game deals each of the "
            f"two teams {usual} heroes and {extra} more to discard, {need} "
            "(p. 3)",
        )
