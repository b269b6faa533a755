"""God Emperor megagame content models: the game file, the Court, the Underground, the
favors, the war map's layout and the cast.

Line numbers in `source` fields are those of the rules text
(`god-emperor-megagame-rules.txt`). Regions are named as the rules name them
(three-letter names such as `Zen`); Houses, provinces and factions by slug.
"""

from __future__ import annotations

from typing import Literal

from toolkit.load.rules_text import RULES_TEXTS_DOC, TEXT_PATH
from toolkit.model.content import Document
from toolkit.validate.schema import Model, model, spec

SLUG = r"[a-z0-9]+(-[a-z0-9]+)*"
COLOUR = r"#[0-9a-fA-F]{6}"
SOURCE_DOC = "Line(s) of the rules text, e.g. `L257`."


@model
class House(Model):
    """A Noble House (L255-265)."""

    id: str = spec("Slug, e.g. `cat`.", pattern=SLUG)
    name: str = spec("Name as printed, e.g. `Cat`.")
    province: str = spec(
        "The province its table sits in (the schedule's proposers, L255-266).",
        pattern=SLUG,
        ref="province",
    )
    castle: str = spec(
        "Region of its home castle, where it hosts the Court (L257-265).", ref="region"
    )
    colour: str = spec("Colour of its badges, flags and hostage tokens.", pattern=COLOUR)
    source: str = spec(SOURCE_DOC, "")


@model
class Province(Model):
    """A province and its regions, in the order the rules list them (L249-253)."""

    id: str = spec("Slug, e.g. `west`.", pattern=SLUG)
    name: str = spec("Name as printed, e.g. `The West`.")
    regions: list[str] = spec("Region names.", min_items=1)
    source: str = spec(SOURCE_DOC, "")


@model
class Castle(Model):
    """A castle on the war map (L129, L193)."""

    region: str = spec("Region the castle stands in (L129, L193).", ref="region")
    kind: Literal["home", "neutral"] = spec("A House's home castle or a neutral castle.")
    house: str = spec("The House whose home it is (home castles).", "", pattern=SLUG, ref="house")
    name: str = spec("Name printed on the map.", "")


@model
class Sitting(Model):
    """One month of the Court's schedule (L255-266)."""

    month: int = spec("Month (round) number.", ge=1, le=99)
    province: str = spec(
        "Province hosting the Court; empty when it meets elsewhere (L255-266).",
        "",
        pattern=SLUG,
        ref="province",
    )
    host: str = spec("Host House.", "", pattern=SLUG, ref="house")
    region: str = spec("Region of the host castle (L255-266).", "", ref="region")
    place: str = spec("Where the Court meets when it is not a region (e.g. `God`).", "")
    proposers: list[str] = spec("Houses that may propose laws; empty: all Houses.", [], ref="house")
    text: str = spec("The schedule line as printed.")
    source: str = spec(SOURCE_DOC, "")


@model
class Step(Model):
    """A step of a phase or room timeline, with its minutes."""

    name: str = spec("Name as printed.")
    minutes: float = spec("Minutes, as printed.", ge=0)
    repeat: int = spec("How many times the step runs.", 1, ge=1)
    text: str = spec("What happens.", "")
    source: str = spec(SOURCE_DOC, "")


@model
class Room(Model):
    """A room's timeline, played inside the round's Action phase."""

    id: str = spec("Slug, e.g. `court`.", pattern=SLUG)
    name: str = spec("Name, e.g. `The Court`.")
    steps: list[Step] = spec("Steps in order.", min_items=1)


@model
class Moment(Model):
    """A line of the game timetable (L70-78)."""

    time: str = spec("Clock time, 24-hour `HH:MM`.", pattern=r"[0-2][0-9]:[0-5][0-9]")
    event: str = spec("What happens.")
    source: str = spec(SOURCE_DOC, "")


@model
class Rounds(Model):
    """The rounds (L76, L82)."""

    count: int = spec("Rounds (months) in a game.", ge=1, le=50)
    minutes: int = spec("Minutes per round.", ge=1)
    first: str = spec(
        "When round 1 begins (timetable time), `HH:MM`.", pattern=r"[0-2][0-9]:[0-5][0-9]"
    )
    end: str = spec("When the game concludes, `HH:MM`.", pattern=r"[0-2][0-9]:[0-5][0-9]")
    extra: int | None = spec(
        "Minutes round 1 is given beyond the others. The rules say only that it 'will be "
        "allotted extra time' (L76): the designer's number; without it, the time the day "
        "has left over after the rounds.",
        None,
        ge=0,
    )


@model
class Status(Model):
    """What a status strip tracks (L16-18, L546-548)."""

    ranks: int = spec("Positions within a House, 1 the highest.", ge=1, le=60)
    wounds: int = spec("Wounds that kill (`If you take 3 Wounds, you die`).", ge=1, le=9)
    hostage_marks: int = spec("Hostage marks printed on a strip.", ge=0, le=12)


@model
class Attack(Model):
    """What a House's attack value counts in a battle (L179-183)."""

    unit: int = spec("Attack per unit it owns in the region.", ge=0)
    allied_unit: int = spec("Attack per unit of a House that chose to ally with it.", ge=0)
    castle: int = spec("Attack if the region holds a castle it holds.", ge=0)


