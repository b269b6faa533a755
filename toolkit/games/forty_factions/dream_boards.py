"""The Doorways to Dreams side boards (DD3.1-DD3.2), laid out for their templates in
`templates/forty-factions/boards/`: the Hall of Mirrors and the Congress of Dreams (the
Madness Indicator is `madness_board`). Sizes are mm."""

from __future__ import annotations

import math
from dataclasses import dataclass

from toolkit.core.marks import LEGEND, is_placeholder, marked, titled
from toolkit.games.forty_factions import side_board_models as sb
from toolkit.games.forty_factions.board_views import At, CircleSpace, circle_space, frame, render
from toolkit.games.forty_factions.board_views import style as board_style
from toolkit.games.forty_factions.components import component_of
from toolkit.games.forty_factions.index import Index
from toolkit.render.board_style import BoardStyle


@dataclass(frozen=True)
class MirrorCircle:
    """A numbered circle by a mirror: its faction, precedence, title and place."""

    faction: int
    precedence: int
    title: str
    cy: float
    number: At


@dataclass(frozen=True)
class Mirror:
    """A mirror on a wall of a hall, and the numbered circles by it."""

    number: int
    title: str
    x: float
    y: float
    w: float
    name: At
    cx: float
    circles: tuple[MirrorCircle, ...]


@dataclass(frozen=True)
class Hidden:
    """A hidden mirror at an end of a hall (Forgotten Factions)."""

    faction: int | None
    title: str
    x: float
    y: float
    name: At


@dataclass(frozen=True)
class Hall:
    """A hall: its floor, carpet, name, mirrors and hidden mirrors."""

    side: str
    domain: str
    y: float
    h: float
    carpet: str
    name: At
    name_x: float
    name_w: float
    mirrors: tuple[Mirror, ...]
    hidden: tuple[Hidden, ...]


def _placeholders(ix: Index, marks: bool) -> dict[int, bool]:
    """Whether each mirror and hidden mirror (by `id`) is the designer's, to be marked."""
    hm = ix.mirrors
    # which Otherworld hangs where, and whose circles stand by it, the rules leave to the
    # board (DD3.1.2): the mirrors the designer placed are marked
    return {
        id(m): is_placeholder(hm, f"{key}.{i}") and marks
        for key, held in (
            ("mirrors", hm.mirrors if hm else ()),
            ("hidden", hm.hidden if hm else ()),
        )
        for i, m in enumerate(held)
    }


def _circles(
    ix: Index, st: BoardStyle, m: sb.Mirror, mx: float, my: float, wall: int, mark: bool
) -> tuple[MirrorCircle, ...]:
    """The numbered circles by mirror `m` at (`mx`, `my`) on the top (0) or bottom wall."""
    circles = []
    for p, number in enumerate(m.circles):
        # precedence: the first circle sits nearest the mirror
        ccy = my + (12 + p * 12 if wall == 0 else -6 - p * 12)
        f = ix.factions.get(number)
        n = st.fit(marked(str(number), mark), "mirror-number", 8, 5, max_lines=1)
        circles.append(
            MirrorCircle(
                number,
                p + 1,
                titled(
                    f"{f.name if f else number} ({number}) at {m.otherworld}, precedence {p + 1}",
                    mark,
                ),
                ccy,
                At(n, mx, ccy - 2.3),
            )
        )
    return tuple(circles)


def _mirrors(
    ix: Index, st: BoardStyle, hall: sb.Hall, w: float, y: float, hall_h: float, ph: dict[int, bool]
) -> tuple[Mirror, ...]:
    """A hall's mirrors, half on its top wall and half on its bottom wall, in number order."""
    assert ix.mirrors is not None
    mirrors = sorted((m for m in ix.mirrors.mirrors if m.side == hall.side), key=lambda m: m.number)
    per_wall = math.ceil(len(mirrors) / 2)
    step = (w - 100) / per_wall
    out = []
    for k, m in enumerate(mirrors):
        wall = k // per_wall  # 0: top wall, 1: bottom wall
        mx = 50 + (k % per_wall + 0.5) * step
        my = y + 6 if wall == 0 else y + hall_h - 12
        circles = _circles(ix, st, m, mx, my, wall, ph[id(m)])
        shown = marked(m.otherworld, ph[id(m)])
        name = st.fit(shown, "mirror-name", step - 6, 5.4, max_lines=2)
        out.append(
            Mirror(
                m.number,
                titled(f"Mirror {m.number} ({hall.name}): {m.otherworld}", ph[id(m)]),
                mx - step / 2 + 2,
                my,
                step - 4,
                At(name, mx, my + 0.3),
                mx,
                circles,
            )
        )
    return tuple(out)


