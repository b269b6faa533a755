"""Render stage, for any game: how a board is cut across sheets of home paper.

A board larger than the paper prints as tiles: each sheet's printable area shows part of
the board, neighbours overlapping so that one edge is trimmed and the alignment marks laid
on each other. The tiling is chosen per board and paper (the sheet turned either way, the
grid, the overlap), from the spaces the board's SVG marks (`board_spaces`): the fewest
sheets such that each shows at least one whole space, the tiles spread evenly over the
board so that the last is never a sliver of border and background. The renderer and the
audit share it. No file I/O here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from toolkit.render.board_spaces import spaces

TILE_OVERLAP = 10.0  # mm neighbouring tiles share at least
TILE_MARGIN = 10.0  # mm of paper a home printer cannot reach
TILE_HEADER = 8.0  # mm above a tile for its coordinates
MORE = 2  # grids tried past the smallest, each way: a tile more, to give each a space

Box = tuple[float, float, float, float]  # x, y, w, h (mm)


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
    """How a board is cut across paper of pw x ph mm: the printable area of each sheet
    (tw x th, its top-left corner at `left`, `top` on the paper) shows the board from
    (tile.x, tile.y); neighbours across share `ox` mm, neighbours down `oy` mm."""

    cols: int
    rows: int
    tw: float
    th: float
    tiles: tuple[Tile, ...]
    ox: float = TILE_OVERLAP
    oy: float = TILE_OVERLAP
    left: float = TILE_MARGIN
    top: float = TILE_MARGIN + TILE_HEADER


def space_boxes(svg: str) -> tuple[Box, ...]:
    """The boxes of a board's spaces (none for a board not drawn)."""
    return tuple((s.x, s.y, s.w, s.h) for s in spaces(svg)) if svg else ()


def _starts(length: float, tile: float, n: int) -> list[float]:
    """Where n tiles of `tile` mm start along `length` mm, spread evenly from one edge to
    the other (one tile: at the edge)."""
    if n == 1:
        return [0.0]
    step = (length - tile) / (n - 1)
    return [round(i * step, 3) for i in range(n)]


def _least(length: float, tile: float) -> int:
    return max(1, math.ceil((length - TILE_OVERLAP) / (tile - TILE_OVERLAP)))


def _grid(w: float, h: float, tw: float, th: float, cols: int, rows: int) -> TileGrid:
    xs, ys = _starts(w, tw, cols), _starts(h, th, rows)
    tiles = tuple(Tile(r, c, x, y) for r, y in enumerate(ys) for c, x in enumerate(xs))
    ox = tw - (xs[1] - xs[0]) if cols > 1 else TILE_OVERLAP
    oy = th - (ys[1] - ys[0]) if rows > 1 else TILE_OVERLAP
    return TileGrid(cols, rows, tw, th, tiles, ox, oy)


def empty_tiles(grid: TileGrid, boxes: Iterable[Box]) -> list[Tile]:
    """The tiles that show no whole space."""
    boxes = list(boxes)
    return [
        t
        for t in grid.tiles
        if not any(
            x >= t.x - 0.01
            and y >= t.y - 0.01
            and x + bw <= t.x + grid.tw + 0.01
            and y + bh <= t.y + grid.th + 0.01
            for x, y, bw, bh in boxes
        )
    ]


def tile_grid(w: float, h: float, pw: float, ph: float, boxes: Sequence[Box] = ()) -> TileGrid:
    """The tiles of a w x h board on paper pw x ph turned as given: the fewest that each
    show a whole space of `boxes` (without spaces, the fewest), spread evenly."""
    tw, th = pw - 2 * TILE_MARGIN, ph - 2 * TILE_MARGIN - TILE_HEADER
    c0, r0 = _least(w, tw), _least(h, th)
    grids = [
        _grid(w, h, tw, th, c, r)
        for c in range(c0, c0 + MORE + 1)
        for r in range(r0, r0 + MORE + 1)
        if (c == 1 or w > tw) and (r == 1 or h > th)
    ]
    return min(grids, key=lambda g: (bool(empty_tiles(g, boxes)), len(g.tiles), g.cols))


def tiling(
    w: float, h: float, paper: tuple[float, float], boxes: Sequence[Box] = ()
) -> tuple[float, float, TileGrid]:
    """The paper turned the way that tiles the board best (each sheet a whole space, then
    the fewest sheets; a tie turns it as the board), and its grid: (pw, ph, grid)."""
    short, long_ = sorted(paper)
    turns = [(long_, short), (short, long_)] if w > h else [(short, long_), (long_, short)]
    best = [(pw, ph, tile_grid(w, h, pw, ph, boxes)) for pw, ph in turns]
    return min(best, key=lambda t: (bool(empty_tiles(t[2], boxes)), len(t[2].tiles)))
