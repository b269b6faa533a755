"""Locations and Areas (rules 2.5, 4.3.11, 12.2, 13.2.3)."""

from __future__ import annotations

from collections.abc import Iterator

import toolkit.games.forty_factions.canon as canon
from toolkit.check.rules import accepted
from toolkit.core.assets import AssetError, game_asset
from toolkit.core.diagnostics import Diagnostic, Note, error
from toolkit.games.forty_factions.counts import stated
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Area, Faction, Location

MAIN_BOARD = "main"
MIRROR_BOARD = "hall-of-mirrors"


def base_game_locations(f: Faction) -> list[Location]:
    """The locations a faction has in play in the base game: a base faction's locations not
    marked as an expansion's (4.3.11, 2.5)."""
    if f.expansion != "base":
        return []
    return [loc for loc in f.location_list if not loc.expansion]


def map_locations(ix: Index) -> dict[str, list[tuple[Faction, Location]]]:
    """Locations shown on the map, by Area: base-game ones, and the expansions' (2.5),
    except Forgotten Factions, which the board does not show (13.2.3.1)."""
    out: dict[str, list[tuple[Faction, Location]]] = {}
    for f in ix.faction_list:
        if f.expansion == "FgF":
            continue
        for loc in f.location_list:
            area = ix.area_by_id.get(loc.area)
            if area is not None and area.board == MAIN_BOARD:
                out.setdefault(loc.area, []).append((f, loc))
    return out


def map_key(f: Faction, index: int) -> str:
    """The key of a location space in `map_art.spaces`: `<faction>.<location index>`."""
    return f"{f.number}.{index}"


def check_count(ix: Index) -> Iterator[Diagnostic]:
    """One or two locations per faction, or Variable (4.3.11, 13.2.3.4)."""
    low, high = canon.LOCATIONS_PER_FACTION
    for f in ix.faction_list:
        if f.locations == "variable":
            continue
        # A circle shared with another tribe is that tribe's too; it still is this one's.
        n = len(f.locations)
        if not low <= n <= high:
            yield error(
                f.loc_of("locations"),
                "FF-LOCATIONS",
                f"{ix.name(f.number)} has {n} locations; a faction has one or two (4.3.11), "
                "or `locations: variable` (13.2.3.4)",
            )


def domains(ix: Index) -> set[str]:
    """The Domains (DD3.1.3): areas of the Hall of Mirrors board, reached through Mirrors."""
    out = {a.id for a in ix.game.areas if a.board == MIRROR_BOARD}
    if ix.mirrors is not None:
        out |= {hall.domain for hall in ix.mirrors.halls}
    return out


def check_expansion_areas(ix: Index) -> Iterator[Diagnostic]:
    """Every faction's locations lie in Areas of its own game: a location in an area another
    expansion adds (a Forest) is that expansion's, and says so (4.3.11, 2.5); no location lies
    in a Domain, which Factions reach through the Mirrors of their Otherworlds (DD3.1.2)."""
    in_domains = domains(ix)
    for f in ix.faction_list:
        for i, loc in enumerate(f.location_list):
            area = ix.area_by_id.get(loc.area)
            if area is None:
                continue
            if area.id in in_domains:
                yield error(
                    loc.loc_of("area"),
                    "FF-LOCATION-DOMAIN",
                    f"'{loc.name}' lies in {area.name}, a Domain: a faction reaches a Domain "
                    "through the Mirror of its Otherworld, not with a Location (DD3.1.2, "
                    "13.2.3.3); name it under `otherworlds`",
                )
                continue
            if area.expansion and area.expansion != f.expansion and loc.expansion != area.expansion:
                yield error(
                    f.loc_of("locations", i),
                    "FF-LOCATION-EXPANSION",
                    f"'{loc.name}' lies in {area.name}, which only the {area.expansion} "
                    f"expansion adds, but {ix.name(f.number)} is {f.expansion}: mark it "
                    f"`expansion: {area.expansion}` so it is in play only with {area.expansion} "
                    "(4.3.11, 2.5)",
                )


def _base_counts(ix: Index) -> dict[str, list[str]]:
    """Base-game locations by Area, as `Name (number)`."""
    counts: dict[str, list[str]] = {}
    for f in ix.faction_list:
        for loc in base_game_locations(f):
            counts.setdefault(loc.area, []).append(f"{loc.name} ({f.number})")
    return counts


def _table_rows(ix: Index) -> list[tuple[int, Area]]:
    return [
        (i, a)
        for i, a in enumerate(ix.game.areas)
        if a.board == MAIN_BOARD and a.locations is not None
    ]


def _off_table(ix: Index, i: int, area: Area) -> int | None:
    """12.2.1's Location count for an Area whose count in game.yaml differs from it, unwaived
    (FF-CANON's finding, once): the faction files and the totals are held to the table, not
    to the changed count. None when game.yaml agrees, or the difference is a house rule."""
    want = canon.AREA_TABLE.get(area.id)
    if want is None or area.locations == want[0]:
        return None
    if accepted(ix.game, "FF-CANON", ix.game.loc_of("areas", i, "locations")):
        return None
    return want[0]


def due_locations(ix: Index, i: int, area: Area) -> int:
    """The base-game Locations an Area's faction files are held to (see `_off_table`)."""
    table = _off_table(ix, i, area)
    return table if table is not None else area.locations or 0


