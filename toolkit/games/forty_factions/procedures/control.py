"""Control of Areas (12.2, 13.2.3, SC3.1, DD3.1.3-4) and of the Conclave (10.4.5, 12.4).

A *side* is a player or an Alliance: the DM counts an Alliance's pawns together (12.2.3).
Pure functions over the content's models and the pawns placed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from toolkit.check.procedures import Result, Step
from toolkit.games.forty_factions.models import Area, Conclave, Forest


def area_vp(area: Area, expansions: Iterable[str]) -> int:
    """The VPs Control of an Area gives with these expansions in play (12.2.1, 13.2.3.1)."""
    if not area.scoring:
        return 0
    chosen = set(expansions)
    with_exp = [v for code, v in area.vp_with.items() if code in chosen]
    return max(with_exp) if with_exp else area.vp


def leader(counts: Mapping[str, float]) -> tuple[str | None, float, bool]:
    """The side with the greatest count, that count, and whether another side ties it."""
    if not counts or max(counts.values()) <= 0:
        return None, 0, False
    best = max(counts.values())
    top = [s for s, n in counts.items() if n == best]
    return (top[0] if len(top) == 1 else None), best, len(top) > 1


def outcome(top: float, second: float, pawns: float) -> str:
    """How Control of an Area falls, from the greatest and second greatest count and the
    pawns in it: `none` (no pawn, or a tie for the greatest number, 12.2.3), `single` (one
    pawn alone, 12.2.2) or `control`."""
    if top <= 0 or top == second:
        return "none"
    return "single" if pawns == 1 else "control"


def outcome_vp(vp: int, single_pawn_vp: int | None, result: str) -> int:
    """What an outcome of `outcome` gives in an Area worth `vp` (12.2.2: one pawn alone gives
    its single-pawn VP, never more than the Area)."""
    if result == "none":
        return 0
    if result == "single" and single_pawn_vp is not None:
        return min(vp, single_pawn_vp)
    return vp


def award(vp: int, single_pawn_vp: int | None, top: float, second: float, pawns: float) -> int:
    """What Control of an Area gives: a tie nothing, one pawn alone its single-pawn VP."""
    return outcome_vp(vp, single_pawn_vp, outcome(top, second, pawns))


def area_control(
    area: Area,
    expansions: Iterable[str],
    pawns: Mapping[str, int],
    lesser: Mapping[str, int] | None = None,
    forest: Forest | None = None,
) -> Result:
    """Who Controls an Area and what it gives: the greatest number of pawns on its Locations
    (Sacred Circles in a Forest, where a Lesser Circle counts as part of one, SC3.1.3)."""
    lesser = dict(lesser or {})
    value = forest.lesser_value if forest is not None else 0.0
    counts: dict[str, float] = {}
    for side in {**pawns, **lesser}:
        counts[side] = pawns.get(side, 0) + lesser.get(side, 0) * value
    placed = sum(pawns.values()) + sum(lesser.values())
    vp = area_vp(area, expansions)
    steps = []
    for side, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        extra = (
            f" ({pawns.get(side, 0)} + {lesser[side]} Lesser x {value:g})"
            if lesser.get(side)
            else ""
        )
        steps.append(f"{side}: {n:g}{extra}")
    ranked = [*sorted(counts.values(), reverse=True), 0.0, 0.0]
    got = award(vp, area.single_pawn_vp, ranked[0], ranked[1], placed)
    who, best, tie = leader(counts)
    rule = f"12.2.2-12.2.3; {area.source}" if area.source else "12.2"
    details = {"side": who, "vp": got, "area_vp": vp}
    if not area.scoring:
        return Result(
            0,
            f"{area.name} gives no VP for Control",
            tuple(steps),
            area.source,
            {**details, "side": None},
        )
    if placed == 0:
        return Result(0, f"no pawn in {area.name}: nobody Controls it", (), rule, details)
    if tie:
        steps.append(f"a tie for the greatest number ({best:g}): no VP (12.2.3)")
        return Result(0, f"nobody Controls {area.name}: a tie", tuple(steps), rule, details)
    if got < vp:
        steps.append(f"only one pawn in the Area: {got} VP, not {vp} (12.2.2)")
    else:
        steps.append(f"greatest number: {who} with {best:g}; {area.name} gives {vp} VP")
    return Result(got, f"{who} Controls {area.name}: {got} VP", tuple(steps), rule, details)


def area_statement(single: int) -> tuple[Step, ...]:
    """The printed statement of 12.2."""
    return (
        Step(
            "A Player or Alliance with the greatest number of pawns on Locations in an Area "
            "Controls it: greatest number, not an overall majority.",
            "12.2.3",
        ),
        Step(
            "A tie for the greatest number: no VPs for the Area (announce Alliances in the "
            "Activation Phase).",
            "12.2.3",
        ),
        Step(
            f"Only one pawn in an Area: {single} VP to its owner, even where the Area gives more.",
            "12.2.2, SC3.1.2, DD3.1.4",
        ),
        Step(
            "No fractions: an Alliance agrees who takes the VPs. Awarded at the end of the "
            "Council Phase, even with no Council Phase.",
            "12.2.4, 12.2.5",
        ),
    )


def conclave_statement(conclave: Conclave) -> tuple[Step, ...]:
    """The printed statement of 10.4.5 and 12.4."""
    return (
        Step(
            "Conclave: a simple majority of the seats held by Players or Alliances Controls "
            f"it (Unactivated Thieves' Guilds do not vote; a tie: nobody), {conclave.vp} VP, "
            "even with no Council Phase.",
            "10.4.5, 12.4",
        ),
    )


def conclave_control(conclave: Conclave, seats: Mapping[str, int]) -> Result:
    """10.4.5, 12.4.1: a simple majority of the Conclave seats held by Players or Alliances
    (Unactivated Thieves' Guilds do not vote); a tie gives nobody Control."""
    held = sum(seats.values())
    steps = [f"seats held by Activated Thieves' Guilds: {held}"]
    steps += [f"{s}: {n}" for s, n in sorted(seats.items(), key=lambda kv: -kv[1])]
    winner = next((s for s, n in seats.items() if 2 * n > held), None)
    if winner is None:
        steps.append(f"no side holds more than half of {held}")
        return Result(
            0, "nobody Controls the Conclave", tuple(steps), "10.4.5, 12.4.1", {"side": None}
        )
    steps.append(f"{winner} holds {seats[winner]} of {held}, more than half")
    return Result(
        conclave.vp,
        f"{winner} Controls the Conclave: {conclave.vp} VP",
        tuple(steps),
        "10.4.5, 12.4.1",
        {"side": winner},
    )
