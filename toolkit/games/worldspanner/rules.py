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
            "waive with the reason for the house rule. A changed number is one error, at that "
            "value, with what it upsets as notes under it (the challenge cards' faces, the "
            "rulebook's own sums); the rest is held to the rulebook's number meanwhile, never "
            "told to follow the changed one. Waived, it is a house rule the rest must follow.",
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
            "WS-OPPOSE-STATED",
            "The opposition the rulebook states",
            "p. 14 (003:1267-1269), p. 13",
            "Where the rulebook names a faction's opposing factions, the content keeps them: "
            "'Steel Bastion is home to Warriors. ... But Adventurers and Icons are met with "
            "suspicion' makes Steel Bastion's two the factions home to Adventurers and to "
            "Icons (Lostlight Society and Celestial Theatre, p. 13). Another faction in its "
            "list is an error at that entry; the one-way oppositions it makes are notes "
            "under it. The other factions' lists are placeholders (WS-OPPOSE-MUTUAL).",
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
            "WS-QUEST-DECK",
            "A Quest deck for every Faction key",
            "003:337, p. 15",
            "'Each Faction key has a matching Quest deck with the same large faction symbol' "
            "(003:337): every faction of game.yaml has a file in quests/ naming it "
            "(`faction:`). A faction without one is told at its entry in game.yaml; a faction "
            "with two decks is WS-UNIQUE's.",
            "# quests/hope-hospice.yaml\nfaction: hope-hospice\ncards:\n  - {name: ...}",
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
        Rule(
            "WS-MAP-COUNT",
            "Map pieces agree with the component table",
            "p. 2",
            "Every platter and key of game.yaml (platters, Dome, Lith and Vista keys, and a "
            "Faction key per faction) has one file in map/ drawing its spaces, of its kind, "
            "and per Set the files count what the component table counts: 6 + 4 platters, "
            "6 Dome keys, 2 Lith keys, 7 + 2 Faction keys, 6 Vista keys.",
            "# map/platter-7.yaml\npiece: platter-7\nkind: platter\nspaces: [...]",
        ),
        Rule(
            "WS-MAP-SHAPE",
            "A piece is a whole hexagon of spaces",
            "p. 2, p. 8",
            "A key is the hexagon of 19 spaces within 2 of its centre; a platter is two, the "
            "second centred at q 5, r -2: so that keys turn in their slots and every piece "
            "meets its neighbours space to space. Each space once; an edge is a plain wall "
            "or an entrance, not both. (The geometry is a placeholder: the rulebook gives no "
            "drawings.)",
            "- {q: 2, r: -1, walls: [ne]}",
        ),
        Rule(
            "WS-MAP-DOMES",
            "Four Domes on each Dome key",
            "p. 2, p. 7",
            "'Dome keys, each containing 4 purple Domes': a Dome key has four spaces of "
            "terrain `dome`; other pieces have none, since a Dome's number is its key's "
            "(dismissal, p. 7).",
            "- {q: 2, r: 0, terrain: dome}",
        ),
        Rule(
            "WS-MAP-ADVENTURE",
            "Adventure spaces are Clear",
            "p. 2, p. 8, p. 16",
            "'Adventure spaces contain a gold adventure plaque. These are always Clear "
            "spaces.' Plaques stand only on adventure keys (Faction and Lith keys), and a "
            "Faction key has four, as its favor tile's '4' side counts.",
            '- {q: 1, r: 0, adventure: "Quest"}',
        ),
        Rule(
            "WS-MAP-CAVERN",
            "Caverns are Clear and walled",
            "p. 8",
            "'Caverns are areas enclosed by walls ... Cavern spaces are always Clear spaces. "
            "Caverns have distinct entrances ... the only ways to get into a cavern': a "
            "cavern space is Clear, and each of its edges to a space outside the cavern is a "
            "wall or an entrance.",
            "- {q: 0, r: 1, walls: [w, nw], entrances: [sw], cavern: true}",
        ),
        Rule(
            "WS-MAP-VISTA",
            "A Vista key's circled space",
            "p. 2",
            "'Each Vista key contains a special space with a circle': one `vista: true` "
            "space on each Vista key, none on other pieces.",
            "- {q: 0, r: 0, vista: true}",
        ),
        Rule(
            "WS-MAP-EDGE",
            "The map edge is a wall",
            "p. 8, p. 20",
            "'The map edge is off limits, solid Wall': no hero crosses it, so an entrance "
            "that opens onto it leads nowhere. In the kit's set-up of each design, keys are "
            "spun until no entrance faces the map edge; a key no turn can fix is an error at "
            "that entrance's space.",
            "",
        ),
        Rule(
            "WS-DEAD-END",
            "No dead ends",
            "p. 3 'Fix dead ends', p. 8",
            "Every space of a built map can be reached: 'The position of a key might block "
            "heroes from moving into part of that key. If so, spin the key clockwise and "
            "check it again.' A piece alone must let heroes in from outside (a cavern needs "
            "an entrance, a Dome an open side); in the kit's set-up of each design the "
            "generator spins keys until none is cut off, and a key whose only entrance a "
            "neighbour's wall (or the map edge) blocks in every turn is an error at the "
            "space cut off.",
            "- {q: 0, r: -2, walls: [e, w, ne], entrances: [nw], cavern: true}",
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
            "WS-OPPOSE-STATED",
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
    }
    | {"WS-QUEST-DECK": frozenset({"quest-deck"})},
)
