"""How a build plans its work: each output's key (what it is made from), and how the
outputs are shared among the worker processes: a group stays together (its deck is cut
from its sheets' layouts), unless it would keep one worker busy long after the others, in
which case some of its sheets are rendered apart, in another worker."""

from __future__ import annotations

from collections import Counter

import pytest

from toolkit.build import Output, _groups


def _out(path: str, group: str, cost: float, shared: float = 0.0) -> Output:
    return Output(path, "sheet", (), lambda session: b"", group=group, cost=cost, shared=shared)


def _kit(sheets: int, others: int) -> list[Output]:
    """A deck group (sheets costing 1, 0.7 of it the layout the deck needs too; the deck
    costs every layout and 5 to write) and small groups."""
    deck = [_out(f"s/{i}.pdf", "deck", 1.0, 0.7) for i in range(sheets)]
    deck.append(_out("s.pdf", "deck", 0.7 * sheets + 5.0))
    return deck + [_out(f"o/{i}.pdf", f"o{i}", 1.0) for i in range(others)]


def _loads(plan: list[list[Output]]) -> list[float]:
    """Each planned group's work: beside its deck, a sheet only writes itself (the deck
    lays every sheet out); a sheet moved out of it lays itself out too."""
    loads = []
    for g in plan:
        deck = any(o.path == "s.pdf" for o in g)
        loads.append(sum(o.cost - (o.shared if deck else 0) for o in g))
    return loads


def _every_output_once(plan: list[list[Output]], outputs: list[Output]) -> None:
    counts = Counter(o.path for g in plan for o in g)
    assert counts == Counter(o.path for o in outputs)


def test_one_worker_keeps_every_group_whole() -> None:
    outputs = _kit(100, 10)
    plan = _groups(outputs, jobs=1)
    _every_output_once(plan, outputs)
    assert len(plan) == 11
    assert [o.path for o in plan[0]][-1] == "s.pdf"  # the costliest first, its deck last


@pytest.mark.parametrize("jobs", [2, 3, 4])
def test_a_long_group_moves_sheets_out_to_balance_the_workers(jobs: int) -> None:
    outputs = _kit(100, 10)
    plan = _groups(outputs, jobs)
    _every_output_once(plan, outputs)
    deck_group = next(g for g in plan if any(o.path == "s.pdf" for o in g))
    assert deck_group[-1].path == "s.pdf"  # the deck still comes after its sheets
    moved = [g for g in plan if g is not deck_group and any(o.group == "deck" for o in g)]
    assert len(moved) == jobs - 1 and all(moved)
    loads = _loads(plan)
    kept = loads[plan.index(deck_group)]
    # the deck's worker must lay out every sheet whatever moves (its floor); above that,
    # it ends with the other workers, give or take one sheet
    floor = 0.7 * 100 + 5.0
    others = (sum(loads) - kept) / (jobs - 1)
    assert kept <= max(floor, others) + 1.0, (kept, others, floor)
    assert others <= kept + 1.0, (kept, others)
    assert plan[0] is deck_group  # the longest group starts first


def test_no_split_when_the_groups_already_balance() -> None:
    outputs = _kit(20, 40)
    plan = _groups(outputs, jobs=2)
    _every_output_once(plan, outputs)
    assert len(plan) == 41


def test_nothing_to_build_plans_nothing() -> None:
    assert _groups([], jobs=2) == []


def test_shared_memo_gives_the_same_keys() -> None:
    """Output keys written out with one memo for the whole build equal keys written out
    alone: the memo saves time (a sheet's view appears in its sheet and its deck), never
    changes what is digested."""
    from pathlib import Path

    from tests.shipped import CONTENT
    from toolkit import api
    from toolkit.build import BuildOptions, fingerprint, output_key

    _report, loaded = api._check(CONTENT, "forty-factions", strict=False)
    pack, content = loaded[0]
    options = BuildOptions(out=Path("unused"))
    outputs = pack.outputs(content, options)
    code = fingerprint()
    memo: dict[int, str] = {}
    shared = [output_key(o, options, code, memo) for o in outputs]
    alone = [output_key(o, options, code) for o in outputs]
    assert shared == alone
    assert len(set(shared)) == len(outputs)  # and every output has its own key
