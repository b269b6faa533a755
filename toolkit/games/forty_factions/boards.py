"""Side boards of Sacred Circles (SC3.1, SC3.2): the Forests, their circles and the
Gathering. (Doorways to Dreams' boards: `dreams`.)"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import toolkit.games.forty_factions.canon as canon
from toolkit.check.rules import accepted
from toolkit.core.diagnostics import Diagnostic, Note, error
from toolkit.games.forty_factions.counts import stated
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, Forest, Location

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


def _forest_counts(ix: Index, forest: Forest) -> list[tuple[str, int, int | None, int]]:
    """Per kind of circle: (kind, the board file's count, SC3.1.1's, the count the faction
    files are held to). The held count is the rules' while the file differs from them
    unwaived (FF-CANON's finding, at that count), else the file's."""
    sc = ix.sacred_circles
    assert sc is not None  # (a forest is one of its forests)
    rules = canon.FORESTS.get(forest.area)
    out = []
    for n, kind in enumerate(("sacred", "lesser")):
        written: int = getattr(forest, f"{kind}_circles")
        want = rules[n] if rules is not None else None
        due = written
        at = forest.loc_of(f"{kind}_circles")
        if want is not None and written != want and not accepted(sc, "FF-CANON", at):
            due = want
        out.append((kind, written, want, due))
    return out


def _forest_canon(ix: Index, forest: Forest) -> Iterator[Diagnostic]:
    """The Forest's circles and VP as SC3.1.1 gives them: an error at each count that
    differs, with what it upsets as a note."""
    rules = canon.FORESTS.get(forest.area)
    if rules is None:
        return
    kinds = Counter(loc.circle for _, loc in circles_in(ix, forest.area))
    for kind, written, want, due in _forest_counts(ix, forest):
        if want is None or written == want:
            continue
        notes = []
        if due == want and kinds[kind] == want:
            notes.append(
                Note(
                    f"the faction files hold {want} {kind} circles in {forest.area}, as "
                    "SC3.1.1 gives: they are held to it, not to this count (waive FF-CANON "
                    "here, with the reason, to make it a house rule they must follow)"
                )
            )
        yield error(
            forest.loc_of(f"{kind}_circles"),
            "FF-CANON",
            f"{forest.area} has {want} {kind.capitalize()} Circles (SC3.1.1), not {written}",
            notes,
        )
    area = ix.area_by_id.get(forest.area)
    if area is not None and area.vp != rules[2]:
        yield error(
            area.loc_of("vp"),
            "FF-CANON",
            f"Control of {area.name} gives {rules[2]} VP (SC3.1.1), not {area.vp}",
        )


def check_forests(ix: Index) -> Iterator[Diagnostic]:
    """Forest circle counts (SC3.1.1, SC3.1.3) and where circles may lie (SC3.1.4)."""
    sc = ix.sacred_circles
    if sc is None:
        return
    for forest in sc.forests:
        yield from _forest_canon(ix, forest)
        if forest.lesser_circles and forest.lesser_value != canon.LESSER_VALUE:
            yield error(
                forest.loc_of("lesser_value"),
                "FF-CANON",
                f"a Lesser Circle counts as {canon.LESSER_VALUE} of a Location (SC3.1.3)",
            )
        circles = circles_in(ix, forest.area)
        kinds = Counter(loc.circle for _, loc in circles)
        for kind, written, want, due in _forest_counts(ix, forest):
            if kinds[kind] != due:
                holders = ", ".join(
                    f"{loc.name} ({f.number})" for f, loc in circles if loc.circle == kind
                )
                says = stated(due, written, want, "the board file", "SC3.1.1")
                yield error(
                    forest.loc_of(f"{kind}_circles"),
                    "FF-SC-CIRCLES",
                    f"{forest.area} has {kinds[kind]} {kind} circles in the faction files; "
                    f"{says}: {holders or 'none'}",
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


def check(ix: Index) -> Iterator[Diagnostic]:
    """All Sacred Circles side-board rules (Doorways to Dreams': `dreams`)."""
    yield from check_forests(ix)
    yield from check_lesser(ix)
    yield from check_shared(ix)
    yield from check_gathering(ix)
