"""Forty Factions content models: the game file, factions, plots and side boards.

Field order follows the rules: faction sheets 4.3.1-4.3.16, plot sheets 4.4.
Ids (areas, parties, categories, expansions) are slugs defined in game.yaml;
faction and plot references are card numbers. Whether a reference resolves is a
check (`references.py`), not a schema matter.
"""

from __future__ import annotations

from typing import Literal

from toolkit.load.art import ART_REF
from toolkit.load.rules_text import RULES_TEXTS_DOC, TEXT_PATH
from toolkit.model.content import Document
from toolkit.validate.schema import Model, model, spec

SLUG = r"[a-z0-9]+(-[a-z0-9]+)*"
EXPANSION_CODE = r"[A-Za-z0-9]{2,8}"
CARD_NO = {"ge": 1, "le": 999}


@model
class Passage(Model):
    """A paragraph of sheet text; with `expansion` it applies only when that expansion
    is in play (rules 4.3.16: text prefaced "SC", "DD" or "FgF")."""

    text: str = spec("The paragraph.")
    expansion: str = spec(
        "Expansion code this passage applies to (SC, DD, FgF); empty: always.",
        "",
        pattern=EXPANSION_CODE,
        ref="expansion",
    )
    source: str = spec(
        "Where the rules give it: a section (`8.6`, `SC3.2.10`) or line (`000:798`), see "
        "`toolkit.validate.sources`.",
        "",
    )


Prose = str | list[str | Passage]
PROSE_DOC = "Text: a string, or a list of paragraphs (strings or {text, expansion, source})."


RULES_DOC = (
    "Passages of the rules that apply to this card, quoted as printed (a cut marked `…`), "
    "each with its `source`; printed on the sheet under Rules (13.2.2.1: many rules are "
    "found on the Information Sheets)."
)


def passages(value: Prose) -> list[Passage]:
    """Normalise a prose field to a list of passages (empty strings dropped)."""
    if isinstance(value, str):
        return [Passage(text=value)] if value.strip() else []
    return [Passage(text=v) if isinstance(v, str) else v for v in value if v]


# --------------------------------------------------------------------------- factions


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
        "The card's illustration, a picture under art/ (PNG, JPEG or SVG), shown above the "
        "name on the card face; empty: none yet.",
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


# --------------------------------------------------------------------------- game file


@model
class Expansion(Model):
    """The base game or an expansion (rules 13.1)."""

    code: str = spec(
        "Short code printed on sheets (base, 50F, SC, DD, Promo, FgF).", pattern=EXPANSION_CODE
    )
    name: str = spec("Full name.")
    source: str = spec("Rules section.", "")


@model
class Area(Model):
    """An Area of Tehmor (12.2), or an area-like Forest (SC3.1) or Domain (DD3.1.3)."""

    id: str = spec("Slug used by locations.", pattern=SLUG)
    name: str = spec("Name shown on boards and sheets.")
    board: str = spec(
        "Board the area is drawn on (main, sacred-circles, hall-of-mirrors).", pattern=SLUG
    )
    expansion: str = spec(
        "Expansion that adds the area; empty for the base game.",
        "",
        pattern=EXPANSION_CODE,
        ref="expansion",
    )
    locations: int | None = spec(
        "Number of base-game Locations in the area (12.2.1); empty where the rules give none.",
        None,
        ge=0,
    )
    vp: int = spec("VPs for Control of the area (12.2.1).", ge=0)
    vp_with: dict[str, int] = spec(
        "VPs when an expansion is in play, by expansion code (13.2.3.1).",
        {},
        ge=0,
        keys="expansion",
    )
    single_pawn_vp: int | None = spec(
        "VPs when only one pawn is placed in it (12.2.2, SC3.1.2, DD3.1.4).", None, ge=0
    )
    scoring: bool = spec("False for circles shown for role-play only (SC3.1.4).", True)
    source: str = spec("Rules section.", "")


@model
class AreaTotals(Model):
    """The totals row of the table in 12.2.1."""

    locations: int = spec("Total number of base-game Locations.", ge=0)
    vp: int = spec("Total VPs for the areas.", ge=0)


@model
class Party(Model):
    """A Political Party of the Council (4.3.6, 10.3.1), or an expansion's politics."""

    id: str = spec("Slug used by factions' `politics`.", pattern=SLUG)
    name: str = spec("Name as the rules print it.")
    body: Literal["council", "gathering", "congress"] = spec(
        "The body whose politics this is: the Council (base), the Grasslander Gathering (SC) "
        "or the Congress of Dreams (DD)."
    )
    expansion: str = spec(
        "Expansion that adds it; empty for the base game.", "", pattern=EXPANSION_CODE
    )
    seats: int = spec("Council seats of the party (10.3.1).", 0, ge=0)
    faction: int | None = spec(
        "Number of the party's own faction (10.3.2.2.1, 10.3.3).", None, ref="faction", **CARD_NO
    )
    faction_holds_seat: bool = spec(
        "False when the party faction holds no seat (the Anarchist Movement, 10.3.3).", True
    )
    enemies: list[str] = spec(
        "Parties it may never form a Coalition with (10.3.6).", [], ref="party"
    )
    colour: str = spec(
        "Print colour of its seats on the Council board, #rrggbb.",
        "",
        pattern=r"(#[0-9a-fA-F]{6})?",
    )
    source: str = spec("Rules section.", "")


