"""The map drawn from its data: laid pieces (`hexmap.Laid`) as views a board template draws
(`templates/worldspanner/boards/map.svg.j2`), for the printed pieces and the set-up sheets.

Every space becomes a `SpaceView` (its hexagon, terrain, marks and `data-` facts), every
wall or entrance a `WallView`, every piece's outline a `CutView`. Geometry is worked out
here, in mm on the page, through a `Frame` (scale, turn, mirror and offset), so text stays
upright while the map turns, and a back page mirrors its front page for long-edge duplex.
No I/O here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from toolkit.games.worldspanner.hexmap import DIRS, LATTICE, Laid, build, slot_centre, turn
from toolkit.games.worldspanner.map_models import MapPiece
from toolkit.render.board_style import BoardStyle, Label
from toolkit.render.svg import SQRT3

# Standard side: a symbol in one corner of a space (p. 8: 'Most spaces have no symbol');
# the kit prints letters, legible in black and white
MARKS = {
    "water": "Wa",
    "woods": "Wd",
    "swamp": "Sw",
    "rough": "Ro",
    "building": "Bd",
    "deep-water": "DW",
    "fire": "Fi",
}
NAMES = {
    "clear": "Clear",
    "water": "Water",
    "woods": "Woods",
    "swamp": "Swamp",
    "rough": "Rough",
    "building": "Building",
    "deep-water": "Deep Water",
    "fire": "Fire",
    "dome": "Dome",
}


@dataclass(frozen=True)
class Frame:
    """Space units (a space's circumradius is 1) to mm on the page: turned by `angle`
    degrees, scaled by `size`, moved to (`x`, `y`), mirrored across x = `mirror` if set."""

    size: float
    x: float
    y: float
    angle: float = 0.0
    mirror: float | None = None

    def at(self, u: float, v: float) -> tuple[float, float]:
        """The point (u, v), in space units, on the page in mm."""
        a = math.radians(self.angle)
        px = self.x + self.size * (u * math.cos(a) - v * math.sin(a))
        py = self.y + self.size * (u * math.sin(a) + v * math.cos(a))
        return (2 * self.mirror - px, py) if self.mirror is not None else (px, py)


def centre(q: float, r: float) -> tuple[float, float]:
    """A space's centre in space units (pointy-top, y down)."""
    return SQRT3 * (q + r / 2), 1.5 * r


def corner(q: int, r: int, i: int) -> tuple[float, float]:
    """Corner `i` of a space, clockwise from the upper right: edge e runs from corner e to
    corner e + 1."""
    cx, cy = centre(q, r)
    a = math.radians(60 * i - 30)
    return cx + math.cos(a), cy + math.sin(a)


@dataclass(frozen=True)
class SpaceView:
    """One space as drawn, with what its `data-` attributes and `<title>` say."""

    key: str
    q: int
    r: int
    terrain: str
    cavern: bool
    points: str
    cx: float
    cy: float
    title: str
    mark: Label | None
    mark_x: float
    mark_y: float
    number: Label | None  # a Dome's number (its key's)
    plaque: Label | None  # an adventure plaque's name, where it is legible
    plaque_box: tuple[float, float, float, float]  # x, y, w, h
    vista_r: float  # the Vista circle's radius; 0: none
    dot_r: float  # the centre dot line of sight is drawn from (p. 19)
    adventure: str = ""  # the adventure plaque's name ("": none), drawn or not


@dataclass(frozen=True)
class WallView:
    """A wall on one edge, or an entrance (a doorway in it, p. 8)."""

    x1: float
    y1: float
    x2: float
    y2: float
    door: bool


@dataclass(frozen=True)
class CutView:
    """One edge of a piece's outline: where to cut (pieces), or on a map a seam between
    two pieces or, with `edge`, the map edge, solid Wall (p. 8)."""

    x1: float
    y1: float
    x2: float
    y2: float
    edge: bool


@dataclass(frozen=True)
class MapView:
    """What a template draws of a map or a sheet of pieces."""

    spaces: tuple[SpaceView, ...]
    walls: tuple[WallView, ...]
    cuts: tuple[CutView, ...]
    side: str  # standard or muted (p. 2)


def _f(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _space(
    st: BoardStyle,
    f: Frame,
    at: tuple[int, int],
    key: str,
    piece: MapPiece,
    index: int,
    dome: int,
    covered: bool = False,
) -> SpaceView:
    """A space as drawn; `covered`: under a set-up sheet's key tag, so drawn without its
    terrain letter (the real-size piece prints it)."""
    s = piece.spaces[index]
    q, r = at
    pts = [f.at(*corner(q, r, i)) for i in range(6)]
    cx, cy = f.at(*centre(q, r))
    size = f.size
    # a map drawn small (a set-up sheet's) shows terrain by colour alone: letters there
    # would be too small to read and crowd the key tags; the real-size pieces print them
    legible = size * 0.34 >= MIN_PLAQUE_TEXT
    mark = MARKS.get(s.terrain) if legible and not covered else None
    facts = [NAMES[s.terrain] + (" (cavern)" if s.cavern else "")]
    if s.adventure:
        facts.append(f"adventure plaque '{s.adventure}'")
    if s.vista:
        facts.append("the Vista circle")
    if s.terrain == "dome":
        facts.append(f"Dome {dome}")
    # the terrain's letters centred above the centre dot: a side number stands right of
    # the dot, a plaque below it, and the Vista circle (0.62) clears letters this high
    return SpaceView(
        key,
        s.q,  # the space as its piece's file names it
        s.r,
        s.terrain,
        s.cavern,
        " ".join(f"{_f(x)},{_f(y)}" for x, y in pts),
        cx,
        cy,
        f"{key} ({s.q}, {s.r}): " + ", ".join(facts),
        st.line(mark, "terrain-mark", size * 0.34) if mark else None,
        cx,
        cy - size * 0.58,
        st.line(str(dome), "dome-number", size * 0.6) if s.terrain == "dome" else None,
        _plaque(st, s.adventure, size) if s.adventure else None,
        (cx - size * 0.66, cy + size * 0.12, size * 1.32, size * 0.42),
        size * 0.62 if s.vista and not covered else 0.0,  # under a tag: the tag says it
        max(0.25, size * 0.05),
        "" if covered else s.adventure or "",
    )


# The smallest type a plaque's name or a terrain's letters are printed in, mm (about
# 4.5 pt): on a map drawn small (a set-up sheet's whole map) they are left off, and the
# real-size pieces print them.
MIN_PLAQUE_TEXT = 1.6


def _plaque(st: BoardStyle, name: str, size: float) -> Label | None:
    """An adventure plaque's name fitted to its space, or None where it would not be legible."""
    label = st.fit(
        name, "plaque", size * 1.2, size * 0.4, size=size * 0.3, max_lines=1, optional=True
    )
    return label if label.fitted.fits and label.size >= MIN_PLAQUE_TEXT else None


def map_view(
    st: BoardStyle,
    laid: Sequence[Laid],
    pieces: Mapping[str, MapPiece],
    domes: Mapping[str, int],
    frame: Frame,
    side: str,
    tagged: bool = False,
) -> MapView:
    """Every space, wall and outline edge of these pieces, laid out through `frame`;
    `tagged`: each key and platter carries its slot's name over its centre space (a set-up
    sheet)."""
    spots = build(laid)
    spaces, walls, cuts = [], [], []
    for at, spot in sorted(spots.items(), key=lambda kv: (kv[1].piece, kv[1].cell.index)):
        piece = pieces[spot.piece]
        s = piece.spaces[spot.cell.index]
        covered = tagged and (s.q, s.r) == (0, 0)  # a key's or a platter's first centre
        dome = domes.get(spot.piece, 0)
        spaces.append(_space(st, frame, at, spot.piece, piece, spot.cell.index, dome, covered))
        for e, (dq, dr) in enumerate(DIRS):
            a = frame.at(*corner(*at, e))
            b = frame.at(*corner(*at, (e + 1) % 6))
            there = spots.get((at[0] + dq, at[1] + dr))
            if there is None or there.piece != spot.piece:
                cuts.append(CutView(*a, *b, there is None))
            # an edge listed on both of its spaces is drawn once, from the lower (q, r)
            if e in spot.walls or e in spot.entrances:
                twin = there is not None and (
                    (e + 3) % 6 in there.walls or (e + 3) % 6 in there.entrances
                )
                if not twin or at < (at[0] + dq, at[1] + dr):
                    walls.append(WallView(*a, *b, e in spot.entrances))
    return MapView(tuple(spaces), tuple(walls), tuple(cuts), side)


def _nearest(fq: float, fr: float) -> tuple[int, int]:
    """The space holding the fractional axial point (fq, fr): cube coordinates rounded,
    the one that moved most set from the other two."""
    x, z = fq, fr
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dz >= dy:
        rz = -rx - ry
    return rx, rz


def side_marks(laid: Laid, frame: Frame) -> tuple[tuple[int, float, float], ...]:
    """A key's side numbers 1-6, where they lie after its turn: side n is printed in the
    middle space of the key's side toward its neighbour n - 1 sixths clockwise from the
    east-north-east (`LATTICE`), right of that space's centre dot on the page, whatever
    the piece's turn or mirroring (the terrain's letters are above the dot, a plaque
    below)."""
    out = []
    for n in range(6):
        dq, dr = turn(*LATTICE[0], n + laid.turn)
        q, r = _nearest(laid.centre[0] + 0.42 * dq, laid.centre[1] + 0.42 * dr)
        x, y = frame.at(*centre(q, r))
        out.append((n + 1, x + frame.size * 0.34, y - frame.size * 0.05))
    return tuple(out)


def extent(laid: Sequence[Laid], angle: float) -> tuple[float, float, float, float]:
    """The pieces' bounding box in space units, turned by `angle` degrees: min x, min y,
    max x, max y."""
    f = Frame(1.0, 0.0, 0.0, angle)
    pts = [f.at(*corner(*at, i)) for at in build(laid) for i in range(6)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


# The angle that lays a design's rows of slots level: layout cell (1, 0) lies this far
# above the east (LATTICE[0] = 5 east, 2 north-east)
LEVEL = -math.degrees(math.atan2(*reversed(centre(*slot_centre(1, 0)))))
