"""A character the kit's fonts have no glyph for prints as an empty box: the build refuses it,
on counter faces and on boards, with a message naming the character."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.shipped import copy_content, edit, toolkit
from toolkit.render.faces import FaceError, parse
from toolkit.render.svg import SVGTextError, fit, missing_glyphs


def test_the_fonts_lack_a_star_and_have_the_letters() -> None:
    assert missing_glyphs("Overlord ★", "Cinzel", 700) == "★"
    assert missing_glyphs("Überwald +40 VP", "Cinzel", 700) == ""
    assert missing_glyphs("→ ◆", "EB Garamond", 400) == ""


def test_a_counter_face_with_a_missing_glyph_is_refused() -> None:
    face = '<text x="5" y="5" font-family="Cinzel" font-weight="700">Leader ★</text>'
    with pytest.raises(FaceError, match=r"no glyph for '★' \(U\+2605\)"):
        parse(face)
    assert parse(face.replace(" ★", ""))  # the same face without it draws


def test_a_board_label_with_a_missing_glyph_is_refused() -> None:
    with pytest.raises(SVGTextError, match="U\\+2605"):
        fit("★", 10, 10, 4, "Cinzel", 700)


def test_a_board_text_from_content_without_a_glyph_fails_the_build(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    edit(
        content / "god-emperor" / "game.yaml",
        "mountain: Mount Leviathan",
        "mountain: Mount Leviathan ★",
    )
    proc = toolkit(
        "build",
        "--content",
        str(content),
        "--game",
        "god-emperor",
        "--only",
        "boards/war-map.svg",
        "--out",
        str(tmp_path / "out"),
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "error[RENDER-TEXT]" in proc.stderr + proc.stdout
    assert "'★' (U+2605)" in proc.stderr + proc.stdout
    assert "Traceback" not in proc.stderr
    assert not (tmp_path / "out" / "god-emperor" / "boards" / "war-map.svg").exists()
