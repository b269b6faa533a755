"""Checks on game.yaml: the rulebook's fixed numbers, the component table, the map
designs and the rulebook's own arithmetic (p. 2-7, p. 16)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import toolkit.games.worldspanner.canon as canon
import toolkit.games.worldspanner.held as held
from toolkit.core.diagnostics import Diagnostic, Loc, Note, error
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.models import Design


def check_canon(ix: Index) -> Iterator[Diagnostic]:
    """The numbers the rulebook fixes (WS-CANON)."""
    yield from _canon_pieces(ix)
    yield from _canon_deal(ix)


def _differs(
    loc: Loc, what: str, have: object, want: object, page: str, notes: list[Note] | None = None
) -> Diagnostic:
    """WS-CANON: a number the rulebook fixes, given otherwise."""
    return error(
        loc, "WS-CANON", f"{what} is {have}; the rulebook fixes {want} ({page})", notes or []
    )


def _canon_pieces(ix: Index) -> Iterator[Diagnostic]:
    """The factions, the ratings' ranges and the challenge card's range and faces (p. 6,
    p. 14)."""
    g = ix.game
    if len(g.factions) != canon.FACTIONS:
        yield _differs(
            g.loc_of("factions"), "the number of factions", len(g.factions), canon.FACTIONS, "p. 6"
        )
    for i, r in enumerate(g.ratings):
        want = canon.WOUND_RANGE if r.id == "wound" else canon.RATING_RANGE
        if (r.min, r.max) != want:
            yield _differs(
                g.loc_of("ratings", i),
                f"{r.name}'s range",
                f"{r.min}-{r.max}",
                f"{want[0]}-{want[1]}",
                "p. 6",
            )
    c = g.challenge
    if (c.min_difference, c.max_difference) != canon.DIFFERENCE_RANGE:
        yield _differs(
            held.range_at(ix),
            "the difference range",
            f"{c.min_difference}..{c.max_difference}",
            "-6..+6",
            "p. 14",
            held.range_notes(ix),
        )
    if tuple(o.id for o in c.outcomes) != canon.OUTCOMES:
        yield _differs(
            c.loc_of("outcomes"),
            "the faces, best first",
            [o.id for o in c.outcomes],
            list(canon.OUTCOMES),
            "p. 14",
        )


def _canon_deal(ix: Index) -> Iterator[Diagnostic]:
    """The game lengths, the heroes dealt and brought on, and the heroes per team (p. 3,
    p. 7)."""
    g = ix.game
    for i, length in enumerate(g.lengths):
        want_rounds = canon.ROUNDS.get(length.id)
        if want_rounds is not None and length.rounds != want_rounds:
            yield _differs(
                g.loc_of("lengths", i, "rounds"),
                f"the {length.name} game",
                f"{length.rounds} rounds",
                f"{want_rounds}",
                "p. 3",
            )
    if g.deal.extra != canon.EXTRA_DEALT:
        yield _differs(
            g.deal.loc_of("extra"),
            "the extra heroes dealt",
            g.deal.extra,
            canon.EXTRA_DEALT,
            "p. 3",
            held.deal_notes(ix, "extra"),
        )
    if g.deal.reinforce_divisor != canon.REINFORCE_DIVISOR:
        yield _differs(
            g.deal.loc_of("reinforce_divisor"),
            "the Reinforce share",
            f"1/{g.deal.reinforce_divisor}",
            "1/3",
            "p. 7",
            held.deal_notes(ix, "reinforce_divisor"),
        )
    for key in ("intro", "normal", "three_players"):
        yield from _heroes_in_a_design(ix, getattr(g.deal, key), g.deal.loc_of(key))


def _heroes_in_a_design(ix: Index, n: int, loc: Loc) -> Iterator[Diagnostic]:
    standard = next((d for d in ix.game.designs if d.id == "standard"), None)
    if standard and not standard.heroes[0] <= n <= standard.heroes[1]:
        yield error(
            loc,
            "WS-DESIGN",
            f"{n} heroes per team is outside the standard build's "
            f"{standard.heroes[0]}-{standard.heroes[1]}",
        )


def check_unique(ix: Index) -> Iterator[Diagnostic]:
    """Ids in game.yaml are unique within their list (WS-UNIQUE)."""
    g = ix.game
    lists = {
        "factions": g.factions,
        "ratings": g.ratings,
        "designs": g.designs,
        "lengths": g.lengths,
        "components": g.components,
    }
    pieces = [*g.pieces.platters, *g.pieces.dome_keys, *g.pieces.lith_keys, *g.pieces.vista_keys]
    for name, items in lists.items():
        counts = Counter(x.id for x in items)
        for i, x in enumerate(items):
            if counts[x.id] > 1:
                yield error(
                    g.loc_of(name, i, "id"),
                    "WS-UNIQUE",
                    f"id '{x.id}' is used {counts[x.id]} times in `{name}`",
                )
    counts = Counter(p.id for p in pieces)
    for p in pieces:
        if counts[p.id] > 1:
            yield error(p.loc_of("id"), "WS-UNIQUE", f"map piece id '{p.id}' is used twice")
    decks = Counter(q.faction for q in ix.quests)
    for q in ix.quests:
        if q.faction not in ix.factions:
            yield error(
                q.loc_of("faction"),
                "WS-REF",
                f"quest deck for '{q.faction}', which is not a faction of game.yaml",
            )
        elif decks[q.faction] > 1:
            yield error(
                q.loc_of("faction"),
                "WS-UNIQUE",
                f"{ix.faction_name(q.faction)} has {decks[q.faction]} quest decks; "
                "each Faction key has one (p. 4)",
            )


def check_components(ix: Index) -> Iterator[Diagnostic]:
    """Pieces per set against the component table; content within its counts (p. 2)."""
    g = ix.game
    nsets = len(g.sets)
    for i, comp in enumerate(g.components):
        if len(comp.counts) != nsets:
            yield error(
                g.loc_of("components", i, "counts"),
                "WS-COMPONENTS",
                f"{comp.name} gives {len(comp.counts)} counts for {nsets} sets",
            )
    per_set = {
        "map-platter": (g.pieces.platters, "pieces.platters"),
        "dome-key": (g.pieces.dome_keys, "pieces.dome_keys"),
        "lith-key": (g.pieces.lith_keys, "pieces.lith_keys"),
        "vista-key": (g.pieces.vista_keys, "pieces.vista_keys"),
        "factions-key": (g.factions, "factions"),
        "faction-favor-tile": (g.factions, "factions"),  # p. 16: each Faction key has a tile
    }
    for cid, (items, where) in per_set.items():
        want = ix.component(cid)
        have = [sum(1 for x in items if x.set == s.number) for s in g.sets]
        if have != want:
            yield error(
                g.loc_of(*where.split(".")),
                "WS-COMPONENTS",
                f"{where} holds {have} per set; the component table has {want} "
                f"{cid.replace('-', ' ')}s (p. 2)",
            )
    heroes = [sum(1 for h in ix.heroes if h.set == s.number) for s in g.sets]
    for s, n, cap in zip(g.sets, heroes, ix.component("hero-card"), strict=False):
        if n > cap:
            extra = next(h for h in reversed(ix.heroes) if h.set == s.number)
            yield error(
                extra.loc_of("set"),
                "WS-COMPONENTS",
                f"{n} heroes are in {s.name}, which has {cap} hero cards (p. 2)",
            )
    quests = sum(len(q.cards) for q in ix.quests)
    if ix.quests and quests > sum(ix.component("quest-card")):
        yield error(
            ix.quests[-1].loc_of("cards"),
            "WS-COMPONENTS",
            f"{quests} quest cards; the sets have {sum(ix.component('quest-card'))}",
        )
    for deck in ix.challenges:
        cap = sum(ix.component(f"{deck.team}-challenge-card"))
        if len(deck.cards) > cap:
            yield error(
                deck.loc_of("cards"),
                "WS-COMPONENTS",
                f"{len(deck.cards)} {deck.team} challenge cards; the sets have {cap}",
            )


Problem = tuple[tuple[str | int, ...], str, str]  # (path in the design, code, message)


def _design_problems(ix: Index, d: Design) -> Iterator[Problem]:
    """Everything wrong with one map design, in the order the checker reports it."""
    yield from _design_layout(d)
    yield from _design_heroes(ix, d)
    yield from _design_sets(ix, d)


def _design_layout(d: Design) -> Iterator[Problem]:
    """Slots for every key and platter, sections that each hold an adventure key and a
    Dome key (p. 4), one piece a cell."""
    keys = d.faction_keys + d.dome_keys + d.lith_keys + d.vista_keys
    if len(d.layout) != keys:
        yield (
            ("layout",),
            "WS-DESIGN",
            (
                f"{d.name} has {len(d.layout)} key slots for {keys} keys ({d.faction_keys} "
                f"Faction + {d.dome_keys} Dome + {d.lith_keys} Lith + {d.vista_keys} Vista)"
            ),
        )
    if len(d.platter_layout) != d.platters:
        yield (
            ("platter_layout",),
            "WS-DESIGN",
            (f"{d.name} has {len(d.platter_layout)} platter places for {d.platters} platters"),
        )
    yield from _design_sections(d)
    cells = Counter((s.q, s.r) for s in d.layout)
    cells.update((c[0], c[1]) for p in d.platter_layout for c in p.cells if len(c) == 2)
    for cell, n in cells.items():
        if n > 1:
            yield ("layout",), "WS-DESIGN", f"{d.name} puts {n} pieces on cell {cell}"


def _design_sections(d: Design) -> Iterator[Problem]:
    """The slots' sections run 1..n; on a split map, each can hold an adventure key and a
    Dome key (p. 4)."""
    sections = sorted({s.section for s in d.layout})
    if sections != list(range(1, d.sections + 1)):
        yield (
            ("sections",),
            "WS-DESIGN",
            (f"{d.name} has {d.sections} section(s) but its slots use sections {sections}"),
        )
    elif d.sections > 1:
        for sec in sections:
            if sum(1 for s in d.layout if s.section == sec) < 2:
                yield (
                    ("layout",),
                    "WS-DESIGN",
                    (
                        f"section {sec} of {d.name} cannot hold an adventure key and a Dome key "
                        "(p. 4)"
                    ),
                )
        if d.dome_keys < d.sections or d.faction_keys + d.lith_keys < d.sections:
            yield (
                ("sections",),
                "WS-DESIGN",
                (f"{d.name} has too few Dome or adventure keys for {d.sections} sections (p. 4)"),
            )


def _design_heroes(ix: Index, d: Design) -> Iterator[Problem]:
    """The default heroes within the design's range; its stated Reinforce a third of them,
    rounded up (p. 7)."""
    lo, hi = d.heroes
    if not lo <= d.default_heroes <= hi:
        yield (
            ("default_heroes",),
            "WS-DESIGN",
            (f"{d.default_heroes} heroes is outside {d.name}'s {lo}-{hi}"),
        )
    if d.reinforce:
        divisor = held.reinforce_divisor(ix)
        for n in (lo, hi):
            if canon.reinforce(n, divisor) != d.reinforce:
                yield (
                    ("reinforce",),
                    "WS-DESIGN",
                    (
                        f"{d.name} states {d.reinforce} heroes per Reinforce; a third of {n}, "
                        f"rounded up, is {canon.reinforce(n, divisor)} (p. 7)"
                    ),
                )


def _design_sets(ix: Index, d: Design) -> Iterator[Problem]:
    """The sets the design needs exist and hold the pieces it draws."""
    for s in d.sets:
        if not 1 <= s <= len(ix.game.sets):
            yield ("sets",), "WS-REF", f"{d.name} needs Set {s}, which game.yaml does not list"
    fit = (
        ("map-platter", "platters", "platters"),
        ("factions-key", "faction_keys", "Faction keys"),
        ("dome-key", "dome_keys", "Dome keys"),
        ("lith-key", "lith_keys", "Lith keys"),
        ("vista-key", "vista_keys", "Vista keys"),
    )
    for cid, name, what in fit:
        n, have = getattr(d, name), ix.in_sets(cid, d.sets)
        if n > have:
            sets = " and ".join(f"Set {s}" for s in d.sets)
            yield (name,), "WS-DESIGN-FIT", f"{d.name} draws {n} {what}; {sets} contain {have}"


def check_designs(ix: Index) -> Iterator[Diagnostic]:
    """Every map design adds up and fits its sets (WS-DESIGN, WS-DESIGN-FIT)."""
    for d in ix.game.designs:
        for path, code, message in _design_problems(ix, d):
            yield error(d.loc_of(*path), code, message)


_STATED = {
    "actions": "hero actions in a {rounds}-round, {heroes}-hero game",
    "dealt": "hero cards dealt to a team of {heroes}",
    "reinforce": "heroes brought on in round 1 with {heroes} a team",
}
_RULE = {
    "actions": "Reinforce bringing on 1/{divisor} of the heroes a round, rounded up",
    "dealt": "the team's {heroes} and {extra} more",
    "reinforce": "1/{divisor} of {heroes}, rounded up",
}


def check_stated(ix: Index) -> Iterator[Diagnostic]:
    """Recompute the rulebook's derived numbers from its rules (WS-STATED): the value is
    told with the number the rules give and the rulebook's own sentence, which states it."""
    for s in ix.game.stated:
        got = held.recompute(ix, s)
        if got != s.value:
            facts = {
                "rounds": s.rounds,
                "heroes": s.heroes,
                "divisor": held.reinforce_divisor(ix),
                "extra": held.extra_dealt(ix),
            }
            yield error(
                s.loc_of("value"),
                "WS-STATED",
                f"{_STATED[s.kind].format(**facts)}: {s.value} here, but the rules give {got} "
                f"({_RULE[s.kind].format(**facts)}), and the rulebook says so ({s.source}): "
                f"{s.text!r}",
            )
