"""Locations and Areas (rules 2.5, 4.3.11, 12.2, 13.2.3)."""

from __future__ import annotations

from collections.abc import Iterator

import toolkit.games.forty_factions.canon as canon
from toolkit.core.assets import AssetError, game_asset
from toolkit.core.diagnostics import Diagnostic, error
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, Location

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


def check_area_counts(ix: Index) -> Iterator[Diagnostic]:
    """Base-game locations per Area equal the table of 12.2.1."""
    counts: dict[str, list[str]] = {}
    for f in ix.faction_list:
        for loc in base_game_locations(f):
            counts.setdefault(loc.area, []).append(f"{loc.name} ({f.number})")
    for area in ix.game.areas:
        if area.board != MAIN_BOARD or area.locations is None:
            continue
        have = len(counts.get(area.id, []))
        if have != area.locations:
            yield error(
                area.loc_of("locations"),
                "FF-AREA-COUNT",
                f"{area.name} has {have} base-game locations in the faction files, the table "
                f"of 12.2.1 gives {area.locations}; locations of expansions do not count (2.5)",
            )


def check_totals(ix: Index) -> Iterator[Diagnostic]:
    """The printed totals row equals the sum of the rows (12.2.1)."""
    rows = [a for a in ix.game.areas if a.board == MAIN_BOARD and a.locations is not None]
    totals = ix.game.area_totals
    locs = sum(a.locations or 0 for a in rows)
    vp = sum(a.vp for a in rows)
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


def check_canon(ix: Index) -> Iterator[Diagnostic]:
    """game.yaml keeps the Area table of 12.2.1 and the expansion VPs of 13.2.3.1."""
    for area in ix.game.areas:
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
