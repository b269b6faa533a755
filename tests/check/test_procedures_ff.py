"""Forty Factions rules as code: every worked example of the rules texts reproduced by its
procedure, and the invariants the procedures must keep whatever the state (Hypothesis)."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.shipped import CONTENT
from toolkit.check.procedures import ParamError, Procedure
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.procedures import bind, control, council, dreams, gathering, turn


@cache
def ix() -> Index:
    from toolkit.commands import api
    from toolkit.core.diagnostics import Report

    loaded = api.load_game(CONTENT, "forty-factions", Report())
    assert loaded is not None
    index = Index.build(loaded[1])
    assert index is not None
    return index


@cache
def procs() -> dict[str, Procedure]:
    return {p.name: p for p in bind(ix())}


def calc(name: str, *args: str) -> object:
    return procs()[name](args)[1]


def parties() -> list:
    return [p for p in ix().game.parties if p.body == "council"]


# ------------------------------------------------------------------ worked examples


def test_12_1_1_three_activations_cost_0_1_2() -> None:
    """12.1.1: 'a Player who Activated 3 Factions in the same Game Turn would pay 0+1+2 = 3
    VP to do so.'"""
    r = calc("activation-cost", "activations=3")
    assert r.value == 3 and r.details["each"] == [0, 1, 2]
    assert "0+1+2 = 3" in r.steps[0]


def test_12_1_2_two_plots_cost_0_1() -> None:
    """12.1.2: 'a Player who played 2 Plots in the same Game Turn would pay 0+1 = 1 VP'."""
    r = calc("plot-cost", "plots=2")
    assert r.value == 1 and r.details["each"] == [0, 1]


def test_12_1_3_activations_and_plots_counted_apart() -> None:
    """12.1.3: one Activation and one Plot are free; neither counts toward the other."""
    assert calc("turn-cost", "activations=1", "plots=1").value == 0
    assert calc("turn-cost", "activations=3", "plots=2").value == 3 + 1


def test_sc3_2_2_gathering_example() -> None:
    """SC3.2.2: 'if it is Game Turn 8, 10 Totems have pawns on them and a Gathering was last
    held on Game Turn 3, a roll of <= 10 - (12-5) = 3 is required.'"""
    r = calc("gathering-chance", "turn=8", "totems=10", "last=3")
    assert r.value == 3
    assert "10 - (12 - 5) = 3" in " ".join(r.steps)


def test_sc3_2_2_a_gathering_long_ago_subtracts_nothing() -> None:
    r = calc("gathering-chance", "turn=20", "totems=3", "last=1")
    assert r.value == 3 and "nothing is subtracted" in " ".join(r.steps)


def test_sc3_1_5_rival_tribes_share_one_totem() -> None:
    """Horse and Owl hold one Totem (SC3.1.5, SC3.2.5.1): both cannot speak."""
    with pytest.raises(ParamError, match="share one Totem"):
        calc("gathering-vote", "chits=horse:1,owl:1", "strongest=owl")


def test_sc3_2_2_without_a_last_gathering_the_totems_are_the_target() -> None:
    assert calc("gathering-chance", "turn=8", "totems=10").value == 10


def test_sc3_2_3_last_turn_gathering_is_automatic() -> None:
    """SC3.2.3: on the last Game Turn, with no Gathering yet held, one is held automatically;
    once one has been held the roll is as usual."""
    auto = calc("gathering-chance", "turn=6", "totems=0", "turns=6")
    assert auto.value == ix().gathering.die and auto.details["automatic"]
    usual = calc("gathering-chance", "turn=6", "totems=10", "last=2", "turns=6")
    assert usual.value == 10 - (12 - 4) and not usual.details["automatic"]


def test_10_2_1_and_10_3_8_two_thirds_is_27_of_40() -> None:
    """10.2.1: two-thirds 'i.e. 27 if all 40 are present and voting'; 10.3.8: '27 votes for or
    twice the number of votes for as votes against'."""
    assert calc("overlord-vote", "for=27", "against=13").value is True
    assert calc("overlord-vote", "for=26", "against=14").value is False
    assert calc("overlord-vote", "for=20", "against=10").value is True  # twice as many
    assert calc("overlord-vote", "for=19", "against=10").value is False


