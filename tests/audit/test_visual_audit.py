"""The visual audit sees what a page shows: blank pages, engines that disagree, text out of
its box, into another shape, onto other text or off the page. Each fault is drawn on a small
page of its own (WeasyPrint, as the kit's pages are) and must be found; a clean page must
pass."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.audit.visual import audit_file
from toolkit.core.diagnostics import format_text

CLEAN_BOX = """
<div style="position:absolute; left:20mm; top:20mm; width:80mm; height:20mm;
            border:0.4mm solid black; font: 12pt serif; padding: 2mm">A short label</div>
"""


def _pdf(tmp_path: Path, body: str, name: str = "page.pdf", size: str = "A5") -> Path:
    from weasyprint import HTML

    html = f"""<html lang="en"><head><style>@page {{ size: {size}; margin: 0 }}
    body {{ margin: 0 }}</style></head><body>{body}</body></html>"""
    out = tmp_path / name
    HTML(string=html).write_pdf(out)
    return out


def _codes(path: Path) -> list[tuple[str, str]]:
    found = audit_file(path)
    return [(str(d.loc), d.code) for d in found]


def test_a_clean_page_passes(tmp_path: Path) -> None:
    assert audit_file(_pdf(tmp_path, CLEAN_BOX)) == []


def test_a_blank_page_is_found_with_its_page_number(tmp_path: Path) -> None:
    pdf = _pdf(tmp_path, f'<p>{CLEAN_BOX}</p><p style="break-before: page">&nbsp;</p>')
    found = audit_file(pdf)
    assert [(d.loc.line, d.code) for d in found] == [(2, "AUDIT-BLANK-PAGE")]
    assert format_text(found[0]).startswith(f"{pdf}:2: error[AUDIT-BLANK-PAGE]: ")


def test_text_running_out_of_its_box(tmp_path: Path) -> None:
    body = """<div style="position:absolute; left:20mm; top:20mm; width:30mm; height:12mm;
              border:0.4mm solid black; white-space: nowrap; font: 12pt serif">
              Influence: 40 Rat Cult, 18 Thieves' Guild</div>"""
    codes = {c for _, c in _codes(_pdf(tmp_path, body))}
    assert "AUDIT-TEXT-OVERFLOW" in codes


def test_a_label_running_into_a_disc(tmp_path: Path) -> None:
    body = """<div style="position:absolute; left:20mm; top:20mm; width:60mm; height:20mm;
                 border:0.3mm solid black"></div>
              <div style="position:absolute; left:22mm; top:26mm; font: 12pt serif;
                 white-space: nowrap">Associated Guilds</div>
              <div style="position:absolute; left:40mm; top:22mm; width:14mm; height:14mm;
                 border-radius:50%; border:0.3mm solid black; background:white"></div>"""
    codes = {c for _, c in _codes(_pdf(tmp_path, body))}
    assert "AUDIT-TEXT-OVERLAP" in codes


def test_free_text_running_under_a_box(tmp_path: Path) -> None:
    body = """<div style="position:absolute; left:10mm; top:20mm; font: 12pt serif;
                 white-space: nowrap">See nothing, speak nothing and hear nothing</div>
              <div style="position:absolute; left:60mm; top:15mm; width:60mm; height:20mm;
                 border:0.3mm dashed black"></div>"""
    codes = {c for _, c in _codes(_pdf(tmp_path, body))}
    assert "AUDIT-TEXT-OVERLAP" in codes


def test_text_drawn_on_other_text(tmp_path: Path) -> None:
    body = """<div style="position:absolute; left:20mm; top:20mm; font: 14pt serif">Smugglers
              Den</div><div style="position:absolute; left:24mm; top:22mm; font: 14pt serif">
              Hope Hospice</div>"""
    codes = {c for _, c in _codes(_pdf(tmp_path, body))}
    assert "AUDIT-TEXT-COLLIDE" in codes


def test_text_off_the_page(tmp_path: Path) -> None:
    body = """<div style="position:absolute; left:120mm; top:20mm; font: 14pt serif;
              white-space: nowrap">Running off the edge of the paper</div>"""
    codes = {c for _, c in _codes(_pdf(tmp_path, body))}
    assert "AUDIT-TEXT-OFF-PAGE" in codes


