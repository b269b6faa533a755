"""Boards for print, for any game: the semantic SVG, a PDF at real size, and tiles.

A game pack draws a board as SVG (`toolkit.svg`); this module turns it into the three
files a kit holds: the SVG itself, a PDF at the board's physical size for a print shop,
and the same board tiled across sheets of the chosen paper, with overlap, alignment
marks and tile coordinates, for a home printer.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import partial

from toolkit.build import BuildOptions, Output, Session
from toolkit.render import render

TILE_OVERLAP = 10.0  # mm shared by neighbouring tiles
TILE_MARGIN = 10.0  # mm of paper a home printer cannot reach
TEMPLATE = "templates/common/board.html.j2"


def board_svg(svg: str, session: Session) -> bytes:
    """The board's SVG as written: self-contained, with the fonts it uses embedded."""
    from toolkit.svg_fonts import embed_fonts

    session.pages = 1
    return embed_fonts(svg).encode("utf-8")


def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _paper(w: float, h: float, options: BuildOptions) -> tuple[float, float]:
    """The paper a board is tiled on, turned landscape for a landscape board."""
    pw, ph = options.paper_mm
    return (ph, pw) if w > h else (pw, ph)


TILE_HEADER = 8.0  # mm above a tile for its coordinates


@dataclass(frozen=True)
class Tile:
    """One tile: its place in the grid and the part of the board it shows (mm)."""

    row: int
    col: int
    x: float
    y: float

    @property
    def name(self) -> str:
        return f"{chr(65 + self.row)}{self.col + 1}"


@dataclass(frozen=True)
class TileGrid:
    """How a board of w x h mm is cut across paper of pw x ph mm: the printable area of
    each sheet (tw x th, its top-left corner at `left`, `top` on the paper) shows the board
    from (tile.x, tile.y), neighbours overlapping by TILE_OVERLAP."""

    cols: int
    rows: int
    tw: float
    th: float
    tiles: tuple[Tile, ...]
    left: float = TILE_MARGIN
    top: float = TILE_MARGIN + TILE_HEADER


def tile_grid(w: float, h: float, pw: float, ph: float) -> TileGrid:
    """The tiles of a board on paper pw x ph (the renderer and the audit share it)."""
    tw, th = pw - 2 * TILE_MARGIN, ph - 2 * TILE_MARGIN - TILE_HEADER
    cols = max(1, math.ceil((w - TILE_OVERLAP) / (tw - TILE_OVERLAP)))
    rows = max(1, math.ceil((h - TILE_OVERLAP) / (th - TILE_OVERLAP)))
    tiles = tuple(Tile(r, c, c * (tw - TILE_OVERLAP), r * (th - TILE_OVERLAP))
                  for r in range(rows) for c in range(cols))  # fmt: skip
    return TileGrid(cols, rows, tw, th, tiles)


def _tiles(body: str, w: float, h: float, pw: float, ph: float) -> tuple[list[dict], float, float]:
    """The board cut into tiles of the printable part of the paper, overlapping."""
    grid = tile_grid(w, h, pw, ph)
    tw, th = grid.tw, grid.th
    pages = []
    for t in grid.tiles:
        tile = body.replace(
            f'viewBox="0 0 {_n(w)} {_n(h)}"', f'viewBox="{_n(t.x)} {_n(t.y)} {_n(tw)} {_n(th)}"', 1
        )
        tile = tile.replace(f'width="{_n(w)}mm" height="{_n(h)}mm"',
                            f'width="{_n(tw)}mm" height="{_n(th)}mm"', 1)  # fmt: skip
        # each tile repeats the board: its ids must stay unique in the document
        prefix = f"t{t.row}-{t.col}-"
        tile = re.sub(r'id="([^"]+)"', rf'id="{prefix}\1"', tile)
        tile = re.sub(r"url\(#([^)]+)\)", rf"url(#{prefix}\1)", tile)
        pages.append({"svg": tile, "col": t.col, "row": t.row, "cols": grid.cols,
                      "rows": grid.rows, "name": t.name})  # fmt: skip
    return pages, tw, th


def board_file(svg: str, w: float, h: float, tiles: bool, title: str, session: Session) -> bytes:
    """A board as a PDF at its real size, or tiled on the chosen paper."""

    body = svg.split("?>", 1)[1]  # inline the SVG (its fonts are the document's)
    if tiles:
        pw, ph = _paper(w, h, session.options)
        pages, tw, th = _tiles(body, w, h, pw, ph)
        size = f"{_n(pw)}mm {_n(ph)}mm"
    else:
        pages, tw, th = [{"svg": body}], w, h
        pw, ph = w, h
        size = f"{_n(w)}mm {_n(h)}mm"
    html = render(session.env, "common/board.html.j2", pages=pages, size=size, tiles=tiles,
                  tw=tw, th=th, pw=_n(pw), ph=_n(ph), margin=TILE_MARGIN, header=TILE_HEADER,
                  overlap=TILE_OVERLAP, title=title)  # fmt: skip
    return session.pdf(html)


def board_outputs(
    name: str, svg: str, size: tuple[float, float], title: str, sources: tuple[str, ...],
    options: BuildOptions, folder: str = "boards",
) -> list[Output]:  # fmt: skip
    """The SVG, the real-size PDF and the tiled PDF of one board."""
    w, h = size
    group = f"board-{name}"
    # measured: drawing a board costs about 5 ms (1/8 of a sheet-page) a page per KB of SVG
    grid = tile_grid(w, h, *_paper(w, h, options))
    per_page = len(svg) / 8000
    srcs = (*sources, TEMPLATE, "templates/common/fonts.css")
    return [
        # measured: subsetting and compressing its fonts costs about one sheet-page
        Output(f"{folder}/{name}.svg", "board", sources, partial(board_svg, svg), group=group,
               cost=1.0),
        Output(f"{folder}/{name}.pdf", "board", srcs,
               partial(board_file, svg, w, h, False, title), group=group, cost=per_page),
        Output(f"{folder}/{name}-tiles-{options.paper}.pdf", "board-tiles", srcs,
               partial(board_file, svg, w, h, True, title), group=group,
               cost=per_page * len(grid.tiles)),
    ]  # fmt: skip
