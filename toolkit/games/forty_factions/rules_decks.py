"""Forty Factions rules the checker enforces on the decks and the card files: file names,
card numbers and their ranges, tarot and Alleyman's cards, suits, numerals and arcana
order, names printed two ways, pawn colours and rules passages. Each with its code,
title, source, explanation and fix (`toolkit check --explain CODE`); `rules.py` gathers
every table.
"""

from __future__ import annotations

from toolkit.games import Rule

DECK_RULES: tuple[Rule, ...] = (
    Rule(
        "FF-FILE-NAME",
        "File named for its number and name",
        "4.3.2, 4.4.2; README (content layout)",
        "A faction or plot file is named `NNN-<slug>.yaml`, its three-digit number and "
        "its name in lower case with hyphens; its sheet is written under the same name. "
        "A file whose name disagrees (two files' contents swapped, a renamed faction) "
        "would print one sheet under another's name.",
        "factions/018-thieves-guild-of-tehmor.yaml\n  number: 18\n  name: Thieves' Guild of Tehmor",
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
)