def _hidden(
    ix: Index, st: BoardStyle, hall: sb.Hall, w: float, y: float, hall_h: float, ph: dict[int, bool]
) -> tuple[Hidden, ...]:
    """A hall's hidden mirrors, one at each end it has (DD3.1.2.3)."""
    assert ix.mirrors is not None
    hidden = []
    for hh in (hh for hh in ix.mirrors.hidden if hh.side == hall.side):
        hx = 16 if hh.end == "entrance" else w - 36
        shown = marked(f"FgF {hh.otherworld}", ph[id(hh)])
        name = st.fit(shown, "hidden-name", 18, 30, max_lines=5)
        what = titled(
            f"Hidden mirror ({hh.end}): {hh.otherworld}, Forgotten Factions, no "
            "numbered circle (DD3.1.2.3)",
            ph[id(hh)],
        )
        hidden.append(
            Hidden(
                hh.faction, what, hx, y + hall_h / 2 - 16, At(name, hx + 10, y + hall_h / 2 - 14)
            )
        )
    return tuple(hidden)


def _hall(
    ix: Index, st: BoardStyle, hall: sb.Hall, w: float, y: float, hall_h: float, ph: dict[int, bool]
) -> Hall:
    """One hall at `y`: its name across the floor, its mirrors and its hidden mirrors."""
    area = ix.area_by_id.get(hall.domain)
    head = f"{hall.name} · {area.name if area else hall.domain} · {area.vp if area else ''} VP"
    t = st.fit(f"{head} · {hall.carpet} carpet", "hall-name", w - 100, 8, max_lines=1)
    return Hall(
        hall.side,
        hall.domain,
        y,
        hall_h,
        hall.carpet,
        At(t, w / 2, y + hall_h / 2 - t.height / 2),
        w / 2 - t.width() / 2 - 2,
        t.width() + 4,
        _mirrors(ix, st, hall, w, y, hall_h, ph),
        _hidden(ix, st, hall, w, y, hall_h, ph),
    )


def mirrors_board(ix: Index, marks: bool = True) -> tuple[float, float, str, str]:
    """Two halls of 12 mirrors, numbered circles by each, hidden mirrors at the ends
    (DD3.1); `marks`, a placeholder mirror (its Otherworld and circles) or hidden mirror
    marked and the legend in the subtitle (not in a `--final` kit)."""
    w, h = 420.0, 297.0
    st = board_style()
    title = "The Hall of Mirrors"
    ph = _placeholders(ix, marks)
    subtitle = (
        "Doorways to Dreams · the light Hall of Mirrors "
        "and the dark Hall of Broken Mirrors (rules DD3.1)"
    )
    fr = frame(st, w, h, title, subtitle + (f" · {LEGEND}" if any(ph.values()) else ""))
    hall_h = (h - 44) / 2
    halls = [
        _hall(ix, st, hall, w, 30 + hi * (hall_h + 4), hall_h, ph)
        for hi, hall in enumerate(ix.mirrors.halls if ix.mirrors else ())
    ]
    return w, h, title, render("hall-of-mirrors", w, h, title, st, frame=fr, halls=halls)


@dataclass(frozen=True)
class CongressSeat:
    """A numbered circle at the Congress."""

    faction: int
    title: str
    space: CircleSpace


def congress_board(ix: Index, marks: bool = True) -> tuple[float, float, str, str]:
    """Seats around a cloud-shaped table, numbered circles for the factions with one
    (DD3.2.2); `marks`, the circles marked while the designer's and the legend in the
    subtitle (not in a `--final` kit)."""
    w, h = 420.0, 297.0
    st = board_style()
    title = "The Congress of Dreams"
    circles = ix.congress.circles if ix.congress else []
    # the rules do not say which factions have a numbered circle (DD3.2.2)
    ph = [is_placeholder(ix.congress, f"circles.{k}") and marks for k in range(len(circles))]
    subtitle = "Doorways to Dreams · it sits Once in a Blue Moon (rules DD3.2)"
    fr = frame(st, w, h, title, subtitle + (f" · {LEGEND}" if any(ph) else ""))
    cx, cy, rx, ry = w / 2, h / 2 + 8, 120.0, 70.0
    bumps = 14
    d = []
    for k in range(bumps):
        a0 = 2 * math.pi * k / bumps
        a1 = 2 * math.pi * (k + 1) / bumps
        x0, y0 = cx + rx * math.cos(a0), cy + ry * math.sin(a0)
        x1, y1 = cx + rx * math.cos(a1), cy + ry * math.sin(a1)
        if k == 0:
            d.append(f"M{x0:.1f} {y0:.1f}")
        d.append(f"A14 14 0 0 1 {x1:.1f} {y1:.1f}")
    text = "Place the pawns of seated factions without a circle anywhere around the table (DD3.2.2)"
    note = At(st.fit(text, "congress-note", 180, 14, max_lines=2), cx, cy - 6)
    seats = []
    for k, number in enumerate(circles):
        a = -math.pi / 2 + 2 * math.pi * k / max(len(circles), 1)
        sx, sy = cx + (rx + 26) * math.cos(a), cy + (ry + 24) * math.sin(a)
        f = ix.factions.get(number)
        seats.append(
            CongressSeat(
                number,
                titled(f"Congress seat of {f.name if f else number} ({number})", ph[k]),
                circle_space(st, sx, sy, 14, number, marked(f.name if f else str(number), ph[k])),
            )
        )
    return (
        w,
        h,
        title,
        render(
            "congress",
            w,
            h,
            title,
            st,
            frame=fr,
            table=" ".join(d) + " Z",
            note=note,
            seats=seats,
            seat=component_of("seat"),
        ),
    )
