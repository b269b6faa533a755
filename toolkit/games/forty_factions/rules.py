"""Every rule the Forty Factions checker enforces: code, title, source, explanation, fix.

`toolkit check --explain CODE` prints these; waivers must name one of them. The tables are
kept by what they check (`rules_sheets`, `rules_decks`, `rules_side_boards`, and the core's
component rules); here they are gathered, with what each rule's findings depend on.
"""

from __future__ import annotations

from toolkit.games import Rule, scoped
from toolkit.games.forty_factions.rules_decks import DECK_RULES
from toolkit.games.forty_factions.rules_sheets import SHEET_RULES
from toolkit.games.forty_factions.rules_side_boards import SIDE_BOARD_RULES
from toolkit.model.components import rule_args

RULES: dict[str, Rule] = {r.code: r for r in (*SHEET_RULES, *DECK_RULES, *SIDE_BOARD_RULES)}

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
