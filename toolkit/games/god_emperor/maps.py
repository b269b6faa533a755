"""The God Emperor boards, laid out for their templates in `templates/god-emperor/boards/`:
the war map and the Law Board (and its extension sheets). The look is
`templates/god-emperor/board.css`; the Houses' colours come from game.yaml.

War map: every region is a `space region` element with `data-region` and
`data-province`; castles, the mountain, the capital and the places for tunnel and
road markers are elements of their own classes, each with a `<title>`.
"""

from __future__ import annotations

from dataclasses import dataclass

import toolkit.games.god_emperor.models as models
from toolkit.games.god_emperor.geography import NEIGHBOURS
from toolkit.games.god_emperor.index import Index
from toolkit.render.board_style import At, BoardStyle, Label, colour, draw, load_style
from toolkit.render.svg import hex_centre, hex_points

GAME = "god-emperor"
TINTS = 4  # province tints in board.css, .province-0 to .province-3, by province order
TOP, MARGIN = 30.0, 14.0  # the war map's box on the page: below the title, and its margin


@dataclass(frozen=True)
class Castle:
    """A castle in a region: its kind, House, colour (the House's) and who holds it."""

    kind: str
    house: str
    colour: str
    x: float
    y: float
    w: float
    who: At


@dataclass(frozen=True)
class Region:
    """A region's hex, its province's tint, its name and its castle."""

    name: str
    province: str
    title: str
    tint: int
    points: str
    label: Label
    x: float
    y: float
    castle: Castle | None


@dataclass(frozen=True)
class Place:
    """A marker place: a tunnel (circle) or a road (bar) between two regions."""

    a: str
    b: str
    title: str
    x: float
    y: float


@dataclass(frozen=True)
class Frame:
    """Where the map's hexes fall on the page: their size and the offset of hex (0, 0)."""

    size: float
    ox: float
    oy: float

    def at(self, q: int, r: int) -> tuple[float, float]:
        """The centre of hex (q, r) on the page."""
        x, y = hex_centre(q, r, self.size)
        return self.ox + x, self.oy + y


def _style() -> BoardStyle:
    return load_style(GAME)


def _frame(lay: models.MapLayout) -> Frame:
    """The regions, the mountain and the capital scaled into the page under its title,
    centred."""
    cells = [(p.q, p.r) for p in lay.regions.values()]
    cells += [(m.q, m.r) for m in lay.mountain] + [(lay.capital.q, lay.capital.r)]
    xs = [hex_centre(q, r, 1)[0] for q, r in cells]
    ys = [hex_centre(q, r, 1)[1] for q, r in cells]
    span_w, span_h = max(xs) - min(xs) + 3**0.5, max(ys) - min(ys) + 2
    size = min((lay.width - 2 * MARGIN) / span_w, (lay.height - TOP - MARGIN) / span_h)
    ox = lay.width / 2 - (max(xs) + min(xs)) / 2 * size
    oy = TOP + (lay.height - TOP - MARGIN) / 2 - (max(ys) + min(ys)) / 2 * size
    return Frame(size, ox, oy)


def war_map(ix: Index) -> tuple[float, float, str, str]:
    """The war map: regions by province around Mount Leviathan, castles, marker places."""
    lay = ix.layout
    assert lay is not None
    st = _style()
    g = ix.game
    f = _frame(lay)
    order = {p.id: i for i, p in enumerate(g.provinces)}
    legend = [
        (MARGIN + i * 48, order[p.id] % TINTS, st.line(p.name, "legend-name"))
        for i, p in enumerate(g.provinces)
    ]
    regions = _regions(ix, st, f, order)
    mountain, mountain_label = _mountain(ix, st, f)
    cx, cy = f.at(lay.capital.q, lay.capital.r)
    capital = (
        hex_points(cx, cy, f.size * 0.98),
        st.line(g.capital.upper(), "capital-name", min(8.0, f.size * 0.34)),
        cx,
        cy + f.size * 0.1,
    )
    note = st.line(
        "Dashed circles: places for Tunnel markers (Rat King). Gold bars: places for "
        "Road markers (Spice Lords). Placeholder geometry: the rules name regions, "
        "not a map.",
        "note",
    )
    title = f"{g.title}: the war map"
    svg = draw(
        GAME,
        "war-map",
        lay.width,
        lay.height,
        title,
        st,
        heading=st.line(f"{g.title} · The War Map", "map-title"),
        legend=legend,
        regions=regions,
        mountain_name=g.mountain,
        mountain=mountain,
        mountain_label=mountain_label,
        capital_name=g.capital,
        capital=capital,
        tunnels=_tunnels(ix, lay, f),
        roads=_roads(lay, f),
        size=f.size,
        note=note,
    )
    return lay.width, lay.height, title, svg


