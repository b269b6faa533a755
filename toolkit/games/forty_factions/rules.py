"""Every rule the Forty Factions checker enforces: code, title, source, explanation, fix.

`toolkit check --explain CODE` prints these; waivers must name one of them.
"""

from __future__ import annotations

from toolkit.games import Rule, scoped
from toolkit.model.components import rule_args

_REF = "every reference names something that exists"

RULES: dict[str, Rule] = {
    r.code: r
    for r in (
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
        Rule(
            "FF-FILE-NAME",
            "File named for its number and name",
            "4.3.2, 4.4.2; README (content layout)",
            "A faction or plot file is named `NNN-<slug>.yaml`, its three-digit number and "
            "its name in lower case with hyphens; its sheet is written under the same name. "
            "A file whose name disagrees (two files' contents swapped, a renamed faction) "
            "would print one sheet under another's name.",
            "factions/018-thieves-guild-of-tehmor.yaml\n"
            "  number: 18\n  name: Thieves' Guild of Tehmor",
        ),
        Rule(
            "FF-DECK-NUMBER",
            "Unique card numbers",
            "3.1, 3.2, 13.1",
            "No two factions, and no two plots, share a number.",
            "number: 57",
        ),
        Rule(
            "FF-DECK-RANGE",
            "Numbers by expansion",
            "13.1",
            "Each expansion numbers its cards in its own range (factions 57-70 for 50F, ...); "
            "each plot range is one Major Arcana of 22 cards.",
            "expansion: 50F   # for factions 57-70",
        ),
        Rule(
            "FF-DECK-OVERLAP",
            "Expansion number ranges apart",
            "13.1, 13.1.4, 13.1.5",
            "Each expansion numbers its factions, and its plots, in a range of its own: the "
            "Fifty Factions from 57, Sacred Circles from 71, Doorways to Dreams from 85, the "
            "Promo Cards 99-100, the Forgotten Factions from 101 (13.1.1-13.1.5). No number "
            "lies in two ranges of `decks.faction_numbers`, or of `decks.plot_numbers`: a card "
            "there would be counted in two expansions, and the range that takes in another "
            "expansion's card is the one to mend.",
            "- {expansions: [Promo], first: 99, last: 100}\n"
            "- {expansions: [FgF], first: 101, last: 114}",
        ),
        Rule(
            "FF-DECK-MISSING",
            "Complete decks",
            "3.1, 3.2, 13.1",
            "Every number of every range has its card.",
            "",
        ),
        Rule(
            "FF-DECK-TAROT",
            "No tarot card twice in a deck",
            "3.1, 3.2, 13.2.1.1",
            "Within one deck (the base game's, or one expansion's) a tarot card stands for one "
            "card only.",
            "",
        ),
        Rule(
            "FF-DECK-ALLEYMAN",
            "No Alleyman's card twice",
            "3, 13.2.1.1",
            "One Alleyman's Tarot serves the whole game: each of its cards stands for one "
            "faction or plot.",
            "",
        ),
        Rule(
            "FF-DECK-SUIT",
            "Suits in order",
            "3.1, 13.1",
            "Each suit is numbered King, Queen, Knight, Knave, Ten ... Ace from its first "
            "number, and belongs to one expansion; the Promo cards are Death (alternate "
            "version).",
            "number: 15\ntarot: King of Cups",
        ),
        Rule(
            "FF-DECK-NUMERAL",
            "Numerals match the Major Arcana",
            "3.2",
            "A plot's card is written numeral first and the numeral is the card's place in "
            "the Major Arcana (IIII or IV The Emperor). Where the rules print a wrong numeral, "
            "the content holds the right one and an erratum the printed one.",
            "tarot: VIIII The Hermit\nerrata:\n  - {field: tarot, printed: VIII The Hermit, "
            "source: rules 3.2, note: ...}",
        ),
        Rule(
            "FF-DECK-ALLEYMAN-NUMERAL",
            "Alleyman's numerals",
            "3.2, 13.1",
            "An Alleyman's card written numeral first (Roman or Arabic: 'XVII The Star', "
            "'19 The Sun, Sigil') carries the numeral of its Major Arcana card in the Alleyman's "
            "order (`decks.alleyman_arcana`; other names of a card in `decks.arcana_aliases`). "
            "Where the rules print a wrong numeral, the content holds the right one and an "
            "erratum the printed card.",
            "alleyman: XIIII Temperance\nerrata:\n  - {field: alleyman, printed: XIII "
            'Temperance, source: "000:124", note: ...}',
        ),
        Rule(
            "FF-DECK-EXPANSION",
            "Plots of the shared arcana",
            "13.1.1, 13.1.2, 13.1.3",
            "Plots 23-44 are one Major Arcana shared by Fifty Factions, Sacred Circles and "
            "Doorways to Dreams: each plot's expansion is the one whose table lists it (26 On "
            "The Warpath is SC, 25 The Dark Side DD, 23 The Artefact 50F, ...).",
            "expansion: SC",
        ),
        Rule(
            "FF-NAME-SPELLING",
            "A name printed two ways",
            "13.1.3, DD1, DD3.3.2",
            "Where the rules print a faction's name two ways (the Temple of YHWRC, 'YHWHRC' in "
            "DD3.3.2), the card keeps one and an erratum on `name` quotes the other print; every "
            "other value that names it (its Otherworld, its mirror, a location, a passage on a "
            "sheet) then uses the card's spelling.",
            'errata:\n  - {field: name, printed: Temple of YHWHRC, source: "002:110", note: ...}',
        ),
        Rule(
            "FF-PAWN-COLOUR",
            "Pawn colours",
            "5.6, 2.3",
            "The pawn-colour table of 5.6 is carried as data: each colour with the factions "
            "that take it, in priority order, as the rules give them (the print's swapped heads, "
            "'Liberal Party' for the Reform Party and the merged SOROK / LOFIR / WAGREN are "
            "errata). No faction is listed under two colours, no colour twice, no two colours "
            "print alike, and no two parties share a colour on the Council board.",
            '- {colour: green, css: "#2e7d32", factions: [28, 52]}',
        ),
        Rule(
            "FF-RULES-PASSAGE",
            "Rules passages say where",
            "13.2.2.1, 4.3.16",
            "A passage under a card's `rules:` quotes the rules and gives its `source` (a "
            "section or a line, see `toolkit check --explain SOURCE-FORMAT`); a test checks the "
            "quotation against the rules text and finds it on the printed sheet.",
            "rules:\n  - {text: ..., source: SC3.2.10}",
        ),
        Rule(
            "FF-DECK-ARCANA",
            "Plots in arcana order",
            "3.2, 13.1",
            "Each plot range runs I The Magician ... XXI The World, then 0 The Fool.",
            "",
        ),
        Rule(
            "FF-SC-CIRCLES",
            "Sacred Circles",
            "SC3.1.1, SC3.1.3, SC3.1.4",
            "The Forest of the Grasslands has 13 Sacred Circles; the Forest of the Great "
            "Desert 6 Sacred and 3 Lesser Circles (Vavistor, Iklaron, Quthar), each Lesser "
            "counting 0.5. Circles lie on the Sacred Circles board; locations in a Forest are "
            "circles.",
            "- {name: Source of Caladuin, area: forest-grasslands, circle: sacred}",
        ),
        Rule(
            "FF-SC-LESSER",
            "The Lesser Circles",
            "SC3.1.1, SC3.1.3",
            "The 3 Lesser Circles of Vavistor, Iklaron and Quthar (Desert Nomads) lie in the "
            "Forest of the Great Desert and are held by Vavistor (38), Iklaron (37) and the "
            "Desert Nomads (11): each holder has a location named for its circle, `circle: "
            "lesser`, in that Forest, and no other faction has a Lesser Circle.",
            "- {name: Quthar, area: forest-great-desert, circle: lesser, expansion: SC}",
        ),
        Rule(
            "FF-SC-SHARED",
            "Shared circles",
            "SC3.1.5",
            "The Fish and Owl Tribes hold the Dark Sides of the Heron's and Horse Tribes' "
            "circles: one circle, two sides, declared with `shared_with` and `side`.",
            "- {name: Misty Circles, area: forest-grasslands, circle: sacred, side: dark, "
            "shared_with: 52}",
        ),
        Rule(
            "FF-SC-TOTEMS",
            "Thirteen Totems",
            "SC3.2.5, SC3.2.5.1",
            "The Gathering has 12 Totems in a circle and 1 central Totem; a tribe holds one "
            "Totem; the rival tribes of FgF are a totem's `rival`, not a second totem.",
            "",
        ),
        Rule(
            "FF-SC-INFLUENCE",
            "The Influence Table",
            "SC3.2.5.2",
            "Each Totem Animal lists 3 or 4 factions in priority order, none twice, not its "
            "own tribe. Lists of 3 and of 4 are both accepted (SC3.2.5.2: '3 or 4 Factions'); "
            "the rules do not print the table, so the shipped lists are placeholders.",
            "influence: [40, 18, 46]   # or four: [40, 18, 46, 74]",
        ),
        Rule(
            "FF-DD-MIRRORS",
            "Twelve mirrors a hall",
            "DD3.1.1, DD3.1.5",
            "The light Hall of Mirrors and the dark Hall of Broken Mirrors have 12 mirrors "
            "each, numbered 1-12.",
            "",
        ),
        Rule(
            "FF-DD-CIRCLE",
            "Numbered circles by the mirrors",
            "DD3.1.2",
            "A mirror has at most two numbered circles, nearest first (precedence); each names "
            "a faction whose sheet names that Otherworld in that Domain; the hidden mirrors at "
            "the hall ends are the Forgotten Factions'.",
            "circles: [76, 26]",
        ),
        Rule(
            "FF-DD-OTHERWORLD",
            "Otherworlds reach a mirror",
            "DD3.1.2, DD3.1.2.4",
            "An Otherworld on a sheet has a numbered circle (or hidden mirror), unless it is "
            "in square brackets (`bracketed: true`).",
            "",
        ),
        Rule(
            "FF-DD-CONGRESS",
            "Congress seats",
            "DD3.2.2",
            "A numbered circle at the Congress of Dreams belongs to a faction whose sheet "
            "gives it a seat there.",
            "seats: {congress: 1}",
        ),
        Rule(
            "FF-DD-MADNESS",
            "The Madness Indicator",
            "DD3.3.1, DD3.3.4",
            "Levels 0-10 in each Area of Tehmor, positive levels aligned G, N or E; the VP "
            "table covers levels 1-10 once; the scoring factions are the Temples of YHWRC, "
            "LAMMIA, ULULO, RABBAT and MORCOR (DD3.3.4.1), LAMMIA's bonus is Delirium and "
            "MORCOR's Despair; the Temple of YHWRC spreads Mania (N, DD3.3.2).",
            "madness: N   # in 086-temple-of-yhwrc.yaml",
        ),
    )
}