def test_10_3_6_coalitions_at_the_beginning_of_the_game() -> None:
    """10.3.6: Conservative + Mercantile 'holds Majority Control at the beginning of the
    Game' and Liberal + Militant 'would hold Majority Control at the beginning of the game if
    the Militants agreed'. With the Militant and Independent seats neutral they abstain, and
    9 + 9 = 18 is a majority of the 30 votes cast (10.3.5): a fixed majority of 21 would deny
    it."""
    r = calc(
        "council-control",
        "conservative=con:9",
        "mercantile=merc:9",
        "liberal=lib:12",
        "coalition=con+merc",
    )
    assert r.details["cast"] == 30 and r.details["control"] == "majority"
    assert r.details["side"] == "con + merc" and r.value == ix().game.council.vp.majority
    # the Militants agree (their seats voting with the Liberals): 12 + 9 = 21 of 40 cast
    r = calc(
        "council-control",
        "conservative=con:9",
        "mercantile=merc:9",
        "liberal=lib:12",
        "militant=mil:9",
        "independent=ind:1",
        "coalition=lib+mil",
    )
    assert r.details["cast"] == 40 and r.details["side"] == "lib + mil"
    assert r.details["control"] == "majority"


def test_10_3_2_2_neutral_seats_follow_the_party_faction_or_a_majority() -> None:
    """10.3.2.2.1-4: the party faction's holder votes the neutral seats; else a simple
    majority of the seats with pawns; else they abstain; Militant neutrals always abstain."""
    r = calc("council-control", "liberal=red:1", "leaders=liberal:red")
    assert r.details["votes"] == {"red": 12}
    r = calc("council-control", "liberal=red:3,blue:2")
    assert r.details["votes"] == {"red": 3 + 7, "blue": 2}
    r = calc("council-control", "liberal=red:2,blue:2")
    assert r.details["votes"] == {"red": 2, "blue": 2} and r.details["cast"] == 4
    r = calc("council-control", "militant=red:5")
    assert r.details["votes"] == {"red": 5}


def test_10_3_4_the_overlord_breaks_a_tie() -> None:
    tie = ("liberal=red:6,blue:6",)
    assert calc("council-control", *tie).details["control"] == "none"
    r = calc("council-control", *tie, "overlord=blue")
    assert r.details["control"] == "majority" and r.details["side"] == "blue"


def test_12_3_2_one_pawn_in_the_council_gives_one_vp() -> None:
    r = calc("council-control", "conservative=red:1", "leaders=conservative:red")
    assert r.details["control"] == "majority" and r.value == ix().game.council.vp.single_pawn


def test_12_2_area_control_table_and_single_pawn() -> None:
    """12.2.1's table (its rows total 9 VP; the printed 76 Locations are 77, see errata),
    13.2.3.1's expansion VPs, 12.2.2's single pawn and 12.2.3's tie."""
    base = [a for a in ix().game.areas if a.board == "main"]
    assert sum(control.area_vp(a, ()) for a in base) == 9
    assert sum(a.locations for a in base) == 77
    env = ix().area_by_id["environs"]
    assert control.area_vp(env, ("SC",)) == 2 and control.area_vp(env, ()) == 1
    assert control.area_vp(ix().area_by_id["upper-east-side"], ("DD",)) == 2
    assert calc("area-control", "area=old-town", "pawns=red:1").value == 1
    assert calc("area-control", "area=old-town", "pawns=red:3,blue:2").value == 2
    assert calc("area-control", "area=old-town", "pawns=red:2,blue:2").value == 0
    assert calc("area-control", "area=environs", "pawns=red:2", "expansions=base").value == 1


def test_sc3_1_3_lesser_circles_count_half() -> None:
    """SC3.1.3: 'The 3 Lesser Circles ... each count as 0.5 of a Location only': the Forest of
    the Great Desert has 6 + 3 x 0.5 = 7.5 Locations' worth."""
    forest = next(f for f in ix().sacred_circles.forests if f.lesser_circles)
    assert forest.sacred_circles + forest.lesser_circles * forest.lesser_value == 7.5
    r = calc("area-control", "area=forest-great-desert", "pawns=red:1", "lesser=blue:3")
    assert r.details["side"] == "blue"
    r = calc("area-control", "area=forest-great-desert", "pawns=red:1", "lesser=blue:2")
    assert r.value == 0  # 1 against 2 x 0.5: a tie


