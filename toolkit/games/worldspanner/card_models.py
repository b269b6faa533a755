"""Worldspanner Factions content models: the heroes and the decks.

Each hero is its own file under `heroes/`, so adding one of the 360 heroes of the Full
Degree is writing one YAML file; each quest, challenge and treasure deck is one file.
Page numbers are the rulebook's (Sets 1 & 2).
"""

from __future__ import annotations

from typing import Literal

from toolkit.games.worldspanner.game_models import SLUG
from toolkit.model.content import Document
from toolkit.validate.declare import Model, model, spec


@model
class StartLoot(Model):
    """Start loot shown at the bottom right of a hero card (p. 4)."""

    gold: int = spec("Gold.", 0, ge=0, le=9)
    war: int = spec("War cards drawn.", 0, ge=0, le=9)
    secret: int = spec("Secret cards drawn.", 0, ge=0, le=9)
    elite: int = spec("Elite cards drawn.", 0, ge=0, le=9)
    boost: int = spec("Boost markers.", 0, ge=0, le=9)


@model
class Hero(Document):
    """heroes/<slug>.yaml: one hero card."""

    name: str = spec("Name as on the card.", max_len=40)
    faction: str = spec("Home faction id (upper left of the card).", pattern=SLUG, ref="faction")
    set: int = spec("Set the hero comes in.", ge=1, le=9)
    health: int = spec("Wounds the hero can take before defeat (upper right).")
    ratings: dict[str, int] = spec(
        "Every rating by id, e.g. `{speed: 5, ...}` (p. 6).", keys="rating"
    )
    natures: list[str] = spec("One or two Natures (bottom right, p. 6).", min_items=1, ref="nature")
    start_loot: StartLoot = spec("Start loot symbols (bottom right).")
    bonuses: list[str] = spec(
        "Treasure-bonus symbols at the bottom of the card (p. 12).", [], ref="bonus"
    )
    no_trade: bool = spec("The No-Trade symbol (p. 11).", False)
    special: str = spec("Special ability text († means this hero).", "", max_len=400)


@model
class Quest(Model):
    """A quest card (p. 15)."""

    name: str = spec("Title.", max_len=40)
    rating: str = spec(
        "The hero rating challenged (a rating id), or `gold` for gold-paying (p. 15).",
        pattern=r"[a-z]+",
        ref="challenged",
    )
    value: int = spec("The card's rating, or the gold to pay.", ge=0, le=12)
    draws: int = spec("Card draws on a Pass (War/Secret 1, Elite 2).", ge=0, le=9)
    virtue_bonus: list[int] = spec("Virtue bonus numbers shown on Amaze.", [])
    text: str = spec("Flavour text.", "", max_len=200)


@model
class QuestDeck(Document):
    """quests/<faction>.yaml: the Quest deck of one Faction key (p. 4)."""

    faction: str = spec("The faction whose key the deck sits by.", pattern=SLUG, ref="faction")
    cards: list[Quest] = spec("The quest cards.", min_items=1)


@model
class ChallengeCard(Model):
    """A challenge card: the face for each difference, the Hit bar, Luck and Dome range."""

    faces: list[Literal["amaze", "pass", "squeak", "fail", "fopp"]] = spec(
        "The face for each difference, from the lowest (-6) to the highest (+6)."
    )
    hit_from: int = spec("Lowest difference the blue Hit bar reaches.")
    luck: int = spec("The Luck number (p. 22).", ge=0, le=9)
    domes: str = spec(
        "Dismissal range (p. 7), e.g. `3-4` or `1 or 6`.", pattern=r"[1-6](-[1-6]| or [1-6])?"
    )


@model
class ChallengeDeck(Document):
    """challenges/<team>.yaml: a team's challenge deck (p. 4, p. 14)."""

    team: Literal["white", "black"] = spec("Skyhawks (white) or Psiclones (black).")
    cards: list[ChallengeCard] = spec("The cards.", min_items=1)


@model
class TreasureCard(Model):
    """A treasure card (War, Secret or Elite, p. 4, p. 10)."""

    name: str = spec("Name.", max_len=40)
    price: int = spec("Gold it costs in a market (p. 10).", 0, ge=0, le=20)
    text: str = spec("What it does.", max_len=240)
    copies: int = spec("Copies in the deck.", 1, ge=1, le=40)


@model
class TreasureDeck(Document):
    """treasure/<deck>.yaml: the War, Secret or Elite deck (p. 4, p. 10)."""

    deck: Literal["war", "secret", "elite"] = spec("Which treasure deck.")
    cards: list[TreasureCard] = spec("The cards, each with its copies.", min_items=1)
