"""The *Worldspanner Factions* game pack: heroes, decks, map designs, set-up, checker."""

from __future__ import annotations

from toolkit.games import (
    GamePack,
    SetupHook,
    SetupOption,
    SetupSheet,
    indexed_checks,
    lazy_outputs,
    lazy_procedures,
)
from toolkit.games.worldspanner import components, decks, designs, heroes, map_checks
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.map_models import MapPiece
from toolkit.games.worldspanner.models import ChallengeDeck, Game, Hero, QuestDeck, TreasureDeck
from toolkit.games.worldspanner.provenance import PROVENANCE
from toolkit.games.worldspanner.rules import RULES
from toolkit.games.worldspanner.scaffold import SCAFFOLDS, plan_rename
from toolkit.games.worldspanner.setup import SetupError, generate, summary
from toolkit.games.worldspanner.setup_sheet import setup_sheet
from toolkit.model.closed_sets import closed_sets
from toolkit.model.components import Components
from toolkit.model.content import ContentKind, ContentSet

KINDS = (
    ContentKind(
        "game",
        "game.yaml",
        Game,
        singleton=True,
        doc="the game file (factions, ratings, components, map designs)",
    ),
    ContentKind("hero", "heroes/*.yaml", Hero, doc="one hero card", to_write=("special",)),
    ContentKind("quest-deck", "quests/*.yaml", QuestDeck, doc="one Faction key's Quest deck"),
    ContentKind(
        "challenge-deck", "challenges/*.yaml", ChallengeDeck, doc="one team's challenge deck"
    ),
    ContentKind(
        "treasure-deck",
        "treasure/*.yaml",
        TreasureDeck,
        doc="the War, Secret or Elite treasure deck",
    ),
    ContentKind(
        "map-piece",
        "map/*.yaml",
        MapPiece,
        doc="one map platter or key as a hex grid of spaces (terrain, walls, plaques)",
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
    designs.check_canon,
    designs.check_unique,
    designs.check_components,
    designs.check_designs,
    designs.check_stated,
    heroes.check_rating_symbols,
    heroes.check_factions,
    heroes.check_heroes,
    decks.check_challenges,
    decks.check_quest_decks,
    decks.check_quests,
    components.check,
    map_checks.check_pieces,
    map_checks.check_counts,
    map_checks.check_built,
)


def draw_setup(content: ContentSet, seed: int, params: dict[str, object]) -> SetupSheet:
    """`toolkit setup worldspanner`: a random map for a design, as a sheet."""

    ix = Index.build(content)
    if ix is None:
        raise SetupError("game.yaml is missing")
    heroes = params.get("heroes")
    s = generate(
        ix.game,
        str(params.get("design") or "standard"),
        seed,
        heroes=int(heroes) if heroes is not None else None,  # type: ignore[call-overload]
        length=str(params["length"]) if params.get("length") else None,
        pieces=ix.map_pieces,
    )
    w, h, title, svg = setup_sheet(s, ix.game.title, ix.map_pieces, ix.domes)
    return SetupSheet(f"{s.design.id}-seed-{seed}", title, svg, (w, h), summary(s))


SETUP = SetupHook(
    help="Draw a random Worldspanner map for a design (rulebook p. 3-4): platters and keys, "
    "each key's slot and rotation, heroes per team, cards dealt and rounds to play. Split "
    "maps give every section an adventure key and a Dome key.",
    options=(
        SetupOption(
            "design",
            "Map design: standard, quad, tri-line, quad-line, tri-split, quad-split.",
            str,
            "standard",
        ),
        SetupOption("heroes", "Heroes per team (default: the design's usual number).", int),
        SetupOption("length", "Game length: intro (8 rounds), average (10), expert (12).", str),
    ),
    run=draw_setup,
)


# The closed sets a hero, deck or game.yaml names, where the content declares them
# (`toolkit.model.closed_sets`): what the written schemas offer editors (`toolkit schema`).
CLOSED_SETS = {
    "faction": ("game:factions.id",),
    "rating": ("game:ratings.id",),
    # what a quest challenges: a rating, or gold to pay (p. 15)
    "challenged": ("game:ratings.id", "=gold"),
    # what the balance report weighs: each rating and health
    "weighed": ("game:ratings.id", "=health"),
    "nature": ("game:natures",),
    "loot": ("game:loot.id",),
    "bonus": ("game:bonus_groups.bonuses",),
    "length": ("game:lengths.id",),
    "treasure-deck": ("treasure-deck:deck",),
}


PACK = GamePack(
    id="worldspanner",
    title="Worldspanner Factions",
    kinds=KINDS,
    checks=(indexed_checks(Index.build, CHECKS),),
    rules=RULES,
    outputs=lazy_outputs("toolkit.games.worldspanner.outputs"),
    setup=SETUP,
    procedures=lazy_procedures("toolkit.games.worldspanner.procedures"),
    enums=closed_sets(CLOSED_SETS),
    scaffolds=SCAFFOLDS,
    renames=plan_rename,
    provenance=PROVENANCE,
)