def test_a_label_inside_a_disc_drawn_over_a_larger_shape_passes(tmp_path: Path) -> None:
    """The Congress board: a seat's disc is drawn over the edge of the table; its number is
    inside the disc, which hides the table's edge: not a fault."""
    body = """<div style="position:absolute; left:10mm; top:30mm; width:100mm; height:60mm;
                 border:0.4mm solid black; border-radius: 10mm; background:#e4ebf5"></div>
              <div style="position:absolute; left:50mm; top:22mm; width:16mm; height:16mm;
                 border-radius:50%; border:0.3mm solid black; background:white;
                 font: bold 14pt serif; text-align:center; line-height:16mm">20</div>"""
    assert audit_file(_pdf(tmp_path, body)) == []


def test_a_damaged_pdf_is_reported_not_raised(tmp_path: Path) -> None:
    bad = tmp_path / "broken.pdf"
    bad.write_bytes(b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF\n")
    found = audit_file(bad)
    assert found and {d.code for d in found} <= {"AUDIT-RENDERERS", "AUDIT-VISUAL"}


@pytest.mark.parametrize("tag_w", [16, 5])
def test_a_tag_drawn_over_a_smaller_space_holds_its_name(tmp_path: Path, tag_w: int) -> None:
    """A set-up sheet: a key's tag is drawn over the small space it stands on and holds
    its name, which is wider than the space; a tag too narrow for its name is still found."""
    svg = tmp_path / "setup.svg"
    svg.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="60mm" '
        'viewBox="0 0 100 60"><polygon points="50,26 53.5,28 53.5,32 50,34 46.5,32 46.5,28" '
        'fill="#cfe0a8" stroke="white" stroke-width="0.4"/>'
        f'<rect x="{50 - tag_w / 2}" y="27" width="{tag_w}" height="6" rx="2" '
        'fill="#2b2d42" stroke="white" stroke-width="0.3"/>'
        '<text x="50" y="31.8" font-size="5" text-anchor="middle" font-family="serif" '
        'fill="white">A10</text></svg>\n',
        encoding="utf-8",
    )
    codes = {d.code for d in audit_file(svg)}
    assert codes == (set() if tag_w == 16 else {"AUDIT-TEXT-OVERFLOW"})


@pytest.mark.parametrize("svg_text", ["A label well inside", "A label far too long to fit"])
def test_svg_text_is_held_to_its_shapes(tmp_path: Path, svg_text: str) -> None:
    svg = tmp_path / "board.svg"
    svg.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="40mm" '
        'viewBox="0 0 100 40"><rect x="10" y="10" width="50" height="14" fill="white" '
        f'stroke="black" stroke-width="0.4"/><text x="13" y="19" font-size="5" '
        f'font-family="serif">{svg_text}</text></svg>\n',
        encoding="utf-8",
    )
    codes = {d.code for d in audit_file(svg)}
    if "long" in svg_text:
        assert "AUDIT-TEXT-OVERFLOW" in codes
    else:
        assert codes == set()


