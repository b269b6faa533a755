"""Boards for print, for any game: the semantic SVG, a PDF at real size, and tiles.

A game pack draws a board as SVG (`toolkit.svg`); this module turns it into the three
files a kit holds: the SVG itself, a PDF at the board's physical size for a print shop,
and the same board tiled across sheets of the chosen paper, with overlap, alignment
marks and tile coordinates, for a home printer.
"""

from __future__ import annotations

import math
import re
from functools import partial

from toolkit.build import BuildOptions, Output, Session
from toolkit.render import render

TILE_OVERLAP = 10.0  # mm shared by neighbouring tiles
TILE_MARGIN = 10.0  # mm of paper a home printer cannot reach
TEMPLATE = "templates/common/board.html.j2"


def board_svg(svg: str, session: Session) -> bytes:
    """The board's SVG as written."""
    session.pages = 1
    return svg.encode("utf-8")


def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _tiles(body: str, w: float, h: float, pw: float, ph: float) -> tuple[list[dict], float, float]:
    """The board cut into tiles of the printable part of the paper, overlapping."""
    tw, th = pw - 2 * TILE_MARGIN, ph - 2 * TILE_MARGIN - 8
    cols = max(1, math.ceil((w - TILE_OVERLAP) / (tw - TILE_OVERLAP)))
    rows = max(1, math.ceil((h - TILE_OVERLAP) / (th - TILE_OVERLAP)))
    pages = []
    for r in range(rows):
        for c in range(cols):
            x, y = c * (tw - TILE_OVERLAP), r * (th - TILE_OVERLAP)
            tile = body.replace(
                f'viewBox="0 0 {_n(w)} {_n(h)}"', f'viewBox="{_n(x)} {_n(y)} {_n(tw)} {_n(th)}"', 1
            )
            tile = tile.replace(f'width="{_n(w)}mm" height="{_n(h)}mm"',
                                f'width="{_n(tw)}mm" height="{_n(th)}mm"', 1)  # fmt: skip
            # each tile repeats the board: its ids must stay unique in the document
            prefix = f"t{r}-{c}-"
            tile = re.sub(r'id="([^"]+)"', rf'id="{prefix}\1"', tile)
            tile = re.sub(r"url\(#([^)]+)\)", rf"url(#{prefix}\1)", tile)
            pages.append({"svg": tile, "col": c, "row": r, "cols": cols, "rows": rows,
                          "name": f"{chr(65 + r)}{c + 1}"})  # fmt: skip
    return pages, tw, th


def board_file(svg: str, w: float, h: float, tiles: bool, title: str, session: Session) -> bytes:
    """A board as a PDF at its real size, or tiled on the chosen paper."""
    from toolkit.pdf import write_pdf

    body = svg.split("?>", 1)[1]  # inline the SVG (its fonts are the document's)
    if tiles:
        pw, ph = session.options.paper_mm
        if w > h:  # landscape paper for landscape boards
            pw, ph = ph, pw
        pages, tw, th = _tiles(body, w, h, pw, ph)
        size = f"{_n(pw)}mm {_n(ph)}mm"
    else:
        pages, tw, th = [{"svg": body}], w, h
        size = f"{_n(w)}mm {_n(h)}mm"
    html = render(session.env, "common/board.html.j2", pages=pages, size=size, tiles=tiles,
                  tw=tw, th=th, margin=TILE_MARGIN, overlap=TILE_OVERLAP, title=title)  # fmt: skip
    doc = session.layout(html)
    session.pages = len(doc.pages)
    return write_pdf(doc)


def board_outputs(
    name: str, svg: str, size: tuple[float, float], title: str, sources: tuple[str, ...],
    options: BuildOptions, folder: str = "boards",
) -> list[Output]:  # fmt: skip
    """The SVG, the real-size PDF and the tiled PDF of one board."""
    w, h = size
    group = f"board-{name}"
    srcs = (*sources, TEMPLATE, "templates/common/fonts.css")
    return [
        Output(f"{folder}/{name}.svg", "board", sources, partial(board_svg, svg), group=group,
               cost=0.1),
        Output(f"{folder}/{name}.pdf", "board", srcs,
               partial(board_file, svg, w, h, False, title), group=group, cost=2),
        Output(f"{folder}/{name}-tiles-{options.paper}.pdf", "board-tiles", srcs,
               partial(board_file, svg, w, h, True, title), group=group, cost=4),
    ]  # fmt: skip
