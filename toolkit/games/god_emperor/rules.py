"""Every rule the God Emperor checker enforces: code, title, source, explanation, fix.

Sources are line numbers of the rules text (`god-emperor-megagame-rules.txt`).
"""

from __future__ import annotations

from toolkit.games import Rule
from toolkit.model.components import rule_args

RULES: dict[str, Rule] = {
    r.code: r
    for r in (
        Rule(
            "GE-REF",
            "References resolve",
            "L249-266",
            "A House's province, a castle's House, a schedule's House, province or region, a "
            "favor card's faction, a player's House and a map place name something defined.",
            "host: wolf",
        ),
        Rule(
            "GE-UNIQUE",
            "Names once",
            "L249-253, L440-463",
            "Houses, provinces, proposals, actions, schemes and factions are named once, so a "
            "form or an order names one of them.",
            "",
        ),
        Rule(
            "GE-REGION-UNIQUE",
            "A region name once",
            "L145, L249-253",
            "Region names are unique across the whole map: written orders name regions "
            "('MOve 5 from ZEN to INN'). The rules list Zen twice in The West: the content "
            "fixes it with an erratum quoting the printed list.",
            "regions: [Aka, Fog, Uhh, Pig, Mok, Dom, Zen, Aah, Amn, Zit, Cry, Ode]",
        ),
        Rule(
            "GE-REGION-PROVINCE",
            "Every region in exactly one province",
            "L249-253",
            "Each region lies in one province, and every region a castle, the schedule or "
            "the map names is in one. The rules list Bat in The North and The East.",
            "",
        ),
        Rule(
            "GE-PROVINCE-HOUSES",
            "Three Houses a province",
            "L255-265, L500",
            "Each province's table seats three Houses (the Houses that propose laws there).",
            "province: west",
        ),
        Rule(
            "GE-SCHEDULE-HOST",
            "The host castle lies in the province",
            "L255-265",
            "Each month's host castle is in the province the schedule names, it is the host "
            "House's home castle, and the proposers are that province's Houses.",
            "",
        ),
        Rule(
            "GE-SCHEDULE-MONTH",
            "One sitting a month",
            "L76, L255-266",
            "The schedule has one sitting for each month 1 to the last round, in order, and "
            "none after it.",
            "",
        ),
        Rule(
            "GE-COST",
            "Costs are positive",
            "L272-300, L440-463",
            "Every proposal, military action and scheme costs at least 1; a trap scheme has "
            "no cost.",
            "cost: 3",
        ),
        Rule(
            "GE-FAVOR-BUILDING",
            "Every favor faction has its building",
            "L216-222, L530-538",
            "Three favors of one faction buy its building: each faction names a building and "
            "what it does, no two factions the same one, and a building the War Room rules "
            "list is the building of a faction of the five.",
            "",
        ),
        Rule(
            "GE-MINIONS",
            "Minion deck and draws agree",
            "L470-485, L534",
            "Ranks draw 1 minion or more, highest rank most; a House's deck holds at least "
            "the minions its players draw in a month; every kind comes in both colours (the "
            "tie rule compares colours); a Master Minion replaces a normal one.",
            "",
        ),
        Rule(
            "GE-LAWS",
            "Thirteen sentences",
            "L332-360",
            "The existing laws are numbered 1 to n and there are as many as the rules say he "
            "spoke.",
            "",
        ),
        Rule(
            "GE-TIMING",
            "The timings add up",
            "L70-118, L163-175, L400-412, L466-490",
            "The phases fill a round; each room's timeline fits the Action phase; the rounds "
            "fit the day's timetable.",
            "",
        ),
        Rule(
            "GE-MAP",
            "The war map places every region once",
            "L249-253",
            "The map layout gives each region one cell, no two places one cell, and a road "
            "place joins two neighbouring regions.",
            "",
        ),
        Rule(
            "GE-CAST",
            "The cast fits the Houses",
            "L16-18, L471-475",
            "Every player belongs to a House; a House has no more players than ranks; ranks "
            "given are distinct within a House.",
            "house: cat",
        ),
    )
}

# The core's component rules (toolkit.model.components), with this game's sources.
RULES.update(
    {
        a[0]: Rule(*a)
        for a in rule_args("GE", "L27, L129-222, L304, L340-346, L469-475, L496, L532-565")
    }
)
