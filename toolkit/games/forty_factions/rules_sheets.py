"""Forty Factions rules the checker enforces on the faction sheets and the main board:
references, the numbers the rules fix, Council and Conclave seats, locations and Areas,
the designer's map and enemies. Each with its code, title, source, explanation and fix
(`toolkit check --explain CODE`); `rules.py` gathers every table.
"""

from __future__ import annotations

from toolkit.games import Rule

_REF = "every reference names something that exists"

SHEET_RULES: tuple[Rule, ...] = (
    Rule(
        "FF-REF-FACTION",
        "Faction reference resolves",
        "4.3.8",
        f"{_REF}: a faction number used as an enemy, party faction, totem, circle or "
        "pawn colour must be the number of a faction file.",
        "enemies: [31]   # 31 = City Watch, factions/031-city-watch.yaml",
    ),
    Rule(
        "FF-REF-PLOT",
        "Plot reference resolves",
        "SC3.2.10, DD3.2.6",
        f"{_REF}: the Plot that calls an Extraordinary Gathering or a Congress must be the "
        "number of a plot file.",
        "plot: 30   # 30 = Gathering of the Tribes, plots/030-gathering-of-the-tribes.yaml",
    ),
    Rule(
        "FF-REF-AREA",
        "Area reference resolves",
        "4.3.11, 12.2",
        f"{_REF}: a location's area must be an area id of game.yaml.",
        "area: old-town",
    ),
    Rule(
        "FF-REF-PARTY",
        "Politics reference resolves",
        "4.3.6",
        f"{_REF}: politics must be a party id of game.yaml.",
        "politics: liberal",
    ),
    Rule(
        "FF-REF-CATEGORY",
        "Category reference resolves",
        "4.3.7",
        f"{_REF}: a category (or enemy category) must be a category id of game.yaml.",
        "category: temples",
    ),
    Rule(
        "FF-REF-EXPANSION",
        "Expansion reference resolves",
        "13.1",
        f"{_REF}: an expansion code must be one of game.yaml's expansions.",
        "expansion: SC",
    ),
    Rule(
        "FF-CANON",
        "A number the rules fix",
        "10.1.3, 10.3.1, 12.2.1, SC3.1, DD3.3",
        "game.yaml and the board files carry numbers the rules fix (40 Council seats, "
        "each party's seats, the Area table, the Forests, the Totems, the Madness levels). "
        "Changing one changes the game: restore it, or waive with the reason for the "
        "house rule. A changed number is one error, at that value, with what it upsets as "
        "notes under it (a party count, the totals row); the faction files are held to "
        "the rules' number meanwhile, never told to follow the changed one. Waived, the "
        "number is a house rule, and FF-COUNCIL-SEATS, FF-AREA-COUNT and FF-SC-CIRCLES "
        "hold the faction files to it.",
        "council: {seats: 40, two_thirds: 27}",
    ),
    Rule(
        "FF-COUNCIL-SEATS",
        "Forty Council seats in every set-up",
        "10.1.3, 10.3.1, 13.2.1.2",
        "There must always be Forty Seats, Militant 9, Liberal 12, Conservative 9, "
        "Mercantile 9, Independent 1, whatever expansions the DM chooses. A seat counts "
        "for the party of its holder's politics; an expansion faction's seat counts only "
        "when that expansion is in play, so expansion factions cannot add seats.",
        "seats: {council: 1}   # on exactly 40 base-game factions",
    ),
    Rule(
        "FF-COUNCIL-PARTY-FACTION",
        "Party factions",
        "10.3.2.2.1, 10.3.3",
        "The Reform, Conservative and Free Trade Party factions belong to their party and "
        "hold its Seat; the Anarchist Movement is the Militants' party faction but holds "
        "no Seat.",
        "politics: liberal\nseats: {council: 1}",
    ),
    Rule(
        "FF-COUNCIL-POLITICS",
        "Seats belong to Council parties",
        "4.3.6, 10.3.2.1",
        "A Council seat counts for its holder's party, so its holder's politics must be a "
        "Council party, not an expansion's politics (Pacific, Daydream, ...).",
        "politics: mercantile",
    ),
    Rule(
        "FF-PARTY-ENEMIES",
        "Conservatives and Liberals are Enemies",
        "10.3.6",
        "Party enmity is mutual, and the Conservative and Liberal Parties are Enemies for "
        "Coalitions (game.yaml `parties`). 10.3.6 makes the Parties Enemies 'for this "
        "purpose' only and allows Coalitions of Enemy factions, so it asks nothing of the "
        "party factions' own sheets (28, 42).",
        "enemies: [conservative]",
    ),
    Rule(
        "FF-CONCLAVE",
        "Conclave seats",
        "10.4.2, 11.1.5",
        "Only Thieves' Guilds hold Conclave seats, or factions whose sheet says they may "
        "act as one (`thieves_guild: true`).",
        "category: thieves-guilds\nseats: {conclave: 1}",
    ),
    Rule(
        "FF-LOCATIONS",
        "One or two locations",
        "4.3.11, 13.2.3.4",
        "Each faction has one or two Locations, or its Location is Variable.",
        "locations: variable",
    ),
    Rule(
        "FF-LOCATION-EXPANSION",
        "Locations lie in their own game's Areas",
        "2.5, 4.3.11",
        "A faction's location lies in an Area of its own game. A location in an area that "
        "another expansion adds (a Forest of Sacred Circles, for a base, 50F, DD or FgF "
        "faction) is in play only with that expansion, and says so.",
        "- {name: Misty Circles, area: forest-grasslands, circle: sacred, expansion: SC}",
    ),
    Rule(
        "FF-LOCATION-DOMAIN",
        "No Location in a Domain",
        "DD3.1.2, 13.2.3.3",
        "The Domains of Dreams and of Madness and Chaos are reached through the Mirrors of "
        "the Hall of Mirrors: a faction with an Otherworld places its pawn by that Mirror "
        "(DD3.1.2). No faction, of any expansion, has a Location in a Domain; name the "
        "Otherworld under `otherworlds` instead.",
        "otherworlds:\n  - {name: The Dream Market, domain: domain-dreams}",
    ),
    Rule(
        "FF-AREA-COUNT",
        "Locations per Area",
        "12.2.1, 2.5",
        "The base-game locations in each Area (those of base factions not marked as an "
        "expansion's) number exactly what the table of 12.2.1 gives. The message names "
        "who gives which number: game.yaml's count, the table's, or both.",
        "area: old-town   # move a location to the Area that is short",
    ),
    Rule(
        "FF-AREA-TOTAL",
        "The Area table adds up",
        "12.2.1",
        "The totals row equals the sum of the rows. The rules print 76 for rows summing "
        "to 77: the content fixes it with an erratum quoting the printed value.",
        "area_totals: {locations: 77, vp: 9}",
    ),
    Rule(
        "FF-MAP-ART",
        "The designer's map",
        "2.1.1",
        "With `map_art`, the picture lies under content/<game>/assets/ and every location "
        "space shown on the main board has a place on it (`<faction>.<index>: [x, y]`, "
        "mm); no place names a location that is not shown.",
        "map_art:\n  image: assets/tehmor.png\n  spaces: {18.0: [120, 84]}",
    ),
    Rule(
        "FF-ENEMY-SYMMETRY",
        "Enmity holds both ways",
        "4.3.8",
        "If A names B, or B's category, as an enemy, B names A or A's category.",
        "enemies: [18]   # in 031-city-watch.yaml, because 018 names 31",
    ),
    Rule(
        "FF-ENEMY-SELF",
        "No faction is its own enemy",
        "4.3.8",
        "A faction cannot name itself as an enemy.",
        "enemies: [31]",
    ),
    Rule(
        "FF-ENEMY-DUPLICATE",
        "An enemy listed once",
        "4.3.8",
        "Each enemy appears once in a faction's list.",
        "enemies: [31, 88]",
    ),
)
