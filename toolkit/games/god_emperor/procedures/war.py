"""The War Room: battle (L177-185), rewards (L171-174) and neutral castles (L187-189).

Pure functions over the content's `War` numbers and an explicit battle state: units per
House in one region, which Houses chose to ally with which (alliances are ticked one way,
L159-161), who holds a castle there, the God Emperor's remnants and Immortals.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from toolkit.check.procedures import Result, Step
from toolkit.games.god_emperor.models import War

REMNANTS = "remnants"  # the God Emperor's army at a neutral castle: it attacks everybody
IMMORTALS = "immortals"


@dataclass(frozen=True)
class Battle:
    """One region after the Move step."""

    units: Mapping[str, int]  # House -> units in the region
    allies: frozenset[tuple[str, str]] = frozenset()  # (a, b): House a chose to ally with b
    castle: frozenset[str] = frozenset()  # Houses holding the region's castle
    remnants: int = 0  # units of a neutral castle's remnants
    immortals: int = 0  # Immortals in the region
    immortal_attack: int = 2
    bonus: Mapping[str, int] = field(default_factory=dict)  # +attack (Military Aid, Zealots...)


def allied(b: Battle, a: str, other: str) -> bool:
    """Whether House `a` chose to ally with `other` (remnants and Immortals ally with none)."""
    return (a, other) in b.allies


def attack(war: War, b: Battle, side: str) -> tuple[int, list[str]]:
    """A side's attack value and its parts (L179-183)."""
    if side == REMNANTS:
        return b.remnants * war.attack.unit, [f"{b.remnants} unit{'s' if b.remnants != 1 else ''}"]
    if side == IMMORTALS:
        return b.immortals * b.immortal_attack, [f"{b.immortals} x {b.immortal_attack}"]
    a = war.attack
    own = b.units.get(side, 0)
    helpers = {h: n for h, n in b.units.items() if h != side and n and allied(b, h, side)}
    parts = [f"{own} unit{'s' if own != 1 else ''}"]
    total = own * a.unit
    for h, n in helpers.items():
        total += n * a.allied_unit
        parts.append(f"{n} allied from {h}")
    if side in b.castle:
        total += a.castle
        parts.append(f"castle +{a.castle}")
    if b.bonus.get(side):
        total += b.bonus[side]
        parts.append(f"bonus +{b.bonus[side]}")
    return total, parts


def sides(b: Battle) -> list[str]:
    out = [h for h, n in b.units.items() if n]
    if b.remnants:
        out.append(REMNANTS)
    if b.immortals:
        out.append(IMMORTALS)
    return out


def at_peace(b: Battle) -> bool:
    """L169: no battle if every House in the region chose to ally with every other; the
    remnants attack everybody; the Immortals attack only Houses that attack them, so they
    are left out unless the DM counts them (Betray Sovereign)."""
    houses = [h for h, n in b.units.items() if n]
    if b.remnants and houses:
        return False
    if b.immortals and houses:
        return False
    return all(allied(b, x, y) for x in houses for y in houses if x != y)


def battle(war: War, b: Battle) -> Result:
    """L177-185: the highest attack wins; every House that did not ally with the winner
    removes all its units; a tie massacres the tied forces, unless only one of them is in an
    alliance, which then wins."""
    present = sides(b)
    steps = []
    if len(present) < 2 or at_peace(b):
        why = "one side only" if len(present) < 2 else "every House chose to ally with every other"
        where = f"{', '.join(present) or 'nobody'} in the region"
        return Result(None, f"no battle: {why}", (where,), "L169", {"winner": None, "removed": []})
    values = {}
    for s in present:
        values[s], parts = attack(war, b, s)
        steps.append(f"{s}: {' + '.join(parts)} = {values[s]}")
    best = max(values.values())
    top = [s for s, v in values.items() if v == best]
    winner = top[0] if len(top) == 1 else None
    if winner is None:
        in_alliance = [s for s in top if any(allied(b, h, s) for h in b.units if h != s)]
        if len(in_alliance) == 1:
            winner = in_alliance[0]
            steps.append(f"a tie at {best}; only {winner} is in an alliance: it wins (L185)")
        else:
            steps.append(f"a tie at {best}: {' and '.join(top)} are massacred (L185)")
            return Result(
                None,
                f"a tie: {', '.join(top)} remove all their units",
                tuple(steps),
                "L185",
                {"winner": None, "removed": top, "attack": values},
            )
    removed = [s for s in present if s != winner and not allied(b, s, winner)]
    kept = [s for s in present if s != winner and s not in removed]
    if kept:
        steps.append(f"{', '.join(kept)} chose to ally with {winner}: they stay")
    answer = f"{winner} wins with {values[winner]}" + (
        f"; {', '.join(removed)} remove all their units" if removed else ""
    )
    return Result(
        winner,
        answer,
        tuple(steps),
        "L177-185",
        {"winner": winner, "removed": removed, "attack": values},
    )


