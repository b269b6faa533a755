"""A cited number is held to the number its passage binds to the field's name (issue 33's
held-out slips the first check let through: "the wrong value happens to occur elsewhere in
the same passage"), and the message quotes the part of the passage that states the right
value, not its first words.

Each case edits a copy of the shipped content as a designer would and runs `toolkit
check` in a fresh process: the finding is RULES-VALUE at the edited value, worded as the
designer reads it. The passages themselves are read by `toolkit.check.binding`, whose
readings are tried on small passages at the end.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.shipped import copy_content, edit, line_of, toolkit
from toolkit.check.binding import held
from toolkit.check.wording import says_number

FF, WS, GE = "forty-factions", "worldspanner", "god-emperor"

# (game, file in the game's folder, text, its slip, the message at the slipped value)
SLIPS = {
    # `play_costs.plot` is the cost of playing a Plot, not a plot's number (which any
    # number in the passage would have let through)
    "the-cost-of-playing-a-plot": (
        FF,
        "game.yaml",
        "play_costs: {activation: 1, plot: 1,",
        "play_costs: {activation: 1, plot: 2,",
        "`play_costs.plot` is 2 here; 12.1.1, 12.1.2, 12.1.3 says "
        '"Each Player may Activate 1 Faction and play 1 Plot per Game Turn at no cost in VPs."',
    ),
    # a table row: the row its item's other value selects (`players: 4`), not any row's 3
    "a-table-row-selected-by-its-first-cell": (
        FF,
        "game.yaml",
        "{players: 4, cards: 4}",
        "{players: 4, cards: 3}",
        "`setup.faction_cards.2.cards` is 3 here; 000:259-266 says "
        '"No. of Players | Initial No. of Faction cards … 4 | 4"',
    ),
    "a-table-row-selected-by-a-range": (
        FF,
        "boards/madness.yaml",
        "{low: 3, high: 5, vp: 1}",
        "{low: 3, high: 5, vp: 2}",
        '`vp.1.vp` is 2 here; DD3.3.4.1 says "Level of Madness | VPs … 3-5 | 1"',
    ),
    # a row named by the field: Majority's 2, not Minority's or the Overlord's 1
    "a-table-row-named-by-the-field": (
        FF,
        "game.yaml",
        "majority: 2",
        "majority: 1",
        "`council.vp.majority` is 1 here; 12.3.1, 12.3.2 says "
        '"Majority Control of the Council * | 2 VP"',
    ),
    # a die is read as the rules print one, not as the 10 of a worked example
    "a-die": (
        FF,
        "boards/gathering.yaml",
        "die: 12",
        "die: 10",
        '`die` is 10 here; SC3.2.2 says "At the end of each Council Phase the DM rolls d12 '
        'to see if a Grasslander Gathering is held."',
    ),
    # a rating is the number bound to its name, not the defense the same sentence gives
    "a-rating-of-n": (
        WS,
        "heroes/lazar.yaml",
        "stealth: 7,",
        "stealth: 9,",
        "Lazar's ratings.stealth is 9 here; 003:1788 says \"Lazar has a Stealth of 7, and "
        'gains +2 more from the Building, for a defense of 9."',
    ),
    # "Second" places a rank: it is no count of minions
    "an-ordinal-is-no-count": (
        GE,
        "underground.yaml",
        "{rank: 2, draws: 3}",
        "{rank: 2, draws: 2}",
        '`draws.1.draws` is 2 here; L472 says "Second: 3 minions."',
    ),
    # a rate: "For each <label> ..., gain N <unit>" binds N to the label
    "a-rate-per-card": (
        WS,
        "game.yaml",
        "per_card: 2",
        "per_card: 1",
        '`tribute.per_card` is 1 here; p. 17, 003:1481-1485 says "For each card given '
        '(regardless of deck) gain 2 tribute."',
    ),
    "a-rate-per-gold": (
        WS,
        "game.yaml",
        "per_gold: 1",
        "per_gold: 2",
        '`tribute.per_gold` is 2 here; p. 17, 003:1481-1485 says "For each gold given, gain '
        '1 tribute. For each card given (regardless of deck) gain 2 tribute."',
    ),
    # "on that key gains 1 glory": a rate per key
    "a-rate-per-key": (
        WS,
        "game.yaml",
        "per_key: 1",
        "per_key: 2",
        '`glory.per_key` is 2 here; p. 16, 003:396-426, 003:1439 says "The team with the '
        'most victory markers on that key gains 1 glory."',
    ),
    # "a side labeled 3 and one labeled 4": both are the favor tile's
    "a-side-labeled-n": (
        WS,
        "game.yaml",
        "favor_tiles: [3, 4]",
        "favor_tiles: [3, 5]",
        '`glory.favor_tiles.1` is 5 here; p. 16, 003:396-426, 003:1439 says "Each faction '
        'key has an associated favor tile with a side labeled 3 and one labeled 4."',
    ),
    # "If a Player discarded ..., ... may draw 1 additional card": the discard bonus
    "n-additional": (
        FF,
        "game.yaml",
        "discard_bonus: 1}",
        "discard_bonus: 2}",
        '`setup.draw.discard_bonus` is 2 here; 6.6.3 says "…1 or more cards (of any type) '
        'at step 6.6.2 above, he or she may draw 1 additional card (from either"',
    ),
}
# the messages that quoted the passage's first words or a neighbouring line
QUOTES = {
    "W4": (
        WS,
        "game.yaml",
        "elite: 2}",
        "elite: 3}",
        "`adventure.draw_costs.elite` is 3 here; p. 10, p. 14, p. 15, 003:846, 003:1263, "
        '003:1285, 003:1304 says "Elite cards cost two."',
    ),
    "F9": (
        FF,
        "boards/madness.yaml",
        "{faction: 92, alignment: G, min_level: 3, vp: 1}",
        "{faction: 92, alignment: G, min_level: 4, vp: 1}",
        '`bonuses.0.min_level` is 4 here; DD3.3.1, DD3.3.4.2-3 says "To the Temple of '
        'LAMMIA: +1VP if LoM in any Area is >=3 and the Domain is Delirium;"',
    ),
    "G4": (
        GE,
        "court.yaml",
        "immortal_attack: 2",
        "immortal_attack: 3",
        '`immortal_attack` is 3 here; L195 says "They each have 2 attack, and can move to '
        'any space."',
    ),
    "G9": (
        GE,
        "underground.yaml",
        "hand: 4",
        "hand: 3",
        '`hand` is 3 here; L469 says "Then, each House draws 4 Schemes from the Scheme deck, '
        'and picks one to place in front of them, discarding…"',
    ),
    "G11": (
        GE,
        "game.yaml",
        "{name: Planning, minutes: 10,",
        "{name: Planning, minutes: 8,",
        'Planning\'s minutes is 8 here; L94-102 says "Phase 2: Planning (10 minutes)"',
    ),
    "F10": (
        FF,
        "boards/congress.yaml",
        "vp_die: 4",
        "vp_die: 6",
        '`vp_die` is 6 here; DD3.2.4 says "…at the Congress is awarded (1d4)VP, subject to a '
        'maximum of the number of Seats held by Activated…"',
    ),
    "F12": (
        FF,
        "boards/sacred-circles.yaml",
        "sacred_circles: 13",
        "sacred_circles: 12",
        "`forests.0.sacred_circles` is 12 here; SC3.1.1 says "
        '"Forest of the Grasslands (13 Sacred Circles): 2VP"',
    ),
    "W5": (
        WS,
        "game.yaml",
        "{tribute: 8, bonus: 2}",
        "{tribute: 10, bonus: 2}",
        "`tribute.favor.1.tribute` is 10 here; p. 17, 003:1481-1485 says "
        '"At 8 tribute, flip the tile. They now gain +2."',
    ),
}


def _slipped(tmp_path: Path, game: str, name: str, old: str, new: str) -> tuple[Path, list[dict]]:
    """A copy of the shipped content with one slip; `toolkit check`'s unwaived records."""
    content = copy_content(tmp_path)
    path = content / game / name
    edit(path, old, new)
    proc = toolkit("check", "--content", str(content), "--game", game, "--format", "json")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    return path, [r for r in json.loads(proc.stdout) if r["waived"] is None]


