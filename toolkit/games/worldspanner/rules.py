"""Every rule the Worldspanner checker enforces: code, title, source, explanation, fix.

Sources are the rulebook's pages (Worldspanner Factions, Rulebook Sets 1 & 2).
"""

from __future__ import annotations

from toolkit.games import Rule, scoped
from toolkit.model.components import rule_args

RULES: dict[str, Rule] = {
    r.code: r
    for r in (
        Rule(
            "WS-CANON",
            "A number the rulebook fixes",
            "p. 2-7, p. 14",
            "game.yaml carries numbers the rulebook fixes (nine factions, ratings 0 to 9 and "
            "Wound 0 to 4, differences -6 to +6, 8/10/12 rounds, six extra heroes dealt, one "
            "third brought on per Reinforce). Changing one changes the game: restore it, or "
            "waive with the reason for the house rule.",
            "- {id: wound, name: Wound, min: 0, max: 4, ...}",
        ),
        Rule(
            "WS-REF",
            "References resolve",
            "p. 6, p. 13",
            "A hero's faction, a quest deck's faction, an opposing faction, a rating, a "
            "nature, a bonus symbol and a design's set must name something game.yaml defines.",
            "faction: steel-bastion",
        ),
        Rule(
            "WS-UNIQUE",
            "Names and ids once",
            "p. 2, p. 6",
            "Ids in game.yaml, hero names and quest decks per faction are unique.",
            "",
        ),
        Rule(
            "WS-RATING-SYMBOL",
            "Each rating has its own symbol",
            "p. 6 (003:464), 003:1594-1692",
            "A rating's mark on the cards and its glyph in the rulebook's text stand for that "
            "rating alone: the player aid exists so that a player reads a rating from its "
            "symbol. Where the rulebook prints one glyph for two ratings (♠ for Wits at "
            "003:1594 and for Agility at 003:1606-1608), the content keeps it for one and "
            "records the other print as an erratum.",
            '- {id: wits, ..., glyph: ""}\nerrata:\n  - {field: ratings.10.glyph, '
            'printed: ♠, source: "003:1594", note: ...}',
        ),
        Rule(
            "WS-OPPOSE",
            "Two opposing factions",
            "p. 14",
            "Heroes also have two opposing factions: each faction lists exactly two other, "
            "different factions.",
            "opposing: [lostlight-society, celestial-theatre]",
        ),
        Rule(
            "WS-OPPOSE-MUTUAL",
            "Opposition both ways (warning)",
            "p. 14",
            "Factions of 'opposite' minds meet each other with suspicion: if A opposes B, B "
            "should oppose A. The rulebook gives only Steel Bastion's pair, so this is a "
            "warning, not an error.",
            "",
        ),
        Rule(
            "WS-HERO-RATING",
            "Ratings in range",
            "p. 6",
            "A hero has every rating, each within its range (0-9; Wound 0-4), and no other.",
            "ratings: {speed: 5, ..., wound: 2}",
        ),
        Rule(
            "WS-HERO-HEALTH",
            "Health in range",
            "p. 6, p. 18",
            "A hero's Health lies within game.yaml's `health` range.",
            "health: 5",
        ),
        Rule(
            "WS-HERO-NATURE",
            "One or two Natures",
            "p. 6",
            "Most heroes have only one Nature, but some have two: one or two known Natures, "
            "none twice.",
            "natures: [Man]",
        ),
        Rule(
            "WS-HERO-SET",
            "A hero comes with its faction",
            "p. 6",
            "Exemplars and Adventurers are found in Set 2: a hero cannot come in an earlier "
            "set than its home faction.",
            "set: 2",
        ),
        Rule(
            "WS-COMPONENTS",
            "Pieces agree with the component table",
            "p. 2",
            "Per set, the platters, Dome, Lith, Faction and Vista keys in game.yaml match the "
            "component table; each Faction key has its favor tile; heroes, quest cards and "
            "challenge cards written do not exceed the table's counts.",
            "",
        ),
        Rule(
            "WS-DESIGN",
            "A map design adds up",
            "p. 3, p. 4",
            "A design's layout has one slot per key (faction + Dome + Lith + Vista keys) and "
            "one platter place per platter; split maps number their sections and each section "
            "has room for an adventure key and a Dome key; the default heroes lie in the range; "
            "a stated Reinforce count is one third of the heroes, rounded up.",
            "",
        ),
        Rule(
            "WS-DESIGN-FIT",
            "A design fits its sets",
            "p. 2, p. 4",
            "A design draws no more platters and keys than the sets it needs contain.",
            "",
        ),
        Rule(
            "WS-STATED",
            "The rulebook's own arithmetic",
            "p. 3, p. 7, p. 16",
            "Numbers the rulebook derives (65 actions in a 10-round, 8-hero game; 12 and 15 "
            "cards dealt; heroes per Reinforce) are recomputed from the rules and must agree.",
            "",
        ),
        Rule(
            "WS-CHALLENGE",
            "Challenge cards read right",
            "p. 7, p. 14",
            "A card has one face per difference from -6 to +6, never better for a worse "
            "difference, a Hit bar within the range and a Dome range within 1-6.",
            "",
        ),
        Rule(
            "WS-QUEST",
            "Quest cards",
            "p. 15",
            "A quest challenges a hero rating (or asks for gold); its Virtue bonus numbers "
            "rise and lie within the Virtue range.",
            "virtue_bonus: [2, 5, 8]",
        ),
        Rule(
            "WS-BALANCE",
            "Heroes of equal value (warning)",
            "p. 6",
            "All heroes are equal in value, if you use them correctly: under the cost model "
            "of game.yaml (`balance`), a hero whose value is further than the tolerance from "
            "the target is flagged, with its value, so the designer sees it at once.",
            "",
        ),
        Rule(
            "WS-BALANCE-MODEL",
            "The cost model prices ratings",
            "p. 6",
            "The balance weights name ratings, `health`, and loot symbols that exist.",
            "weights: {speed: 1.5, ..., health: 2.5}",
        ),
    )
}

# The core's component rules (toolkit.model.components), with this game's sources.
RULES.update({a[0]: Rule(*a) for a in rule_args("WS", "p. 2, p. 3, p. 10, p. 17, p. 18")})

# What each rule's findings depend on (see `toolkit.games.Rule.needs`): the rules about one
# hero, quest or challenge deck at a time (with game.yaml), and names used twice, run while
# other files do not load; the others wait.
RULES = scoped(
    RULES,
    {
        code: frozenset()
        for code in (
            "WS-REF",
            "WS-UNIQUE",
            "WS-RATING-SYMBOL",
            "WS-OPPOSE",
            "WS-OPPOSE-MUTUAL",
            "WS-HERO-RATING",
            "WS-HERO-HEALTH",
            "WS-HERO-NATURE",
            "WS-HERO-SET",
            "WS-DESIGN",
            "WS-DESIGN-FIT",
            "WS-CHALLENGE",
            "WS-QUEST",
            "WS-BALANCE",
            "WS-BALANCE-MODEL",
        )
    },
)
