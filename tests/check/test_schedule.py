"""How a build plans its work: each output's key (what it is made from), and how the
outputs are shared among the worker processes: a group stays together in one worker (a
board's SVG and PDF share its drawing), the costliest groups first so the workers finish
together; a deck is not in any group: it is assembled from its sheets once they are
written (tests/render/test_deck_pdf.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from toolkit.commands.schedule import group_outputs
from toolkit.core.outputs import BuildOptions, Output


def _out(path: str, group: str, cost: float) -> Output:
    return Output(path, "sheet", (), lambda session: b"", group=group, cost=cost)


def test_a_group_stays_whole_and_the_costliest_go_first() -> None:
    outputs = [_out(f"b/{i}.svg", "board", 2.0) for i in range(3)]
    outputs += [_out(f"s/{i}.pdf", "", 1.0 + i / 10) for i in range(5)]
    plan = group_outputs(outputs)
    assert Counter(o.path for g in plan for o in g) == Counter(o.path for o in outputs)
    assert [o.path for o in plan[0]] == ["b/0.svg", "b/1.svg", "b/2.svg"]  # in order
    work = [sum(o.cost for o in g) for g in plan]
    assert work == sorted(work, reverse=True) and len(plan) == 6


def test_nothing_to_build_plans_nothing() -> None:
    assert group_outputs([]) == []


def test_a_deck_is_stale_with_any_of_its_sheets(tmp_path: Path) -> None:
    """The build keys a deck by its sheets' keys too: a sheet whose view changes makes its
    deck stale, though the deck's own renderer is handed only their paths."""
    import dataclasses
    from functools import partial

    from tests.support.shipped import CONTENT
    from toolkit.commands import api
    from toolkit.commands.output_keys import fingerprint, kit_keys

    _report, loaded = api.check_games(CONTENT, "forty-factions", strict=False)
    pack, content = loaded[0]
    options = BuildOptions(out=tmp_path)
    outputs = pack.outputs(content, options)
    deck = next(o for o in outputs if o.path == "sheets/plots.pdf")
    assert set(deck.parts) == {o.path for o in outputs if o.path.startswith("sheets/plots/")}
    code = fingerprint()
    before = kit_keys(outputs, options, code)
    i, sheet = next((i, o) for i, o in enumerate(outputs) if o.path == deck.parts[5])
    job = sheet.render.args[0]  # type: ignore[attr-defined]
    edited = dataclasses.replace(job, sheet=dataclasses.replace(job.sheet, name="Renamed"))
    outputs[i] = dataclasses.replace(sheet, render=partial(sheet.render.func, edited))  # type: ignore[attr-defined]
    after = kit_keys(outputs, options, code)
    changed = {p for p in after if after[p] != before[p]}
    assert changed == {sheet.path, deck.path}


def test_shared_memo_gives_the_same_keys() -> None:
    """Output keys written out with one memo for the whole build equal keys written out
    alone: the memo saves time (a sheet's view appears in its sheet and its card), never
    changes what is digested."""
    from tests.support.shipped import CONTENT
    from toolkit.commands import api
    from toolkit.commands.output_keys import fingerprint, output_key

    _report, loaded = api.check_games(CONTENT, "forty-factions", strict=False)
    pack, content = loaded[0]
    options = BuildOptions(out=Path("unused"))
    outputs = pack.outputs(content, options)
    code = fingerprint()
    memo: dict[int, str] = {}
    shared = [output_key(o, options, code, memo) for o in outputs]
    alone = [output_key(o, options, code) for o in outputs]
    assert shared == alone
    assert len(set(shared)) == len(outputs)  # and every output has its own key
