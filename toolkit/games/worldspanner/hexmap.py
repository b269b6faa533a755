"""The map's topology, pure: hex spaces in axial (q, r), a piece laid in a slot and turned,
the built map's adjacency and which spaces are cut off (p. 3 "Fix dead ends", p. 8-9).

A key is a hexagon of spaces of radius `RADIUS` around its centre; a platter is two such
hexagons side by side. The hexagons of one radius tile the plane on a lattice of their own,
so a design's layout (key slots and platter cells on a hex grid of their own, axial Q, R)
puts every space of every piece on one grid of spaces. A key turned one sixth clockwise
lands on the same spaces: the hexagon is its own image. No I/O here, no drawing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

RADIUS = 2  # placeholder geometry: the rulebook pictures the keys but gives no size
# The six edges of a pointy-top space, clockwise from the east: turning (q, r) one sixth
# clockwise about the origin gives (-r, q + r), which takes each direction to the next.
EDGES = ("e", "se", "sw", "w", "nw", "ne")
DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
# No hero enters these (p. 8, "Move Cost"): a Dome is left, never entered
CLOSED = frozenset({"fire", "deep-water", "dome"})
# The step from one slot of a layout to the next, in spaces: Q moves by LATTICE[0], R by
# LATTICE[1]; each is the other turned one sixth, so turning commutes with placing
LATTICE = ((2 * RADIUS + 1, -RADIUS), (RADIUS, RADIUS + 1))


def turn(q: int, r: int, steps: int) -> tuple[int, int]:
    """(q, r) turned `steps` sixths clockwise about the origin."""
    for _ in range(steps % 6):
        q, r = -r, q + r
    return q, r


def distance(q: int, r: int) -> int:
    """Spaces from the origin to (q, r)."""
    return max(abs(q), abs(r), abs(q + r))


def patch(radius: int = RADIUS) -> list[tuple[int, int]]:
    """The spaces of a key: every (q, r) within `radius` of the centre, row by row."""
    return [
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if distance(q, r) <= radius
    ]


def slot_centre(cq: int, cr: int) -> tuple[int, int]:
    """The space at the centre of the layout cell (Q, R)."""
    (aq, ar), (bq, br) = LATTICE
    return cq * aq + cr * bq, cq * ar + cr * br


def platter_shape() -> list[tuple[int, int]]:
    """A platter's spaces as the content writes them: its first hexagon about (0, 0), its
    second about the centre of the next cell east (layout cell (1, 0))."""
    second = slot_centre(1, 0)
    return patch() + [(q + second[0], r + second[1]) for q, r in patch()]


def platter_turn(cells: list[tuple[int, int]]) -> int:
    """The sixths a platter turns to cover `cells` (two neighbouring layout cells): the
    direction from its first cell to its second, counted from the east. -1 if they are
    not neighbours."""
    (q0, r0), (q1, r1) = cells[0], cells[1]
    step = (q1 - q0, r1 - r0)
    return DIRS.index(step) if step in DIRS else -1


@dataclass(frozen=True)
class Cell:
    """One space of a piece as the map sees it: where the piece's file writes it, its
    terrain, its walls and entrances (edge indices, before turning) and its marks."""

    q: int
    r: int
    terrain: str
    walls: frozenset[int]
    entrances: frozenset[int]
    index: int  # its place in the piece's `spaces`, for a diagnostic's line


@dataclass(frozen=True)
class Laid:
    """A piece on the map: its id, its cells, where its first centre lies and its turn."""

    piece: str
    cells: tuple[Cell, ...]
    centre: tuple[int, int]
    turn: int
    section: int = 1


@dataclass(frozen=True)
class Spot:
    """A space of the built map: the piece and cell it comes from, and its edges' walls
    and entrances turned with the piece (edge indices on the map)."""

    piece: str
    cell: Cell
    walls: frozenset[int]
    entrances: frozenset[int]
    section: int
    turn: int  # how far its piece was turned: map edge e is the piece's edge e - turn


def build(pieces: Iterable[Laid]) -> dict[tuple[int, int], Spot]:
    """Every space of the map by its (q, r) on the map."""
    spots: dict[tuple[int, int], Spot] = {}
    for p in pieces:
        for c in p.cells:
            dq, dr = turn(c.q, c.r, p.turn)
            at = (p.centre[0] + dq, p.centre[1] + dr)
            spots[at] = Spot(
                p.piece,
                c,
                frozenset((e + p.turn) % 6 for e in c.walls),
                frozenset((e + p.turn) % 6 for e in c.entrances),
                p.section,
                p.turn,
            )
    return spots


def passable(spots: dict[tuple[int, int], Spot], at: tuple[int, int], edge: int) -> bool:
    """A hero may step across this edge: a space on the far side (the map edge is solid
    Wall, p. 8) and a wall on neither side, unless the side shows an entrance (p. 9).
    One side's wall blocks another side's entrance (p. 3: 'blocked by the Great Tree's
    wall')."""
    dq, dr = DIRS[edge]
    there = spots.get((at[0] + dq, at[1] + dr))
    here = spots[at]
    if there is None:
        return False
    back = (edge + 3) % 6
    return edge not in here.walls and back not in there.walls


def neighbours(
    spots: dict[tuple[int, int], Spot], at: tuple[int, int]
) -> Iterator[tuple[int, int]]:
    """The spaces a hero in `at` can step into (ignoring terrain)."""
    for edge, (dq, dr) in enumerate(DIRS):
        if passable(spots, at, edge):
            yield at[0] + dq, at[1] + dr


def cut_off(
    spots: dict[tuple[int, int], Spot], anchor: tuple[int, int] | None = None
) -> set[tuple[int, int]]:
    """The spaces no hero can reach ("dead ends", p. 3): in each section, the open spaces
    outside its largest connected region (or the one holding `anchor`), and the Domes with
    no way out into it (a hero appears in a Dome and must leave it, p. 8)."""
    by_section: dict[int, set[tuple[int, int]]] = defaultdict(set)
    for at, s in spots.items():
        if s.cell.terrain not in CLOSED:
            by_section[s.section].add(at)
    lost: set[tuple[int, int]] = set()
    for section, open_ in by_section.items():
        regions = _regions(spots, open_)
        main = max(regions, key=lambda g: (anchor in g, len(g), min(g))) if regions else set()
        lost |= open_ - main
        for at, s in spots.items():
            stuck = not any(n in main for n in neighbours(spots, at))
            if s.section == section and s.cell.terrain == "dome" and stuck:
                lost.add(at)
    return lost


def _regions(
    spots: dict[tuple[int, int], Spot], open_: set[tuple[int, int]]
) -> list[set[tuple[int, int]]]:
    seen: set[tuple[int, int]] = set()
    regions = []
    for start in sorted(open_):
        if start in seen:
            continue
        region, todo = {start}, [start]
        while todo:
            at = todo.pop()
            for n in neighbours(spots, at):
                if n in open_ and n not in region:
                    region.add(n)
                    todo.append(n)
        seen |= region
        regions.append(region)
    return regions


def alone(cells: Iterable[Cell]) -> set[int]:
    """The cells of one piece that no hero could reach from outside it, whatever lies
    around it: the piece ringed by open spaces, and its spaces cut off from the ring
    (a cavern without an entrance, a Dome walled in)."""
    own = list(cells)
    spots = build([Laid("piece", tuple(own), (0, 0), 0)])
    ring = {(at[0] + dq, at[1] + dr) for at in list(spots) for dq, dr in DIRS} - set(spots)
    for at in ring:
        spots[at] = Spot(
            "",
            Cell(at[0], at[1], "clear", frozenset(), frozenset(), -1),
            frozenset(),
            frozenset(),
            1,
            0,
        )
    lost = cut_off(spots, min(ring)) if ring else set()
    return {spots[at].cell.index for at in lost if spots[at].piece}


def edge_entrances(spots: dict[tuple[int, int], Spot]) -> list[tuple[tuple[int, int], int]]:
    """Entrances that open onto the map edge, which is solid Wall (p. 8): doorways to
    nowhere, as (space, edge)."""
    out = []
    for at, s in sorted(spots.items()):
        for e in sorted(s.entrances):
            dq, dr = DIRS[e]
            if (at[0] + dq, at[1] + dr) not in spots:
                out.append((at, e))
    return out