@pytest.mark.parametrize("case", [*SLIPS, *QUOTES])
def test_a_slip_to_a_number_the_passage_binds_elsewhere_is_told_at_it(
    tmp_path: Path, case: str
) -> None:
    game, name, old, new, message = {**SLIPS, **QUOTES}[case]
    path, records = _slipped(tmp_path, game, name, old, new)
    line = line_of(path, new)
    hits = [
        r
        for r in records
        if r["code"] == "RULES-VALUE" and r["path"].endswith(name) and r["line"] == line
    ]
    # one finding, at the slipped value: none at a right value beside it (`players: 4`)
    assert [r["message"] for r in hits] == [message]
    row = path.read_text(encoding="utf-8").splitlines()[line - 1]
    at = next(k for k, (a, b) in enumerate(zip(old, new, strict=False)) if a != b)
    while at and new[at - 1].isalnum():  # the start of the slipped number
        at -= 1
    assert hits[0]["column"] == row.index(new) + at + 1


def test_a_treasure_deck_larger_than_the_table_is_an_error(tmp_path: Path) -> None:
    """W13: the component table counts 36 Elite cards (p. 2); 37 are as wrong as 35."""
    path, records = _slipped(tmp_path, WS, "treasure/elite.yaml", "copies: 9}", "copies: 10}")
    (hit,) = [r for r in records if r["code"] == "WS-COMP-DECK"]
    assert hit["path"].endswith("treasure/elite.yaml")
    assert hit["line"] == line_of(path, "copies: 10}")
    assert hit["message"] == (
        "the Elite deck holds 37 cards, 1 more than the 36 the component table counts in "
        "Sets 1 and 2 (p. 2): each card's `copies` add up to the table's count"
    )