# The core's component rules (toolkit.model.components), with this game's sources.
RULES.update(
    {
        a[0]: Rule(*a)
        for a in rule_args("FF", "2.1-2.3, 5.6, 10.2.1, SC3.2.2-SC3.2.7, DD3.2.3-DD3.3.1")
    }
)

_ONE_FILE = frozenset[str]()
_BOARDS = frozenset({"sacred-circles", "gathering", "hall-of-mirrors", "congress", "madness"})
# What each rule's findings depend on (see `toolkit.games.Rule.needs`); a rule not named
# here needs every file. A rule that looks at one file (with game.yaml), or finds a card
# number, tarot or Alleyman's card used twice, runs even while other files do not load.
RULES = scoped(
    RULES,
    {
        **{
            code: _ONE_FILE
            for code in (
                "FF-REF-AREA",
                "FF-REF-PARTY",
                "FF-REF-CATEGORY",
                "FF-REF-EXPANSION",
                "FF-COUNCIL-PARTY-FACTION",
                "FF-COUNCIL-POLITICS",
                "FF-PARTY-ENEMIES",
                "FF-CONCLAVE",
                "FF-LOCATIONS",
                "FF-AREA-TOTAL",
                "FF-ENEMY-SELF",
                "FF-ENEMY-DUPLICATE",
                "FF-FILE-NAME",
                "FF-DECK-NUMBER",
                "FF-DECK-RANGE",
                "FF-DECK-OVERLAP",
                "FF-DECK-TAROT",
                "FF-DECK-ALLEYMAN",
                "FF-DECK-SUIT",
                "FF-DECK-NUMERAL",
                "FF-DECK-ALLEYMAN-NUMERAL",
                "FF-DECK-EXPANSION",
                "FF-DECK-ARCANA",
                "FF-RULES-PASSAGE",
            )
        },
        "FF-CANON": _BOARDS,
        "FF-LOCATION-EXPANSION": frozenset({"hall-of-mirrors"}),
        "FF-LOCATION-DOMAIN": frozenset({"hall-of-mirrors"}),
        "FF-REF-FACTION": frozenset({"faction"}),
        "FF-REF-PLOT": frozenset({"plot"}),
        "FF-COUNCIL-SEATS": frozenset({"faction"}),
        "FF-AREA-COUNT": frozenset({"faction"}),
        "FF-MAP-ART": frozenset({"faction"}),
        # an enmity is judged on the two files that name each other, both loaded: a file that
        # did not load is in no pair, so it can make no finding false
        "FF-ENEMY-SYMMETRY": frozenset(),
        "FF-DECK-MISSING": frozenset({"faction", "plot"}),
        "FF-PAWN-COLOUR": frozenset({"faction"}),
        # a spelling is judged on the texts that loaded, against the errata that loaded; a
        # shared circle, on the two factions that name each other: a file that did not load
        # can only hide a finding, never make one false
        "FF-NAME-SPELLING": frozenset(),
        "FF-SC-SHARED": frozenset(),
        # a side board's rules read the board and every faction (its circles, totems, mirrors,
        # Otherworlds and seats are the factions'): a plot or another board that does not load
        # holds none of them
        **{
            code: frozenset({"sacred-circles", "faction"})
            for code in ("FF-SC-CIRCLES", "FF-SC-LESSER")
        },
        **{
            code: frozenset({"gathering", "faction"})
            for code in ("FF-SC-TOTEMS", "FF-SC-INFLUENCE")
        },
        **{
            code: frozenset({"hall-of-mirrors", "faction"})
            for code in ("FF-DD-MIRRORS", "FF-DD-CIRCLE", "FF-DD-OTHERWORLD")
        },
        "FF-DD-CONGRESS": frozenset({"congress", "faction"}),
        "FF-DD-MADNESS": frozenset({"madness", "faction"}),
    },
)
