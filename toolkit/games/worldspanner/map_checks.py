"""Checks on the map pieces (`map/*.yaml`): their shape, the terrain rules of spaces
(p. 2, p. 8), their counts per Set against the component table (p. 2), and the maps the
kit's set-ups build, where no space may be cut off (p. 3 "Fix dead ends")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, Loc, error
from toolkit.games.worldspanner.hexmap import DIRS, EDGES, alone, patch, platter_shape
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.map_build import cells, problems
from toolkit.games.worldspanner.map_models import MapPiece
from toolkit.games.worldspanner.setup import SAMPLE_SEED, SetupError, generate

# kind of piece -> its row of the component table (p. 2)
ROWS = {
    "platter": "map-platter",
    "dome": "dome-key",
    "lith": "lith-key",
    "faction": "factions-key",
    "vista": "vista-key",
}
DOMES = 4  # p. 2: "Dome keys, each containing 4 purple Domes"
FACTION_PLAQUES = 4  # p. 16: the favor tile's "4" side is a marker on all four adventure spaces


def _shape(p: MapPiece) -> Iterator[Diagnostic]:
    want = set(platter_shape() if p.kind == "platter" else patch())
    seen: Counter[tuple[int, int]] = Counter()
    for i, s in enumerate(p.spaces):
        at = (s.q, s.r)
        seen[at] += 1
        if at not in want:
            yield error(
                p.loc_of("spaces", i),
                "WS-MAP-SHAPE",
                f"space ({s.q}, {s.r}) lies outside the {p.kind}'s hexagon"
                f"{'s' if p.kind == 'platter' else ''} of spaces",
            )
        elif seen[at] == 2:
            yield error(p.loc_of("spaces", i), "WS-MAP-SHAPE", f"space ({s.q}, {s.r}) twice")
        both = set(s.walls) & set(s.entrances)
        if both:
            yield error(
                p.loc_of("spaces", i, "entrances"),
                "WS-MAP-SHAPE",
                f"edge {', '.join(sorted(both))} is both a plain wall and an entrance",
            )
    missing = sorted(want - set(seen), key=lambda c: (c[1], c[0]))
    if missing:
        yield error(
            p.loc_of("spaces"),
            "WS-MAP-SHAPE",
            f"{len(missing)} space(s) of the {p.kind} are not written, from {missing[0]}",
        )


def _terrain(p: MapPiece) -> Iterator[Diagnostic]:
    domes = plaques = circles = 0
    for i, s in enumerate(p.spaces):
        domes += s.terrain == "dome"
        circles += s.vista
        if s.adventure:
            plaques += 1
            if s.terrain != "clear":
                yield error(
                    p.loc_of("spaces", i, "terrain"),
                    "WS-MAP-ADVENTURE",
                    f"adventure space '{s.adventure}' is {s.terrain}; adventure spaces are "
                    "always Clear (p. 8)",
                )
        if s.cavern:
            yield from _cavern(p, i)
    if p.kind == "dome" and domes != DOMES:
        yield error(
            p.loc_of("spaces"), "WS-MAP-DOMES", f"{domes} Domes; a Dome key has {DOMES} (p. 2)"
        )
    if p.kind != "dome" and domes:
        yield error(
            p.loc_of("spaces"),
            "WS-MAP-DOMES",
            f"{domes} Dome(s) on a {p.kind}; Domes are on Dome keys, numbered by the key (p. 7)",
        )
    if p.kind == "faction" and plaques != FACTION_PLAQUES:
        yield error(
            p.loc_of("spaces"),
            "WS-MAP-ADVENTURE",
            f"{plaques} adventure spaces; a Faction key has {FACTION_PLAQUES} (p. 16)",
        )
    if p.kind not in ("faction", "lith") and plaques:
        yield error(
            p.loc_of("spaces"),
            "WS-MAP-ADVENTURE",
            f"{plaques} adventure plaque(s) on a {p.kind}: only Faction and Lith keys are "
            "adventure keys (p. 2)",
        )
    if (p.kind == "vista") != (circles == 1):
        want = "one circled space" if p.kind == "vista" else "no circled space"
        yield error(
            p.loc_of("spaces"),
            "WS-MAP-VISTA",
            f"{circles} circled space(s); a {p.kind} has {want} (p. 2)",
        )


def _cavern(p: MapPiece, i: int) -> Iterator[Diagnostic]:
    s = p.spaces[i]
    if s.terrain != "clear":
        yield error(
            p.loc_of("spaces", i, "terrain"),
            "WS-MAP-CAVERN",
            f"cavern space ({s.q}, {s.r}) is {s.terrain}; cavern spaces are always Clear (p. 8)",
        )
    inside = {(x.q, x.r) for x in p.spaces if x.cavern}
    closed = set(s.walls) | set(s.entrances)
    for e, edge in enumerate(EDGES):
        dq, dr = DIRS[e]
        if (s.q + dq, s.r + dr) not in inside and edge not in closed:
            yield error(
                p.loc_of("spaces", i),
                "WS-MAP-CAVERN",
                f"cavern space ({s.q}, {s.r}) is open on its {edge} edge; a cavern is "
                "enclosed by walls, entered only by its entrances (p. 8)",
            )
            return


def _lost_alone(p: MapPiece) -> set[int]:
    return alone(cells(p))


def check_pieces(ix: Index) -> Iterator[Diagnostic]:
    """Each piece's shape and spaces (WS-MAP-SHAPE, -DOMES, -ADVENTURE, -CAVERN, -VISTA),
    and no space of it that no hero can reach whatever lies around it (WS-DEAD-END)."""
    for p in ix.pieces:
        yield from _shape(p)
        yield from _terrain(p)
        lost = sorted(_lost_alone(p))
        if lost:
            s = p.spaces[lost[0]]
            yield error(
                p.loc_of("spaces", lost[0]),
                "WS-DEAD-END",
                f"{len(lost)} space(s) of the {p.kind}, from ({s.q}, {s.r}), cannot be "
                "reached from outside it, whatever lies around it: a cavern needs an "
                "entrance, a Dome an open side (p. 3, p. 8)",
            )


def _known(ix: Index) -> dict[str, tuple[str, int, Loc]]:
    """Every piece game.yaml lists: id -> (kind, set, where it is listed)."""
    g = ix.game
    out: dict[str, tuple[str, int, Loc]] = {}
    for kind, items, where in (
        ("platter", g.pieces.platters, ("pieces", "platters")),
        ("dome", g.pieces.dome_keys, ("pieces", "dome_keys")),
        ("lith", g.pieces.lith_keys, ("pieces", "lith_keys")),
        ("vista", g.pieces.vista_keys, ("pieces", "vista_keys")),
        ("faction", g.factions, ("factions",)),
    ):
        for i, x in enumerate(items):
            out[x.id] = (kind, x.set, g.loc_of(*where, i))
    return out


def check_counts(ix: Index) -> Iterator[Diagnostic]:
    """A file for every platter and key game.yaml lists, of its kind, and per Set as many of
    each kind as the component table counts (WS-MAP-COUNT, p. 2)."""
    known = _known(ix)
    have: Counter[tuple[str, int]] = Counter()
    drawn: Counter[str] = Counter()
    for p in ix.pieces:
        got = known.get(p.id)
        if got is None or got[0] != p.kind:
            what = f"a {got[0]}" if got else "no piece of game.yaml"
            yield error(
                p.loc_of("id"),
                "WS-MAP-COUNT",
                f"'{p.id}' is {what}, not a {p.kind}",
            )
            continue
        drawn[p.id] += 1
        if drawn[p.id] == 2:
            yield error(p.loc_of("id"), "WS-MAP-COUNT", f"a second file draws '{p.id}'")
        elif drawn[p.id] == 1:
            have[(p.kind, got[1])] += 1
    for pid, (_, _, loc) in known.items():
        if not drawn[pid]:
            yield error(loc, "WS-MAP-COUNT", f"'{pid}' has no file in map/ drawing its spaces")
    for kind, row in ROWS.items():
        want = ix.component(row)
        got_counts = [have[(kind, s.number)] for s in ix.game.sets]
        if got_counts != want:
            where = next((p for p in ix.pieces if p.kind == kind), None)
            loc = where.loc_of("kind") if where else ix.game.loc_of("components")
            yield error(
                loc,
                "WS-MAP-COUNT",
                f"map/ draws {got_counts} {kind} pieces per Set; the component table has "
                f"{want} (p. 2)",
            )


def check_built(ix: Index) -> Iterator[Diagnostic]:
    """The kit's sample set-up of each design, built from the pieces' files, with keys spun
    as p. 3 says: no space cut off (WS-DEAD-END), no entrance onto the map edge
    (WS-MAP-EDGE). A piece already unreachable alone is told once, by `check_pieces`."""
    pieces = ix.map_pieces
    broken = {p.id for p in ix.pieces if _lost_alone(p)}
    told: set[tuple[str, str]] = set()
    for d in ix.game.designs:
        try:
            s = generate(ix.game, d.id, SAMPLE_SEED, pieces=pieces)
        except SetupError:
            continue  # the design's own checks say why (WS-DESIGN, WS-DESIGN-FIT)
        laid = s.laid(pieces)
        if laid is None:
            continue  # a piece without a file: WS-MAP-COUNT
        slots = {p.key.id: p for p in s.keys}
        for prob in problems(laid):
            code = "WS-DEAD-END" if prob.what == "cut-off" else "WS-MAP-EDGE"
            if prob.piece in broken or (prob.piece, code) in told:
                continue
            told.add((prob.piece, code))
            piece = pieces[prob.piece]
            sp = piece.spaces[prob.index]
            at = slots.get(prob.piece)
            where = f"in slot {at.slot.id}, turned {at.rotation}" if at else "on its platter place"
            if code == "WS-DEAD-END":
                msg = (
                    f"{d.name} (seed {SAMPLE_SEED}): space ({sp.q}, {sp.r}) of '{prob.piece}' "
                    f"{where} is cut off, and no turn of the key opens it: its way in is "
                    "blocked by a neighbour's wall or the map edge (p. 3 'Fix dead ends')"
                )
            else:
                msg = (
                    f"{d.name} (seed {SAMPLE_SEED}): the entrance on the {EDGES[prob.edge]} "
                    f"edge of ({sp.q}, {sp.r}) of '{prob.piece}' {where} opens onto the map "
                    "edge, which is solid Wall (p. 8), and no turn of the key avoids it"
                )
            yield error(piece.loc_of("spaces", prob.index), code, msg)
