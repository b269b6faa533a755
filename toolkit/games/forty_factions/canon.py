"""Numbers the Forty Factions rules fix, each with the section that fixes it.

The content (game.yaml, boards/) carries these numbers for rendering; the
checker holds the content to them, so that an edit which changes a rule of the
game (a 41st seat, a 14th totem) is caught even when it is made consistently.
A designer who changes a rule on purpose waives the finding with a reason.
"""

from __future__ import annotations

COUNCIL_SEATS = 40  # 10.1.2, 10.1.3: "There must always be Forty Seats"
TWO_THIRDS = 27  # 10.2.1, 10.3.8
PARTY_SEATS = {  # 10.3.1
    "militant": 9,
    "liberal": 12,
    "conservative": 9,
    "mercantile": 9,
    "independent": 1,
}
PARTY_ENEMIES = ("conservative", "liberal")  # 10.3.6: "Enemies ... may never form a Coalition"
# 12.2.1: base-game Locations and VPs per Area (the rows; the printed total is 76, see game.yaml)
AREA_TABLE = {
    "lower-west-side": (14, 2),
    "upper-west-side": (11, 1),
    "old-town": (15, 2),
    "lower-east-side": (15, 2),
    "upper-east-side": (11, 1),
    "environs": (11, 1),
}
AREA_VP_WITH = {("environs", "SC"): 2, ("upper-east-side", "DD"): 2}  # 13.2.3.1
LOCATIONS_PER_FACTION = (1, 2)  # 4.3.11: "one or two Locations"
FORESTS = {  # SC3.1.1, SC3.1.3: (sacred, lesser, VP)
    "forest-grasslands": (13, 0, 2),
    "forest-great-desert": (6, 3, 1),
}
LESSER_CIRCLES = ("Vavistor", "Iklaron", "Quthar")  # SC3.1.3
LESSER_VALUE = 0.5  # SC3.1.3
TOTEMS_IN_CIRCLE = 12  # SC3.2.5: "12 Totems plus 1 central Totem"
CENTRAL_TOTEMS = 1
INFLUENCE_PER_TOTEM = (3, 4)  # SC3.2.5.2: "lists 3 or 4 Factions in order of priority"
MIRRORS_PER_HALL = 12  # DD3.1.2.3, DD3.1.5
CIRCLES_PER_MIRROR = 2  # DD3.1.2.1
MADNESS_MAX = 10  # DD3.3.1
MADNESS_ALIGNMENTS = ("G", "N", "E")  # DD3.3.1
PLAYERS = (2, 8)  # 1.1
ARCANA_SIZE = 22  # 3.2: the Major Arcana, I The Magician ... XXI The World, 0 The Fool
SUIT_SIZE = 14  # 3.1: King, Queen, Knight, Knave, Ten ... Ace
# 13.1.1-13.1.3: plots 23-44 are one Major Arcana shared by three expansions, so a plot's
# expansion is not read from its number: each is listed in one expansion's table.
PLOT_EXPANSIONS = {
    **dict.fromkeys((23, 24, 31, 32, 35, 36, 38, 44), "50F"),  # 13.1.1
    **dict.fromkeys((26, 28, 29, 30, 33, 34, 40, 41), "SC"),  # 13.1.2
    **dict.fromkeys((25, 27, 37, 39, 42, 43), "DD"),  # 13.1.3
}
# 5.6: pawn colours and the factions that take them, in priority order. The table swaps its
# column heads, prints the Reform Party (28) as "Liberal Party" and runs SOROK (7) and
# LOFIR / WAGREN (6) together as "Temple of SOROK / LOFIR / WAGREN" (errata in game.yaml).
PAWN_COLOURS = (
    ("red", (14, 9)),
    ("yellow", (30, 42)),
    ("blue", (56, 29)),
    ("green", (28, 52)),
    ("black", (8, 7, 6)),
    ("white", (35, 34)),
)
# SC3.1.3: "The 3 Lesser Circles of Vavistor, Iklaron and Quthar (Desert Nomads)", in the
# Forest of the Great Desert (SC3.1.1), held by Vavistor (38), Iklaron (37), Desert Nomads (11).
LESSER_HOLDERS = (38, 37, 11)
LESSER_FOREST = "forest-great-desert"
# Names the rules print two ways: faction -> the lines that print them (DD1 and 13.1.3 print
# "Temple of YHWRC", DD3.3.2 "Temple of YHWHRC").
NAMES_PRINTED_TWO_WAYS = {86: ("002:18", "002:110")}
MADNESS_SCORERS = (86, 92, 93, 94, 95)  # DD3.3.4.1: the Temples of YHWRC, LAMMIA, ... MORCOR
MADNESS_BONUSES = ((92, "G"), (95, "E"))  # DD3.3.4.2-3: LAMMIA in Delirium, MORCOR in Despair
MADNESS_OF = {86: "N"}  # DD3.3.2: "(N for YHWHRC)"