@model
class Category(Model):
    """A faction category (4.3.7)."""

    id: str = spec("Slug used by factions' `category` and `enemies`.", pattern=SLUG)
    name: str = spec("Name as printed.")
    expansion: str = spec(
        "Expansion that adds it; empty for the base game.", "", pattern=EXPANSION_CODE
    )


@model
class CouncilVP(Model):
    """VPs for the Council (12.3.1)."""

    minority: int = spec("Minority Control.", ge=0)
    majority: int = spec("Majority Control.", ge=0)
    overlord: int = spec("Overlord, per Council Phase held.", ge=0)
    seat_change: int = spec("Gain (+) or loss (-) of a Seat by a faction.", ge=0)
    single_pawn: int = spec("Control VPs when only one pawn is in the Council (12.3.2).", ge=0)


@model
class Council(Model):
    """The Council of Tehmor (10.1-10.3)."""

    seats: int = spec("Councillors: there must always be Forty Seats (10.1.3).", ge=1)
    two_thirds: int = spec("Votes to elect or remove the Overlord (10.2.1, 10.3.8).", ge=1)
    vp: CouncilVP = spec("VPs (12.3.1).")
    overlord_party: str = spec(
        "Party whose Leader is Overlord at the start (10.2.1).", pattern=SLUG
    )
    voting_summary: list[str] = spec("Summary of Voting Procedure (end of 10.3).", [])


@model
class Conclave(Model):
    """The Secret Conclave of the Thieves' Guilds (10.4)."""

    category: str = spec("Category whose factions hold its seats (10.4.2).", pattern=SLUG)
    vp: int = spec("VP for majority Control (10.4.3, 12.4.1).", ge=0)


@model
class Suit(Model):
    """A Minor Arcana suit and the expansion whose factions it numbers (3.1, 13.1)."""

    name: str = spec("Suit name as in the card names (Swords, Cups, ...).")
    expansion: str = spec("Expansion code.", pattern=EXPANSION_CODE, ref="expansion")
    first: int = spec("Number of the suit's King.", **CARD_NO)


@model
class NumberRange(Model):
    """Card numbers an expansion (or group of expansions) uses (13.1)."""

    expansions: list[str] = spec(
        "Expansion codes sharing the range (13.1).", min_items=1, ref="expansion"
    )
    first: int = spec("First number.", **CARD_NO)
    last: int = spec("Last number.", **CARD_NO)

    def _problems(self) -> list[tuple[str, str]]:
        if self.first > self.last:
            return [("last", f"range ends ({self.last}) before it starts ({self.first})")]
        return []


@model
class Decks(Model):
    """The two decks: Minor Arcana factions and Major Arcana plots (3, 13.1)."""

    suits: list[Suit] = spec("Suits of the faction deck.", min_items=1)
    ranks: list[str] = spec(
        "Ranks in numbering order: King, Queen, Knight, Knave, Ten ... Ace.", min_items=1
    )
    faction_numbers: list[NumberRange] = spec("Faction numbers by expansion.", min_items=1)
    arcana: list[str] = spec(
        "Major Arcana names in order, 0 The Fool to XXI The World.", min_items=22, max_items=22
    )
    plot_numbers: list[NumberRange] = spec(
        "Plot numbers: each range is one complete Major Arcana in arcana order.", min_items=1
    )
    promo_card: str = spec("Tarot card the Promo cards stand for (13.1.4).", "")
    alleyman_arcana: list[str] = spec(
        "The Major Arcana of The Alleyman's Tarot in its own order, 0 to XXI (a numeral on an "
        "Alleyman's card is its place here); empty: the order of `arcana`.",
        [],
        max_items=22,
    )
    arcana_aliases: dict[str, str] = spec(
        "Other names of Major Arcana cards (e.g. `The House of God: The Lightning-Struck "
        "Tower`), so an Alleyman's card printed under one is known.",
        {},
    )


@model
class HandSize(Model):
    """One row of 5.3.2."""

    players: int = spec("Number of players.", ge=1)
    or_more: bool = spec("This row also covers more players (≥).", False)
    cards: int = spec("Initial faction cards per player.", ge=0)


@model
class Draw(Model):
    """Cards drawn in the Cards Phase (6.6.3, 11.2.2)."""

    cards: int = spec("Cards each player draws.", ge=0)
    small_game_max_players: int = spec("Games with at most this many players draw more.", ge=0)
    small_game_cards: int = spec("Cards drawn in such a game.", ge=0)
    discard_bonus: int = spec("Extra card after discarding one or more.", ge=0)


