"""Checks on the map: regions, provinces, Houses, castles and the war map's layout."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, error
from toolkit.games.god_emperor.index import Index

NEIGHBOURS = ((1, 0), (-1, 0), (0, -1), (1, -1), (-1, 1), (0, 1))


def check_regions(ix: Index) -> Iterator[Diagnostic]:
    """Region names unique across the map; every region in exactly one province."""
    g = ix.game
    listed: dict[str, list[str]] = {}
    for pi, p in enumerate(g.provinces):
        counts = Counter(p.regions)
        for ri, r in enumerate(p.regions):
            if counts[r] > 1 and p.regions.index(r) != ri:
                yield error(
                    g.loc_of("provinces", pi, "regions", ri),
                    "GE-REGION-UNIQUE",
                    f"{p.name} lists {r} {counts[r]} times; a region name is unique "
                    "across the map (orders name regions, L145)",
                )
            if p.id not in listed.setdefault(r, []):
                listed[r].append(p.id)
    names = {p.id: p.name for p in g.provinces}
    for pi, p in enumerate(g.provinces):
        for ri, r in enumerate(p.regions):
            if len(listed[r]) > 1 and listed[r][0] != p.id:
                yield error(
                    g.loc_of("provinces", pi, "regions", ri),
                    "GE-REGION-PROVINCE",
                    f"{r} is listed in {names[listed[r][0]]} and in {p.name}; a "
                    "region lies in exactly one province",
                )
    for i, c in enumerate(g.castles):
        if c.region not in listed:
            yield error(
                g.loc_of("castles", i, "region"),
                "GE-REGION-PROVINCE",
                f"castle region {c.region} is in no province's list",
            )
    for i, s in enumerate(g.schedule):
        if s.region and s.region not in listed:
            yield error(
                g.loc_of("schedule", i, "region"),
                "GE-REGION-PROVINCE",
                f"month {s.month}'s castle region {s.region} is in no province's list",
            )
    ids = Counter(p.id for p in g.provinces)
    for i, p in enumerate(g.provinces):
        if ids[p.id] > 1:
            yield error(g.loc_of("provinces", i, "id"), "GE-UNIQUE", f"province '{p.id}' twice")


def check_houses(ix: Index) -> Iterator[Diagnostic]:
    """Each province holds three Houses; each House's castle is in its province's lists."""
    g = ix.game
    provinces = {p.id: p for p in g.provinces}
    counts = Counter(h.province for h in g.houses)
    ids = Counter(h.id for h in g.houses)
    for i, h in enumerate(g.houses):
        if ids[h.id] > 1:
            yield error(g.loc_of("houses", i, "id"), "GE-UNIQUE", f"House id '{h.id}' twice")
        if h.province not in provinces:
            yield error(
                g.loc_of("houses", i, "province"),
                "GE-REF",
                f"{h.name}'s province '{h.province}' is not a province ({', '.join(provinces)})",
            )
    for i, p in enumerate(g.provinces):
        if counts[p.id] != g.houses_per_province:
            here = [h.name for h in g.houses if h.province == p.id]
            yield error(
                g.loc_of("provinces", i),
                "GE-PROVINCE-HOUSES",
                f"{p.name} seats {len(here)} Houses ({', '.join(here) or 'none'}); each "
                f"province's table seats {g.houses_per_province}",
            )
    homes = Counter(c.house for c in g.castles if c.kind == "home")
    for i, c in enumerate(g.castles):
        if c.kind == "home" and c.house not in ix.houses:
            yield error(
                g.loc_of("castles", i, "house"),
                "GE-REF",
                f"home castle of '{c.house}', which is not a House",
            )
        elif c.kind == "home" and ix.houses[c.house].castle != c.region:
            yield error(
                g.loc_of("castles", i, "region"),
                "GE-REF",
                f"{ix.houses[c.house].name}'s castle is in "
                f"{ix.houses[c.house].castle}, not {c.region}",
            )
    for i, h in enumerate(g.houses):
        if homes[h.id] != 1:
            yield error(
                g.loc_of("houses", i),
                "GE-REF",
                f"{h.name} has {homes[h.id]} home castles in `castles`; every House "
                "starts with one (L129)",
            )


def check_layout(ix: Index) -> Iterator[Diagnostic]:
    """The war map gives every region one cell and puts roads between neighbours."""
    lay = ix.layout
    if lay is None:
        return
    regions = ix.province_of
    for name in lay.regions:
        if name not in regions:
            yield error(
                lay.loc_of("regions", name),
                "GE-MAP",
                f"the map places {name}, which no province lists",
            )
    for name in regions:
        if name not in lay.regions:
            yield error(lay.loc_of("regions"), "GE-MAP", f"the map has no place for {name}")
    cells = Counter((p.q, p.r) for p in lay.regions.values())
    cells.update((m.q, m.r) for m in lay.mountain)
    cells[(lay.capital.q, lay.capital.r)] += 1
    for name, p in lay.regions.items():
        if cells[(p.q, p.r)] > 1:
            yield error(
                lay.loc_of("regions", name),
                "GE-MAP",
                f"{name} shares its cell ({p.q}, {p.r}) with another place",
            )
    for i, pair in enumerate(lay.roads):
        ends = [lay.regions.get(n) for n in pair]
        if len(pair) != 2 or None in ends:
            yield error(
                lay.loc_of("roads", i),
                "GE-MAP",
                f"a road place joins two regions of the map, not {pair}",
            )
            continue
        a, b = ends
        if (b.q - a.q, b.r - a.r) not in NEIGHBOURS:  # type: ignore[union-attr]
            yield error(
                lay.loc_of("roads", i),
                "GE-MAP",
                f"road place {pair[0]}-{pair[1]} joins regions that are not neighbours",
            )
