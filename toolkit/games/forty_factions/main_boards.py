"""The base game's map of Tehmor (rules 2.1.1), laid out for its template
`templates/forty-factions/boards/main.svg.j2`: Areas with their Location spaces (or the
designer's map art with each space where the content puts it), the Sequence of Play and
the VP track.

Every count comes from the content: the spaces of an Area are the locations that lie in
it. Sizes are mm. (The Council board is `council_board.py`.)
"""

from __future__ import annotations

import base64
import math
from dataclasses import dataclass

from toolkit.core.assets import read_game_asset
from toolkit.core.marks import DAGGER, LEGEND, is_placeholder
from toolkit.core.marks import TITLE as PLACEHOLDER_TITLE
from toolkit.games.forty_factions.areas import MAIN_BOARD, map_key, map_locations
from toolkit.games.forty_factions.board_views import (
    Frame,
    SpaceBox,
    frame,
    render,
    space_box,
    style,
)
from toolkit.games.forty_factions.components import component_of
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Area as GameArea
from toolkit.games.forty_factions.models import Faction, Location
from toolkit.render.board_style import BoardStyle, Label

__all__ = ["main_board", "map_key", "map_locations"]


@dataclass(frozen=True)
class Place:
    """A Location space: its holder, Area, expansion, title and box."""

    faction: int
    area: str
    expansion: str
    title: str
    box: SpaceBox


@dataclass(frozen=True)
class Area:
    """An Area's panel: its box, name, VP and Location spaces."""

    id: str
    x: float
    y: float
    w: float
    h: float
    name: Label
    name_cx: float
    name_top: float
    vp: Label
    vp_cx: float
    vp_top: float
    places: tuple[Place, ...]


@dataclass(frozen=True)
class Art:
    """The designer's map: the picture (a data URL) and where it goes."""

    href: str
    x: float
    y: float
    w: float
    h: float
    places: tuple[Place, ...]


@dataclass(frozen=True)
class Phase:
    """A phase of the Sequence of Play, a space for the phase counter."""

    number: int
    title: str
    box: SpaceBox


@dataclass(frozen=True)
class Sequence:
    """The Sequence of Play panel."""

    x: float
    y: float
    w: float
    h: float
    head: Label
    phases: tuple[Phase, ...]
    note: Label
    note_top: float


@dataclass(frozen=True)
class Cell:
    """A space of the VP track."""

    value: int
    holds: str
    title: str
    x: float
    w: float
    fifth: bool
    number: Label
    number_top: float


@dataclass(frozen=True)
class Track:
    """The VP track and Game Turn track."""

    x: float
    y: float
    h: float
    head: Label
    head_top: float
    cells: tuple[Cell, ...]


def placeholder_location(f: Faction, loc: Location) -> bool:
    """Is this location of the faction a placeholder (its name or its Area not the rules')?"""
    i = next(i for i, other in enumerate(f.location_list) if other is loc)
    return is_placeholder(f, f"locations.{i}")


def _place(
    st: BoardStyle,
    ix: Index,
    f: Faction,
    loc: Location,
    x: float,
    y: float,
    w: float,
    h: float,
    where: bool,
    marks: bool,
) -> Place:
    area = ix.area_by_id[loc.area]
    exp = loc.expansion or (f.expansion if f.expansion != "base" else "")
    only = f" ({exp} only)" if exp and where else ""
    # a placeholder location carries the dagger the board's legend explains
    mark = marks and placeholder_location(f, loc)
    box = space_box(
        st,
        x,
        y,
        w,
        h,
        f.number,
        loc.name + (f" {DAGGER}" if mark else ""),
        dashed=bool(exp),
        tag=exp,
    )
    said = f" ({PLACEHOLDER_TITLE})" if mark else ""
    return Place(
        f.number, area.id, exp, f"{loc.name}: {f.name} ({f.number}), {area.name}{only}{said}", box
    )


