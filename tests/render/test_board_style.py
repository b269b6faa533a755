"""A designer restyles a board in `board.css`, without Python (issue 21): the change is in
the SVG and in the PDF, and `--watch` rebuilds the board when the stylesheet changes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.shipped import CONTENT, ROOT
from toolkit.render.board_style import BoardStyle, BoardStyleError

NS = "{http://www.w3.org/2000/svg}"
CSS = "templates/forty-factions/board.css"
PAPER, NEW_PAPER = ".paper { fill: #fbf8f1 }", ".paper { fill: #ff00aa }"
LABEL = re.compile(r"^(\.space-label \{[^}]*font-size: )3\.4px", re.M)  # a space's label


def _project(tmp: Path) -> Path:
    """A copy of the toolkit (its templates in it), to restyle without touching the real one."""
    dest = tmp / "project"
    shutil.copytree(
        ROOT / "toolkit", dest / "toolkit", ignore=shutil.ignore_patterns("__pycache__")
    )
    return dest


def _build(project: Path, out: Path, *extra: str) -> str:
    args = [
        sys.executable,
        "-m",
        "toolkit",
        "build",
        "--content",
        str(CONTENT),
        "--out",
        str(out),
        "--game",
        "forty-factions",
        "--only",
        "boards/council.*",
        "-j",
        "1",
        *extra,
    ]
    env = dict(os.environ, PYTHONPATH=str(project))
    proc = subprocess.run(args, cwd=project, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc.stderr


def _seat_label_sizes(svg: Path) -> dict[str, float]:
    """The size of each Council seat's faction name (the fitted size, in its `style`)."""
    root = ET.fromstring(svg.read_bytes())
    out = {}
    for g in root.iter(f"{NS}g"):
        if g.get("data-body") == "council" and "seat" in g.get("class", "").split():
            for t in g.iter(f"{NS}text"):
                if t.get("class") == "space-label":
                    size = re.fullmatch(r"font-size: ([0-9.]+)px", t.get("style", ""))
                    assert size is not None
                    # the faction's name, without a placeholder seat's mark
                    out[(t.text or "").removesuffix(" \u2020")] = float(size.group(1))
    return out


def _pdf_word_height(pdf: Path, word: str) -> float:
    """The height (pt) poppler gives `word` on the PDF's page: the size it prints at."""
    html = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    m = re.search(
        rf'<word xMin="[0-9.]+" yMin="([0-9.]+)" xMax="[0-9.]+" yMax="([0-9.]+)">'
        rf"{word}</word>",
        html,
    )
    assert m is not None, f"{word!r} not in {pdf}"
    return float(m.group(2)) - float(m.group(1))


def _corner_colour(pdf: Path, tmp: Path) -> tuple[int, ...]:
    """The colour of the board's paper, 2 mm in from its top-left corner."""
    from PIL import Image

    subprocess.run(
        ["pdftoppm", "-png", "-r", "30", "-singlefile", str(pdf), str(tmp / "p")], check=True
    )
    img = Image.open(tmp / "p.png").convert("RGB")
    return img.getpixel((2, 2))


@pytest.mark.slow
def test_a_designer_restyles_a_board_in_board_css(tmp_path: Path) -> None:
    project = _project(tmp_path)
    _build(project, tmp_path / "before")
    css = project / "toolkit" / CSS
    text = css.read_text()
    assert PAPER in text and LABEL.search(text), "board.css changed: update the test"
    css.write_text(LABEL.sub(r"\g<1>4.2px", text.replace(PAPER, NEW_PAPER)))
    _build(project, tmp_path / "after")
    before = tmp_path / "before" / "forty-factions" / "boards"
    after = tmp_path / "after" / "forty-factions" / "boards"
    # the SVG: the new colour in its stylesheet, the seat labels fitted at the larger size
    svg = (after / "council.svg").read_text()
    assert NEW_PAPER in svg and PAPER not in svg
    old, new = _seat_label_sizes(before / "council.svg"), _seat_label_sizes(after / "council.svg")
    assert old["Navy"] == 3.4 and new["Navy"] == 4.2
    # the PDF: the paper prints in the new colour, the short names larger by 4.2 / 3.4
    assert _corner_colour(before / "council.pdf", tmp_path) == (0xFB, 0xF8, 0xF1)
    assert _corner_colour(after / "council.pdf", tmp_path) == (0xFF, 0x00, 0xAA)
    ratio = _pdf_word_height(after / "council.pdf", "Navy") / _pdf_word_height(
        before / "council.pdf", "Navy"
    )
    assert ratio == pytest.approx(4.2 / 3.4, rel=0.03)


def _until(what: Callable[[], bool], seconds: float = 90) -> bool:
    deadline = time.time() + seconds
    while not what() and time.time() < deadline:
        time.sleep(0.2)
    return what()


