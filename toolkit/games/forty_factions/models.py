"""Forty Factions content models, by name, for the pack's modules that import them from here.

Each is declared in the module for its part of the content: `common_fields` (ids, card
numbers, prose), `card_models` (factions and plots), `game_models` (game.yaml) and
`side_board_models` (the expansions' side boards).
"""

from __future__ import annotations

from toolkit.games.forty_factions.card_models import Faction, Location, Plot, Seats
from toolkit.games.forty_factions.common_fields import Passage, Prose, passages
from toolkit.games.forty_factions.game_models import (
    Area,
    Category,
    Conclave,
    Council,
    EndCondition,
    Game,
    HandSize,
    NumberRange,
    Party,
    PlayCosts,
    VPRange,
)
from toolkit.games.forty_factions.side_board_models import (
    Congress,
    Forest,
    Gathering,
    Hall,
    HallOfMirrors,
    Madness,
    SacredCircles,
    Totem,
)

__all__ = [
    "Area",
    "Category",
    "Conclave",
    "Congress",
    "Council",
    "EndCondition",
    "Faction",
    "Forest",
    "Game",
    "Gathering",
    "Hall",
    "HallOfMirrors",
    "HandSize",
    "Location",
    "Madness",
    "NumberRange",
    "Party",
    "Passage",
    "PlayCosts",
    "Plot",
    "Prose",
    "SacredCircles",
    "Seats",
    "Totem",
    "VPRange",
    "passages",
]
