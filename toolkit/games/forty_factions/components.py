"""Forty Factions components: the game's figures, the places its boards reserve for a piece
(each board draws the place with `data-component` naming it), and what the rules require of
the counts: a pawn colour per player (5.6), a Totem chit for every Faction that may place
one (SC3.2.7.3) and one more by the Strongest Spirit Guide per Neutral Totem (SC3.2.7.5), a
Madness pawn per Area (DD3.3.1).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from toolkit.core.diagnostics import Diagnostic, error
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Gathering, Totem
from toolkit.model.components import (
    Components,
    Item,
    Need,
    Place,
    Setting,
    check_components,
    counts_of,
)
from toolkit.model.marks import marks

PREFIX = "FF"
# The places the boards reserve for a piece, by the board element that draws them.
PLACES = {
    "phase": Place("phase-counter", "the main board's Sequence of Play (2.1.1.2, 6)"),
    "turn": Place("game-turn-counter", "the main board's VP Track, for the Game Turn (2.1.1.3)"),
    "vp": Place("vp-marker", "the main board's VP Track (2.1.1.3, 5.6)"),
    "lap": Place("vp-lap-marker", "the main board's VP Track past its last space"),
    "location": Place("player-pawn", "the main board's Locations (2.1.1.1, 5.5.2)"),
    "seat": Place("player-pawn", "the Council and Conclave seats (2.1.2)"),
    "overlord": Place("overlord-marker", "the Council board's Overlord's place (10.2.1)"),
    "totem": Place("player-pawn", "the Gathering's Totems (SC3.2.5.1)"),
    "chits": Place("totem-chit", "the Gathering board's chits boxes (SC3.2.7.3-5)"),
    "madness": Place("madness-pawn", "the Madness Indicator (DD3.3.1)"),
}
# A player colour's mark where two colours share an initial (Blue and Black): the colour
# codes of IEC 60757, which printers and electricians read ("Bu", "Bk"), so that the pawns
# and markers of each colour read apart in black and white
COLOUR_CODES = {
    "black": "Bk",
    "blue": "Bu",
    "brown": "Bn",
    "gold": "Gd",
    "green": "Gn",
    "grey": "Gy",
    "orange": "Og",
    "pink": "Pk",
    "red": "Rd",
    "silver": "Sr",
    "turquoise": "Tq",
    "violet": "Vt",
    "white": "Wh",
    "yellow": "Ye",
}


def component_of(place: str) -> str:
    """The component a board place holds (what the board writes in `data-component`)."""
    return PLACES[place].component


def figures(ix: Index) -> dict[str, int]:
    """The game's own figures, which a count formula may use."""
    g = ix.game
    return {
        "max_players": g.players.max,
        "colours": len(g.setup.pawn_colours),
        "vp_track_max": g.vp_track.max,
        "totems": len(ix.gathering.totems) if ix.gathering else 0,
        "madness_areas": len(ix.madness.areas) if ix.madness else 0,
    }


def _listed(t: Totem) -> set[int]:
    """The Factions that control or influence a Totem: its Tribe, the rival Tribe (FgF) and
    its Influence Table row (SC3.2.5.1-2, SC3.2.6)."""
    return {t.faction, *(() if t.rival is None else (t.rival.faction,)), *t.influence}


def most_chits(g: Gathering, k: int) -> int:
    """The most chits that can lie by Totem `k` at once, over every set of Activated Factions:
    one for each Activated Faction with Influence over it (SC3.2.7.3) or over any Totem
    (SC3.2.7.3.4), then, once it is drawn the Strongest Spirit Guide, one per Neutral Totem
    (SC3.2.7.5). A contest needs a second Totem that speaks (SC3.2.7.2)."""
    listed = [_listed(t) for t in g.totems]
    mine = sorted(listed[k] | set(g.influence_any))
    others = sorted(set().union(*listed) - set(mine))
    best = 0
    for n in range(1, len(mine) + 1):
        for active in combinations(mine, n):
            speaking = {j for j, fs in enumerate(listed) if fs & set(active)}
            if k not in speaking:
                continue
            if len(speaking) == 1:  # one more Faction must Activate, which speaks the fewest
                extra = [sum(f in fs for fs in listed) for f in others]
                if not extra:
                    continue
                speaking_n = 1 + min(extra)
            else:
                speaking_n = len(speaking)
            best = max(best, n + len(g.totems) - speaking_n)
    return best


