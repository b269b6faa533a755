"""God Emperor and Worldspanner rules as code: each worked example or piece of arithmetic the
rules texts print, reproduced by its procedure, and invariants the procedures keep."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support.shipped import CONTENT
from toolkit.check.procedures import ParamError, Procedure


@cache
def loaded(game: str):  # type: ignore[no-untyped-def]
    from toolkit.commands import api
    from toolkit.core.diagnostics import Report

    result = api.load_game(CONTENT, game, Report())
    assert result is not None
    return result[1]


@cache
def procs(game: str) -> dict[str, Procedure]:
    from toolkit.games import load_pack

    pack = load_pack(game)
    assert pack.procedures is not None
    return {p.name: p for p in pack.procedures(loaded(game))}


def ge(name: str, *args: str) -> object:
    return procs("god-emperor")[name](args)[1]


def ws(name: str, *args: str) -> object:
    return procs("worldspanner")[name](args)[1]


# ------------------------------------------------------------------ God Emperor


def test_ge_the_day_gives_round_one_its_extra_hour() -> None:
    """L74-77: round 1 at 10:30, 10 rounds of 30 minutes, the game concludes at 16:30:
    round 1 is 'allotted extra time', the 60 minutes the other rounds leave."""
    r1 = ge("round-clock", "round=1")
    assert r1.value == "10:30" and r1.details["end"] == "12:00"
    assert ge("round-clock", "round=2").value == "12:00"
    assert ge("round-clock", "round=10").details["end"] == "16:30"


def test_ge_a_round_is_its_five_phases() -> None:
    """L82-118: Ceremony 4 + Planning 10 + Movement 1 + Action 14 + Return 1 = 30 minutes."""
    r = ge("round-clock", "round=3")
    assert r.value == "12:30" and r.details["end"] == "13:00"
    assert [s.split()[0] for s in r.steps[1:]] == ["12:30", "12:34", "12:44", "12:45", "12:59"]


def test_ge_room_timelines_against_the_action_phase() -> None:
    """L163-175 War 1+5+2+1+2+1+1 = 13; L398-412 Court 1+2+4x3 = 15, a minute over the
    14-minute Action phase; L466-490 Underground 1+1+5+2+1+2+2 = 14."""
    assert ge("room-clock", "room=war", "round=2").details["over"] == -1
    assert ge("room-clock", "room=court", "round=2").details["over"] == 1
    assert ge("room-clock", "room=underground", "round=2").details["over"] == 0


def test_ge_law_payment_example() -> None:
    """L316: 'a Law with a cost of 4 could be paid with 1 Power from one House, and 1 Power
    and 2 Favors from another' - and never more than 2 Power and 2 Favor from one House."""
    assert ge("court-payment", "cost=4", "payments=cat:1p,swords:1p2f").value is True
    assert ge("court-payment", "cost=4", "payments=cat:3p,swords:1f").value is False
    assert ge("court-payment", "cost=4", "payments=cat:1p").value is False
    assert ge("court-pool", "houses=3").value == 12


def test_ge_prisoners_dilemma_rewards() -> None:
    """L237: two Houses on one castle 'will both get 1 Power each month' (a castle beyond
    their first, L172); defeating units on it gives '1 Power extra ... double your return'."""
    shared = ge("rewards", "castles=2")
    assert shared.value == 1
    assert ge("rewards", "castles=2", "castle-victories=1").value == 2 * shared.value
    assert ge("rewards", "castles=1").value == 0  # the first castle gives none
    r = ge("rewards", "castles=1", "rumors=2", "rumor-victories=1")
    assert r.details["favor"] == 3  # L174: 1 per Rumor, 1 more where a House was overcome


