"""The Sacred Circles side boards (SC3.1, SC3.2), laid out for their templates in
`templates/forty-factions/boards/`: the Forests with their circles, and the Grasslander
Gathering with its Totems and Influence Table. Sizes are mm. (The Doorways to Dreams
boards are `dream_boards.py`.)"""

from __future__ import annotations

import math
from dataclasses import dataclass

from toolkit.core.marks import DAGGER, LEGEND, TITLE, is_placeholder, marked, titled
from toolkit.games.forty_factions.board_views import (
    At,
    CircleSpace,
    circle_space,
    frame,
    render,
    style,
)
from toolkit.games.forty_factions.boards import FOREST_BOARD, circles_in
from toolkit.games.forty_factions.components import component_of
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Area as GameArea
from toolkit.games.forty_factions.models import Faction, Gathering, Location
from toolkit.render.board_style import BoardStyle


@dataclass(frozen=True)
class Circle:
    """A Sacred or Lesser Circle: its holder, its kind, the dark side's holders, its space."""

    faction: int
    circle: str
    rivals: str
    title: str
    space: CircleSpace


@dataclass(frozen=True)
class Forest:
    """A Forest's panel and its circles."""

    area: str
    scoring: bool
    x: float
    y: float
    w: float
    h: float
    name: At
    circles: tuple[Circle, ...]


def _held_location(f: Faction, loc: Location) -> bool:
    """Is this circle of the faction a placeholder (its name or its Forest not the rules')?"""
    i = next(i for i, other in enumerate(f.location_list) if other is loc)
    return is_placeholder(f, f"locations.{i}")


def sacred_circles_board(ix: Index, marks: bool = True) -> tuple[float, float, str, str]:
    """The two Forests with their circles, shared circles as one space (SC3.1); `marks`, a
    placeholder circle or Forest name marked and the legend in the subtitle (not in a
    `--final` kit)."""
    w, h = 420.0, 297.0
    st = style()
    areas = [a for a in ix.game.areas if a.board == FOREST_BOARD]
    panel_w = (w - 24) / max(len(areas), 1)
    drawn = [
        _forest(st, ix, area, 12 + i * panel_w, panel_w, h, marks) for i, area in enumerate(areas)
    ]
    forests = [forest for forest, _ in drawn]
    title = "The Sacred Circles map"
    subtitle = (
        "Sacred Circles · the Forests of the Grasslands and of the Great Desert (rules SC3.1)"
    )
    legend = any(shown for _, shown in drawn)
    fr = frame(st, w, h, "The Sacred Circles", subtitle + (f" · {LEGEND}" if legend else ""))
    return (
        w,
        h,
        title,
        render(
            "sacred-circles",
            w,
            h,
            title,
            st,
            frame=fr,
            forests=forests,
            location=component_of("location"),
        ),
    )


def _circles(ix: Index, area: GameArea) -> list[tuple[Faction, Location, list[Faction]]]:
    """The circles of a Forest, each with its holder and the dark side's holders of the
    same circle (shared circles are one space)."""
    return [
        (
            f,
            loc,
            [
                o
                for o in ix.faction_list
                for ol in o.location_list
                if ol.shared_with == f.number and ol.name == loc.name
            ],
        )
        for f, loc in circles_in(ix, area.id)
    ]


