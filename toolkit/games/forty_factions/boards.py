"""Side boards of the expansions: Sacred Circles (SC3.1, SC3.2), Doorways to Dreams
(DD3.1-DD3.3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import toolkit.games.forty_factions.canon as canon
from toolkit.core.diagnostics import Diagnostic, error
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, Location

FOREST_BOARD = "sacred-circles"


def circles_in(ix: Index, area: str) -> list[tuple[Faction, Location]]:
    """The circles of one Forest, each once: the other side of a shared circle is not a
    second circle (SC3.1.5)."""
    out = []
    for f in ix.faction_list:
        for loc in f.location_list:
            if loc.area == area and loc.circle and loc.shared_with is None:
                out.append((f, loc))
    return out


def check_forests(ix: Index) -> Iterator[Diagnostic]:
    """Forest circle counts (SC3.1.1, SC3.1.3) and where circles may lie (SC3.1.4)."""
    sc = ix.sacred_circles
    if sc is None:
        return
    for forest in sc.forests:
        canon_counts = canon.FORESTS.get(forest.area)
        if canon_counts is not None:
            sacred, lesser, vp = canon_counts
            area = ix.area_by_id.get(forest.area)
            if (forest.sacred_circles, forest.lesser_circles) != (sacred, lesser) or (
                area is not None and area.vp != vp
            ):
                yield error(
                    forest.loc,
                    "FF-CANON",
                    f"{forest.area}: the rules give {sacred} Sacred and {lesser} Lesser Circles "
                    f"and {vp} VP (SC3.1.1)",
                )
        if forest.lesser_circles and forest.lesser_value != canon.LESSER_VALUE:
            yield error(
                forest.loc_of("lesser_value"),
                "FF-CANON",
                f"a Lesser Circle counts as {canon.LESSER_VALUE} of a Location (SC3.1.3)",
            )
        circles = circles_in(ix, forest.area)
        kinds = Counter(loc.circle for _, loc in circles)
        for kind, want in (("sacred", forest.sacred_circles), ("lesser", forest.lesser_circles)):
            if kinds[kind] != want:
                holders = ", ".join(
                    f"{loc.name} ({f.number})" for f, loc in circles if loc.circle == kind
                )
                yield error(
                    forest.loc_of(f"{kind}_circles"),
                    "FF-SC-CIRCLES",
                    f"{forest.area} has {kinds[kind]} {kind} circles in the faction files, "
                    f"the rules give {want} (SC3.1.1): {holders or 'none'}",
                )
        lesser_names = [loc.name for _, loc in circles if loc.circle == "lesser"]
        for i, name in enumerate(forest.lesser_names):
            if not any(name in n for n in lesser_names):
                yield error(
                    forest.loc_of("lesser_names", i),
                    "FF-SC-CIRCLES",
                    f"no faction holds the Lesser Circle of {name} (SC3.1.3)",
                )
    for f in ix.faction_list:
        for i, loc in enumerate(f.location_list):
            area = ix.area_by_id.get(loc.area)
            on_board = area is not None and area.board == FOREST_BOARD
            if loc.circle and not on_board:
                yield error(
                    loc.loc_of("circle"),
                    "FF-SC-CIRCLES",
                    f"'{loc.name}' is a circle but lies in '{loc.area}', not on the Sacred "
                    "Circles board (SC3.1)",
                )
            elif on_board and not loc.circle:
                yield error(
                    f.loc_of("locations", i),
                    "FF-SC-CIRCLES",
                    f"'{loc.name}' lies in a Forest but is not a Sacred or Lesser Circle; only "
                    "Circles count towards control of Forests (13.2.3.4)",
                )


def check_lesser(ix: Index) -> Iterator[Diagnostic]:
    """The Lesser Circles of Vavistor, Iklaron and Quthar (Desert Nomads) lie in the Forest of
    the Great Desert and are held by those factions (SC3.1.1, SC3.1.3); no other faction holds
    a Lesser Circle."""
    sc = ix.sacred_circles
    if sc is None:
        return
    holders: dict[int, tuple[str, str]] = {}  # faction -> (circle name, forest)
    for forest in sc.forests:
        if forest.area == canon.LESSER_FOREST and tuple(forest.lesser_holders) != (
            canon.LESSER_HOLDERS
        ):
            named = ", ".join(ix.name(n) for n in canon.LESSER_HOLDERS)
            yield error(
                forest.loc_of("lesser_holders"),
                "FF-SC-LESSER",
                f"SC3.1.3 gives the Lesser Circles, in order, to {named}",
            )
        if len(forest.lesser_holders) != len(forest.lesser_names):
            yield error(
                forest.loc_of("lesser_holders"),
                "FF-SC-LESSER",
                "one holder for each of `lesser_names`, in the same order",
            )
        for name, number in zip(forest.lesser_names, forest.lesser_holders, strict=False):
            holders[number] = (name, forest.area)
    for number, (name, area_id) in holders.items():
        f = ix.factions.get(number)
        if f is None:
            continue
        lesser = [loc for loc in f.location_list if loc.circle == "lesser" and name in loc.name]
        area = ix.area_by_id.get(area_id)
        if not lesser:
            yield error(
                f.loc_of("locations"),
                "FF-SC-LESSER",
                f"{ix.name(number)} holds the Lesser Circle of {name} (SC3.1.3): give it "
                f"a location named for it, `circle: lesser`, in {area_id}",
            )
        for loc in lesser:
            if loc.area != area_id:
                yield error(
                    loc.loc_of("area"),
                    "FF-SC-LESSER",
                    f"the Lesser Circle of {name} lies in the "
                    f"{area.name if area else area_id} (SC3.1.1, SC3.1.3), "
                    f"not in {loc.area}",
                )
    for f in ix.faction_list:
        for loc in f.location_list:
            if loc.circle == "lesser" and f.number not in holders:
                yield error(
                    loc.loc_of("circle"),
                    "FF-SC-LESSER",
                    f"{ix.name(f.number)} holds no Lesser Circle: SC3.1.3 gives them "
                    f"to {', '.join(ix.name(n) for n in canon.LESSER_HOLDERS)}, so "
                    f"'{loc.name}' is not `circle: lesser`",
                )


def check_shared(ix: Index) -> Iterator[Diagnostic]:
    """A shared circle is declared once, as the other side of an existing one (SC3.1.5)."""
    for f in ix.faction_list:
        for i, loc in enumerate(f.location_list):
            if loc.shared_with is None:
                continue
            other = ix.factions.get(loc.shared_with)
            if other is None:
                continue  # reported as a reference
            match = [o for o in other.location_list if o.name == loc.name and o.area == loc.area]
            if not match or match[0].shared_with is not None:
                yield error(
                    loc.loc_of("shared_with"),
                    "FF-SC-SHARED",
                    f"'{loc.name}' is shared with {ix.name(other.number)}, which holds no "
                    "circle of that name in that Forest (SC3.1.5)",
                )
            elif not loc.side or loc.side == match[0].side:
                yield error(
                    f.loc_of("locations", i),
                    "FF-SC-SHARED",
                    f"the two sides of '{loc.name}' must be one `light` and one `dark` (SC3.1.5)",
                )


def check_gathering(ix: Index) -> Iterator[Diagnostic]:
    """13 totems, 12 around one central; 3-4 influence factions each; no tribe twice."""
    g = ix.gathering
    if g is None:
        return
    central = [t for t in g.totems if t.central]
    ring = [t for t in g.totems if not t.central]
    if len(central) != canon.CENTRAL_TOTEMS or len(ring) != canon.TOTEMS_IN_CIRCLE:
        yield error(
            g.loc_of("totems"),
            "FF-SC-TOTEMS",
            f"the Gathering has {canon.TOTEMS_IN_CIRCLE} Totems in its circle plus "
            f"{canon.CENTRAL_TOTEMS} central Totem (SC3.2.5); the file has {len(ring)} and "
            f"{len(central)}",
        )
    tribes: dict[int, str] = {}
    low, high = canon.INFLUENCE_PER_TOTEM
    for t in g.totems:
        members = [(t.faction, t.loc_of("faction"))]
        if t.rival is not None:
            members.append((t.rival.faction, t.rival.loc_of("faction")))
        for number, where in members:
            if number in tribes:
                yield error(
                    where,
                    "FF-SC-TOTEMS",
                    f"{ix.name(number)} already holds the {tribes[number]} Totem; a tribe "
                    "shared by two totems is declared once, as a `rival` (SC3.1.5)",
                )
            tribes[number] = t.animal
        if not low <= len(t.influence) <= high:
            yield error(
                t.loc_of("influence"),
                "FF-SC-INFLUENCE",
                f"the {t.animal} line of the Influence Table lists {len(t.influence)} factions; "
                f"the table lists {low} or {high} in order of priority (SC3.2.5.2)",
            )
        if len(set(t.influence)) != len(t.influence) or t.faction in t.influence:
            yield error(
                t.loc_of("influence"),
                "FF-SC-INFLUENCE",
                f"the {t.animal} influence list repeats a faction or lists the totem's own "
                "tribe, which controls it directly (SC3.2.5.1)",
            )


def check_mirrors(ix: Index) -> Iterator[Diagnostic]:
    """12 mirrors a hall; circles name factions that declare that Otherworld (DD3.1)."""
    h = ix.mirrors
    if h is None:
        return
    domain_of = {hall.side: hall.domain for hall in h.halls}
    for hall in h.halls:
        numbers = sorted(m.number for m in h.mirrors if m.side == hall.side)
        want = list(range(1, canon.MIRRORS_PER_HALL + 1))
        if numbers != want or hall.mirrors != canon.MIRRORS_PER_HALL:
            yield error(
                hall.loc,
                "FF-DD-MIRRORS",
                f"the {hall.name} has {canon.MIRRORS_PER_HALL} mirrors numbered 1-"
                f"{canon.MIRRORS_PER_HALL} (DD3.1.5); the file has {numbers}",
            )
    if {hall.side for hall in h.halls} != {"light", "dark"}:
        yield error(h.loc_of("halls"), "FF-DD-MIRRORS", "one light and one dark hall (DD3.1.1)")
    placed: set[tuple[int, str]] = set()
    for m in h.mirrors:
        for i, number in enumerate(m.circles):
            f = ix.factions.get(number)
            if f is None:
                continue
            worlds = {(w.name, w.domain) for w in f.otherworlds if not w.bracketed}
            if (m.otherworld, domain_of.get(m.side, "")) not in worlds:
                yield error(
                    m.loc_of("circles", i),
                    "FF-DD-CIRCLE",
                    f"{ix.name(number)} has a numbered circle by the mirror to "
                    f"'{m.otherworld}', but its sheet names no such Otherworld in that Domain "
                    "(DD3.1.2)",
                )
            placed.add((number, m.otherworld))
        if len(set(m.circles)) != len(m.circles):
            yield error(m.loc_of("circles"), "FF-DD-CIRCLE", "a faction has one circle a mirror")
    for i, hidden in enumerate(h.hidden):
        f = ix.factions.get(hidden.faction) if hidden.faction is not None else None
        if f is None:
            continue
        if f.expansion != "FgF":
            yield error(
                hidden.loc_of("faction"),
                "FF-DD-CIRCLE",
                f"the hidden mirrors at the hall ends are for Forgotten Factions (DD3.1.2.3); "
                f"{ix.name(f.number)} is {f.expansion}",
            )
        if hidden.otherworld not in {w.name for w in f.otherworlds}:
            yield error(
                h.loc_of("hidden", i),
                "FF-DD-CIRCLE",
                f"{ix.name(f.number)} names no Otherworld '{hidden.otherworld}' (DD3.1.2)",
            )
        placed.add((f.number, hidden.otherworld))
    for f in ix.faction_list:
        for j, w in enumerate(f.otherworlds):
            if not w.bracketed and (f.number, w.name) not in placed:
                yield error(
                    f.loc_of("otherworlds", j),
                    "FF-DD-OTHERWORLD",
                    f"{ix.name(f.number)} names the Otherworld '{w.name}', but no mirror of the "
                    "Hall of Mirrors has its numbered circle; mark it `bracketed: true` if it is "
                    "reached only through play (DD3.1.2.4)",
                )


def check_congress(ix: Index) -> Iterator[Diagnostic]:
    """Numbered circles at the Congress only for factions that hold a seat (DD3.2.2)."""
    c = ix.congress
    if c is None:
        return
    for i, number in enumerate(c.circles):
        f = ix.factions.get(number)
        if f is not None and not f.seats.congress:
            yield error(
                c.loc_of("circles", i),
                "FF-DD-CONGRESS",
                f"{ix.name(number)} has a numbered circle at the Congress of Dreams but its "
                "sheet gives it no seat there (DD3.2.2)",
            )
    if len(set(c.circles)) != len(c.circles):
        yield error(c.loc_of("circles"), "FF-DD-CONGRESS", "a faction has one numbered circle")


def check_madness(ix: Index) -> Iterator[Diagnostic]:
    """Levels 0-10 in alignments G, N, E; the VP table covers 1-10; scorers are temples."""
    m = ix.madness
    if m is None:
        return
    if m.max_level != canon.MADNESS_MAX:
        yield error(
            m.loc_of("max_level"),
            "FF-DD-MADNESS",
            f"Madness runs from 0 to {canon.MADNESS_MAX} (DD3.3.1), not to {m.max_level}",
        )
    codes = tuple(a.code for a in m.alignments)
    if sorted(codes) != sorted(canon.MADNESS_ALIGNMENTS) or len(set(codes)) != len(codes):
        yield error(
            m.loc_of("alignments"),
            "FF-DD-MADNESS",
            "positive Levels of Madness are aligned G (Delirium), N (Mania) or E (Despair) "
            "(DD3.3.1)",
        )
    covered = []
    for row in m.vp:
        covered.extend(range(row.low, row.high + 1))
    if sorted(covered) != list(range(1, m.max_level + 1)):
        yield error(
            m.loc_of("vp"),
            "FF-DD-MADNESS",
            f"the VP table must cover each Level 1-{m.max_level} exactly once (DD3.3.4.1)",
        )
    base_areas = [a.id for a in ix.game.areas if a.board == "main"]
    if sorted(m.areas) != sorted(base_areas):
        yield error(
            m.loc_of("areas"),
            "FF-DD-MADNESS",
            "each Area of Tehmor on the base board has a Level of Madness (DD3.3.1)",
        )
    if tuple(sorted(m.scoring_factions)) != tuple(sorted(canon.MADNESS_SCORERS)):
        named = ", ".join(ix.name(n) for n in canon.MADNESS_SCORERS)
        yield error(
            m.loc_of("scoring_factions"),
            "FF-DD-MADNESS",
            f"DD3.3.4.1 awards the Madness VPs to {named}",
        )
    bonuses = tuple(sorted((b.faction, b.alignment) for b in m.bonuses))
    if bonuses != tuple(sorted(canon.MADNESS_BONUSES)):
        yield error(
            m.loc_of("bonuses"),
            "FF-DD-MADNESS",
            "DD3.3.4.2-3 give LAMMIA (92) +1 VP in Delirium (G) and MORCOR (95) +1 VP "
            "in Despair (E)",
        )
    for number, alignment in canon.MADNESS_OF.items():
        f = ix.factions.get(number)
        if f is not None and f.madness != alignment:
            yield error(
                f.loc_of("madness") if f.madness else f.loc_of("name"),
                "FF-DD-MADNESS",
                f"placing {ix.name(number)}'s Location pawn makes an Area's Madness "
                f"{alignment} (DD3.3.2): `madness: {alignment}`",
            )
    temples = {f.number for f in ix.faction_list if f.category == "temples"}
    for i, number in enumerate(m.scoring_factions):
        if number in ix.factions and number not in temples:
            yield error(
                m.loc_of("scoring_factions", i),
                "FF-DD-MADNESS",
                f"{ix.name(number)} scores Madness but is not a Temple (DD3.3.4.1)",
            )


def check(ix: Index) -> Iterator[Diagnostic]:
    """All side-board rules."""
    yield from check_forests(ix)
    yield from check_lesser(ix)
    yield from check_shared(ix)
    yield from check_gathering(ix)
    yield from check_mirrors(ix)
    yield from check_congress(ix)
    yield from check_madness(ix)