def test_ge_battle() -> None:
    """L179-185: +1 per unit, +1 per unit of a House allied with you, +1 for your castle; the
    highest wins; those not allied with the winner remove their units; a tie massacres."""
    r = ge("battle", "units=cat:3,wolf:2,eagle:1", "allies=eagle:wolf", "castle=cat")
    assert r.value == "cat" and r.details["attack"] == {"cat": 4, "wolf": 3, "eagle": 1}
    assert set(r.details["removed"]) == {"wolf", "eagle"}
    r = ge("battle", "units=cat:2,wolf:3", "allies=cat:wolf")
    assert r.value == "wolf" and r.details["removed"] == []  # cat allied with the winner
    tie = ge("battle", "units=cat:2,wolf:2")
    assert tie.value is None and set(tie.details["removed"]) == {"cat", "wolf"}
    allied = ge("battle", "units=cat:2,wolf:1,eagle:2,bear:1", "allies=bear:eagle")
    assert allied.details["attack"]["eagle"] == 3 and allied.value == "eagle"
    # 'If there is a tie and only one of the sides of the battle was in an alliance'
    tie2 = ge("battle", "units=cat:3,eagle:2,bear:1", "allies=bear:eagle")
    assert tie2.value == "eagle"
    peace = ge("battle", "units=cat:2,wolf:2", "allies=cat:wolf,wolf:cat")
    assert peace.value is None and peace.details["removed"] == []


def test_ge_neutral_castles_and_immortals() -> None:
    """L189: one unit of remnants, attacking everybody, regenerating one when the region is
    empty; L195: Immortals have 2 attack each."""
    assert ge("neutral-castle", "units=0").value == 1
    assert ge("neutral-castle", "units=2").value == 2
    r = ge("battle", "units=cat:1", "remnants=1")
    assert r.value is None  # 1 against 1: massacred
    r = ge("battle", "units=cat:3", "immortals=1")
    assert r.details["attack"]["immortals"] == 2 and r.value == "cat"


def test_ge_minions_and_schemes() -> None:
    """L470-475 draws by rank 4, 3, 2, 1, 1; L482-485 the contest; L446 a scheme per unit."""
    assert [ge("minion-draws", f"rank={r}").value for r in range(1, 6)] == [4, 3, 2, 1, 1]
    assert ge("minion-contest", "attacker=rock-red", "defender=scissors-blue").value == "attacker"
    assert ge("minion-contest", "attacker=rock-red", "defender=paper-red").value == "defender"
    assert ge("minion-contest", "attacker=rock-red", "defender=rock-red").value == "attacker"
    assert ge("minion-contest", "attacker=rock-red", "defender=rock-blue").value == "defender"
    assert ge("scheme-cost", "scheme=mass-poisoning", "amount=3").value == 6
    assert ge("scheme-cost", "scheme=assassinate", "crackdown=yes").value == 6
    assert ge("court-cost", "proposal=fines", "amount=3").value == 3


def test_ge_votes_and_uprising() -> None:
    """L310: a majority of the assembled, the Sovereign decides a tie; L396: 2/3 stand."""
    assert ge("court-vote", "for=6", "assembled=10").value is True
    assert ge("court-vote", "for=5", "assembled=10").value is None
    assert ge("uprising", "standing=20", "assembled=30").value is True
    assert ge("uprising", "standing=19", "assembled=30").value is False


@given(
    st.dictionaries(
        st.sampled_from(["cat", "wolf", "eagle", "bear"]), st.integers(0, 6), min_size=1
    ),
    st.sets(
        st.tuples(
            st.sampled_from(["cat", "wolf", "eagle"]), st.sampled_from(["cat", "wolf", "bear"])
        )
    ),
)
def test_ge_battle_never_won_by_a_weaker_side(units: dict, allies: set) -> None:
    from toolkit.games.god_emperor.procedures import war

    w = loaded("god-emperor").one("game", object).war  # type: ignore[arg-type]
    b = war.Battle(units, frozenset((a, c) for a, c in allies if a != c))
    r = war.battle(w, b)
    if r.value is not None:
        attack = r.details["attack"]
        assert all(attack[r.value] >= v for v in attack.values())
        assert r.value not in r.details["removed"]


# ------------------------------------------------------------------ Worldspanner


def test_ws_challenge_difference_examples() -> None:
    """p. 14: 'Your hero's Aim is 6, versus the 5 Aim challenge ... The difference is 1';
    p. 18: Blackbeard's 6 Melee against Rizzik's 8 Agility, 'the attacker is 2 worse (-2)';
    3 Power against 2 Armor, '1 better'; 'The difference cannot be greater than 6 or less
    than -6.'"""
    assert ws("challenge", "rating=6", "opposing=5").value == 1
    assert ws("challenge", "rating=6", "opposing=8").value == -2
    assert ws("challenge", "rating=3", "opposing=2").value == 1
    assert ws("challenge", "rating=9", "opposing=0").value == 6
    assert ws("challenge", "rating=0", "opposing=9").value == -6


