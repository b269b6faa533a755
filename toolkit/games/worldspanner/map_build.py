"""A built map: the pieces' files (`map/*.yaml`) laid in a design's slots and turned, as the
spaces `toolkit.games.worldspanner.hexmap` reasons about (p. 3 "Build the Map").

Used by the set-up generator (which spins keys until none is cut off), the checker and the
drawings, so all three see the same map.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from toolkit.games.worldspanner.hexmap import (
    EDGES,
    Cell,
    Laid,
    build,
    cut_off,
    edge_entrances,
    platter_turn,
    slot_centre,
)
from toolkit.games.worldspanner.map_models import MapPiece
from toolkit.games.worldspanner.models import PlatterSlot, Slot


def cells(piece: MapPiece) -> tuple[Cell, ...]:
    """A piece's spaces as the map reasons about them."""
    return tuple(
        Cell(
            s.q,
            s.r,
            s.terrain,
            frozenset(EDGES.index(e) for e in s.walls),
            frozenset(EDGES.index(e) for e in s.entrances),
            i,
        )
        for i, s in enumerate(piece.spaces)
    )


def lay_key(piece: MapPiece, slot: Slot, turn: int) -> Laid:
    """A key in its slot, turned `turn` sixths clockwise."""
    return Laid(piece.id, cells(piece), slot_centre(slot.q, slot.r), turn, slot.section)


def lay_platter(piece: MapPiece, place: PlatterSlot) -> Laid:
    """A platter over its two cells, turned so that its second hexagon covers the second."""
    first = (place.cells[0][0], place.cells[0][1])
    pairs = [(c[0], c[1]) for c in place.cells[:2]]
    return Laid(
        piece.id, cells(piece), slot_centre(*first), max(0, platter_turn(pairs)), place.section
    )


@dataclass(frozen=True)
class Problem:
    """A space of the built map that breaks a rule: the piece, the space's index in the
    piece's file, and which rule (`cut-off` or `edge-entrance`, with the edge)."""

    piece: str
    index: int
    what: str
    edge: int = -1


def problems(laid: Sequence[Laid]) -> list[Problem]:
    """Every cut-off space (p. 3 "Fix dead ends") and every entrance that opens onto the map
    edge (p. 8: the map edge is solid Wall) of the map these pieces make."""
    spots = build(laid)
    out = [
        Problem(spots[at].piece, spots[at].cell.index, "cut-off") for at in sorted(cut_off(spots))
    ]
    for at, edge in edge_entrances(spots):
        s = spots[at]
        # the edge as the piece's file names it, before the piece was turned
        out.append(Problem(s.piece, s.cell.index, "edge-entrance", (edge - s.turn) % 6))
    return out


def laid_map(
    pieces: Mapping[str, MapPiece],
    platters: Sequence[tuple[PlatterSlot, str]],
    keys: Sequence[tuple[Slot, str, int]],
) -> list[Laid] | None:
    """The pieces of a set-up, laid: platters by place and piece id, keys by slot, key id
    and turn. None when a piece has no file (its own diagnostic says so)."""
    if any(p not in pieces for _, p in platters) or any(k not in pieces for _, k, _ in keys):
        return None
    out = [lay_platter(pieces[p], place) for place, p in platters]
    return out + [lay_key(pieces[k], slot, turn) for slot, k, turn in keys]