def main_board(ix: Index, marks: bool = True) -> tuple[float, float, str, str]:
    """The map of Tehmor (2.1.1): its size, title and SVG; `marks`, a placeholder location
    marked, and the legend in the subtitle (not in a `--final` kit)."""
    w, h = 594.0, 420.0
    st = style()
    game = ix.game
    located = map_locations(ix)
    marked = marks and any(
        placeholder_location(f, loc) for spaces in located.values() for f, loc in spaces
    )
    subtitle = "Anarea · Forty Factions · the main board (rules 2.1.1)"
    fr = frame(st, w, h, "Tehmor", subtitle + (f" · {LEGEND}" if marked else ""))
    title = "Tehmor: the main board"
    if game.map_art is not None and ix.root is not None:
        art = _map_art(st, ix, located, 12.0, 30.0, w - 84 - 22, h - 30 - 46, marks)
        seq = _sequence(st, ix, w - 84 + 2, 31.5, 84 - 16, h - 30 - 40)
        track = _track(st, ix, 12.0, h - 40 + 4, w - 24, 22)
        return w, h, title, _drawing(st, w, h, title, fr, art, (), seq, track)
    # no map art: a panel per Area, its location spaces in a grid
    areas = [a for a in game.areas if a.board == MAIN_BOARD]
    cols = 3
    rows = math.ceil(len(areas) / cols)
    left, top, right_panel, bottom = 12.0, 30.0, 84.0, 40.0
    pw = (w - left - right_panel - 10) / cols
    ph = (h - top - bottom - 6) / rows
    panels = tuple(
        _panel(
            st,
            ix,
            area,
            located.get(area.id, []),
            (left + (i % cols) * pw, top + (i // cols) * ph, pw, ph),
            marks,
        )
        for i, area in enumerate(areas)
    )
    seq = _sequence(st, ix, w - right_panel + 2, top + 1.5, right_panel - 16, h - top - bottom)
    track = _track(st, ix, left, h - bottom + 4, w - 2 * left, 22)
    return w, h, title, _drawing(st, w, h, title, fr, None, panels, seq, track)


def _panel(
    st: BoardStyle,
    ix: Index,
    area: GameArea,
    spaces: list[tuple[Faction, Location]],
    box: tuple[float, float, float, float],
    marks: bool,
) -> Area:
    """An Area's panel in `box` (x, y, width, height): its name, its VPs and its location
    spaces, three a row."""
    x, y, pw, ph = box
    name = st.fit(area.name, "area-name", pw - 50, 8, max_lines=1)
    vp = f"{area.vp} VP" + "".join(f" · {c}: {v} VP" for c, v in area.vp_with.items())
    v = st.fit(vp, "area-vp", 44, 5, max_lines=1)
    scols = 3
    srows = max(1, math.ceil(len(spaces) / scols))
    sw = (pw - 8) / scols
    sh = min(20.0, (ph - 20) / srows)
    places = tuple(
        _place(
            st,
            ix,
            f,
            loc,
            x + 4 + (j % scols) * sw + 0.8,
            y + 15 + (j // scols) * sh + 0.8,
            sw - 1.6,
            sh - 1.6,
            True,
            marks,
        )
        for j, (f, loc) in enumerate(spaces)
    )
    return Area(
        area.id,
        x + 1.5,
        y + 1.5,
        pw - 3,
        ph - 3,
        name,
        x + pw / 2 - 14,
        y + 4,
        v,
        x + pw - 26,
        y + 5.5,
        places,
    )


def _drawing(
    st: BoardStyle,
    w: float,
    h: float,
    title: str,
    fr: Frame,
    art: Art | None,
    areas: tuple[Area, ...],
    seq: Sequence,
    track: Track,
) -> str:
    """The main board's SVG: its map art or its Area panels, the sequence and the track."""
    return render(
        "main",
        w,
        h,
        title,
        st,
        frame=fr,
        art=art,
        areas=areas,
        sequence=seq,
        track=track,
        **_components(),
    )


def _components() -> dict[str, str]:
    """The components the spaces hold, for their `data-component`."""
    return {"location": component_of("location"), "phase": component_of("phase")}


def _map_art(
    st: BoardStyle,
    ix: Index,
    located: dict[str, list[tuple[Faction, Location]]],
    x: float,
    y: float,
    w: float,
    h: float,
    marks: bool = True,
) -> Art:
    """The designer's map as the background, each location space where the content puts it."""

    art = ix.game.map_art
    assert art is not None and ix.root is not None
    data = read_game_asset(ix.root, art.image)
    mime = "image/png" if art.image.endswith(".png") else "image/jpeg"
    places = []
    for spaces in located.values():
        for f, loc in spaces:
            key = map_key(f, f.location_list.index(loc))
            if key not in art.spaces:
                continue  # reported by the checker (FF-MAP-ART)
            sx, sy = art.spaces[key]
            places.append(_place(st, ix, f, loc, x + sx, y + sy, 44, 14, False, marks))
    return Art(f"data:{mime};base64,{base64.b64encode(data).decode()}", x, y, w, h, tuple(places))


def _sequence(st: BoardStyle, ix: Index, x: float, y: float, w: float, h: float) -> Sequence:
    head = st.fit("Sequence of Play", "panel-head", w - 6, 8, max_lines=2)
    phases = ix.game.sequence_of_play
    step = min(26.0, (h - 30) / max(len(phases), 1))
    out = tuple(
        Phase(
            p.number,
            f"Phase {p.number}: {p.name} ({p.section}); the phase counter",
            space_box(st, x + 3, y + 18 + i * step, w - 6, step - 3, p.number, p.name),
        )
        for i, p in enumerate(phases)
    )
    note = st.fit(
        "Place the phase counter on the current Phase (2.1.1.2).", "note", w - 6, 12, max_lines=3
    )
    return Sequence(x, y, w, h, head, out, note, y + 20 + len(phases) * step)


def _track(st: BoardStyle, ix: Index, x: float, y: float, w: float, h: float) -> Track:
    track = ix.game.vp_track
    values = list(range(track.min, track.max + 1))
    head = st.fit("VP Track and Game Turn", "track-head", 38, h, max_lines=3)
    sw = (w - 40) / len(values)
    cells = []
    for i, v in enumerate(values):
        holds = [component_of("vp")] + ([component_of("turn")] if v > 0 else [])
        if v == track.max:
            holds.append(component_of("lap"))
        title = (f"{v} VP / Game Turn {v}" if v > 0 else f"{v} VP") + (
            "; past it, take a +40 marker and go round again" if v == track.max else ""
        )
        n = st.fit(str(v), "track-number", sw - 1, h / 2, max_lines=1)
        cells.append(
            Cell(
                v,
                " ".join(holds),
                title,
                x + 40 + i * sw,
                sw,
                v % 5 == 0,
                n,
                y + h / 2 - n.height / 2,
            )
        )
    return Track(x, y, h, head, y + h / 2 - head.height / 2, tuple(cells))
