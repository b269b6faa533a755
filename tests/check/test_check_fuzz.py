"""Fuzz: random YAML values dropped into random fields of real content files; the whole
pipeline (load, validate, check) must answer with diagnostics or success, never crash."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.shipped import FF, edited_game
from toolkit.commands import api

FILES = sorted(p.relative_to(FF) for p in FF.rglob("*.yaml"))
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.sampled_from(["base", "SC", "old-town", "liberal", "temples", "1.10"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(min_size=1, max_size=10), inner, max_size=4),
    ),
    max_leaves=8,
)


def _paths(data: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(_paths(v, (*prefix, i)))
    return out


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FILES), st.data(), values)
def test_random_values_never_crash_the_checker(
    rel: Path, data: st.DataObject, value: object
) -> None:
    doc = yaml.safe_load((FF / rel).read_text(encoding="utf-8"))
    paths = [p for p in _paths(doc) if p]
    path = data.draw(st.sampled_from(paths))
    target = doc
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    with edited_game("forty-factions", {rel: text}) as content:
        report = api.check(content, "forty-factions")
    assert all(d.code != "CHECK-CRASH" for d in report.diagnostics), [
        d.message for d in report.diagnostics if d.code == "CHECK-CRASH"
    ]
    assert all(d.loc.line >= 0 and d.loc.col >= 0 for d in report.diagnostics)
