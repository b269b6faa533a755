"""What a person reads from `toolkit check` (issue 34): a waived finding is a note, never an
`error[` line, with its reason's first sentence (all of it with `--verbose`); JSON keeps it
as waived; a long list of allowed values is cut to the few nearest the value given."""

from __future__ import annotations

import json

import pytest
import yaml

from tests.support.shipped import CONTENT, toolkit
from toolkit.validate.validator import choices


def _reasons() -> dict[str, str]:
    """Every waiver's reason in the shipped content, by rule code."""
    out = {}
    for path in sorted(CONTENT.rglob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(doc, dict):
            for w in doc.get("waive") or []:
                out[w["rule"]] = w["reason"]
    return out


def test_waived_findings_are_notes_with_a_short_reason() -> None:
    proc = toolkit("check")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert not [ln for ln in lines if "error[" in ln or "warning[" in ln], proc.stdout
    notes = [ln for ln in lines if "]: " in ln and ": note[" in ln]
    reasons = _reasons()
    assert notes and len(notes) == int(lines[-1].split(" waived")[0].rsplit(" ", 1)[1])
    for ln in notes:
        code = ln.split("note[", 1)[1].split("]", 1)[0]
        shown = ln.split(" (waived: ", 1)[1].rstrip(")")
        assert len(shown) <= 81, ln  # the first sentence, cut at a word
        assert reasons[code].startswith(shown.rstrip("…")), (shown, reasons[code])


@pytest.mark.slow
def test_verbose_gives_each_whole_reason_and_json_keeps_it() -> None:
    verbose = toolkit("check", "--verbose").stdout
    records = json.loads(toolkit("check", "--format", "json").stdout)
    waived = [r for r in records if r["waived"] is not None]
    assert waived and all(r["severity"] in ("error", "warning") for r in waived)
    for r in waived:
        assert r["waived"] == _reasons()[r["code"]]
        whole = " ".join(r["waived"].split())
        assert any(whole in " ".join(ln.split()) for ln in verbose.splitlines()), r["code"]


def test_a_long_list_of_choices_is_cut_to_the_nearest_few() -> None:
    numbers = tuple(range(1, 129))
    said = choices(numbers, 311)
    assert said == "123, 124, 125, 126, 127, 128, … (128 in all)"
    assert choices(numbers, 50).startswith("47, 48, 49, 50, 51, 52")
    areas = ("lower-west-side", "upper-west-side", "old-town", "lower-east-side", "environs")
    areas += ("forest", "bridges", "madness", "hall", "congress", "gathering")
    said = choices(areas, "old-towm")
    assert "'old-town'" in said and said.endswith("(11 in all)") and said.count(",") == 6
    assert choices(("a", "b", "c"), "x") == "'a', 'b', 'c'"  # a short list is given whole
