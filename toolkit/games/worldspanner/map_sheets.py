"""The map's platters and keys printed at real size (p. 2): `map/pieces-<paper>.pdf`.

Each platter fills a page (laid lengthwise), keys go two to a page. A fronts page shows
the Standard side, with cut lines around each piece; the page after it is its backs page,
the Muted side, mirrored across the page so that, printed double-sided and flipped on the
long edge, every space of the back lies behind the same space of the front. The pieces'
spaces come from `map/*.yaml` and are drawn by `map_view`; the geometry is the content's
placeholder, and every page says so.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from functools import partial

from toolkit.core.outputs import BuildOptions, Output
from toolkit.games.worldspanner.hexmap import Laid
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.map_build import cells
from toolkit.games.worldspanner.map_models import MapPiece
from toolkit.games.worldspanner.map_view import (
    LEVEL,
    Frame,
    MapView,
    extent,
    map_view,
    side_marks,
)
from toolkit.render.board_style import Label, draw, load_style, template_sources
from toolkit.render.session import Session
from toolkit.render.templates import render

GAME = "worldspanner"
BOARD = "pieces"
SIZE = 15.5  # mm, a space's circumradius: 26.8 mm across the flats holds a 26 mm base
MARGIN = 10.0
NAME_DROP = 6.0  # mm from a piece's lowest point down to its name's baseline
NAME_BELOW = NAME_DROP + 1.0  # mm the name takes below the piece, its descenders too
WALL = 1.1  # mm, a wall's stroke


@dataclass(frozen=True)
class SideMark:
    """A key's side number in its disc."""

    label: Label
    x: float
    y: float
    r: float


@dataclass(frozen=True)
class Name:
    """A piece's name, on its first row of spaces."""

    label: Label
    x: float
    y: float


@dataclass(frozen=True)
class Placed:
    """A piece on a page: its file, its printed name, its Dome number, turn and place."""

    piece: MapPiece
    name: str
    dome: int
    angle: float
    cx: float  # where its bounding box's centre lies on the page, mm
    cy: float


def piece_names(ix: Index) -> dict[str, tuple[str, int]]:
    """Each piece's printed name and Dome number, by piece id."""
    g = ix.game
    out = {p.id: (p.name, p.domes) for p in (*g.pieces.platters, *g.pieces.dome_keys)}
    out |= {p.id: (p.name, 0) for p in g.pieces.lith_keys}
    out |= {v.id: (v.name, 0) for v in g.pieces.vista_keys}
    out |= {f.id: (f.name, 0) for f in g.factions}
    return out


@dataclass(frozen=True)
class Pieces:
    """What the pieces' file is drawn from: the game's title, every piece's file, and each
    piece's printed name and Dome number."""

    title: str
    pieces: tuple[MapPiece, ...]
    names: tuple[tuple[str, tuple[str, int]], ...]


def layout(data: Pieces, paper: tuple[float, float]) -> list[tuple[Placed, ...]]:
    """The fronts pages: a platter a page, laid lengthwise; then keys two to a page."""
    w, h = paper
    names = dict(data.names)
    pages: list[tuple[Placed, ...]] = []
    platters = [p for p in data.pieces if p.kind == "platter"]
    keys = [p for p in data.pieces if p.kind != "platter"]
    for p in platters:
        name, dome = names.get(p.id, (p.id, 0))
        pages.append((Placed(p, name, dome, LEVEL + 90, w / 2, h / 2),))
    # two keys a page, each with its name under it centred in half of the page below the
    # page's note (its baseline at MARGIN - 3) and 3 mm clear of the bottom edge: on Letter
    # (279.4 mm) the two take all but a few mm
    top = MARGIN - 1
    half = (h - 3 - top) / 2
    for i in range(0, len(keys), 2):
        pair = keys[i : i + 2]
        pages.append(
            tuple(
                Placed(
                    k,
                    *names.get(k.id, (k.id, 0)),
                    0.0,
                    w / 2,
                    top + half * (j + 0.5) - NAME_BELOW / 2,
                )
                for j, k in enumerate(pair)
            )
        )
    return pages


