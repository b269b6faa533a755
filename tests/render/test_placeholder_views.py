"""The placeholders a page prints as numbers or codes carry their mark too (the text test
over the kit, tests/kit/test_printed_placeholders.py, can tell only names and texts from
the rules' own): the Congress's numbered circles and the Hall of Mirrors' circles, the
Madness Alignments on the DM screen, a challenge card's faces, Luck and Domes, round 1's
extra minutes on the Control screen. Each is asked of the view that prints it, from the
shipped content, with the marks on and, as a `--final` kit asks, off."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tests.support.shipped import CONTENT, ROOT, pdf_text, toolkit
from toolkit.check.procedures import Step
from toolkit.commands import api
from toolkit.core.diagnostics import Report
from toolkit.core.marks import DAGGER, LEGEND, SHORT_LEGEND, TITLE, is_placeholder
from toolkit.games.forty_factions.dream_boards import congress_board, mirrors_board
from toolkit.games.forty_factions.index import Index as FFIndex
from toolkit.games.forty_factions.screen import panels
from toolkit.games.god_emperor.index import Index as GEIndex
from toolkit.games.god_emperor.screen import panels as ge_panels
from toolkit.games.worldspanner.index import Index as WSIndex


@cache
def _ff() -> FFIndex:
    loaded = api.load_game(CONTENT, "forty-factions", Report())
    assert loaded is not None
    index = FFIndex.build(loaded[1])
    assert index is not None
    return index


@cache
def _ws() -> WSIndex:
    loaded = api.load_game(CONTENT, "worldspanner", Report())
    assert loaded is not None
    index = WSIndex.build(loaded[1])
    assert index is not None
    return index


@pytest.mark.parametrize("marks", [True, False])
def test_the_congress_marks_each_numbered_circle_the_rules_do_not_give(marks: bool) -> None:
    ix = _ff()
    assert ix.congress is not None
    _w, _h, _t, svg = congress_board(ix, marks=marks)
    held = [
        n for k, n in enumerate(ix.congress.circles) if is_placeholder(ix.congress, f"circles.{k}")
    ]
    assert held  # the shipped circles are the designer's (DD3.2.2 names none)
    for n in held:
        name = ix.factions[n].name
        title = f"Congress seat of {name} ({n}) ({TITLE})"
        assert (title in svg) == marks, name
    assert (LEGEND in svg) == marks and (DAGGER in svg) == marks


@pytest.mark.parametrize("marks", [True, False])
def test_the_hall_of_mirrors_marks_its_circle_numbers(marks: bool) -> None:
    ix = _ff()
    hm = ix.mirrors
    assert hm is not None
    _w, _h, _t, svg = mirrors_board(ix, marks=marks)
    for i, m in enumerate(hm.mirrors):
        for number in m.circles:
            # the circle's number as printed, and what a screen reader hears of it
            said = f"({number}) at {m.otherworld.replace(chr(39), '&#39;')}, precedence"
            assert said in svg
            printed = f">{number} {DAGGER}<" in svg
            if is_placeholder(hm, f"mirrors.{i}") and marks:
                assert printed, number


@pytest.mark.parametrize("marks", [True, False])
def test_the_madness_panel_marks_the_alignments_the_rules_do_not_give(marks: bool) -> None:
    ix = _ff()
    (panel,) = [p for p in panels(ix, marks=marks) if p.id == "madness"]
    text = " ".join(s.text for s in (*panel.steps, *panel.notes))
    held = [f for f in ix.faction_list if f.madness and is_placeholder(f, "madness")]
    given = [f for f in ix.faction_list if f.madness and not is_placeholder(f, "madness")]
    assert held and given  # DD3.3.2 gives YHWRC's Alignment and no other
    for f in held:
        assert (f"({f.madness} {DAGGER})" in text) == marks, f.name
    for f in given:
        assert f"({f.madness})" in text, f.name
    assert (LEGEND in text) == marks


@pytest.mark.slow
def test_a_challenge_card_marks_its_faces_luck_and_domes(tmp_path: Path) -> None:
    ix = _ws()
    deck = ix.challenges[0]
    # the rulebook prints no card's faces (p. 14): the shipped cards are samples
    assert all(is_placeholder(deck, f"cards.{i}") for i in range(len(deck.cards)))
    only = f"cards/challenge-{deck.team}-faces.pdf"
    for args, marks in (((), True), (("--final",), False)):
        out = tmp_path / ("final" if args else "normal")
        proc = toolkit(
            "build", "--game", "worldspanner", "--out", str(out), "--only", only, *args, cwd=ROOT
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
        pages = pdf_text(out / "worldspanner" / only).split("\f")
        for card, page in zip(deck.cards, pages, strict=False):
            mark = DAGGER if marks else ""
            tight = page.replace(" ", "")  # the dagger is set a hair apart from its value
            assert f"Challenge{mark}" in tight, page
            assert f"Luck{card.luck}{mark}" in tight, page
            assert f"Domes{card.domes.replace(' ', '')}{mark}" in tight, page
            assert (SHORT_LEGEND in page) == marks and (DAGGER in page) == marks


@pytest.mark.parametrize("marks", [True, False])
def test_the_control_screen_marks_round_ones_extra_minutes(marks: bool) -> None:
    """L76 allots round 1 'extra time' and no number: the content's is a placeholder, and
    the screen marks it and the end of round 1 it moves."""
    loaded = api.load_game(CONTENT, "god-emperor", Report())
    assert loaded is not None
    ix = GEIndex.build(loaded[1])
    assert ix is not None
    assert is_placeholder(ix.game, "rounds.extra")
    (panel,) = [p for p in ge_panels(ix, marks=marks) if p.id == "round"]
    extra = ix.game.rounds.extra
    said = f"round 1 is allotted extra time: {extra} minutes"
    assert (f"{said} {DAGGER}" in panel.steps[0].text) == marks
    assert said in panel.steps[0].text
    ends = panel.tables[0].rows[0][2]
    assert ends.endswith(DAGGER) == marks
    assert (Step(LEGEND) in panel.notes) == marks
