"""docs/reliability.md names the test that holds each case: each name must be a test."""

from __future__ import annotations

import re

from tests.support.shipped import ROOT


def test_every_test_the_reliability_doc_names_exists() -> None:
    doc = (ROOT / "docs" / "reliability.md").read_text(encoding="utf-8")
    named, current = [], ""
    for file, test in re.findall(r"`(test_\w+\.py)?::(test_\w+)", doc):
        current = file or current
        named.append((current, test))
    assert len(named) > 60
    found = {p.name: p for p in (ROOT / "tests").rglob("test_*.py")}  # laid out by stage
    source = {f: found[f].read_text(encoding="utf-8") for f, _ in named}
    missing = [f"{f}::{t}" for f, t in named if not re.search(rf"^def {t}\(", source[f], re.M)]
    assert not missing, missing
    cases = [int(n) for n in re.findall(r"^\| (\d+) \|", doc, re.M)]
    assert cases == list(range(1, 59))