def test_dd3_2_3_and_dd3_3_6_congress_chance() -> None:
    """DD3.2.3: 5% per Activated Faction with a seat; DD3.3.6: 10% once all Areas are mad."""
    assert calc("congress-chance", "seats=3").value == 15
    assert calc("congress-chance", "seats=3", "all-mad=yes").value == 30


def test_dd3_2_4_congress_award_is_capped_by_the_seats() -> None:
    """DD3.2.4: '(1d4)VP, subject to a maximum of the number of Seats held by Activated
    Factions'; a tie splits as agreed or gives none."""
    assert calc("congress-award", "votes=red:1", "roll=4").value == 1
    assert calc("congress-award", "votes=red:2,blue:1", "roll=4").value == 3
    tie = calc("congress-award", "votes=red:1,blue:1", "roll=2")
    assert tie.details["tie"] == ["blue", "red"]


def test_dd3_3_4_madness_table_five_temples_and_bonuses() -> None:
    """DD3.3.4.1 (Levels 1-2: 0, 3-5: 1, 6-9: 3, 10: 6, to YHWRC, LAMMIA, ULULO, RABBAT and
    MORCOR), DD3.3.4.2-3 (+1 to LAMMIA for Delirium, +1 to MORCOR for Despair, at >= 3)."""
    m = ix().madness
    assert [dreams.level_vp(m, lv) for lv in range(11)] == [0, 0, 0, 1, 1, 1, 3, 3, 3, 3, 6]
    names = {ix().factions[n].name for n in m.scoring_factions}
    assert names == {f"Temple of {t}" for t in ("YHWRC", "LAMMIA", "ULULO", "RABBAT", "MORCOR")}
    r = calc("madness-vp", "levels=old-town:10G,environs:4E")
    by_name = {ix().factions[n].name: v for n, v in r.details["temples"].items()}
    assert by_name["Temple of YHWRC"] == 7
    assert by_name["Temple of LAMMIA"] == 8 and by_name["Temple of MORCOR"] == 8
    assert calc("madness-vp", "levels=old-town:2G").details["temples"][92] == 0  # below 3


def test_dd3_3_2_madness_rises_in_the_temples_alignment_and_falls_in_its_own() -> None:
    up = calc("madness-change", "faction=86", "level=3", "alignment=G", "action=place")
    assert up.value == 4 and up.details["alignment"] == "N"  # 'N for YHWHRC'
    down = calc("madness-change", "faction=86", "level=4", "alignment=G", "action=remove")
    assert down.value == 3 and down.details["alignment"] == "G"
    top = calc("madness-change", "faction=95", "level=10", "alignment=G", "action=place")
    assert top.value == 10 and top.details["alignment"] == "E"


def test_5_2_and_dd3_3_6_end_of_the_game() -> None:
    assert calc("game-end", "turn=6", "turns=6").value is True
    assert calc("game-end", "turn=5", "turns=6").value is False
    assert calc("game-end", "turn=5", "turns=6", "best-vp=20", "vp-target=20").value is True
    mad = calc("game-end", "turn=2", "turns=6", "all-mad=yes")
    assert mad.value is True and mad.details["when"] == "immediately"


def test_5_3_2_and_6_6_3_cards() -> None:
    assert [calc("starting-hand", f"players={n}").value for n in range(2, 9)] == [
        6,
        5,
        4,
        3,
        2,
        2,
        2,
    ]
    assert calc("cards-drawn", "players=3").value == 3
    assert calc("cards-drawn", "players=4", "discarded=yes").value == 3


def test_10_4_5_conclave_majority_and_tie() -> None:
    assert calc("conclave-control", "seats=red:2,blue:1").value == 1
    assert calc("conclave-control", "seats=red:1,blue:1").value == 0


