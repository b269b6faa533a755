"""The Council and Conclave side board (rules 2.1.2, 10), laid out for its template
`templates/forty-factions/boards/council.svg.j2`: 40 seats grouped by party in the party's
colour (from game.yaml), the Overlord's place, the vote bar with its majority and
two-thirds marks, the Conclave's seats. Sizes are mm.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.core.marks import DAGGER, LEGEND, is_placeholder
from toolkit.core.marks import TITLE as PLACEHOLDER_TITLE
from toolkit.games.forty_factions.board_views import (
    SpaceBox,
    frame,
    render,
    space_box,
    star_points,
    style,
)
from toolkit.games.forty_factions.components import component_of
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction
from toolkit.games.forty_factions.models import Party as GameParty
from toolkit.games.forty_factions.procedures.council import board_statement
from toolkit.render.board_style import BoardStyle, Label, colour

# the hatching that tells the parties apart without their colours (a grey print), in turn
PARTY_HATCH = ["", "M0 0 L4 4", "M0 4 L4 0", "M2 0 L2 4", "M0 2 L4 2"]
# A seat takes a player's pawn (components.yaml, 12 mm): the column's seats share the board's
# height, from a pitch of SEAT_MIN (the pawn and a margin) up to SEAT_MAX, as the longest
# party allows; a seat leaves SEAT_GAP to the next
SEAT_MIN, SEAT_MAX, SEAT_GAP = 14.0, 18.0, 1.5
BOTTOM = 12.0  # mm below the last seat: the frame
OVERLORD_H = 26.0  # the Overlord's place holds its marker (a 22 mm hex)
CONCLAVE_PITCH = 15.0


@dataclass(frozen=True)
class Seat:
    """A seat: its holder, its title, its place and its pawn space."""

    faction: int
    title: str
    x: float
    y: float
    w: float
    h: float
    box: SpaceBox
    expansion: str = ""


@dataclass(frozen=True)
class Party:
    """A party's column: its colour and hatching, its head, its seats."""

    id: str
    colour: str
    hatch: str
    x: float
    w: float
    head: Label
    head_cx: float
    head_top: float
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class Mark:
    """A labelled mark under the vote bar."""

    label: Label
    cx: float
    top: float


@dataclass(frozen=True)
class Side:
    """The right-hand column: the Overlord, the votes needed, the Conclave."""

    overlord: SpaceBox
    star: str
    statement: Label
    statement_cx: float
    statement_top: float
    bar_y: float
    bar: tuple[tuple[float, float, bool], ...]  # x, width, marked
    marks: tuple[Mark, ...]
    conclave_head: Label
    conclave_top: float
    conclave: tuple[Seat, ...]


def _placeholder_seat(f: Faction) -> bool:
    """Is the faction's Council seat a placeholder (its party or its seat not the rules')?"""
    return is_placeholder(f, "seats.council") or is_placeholder(f, "politics")


def council_board(ix: Index, marks: bool = True) -> tuple[float, float, str, str]:
    """The Council and Conclave side board (2.1.2, 10): its size, title and SVG; `marks`,
    a seat whose party or count is a placeholder marked, and the legend in the subtitle
    (not in a `--final` kit)."""
    w, h = 420.0, 297.0
    st = style()
    council = [p for p in ix.game.parties if p.body == "council"]
    marked = {
        f.number for f in ix.faction_list if marks and f.seats.council and _placeholder_seat(f)
    }
    subtitle = "Seats held by Activated Factions take their player's pawn (rules 4.3.9, 10)"
    fr = frame(
        st,
        w,
        h,
        "The Council of Tehmor and the Secret Conclave",
        subtitle + (f" · {LEGEND}" if marked else ""),
    )
    x, y0 = 12.0, 30.0
    col_w = (w - 24 - 110) / len(council)
    columns = [
        [
            f
            for f in ix.faction_list
            if f.seats.council and f.politics == p.id and f.expansion == "base"
        ]
        for p in council
    ]
    longest = max((len(c) for c in columns), default=1) or 1
    pitch = max(SEAT_MIN, min(SEAT_MAX, (h - BOTTOM - (y0 + 15)) / longest))
    parties = [
        _party(st, i, p, holders, (x + i * col_w, y0, col_w, pitch), marked)
        for i, (p, holders) in enumerate(zip(council, columns, strict=True))
    ]
    side = _side(st, ix, w - 118, y0, 106)
    title = "The Council and the Conclave"
    svg = render(
        "council",
        w,
        h,
        title,
        st,
        frame=fr,
        parties=parties,
        side=side,
        y0=y0,
        seat=component_of("seat"),
        overlord=component_of("overlord"),
    )
    return w, h, title, svg


