"""Forty Factions content models: the expansions' side boards.

Sacred Circles' Forests (SC3.1) and Grasslander Gathering (SC3.2); Doorways to Dreams' Hall
of Mirrors (DD3.1), Congress of Dreams (DD3.2) and Madness Indicator (DD3.3).
"""

from __future__ import annotations

from typing import Literal

from toolkit.games.forty_factions.common_fields import CARD_NO, SLUG
from toolkit.model.content import Document
from toolkit.validate.declare import Model, model, spec


@model
class Forest(Model):
    """A Forest of the SC map side board (SC3.1.1)."""

    area: str = spec("Area id of the Forest in game.yaml.", pattern=SLUG, ref="area")
    sacred_circles: int = spec("Sacred Circles in it.", ge=0)
    lesser_circles: int = spec("Lesser Circles in it (SC3.1.3).", 0, ge=0)
    lesser_value: float = spec("What a Lesser Circle counts as (SC3.1.3).", 0.5, ge=0, le=1)
    lesser_names: list[str] = spec("Names of the Lesser Circles as the rules give them.", [])
    lesser_holders: list[int] = spec(
        "Faction holding each Lesser Circle, in the order of `lesser_names` (SC3.1.3).",
        [],
        ref="faction",
    )
    source: str = spec("Rules section.", "")


@model
class SacredCircles(Document):
    """The Sacred Circles map side board (SC3.1)."""

    forests: list[Forest] = spec("The scoring Forests.", min_items=1)


@model
class TotemSide(Model):
    """FgF: the rival tribe that may hold a totem instead (SC3.1.5, SC3.2.5.1)."""

    animal: str = spec("Totem animal of the rival tribe.")
    faction: int = spec("Faction number of the rival tribe.", ref="faction", **CARD_NO)


@model
class Totem(Model):
    """A Totem of the Grasslander Gathering (SC3.2.5) and its line of the Influence Table."""

    animal: str = spec("Totem animal.")
    faction: int = spec(
        "The Grasslander Tribe whose totem it is (SC3.2.5).", ref="faction", **CARD_NO
    )
    central: bool = spec("The central totem (SC3.2.5).", False)
    rival: TotemSide | None = spec("FgF: contested by another tribe.", None)
    influence: list[int] = spec(
        "Influence Table: 3 or 4 factions in priority order, highest first (SC3.2.5.2).",
        [],
        ref="faction",
    )


@model
class GatheringVP(Model):
    """VPs for the Gathering (SC3.2.7)."""

    control: int = spec("Clear majority: control of the Gathering.", ge=0)
    sole_totem: int = spec("Only one totem controlled.", ge=0)
    strongest_of_several: int = spec("Most chits without a majority.", ge=0)


@model
class Gathering(Document):
    """The Grasslander Gathering side board (SC3.2)."""

    die: int = spec("Die rolled to see if a Gathering is held (SC3.2.2).", ge=2)
    totems: list[Totem] = spec("The 13 totems: 12 in the circle and the central one.", min_items=1)
    influence_any: list[int] = spec(
        'Factions with "Influence only over any Totem" (SC3.2.5.2).', [], ref="faction"
    )
    vp: GatheringVP = spec("VPs (SC3.2.7).")
    since_last: int = spec(
        "Once a Gathering has been held, the roll needed falls by this number less the Game "
        "Turns since the last one (SC3.2.2).",
        ge=0,
    )
    plot: int | None = spec(
        "The Plot that calls an Extraordinary Gathering, which does not count as one held "
        "(SC3.2.2, SC3.2.3, SC3.2.10).",
        None,
        ref="plot",
        **CARD_NO,
    )


@model
class Hall(Model):
    """One of the two Halls of Mirrors (DD3.1.1)."""

    side: Literal["light", "dark"] = spec("Light side (Dreams) or dark side (Madness, Chaos).")
    name: str = spec("Hall name.")
    carpet: str = spec("Carpet colour on the board.", pattern=r"[a-z]+")
    domain: str = spec("Area id of the Domain it stands for (DD3.1.1).", pattern=SLUG, ref="area")
    mirrors: int = spec("Number of mirrors (12, DD3.1.5).", ge=1)