# ------------------------------------------------------- the readings, on small passages

MADNESS = "Level of Madness\tVPs\n1-2\t0\n3-5\t1\n6-9\t3\n10\t6"
HANDS = "No. of Players\tCards\n2\t6\n3\t5\n4\t4\n5\t3"


def _held(passage: str, key: tuple[str, ...], *selectors: tuple[object, ...]) -> set | None:
    """The numbers a passage binds to a field whose name has the words `key`, among the
    rows or sentences the item's other values (`selectors`) pick out."""
    found = held(passage, [key], selectors)
    return None if found is None else set(found.numbers)


def test_a_table_row_is_picked_by_the_item_s_numbers_in_its_first_cell() -> None:
    assert _held(MADNESS, ("vp",), (3,), (5,)) == {1}
    assert _held(MADNESS, ("vp",)) == {0, 1, 3, 6}
    # a number in another column picks out no row: the first cell's value keeps its column
    assert _held(HANDS, ("player",), (3,)) == {2, 3, 4, 5}
    assert _held(HANDS, ("card",), (3,)) == {5}


def test_prose_binds_a_number_to_its_name() -> None:
    lazar = "Lazar has a Stealth of 7, and gains +2 more from the Building, for a defense of 9."
    assert _held(lazar, ("stealth",), ("Lazar",)) == {7}
    assert _held(lazar, ("defense",)) == {9}
    assert _held("Blackbeard has 6 Melee vs Rizzik's 8 Agility.", ("melee",)) == {6}
    assert _held("Lazar's Armor is 3.", ("armor",)) == {3}
    assert _held("Elite cards cost two.", ("elite",)) == {2}
    assert _held("Tax (6 cost): Institute a tax. Fines (1 cost)", ("cost",), ("Tax",)) == {6}
    assert _held("Heroes: 10-12", ("heroe",)) == {10, 12}


def test_prose_binds_rates_sides_and_bonuses() -> None:
    lith = "For each gold given, gain 1 tribute. For each card given (regardless of deck) gain 2."
    assert _held(lith, ("per", "gold")) == {1}
    assert _held(lith, ("per", "card")) == {2}
    assert _held("The team with most markers on that key gains 1 glory.", ("per", "key")) == {1}
    tile = "Each key has a favor tile with a side labeled 3 and one labeled 4."
    assert _held(tile, ("favor", "tile")) == {3, 4}
    bonus = "If a Player discarded 1 or more cards, he may draw 1 additional card."
    assert _held(bonus, ("discard", "bonu")) == {1}
    # a worked example's numbers give way to the rule's
    rule = "Each Player may play 1 Plot per Game Turn. For example, one who played 2 Plots pays 1."
    assert _held(rule, ("plot",)) == {1}


def test_a_die_is_its_faces() -> None:
    rolls = "The DM rolls d12. Roll on d12 < = (Totems).\n12 – (Game Turns since the last)"
    assert _held(rolls, ("die",)) == {12}
    assert _held("is awarded (1d4)VP", ("die",)) == {4}


def test_what_binds_nothing_leaves_the_value_to_be_stated_anywhere() -> None:
    # a comparison counts nothing; a field's last word alone does not name it; nor does a
    # footnote's mark
    assert _held("White has given Lith 2 more tribute than Black.", ("tribute",)) is None
    assert _held("only 1VP is awarded", ("single", "pawn", "vp")) is None
    assert _held("The Council<sup>2</sup> seats", ("council",)) is None


def test_an_ordinal_states_a_rank_only() -> None:
    assert not says_number("Second: 3 minions.", 2)
    assert says_number("Second: 3 minions.", 2, ordinal=True)
    assert says_number("Second: 3 minions.", 3)