@pytest.mark.slow
def test_watch_rebuilds_a_board_when_board_css_changes(tmp_path: Path) -> None:
    project = _project(tmp_path)
    out = tmp_path / "out"
    log = tmp_path / "log.txt"
    env = dict(os.environ, PYTHONPATH=str(project))
    with open(log, "w") as sink:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "toolkit",
                "build",
                "--content",
                str(CONTENT),
                "--out",
                str(out),
                "--game",
                "forty-factions",
                "--only",
                "boards/council.svg",
                "--watch",
            ],
            cwd=project,
            stdout=sink,
            stderr=subprocess.STDOUT,
            env=env,
        )
    svg = out / "forty-factions" / "boards" / "council.svg"
    try:
        assert _until(lambda: "1 built" in log.read_text()), log.read_text()
        css = project / "toolkit" / CSS
        css.write_text(css.read_text().replace(PAPER, NEW_PAPER))
        assert _until(lambda: NEW_PAPER in svg.read_text()), log.read_text()
        template = (
            project / "toolkit" / "templates" / "forty-factions" / "boards" / "council.svg.j2"
        )
        marks = '<g class="council-marks">'
        template.write_text(template.read_text().replace(marks, marks[:-1] + ' id="x">'))
        assert _until(lambda: 'class="council-marks" id="x"' in svg.read_text()), log.read_text()
        assert proc.poll() is None
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_a_text_class_must_name_a_shipped_font() -> None:
    style = BoardStyle(
        ".a { font-family: Cinzel; font-weight: 700; font-size: 3px }\n"
        ".b { font-family: Papyrus; font-weight: 400; font-size: 3px }\n"
        ".c { fill: #000 }",
        "board.css",
    )
    assert style.text("a").size == 3.0
    with pytest.raises(BoardStyleError, match="Papyrus 400"):
        style.text("b")
    with pytest.raises(BoardStyleError, match="needs a font-family"):
        style.text("c")
    with pytest.raises(BoardStyleError, match=r"no rule for the text class \.d"):
        style.text("d")


@pytest.mark.slow
def test_a_board_css_naming_a_font_the_kit_lacks_is_an_error(tmp_path: Path) -> None:
    project = _project(tmp_path)
    css = project / "toolkit" / CSS
    css.write_text(
        css.read_text().replace(
            '.space-label { font-family: "EB Garamond"', ".space-label { font-family: Papyrus"
        )
    )
    args = [
        sys.executable,
        "-m",
        "toolkit",
        "build",
        "--content",
        str(CONTENT),
        "--out",
        str(tmp_path / "out"),
        "--game",
        "forty-factions",
        "--only",
        "boards/council.svg",
    ]
    proc = subprocess.run(
        args,
        cwd=project,
        env=dict(os.environ, PYTHONPATH=str(project)),
        capture_output=True,
        text=True,
        timeout=300,
    )
    said = proc.stdout + proc.stderr
    assert proc.returncode == 1, said
    assert (
        "error[RENDER-STYLE]: templates/forty-factions/board.css: .space-label names Papyrus 400"
    ) in said and "Traceback" not in said


@pytest.mark.slow
def test_a_designer_restyles_the_counters_in_their_template(tmp_path: Path) -> None:
    """The colours the core draws counters with (cut lines, ink on a player colour, the
    header) are set in templates/<game>/counters.svg.j2, not in Python: a new cut-line
    colour shows in the sheet; a template that sets none is a clear error."""
    project = _project(tmp_path)
    template = project / "toolkit" / "templates" / "god-emperor" / "counters.svg.j2"
    original = template.read_text()
    template.write_text(original.replace('set cut_line = "#8c8c8c"', 'set cut_line = "#ff0000"'))
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=str(project))
    args = [
        sys.executable,
        "-m",
        "toolkit",
        "build",
        "--content",
        str(CONTENT),
        "--out",
        str(out),
        "--game",
        "god-emperor",
        "--only",
        "counters/counters-a4.pdf",
    ]
    proc = subprocess.run(args, cwd=project, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    import pikepdf

    with pikepdf.open(out / "god-emperor" / "counters" / "counters-a4.pdf") as pdf:
        strokes = {
            tuple(float(v) for v in operands)
            for page in pdf.pages[:1]
            for operands, op in pikepdf.parse_content_stream(page)
            if str(op) == "RG"
        }
    rounded = {tuple(round(v, 3) for v in s) for s in strokes}
    assert (1.0, 0.0, 0.0) in rounded and (round(140 / 255, 3),) * 3 not in rounded
    template.write_text(original.replace('{%- set cut_line = "#8c8c8c" %}\n', ""))
    proc = subprocess.run(
        [*args, "--force"], cwd=project, env=env, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 1
    assert "RENDER-COUNTERS" in proc.stdout and "must set `cut_line`" in proc.stdout
