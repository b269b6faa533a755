"""The *God Emperor* megagame pack: badges, forms, cards, war map, law board, reference."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from toolkit.content import ContentKind, ContentSet
from toolkit.diagnostics import Diagnostic
from toolkit.games import GamePack
from toolkit.games.god_emperor import calendar, economy, geography
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.models import Cast, Court, Favors, Game, MapLayout, Underground
from toolkit.games.god_emperor.rules import RULES

if TYPE_CHECKING:
    from toolkit.build import BuildOptions, Output

KINDS = (
    ContentKind("game", "game.yaml", Game, singleton=True,
                doc="the game file (Houses, provinces, castles, schedule, timings)"),
    ContentKind("court", "court.yaml", Court, singleton=True,
                doc="the Court (laws, proposals, military actions)"),
    ContentKind("underground", "underground.yaml", Underground, singleton=True,
                doc="the Underground (schemes, minions)"),
    ContentKind("favors", "favors.yaml", Favors, singleton=True,
                doc="the favor factions, buildings and cards"),
    ContentKind("map-layout", "map.yaml", MapLayout, singleton=True, doc="the war map's layout"),
    ContentKind("cast", "cast.*", Cast, singleton=True, csv_field="players",
                doc="the cast list (cast.yaml, or cast.csv with columns name,house[,rank])"),
)  # fmt: skip

CHECKS = (
    geography.check_regions, geography.check_houses, geography.check_layout,
    calendar.check_schedule, calendar.check_laws, calendar.check_timing,
    economy.check_costs, economy.check_favors, economy.check_minions, economy.check_cast,
)  # fmt: skip


def check_rules(content: ContentSet) -> Iterator[Diagnostic]:
    """Every rule of the game, on one shared index."""
    ix = Index.build(content)
    if ix is None:
        return
    for check in CHECKS:
        yield from check(ix)


def outputs(content: ContentSet, options: BuildOptions) -> list[Output]:
    """The kit's outputs (imported lazily: checking never loads the renderers)."""
    from toolkit.games.god_emperor.outputs import outputs as kit_outputs

    return kit_outputs(content, options)


PACK = GamePack(
    id="god-emperor",
    title="God Emperor",
    kinds=KINDS,
    checks=(check_rules,),
    rules=RULES,
    outputs=outputs,
)