@model
class PawnColour(Model):
    """One row of 5.6: a colour and the factions that take it, in priority order."""

    colour: str = spec("Colour name.", pattern=r"[a-z]+")
    css: str = spec("Print colour, #rrggbb.", pattern=r"#[0-9a-fA-F]{6}")
    factions: list[int] = spec(
        "Faction numbers, highest priority first (5.6).", min_items=1, ref="faction"
    )


@model
class Setup(Model):
    """Set-up (5)."""

    plots_per_player: int = spec("Plot cards dealt to each player (5.3.1).", ge=0)
    faction_cards: list[HandSize] = spec("Initial faction cards by players (5.3.2).", min_items=1)
    draw: Draw = spec("Drawing cards (6.6.3).")
    pawn_colours: list[PawnColour] = spec("Pawn colours (5.6).", [])
    beginner_turns: int = spec("Suggested length of a first game in Game Turns (5.2).", ge=1)


@model
class Phase(Model):
    """A phase of the Sequence of Play (6)."""

    number: int = spec("Phase number.", ge=1)
    name: str = spec("Phase name.")
    section: str = spec("Rules section.", "")


@model
class Players(Model):
    """Players the game takes (1.1)."""

    min: int = spec("Fewest players.", ge=1)
    max: int = spec("Most players.", ge=1)
    preferred_min: int = spec("Preferable range, low end.", ge=1)
    preferred_max: int = spec("Preferable range, high end.", ge=1)


@model
class VPTrack(Model):
    """The VP track on the main board (2.1.1.3); players may go negative (6.2.3)."""

    min: int = spec("Lowest space.", le=0)
    max: int = spec("Highest space.", ge=1)


@model
class PlayCosts(Model):
    """What further Activations and Plots cost a player in one Game Turn (12.1)."""

    activation: int = spec(
        "VPs per Faction the player has already Activated that Game Turn (12.1.1, 6.2.3).", ge=0
    )
    plot: int = spec(
        "VPs per Plot the player has already played that Game Turn (12.1.2, 6.3.2).", ge=0
    )
    source: str = spec("Rules section.", "")


@model
class VPRange(Model):
    """The usual range of the DM's role-playing awards (12.5.1)."""

    low: int = spec("Usual lowest award.", le=0)
    high: int = spec("Usual highest award.", ge=0)
    source: str = spec("Rules section.", "")


@model
class EndCondition(Model):
    """A condition the DM may set for the game to end (5.2)."""

    id: Literal["turns", "vp-target", "activated", "deck-out", "time-limit"] = spec(
        "Which condition: turns (5.2.1), vp-target (5.2.2), activated (5.2.3), deck-out "
        "(5.2.4), time-limit (5.2.5)."
    )
    text: str = spec("The condition as the rules state it.")
    source: str = spec("Rules section.", "")


@model
class MapArt(Model):
    """The designer's own map of Tehmor, with the place of every location space on it."""

    image: str = spec(
        "Picture under content/<game>/assets/ (PNG or JPEG), drawn under the Areas.",
        pattern=r"assets/[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*\.(png|jpe?g)",
    )
    spaces: dict[str, list[float]] = spec(
        "Top-left corner (mm, from the map's top left) of each location space, keyed "
        "`<faction number>.<location index>`, e.g. `18.0: [120, 84]`.",
        {},
        min_items=2,
        max_items=2,
        ge=0,
        le=2000,
    )


@model
class Game(Document):
    """The game file: everything about Forty Factions that is not one card or board."""

    title: str = spec("Game title.")
    rules_texts: dict[str, str] = spec(RULES_TEXTS_DOC, {}, pattern=TEXT_PATH)
    players: Players = spec("Players (1.1).")
    expansions: list[Expansion] = spec("Base game and expansions (13.1).", min_items=1)
    areas: list[Area] = spec(
        "Areas of Tehmor (12.2.1), Forests (SC3.1), Domains (DD3.1.3).", min_items=1
    )
    area_totals: AreaTotals = spec("The totals row of 12.2.1.")
    parties: list[Party] = spec("Parties and expansion politics (4.3.6, 10.3.1).", min_items=1)
    categories: list[Category] = spec("Faction categories (4.3.7).", min_items=1)
    council: Council = spec("The Council (10.1-10.3, 12.3).")
    conclave: Conclave = spec("The Conclave (10.4, 12.4).")
    decks: Decks = spec("The decks (3, 13.1).")
    setup: Setup = spec("Set-up (5).")
    sequence_of_play: list[Phase] = spec("Sequence of Play (6).", min_items=1)
    vp_track: VPTrack = spec("VP track (2.1.1.3).")
    play_costs: PlayCosts = spec("VP costs of further Activations and Plots (12.1).")
    roleplay_vp: VPRange = spec("The usual range of role-playing awards (12.5.1).")
    end_conditions: list[EndCondition] = spec(
        "Conditions the DM may set for the game to end (5.2); the first met ends it.",
        min_items=1,
    )
    map_art: MapArt | None = spec(
        "Optional: the designer's map art; without it the main board is a clear schematic.",
        None,
    )


# --------------------------------------------------------------------------- side boards


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