def test_ws_melee_example_wounds() -> None:
    """p. 18: 'It shows -1 wound. Blackbeard's fists have a 2 Wound rating. So, the attack
    causes 1 wound to the target (2 Wound rating minus 1 for the Squeak).'"""
    assert ws("wounds", "wound=2", "face=squeak").value == 1
    assert ws("wounds", "wound=2", "face=amaze").value == 3
    assert ws("wounds", "wound=4", "face=fopp").value == 0
    assert ws("wounds", "wound=1", "face=fail").value == 0


def test_ws_ranged_attack_example() -> None:
    """p. 19-20: Sanchez's Aim 9 +1 for Rifles = 10; Lazar's Stealth 7 +2 in the Building = 9;
    'Sanchez is better by 1'. Damage: Power 4 against Armor 3, better by 1, '-2 wounds': the
    Tommy Gun's 3 wounds less 2 = 1 wound marker."""
    defense = ws("stealth", "stealth=7", "building=yes").value
    assert defense == 9
    assert ws("challenge", "rating=10", f"opposing={defense}").value == 1
    assert ws("challenge", "rating=4", "opposing=3").value == 1
    assert ws("wounds", "wound=3", "face=fail").value == 1
    assert ws("stealth", "stealth=7", "cover=2").value == 11
    assert ws("stealth", "stealth=7", "cover=2", "flying=yes").value == 7


def test_ws_a_card_gives_face_hit_luck_and_domes() -> None:
    """p. 14 (the face beside the difference), p. 18 (the blue Hit bar), p. 22 (Luck), p. 7
    (the Dome range), read from the content's challenge deck."""
    from toolkit.games.worldspanner.card_models import ChallengeDeck

    deck = next(
        d for d in loaded("worldspanner").of("challenge-deck", ChallengeDeck) if d.team == "white"
    )
    card = deck.cards[0]
    r = ws("challenge", "rating=6", "opposing=8", "deck=white", "card=1")
    assert r.details["face"] == card.faces[-2 + 6]
    assert r.details["hit"] == (card.hit_from <= -2)
    assert r.details["luck"] == card.luck and r.details["domes"] == card.domes


def test_ws_dismissal_example() -> None:
    """p. 7: 'You draw a card showing 3-4. Place the hero in any Dome marked 3 or 4, but not
    in the one already containing a hero'; none free: the next highest, past 6 back to 1."""
    assert ws("dismiss", "domes=3-4", "empty=1,2,4,5,6").value == [4]
    assert ws("dismiss", "domes=3-4", "empty=1,2,6").value == [6]
    assert ws("dismiss", "domes=5-6", "empty=2").value == [2]
    assert ws("dismiss", "domes=1 or 6", "empty=1,6").value == [1, 6]


def test_ws_reinforce_examples() -> None:
    """p. 7: six heroes 'two in round 1, two in 2, and two in 3'; eight 'three ... three ...
    and two in 3'; nine 'three in rounds 1, 2, and 3'; p. 4: '4 heroes each turn if you are
    playing with 10-12 heroes'."""
    assert ws("reinforce", "heroes=6").details["rounds"] == [2, 2, 2]
    assert ws("reinforce", "heroes=8").details["rounds"] == [3, 3, 2]
    assert ws("reinforce", "heroes=9").details["rounds"] == [3, 3, 3]
    assert [ws("reinforce", f"heroes={n}").value for n in (10, 11, 12)] == [4, 4, 4]


def test_ws_dealing_length_and_actions_examples() -> None:
    """p. 3: 'deal 12 cards to each team when playing 6 heroes per team and 15 when playing 9';
    6 intro / 9 with three players / 8; Intro 8, Average 10, Expert 12 rounds; p. 16: '65
    actions in a 10-turn, 8-hero game'."""
    assert ws("deal", "heroes=6").value == 12 and ws("deal", "heroes=9").value == 15
    assert ws("team-size", "intro=yes").value == 6
    assert ws("team-size", "three-players=yes").value == 9 and ws("team-size").value == 8
    lengths = [ws("game-length", f"length={x}").value for x in ("intro", "average", "expert")]
    assert lengths == [8, 10, 12]
    assert ws("actions", "heroes=8", "rounds=10").value == 65