def test_sc3_2_7_gathering_vote() -> None:
    """SC3.2.7: one Totem alone takes 1 VP; the Strongest gains the Neutral Totems' chits; a
    clear majority 3 VP; after the supports the most chits 1 VP, a tie none."""
    assert calc("gathering-vote", "chits=horse:1", "strongest=horse").value == 1
    # 2 speak, 11 Neutral: the Strongest has 1 + 11 of 14
    assert calc("gathering-vote", "chits=horse:1,heron:2", "strongest=horse").value == 3
    # 7 speak with 2 chits each, 6 Neutral: 2 + 6 = 8 of 20 is no clear majority
    many = ",".join(f"{a}:2" for a in ("horse", "heron", "rat", "lizard", "snake", "deer", "bear"))
    open_ = calc("gathering-vote", f"chits={many}", "strongest=horse")
    assert open_.value == 0 and open_.details["decided"] is False
    final = calc(
        "gathering-vote", f"chits={many}", "strongest=horse", "final=horse:8,heron:6,rat:6"
    )
    assert final.value == ix().gathering.vp.strongest_of_several
    tie = calc("gathering-vote", f"chits={many}", "strongest=horse", "final=horse:10,heron:10")
    assert tie.value == 0


def test_final_tally_adds_madness() -> None:
    r = calc("final-tally", "vp=red:10,blue:12", "madness=red:3")
    assert r.value == "red" and r.details["totals"] == {"red": 13, "blue": 12}


# ------------------------------------------------------------------ parameters


@pytest.mark.parametrize(
    ("name", "args", "param"),
    [
        ("gathering-chance", ["turn=8"], "totems"),
        ("gathering-chance", ["turn=8", "totems=99"], "totems"),
        ("gathering-chance", ["turn=8", "totems=3", "last=8"], "last"),
        ("gathering-chance", ["turn=x", "totems=3"], "turn"),
        ("activation-cost", ["activations=-1"], "activations"),
        ("activation-cost", ["activation=3"], "activation"),
        ("area-control", ["area=old-twn", "pawns=red:1"], "area"),
        ("area-control", ["area=old-town", "pawns=red"], "pawns"),
        ("area-control", ["area=old-town", "pawns=red:1", "lesser=red:1"], "lesser"),
        ("council-control", ["liberal=red:13"], "liberal"),
        ("council-control", ["leaders=liberal:red"], "leaders"),
        ("overlord-vote", ["for=30", "against=20"], "against"),
        ("gathering-vote", ["chits=horse:1", "strongest=heron"], "strongest"),
        ("madness-change", ["faction=86", "level=3", "action=place"], "alignment"),
        ("madness-vp", ["levels=old-town:12G"], "levels"),
        ("congress-award", ["votes=red:1", "roll=5"], "roll"),
    ],
)
def test_bad_or_missing_parameters_name_the_parameter(
    name: str, args: list[str], param: str
) -> None:
    with pytest.raises(ParamError) as exc:
        procs()[name](args)
    assert exc.value.param == param and exc.value.exit_code == 2


# ------------------------------------------------------------------ invariants


@given(st.integers(0, 40))
def test_costs_never_fall_as_activations_rise(n: int) -> None:
    costs = ix().game.play_costs
    a, b = turn.activation_cost(costs, n).value, turn.activation_cost(costs, n + 1).value
    assert b - a == n * costs.activation >= 0
    assert turn.plot_cost(costs, n + 1).value >= turn.plot_cost(costs, n).value


sides = st.sampled_from(["red", "blue", "green", "white"])
pawn_counts = st.dictionaries(sides, st.integers(0, 8), max_size=4)


@given(
    st.sampled_from([a.id for a in ix().game.areas if a.scoring]),
    pawn_counts,
    st.sets(st.sampled_from(["SC", "DD"])),
)
def test_area_control_never_goes_to_fewer_pawns(area_id: str, pawns: dict, exp: set) -> None:
    area = ix().area_by_id[area_id]
    r = control.area_control(area, exp, pawns)
    vp = control.area_vp(area, exp)
    assert 0 <= r.value <= vp
    side = r.details["side"]
    if side is not None and r.value:
        assert all(pawns[side] > n for s, n in pawns.items() if s != side)
    top = [*sorted(pawns.values(), reverse=True), 0, 0]
    if top[0] == top[1]:
        assert r.value == 0