def _forest(
    st: BoardStyle, ix: Index, area: GameArea, x: float, panel_w: float, h: float, marks: bool
) -> tuple[Forest, bool]:
    """A Forest's panel at `x`: its name and its circles, three a row; and whether any name
    it prints carries the placeholder mark."""
    y = 30.0
    k = ix.game.areas.index(area)
    shown = is_placeholder(ix.game, f"areas.{k}.name") and marks
    title = marked(area.name, shown) + (
        f" · {area.vp} VP" if area.scoring else " · role-play only, no VP (SC3.1.4)"
    )
    name = At(st.fit(title, "forest-name", panel_w - 12, 10, max_lines=2), x + panel_w / 2, y + 3)
    circles = _circles(ix, area)
    cols = 3
    r = min(22.0, (panel_w - 12) / cols / 2 - 2)
    rows = max(1, math.ceil(len(circles) / cols))
    step_y = min(2 * r + 6, (h - y - 32) / rows)
    r = min(r, step_y / 2 - 1.5)
    out = []
    for j, (f, loc, rivals) in enumerate(circles):
        cx = x + 6 + (j % cols + 0.5) * (panel_w - 12) / cols
        cy = y + 22 + (j // cols + 0.5) * step_y
        # the circle's name and the Forest it stands in are the faction file's
        mark = _held_location(f, loc) and marks
        shown = shown or mark
        out.append(_circle(st, area, f, loc, rivals, (cx, cy, r), mark))
    forest = Forest(area.id, area.scoring, x + 1.5, y, panel_w - 3, h - y - 12, name, tuple(out))
    return forest, shown


def _circle(
    st: BoardStyle,
    area: GameArea,
    f: Faction,
    loc: Location,
    rivals: list[Faction],
    at: tuple[float, float, float],
    mark: bool,
) -> Circle:
    """Faction `f`'s circle `loc` at `at` (centre x, centre y, radius), with the numbers of
    the dark side's holders sharing it."""
    cx, cy, r = at
    who = f.name + "".join(f" / {o.name} ({o.number}, dark side)" for o in rivals)
    kind = "Lesser Circle, counts 0.5" if loc.circle == "lesser" else "Sacred Circle"
    text = marked(loc.name + "".join(f" / {o.number}" for o in rivals), mark)
    return Circle(
        f.number,
        loc.circle or "",
        ",".join(str(o.number) for o in rivals),
        titled(f"{loc.name}: {kind} of {who} ({f.number}), {area.name}", mark),
        circle_space(st, cx, cy, r, f.number, text, lesser=loc.circle == "lesser"),
    )


@dataclass(frozen=True)
class Totem:
    """A Totem's space and the room for its chits beside it."""

    faction: int
    animal: str
    central: bool
    rival: int | None
    title: str
    space: CircleSpace
    chits_x: float
    chits_y: float
    chits: At


@dataclass(frozen=True)
class Row:
    """A line of the Influence Table."""

    y: float
    h: float
    animal: At
    names: At


def gathering_board(ix: Index, marks: bool = True) -> tuple[float, float, str, str]:
    """12 totems in a circle around the central one, chit room by each, the Influence Table
    beside (SC3.2.5); `marks`, a placeholder Totem, row or list marked and the legend in the
    subtitle (not in a `--final` kit)."""
    w, h = 420.0, 297.0
    st = style()
    title = "The Grasslander Gathering"
    g_data = ix.gathering
    subtitle = "The Circle of Totems at the Gathering Place (rules SC3.2)"
    if g_data is None:
        fr = frame(st, w, h, title, subtitle)
        return w, h, title, render("gathering", w, h, title, st, frame=fr, totems=(), table=None)
    totems = [_totem(st, g_data, i, marks) for i in range(len(g_data.totems))]
    table, listed = _influence_table(st, ix, g_data, h, marks)
    # the rules name two Totems and print no Influence Table (SC3.2.5.2): the rest is the
    # designer's, marked where it prints, and the subtitle says what the mark means
    held = listed or any(t.title.endswith(f"({TITLE})") for t in totems)
    fr = frame(st, w, h, title, subtitle + (f" · {LEGEND}" if held else ""))
    return (
        w,
        h,
        title,
        render(
            "gathering",
            w,
            h,
            title,
            st,
            frame=fr,
            totems=totems,
            table=table,
            totem=component_of("totem"),
            chits=component_of("chits"),
        ),
    )


def _totem(st: BoardStyle, g_data: Gathering, i: int, marks: bool) -> Totem:
    """The `i`th Totem's space on the circle (the central one in the middle), marked where
    its animal or its tribe is a placeholder."""
    cx, cy, ring = 130.0, 160.0, 95.0
    t = g_data.totems[i]
    # both asked, marks or not: each is a value the board prints (the kit's guide lists
    # them), the Totem's animal and its tribe
    own = any([is_placeholder(g_data, f"totems.{i}.{k}") for k in ("animal", "faction")]) and marks
    if t.central:
        x, y = cx, cy
    else:
        ring_totems = [o for o in g_data.totems if not o.central]
        k = ring_totems.index(t)
        angle = -math.pi / 2 + 2 * math.pi * k / len(ring_totems)
        x, y = cx + ring * math.cos(angle), cy + ring * math.sin(angle)
    rival = f" / {t.rival.animal} ({t.rival.faction})" if t.rival else ""
    name = t.animal + (f" / {t.rival.animal}" if t.rival else "")
    chits = At(
        st.fit("chits", "chit-label", 26, 5, max_lines=1), x, y + (18 if not t.central else 22)
    )
    return Totem(
        t.faction,
        t.animal,
        t.central,
        t.rival.faction if t.rival else None,
        titled(f"Totem {i + 1}: {t.animal} ({t.faction}){rival}", own),
        circle_space(st, x, y, 15 if not t.central else 19, t.faction, marked(name, own)),
        x - 14,
        y + (17 if not t.central else 21),
        chits,
    )


def _influence_table(
    st: BoardStyle, ix: Index, g_data: Gathering, h: float, marks: bool
) -> tuple[Table, bool]:
    """The Influence Table beside the circle (SC3.2.5.2), and whether it prints a mark (the
    rules do not print the table: its rows are the designer's)."""
    tx, ty = 262.0, 34.0
    row_h = min(16.0, (h - ty - 40) / (len(g_data.totems) + 1))
    rows = []
    shown = []
    for i, t in enumerate(g_data.totems):
        ry = ty + 10 + i * row_h
        names = marked(
            ", ".join(
                f"{n} {ix.factions[n].name}" if n in ix.factions else str(n) for n in t.influence
            ),
            is_placeholder(g_data, f"totems.{i}.influence") and marks,
        )
        animal = marked(t.animal, is_placeholder(g_data, f"totems.{i}.animal") and marks)
        shown += [names, animal]
        # the names keep to the right of the animal's column, with room before the border
        rows.append(
            Row(
                ry,
                row_h - 1,
                At(st.fit(animal, "table-animal", 24, row_h - 2, max_lines=2), tx + 13, ry + 0.6),
                At(st.fit(names, "table-names", 106, row_h - 2, max_lines=3), tx + 83, ry + 0.6),
            )
        )
    anyone = marked(
        ", ".join(ix.name(n) for n in g_data.influence_any),
        is_placeholder(g_data, "influence_any") and marks,
    )
    head = st.fit("Influence Table (SC3.2.5.2)", "table-head", 140, 8, max_lines=1)
    note = st.fit(f"Influence only over any Totem: {anyone}", "table-note", 140, 14, max_lines=3)
    table = Table(
        tx,
        At(head, tx + 70, ty),
        tuple(rows),
        At(note, tx + 70, ty + 12 + len(g_data.totems) * row_h),
    )
    return table, any(DAGGER in x for x in (anyone, *shown))


@dataclass(frozen=True)
class Table:
    """The Influence Table: its head, its rows, the note under it."""

    x: float
    head: At
    rows: tuple[Row, ...]
    note: At