def _regions(ix: Index, st: BoardStyle, f: Frame, order: dict[str, int]) -> list[Region]:
    """Every region's hex, tinted by its province's place in `order`, with its castle."""
    lay = ix.layout
    assert lay is not None
    names = {p.id: p.name for p in ix.game.provinces}
    castles = {c.region: c for c in ix.game.castles}
    regions = []
    for name, place in lay.regions.items():
        cx, cy = f.at(place.q, place.r)
        pid = ix.province_of.get(name, "")
        what = f"{name}, {names.get(pid, 'no province')}"
        castle = None
        c = castles.get(name)
        if c is not None:
            held, castle = _castle(ix, st, f, c, (cx, cy))
            what += held
        regions.append(
            Region(
                name,
                pid,
                what,
                order.get(pid, 3) % TINTS,
                hex_points(cx, cy, f.size * 0.98),
                st.line(name.upper(), "region-name", min(7.0, f.size * 0.32)),
                cx,
                cy - f.size * 0.2,
                castle,
            )
        )
    return regions


def _castle(
    ix: Index, st: BoardStyle, f: Frame, c: models.Castle, at: tuple[float, float]
) -> tuple[str, Castle]:
    """A region's castle, drawn at `at` (the region's centre), and what its title adds:
    a House's home castle in the House's colour, or a neutral castle."""
    houses = ix.houses
    cx, cy = at
    size = f.size
    home = c.kind == "home" and c.house in houses
    held = f"; castle of House {houses[c.house].name}" if home else "; neutral castle"
    who = houses[c.house].name if home else "neutral"
    who_label = st.fit(who, "castle-who", size * 1.2, size * 0.3, size=min(4.5, size * 0.2))
    return held, Castle(
        c.kind,
        c.house or "",
        colour(houses[c.house].colour) if home else "",
        cx,
        cy,
        size * 0.5,
        At(who_label, cx, cy + size * 0.36),
    )


def _mountain(ix: Index, st: BoardStyle, f: Frame) -> tuple[list[str], At]:
    """The mountain's hexes, and its name inside one hex (the one nearest the mountain's
    middle), never across the hexes' edges."""
    lay = ix.layout
    assert lay is not None
    size = f.size
    mcells = {(m.q, m.r) for m in lay.mountain}
    mountain = [hex_points(*f.at(q, r), size * 0.98) for q, r in sorted(mcells)]
    mx = sum(f.at(q, r)[0] for q, r in mcells) / len(mcells)
    my = sum(f.at(q, r)[1] for q, r in mcells) / len(mcells)
    hx, hy = min((f.at(q, r) for q, r in mcells), key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
    g = ix.game
    mname = st.fit(g.mountain, "mountain-name", size * 1.3, size * 0.9, size=min(7.0, size * 0.3))
    return mountain, At(mname, hx, hy - mname.height / 2)


def _tunnels(ix: Index, lay: models.MapLayout, f: Frame) -> list[Place]:
    """Tunnel marker places: between each mountain hex and each region against it (L222)."""
    by_cell = {(p.q, p.r): n for n, p in lay.regions.items()}
    tunnels = []
    for q, r in sorted({(m.q, m.r) for m in lay.mountain}):
        for dq, dr in NEIGHBOURS:
            n = by_cell.get((q + dq, r + dr))
            if n is None:
                continue
            ax, ay = f.at(q, r)
            bx, by = f.at(q + dq, r + dr)
            tunnels.append(
                Place(
                    n,
                    "",
                    f"Tunnel marker place: {n} against {ix.game.mountain}",
                    (ax + bx) / 2,
                    (ay + by) / 2,
                )
            )
    return tunnels


def _roads(lay: models.MapLayout, f: Frame) -> list[Place]:
    """Road marker places: midway between the two regions of each road."""
    roads = []
    for a, b in lay.roads:
        if a not in lay.regions or b not in lay.regions:
            continue
        ax, ay = f.at(lay.regions[a].q, lay.regions[a].r)
        bx, by = f.at(lay.regions[b].q, lay.regions[b].r)
        roads.append(Place(a, b, f"Road marker place: {a} to {b}", (ax + bx) / 2, (ay + by) / 2))
    return roads