def check_area_counts(ix: Index) -> Iterator[Diagnostic]:
    """Base-game locations per Area equal the table of 12.2.1."""
    counts = _base_counts(ix)
    for i, area in _table_rows(ix):
        have = len(counts.get(area.id, []))
        due = due_locations(ix, i, area)
        if have == due:
            continue
        table = canon.AREA_TABLE.get(area.id)
        says = stated(
            due,
            area.locations or 0,
            table[0] if table else None,
            "game.yaml",
            "the table of 12.2.1",
        )
        yield error(
            area.loc_of("locations"),
            "FF-AREA-COUNT",
            f"{area.name} has {have} base-game locations in the faction files; {says}; "
            "locations of expansions do not count (2.5)",
        )


def check_totals(ix: Index) -> Iterator[Diagnostic]:
    """The printed totals row equals the sum of the rows (12.2.1)."""
    rows = _table_rows(ix)
    totals = ix.game.area_totals
    locs = sum(due_locations(ix, i, a) for i, a in rows)
    vp = sum(a.vp for _i, a in rows)
    if totals.locations != locs:
        yield error(
            totals.loc_of("locations"),
            "FF-AREA-TOTAL",
            f"the totals row says {totals.locations} locations but the Areas sum to {locs} "
            "(12.2.1); fix the row or the total, with an erratum quoting the rules",
        )
    if totals.vp != vp:
        yield error(
            totals.loc_of("vp"),
            "FF-AREA-TOTAL",
            f"the totals row says {totals.vp} VP but the Areas sum to {vp} (12.2.1)",
        )


def _location_notes(ix: Index, i: int, area: Area) -> list[Note]:
    """What an Area count that differs from 12.2.1 upsets: the faction files that meet the
    table (held to it), and the totals row."""
    table = _off_table(ix, i, area)
    if table is None:
        return []
    notes = []
    have = len(_base_counts(ix).get(area.id, []))
    if have == table:
        notes.append(
            Note(
                f"the faction files place {have} base-game Locations in {area.name}, as the "
                "table does: they are held to it, not to this count (waive FF-CANON here, "
                "with the reason, to make it a house rule they must follow)"
            )
        )
    totals = ix.game.area_totals
    written = sum(a.locations or 0 for _i, a in _table_rows(ix))
    if written != totals.locations:
        notes.append(
            Note(
                f"with it, the Areas sum to {written}; the totals row says {totals.locations}",
                totals.loc_of("locations"),
            )
        )
    return notes


def check_canon(ix: Index) -> Iterator[Diagnostic]:
    """game.yaml keeps the Area table of 12.2.1 and the expansion VPs of 13.2.3.1."""
    for i, area in enumerate(ix.game.areas):
        want = canon.AREA_TABLE.get(area.id)
        if want is None:
            continue
        locations, vp = want
        if area.locations != locations:
            yield error(
                area.loc_of("locations"),
                "FF-CANON",
                f"{area.name} has {locations} Locations in the table of 12.2.1, "
                f"not {area.locations}",
                _location_notes(ix, i, area),
            )
        if area.vp != vp:
            yield error(
                area.loc_of("vp"), "FF-CANON", f"{area.name} gives {vp} VP (12.2.1), not {area.vp}"
            )
        for (area_id, code), vp_with in canon.AREA_VP_WITH.items():
            if area_id == area.id and area.vp_with.get(code) != vp_with:
                yield error(
                    area.loc_of("vp_with"),
                    "FF-CANON",
                    f"Control of {area.name} gives {vp_with} VP with {code} (13.2.3.1)",
                )
    missing = sorted(set(canon.AREA_TABLE) - set(ix.area_by_id))
    if missing:
        yield error(
            ix.game.loc_of("areas"),
            "FF-CANON",
            f"the Areas of 12.2.1 are missing: {', '.join(missing)}",
        )


def check_map_art(ix: Index) -> Iterator[Diagnostic]:
    """The designer's map: a readable picture, and a place for every location space."""

    art = ix.game.map_art
    if art is None or ix.root is None:
        return
    try:
        game_asset(ix.root, art.image)
    except AssetError as exc:
        yield error(art.loc_of("image"), "FF-MAP-ART", f"map picture {art.image}: {exc}")
    wanted = {
        map_key(f, f.location_list.index(loc)): f"{loc.name} ({f.number})"
        for spaces in map_locations(ix).values()
        for f, loc in spaces
    }
    for key in art.spaces:
        if key not in wanted:
            yield error(
                art.loc_of("spaces", key),
                "FF-MAP-ART",
                f"`{key}` names no location shown on the main board",
            )
    missing = [name for key, name in wanted.items() if key not in art.spaces]
    if missing:
        yield error(
            art.loc_of("spaces"),
            "FF-MAP-ART",
            f"{len(missing)} location(s) have no place on the map: "
            f"{', '.join(missing[:8])}{' ...' if len(missing) > 8 else ''}",
        )


def check(ix: Index) -> Iterator[Diagnostic]:
    """All location and area rules."""
    yield from check_canon(ix)
    yield from check_count(ix)
    yield from check_expansion_areas(ix)
    yield from check_area_counts(ix)
    yield from check_totals(ix)
    yield from check_map_art(ix)
