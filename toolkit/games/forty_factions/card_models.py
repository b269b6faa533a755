"""Forty Factions content models: the cards, factions (rules 4.3) and plots (4.4).

Field order follows the rules: faction sheets 4.3.1-4.3.16, plot sheets 4.4. Whether a
reference resolves is a check (`references.py`), not a schema matter.
"""

from __future__ import annotations

from typing import Literal

from toolkit.games.forty_factions.common_fields import (
    CARD_NO,
    EXPANSION_CODE,
    PROSE_DOC,
    RULES_DOC,
    SLUG,
    Passage,
    Prose,
)
from toolkit.load.art import ART_REF
from toolkit.model.content import Document
from toolkit.validate.declare import Model, model, spec


@model
class Seats(Model):
    """Seats a faction holds (rules 4.3.9; DD3.2.2 for the Congress of Dreams)."""

    council: int = spec('Seats on the Council ("1 on Council", rules 10.1.2).', 0, ge=0, le=1)
    conclave: int = spec(
        "Seats on the Secret Conclave of the Thieves' Guilds (10.4.2).", 0, ge=0, le=1
    )
    congress: int = spec("DD: seat on the Congress of Dreams (DD3.2.2).", 0, ge=0, le=1)


@model
class Location(Model):
    """A location the faction controls (rules 4.3.11), in an Area, Forest or Domain."""

    name: str = spec("The location's name as shown on the board.", max_len=60)
    area: str = spec(
        "Id of the area (or Forest, SC) it lies in, from game.yaml.", pattern=SLUG, ref="area"
    )
    expansion: str = spec(
        "Expansion in which the faction controls it; not in play in the base game (4.3.11).",
        "",
        pattern=EXPANSION_CODE,
        ref="expansion",
    )
    circle: Literal["", "sacred", "lesser"] = spec(
        "SC: a Sacred Circle, or a Lesser Circle counting 0.5 (SC3.1.3).", ""
    )
    side: Literal["", "light", "dark"] = spec(
        "SC/FgF: which side of a shared circle this faction holds (SC3.1.5).", ""
    )
    shared_with: int | None = spec(
        "FgF: number of the faction whose circle this is the other side of; the circle is "
        "one space, contested, not a second location (SC3.1.5).",
        None,
        **CARD_NO,
    )


@model
class Otherworld(Model):
    """DD: the Otherworld a faction's sheet names (DD3.1.2)."""

    name: str = spec("The Otherworld's name, as on its Mirror.", max_len=60)
    domain: str = spec("Id of the Domain area (Dreams, or Madness and Chaos).", pattern=SLUG)
    bracketed: bool = spec(
        "Named in square brackets: not on the Hall of Mirrors board; reached only through "
        "play (DD3.1.2.4).",
        False,
    )


@model
class Faction(Document):
    """A Faction Information Sheet (rules 4.3) and its card (3.1, 13.1)."""

    number: int = spec("Faction number (rules 3.1, 13.1).", **CARD_NO)
    name: str = spec("Name of the faction (4.3.2).", max_len=80)
    tarot: str = spec("The standard tarot card (Minor Arcana) that stands for it (4.3.1).")
    alleyman: str = spec("The card of The Alleyman's Tarot that may stand for it.")
    expansion: str = spec(
        "Base game or expansion code (4.3.3).", pattern=EXPANSION_CODE, ref="expansion"
    )
    timeframe: Prose = spec("When the faction exists in game time (4.3.4). " + PROSE_DOC, "")
    alignment: str = spec("Predominant alignment of its members (4.3.5).", "", max_len=40)
    politics: str = spec(
        "Id of its party or politics, from game.yaml (4.3.6).", pattern=SLUG, ref="party"
    )
    category: str = spec(
        "Id of its category, from game.yaml (4.3.7).", pattern=SLUG, ref="category"
    )
    enemies: list[int | str] = spec(
        "Enemies (4.3.8): faction numbers, or category ids meaning every faction of it.",
        [],
        ref="enemy",
    )
    seats: Seats = spec("Seats held (4.3.9).", Seats())
    characters: list[str] = spec("Leading characters (4.3.10).", [])
    locations: list[Location] | Literal["variable"] = spec(
        "One or two locations (4.3.11), or `variable` (13.2.3.4)."
    )
    resources: Prose = spec("Resources (4.3.12). " + PROSE_DOC, "")
    random_event: Prose = spec("What the Random Event plot does to it (4.3.13). " + PROSE_DOC, "")
    background: Prose = spec("Background and aims (4.3.14). " + PROSE_DOC, "")
    notes: Prose = spec("Notes: special abilities in game play (4.3.15). " + PROSE_DOC, "")
    rules: list[Passage] = spec(RULES_DOC, [])
    thieves_guild: bool = spec(
        "May be played as a Thieves' Guild to steal or block (11.1.5), though not one by category.",
        False,
    )
    otherworlds: list[Otherworld] = spec(
        "DD: its Otherworld (DD3.1.2); two only where the Notes give a second mirror (DD3.1.2.2).",
        [],
        max_items=2,
    )
    madness: Literal["", "G", "N", "E"] = spec(
        "DD: alignment of the Madness it spreads when its location pawn is placed (DD3.3.2).", ""
    )
    emblem: str = spec(
        "The faction's emblem, a picture under art/ (PNG, JPEG or SVG), shown on its sheet's "
        "header and its card; empty: none yet.",
        "",
        pattern=ART_REF,
    )
    illustration: str = spec(
        "The card's illustration, a picture under art/ (PNG, JPEG or SVG), shown beside the "
        "tarot drawing on the card face; empty: its emblem there, or one generated from its data.",
        "",
        pattern=ART_REF,
    )

    @property
    def location_list(self) -> list[Location]:
        return [] if self.locations == "variable" else list(self.locations)


# --------------------------------------------------------------------------- plots


@model
class Plot(Document):
    """A Plot Information Sheet (rules 4.4) and its card (3.2, 13.1)."""

    number: int = spec("Plot number (rules 3.2, 13.1).", **CARD_NO)
    name: str = spec("Name of the plot (4.4.2).", max_len=80)
    tarot: str = spec("The Major Arcana card that stands for it, numeral first (4.4.1).")
    alleyman: str = spec("The card of The Alleyman's Tarot that may stand for it.")
    expansion: str = spec(
        "Base game or expansion code (4.4.3).", pattern=EXPANSION_CODE, ref="expansion"
    )
    specify: Prose = spec("What the player must specify on playing it (4.4.4). " + PROSE_DOC, "")
    notes: Prose = spec("Storyline and how it resolves (4.4.5). " + PROSE_DOC, "")
    rules: list[Passage] = spec(RULES_DOC, [])
