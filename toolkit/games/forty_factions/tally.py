"""The companion page's tally data: every decision the tally shows, tabulated by calling the
rules procedures, so the page's script only adds, ranks and looks up (the rules are written
once, here in Python). The page is offline: this data is embedded in it as JSON."""

from __future__ import annotations

from itertools import combinations

from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Area, Council, Party
from toolkit.games.forty_factions.procedures import control, council, dreams, names

MAX_PAWNS = 30  # the most pawns one side may enter for an Area
HALF = 2  # counts are tabulated in half steps: a Lesser Circle counts 0.5 (SC3.1.3)


def key(x: float) -> str:
    """A count as the page's script writes it: `1`, `1.5`."""
    return f"{x:g}"


def subsets(codes: list[str]) -> list[tuple[str, ...]]:
    """Every subset of `codes`, smallest first, each in the order of `codes`."""
    return [c for n in range(len(codes) + 1) for c in combinations(codes, n)]


def tally_data(ix: Index) -> dict[str, object]:
    """Everything the Forty Factions tally needs, computed from the procedures."""
    g = ix.game
    scoring = [a for a in g.areas if a.scoring]
    codes = sorted(
        {c for a in scoring for c in a.vp_with} | {a.expansion for a in scoring if a.expansion}
    )
    parties = [p for p in g.parties if p.body == "council"]
    data: dict[str, object] = {
        "codes": codes,
        "areas": _areas(ix, scoring, codes),
        "outcome": _outcome(),
        "max_pawns": MAX_PAWNS,
        "parties": [
            {"id": p.id, "name": p.name, "seats": p.seats, "neutral": council.allocates_neutrals(p)}
            for p in parties
        ],
        "holds": {p.id: _holds(p) for p in parties},
        **_council(g.council, parties),
    }
    if ix.madness is not None:
        data["madness"] = _madness(ix)
    return data


def _areas(ix: Index, scoring: list[Area], codes: list[str]) -> list[dict[str, object]]:
    """Each scoring Area's VPs for no control, a single pawn and control, under every set
    of the expansions that change them."""
    lesser = {
        f.area: f.lesser_value
        for f in (ix.sacred_circles.forests if ix.sacred_circles else ())
        if f.lesser_circles
    }
    areas: list[dict[str, object]] = []
    for a in scoring:
        by_set = {}
        for chosen in subsets(codes):
            if a.expansion and a.expansion not in chosen:
                continue  # the Area is not in play without its expansion
            vp = control.area_vp(a, chosen)
            by_set["+".join(chosen)] = {
                r: control.outcome_vp(vp, a.single_pawn_vp, r)
                for r in ("none", "single", "control")
            }
        areas.append(
            {
                "id": a.id,
                "name": a.name,
                "expansion": a.expansion,
                "lesser": lesser.get(a.id, 0),
                "vp": by_set,
            }
        )
    return areas


def _outcome() -> dict[str, dict[str, list[str]]]:
    """How Control of an Area falls, by its greatest and second greatest count (in half
    steps)."""
    steps = [n / HALF for n in range(MAX_PAWNS * HALF + 1)]
    # [more than one pawn placed, exactly one]: only one pawn alone changes the outcome
    return {
        key(t): {
            key(s): [control.outcome(t, s, 2), control.outcome(t, s, 1)] for s in steps if s <= t
        }
        for t in steps
    }


def _holds(p: Party) -> dict[str, dict[str, list[bool]]]:
    """For a party: by pawns placed on its seats and this side's share of them, whether this
    side votes its neutral seats."""
    table = {}
    for placed in range(p.seats + 1):
        row = {}
        for own in range(placed + 1):
            pawns = {"side": own, "others": placed - own}
            # whether this side votes the neutral seats: no leader in the party, this side
            # holds the party's faction, another side does
            leaders = (None, "side", "others" if placed > own else None)
            row[str(own)] = [
                council.neutral_holder(p, pawns, lead)[0] == "side" for lead in leaders
            ]
        table[str(placed)] = row
    return table


def _council(c: Council, parties: list[Party]) -> dict[str, object]:
    """The Council's tables: Majority and Minority Control by votes cast, its VPs, and what
    the Coalition check needs."""
    majority = {
        str(cast): {
            str(v): [council.majority(v, cast, False), council.majority(v, cast, True)]
            for v in range(cast + 1)
        }
        for cast in range(c.seats + 1)
    }
    votes = range(c.seats + 1)
    minority = {str(b): [council.minority(b, s) for s in range(b + 1)] for b in votes}
    council_vp = {
        kind: [
            [council.control_vp(c, kind, pawns, holiday) for holiday in (False, True)]
            for pawns in (2, 1)
        ]
        for kind in ("majority", "minority", "none")
    }
    return {
        "majority": majority,
        "minority": minority,
        "council_vp": council_vp,
        # 10.3.6, for the Coalition check: who controls a party, which parties' seats let a
        # side join a Coalition without controlling them, which parties are Enemies
        "controls": {
            str(cast): [council.controls_party(v, cast) for v in range(cast + 1)]
            for cast in range(max(p.seats for p in parties) + 1)
        },
        "seat_only": [p.id for p in parties if not council.allocates_neutrals(p)],
        "enemies": [[p.id, e] for p in parties for e in p.enemies],
    }


def _madness(ix: Index) -> dict[str, object]:
    """The Temples' Madness VPs (DD3.3.4): by Level, and the bonus by Alignment."""
    m = ix.madness
    assert m is not None
    who = names(ix)
    area_names = {a.id: a.name for a in ix.game.areas}
    temples = list(dict.fromkeys([*m.scoring_factions, *(b.faction for b in m.bonuses)]))
    levels = range(m.max_level + 1)
    table_vp = {}
    bonus = {}
    for n in temples:
        table_vp[str(n)] = [
            dreams.temple_vp(m, {"a": dreams.AreaMadness(lv, "")}, n)[0] for lv in levels
        ]
        # the bonus scored for the highest Level reached in each Alignment ("in any Area")
        bonus[str(n)] = {
            a.code: [
                dreams.temple_vp(m, {"a": dreams.AreaMadness(lv, a.code)}, n)[0]
                - table_vp[str(n)][lv]
                if lv
                else 0
                for lv in levels
            ]
            for a in m.alignments
        }
    return {
        "areas": [{"id": a, "name": area_names.get(a, a)} for a in m.areas],
        "alignments": [{"code": a.code, "name": a.name} for a in m.alignments],
        "max": m.max_level,
        "temples": [{"number": n, "name": who.get(n, str(n))} for n in temples],
        "table": table_vp,
        "bonus": bonus,
    }
