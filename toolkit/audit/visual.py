"""Audit stage: what every page of a kit shows, seen as a picture.

For each PDF: every page has ink; poppler, MuPDF and Ghostscript all draw it, with the
same page count and ink on every page; the tiles of a board put back together make the
board; no text runs out of its box, into another, onto other text or off the trim. Each
SVG is drawn by librsvg (as a browser without the kit would) and held to the same. A
file's findings are `path:page: error[CODE]: ...`. Knows nothing about any game: a tiled
board is recognised by its name (`<board>-tiles-<paper>.pdf` beside `<board>.pdf`).
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pikepdf
from PIL import ImageChops, ImageDraw, ImageStat

from toolkit.audit.pagegeom import read_pages
from toolkit.audit.raster import RasterError, ink, rasterise
from toolkit.audit.textfit import check_page
from toolkit.core.diagnostics import Diagnostic, Loc, display_path, error
from toolkit.render.tiling import space_boxes, tile_grid

if TYPE_CHECKING:
    from toolkit.render.tiling import TileGrid

DPI = 10.0  # enough to see ink on a page, fast enough for every page of a kit
TILE_PX_PER_MM = 2.0  # tiles and their board are compared at 2 px a mm, then 0.5 px a mm
# a tile may differ from what it should show by this much (of 255), plus a tenth of the
# board's own ink there (measured on the shipped kits: right tiles differ by 0.7 at most)
TILE_TOLERANCE = 1.5
# The engines draw small type and hairlines at different weights at these resolutions
# (measured on the shipped kits: up to 2.5 times darker from one engine to another), so
# their total ink need only agree within a factor of 3, give or take 5 % of the page (a
# page of hairlines alone, such as the edge tile of a board, differs most).
ENGINE_RATIO = 3.0
ENGINE_SLACK = 0.05
TILES = re.compile(r"^(?P<board>.+)-tiles-(?P<paper>[a-z0-9]+)\.pdf$")
PT_TO_MM = 25.4 / 72


def audit_file(path: Path) -> list[Diagnostic]:
    """Every visual finding for one PDF or SVG (run in a worker, one file a task)."""
    try:
        if path.suffix == ".pdf":
            return list(_audit_pdf(path, display_path(path)))
        if path.suffix == ".svg":
            return list(_audit_svg(path))
    except Exception as exc:  # a tool that is missing or that crashed on the file
        return [error(Loc(display_path(path)), "AUDIT-VISUAL", f"could not look at it: {exc}")]
    return []


def _audit_pdf(pdf: Path, shown: str, text: bool = True) -> Iterator[Diagnostic]:
    pictures = {}
    for name in ("poppler", "mupdf", "ghostscript"):
        try:
            pictures[name] = rasterise(pdf, DPI, name)
        except RasterError as exc:  # said, and the pages are still read by the others
            yield error(Loc(shown), "AUDIT-RENDERERS", str(exc))
    if not pictures:
        return
    yield from _ink(shown, pictures)
    match = TILES.match(pdf.name)
    if match and (pdf.parent / f"{match['board']}.pdf").is_file():
        yield from _tiles(pdf, pdf.parent / f"{match['board']}.pdf", shown)
    elif text:
        # tiles cut words at their edges by design (the overlap repeats them); their board
        # is checked whole, and the tiles are checked to show it
        yield from _text(pdf, shown)


def _ink(shown: str, pictures: dict[str, list]) -> Iterator[Diagnostic]:  # type: ignore[type-arg]
    """Ink on every page, in every engine, and the engines agree."""

    counts = {name: len(pages) for name, pages in pictures.items()}
    if len(set(counts.values())) > 1:
        said = ", ".join(f"{name} {n}" for name, n in counts.items())
        yield error(Loc(shown), "AUDIT-RENDERERS", f"the engines see different page counts: {said}")
        return
    for n, pages in enumerate(zip(*pictures.values(), strict=True), 1):
        inks = dict(zip(pictures, (ink(p) for p in pages), strict=True))
        # blank is no ink at all: a single word on a page is a few pixels at this resolution
        if next(iter(inks.values())) == 0:
            yield error(
                Loc(shown, n),
                "AUDIT-BLANK-PAGE",
                "the page prints blank (no ink at all); every page of a kit is meant "
                "to show something",
            )
            continue
        empty = [name for name, v in inks.items() if v == 0]
        if empty:
            yield error(
                Loc(shown, n),
                "AUDIT-RENDERERS",
                f"blank in {', '.join(empty)} but not in the other engines",
            )
            continue
        lo, hi = min(inks.values()), max(inks.values())
        if hi > ENGINE_RATIO * lo + ENGINE_SLACK:
            said = ", ".join(f"{name} {v:.1%}" for name, v in inks.items())
            yield error(
                Loc(shown, n),
                "AUDIT-RENDERERS",
                f"the engines disagree on what the page shows (ink: {said})",
            )


def _text(pdf: Path, shown: str) -> Iterator[Diagnostic]:
    trims = _trim_boxes(pdf)
    for n, page in enumerate(read_pages(str(pdf)), 1):
        trim = trims[n - 1] if n - 1 < len(trims) else None
        for problem in check_page(n, page, trim):
            yield error(Loc(shown, problem.page), problem.code, problem.message)


def _trim_boxes(pdf: Path) -> list[tuple[float, float, float, float] | None]:
    """Each page's TrimBox in MuPDF's page space (points, y down), where it has one."""

    out: list[tuple[float, float, float, float] | None] = []
    with pikepdf.open(pdf) as doc:
        for page in doc.pages:
            if "/TrimBox" not in page.obj:
                out.append(None)
                continue
            mx0, _, _, my1 = (float(v) for v in page.MediaBox)
            tx0, ty0, tx1, ty1 = (float(v) for v in page.TrimBox)
            out.append((tx0 - mx0, my1 - ty1, tx1 - mx0, my1 - ty0))
    return out


def _page_mm(pdf: Path) -> tuple[float, float]:
    with pikepdf.open(pdf) as doc:
        x0, y0, x1, y1 = (float(v) for v in doc.pages[0].MediaBox)
    return (x1 - x0) * PT_TO_MM, (y1 - y0) * PT_TO_MM


def _expected_tiles(board_pdf: Path, grid: TileGrid, pw: float, ph: float, out: Path) -> None:
    """A PDF of what each tile should show: a page of the tiles' paper with the real-size
    board placed by the tile's coordinates and clipped to its printable area. Drawn by the
    same engine at the same resolution as the tiles, it falls on the same pixels, so the
    two compare pixel for pixel (comparing with the board itself would put each tile's
    text on other pixel boundaries, which changes how small type is drawn)."""

    k = 72 / 25.4  # points a millimetre
    with pikepdf.open(board_pdf) as board, pikepdf.new() as doc:
        bh = float(board.pages[0].MediaBox[3]) - float(board.pages[0].MediaBox[1])
        form = doc.copy_foreign(board.pages[0].as_form_xobject())
        for tile in grid.tiles:
            page = doc.add_blank_page(page_size=(pw * k, ph * k))
            name = page.add_resource(form, pikepdf.Name.XObject, prefix="Board")
            tx = (grid.left - tile.x) * k
            ty = (ph - grid.top + tile.y) * k - bh
            clip = (grid.left * k, (ph - grid.top - grid.th) * k, grid.tw * k, grid.th * k)
            ops = (
                f"q {clip[0]:.4f} {clip[1]:.4f} {clip[2]:.4f} {clip[3]:.4f} re W n "
                f"1 0 0 1 {tx:.4f} {ty:.4f} cm {name} Do Q"
            )
            page.obj.Contents = doc.make_stream(ops.encode())
        doc.save(out)


def _tiles(tiles_pdf: Path, board_pdf: Path, shown: str) -> Iterator[Diagnostic]:
    """Each tile's printable area shows the part of the real-size board its coordinates
    name (compared at 2 px a mm, reduced to 0.5 px a mm; the alignment marks and the
    tile's outline left out). The grid is the renderer's, from the board's spaces (its SVG
    beside its PDF) on the tiles' paper."""

    dpi = TILE_PX_PER_MM * 25.4
    bw, bh = _page_mm(board_pdf)
    pw, ph = _page_mm(tiles_pdf)
    svg = board_pdf.with_suffix(".svg")
    boxes = space_boxes(svg.read_text(encoding="utf-8")) if svg.is_file() else ()
    grid = tile_grid(bw, bh, pw, ph, boxes)
    pages = rasterise(tiles_pdf, dpi)
    if len(pages) != len(grid.tiles):
        yield error(
            Loc(shown),
            "AUDIT-TILES",
            f"{len(pages)} pages, but {display_path(board_pdf)} on this paper needs "
            f"{grid.rows} x {grid.cols} = {len(grid.tiles)} tiles",
        )
        return
    with tempfile.TemporaryDirectory(prefix="toolkit-tiles-") as tmp:
        expected_pdf = Path(tmp) / "expected.pdf"
        _expected_tiles(board_pdf, grid, pw, ph, expected_pdf)
        expected = rasterise(expected_pdf, dpi)

    def px(mm: float) -> int:
        return round(mm * TILE_PX_PER_MM)

    mx, my = grid.ox / 2, grid.oy / 2
    marks = (
        (mx, my),
        (grid.tw - mx, my),
        (mx, grid.th - my),
        (grid.tw - mx, grid.th - my),
    )
    box = (px(grid.left), px(grid.top), px(grid.left + grid.tw), px(grid.top + grid.th))
    for n, (tile, page, want) in enumerate(zip(grid.tiles, pages, expected, strict=True), 1):
        pair = [page.crop(box), want.crop(box)]
        for im in pair:
            draw = ImageDraw.Draw(im)
            for cx, cy in marks:
                draw.rectangle((px(cx - 5), px(cy - 5), px(cx + 5), px(cy + 5)), fill=255)
            draw.rectangle((0, 0, im.width - 1, im.height - 1), outline=255, width=px(1))
        got, want_small = (im.reduce(4) for im in pair)
        diff = ImageStat.Stat(ImageChops.difference(want_small, got)).mean[0]
        dark = 255 - ImageStat.Stat(want_small).mean[0]
        if diff > TILE_TOLERANCE + 0.1 * dark:
            yield error(
                Loc(shown, n),
                "AUDIT-TILES",
                f"tile {tile.name} does not show its part of the board "
                f"({tile.x:.0f}, {tile.y:.0f} mm from the board's top left): the "
                f"pictures differ by {diff:.1f} (of 255) where the board's own ink "
                f"is {dark:.1f}",
            )


def _audit_svg(svg: Path) -> Iterator[Diagnostic]:
    """The SVG as librsvg draws it, with the fonts of this machine: ink, and text inside
    its shapes."""
    shown = display_path(svg)
    with tempfile.TemporaryDirectory(prefix="toolkit-svg-") as tmp:
        pdf = Path(tmp) / (svg.stem + ".pdf")
        proc = subprocess.run(
            ["rsvg-convert", "-f", "pdf", "-o", str(pdf), str(svg)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if proc.returncode != 0 or proc.stderr.strip():
            said = str(proc.stderr.strip() or f"exit {proc.returncode}")[:200]
            yield error(Loc(shown), "AUDIT-RENDERERS", f"rsvg-convert: {said}")
            return
        yield from _audit_pdf(pdf, shown)
