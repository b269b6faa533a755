"""The God Emperor procedures of the War Room (L171-189), bound to the content: a battle,
a month's rewards and a neutral castle's regeneration. The arithmetic is in `war`; here each
gets its parameters, checked against the content's Houses, and its rule.
"""

from __future__ import annotations

import toolkit.games.god_emperor.procedures.war as war
from toolkit.check.procedures import Param, ParamError, Procedure, Result
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.models import War


def bound(ix: Index) -> list[Procedure]:
    """The War Room's procedures, bound to the content."""
    w = ix.game.war
    return [_battle(ix), _rewards(w), _neutral_castle(w)]


def _battle(ix: Index) -> Procedure:
    """L177-185: attack values in one region, the winner and who removes their units."""
    w = ix.game.war
    houses = tuple(ix.houses)
    immortal_attack = ix.court.immortal_attack if ix.court else 0

    def fight(
        units: dict,
        allies: dict | None = None,
        castle: tuple = (),
        remnants: int = 0,
        immortals: int = 0,
        bonus: dict | None = None,
    ) -> Result:
        pairs = _alliances(houses, allies or {})
        for h in castle:
            if not units.get(h):
                raise ParamError("castle", f"{h} has no units in the region")
        state = war.Battle(
            units,
            pairs,
            frozenset(castle),
            remnants,
            immortals,
            immortal_attack,
            bonus or {},
        )
        return war.battle(w, state)

    return Procedure(
        "battle",
        "A battle",
        "L177-185",
        "attack values in one region, the winner and who removes their units",
        _battle_params(houses, ix.court.immortals if ix.court else 0),
        fight,
        war.battle_statement(w, immortal_attack),
    )


def _alliances(houses: tuple[str, ...], allies: dict) -> frozenset[tuple[str, str]]:
    """`allies` (House -> `HOUSE+HOUSE`) as (a, b) pairs: House a chose to ally with b."""
    pairs = set()
    for a, targets in allies.items():
        for b in str(targets).split("+"):
            if b not in houses:
                raise ParamError("allies", f"{b!r} is not a House ({', '.join(houses)})")
            if b == a:
                raise ParamError("allies", f"{a} cannot ally with itself")
            pairs.add((a, b))
    return frozenset(pairs)


def _battle_params(houses: tuple[str, ...], immortals: int) -> tuple[Param, ...]:
    """A battle's parameters: the region's units, alliances, castle and extra attack."""
    return (
        Param(
            "units",
            "units of each House in the region",
            "counts",
            choices=houses,
            low=0,
            high=99,
            example="HOUSE:N,...",
        ),
        Param(
            "allies",
            "Houses each House chose to ally with (ticked on its War Orders)",
            "map",
            optional=True,
            choices=houses,
            example="HOUSE:HOUSE+HOUSE,...",
        ),
        Param(
            "castle",
            "Houses holding the region's castle",
            "list",
            optional=True,
            choices=houses,
        ),
        Param(
            "remnants",
            "units of the God Emperor's remnants (a neutral castle)",
            optional=True,
            low=0,
            high=99,
        ),
        Param(
            "immortals",
            "Immortals fighting (only if attacked)",
            optional=True,
            low=0,
            high=immortals,
        ),
        Param(
            "bonus",
            "extra attack (Military Aid, Black Powder, a favor)",
            "counts",
            optional=True,
            choices=houses,
            low=0,
            high=9,
            example="HOUSE:N,...",
        ),
    )


def _rewards(w: War) -> Procedure:
    """L171-174: the Power and Favor a House gains from its castles and Rumors this month."""

    def reward(
        castles: int, castle_victories: int = 0, rumors: int = 0, rumor_victories: int = 0
    ) -> Result:
        if rumor_victories > rumors:
            raise ParamError("rumor-victories", f"more than the {rumors} Rumors held")
        if castle_victories and not castles:
            raise ParamError(
                "castle-victories",
                "a House overcome on a castle's region counts only if you hold that castle",
            )
        return war.rewards(w, castles, castle_victories, rumors, rumor_victories)

    return Procedure(
        "rewards",
        "Rewards",
        "L171-174",
        "the Power and Favor a House gains from its castles and Rumors this month",
        (
            Param("castles", "castles the House controls (a flag there)", low=0, high=99),
            Param(
                "castle-victories",
                "Houses it overcame in battle on its castles' regions this month",
                optional=True,
                low=0,
                high=99,
            ),
            Param("rumors", "Rumors it holds", optional=True, low=0, high=99),
            Param(
                "rumor-victories",
                "Rumors' regions where it overcame a House this month",
                optional=True,
                low=0,
                high=99,
            ),
        ),
        reward,
        war.rewards_statement(w),
    )


def _neutral_castle(w: War) -> Procedure:
    """L189: the remnants' units in a neutral castle's region after it regenerates."""
    return Procedure(
        "neutral-castle",
        "A neutral castle",
        "L189",
        "the remnants' units in a neutral castle's region after it regenerates",
        (Param("units", "units in the region (of any side)", low=0, high=99),),
        lambda units: war.neutral_castle(w, units),
        war.neutral_statement(w),
    )
