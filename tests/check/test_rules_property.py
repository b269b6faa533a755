"""Property test: random edits to seats, enemies and locations; the checker's verdict must
match an independent recount done here on the raw YAML data."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.shipped import FF, edited_game
from toolkit.commands import api

PARTY_SEATS = {"militant": 9, "liberal": 12, "conservative": 9, "mercantile": 9,
               "independent": 1}  # fmt: skip  # rules 10.3.1, stated independently of canon.py
AREA_ROWS = {"lower-west-side": 14, "upper-west-side": 11, "old-town": 15,
             "lower-east-side": 15, "upper-east-side": 11, "environs": 11}  # fmt: skip  # 12.2.1
PARTY_FACTIONS = {14, 28, 42, 56}
WATCHED = {"FF-COUNCIL-SEATS", "FF-ENEMY-SYMMETRY", "FF-AREA-COUNT"}


def _load() -> dict[int, tuple[Path, dict]]:
    out = {}
    for f in sorted((FF / "factions").glob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        out[data["number"]] = (f.relative_to(FF), data)
    return out


FACTIONS = _load()
BASE = sorted(n for n, (_, d) in FACTIONS.items() if d["expansion"] == "base")
EDITABLE = [n for n in BASE if n not in PARTY_FACTIONS]
ALL = sorted(FACTIONS)

edit = st.one_of(
    st.tuples(st.just("seat"), st.sampled_from(EDITABLE)),
    st.tuples(st.just("politics"), st.sampled_from(EDITABLE), st.sampled_from(sorted(PARTY_SEATS))),
    st.tuples(st.just("enemy+"), st.sampled_from(ALL), st.sampled_from(ALL)),
    st.tuples(st.just("enemy-"), st.sampled_from(ALL)),
    st.tuples(st.just("area"), st.sampled_from(EDITABLE), st.sampled_from(sorted(AREA_ROWS))),
)


def _apply(data: dict[int, dict], e: tuple) -> set[int]:
    kind, n = e[0], e[1]
    d = data[n]
    if kind == "seat":
        seats = d.setdefault("seats", {})
        seats["council"] = 0 if seats.get("council") else 1
    elif kind == "politics":
        d["politics"] = e[2]
    elif kind == "enemy+":
        if e[2] != n and e[2] not in d.get("enemies", []):
            d.setdefault("enemies", []).append(e[2])
    elif kind == "enemy-":
        if d.get("enemies"):
            d["enemies"].pop()
    elif kind == "area":
        locs = d["locations"]
        if isinstance(locs, list) and locs and not locs[0].get("expansion"):
            locs[0]["area"] = e[2]
    return {n}


def _recount(data: dict[int, dict]) -> set[str]:
    """What a careful human would conclude, computed directly from the data."""
    found = set()
    seats: dict[str, int] = {}
    for d in data.values():
        if d.get("seats", {}).get("council") and d["expansion"] == "base":
            seats[d["politics"]] = seats.get(d["politics"], 0) + 1
    if seats != PARTY_SEATS:
        found.add("FF-COUNCIL-SEATS")
    for d in data.values():
        for e in d.get("enemies", []):
            others = (
                [data[e]]
                if isinstance(e, int)
                else [o for o in data.values() if o["category"] == e and o is not d]
            )
            for o in others:
                back = o.get("enemies", [])
                if d["number"] not in back and d["category"] not in back:
                    found.add("FF-ENEMY-SYMMETRY")
    areas: dict[str, int] = {}
    for d in data.values():
        if d["expansion"] != "base" or not isinstance(d["locations"], list):
            continue
        for loc in d["locations"]:
            if not loc.get("expansion"):
                areas[loc["area"]] = areas.get(loc["area"], 0) + 1
    if areas != AREA_ROWS:
        found.add("FF-AREA-COUNT")
    return found


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(edit, min_size=1, max_size=4))
def test_checker_matches_independent_recount(edits: list[tuple]) -> None:
    data = copy.deepcopy({n: d for n, (_, d) in FACTIONS.items()})
    changed: set[int] = set()
    for e in edits:
        changed |= _apply(data, e)
    files = {FACTIONS[n][0]: yaml.safe_dump(data[n], sort_keys=False) for n in changed}
    with edited_game("forty-factions", files) as content:
        report = api.check(content, "forty-factions")
    failing = {d.code for d in report.diagnostics if d.waived is None}
    assert failing & WATCHED == _recount(data)


def test_recount_agrees_on_shipped_content() -> None:
    assert _recount({n: d for n, (_, d) in FACTIONS.items()}) == set()
