"""Every rule the God Emperor checker enforces: code, title, source, explanation, fix.

Sources are line numbers of the rules text (`god-emperor-megagame-rules.txt`).
"""

from __future__ import annotations

from toolkit.games import Rule, scoped
from toolkit.model.components import rule_args

RULES: dict[str, Rule] = {
    r.code: r
    for r in (
        Rule(
            "GE-REF",
            "References resolve",
            "L249-266",
            "A House's province, a castle's House, a schedule's House, province or region, a "
            "player's House and a map place name something defined (a favor card's faction: "
            "GE-FAVOR-FACTION).",
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
            "GE-HOUSE-PROVINCE",
            "A House sits where its castle and the schedule put it",
            "L251-253, L257-265",
            "A House proposes laws at its province's table: the schedule seats each House at "
            "one province's table (L257-265), and its home castle lies in that province's "
            "regions (L251-253, as the content's errata correct them). A House whose "
            "`province` is neither is the value that moved: it is told there, once; the "
            "province counts and the schedule lines it would upset are notes under it, and "
            "they are held to the schedule meanwhile. Waived, the move is a house rule, and "
            "GE-PROVINCE-HOUSES and GE-SCHEDULE-HOST hold the rest to it.",
            "- {id: cat, name: Cat, province: west, castle: Amn, ...}",
        ),
        Rule(
            "GE-CASTLE-REGION",
            "One castle a region",
            "L183, L189",
            "No region holds two castles, home or neutral: 'Each neutral castle has one unit "
            "... If the region is ever empty of units, it will regenerate one unit' (L189), "
            "and a House gains +1 attack for the castle it holds in a region (L183). The "
            "second castle named for a region is told, with the first.",
            "- {region: Zit, kind: neutral, name: Neutral castle}\n"
            "- {region: Kri, kind: neutral, name: Neutral castle}",
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
            "GE-LAW-HOUSES",
            "The laws name the Houses the rules print",
            "L342-362",
            "Each of the God Emperor's sentences names the Houses the rules print in it (law "
            "5: Snake and Eagle, L342; ... law 13: Bear and Wolf, L362), in that order, and "
            "each of them is a House of game.yaml, so the Law Board and the reference print "
            "a law about Houses that are in the game.",
            'laws:\n  - {number: 5, text: "Snake owns one hostage from Eagle."}',
        ),
        Rule(
            "GE-FAVOR-FACTION",
            "A favor card's faction",
            "L525, L530-538, L532",
            "A favor card names one of the favor factions of favors.yaml (the card's Faction, "
            "L525; the five of L534-538); the message lists the factions nearest what it "
            "names. A card whose faction is misspelt is counted for the faction it means, so "
            "the deck's counts (GE-COMP-DECK) are not told again; if, counted for none, it "
            "would leave a faction short of the favors its building costs (L532), a note "
            "says so.",
            "- {name: Caravan, faction: spice-lords, ...}",
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

# What the new relation rules' findings depend on (see `toolkit.games.Rule.needs`): each
# reads one of the game's singleton files (with game.yaml), so none waits for another; the
# rules not named here wait for every file.
RULES = scoped(
    RULES,
    {
        code: frozenset()
        for code in ("GE-HOUSE-PROVINCE", "GE-CASTLE-REGION", "GE-LAW-HOUSES", "GE-FAVOR-FACTION")
    },
)
