"""Forty Factions content models: the game file, `game.yaml`, and its parts.

Everything about Forty Factions that is not one card or board: expansions, Areas, parties
and categories, the Council and the Conclave, the decks' numbering, set-up, the Sequence
of Play, VPs and the end of the game.
"""

from __future__ import annotations

from typing import Literal

from toolkit.games.forty_factions.common_fields import CARD_NO, EXPANSION_CODE, SLUG
from toolkit.load.rules_text import RULES_TEXTS_DOC, TEXT_PATH
from toolkit.model.content import Document
from toolkit.validate.declare import Model, model, spec


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