def _project_copy(tmp_path: Path) -> Path:
    """The renderer (code and the templates in it) and the content, copied to break one of
    them."""
    from tests.support.shipped import ROOT

    dest = tmp_path / "project"
    for part in ("toolkit", "content", "rules"):
        shutil.copytree(ROOT / part, dest / part, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def _build_and_audit(project: Path, only: str) -> tuple[str, set[str]]:
    env = dict(os.environ, PYTHONPATH=str(project))
    run = [sys.executable, "-m", "toolkit"]
    args = ["build", "--game", "god-emperor", "--only", only, "--out", "out"]
    built = subprocess.run([*run, *args], cwd=project, env=env, capture_output=True, text=True)
    assert built.returncode == 0, built.stdout + built.stderr
    audited = subprocess.run(
        [*run, "audit", "out"], cwd=project, env=env, capture_output=True, text=True
    )
    codes = {m.group(1) for m in re.finditer(r"error\[([A-Z-]+)\]", audited.stdout)}
    return audited.stdout, codes


@pytest.mark.slow
def test_the_audit_finds_blank_tiles_and_passes_the_fix(shipped_kit: Path, tmp_path: Path) -> None:
    """The shipped bug: each tile page clipped what it drew to a box of zero height, so
    every tile printed blank. Restored in a copy of the project, the audit fails on it:
    first the board's part clipped away (the tiles show only their coordinates and marks),
    then the tile's page itself a box of zero height, as the template once had it (the
    pages are blank); the code and template as shipped pass (the run's kit's board)."""
    from tests.support.shipped import toolkit

    fixed = tmp_path / "fixed" / "god-emperor" / "boards"
    fixed.mkdir(parents=True)
    for board in (shipped_kit / "build" / "god-emperor" / "boards").glob("law-board*"):
        shutil.copy(board, fixed)
    assert len(list(fixed.iterdir())) == 3  # the SVG, the real-size PDF, the tiles
    audited = toolkit("audit", str(tmp_path / "fixed"))
    assert audited.returncode == 0 and "error[" not in audited.stdout, audited.stdout
    project = _project_copy(tmp_path)
    tiles = project / "toolkit" / "render" / "pdf_pages.py"  # where a board goes under its tiles
    code = tiles.read_text(encoding="utf-8")
    clip = "{grid.tw * k:.3f} {grid.th * k:.3f} re W n"
    assert clip in code
    tiles.write_text(code.replace(clip, "{grid.tw * k:.3f} 0 re W n"), encoding="utf-8")
    out, codes = _build_and_audit(project, "boards/law-board*")
    assert "AUDIT-TILES" in codes and "AUDIT-BLANK-PAGE" not in codes, out
    template = project / "toolkit" / "templates" / "common" / "board.html.j2"
    fixed = template.read_text(encoding="utf-8")
    good = ".page { width: {{ pw }}mm; height: {{ ph }}mm }"
    assert good in fixed
    template.write_text(
        fixed.replace(good, ".page { width: 100%; height: 100% }"), encoding="utf-8"
    )
    out, codes = _build_and_audit(project, "boards/law-board*")
    assert {"AUDIT-BLANK-PAGE", "AUDIT-TILES"} <= codes, out
    assert "law-board-tiles-a4.pdf:1: error[AUDIT-BLANK-PAGE]" in out


@pytest.mark.slow
def test_the_audit_finds_a_tile_that_shows_the_wrong_part(tmp_path: Path) -> None:
    """Tiles that print, but each shows the board shifted by a few millimetres, do not
    reassemble: the comparison with the real-size board finds it."""
    project = _project_copy(tmp_path)
    tiles = project / "toolkit" / "render" / "pdf_pages.py"  # where a board goes under its tiles
    code = tiles.read_text(encoding="utf-8")
    place = "dx, dy = (grid.left - tile.x) * k"
    shifted = code.replace(place, "dx, dy = (grid.left - tile.x - 6) * k")
    assert shifted != code
    tiles.write_text(shifted, encoding="utf-8")
    out, codes = _build_and_audit(project, "boards/war-map*")
    assert "AUDIT-TILES" in codes and "AUDIT-BLANK-PAGE" not in codes, out


def test_a_page_emptied_by_a_damaged_stream_is_still_found_blank(tmp_path: Path) -> None:
    """A page whose content stream is cut short: one engine complains, and the page is
    still read by the others and found blank, with its number."""
    import zlib

    import pikepdf

    pdf = _pdf(tmp_path, f'<p>{CLEAN_BOX}</p><p style="break-before: page">{CLEAN_BOX}</p>')
    with pikepdf.open(pdf, allow_overwriting_input=True) as doc:
        page = doc.pages[1]
        cut = zlib.compress(b"BT ET")[:3]  # a compressed stream that ends too soon
        page.obj.Contents = doc.make_stream(cut, Filter=pikepdf.Name.FlateDecode)
        doc.save(pdf)
    found = audit_file(pdf)
    assert (2, "AUDIT-BLANK-PAGE") in [(d.loc.line, d.code) for d in found], found
