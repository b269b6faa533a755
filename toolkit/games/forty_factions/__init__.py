"""The Anarea *Forty Factions* game pack: content kinds, rule checks, rules."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic
from toolkit.edit.fixes import Fix
from toolkit.games import GamePack, lazy_outputs, lazy_procedures
from toolkit.games.forty_factions import (
    areas,
    boards,
    components,
    council,
    decks,
    dreams,
    enemies,
    files,
    pawns,
    spelling,
)
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import (
    Congress,
    Faction,
    Game,
    Gathering,
    HallOfMirrors,
    Madness,
    Plot,
    SacredCircles,
)
from toolkit.games.forty_factions.provenance import PROVENANCE
from toolkit.games.forty_factions.references import check_references
from toolkit.games.forty_factions.rename import plan_rename
from toolkit.games.forty_factions.rules import RULES
from toolkit.games.forty_factions.scaffold import SCAFFOLDS
from toolkit.model.closed_sets import closed_sets
from toolkit.model.components import Components
from toolkit.model.content import ContentKind, ContentSet

KINDS = (
    ContentKind(
        "game",
        "game.yaml",
        Game,
        singleton=True,
        doc="the game file (areas, parties, decks, set-up)",
    ),
    ContentKind(
        "faction",
        "factions/*.yaml",
        Faction,
        doc="one Faction Information Sheet",
        to_write=(
            "timeframe",
            "alignment",
            "characters",
            "resources",
            "random_event",
            "background",
            "notes",
            "emblem",
            "illustration",
        ),
    ),
    ContentKind(
        "plot",
        "plots/*.yaml",
        Plot,
        doc="one Plot Information Sheet",
        to_write=("specify", "notes"),
    ),
    ContentKind(
        "sacred-circles",
        "boards/sacred-circles.yaml",
        SacredCircles,
        singleton=True,
        doc="the SC Forests side board",
    ),
    ContentKind(
        "gathering",
        "boards/gathering.yaml",
        Gathering,
        singleton=True,
        doc="the SC Grasslander Gathering side board",
    ),
    ContentKind(
        "hall-of-mirrors",
        "boards/hall-of-mirrors.yaml",
        HallOfMirrors,
        singleton=True,
        doc="the DD Hall of Mirrors side board",
    ),
    ContentKind(
        "congress",
        "boards/congress.yaml",
        Congress,
        singleton=True,
        doc="the DD Congress of Dreams side board",
    ),
    ContentKind(
        "madness", "boards/madness.yaml", Madness, singleton=True, doc="the DD Madness Indicator"
    ),
    ContentKind(
        "components",
        "components.yaml",
        Components,
        singleton=True,
        doc="every physical component: count, rules reference, printed or brought",
    ),
)


def check_rules(content: ContentSet) -> Iterator[Diagnostic]:
    """References first, then every rule of the game, on one shared index."""
    ix = Index.build(content)
    if ix is None:
        return
    yield from check_references(ix, content)
    for module in (council, areas, enemies, decks, boards, dreams, pawns, files):
        yield from module.check(ix)
    yield from components.check(ix, content.one("components", Components))
    yield from spelling.check(ix, list(content.all()))


def expansion_codes(content: ContentSet) -> tuple[str, ...]:
    """The expansions game.yaml declares, which `--expansions` chooses from (13.2.1.2)."""
    game = content.one("game", Game)
    return tuple(e.code for e in game.expansions) if game is not None else ()


# The closed sets a faction, plot or board names, where the content declares them
# (`toolkit.model.closed_sets`): what the written schemas offer editors (`toolkit schema`).
CLOSED_SETS = {
    "expansion": ("game:expansions.code",),
    "area": ("game:areas.id",),
    "party": ("game:parties.id",),
    "category": ("game:categories.id",),
    "faction": ("faction:number",),
    "enemy": ("faction:number", "game:categories.id"),
    "plot": ("plot:number",),
}


def content_fixes(content: ContentSet) -> list[Fix]:
    """The mechanical fixes of Forty Factions findings: enemy pairs made whole (4.3.8)."""
    ix = Index.build(content)
    return enemies.fixes(ix) if ix is not None else []


PACK = GamePack(
    id="forty-factions",
    title="Anarea Forty Factions",
    kinds=KINDS,
    checks=(check_rules,),
    rules=RULES,
    outputs=lazy_outputs("toolkit.games.forty_factions.outputs"),
    procedures=lazy_procedures("toolkit.games.forty_factions.procedures"),
    expansions=expansion_codes,
    enums=closed_sets(CLOSED_SETS),
    fixes=content_fixes,
    scaffolds=SCAFFOLDS,
    renames=plan_rename,
    provenance=PROVENANCE,
)