@st.composite
def council_states(draw: st.DrawFn) -> council.CouncilState:
    pawns = {}
    leaders = {}
    for p in parties():
        left = p.seats
        mine = {}
        for s in draw(st.lists(sides, unique=True, max_size=3)):
            n = draw(st.integers(0, left))
            left -= n
            if n:
                mine[s] = n
        pawns[p.id] = mine
        if mine and council.allocates_neutrals(p) and draw(st.booleans()):
            leaders[p.id] = draw(st.sampled_from(sorted(mine)))
    overlord = draw(st.one_of(st.none(), sides))
    return council.CouncilState(pawns, leaders, overlord)


@settings(max_examples=200)
@given(council_states())
def test_council_control_never_goes_to_fewer_votes(state: council.CouncilState) -> None:
    r = council.council_control(parties(), ix().game.council, state)
    votes, cast = r.details["votes"], r.details["cast"]
    assert cast == sum(votes.values()) <= ix().game.council.seats
    winner = r.details["side"]
    if winner is None:
        assert r.value == 0
        return
    assert all(votes[winner] >= n for n in votes.values())
    if r.details["control"] == "majority":
        assert 2 * votes[winner] > cast or (2 * votes[winner] == cast and state.overlord == winner)
    else:
        assert 2 * votes[winner] <= cast
        assert sum(1 for n in votes.values() if n == votes[winner]) == 1


@given(st.integers(1, 30), st.integers(0, 13), st.integers(1, 29))
def test_gathering_chance_grows_with_totems_and_time(turn_: int, totems: int, gap: int) -> None:
    g = ix().gathering
    last = max(1, turn_ - gap)
    if last >= turn_:
        return
    r = gathering.gathering_chance(g, turn_, totems, last)
    assert r.value <= g.die
    assert gathering.gathering_chance(g, turn_ + 1, totems, last).value >= r.value
    if totems < len(g.totems):
        assert gathering.gathering_chance(g, turn_, totems + 1, last).value >= r.value
    # a Gathering already held never makes the next one likelier than a first one, however
    # long ago it was (SC3.2.2 subtracts; taken literally it would add after 12 Game Turns)
    assert r.value <= gathering.gathering_chance(g, turn_, totems).value


@given(st.integers(0, 40), st.integers(0, 40))
def test_overlord_vote_more_for_never_fails(votes_for: int, against: int) -> None:
    c = ix().game.council
    if council.overlord_vote(c, votes_for, against).value:
        assert council.overlord_vote(c, votes_for + 1, against).value
        assert against == 0 or council.overlord_vote(c, votes_for, against - 1).value


@given(st.integers(0, 10), st.booleans(), st.integers(1, 4), st.integers(0, 10))
def test_congress_bounds(seats: int, mad: bool, roll: int, held: int) -> None:
    c = ix().congress
    r = dreams.congress_chance(c, seats, mad)
    assert 0 <= r.value <= 100
    assert dreams.congress_chance(c, seats + 1, mad).value >= r.value
    assert dreams.award_cap(roll, held) <= min(roll, held)


@given(st.integers(0, 10), st.sampled_from(["G", "N", "E"]), st.sampled_from([86, 92, 93, 94, 95]))
def test_madness_stays_in_range_and_place_then_remove_returns(level: int, al: str, n: int) -> None:
    m = ix().madness
    spread = ix().factions[n].madness
    start = dreams.AreaMadness(level, al if level else "")
    up = dreams.madness_change(m, spread, start, "place")
    assert 0 <= up.value <= m.max_level
    back = dreams.madness_change(m, spread, dreams.AreaMadness(up.value, spread), "remove")
    assert back.value == (level if level < m.max_level else m.max_level - 1)


def test_every_procedure_states_its_rule_and_parameters() -> None:
    for p in procs().values():
        assert p.rule and p.summary and p.title
        for q in p.params:
            assert q.meaning, (p.name, q.name)


def test_panels_print_no_step_without_a_rule() -> None:
    from toolkit.games.forty_factions.screen import panels

    for panel in panels(ix()):
        assert panel.rule
        for step in panel.steps:
            assert step.rule, (panel.id, step.text)
        for table in panel.tables:
            assert table.rule, (panel.id, table.caption)


def test_an_area_of_an_expansion_not_in_play_is_refused() -> None:
    with pytest.raises(ParamError, match="only with DD"):
        calc("area-control", "area=domain-dreams", "pawns=red:2", "expansions=base")
    assert calc("area-control", "area=domain-dreams", "pawns=red:2", "expansions=base,DD").value
