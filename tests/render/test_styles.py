"""The per-process stylesheet cache and the compacted HTML: faster layouts that must not
change what prints, let an edited stylesheet through (watch mode), or open a way out of
the project's asset folders."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.support.shipped import ROOT, copy_content
from toolkit.render.pdf import AssetFetcher, RenderError, Styles, layout
from toolkit.render.templates import compact


def _page(css_href: str) -> str:
    return (
        f'<html><head><link rel="stylesheet" href="{css_href}"></head>'
        '<body><p id="p">Text</p></body></html>'
    )


def _font_size(doc: object) -> float:
    """The font size of the first paragraph's text, in CSS px."""

    def find(box: object) -> object | None:
        if getattr(box, "element_tag", None) == "p":
            return box
        for child in getattr(box, "children", []):
            found = find(child)
            if found is not None:
                return found
        return None

    p = find(doc.pages[0]._page_box)  # type: ignore[attr-defined]
    assert p is not None
    return float(p.style["font_size"])  # type: ignore[attr-defined]


def test_a_stylesheet_is_parsed_once_and_an_edit_is_seen(tmp_path: Path) -> None:
    css = tmp_path / "sheet.css"
    css.write_text("p { font-size: 10px }")
    styles = Styles()
    fetcher = AssetFetcher([tmp_path])
    first = layout(_page("sheet.css"), tmp_path, fetcher, styles=styles)
    again = layout(_page("sheet.css"), tmp_path, AssetFetcher([tmp_path]), styles=styles)
    assert _font_size(first) == _font_size(again) == 10
    assert len(styles._sheets) == 1  # the second layout reused the parsed sheet
    css.write_text("p { font-size: 20px }")  # a designer edits it while watching
    edited = layout(_page("sheet.css"), tmp_path, AssetFetcher([tmp_path]), styles=styles)
    assert _font_size(edited) == 20


def test_a_linked_stylesheet_gives_the_same_page_with_or_without_the_cache(
    tmp_path: Path,
) -> None:
    (tmp_path / "sheet.css").write_text("p { font-size: 13px } @page { size: 100mm 50mm }")
    plain = layout(_page("sheet.css"), tmp_path, AssetFetcher([tmp_path]))
    cached = layout(_page("sheet.css"), tmp_path, AssetFetcher([tmp_path]), styles=Styles())
    assert _font_size(plain) == _font_size(cached) == 13
    assert (plain.pages[0].width, plain.pages[0].height) == (
        cached.pages[0].width,
        cached.pages[0].height,
    )


@pytest.mark.parametrize("href", ["../outside.css", "/etc/passwd", ".hidden.css"])
def test_the_cache_reads_stylesheets_only_inside_the_asset_folders(
    tmp_path: Path, href: str
) -> None:
    root = tmp_path / "assets"
    root.mkdir()
    (tmp_path / "outside.css").write_text("p { color: red }")
    (root / ".hidden.css").write_text("p { color: red }")
    with pytest.raises(RenderError, match=r"refused|outside|hidden"):
        layout(_page(href), root, AssetFetcher([root]), styles=Styles())


def test_compact_drops_only_line_break_runs_between_tags() -> None:
    html = "<ul>\n  <li>a</li>\n  <li>b <b>c</b> <i>d</i></li>\n</ul>\n<p>x\n  y</p>"
    assert compact(html) == "<ul><li>a</li><li>b <b>c</b> <i>d</i></li></ul><p>x\n  y</p>"


@pytest.mark.slow
def test_a_build_leaves_no_font_folder_behind(tmp_path: Path) -> None:
    """WeasyPrint copies the kit's fonts into a temporary folder per font configuration
    and removes it only when the configuration is collected, which a process leaving by
    `os._exit` never is: a build (its main process and its render workers) leaves its
    temporary folder as it found it."""
    content = copy_content(tmp_path)
    private_tmp = tmp_path / "tmp"
    private_tmp.mkdir()
    env = dict(os.environ, TMPDIR=str(private_tmp), PYTHONPATH=str(ROOT), TOOLKIT_NO_CACHE="1")
    args = ["build", "--content", str(content), "--game", "worldspanner", "--force"]
    built = subprocess.run(
        [sys.executable, "-m", "toolkit", *args, "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    assert "built" in built.stdout + built.stderr
    assert sorted(p.name for p in private_tmp.iterdir()) == []


def test_the_font_folder_of_a_killed_process_is_swept_by_the_next() -> None:
    """A process killed mid-build runs no exit hook: its font folder, named by its process
    number, is removed by the next toolkit process that makes one (a live process's is
    kept)."""
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead = Path(tempfile.gettempdir()) / f"toolkit-fonts-{gone.stdout.strip()}-left"
    alive = Path(tempfile.gettempdir()) / f"toolkit-fonts-{os.getppid()}-kept"
    for folder in (dead, alive):
        folder.mkdir()
        (folder / "font").write_bytes(b"\0")
    try:
        subprocess.run(
            [sys.executable, "-c", "from toolkit.render.pdf import Styles; Styles()"],
            check=True,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
        )
        assert not dead.exists() and alive.exists()
    finally:
        shutil.rmtree(dead, ignore_errors=True)
        shutil.rmtree(alive, ignore_errors=True)