def test_ws_task_card_draws_and_virtue_examples() -> None:
    """p. 15: Rizzik's Virtue 4 against 5 is 1 worse, +2 as a Defender, '1 better'; p. 10: 2
    draws buy 2 War, 2 Secret, 1 War and 1 Secret, or 1 Elite; Rizzik's 3 draws take 1 Secret
    and 1 Elite; his Virtue 4 against 2/5/8 'is equal or better than only one'."""
    assert ws("task", "rating=4", "relation=home").value == 1
    assert ws("task", "rating=4").value == -1
    assert ws("task", "rating=4", "relation=opposing").value == -3
    assert set(ws("card-draws", "draws=2").value) == {
        "2 War",
        "1 War + 1 Secret",
        "2 Secret",
        "1 Elite",
    }
    assert "1 Secret + 1 Elite" in ws("card-draws", "draws=3").value
    assert ws("virtue-bonus", "virtue=4", "numbers=2,5,8").value == 1


def test_ws_glory_examples() -> None:
    """Victory: Dreadmark White 2 Black 1 -> White; Hope Hospice 1-1 -> neither; Crown
    District White 1 -> White; White gave Lith 2 more tribute -> White; White has 1 hero in
    the Underpit, Black 4 in the Pit -> Black gains No One Deep Down. 'Who Won?': White 3
    (Dreadmark, Crown District, Lith), Black 2 (Green Vale, No One Deep Down)."""
    r = ws(
        "glory",
        "white-markers=dreadmark:2,hope-hospice:1,crown-district:1",
        "black-markers=dreadmark:1,hope-hospice:1,green-vale:1",
        "white-tribute=2",
        "white-underpit=1",
        "black-underpit=0",
    )
    assert r.details["glory"] == {"white": 3, "black": 2} and r.value == "white"
    tied = ws(
        "glory",
        "white-markers=dreadmark:1",
        "black-markers=green-vale:1",
        "white-gold=3",
        "black-gold=5",
    )
    assert tied.value == "black"  # the Gold Tie-Breaker


def test_ws_tribute_favor_and_tiles() -> None:
    """p. 17: 1 tribute per gold, 2 per card, first cancelling the enemy's; Lith's Favor +1 at
    3, +2 at 8. p. 16: Team White with a marker on all four spaces of Smuggler's Den gains the
    '4' side."""
    r = ws("tribute", "gold=1", "cards=1", "before=-2")
    assert r.value == 1 and r.details["favor_bonus"] == 0
    assert ws("tribute", "gold=3").details["favor_bonus"] == 1
    assert ws("tribute", "cards=4").details["favor_bonus"] == 2
    assert ws("favor-tile", "markers=4").value == 4
    assert ws("favor-tile", "markers=3").value == 3 and ws("favor-tile", "markers=2").value == 0


@given(st.integers(-20, 29), st.integers(-20, 30))
def test_ws_difference_is_bounded_and_monotone(rating: int, opposing: int) -> None:
    d = ws("challenge", f"rating={rating}", f"opposing={opposing}").value
    assert -6 <= d <= 6
    assert ws("challenge", f"rating={rating + 1}", f"opposing={opposing}").value >= d


@given(st.integers(1, 12))
def test_ws_every_hero_enters_within_three_reinforce_steps(heroes: int) -> None:
    rounds = ws("reinforce", f"heroes={heroes}").details["rounds"]
    assert sum(rounds) == heroes and len(rounds) <= 3


@pytest.mark.parametrize(
    ("game", "name", "args", "param"),
    [
        ("god-emperor", "court-payment", ["cost=4", "payments=cat:one"], "payments"),
        ("god-emperor", "battle", ["units=lion:3"], "units"),
        ("god-emperor", "battle", ["units=cat:3", "allies=cat:cat"], "allies"),
        ("god-emperor", "round-clock", ["round=11"], "round"),
        ("worldspanner", "challenge", ["rating=6", "opposing=5", "deck=white"], "card"),
        ("worldspanner", "dismiss", ["domes=7-8"], "domes"),
        ("worldspanner", "wounds", ["wound=2", "face=meh"], "face"),
    ],
)
def test_bad_parameters_name_themselves(game: str, name: str, args: list[str], param: str) -> None:
    with pytest.raises(ParamError) as exc:
        procs(game)[name](args)
    assert exc.value.param == param
