"""Worldspanner Factions content models, by name, for the pack's modules that import them
from here.

Each is declared in the module for its part of the content: `game_models` (game.yaml) and
`card_models` (the heroes and the quest, challenge and treasure decks).
"""

from __future__ import annotations

from toolkit.games.worldspanner.card_models import (
    ChallengeCard,
    ChallengeDeck,
    Hero,
    Quest,
    QuestDeck,
    TreasureDeck,
)
from toolkit.games.worldspanner.game_models import (
    SLUG,
    Adventure,
    Challenge,
    Cover,
    Design,
    Faction,
    Game,
    Glory,
    Outcome,
    PlatterSlot,
    Slot,
    Stated,
    Tribute,
    Vista,
)

__all__ = [
    "SLUG",
    "Adventure",
    "Challenge",
    "ChallengeCard",
    "ChallengeDeck",
    "Cover",
    "Design",
    "Faction",
    "Game",
    "Glory",
    "Hero",
    "Outcome",
    "PlatterSlot",
    "Quest",
    "QuestDeck",
    "Slot",
    "Stated",
    "TreasureDeck",
    "Tribute",
    "Vista",
]