@model
class Mirror(Model):
    """A Magic Mirror with its numbered circles (DD3.1.2)."""

    number: int = spec("Position along the hall, 1 = nearest the entrance.", ge=1)
    side: Literal["light", "dark"] = spec("Which hall.")
    otherworld: str = spec("The Otherworld it leads to.", max_len=60)
    circles: list[int] = spec(
        "Faction numbers of its numbered circles, nearest the mirror (precedence) first (DD3.1.2).",
        [],
        max_items=2,
        ref="faction",
    )


@model
class HiddenMirror(Model):
    """FgF: a hidden mirror at the end of a hall, with no numbered circle (DD3.1.2.3)."""

    side: Literal["light", "dark"] = spec("Which hall.")
    end: Literal["entrance", "exit"] = spec("Which end of the hall.")
    otherworld: str = spec("The Otherworld it leads to.", max_len=60)
    faction: int | None = spec(
        "The Forgotten Faction whose pawn it takes (DD3.1.2.3).", None, ref="faction", **CARD_NO
    )


@model
class HallOfMirrors(Document):
    """The Hall of Mirrors side board (DD3.1)."""

    halls: list[Hall] = spec("The two halls.", min_items=2, max_items=2)
    mirrors: list[Mirror] = spec("The numbered mirrors of both halls.", min_items=1)
    hidden: list[HiddenMirror] = spec("FgF hidden mirrors at the hall ends.", [])


@model
class Congress(Document):
    """The Congress of Dreams side board (DD3.2)."""

    circles: list[int] = spec(
        "Faction numbers with a numbered circle at the table.", [], ref="faction"
    )
    chance_per_seat: int = spec(
        "Percent chance per Activated seat that it sits (DD3.2.3).", ge=0, le=100
    )
    chance_per_seat_all_mad: int = spec(
        "The same when all Areas are at Madness 10 (DD3.3.6).", ge=0, le=100
    )
    vp_die: int = spec("VPs are 1d<this>, at most the seats held (DD3.2.4).", ge=1)
    plot: int | None = spec(
        "The Plot that calls a Congress during the Role-Playing Phase (DD3.2.6).",
        None,
        ref="plot",
        **CARD_NO,
    )


@model
class MadnessAlignment(Model):
    """An alignment of Madness (DD3.3.1)."""

    code: Literal["G", "N", "E"] = spec("Letter.")
    name: str = spec("Name (Delirium, Mania, Despair).")


@model
class MadnessVP(Model):
    """A row of the Madness VP table (DD3.3.4.1)."""

    low: int = spec("Lowest Level of Madness of the row.", ge=0)
    high: int = spec("Highest Level of the row.", ge=0)
    vp: int = spec("VPs per Area at that level.", ge=0)
    note: str = spec("Remark the rules print with the row.", "")


@model
class MadnessBonus(Model):
    """A temple's bonus VP (DD3.3.4.2-3)."""

    faction: int = spec("Faction number (DD3.3.4.2).", ref="faction", **CARD_NO)
    alignment: Literal["G", "N", "E"] = spec("Alignment of Madness required.")
    min_level: int = spec("Level of Madness required in any Area.", ge=1)
    vp: int = spec("Bonus VPs.", ge=0)


@model
class Madness(Document):
    """The Madness Indicator side board (DD3.3)."""

    max_level: int = spec("Highest Level of Madness (DD3.3.1).", ge=1)
    alignments: list[MadnessAlignment] = spec("Alignments of positive levels.", min_items=1)
    areas: list[str] = spec(
        "Area ids tracked (the base-game Areas, DD3.3).", min_items=1, ref="area"
    )
    vp: list[MadnessVP] = spec("VP table (DD3.3.4.1).", min_items=1)
    scoring_factions: list[int] = spec(
        "Temples scoring the table (DD3.3.4.1).", min_items=1, ref="faction"
    )
    bonuses: list[MadnessBonus] = spec("Bonus VPs (DD3.3.4.2-3).", [])
