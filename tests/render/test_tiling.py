"""Board tiles for home paper: every sheet of every tiled board of every game, on A4 and
Letter, is a full sheet of board with a space on it where any tiling can give it one."""

from __future__ import annotations

from functools import cache

import pytest

from tests.support.shipped import CONTENT
from toolkit.commands import api
from toolkit.core.outputs import BuildOptions
from toolkit.render.tiling import (
    TILE_HEADER,
    TILE_MARGIN,
    TILE_OVERLAP,
    Box,
    Tile,
    TileGrid,
    empty_tiles,
    space_boxes,
    tiling,
)

GAMES = ("forty-factions", "worldspanner", "god-emperor")
PAPERS = ("a4", "letter")


@cache
def tiled(game: str, paper: str) -> tuple[tuple[str, float, float, tuple[Box, ...]], ...]:
    """(tiles path, board width, height, its spaces) of each tiled board of a game."""
    _, loaded = api.check_games(CONTENT, game, False)
    pack, content = loaded[0]
    assert pack.outputs is not None
    outs = pack.outputs(content, BuildOptions(paper=paper))
    svgs = {o.path: o for o in outs if o.path.endswith(".svg")}
    out = []
    for o in outs:
        if o.kind == "board-tiles":
            _board, w, h = o.render.args[:3]  # type: ignore[attr-defined]
            svg = svgs[o.path.split("-tiles-")[0] + ".svg"]
            drawn = svg.render.args[0]  # type: ignore[attr-defined]  # the board's SVG text
            out.append((o.path, w, h, space_boxes(drawn)))
    return tuple(out)


def every_grid(w: float, h: float, paper: tuple[float, float]) -> list[TileGrid]:
    """Every regular grid the tiler could choose from, either way up: all of them with
    tiles spread from edge to edge and overlapping by the minimum or more."""
    out = []
    for pw, ph in (paper, paper[::-1]):
        tw, th = pw - 2 * TILE_MARGIN, ph - 2 * TILE_MARGIN - TILE_HEADER
        for c in range(1, 12):
            for r in range(1, 12):
                xs = [0.0] if c == 1 else [i * (w - tw) / (c - 1) for i in range(c)]
                ys = [0.0] if r == 1 else [i * (h - th) / (r - 1) for i in range(r)]
                if (c > 1 and tw - (xs[1] - xs[0]) < TILE_OVERLAP) or (
                    r > 1 and th - (ys[1] - ys[0]) < TILE_OVERLAP
                ):
                    continue
                if (c == 1 and w > tw) or (r == 1 and h > th):
                    continue
                tiles = tuple(Tile(j, i, x, y) for j, y in enumerate(ys) for i, x in enumerate(xs))
                out.append(TileGrid(c, r, tw, th, tiles))
    return out


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_no_sheet_is_a_sliver_without_a_space(game: str, paper: str) -> None:
    size = BuildOptions(paper=paper).paper_mm
    for path, w, h, boxes in tiled(game, paper):
        pw, ph, grid = tiling(w, h, size, boxes)
        assert sorted((pw, ph)) == sorted(size)
        for t in grid.tiles:  # each sheet is full of board: none hangs past its edge
            assert t.x >= 0 and t.y >= 0, (path, t.name)
            assert w <= grid.tw or t.x + grid.tw <= w + 0.01, (path, t.name)
            assert h <= grid.th or t.y + grid.th <= h + 0.01, (path, t.name)
        # neighbours overlap enough to trim and align
        assert grid.cols == 1 or grid.ox >= TILE_OVERLAP
        assert grid.rows == 1 or grid.oy >= TILE_OVERLAP
        empty = empty_tiles(grid, boxes)
        best = min(len(empty_tiles(g, boxes)) for g in every_grid(w, h, size))
        if best == 0:  # some tiling gives every sheet a whole space: this one does
            assert empty == [], (path, [t.name for t in empty])
            # and no tiling that does so spends fewer sheets
            fewest = min(len(g.tiles) for g in every_grid(w, h, size) if not empty_tiles(g, boxes))
            assert len(grid.tiles) == fewest, path
        else:  # a board with text but no space across a whole sheet (the law board's Laws)
            assert len(empty) == best, (path, [t.name for t in empty])


def test_the_council_board_no_longer_ends_on_a_corner_of_background() -> None:
    (_path, w, h, boxes), *_ = [t for t in tiled("forty-factions", "a4") if "council" in t[0]]
    _pw, _ph, grid = tiling(w, h, BuildOptions(paper="a4").paper_mm, boxes)
    assert len(grid.tiles) <= 4
    assert empty_tiles(grid, boxes) == []
