"""Worldspanner content models, the map: `map/<piece>.yaml`, one platter or key as a hex
grid of spaces (p. 2 "Map Pieces", p. 8 "The Map", p. 8-9 "Move", p. 19-20 "Line of Sight").

The rulebook gives the kinds of piece, their counts, the terrain and its rules, not the
drawings: a piece's spaces are placeholder geometry (listed in its `placeholders:`), laid
out on the grid `toolkit.games.worldspanner.hexmap` describes, and checked against every
rule the rulebook states about spaces.
"""

from __future__ import annotations

from typing import Literal

from toolkit.games.worldspanner.models import SLUG
from toolkit.model.content import Document
from toolkit.validate.schema import Model, model, spec

Edge = Literal["e", "se", "sw", "w", "nw", "ne"]
TERRAINS = (
    "clear",
    "water",
    "woods",
    "swamp",
    "rough",
    "building",
    "deep-water",
    "fire",
    "dome",
)


@model
class Space(Model):
    """One hexagonal space (p. 8): where it lies, its one terrain, its walls and marks."""

    q: int = spec("Hex column (axial), from the piece's centre; east is +q.", ge=-20, le=20)
    r: int = spec("Hex row (axial), from the piece's centre; south-east is +r.", ge=-20, le=20)
    terrain: Literal[TERRAINS] = spec(  # type: ignore[valid-type]
        "Its terrain (p. 8 'Move Cost'): Clear costs 1; Water, Woods, Swamp, Rough and "
        "Building cost 2; no hero enters Fire, Deep Water or a Dome.",
        "clear",
    )
    walls: list[Edge] = spec(
        "Edges with a Wall and no entrance (p. 8: walls block movement, adjacency and line "
        "of sight); e, se, sw, w, nw, ne.",
        [],
    )
    entrances: list[Edge] = spec(
        "Edges with a Wall and a pink doorway: the way into a cavern (p. 8).", []
    )
    cavern: bool = spec(
        "The space lies in a cavern, an area enclosed by walls; always Clear (p. 8).", False
    )
    adventure: str = spec(
        "The gold adventure plaque's name, for an adventure space; always Clear (p. 8, p. 14).",
        "",
        max_len=30,
    )
    vista: bool = spec("A Vista key's special space, with a circle (p. 2).", False)


@model
class MapPiece(Document):
    """map/<piece>.yaml: a platter or key (p. 2) as a hex grid of spaces."""

    id: str = spec(
        "The piece it draws: a platter, Dome, Lith or Vista key id of game.yaml's `pieces`, "
        "or, for a Faction key, the faction's id.",
        pattern=SLUG,
    )
    kind: Literal["platter", "dome", "lith", "faction", "vista"] = spec(
        "Platter, or the kind of key (p. 2): Dome, Lith, Faction or Vista."
    )
    spaces: list[Space] = spec(
        "Every space of the piece: a key is the hexagon of spaces within 2 of its centre; a "
        "platter is two of them, the second centred 5 east and 2 north-east (q 5, r -2).",
        min_items=1,
    )
