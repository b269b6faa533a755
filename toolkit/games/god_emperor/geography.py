"""Checks on the map: regions, provinces, Houses, castles and the war map's layout."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from toolkit.check.rules import accepted
from toolkit.core.diagnostics import Diagnostic, Note, error
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.models import House

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


def _sittings(ix: Index, hid: str) -> dict[str, list[int]]:
    """The province tables the schedule seats a House at: province id -> months."""
    out: dict[str, list[int]] = {}
    for s in ix.game.schedule:
        if s.province and hid in s.proposers:
            out.setdefault(s.province, []).append(s.month)
    return out


def moved_houses(ix: Index) -> dict[str, str]:
    """House id -> the province its castle and its seat in the schedule both put it in, for
    each House whose `province` is neither: the one value that moved (a House edited into
    another province), which GE-HOUSE-PROVINCE names at that value."""
    out = {}
    for h in ix.game.houses:
        home = ix.province_of.get(h.castle)
        if home is not None and home != h.province and set(_sittings(ix, h.id)) == {home}:
            out[h.id] = home
    return out


def seats(ix: Index) -> dict[str, str]:
    """House id -> the province whose table the province counts and the schedule hold it
    to: its `province`, or, for a moved House (`moved_houses`) whose move is not waived,
    the province its castle and the schedule agree on. The move is then one error at the
    value that moved, not a province count and six schedule lines told to follow it."""
    moved = moved_houses(ix)
    out = {}
    for i, h in enumerate(ix.game.houses):
        at = ix.game.loc_of("houses", i, "province")
        keep = h.id not in moved or accepted(ix.game, "GE-HOUSE-PROVINCE", at)
        out[h.id] = h.province if keep else moved[h.id]
    return out


def _move_notes(ix: Index, h: House, home: str) -> list[Note]:
    """What a House moved out of `home` upsets: the two tables' counts, and the schedule."""
    g = ix.game
    names = {p.id: p.name for p in g.provinces}
    at = {p.id: i for i, p in enumerate(g.provinces)}
    notes = []
    for pid in (home, h.province):
        if pid not in at:
            continue
        here = [x.name for x in g.houses if x.province == pid]
        notes.append(
            Note(
                f"with it, {names[pid]} seats {len(here)} Houses ({', '.join(here) or 'none'}); "
                f"each province's table seats {g.houses_per_province}",
                g.loc_of("provinces", at[pid]),
            )
        )
    if seats(ix)[h.id] != home:
        return notes  # waived: a house rule, which the schedule must follow (GE-SCHEDULE-HOST)
    months = _sittings(ix, h.id)[home]
    first = next(i for i, s in enumerate(g.schedule) if s.month == months[0])
    notes.append(
        Note(
            f"the schedule seats {h.name} at {names[home]}'s table in months "
            f"{', '.join(map(str, months))}, as L257-265 print it: the schedule is held to it, "
            "not to this province (waive GE-HOUSE-PROVINCE here, with the reason, to make it "
            "a house rule it must follow)",
            g.loc_of("schedule", first, "proposers"),
        )
    )
    return notes


def check_house_provinces(ix: Index) -> Iterator[Diagnostic]:
    """A House sits in the province its castle lies in and the schedule seats it: a House
    whose `province` is neither is told there, with the counts it upsets as notes."""
    g = ix.game
    names = {p.id: p.name for p in g.provinces}
    for hid, home in moved_houses(ix).items():
        i, h = next((i, h) for i, h in enumerate(g.houses) if h.id == hid)
        months = ", ".join(map(str, _sittings(ix, hid)[home]))
        yield error(
            g.loc_of("houses", i, "province"),
            "GE-HOUSE-PROVINCE",
            f"{h.name} is in {names.get(h.province, h.province)} here, but its castle, "
            f"{h.castle}, lies in {names[home]}, and the schedule seats {h.name} at "
            f"{names[home]}'s table (months {months}; L257-265): `province: {home}`",
            _move_notes(ix, h, home),
        )


def check_castles(ix: Index) -> Iterator[Diagnostic]:
    """One castle a region: a neutral castle has one unit and its region, once empty,
    regenerates one (L189), which two castles there could not share; and a region's castle
    is the one a House holds for its +1 attack there (L183)."""
    g = ix.game
    first: dict[str, int] = {}
    for i, c in enumerate(g.castles):
        if c.region not in first:
            first[c.region] = i
            continue
        other = g.castles[first[c.region]]
        what = "a neutral castle" if c.kind == "neutral" else f"{c.house}'s home castle"
        was = "a neutral castle" if other.kind == "neutral" else f"{other.house}'s home castle"
        yield error(
            g.loc_of("castles", i, "region"),
            "GE-CASTLE-REGION",
            f"{what} in {c.region}, which already has {was} (castles.{first[c.region]}, line "
            f"{g.loc_of('castles', first[c.region]).line}); a region holds one castle: 'Each "
            "neutral castle has one unit ... If the region is ever empty of units, it will "
            "regenerate one unit' (L189)",
        )


def check_houses(ix: Index) -> Iterator[Diagnostic]:
    """Each province holds three Houses; each House's castle is in its province's lists."""
    g = ix.game
    provinces = {p.id: p for p in g.provinces}
    seat = seats(ix)
    counts = Counter(seat[h.id] for h in g.houses)
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
            here = [h.name for h in g.houses if seat[h.id] == p.id]
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