@model
class War(Model):
    """The War Room's numbers: start, battle, rewards, neutral castles (L127-237)."""

    start_units: int = spec("Units each House starts with (L129).", ge=0)
    start_castles: int = spec("Castles each House starts with, its ancestral home (L129).", ge=0)
    orders: int = spec("Orders a player in the War Room may issue each month (L137).", ge=0)
    attack: Attack = spec("A House's attack value in a battle (L179-183).")
    castle_power: int = spec("Power per castle a House controls after the first (L172).", ge=0)
    free_castles: int = spec("Castles that give no Power ('after the first', L172).", ge=0)
    victory_power: int = spec(
        "Extra Power per House overcome in battle on a castle's region (L173).", ge=0
    )
    rumor_favor: int = spec("Favor per Rumor a House holds (L174).", ge=0)
    victory_favor: int = spec(
        "Extra Favor for a Rumor's region where the House overcame another (L174).", ge=0
    )
    neutral_units: int = spec(
        "Units of the God Emperor's remnants at a neutral castle (L189).", ge=0
    )
    regenerate: int = spec("Units a neutral castle's empty region regenerates (L189).", ge=0)
    marriage_power: int = spec("Power given to a married House one attacks (L213).", ge=0)
    source: str = spec(SOURCE_DOC, "")


@model
class Start(Model):
    """What the set-up gives that the rules do not say (L129 gives the units and the castle,
    not where the units stand, nor any Power or Favors): the designer's, placeholders."""

    units_at: Literal["castle"] = spec(
        "Where each House's starting units stand: `castle`, its home castle's region.", "castle"
    )
    power: int = spec("Power each House starts with.", 0, ge=0, le=99)
    favors: int = spec("Favor cards each House starts with.", 0, ge=0, le=20)
    emperor_hostages: str = spec(
        "Where the God Emperor's hostages (law 4) sit, he being played by Control (L67).", ""
    )


@model
class Game(Document):
    """game.yaml: Houses, provinces, castles, the Court's schedule, rounds and timings."""

    title: str = spec("The game's title.")
    rules_texts: dict[str, str] = spec(RULES_TEXTS_DOC, {}, pattern=TEXT_PATH)
    houses: list[House] = spec("The nine Houses.", min_items=1)
    houses_per_province: int = spec("Houses at each province's table.", ge=1)
    provinces: list[Province] = spec("The three provinces and their regions.", min_items=1)
    castles: list[Castle] = spec("Castles on the war map.", [])
    mountain: str = spec("The mountain at the map's heart.")
    capital: str = spec("Where the Court meets in the last month.")
    schedule: list[Sitting] = spec("The Court's monthly schedule.", min_items=1)
    rounds: Rounds = spec("Rounds and the day's clock.")
    phases: list[Step] = spec("The round's phases, in order (L82-118).", min_items=1)
    action_phase: str = spec("The phase in which the rooms play.")
    rooms: list[Room] = spec("Each room's timeline inside the Action phase.", [])
    timetable: list[Moment] = spec("The game day.", [])
    status: Status = spec("What a status strip shows.")
    war: War = spec("The War Room's numbers (L127-237).")
    start: Start = spec("The set-up's choices the rules leave open.", Start())


@model
class Law(Model):
    """One of the God Emperor's sentences (L334-360)."""

    number: int = spec("Number as printed.", ge=1)
    text: str = spec("The law as printed.")
    rider: str = spec("The sentence printed after it, applying to the laws above it.", "")


@model
class Cost(Model):
    """A Court proposal, a Court Military Action or a scheme, with its cost."""

    id: str = spec("Slug.", pattern=SLUG)
    name: str = spec("Name as printed.")
    cost: int = spec("Cost as printed; 0 for a trap, which has none.", ge=0)
    per: str = spec("What the cost is per (`Power or Favor`, `unit`, ...); empty: flat.", "")
    trap: bool = spec("A trap scheme (it has no cost).", False)
    text: str = spec("Effect as printed.")
    copies: int = spec("Copies of the card in each Scheme deck (schemes only).", 1, ge=1, le=20)
    source: str = spec(SOURCE_DOC, "")


@model
class Court(Document):
    """court.yaml: the existing laws, proposals and Court Military Actions."""

    laws_stated: int = spec("How many sentences the rules say he spoke (L332).", ge=1)
    laws: list[Law] = spec("The existing laws.", min_items=1)
    proposals: list[Cost] = spec("Court proposals (L272-287).", min_items=1)
    military_actions: list[Cost] = spec("Court Military Actions (L289-300).", [])
    pool: dict[str, int] = spec("Power and Favor placed before each House (L304).")
    immortals: int = spec("Immortals guarding the Court.", ge=0)
    immortal_attack: int = spec("Attack of each Immortal.", ge=0)
    uprising: list[int] = spec(
        "The majority of the assembled players that casts out the Sovereign, as [numerator, "
        "denominator] (L396: '2/3').",
        min_items=2,
        max_items=2,
        ge=1,
    )


