"""The *Worldspanner Factions* game pack: heroes, decks, map designs, set-up, checker."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from toolkit.content import ContentKind, ContentSet
from toolkit.diagnostics import Diagnostic
from toolkit.games import GamePack
from toolkit.games.worldspanner import decks, designs, heroes
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.models import ChallengeDeck, Game, Hero, QuestDeck
from toolkit.games.worldspanner.rules import RULES

if TYPE_CHECKING:
    from toolkit.build import BuildOptions, Output

KINDS = (
    ContentKind("game", "game.yaml", Game, singleton=True,
                doc="the game file (factions, ratings, components, map designs)"),
    ContentKind("hero", "heroes/*.yaml", Hero, doc="one hero card"),
    ContentKind("quest-deck", "quests/*.yaml", QuestDeck, doc="one Faction key's Quest deck"),
    ContentKind("challenge-deck", "challenges/*.yaml", ChallengeDeck,
                doc="one team's challenge deck"),
)  # fmt: skip

CHECKS = (
    designs.check_canon, designs.check_unique, designs.check_components, designs.check_designs,
    designs.check_stated, heroes.check_factions, heroes.check_heroes, decks.check_challenges,
    decks.check_quests,
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
    from toolkit.games.worldspanner.outputs import outputs as kit_outputs

    return kit_outputs(content, options)


PACK = GamePack(
    id="worldspanner",
    title="Worldspanner Factions",
    kinds=KINDS,
    checks=(check_rules,),
    rules=RULES,
    outputs=outputs,
)
