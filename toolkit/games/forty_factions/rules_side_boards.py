"""Forty Factions rules the checker enforces on the expansions' side boards: the Sacred
Circles and the Gathering (SC), the Hall of Mirrors, the Congress and the Madness
Indicator (DD). Each with its code, title, source, explanation and fix (`toolkit check
--explain CODE`); `rules.py` gathers every table.
"""

from __future__ import annotations

from toolkit.games import Rule

SIDE_BOARD_RULES: tuple[Rule, ...] = (
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