@model
class Draw(Model):
    """Minions drawn by a player of a rank (L471-475)."""

    rank: int = spec("Rank, 1 the highest.", ge=1)
    draws: int = spec("Minions drawn.", ge=0)


@model
class Minion(Model):
    """Cards of one kind and colour in each House's minion deck."""

    kind: Literal["rock", "paper", "scissors"] = spec("Rock, paper or scissors (L482-484).")
    colour: Literal["red", "blue"] = spec("Red or blue (L485).")
    count: int = spec("Copies in a House deck.", ge=0)
    master: bool = spec("A Master Minion (the Spy Tower's, L534).", False)


@model
class Underground(Document):
    """underground.yaml: the schemes, minion draws and the minion deck."""

    schemes: list[Cost] = spec("Schemes (L440-463).", min_items=1)
    draws: list[Draw] = spec("Minion draws by rank.", min_items=1)
    deck: list[Minion] = spec("Each House's minion deck.", min_items=1)
    masters: list[Minion] = spec("Master Minions a Spy Tower may swap in.", [])
    master_play: str = spec(
        "How a Master Minion plays, printed on its card and Control's reference: the rules "
        "call it 'more powerful' (L534) and never say how, so this is the designer's to write "
        "(a placeholder until then).",
        "",
    )
    hand: int = spec("Schemes a House draws from the Scheme deck (L468).", ge=1)
    scheme_decks: int = spec(
        "Scheme decks the kit prints: one for each Underground table (L496).", 1, ge=1, le=9
    )
    minion_decks: int | str = spec(
        "Copies of the minion deck each House gets: a number, or a formula of `players` (the "
        "House's players), e.g. `max(1, players / 5)`.",
        1,
    )
    beats: dict[str, str] = spec(
        "What each minion beats (L482-484: Rock beats Scissors, Scissors beats Paper, Paper "
        "beats Rock).",
        {},
    )


@model
class Faction(Model):
    """A favor faction and the building three of its favors buy (L532-538)."""

    id: str = spec("Slug.", pattern=SLUG)
    name: str = spec("Name as printed.")
    text: str = spec("Who they are, as printed.")
    building: str = spec("The building it unlocks; empty if the rules give none.", "")
    effect: str = spec("What the building does.", "")
    source: str = spec(SOURCE_DOC, "")


@model
class WarBuilding(Model):
    """A building as the War Room rules list it (L216-222)."""

    name: str = spec("Name as printed.")
    faction: str = spec(
        "The faction whose favors build it (a faction id).", pattern=SLUG, ref="faction"
    )
    text: str = spec("As printed.")
    source: str = spec(SOURCE_DOC, "")


@model
class FavorCard(Model):
    """A favor card: the five items the rules list (L522-528)."""

    name: str = spec("Name.", max_len=40)
    faction: str = spec("The favor faction it belongs to (L530-540).", pattern=SLUG, ref="faction")
    ability: str = spec("What the card does.", max_len=240)
    timing: str = spec("When it can be played.", max_len=60)
    location: str = spec("Where it can be used.", max_len=40)
    copies: int = spec("Copies in the deck.", 1, ge=1, le=20)


@model
class Favors(Document):
    """favors.yaml: the five favor factions, their buildings and the favor cards."""

    favors_to_build: int = spec("Favors of one faction that buy its building.", ge=1)
    factions: list[Faction] = spec("The favor factions.", min_items=1)
    war_buildings: list[WarBuilding] = spec("Buildings as the War Room rules list them.", [])
    cards: list[FavorCard] = spec("The favor deck.", [])


@model
class Place(Model):
    """Where a region sits on the war map: a cell of a hex grid (axial q, r)."""

    q: int = spec("Hex column.", ge=-30, le=30)
    r: int = spec("Hex row.", ge=-30, le=30)


@model
class MapLayout(Document):
    """map.yaml: the war map's geometry (the rules give none: every value a placeholder)."""

    width: float = spec("Board width, mm.", ge=100, le=2000)
    height: float = spec("Board height, mm.", ge=100, le=2000)
    regions: dict[str, Place] = spec("Each region's cell, by region name.", keys="region")
    mountain: list[Place] = spec("Cells of the mountain.", min_items=1)
    capital: Place = spec("Cell of the capital.")
    roads: list[list[str]] = spec("Places for Road markers: pairs of neighbouring regions.", [])


@model
class Player(Model):
    """One player of the cast."""

    name: str = spec("Name on the badge.", max_len=40)
    house: str = spec("House id.", pattern=SLUG, ref="house")
    rank: int = spec(
        "Starting position in the House, 1 the highest; 0: in cast order.", 0, ge=0, le=60
    )


SPARES = 2  # spare badges a House: the rules give no number


@model
class Cast(Document):
    """cast.yaml: the players, as the organiser lists them."""

    event: str = spec("Event name printed on badges.", "")
    players: list[Player] = spec("Every player.", min_items=1)
    spares: int = spec(
        "Blank badges and status strips printed for each House beside its players, for its "
        "Funerals: a player who dies comes back as a different character (L548).",
        SPARES,
        ge=0,
        le=20,
    )