def _party(
    st: BoardStyle,
    i: int,
    p: GameParty,
    holders: list[Faction],
    at: tuple[float, float, float, float],
    marked: set[int],
) -> Party:
    """Party `i`'s column at `at` (x, top, width, seat pitch): its head and a seat for each
    faction holding one; a seat of `marked` carries the placeholder mark."""
    px, y0, col_w, pitch = at
    head = st.fit(f"{p.name} · {len(holders)}", "party-name", col_w - 8, 6, max_lines=1)
    seats = tuple(
        _seat(st, p, f, (px, y0 + 15 + j * pitch, col_w, pitch), f.number in marked)
        for j, f in enumerate(holders)
    )
    return Party(
        p.id,
        colour(p.colour) if p.colour else "",
        PARTY_HATCH[i % len(PARTY_HATCH)],
        px,
        col_w,
        head,
        px + col_w / 2,
        y0 + 6 - head.height / 2,
        seats,
    )


def _seat(
    st: BoardStyle, p: GameParty, f: Faction, at: tuple[float, float, float, float], mark: bool
) -> Seat:
    """Faction `f`'s Council seat at `at` (x, y, column width, seat pitch)."""
    px, sy, col_w, pitch = at
    box = space_box(
        st,
        px + 2.5,
        sy + 1.2,
        col_w - 5,
        pitch - SEAT_GAP - 2.4,
        f.number,
        f.name + (f" {DAGGER}" if mark else ""),
    )
    said = f" ({PLACEHOLDER_TITLE})" if mark else ""
    return Seat(
        f.number,
        f"Council seat of {f.name} ({f.number}), {p.name}{said}",
        px + 1,
        sy,
        col_w - 2,
        pitch - SEAT_GAP,
        box,
    )


def _side(st: BoardStyle, ix: Index, x: float, y: float, w: float) -> Side:
    council = ix.game.council
    seats = council.seats
    line, marks = board_statement(council)  # 10.3.5 counts only the votes cast
    overlord = space_box(st, x, y, w, OVERLORD_H, "", "The Overlord's place")
    # a star in the number's disc, drawn: the board's fonts have no star glyph
    star = star_points(x + 4.2 + 1.5, y + OVERLORD_H / 2, 3.2)
    ty = y + OVERLORD_H + 6
    statement = st.fit(line, "statement", w, 10, max_lines=3)
    bar_y = ty + 12
    step = w / seats
    bar = tuple(
        (x + (v - 1) * step, step, any(v == m for m, _ in marks)) for v in range(1, seats + 1)
    )
    labels = tuple(
        Mark(
            st.fit(text, "mark", 30, 4, max_lines=1),
            x + (v - 0.5) * step,
            bar_y + (7 if i == 0 else 11),
        )
        for i, (v, text) in enumerate(marks)
    )
    cy = bar_y + 26
    head = st.fit(
        "The Secret Conclave of the Thieves' Guilds (10.4)", "conclave-head", w, 10, max_lines=2
    )
    conclave = []
    for j, f in enumerate(f for f in ix.faction_list if f.seats.conclave):
        sy = cy + 13 + j * CONCLAVE_PITCH
        sh = CONCLAVE_PITCH - SEAT_GAP
        tag = "" if f.expansion == "base" else f.expansion
        box = space_box(st, x, sy, w, sh, f.number, f.name, dashed=bool(tag), tag=tag)
        conclave.append(
            Seat(f.number, f"Conclave seat of {f.name} ({f.number})", x, sy, w, sh, box, tag)
        )
    return Side(
        overlord, star, statement, x + w / 2, ty, bar_y, bar, labels, head, cy, tuple(conclave)
    )