def _frame(p: Placed, mirror: float | None, dy: float) -> tuple[Laid, Frame]:
    laid = Laid(p.piece.id, cells(p.piece), (0, 0), 0)
    x0, y0, x1, y1 = extent([laid], p.angle)
    ox = p.cx - SIZE * (x0 + x1) / 2
    oy = p.cy - SIZE * (y0 + y1) / 2 + dy
    return laid, Frame(SIZE, ox, oy, p.angle, mirror)


def page_svg(
    data: Pieces,
    page: tuple[Placed, ...],
    side: str,
    paper: tuple[float, float],
    no: int,
    offset: tuple[float, float] = (0.0, 0.0),
) -> str:
    """One side of one page: the Standard side as laid out, or the Muted side mirrored
    across the page (shifted by the printer's duplex `offset`, mm)."""
    st = load_style(GAME)
    w, h = paper
    back = side == "muted"
    # mirrored across x = w/2 + dx/2 puts a point x at w - x + dx
    mirror = (w + offset[0]) / 2 if back else None
    framed = [_frame(p, mirror, offset[1] if back else 0.0) for p in page]
    spaces, walls, cuts = [], [], []
    sides: list[SideMark] = []
    names: list[Name] = []
    for p, (laid, frame) in zip(page, framed, strict=True):
        v = map_view(st, [laid], {p.piece.id: p.piece}, {p.piece.id: p.dome}, frame, side)
        spaces += v.spaces
        walls += v.walls
        cuts += v.cuts
        if p.piece.kind != "platter":
            for n, x, y in side_marks(laid, frame):
                sides.append(SideMark(st.line(str(n), "side-number"), x, y, 1.9))
        # under the piece, clear of its bottom row of spaces (their points reach a size down)
        bottom = max(s.cy for s in v.spaces) + SIZE
        names.append(Name(st.line(p.name, "piece-name"), p.cx, bottom + NAME_DROP))
    view = MapView(tuple(spaces), tuple(walls), tuple(cuts), side)
    what = (
        "Standard side (fronts): cut on the grey lines"
        if side == "standard"
        else ("Muted side (backs): print double-sided, flip on the long edge")
    )
    return draw(
        GAME,
        BOARD,
        w,
        h,
        f"{data.title}: map pieces, page {no}, {side} side",
        st,
        view=view,
        page=no,
        margin=MARGIN,
        wall=WALL,
        note=st.line(f"{data.title} · map pieces · {what}", "page-note"),
        mark=st.line("PLACEHOLDER GEOMETRY", "placeholder-mark"),
        sides=tuple(sides),
        names=tuple(names),
    )


def render_pieces(data: Pieces, session: Session) -> bytes:
    """The pieces' PDF: each fronts page, then its backs page."""
    opts = session.options
    paper = opts.paper_mm
    svgs = []
    for no, page in enumerate(layout(data, paper), 1):
        for side in ("standard", "muted"):
            svg = page_svg(data, page, side, paper, no, opts.back_offset)
            svgs.append(base64.b64encode(svg.encode()).decode())
    w, h = paper
    html = render(
        session.env,
        "worldspanner/map-pieces.html.j2",
        title=f"{data.title}: map pieces",
        pages=svgs,
        width=f"{w:g}",
        height=f"{h:g}",
        size=f"{w:g}mm {h:g}mm",
    )
    pdf = session.pdf(html)
    session.pages = len(svgs)
    return pdf


def pieces_output(ix: Index, options: BuildOptions) -> list[Output]:
    """`map/pieces-<paper>.pdf`, when the content draws its pieces."""
    if not ix.pieces:
        return []
    srcs = (
        ix.game.loc.path,
        *(p.loc.path for p in ix.pieces),
        "templates/worldspanner/map-pieces.html.j2",
        *template_sources(GAME, BOARD),
    )
    return [
        Output(
            f"map/pieces-{options.paper}.pdf",
            "map-pieces",
            srcs,
            partial(
                render_pieces,
                Pieces(ix.game.title, tuple(ix.pieces), tuple(sorted(piece_names(ix).items()))),
            ),
            group="map-pieces",
            cost=0.5 * len(ix.pieces),
        )
    ]
