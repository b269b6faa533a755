"""What the bound Forty Factions procedures read from the content's index: faction names, a
plot's name, the seats of the Congress, the factions that spread Madness, and the Madness
levels a `levels=` parameter gives, read against the Madness board. Also the words a
parameter uses for a side. No file or printing here.
"""

from __future__ import annotations

from collections.abc import Mapping

import toolkit.games.forty_factions.procedures.dreams as dreams
from toolkit.check.procedures import ParamError
from toolkit.games.forty_factions.index import Index

SIDE = "a side is a Player or an Alliance, e.g. red:3,blue:2"
SIDES = "SIDE:N,..."


def names(ix: Index) -> dict[int, str]:
    """Faction names by number."""
    return {n: f.name for n, f in ix.factions.items()}


def plot_name(ix: Index, number: int | None) -> str:
    """The name of the plot numbered `number` (empty: none, or no such plot)."""
    plot = ix.plots.get(number) if number is not None else None
    return plot.name if plot is not None else ""


def congress_seats(ix: Index) -> int:
    """Factions with a seat on the Congress of Dreams (DD3.2.2)."""
    return sum(f.seats.congress for f in ix.faction_list)


def spreaders(ix: Index) -> dict[int, str]:
    """Factions whose Location pawn spreads Madness, and in which Alignment (DD3.3.2)."""
    return {f.number: f.madness for f in ix.faction_list if f.madness}


def parse_levels(ix: Index, raw: Mapping[str, str]) -> dict[str, dreams.AreaMadness]:
    """`old-town:6G,...` -> each Area's Level and Alignment; Areas not given are at 0."""
    m = ix.madness
    assert m is not None
    codes = {a.code for a in m.alignments}
    out = {area: dreams.AreaMadness(0) for area in m.areas}
    for area, text in raw.items():
        digits, alignment = text.rstrip("GNEgne"), text[len(text.rstrip("GNEgne")) :].upper()
        if not digits.isdigit() or int(digits) > m.max_level:
            raise ParamError(
                "levels",
                f"{area}: expected a Level 0-{m.max_level} and an Alignment, e.g. 6G, got {text!r}",
            )
        level = int(digits)
        if (level > 0) != bool(alignment) or (alignment and alignment not in codes):
            raise ParamError(
                "levels",
                f"{area}: a Level above 0 takes one Alignment of "
                f"{', '.join(sorted(codes))}; 0 takes none, got {text!r}",
            )
        out[area] = dreams.AreaMadness(level, alignment)
    return out