def items(ix: Index) -> dict[str, tuple[Item, ...]]:
    """Player colours (5.6), Totem animals with the chits each may need (SC3.2.7.3), the
    Areas a Madness pawn tracks (DD3.3.1)."""
    rows = ix.game.setup.pawn_colours
    names = [c.colour.capitalize() for c in rows]
    colours = tuple(
        Item(n, c.css, mark=m)
        for n, c, m in zip(names, rows, marks(names, COLOUR_CODES), strict=True)
    )
    animals: list[Item] = []
    if ix.gathering is not None:
        for k, t in enumerate(ix.gathering.totems):
            need = most_chits(ix.gathering, k)
            animals.append(Item(t.animal, "#f1e6c8", {"need": need}))
            if t.rival is not None:
                animals.append(Item(t.rival.animal, "#f1e6c8", {"need": need}))
    areas = tuple(
        Item(ix.area_by_id[a].name if a in ix.area_by_id else a, "#6a3d7a")
        for a in (ix.madness.areas if ix.madness else ())
    )
    # an Alliance has two Players or more (7.4.1): at most half the Players, each a letter
    letters = tuple(Item(chr(65 + k)) for k in range(ix.game.players.max // 2))
    return {
        "player-colours": colours,
        "totem-animals": tuple(animals),
        "areas": areas,
        "alliances": letters,
    }


def setting(ix: Index) -> Setting:
    """What the core needs to check and print Forty Factions' components."""
    f = figures(ix)
    its = items(ix)
    needs = [
        Need("player-pawn", f["colours"], "a set of Pawns for each Player colour of 5.6"),
        Need("phase-counter", 1, "a counter shows the current Phase (2.1.1.2)"),
        Need("game-turn-counter", 1, "a counter tracks the Game Turn (2.1.1.3)"),
        Need("overlord-marker", 1, "the Overlord chairs the Council (10.2.1)"),
        Need("madness-pawn", f["madness_areas"], "a Pawn tracks each Area's Madness (DD3.3.1)"),
        Need(
            "totem-chit",
            sum(i.figures["need"] for i in its["totem-animals"]),
            "every Faction with Influence over a Totem may place a chit by it (SC3.2.7.3), "
            "and the Strongest Spirit Guide gains one per Neutral Totem (SC3.2.7.5)",
        ),
    ]
    listed = (
        ("main-board", "2.1.1"),
        ("council-board", "2.1.2"),
        ("player-pawn", "2.3"),
        ("tarot-deck", "3"),
        ("faction-sheet", "4.3"),
        ("plot-sheet", "4.4"),
        ("phase-counter", "2.1.1.2"),
        ("game-turn-counter", "2.1.1.3"),
        ("d12", "SC3.2.2"),
        ("totem-chit", "SC3.2.7.3"),
        ("chit-cup", "SC3.2.7.4"),
        ("d100", "DD3.2.3"),
        ("d4", "DD3.2.4"),
        ("madness-pawn", "DD3.3.1"),
    )
    return Setting(f, its, tuple(dict.fromkeys(PLACES.values())), tuple(needs), listed)


def check(ix: Index, doc: Components | None) -> Iterator[Diagnostic]:
    """components.yaml against the rules and the boards' places; the base game's decks
    against the deal and the first Cards Phase."""
    if doc is not None:
        yield from check_components(doc, setting(ix), PREFIX)
    yield from check_decks(ix)


def hand(ix: Index, players: int) -> int:
    """Faction cards dealt to each of `players` Players (5.3.2)."""
    rows = ix.game.setup.faction_cards
    exact = [r.cards for r in rows if r.players == players]
    more = [r.cards for r in rows if r.or_more and r.players <= players]
    return (exact or more or [0])[0]


def check_decks(ix: Index) -> Iterator[Diagnostic]:
    """The base game's Factions and Plots decks (the base game is always played, 13.2.1.2)
    deal every hand for each number of Players the game allows (5.3.1-5.3.2) and still
    hold one Cards Phase's draws (6.6.3), before any card has been discarded to reshuffle."""
    g = ix.game
    setup = g.setup
    factions = sum(1 for f in ix.faction_list if f.expansion == "base")
    plots = sum(1 for p in ix.plot_list if p.expansion == "base")
    for n in range(g.players.min, g.players.max + 1):
        dealt_f, dealt_p = n * hand(ix, n), n * setup.plots_per_player
        small = n <= setup.draw.small_game_max_players
        draws = n * (
            (setup.draw.small_game_cards if small else setup.draw.cards) + setup.draw.discard_bonus
        )
        row = next((i for i, r in enumerate(setup.faction_cards) if r.players == n), None)
        if row is None:
            row = next(
                (i for i, r in enumerate(setup.faction_cards) if r.or_more and r.players <= n), 0
            )
        if factions < dealt_f:
            yield error(
                setup.loc_of("faction_cards", row),
                f"{PREFIX}-COMP-DECK",
                f"the base Factions deck holds {factions} cards; {n} Players are "
                f"dealt {hand(ix, n)} each, {dealt_f} (5.3.2)",
            )
            return
        if plots < dealt_p:
            yield error(
                setup.loc_of("plots_per_player"),
                f"{PREFIX}-COMP-DECK",
                f"the base Plots deck holds {plots} cards; {n} Players are dealt "
                f"{setup.plots_per_player} each, {dealt_p} (5.3.1)",
            )
            return
        left = factions + plots - dealt_f - dealt_p
        if left < draws:
            yield error(
                setup.loc_of("draw"),
                f"{PREFIX}-COMP-DECK",
                f"after dealing {n} Players, the base decks hold {left} cards; the "
                f"first Cards Phase may draw {draws} (6.6.3)",
            )
            return


def decks(ix: Index, doc: Components | None) -> int:
    """How many complete Tarot decks the kit prints (components.yaml `tarot-deck`, one a
    table); 1 when the list or its count is not usable (the checker reports why)."""
    if doc is None:
        return 1
    counts = counts_of(doc, setting(ix))
    return max(1, counts.get("tarot-deck", 1))
