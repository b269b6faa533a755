"""The Doorways to Dreams Madness Indicator (DD3.3.1), laid out for its template in
`templates/forty-factions/boards/madness.svg.j2`: for each Area of Tehmor, Normality and
the levels of each alignment. Sizes are mm."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.games.forty_factions import side_board_models as sb
from toolkit.games.forty_factions.board_views import At, frame, render
from toolkit.games.forty_factions.board_views import style as board_style
from toolkit.games.forty_factions.components import component_of
from toolkit.games.forty_factions.index import Index
from toolkit.render.board_style import BoardStyle


@dataclass(frozen=True)
class Level:
    """A space of the Madness Indicator: a level of an alignment in an Area."""

    level: int
    alignment: str
    title: str
    x: float
    shade: int
    label: At


@dataclass(frozen=True)
class Alignment:
    """A row of an Area's block: its name and its levels."""

    y: float
    name: At
    levels: tuple[Level, ...]


@dataclass(frozen=True)
class MadnessArea:
    """An Area's block: its name, Normality, and a row for each alignment."""

    area: str
    y: float
    h: float
    name: At
    zero_title: str
    zero: At
    rows: tuple[Alignment, ...]


@dataclass(frozen=True)
class Grid:
    """The Indicator's cells: the highest level, a level's width, a row's and a block's
    height."""

    levels: int
    cell: float
    row_h: float
    block_h: float


def _alignment(
    st: BoardStyle, g: Grid, name: str, j: int, al: sb.MadnessAlignment, ry: float
) -> Alignment:
    """Row `j` of an Area's block at `ry`: the levels 1 up of one alignment, its name after."""
    cell, row_h = g.cell, g.row_h
    spaces = tuple(
        Level(
            lv,
            al.code,
            f"{name}: level {lv} of {al.name}",
            64 + cell * lv,
            j % 3,
            At(
                st.fit(f"{al.code}{lv}", "madness-level", cell - 1, row_h - 0.6, max_lines=1),
                64 + cell * lv + cell / 2,
                ry + row_h / 2 - 1.7,
            ),
        )
        for lv in range(1, g.levels + 1)
    )
    head = st.fit(f"{al.code} {al.name}", "alignment-name", 30, row_h - 1, max_lines=1)
    return Alignment(ry, At(head, 64 + cell * (g.levels + 1) + 18, ry + 0.5), spaces)


def _area(ix: Index, st: BoardStyle, g: Grid, m: sb.Madness, i: int, area_id: str) -> MadnessArea:
    """Block `i`: an Area's name, its Normality and a row for each alignment."""
    area = ix.area_by_id.get(area_id)
    name = area.name if area else area_id
    y = 30 + i * g.block_h
    rows = tuple(
        _alignment(st, g, name, j, al, y + j * g.row_h) for j, al in enumerate(m.alignments)
    )
    return MadnessArea(
        area_id,
        y,
        g.block_h - 3,
        At(
            st.fit(name, "madness-area-name", 46, g.block_h - 2, max_lines=2),
            38,
            y + g.block_h / 2 - 4,
        ),
        f"{name}: Normality (0)",
        At(
            st.fit("0", "madness-zero", g.cell - 1, 5, max_lines=1),
            64 + g.cell / 2,
            y + (g.block_h - 3) / 2 - 2,
        ),
        rows,
    )


def _grid(m: sb.Madness, w: float, h: float) -> Grid:
    """The cells of a `w` x `h` Indicator: a block per Area, a row per alignment."""
    levels = m.max_level
    block_h = (h - 44) / len(m.areas)
    row_h = (block_h - 3) / len(m.alignments)
    # a level holds the Area's Madness pawn (components.yaml): as wide as a row is tall
    cell = min(max(8.6, row_h), (w - 70 - 14) / (levels + 1))
    return Grid(levels, cell, row_h, block_h)


def madness_board(ix: Index) -> tuple[float, float, str, str]:
    """For each Area, Normality and levels 1-10 of each alignment (DD3.3.1)."""
    w, h = 420.0, 297.0
    st = board_style()
    title = "The Madness Indicator"
    fr = frame(
        st,
        w,
        h,
        "The Madness Indicator",
        "Doorways to Dreams · the Level of Madness of each Area of Tehmor (rules DD3.3)",
    )
    m = ix.madness
    blocks = []
    cell = row_h = 0.0
    if m is not None:
        g = _grid(m, w, h)
        cell, row_h = g.cell, g.row_h
        blocks = [_area(ix, st, g, m, i, area_id) for i, area_id in enumerate(m.areas)]
    return (
        w,
        h,
        title,
        render(
            "madness",
            w,
            h,
            title,
            st,
            frame=fr,
            blocks=blocks,
            cell=cell,
            row_h=row_h,
            madness=component_of("madness"),
        ),
    )
