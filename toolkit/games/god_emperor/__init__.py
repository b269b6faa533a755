"""The *God Emperor* megagame pack: badges, forms, cards, war map, law board, reference."""

from __future__ import annotations

from toolkit.games import GamePack, indexed_checks, lazy_outputs, lazy_procedures
from toolkit.games.god_emperor import calendar, components, economy, geography
from toolkit.games.god_emperor.fixes import content_fixes
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.models import Cast, Court, Favors, Game, MapLayout, Underground
from toolkit.games.god_emperor.provenance import PROVENANCE
from toolkit.games.god_emperor.rules import RULES
from toolkit.games.god_emperor.scaffold import SCAFFOLDS, plan_rename
from toolkit.model.closed_sets import closed_sets
from toolkit.model.components import Components
from toolkit.model.content import ContentKind

KINDS = (
    ContentKind(
        "game",
        "game.yaml",
        Game,
        singleton=True,
        doc="the game file (Houses, provinces, castles, schedule, timings)",
    ),
    ContentKind(
        "court",
        "court.yaml",
        Court,
        singleton=True,
        doc="the Court (laws, proposals, military actions)",
    ),
    ContentKind(
        "underground",
        "underground.yaml",
        Underground,
        singleton=True,
        doc="the Underground (schemes, minions)",
    ),
    ContentKind(
        "favors",
        "favors.yaml",
        Favors,
        singleton=True,
        doc="the favor factions, buildings and cards",
    ),
    ContentKind("map-layout", "map.yaml", MapLayout, singleton=True, doc="the war map's layout"),
    ContentKind(
        "cast",
        "cast.*",
        Cast,
        singleton=True,
        csv_field="players",
        doc="the cast list (cast.yaml, or cast.csv with columns name,house[,rank])",
    ),
    ContentKind(
        "components",
        "components.yaml",
        Components,
        singleton=True,
        doc="every physical component: count, rules reference, printed or brought",
    ),
)

CHECKS = (
    geography.check_regions,
    geography.check_house_provinces,
    geography.check_castles,
    geography.check_houses,
    geography.check_layout,
    calendar.check_schedule,
    calendar.check_laws,
    calendar.check_law_houses,
    calendar.check_timing,
    economy.check_costs,
    economy.check_favors,
    economy.check_minions,
    economy.check_cast,
    components.check,
)


# The closed sets a House, a sitting, a favor card or the map names, where the content
# declares them (`toolkit.model.closed_sets`): what the written schemas offer editors.
CLOSED_SETS = {
    "house": ("game:houses.id",),
    "province": ("game:provinces.id",),
    "region": ("game:provinces.regions",),
    "faction": ("favors:factions.id",),
}


PACK = GamePack(
    id="god-emperor",
    title="God Emperor",
    kinds=KINDS,
    checks=(indexed_checks(Index.build, CHECKS),),
    rules=RULES,
    outputs=lazy_outputs("toolkit.games.god_emperor.outputs"),
    procedures=lazy_procedures("toolkit.games.god_emperor.procedures"),
    enums=closed_sets(CLOSED_SETS),
    fixes=content_fixes,
    scaffolds=SCAFFOLDS,
    renames=plan_rename,
    provenance=PROVENANCE,
)
