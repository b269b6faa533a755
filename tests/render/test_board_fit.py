"""BOARD-FIT: every piece the rules put on a board space fits that space, on every board of
every game; a piece made too large for its spaces fails the build at its size."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tests.support.shipped import CONTENT, copy_content, line_of, toolkit
from toolkit.commands import api
from toolkit.core.outputs import BuildOptions, Output
from toolkit.model.components import Components
from toolkit.render.board_spaces import footprints, spaces
from toolkit.render.session import Session

GAMES = ("forty-factions", "worldspanner", "god-emperor")


@cache
def board_svgs(game: str) -> tuple[tuple[Output, str, list[str]], ...]:
    """Each board SVG of a shipped game: its output, its text and the BOARD-FIT findings its
    rendering reports, as a build would."""
    _, loaded = api.check_games(CONTENT, game, False)
    pack, content = loaded[0]
    assert pack.outputs is not None
    out = []
    for o in pack.outputs(content, BuildOptions()):
        if o.kind == "board" and o.path.endswith(".svg"):
            session = Session(options=BuildOptions(), content_root=CONTENT / game)
            svg = o.render(session).decode("utf-8")
            found = [d.message for d in session.warnings if d.code == "BOARD-FIT"]
            out.append((o, svg, found))
    return tuple(out)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_board_holds_its_pieces(game: str) -> None:
    boards = board_svgs(game)
    assert boards, f"{game} has no board"
    for o, _svg, found in boards:
        assert found == [], (o.path, found)


def test_forty_factions_spaces_name_pieces_that_fit_and_do_not_overlap() -> None:
    _, loaded = api.check_games(CONTENT, "forty-factions", False)
    pieces = footprints(loaded[0][1].one("components", Components))
    named = 0
    for o, svg, _found in board_svgs("forty-factions"):
        held = [s for s in spaces(svg) if s.components]
        named += len(held)
        for s in held:
            for cid in s.components:
                p = pieces[cid]  # every component a space names has a printed piece
                assert min(s.w, s.h) >= min(p.w, p.h), (o.path, s.title, cid)
        for i, a in enumerate(held):  # a piece on one space never covers the next
            for b in held[i + 1 :]:
                dx = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
                dy = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
                assert dx <= 0.05 or dy <= 0.05, (o.path, a.title, b.title)
    assert named > 400
    seats = [
        s
        for o, svg, _ in board_svgs("forty-factions")
        if o.path == "boards/council.svg"
        for s in spaces(svg)
        if "player-pawn" in s.components
    ]
    assert len(seats) == 44  # 40 Council seats and the Conclave's 4
    assert min(min(s.w, s.h) for s in seats) >= pieces["player-pawn"].w


def test_a_pawn_too_large_for_the_council_seats_fails_the_build(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    comp = content / "forty-factions" / "components.yaml"
    text = comp.read_text(encoding="utf-8")
    old = "piece: {shape: round, size: 12, face: pawn}"
    assert old in text
    comp.write_text(text.replace(old, "piece: {shape: round, size: 20, face: pawn}"), "utf-8")
    out = tmp_path / "out"
    proc = toolkit(
        "build",
        "--content",
        str(content),
        "--game",
        "forty-factions",
        "--out",
        str(out),
        "--only",
        "boards/council.svg",
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    line = line_of(comp, "size: 20, face: pawn")
    said = proc.stdout + proc.stderr
    hit = re.search(
        rf"components\.yaml:{line}:\d+: error\[BOARD-FIT\]: Pawn \(20\.0 mm[^\n]*", said
    )
    assert hit, said
    assert "Council seat of" in hit.group(0) and "council" in hit.group(0)


def test_board_fit_explains() -> None:
    proc = toolkit("check", "--explain", "BOARD-FIT")
    assert proc.returncode == 0 and "components.yaml" in proc.stdout