def battle_statement(war: War, immortal_attack: int) -> tuple[Step, ...]:
    a = war.attack
    return (
        Step(
            "A battle: units of Houses that did not all choose to ally with each other end the "
            "Move in one region.",
            "L169",
        ),
        Step(
            f"Attack: +{a.unit} per own unit, +{a.allied_unit} per unit of a House that chose "
            f"to ally with it, +{a.castle} if it holds the region's castle.",
            "L179-183",
        ),
        Step(
            "The highest attack wins; every House that did not ally with the winner removes "
            "all its units.",
            "L185",
        ),
        Step(
            "A tie: the tied forces are massacred, unless only one of them is in an alliance, "
            "which wins.",
            "L185",
        ),
        Step(
            f"Immortals: {immortal_attack} attack each; they attack only those who attack them "
            "(Betray Sovereign).",
            "L195",
        ),
        Step(
            "After the battle a House with units on a castle places its flag there and removes "
            "the flags of Houses it did not ally with.",
            "L170",
        ),
    )


def rewards(
    war: War, castles: int, castle_victories: int = 0, rumors: int = 0, rumor_victories: int = 0
) -> Result:
    """L171-174: Power for castles after the first, and per House overcome on a castle's
    region; Favor per Rumor, and one more per Rumor's region where a House was overcome."""
    counted = max(0, castles - war.free_castles)
    power = counted * war.castle_power + castle_victories * war.victory_power
    favor = rumors * war.rumor_favor + rumor_victories * war.victory_favor
    steps = (
        f"castles: {castles} - {war.free_castles} (the first gives none) = {counted} x "
        f"{war.castle_power}"
        + (
            f", + {castle_victories} Houses overcome x {war.victory_power}"
            if castle_victories
            else ""
        )
        + f" = {power} Power",
        f"Rumors: {rumors} x {war.rumor_favor}"
        + (f", + {rumor_victories} won in battle x {war.victory_favor}" if rumor_victories else "")
        + f" = {favor} Favor",
    )
    return Result(
        power, f"{power} Power and {favor} Favor this month", steps, "L171-174", {"favor": favor}
    )


def rewards_statement(war: War) -> tuple[Step, ...]:
    return (
        Step(
            f"Every House gains {war.castle_power} Power per castle it controls (a flag there) "
            f"after the first; several Houses may control one castle.",
            "L172",
        ),
        Step(
            f"Holding a castle: +{war.victory_power} Power per House overcome in battle on its "
            "region this month (at least one of its units killed).",
            "L173",
        ),
        Step(
            f"{war.rumor_favor} Favor per Rumor held; +{war.victory_favor} if a House was "
            "overcome on its region this month.",
            "L174",
        ),
    )


def neutral_castle(war: War, units: int) -> Result:
    """L189: a neutral castle's region that is empty of units regenerates one."""
    if units == 0:
        return Result(
            war.regenerate,
            f"the region is empty: it regenerates {war.regenerate} unit of the God Emperor's army",
            ("0 units in the region",),
            "L189",
        )
    return Result(
        units, f"{units} units stay; nothing regenerates", (f"{units} in the region",), "L189"
    )


def neutral_statement(war: War) -> tuple[Step, ...]:
    return (
        Step(
            f"A neutral castle (unclaimed by a House) starts with {war.neutral_units} unit of "
            "the God Emperor's remnants; they attack everybody.",
            "L189",
        ),
        Step(f"Whenever its region is empty of units it regenerates {war.regenerate}.", "L189"),
    )
