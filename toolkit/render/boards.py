"""Boards for print, for any game: the semantic SVG, a PDF at real size, and tiles.

A game pack draws a board as SVG (`toolkit.render.svg`); this module turns it into the three
files a kit holds: the SVG itself, a PDF at the board's physical size for a print shop,
and the same board tiled across sheets of the chosen paper, with overlap, alignment
marks and tile coordinates, for a home printer.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from functools import partial

from toolkit.core.outputs import BuildOptions, Output
from toolkit.render.board_spaces import Footprint, misfits
from toolkit.render.session import Session
from toolkit.render.templates import render
from toolkit.render.tiling import TILE_HEADER, TILE_MARGIN, Box, space_boxes, tiling

TEMPLATE = "templates/common/board.html.j2"


def board_svg(
    svg: str, session: Session, name: str = "", pieces: Mapping[str, Footprint] | None = None
) -> bytes:
    """The board's SVG as written: self-contained, with the fonts it uses embedded; each
    piece too large for the spaces it stands on is told (BOARD-FIT)."""
    # fontTools' subsetter: 90 ms to import, only where a board's fonts are embedded
    from toolkit.render.svg_fonts import embed_fonts

    session.warnings.extend(misfits(name, svg, pieces or {}))
    session.pages = 1
    return embed_fonts(svg).encode("utf-8")


def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def board_file(svg: str, w: float, h: float, title: str, session: Session) -> bytes:
    """A board as a PDF at its real size: its SVG laid out on a page of its size.

    The SVG goes in as a picture (a `data:` URL), which WeasyPrint reads as XML and draws
    with the document's fonts; inlined in the page, its elements went through the HTML
    parser and the page's style cascade as well: the same PDF, byte for byte, in 0.35 s
    rather than 0.6 s for the main board."""

    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    html = render(
        session.env,
        "common/board.html.j2",
        data=data,
        width=_n(w),
        height=_n(h),
        size=f"{_n(w)}mm {_n(h)}mm",
        tiles=False,
        title=title,
    )
    return session.pdf(html)


def board_tiles(
    board: str, w: float, h: float, title: str, session: Session, boxes: tuple[Box, ...] = ()
) -> bytes:
    """The board tiled on the chosen paper, drawn from its real-size PDF (`board`, an
    output of this build): the template lays out each tile's page (its coordinates, the
    outline of its printable area, the alignment marks), and the board's page is placed
    under them once a tile, as one shared drawing, moved to the tile's part of the board
    and clipped to the printable area. The board is drawn once, not once a tile: the
    tiles cost what their pages' text costs, and print exactly what the board prints. The
    tiling (`toolkit.render.tiling`) gives each sheet a whole space of the board's (`boxes`)."""
    pw, ph, grid = tiling(w, h, session.options.paper_mm, boxes)
    pages = [
        {"col": t.col, "row": t.row, "cols": grid.cols, "rows": grid.rows, "name": t.name}
        for t in grid.tiles
    ]
    html = render(
        session.env,
        "common/board.html.j2",
        pages=pages,
        size=f"{_n(pw)}mm {_n(ph)}mm",
        tiles=True,
        tw=grid.tw,
        th=grid.th,
        pw=_n(pw),
        ph=_n(ph),
        margin=TILE_MARGIN,
        header=TILE_HEADER,
        ox=_n(grid.ox),
        oy=_n(grid.oy),
        title=title,
    )
    frames = session.pdf(html)
    # pikepdf: 30 ms to import, only where a board's tiles are put together
    from toolkit.render.pdf_pages import under_tiles

    return under_tiles(frames, session.part(board), grid, ph)


def board_outputs(
    name: str,
    svg: str,
    size: tuple[float, float],
    title: str,
    sources: tuple[str, ...],
    options: BuildOptions,
    folder: str = "boards",
    pieces: Mapping[str, Footprint] | None = None,
) -> list[Output]:
    """The SVG, the real-size PDF and the tiled PDF of one board; `pieces`, what each
    component the board's spaces name covers (`board_spaces.footprints` of components.yaml),
    which its SVG's spaces must hold."""
    w, h = size
    group = f"board-{name}"
    # measured: drawing a board costs about 5 ms (1/8 of a sheet-page) a page per KB of SVG
    boxes = space_boxes(svg)
    grid = tiling(w, h, options.paper_mm, boxes)[2]
    per_page = len(svg) / 8000
    srcs = (*sources, TEMPLATE, "templates/common/fonts.css")
    return [
        # measured: subsetting and compressing its fonts costs about one sheet-page
        Output(
            f"{folder}/{name}.svg",
            "board",
            sources,
            partial(board_svg, svg, name=name, pieces=pieces),
            group=group,
            cost=1.0,
        ),
        Output(
            f"{folder}/{name}.pdf",
            "board",
            srcs,
            partial(board_file, svg, w, h, title),
            group=group,
            cost=per_page,
        ),
        # measured: a tile's page costs about a fifth of a sheet-page
        Output(
            f"{folder}/{name}-tiles-{options.paper}.pdf",
            "board-tiles",
            srcs,
            partial(board_tiles, f"{folder}/{name}.pdf", w, h, title, boxes=boxes),
            group=group,
            parts=(f"{folder}/{name}.pdf",),
            cost=0.2 * len(grid.tiles),
        ),
    ]
