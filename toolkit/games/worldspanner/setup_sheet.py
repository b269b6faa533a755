"""The set-up sheet: an A4 page, as semantic SVG, showing where every platter and key goes,
laid out here for `templates/worldspanner/boards/setup.svg.j2`; the look is
`templates/worldspanner/board.css`, a faction key's colour comes from its content.

Slots are drawn as hexes of the design's layout; each key slot is a `space key` element
with `data-slot`, `data-key`, `data-kind` and `data-rotation`, and a `<title>`, so a test
(or a screen reader) reads the same set-up a player sees.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from toolkit.games.worldspanner.setup import Setup
from toolkit.render.board_style import At, BoardStyle, Label, colour, draw, load_style
from toolkit.render.svg import SQRT3
from toolkit.render.svg import hex_centre as _centre
from toolkit.render.svg import hex_points as _hex

GAME = "worldspanner"
BOARD = "setup"
PAGE_W, PAGE_H = 210.0, 297.0
MARGIN = 12.0
MAP_TOP, MAP_H = 30.0, 120.0


@dataclass(frozen=True)
class Platter:
    """A platter: its slot, name, cells and label."""

    slot: str
    name: str
    cells: tuple[str, ...]
    label: At


@dataclass(frozen=True)
class Key:
    """A key in its slot: the hex (in its faction's colour, or its kind's), the notch on
    its top edge after turning, and its labels."""

    slot: str
    key: str
    kind: str
    rotation: int
    section: int
    title: str
    points: str
    colour: str
    centre: bool
    notch: tuple[float, float, float]
    x: float
    slot_label: Label
    slot_y: float
    name: At
    turn: Label
    turn_y: float


@dataclass(frozen=True)
class Lines:
    """Lines of text from a baseline, `step` apart."""

    label: Label
    x: float
    y: float
    step: float


def setup_sheet(s: Setup, title: str) -> tuple[float, float, str, str]:
    """The sheet's size, title and SVG."""
    st = load_style(GAME)
    d = s.design
    cells = [(p.slot.q, p.slot.r) for p in s.keys]
    cells += [(c[0], c[1]) for place, _ in s.platters for c in place.cells]
    xs = [_centre(q, r, 1)[0] for q, r in cells]
    ys = [_centre(q, r, 1)[1] for q, r in cells]
    span_w, span_h = max(xs) - min(xs) + SQRT3, max(ys) - min(ys) + 2
    size = min((PAGE_W - 2 * MARGIN) / span_w, MAP_H / span_h)
    ox = MARGIN + (PAGE_W - 2 * MARGIN - span_w * size) / 2 - (min(xs) - SQRT3 / 2) * size
    oy = MAP_TOP + (MAP_H - span_h * size) / 2 - (min(ys) - 1) * size
    platters = []
    for place, name in s.platters:
        pts = [_centre(c[0], c[1], size) for c in place.cells]
        # the label sits inside one cell, clear of the keys around the platter
        lx, ly = pts[0]
        label = st.fit(
            f"{place.id} {name}",
            "platter-name",
            size * 1.4,
            size * 1.1,
            size=min(4.2, size * 0.34),
            max_lines=2,
        )
        platters.append(
            Platter(
                place.id,
                name,
                tuple(_hex(ox + x, oy + y, size * 0.97) for x, y in pts),
                At(label, ox + lx, oy + ly - size * 0.4),
            )
        )
    keys = []
    for p in s.keys:
        x, y = _centre(p.slot.q, p.slot.r, size)
        cx, cy = ox + x, oy + y
        # the key's top edge after turning: a notch on the edge it now faces
        a = math.radians(-90 + 60 * p.rotation)
        name = st.fit(
            p.key.name, "key-name", size * 1.35, size * 0.6, size=min(3.6, size * 0.3), max_lines=2
        )
        keys.append(
            Key(
                p.slot.id,
                p.key.id,
                p.key.kind,
                p.rotation,
                p.slot.section,
                f"{p.slot.id}: {p.key.name}, turned {p.rotation} step(s) clockwise",
                _hex(cx, cy, size * 0.97),
                colour(p.key.colour) if p.key.kind == "faction" else "",
                p.slot.centre,
                (cx + 0.78 * size * math.cos(a), cy + 0.78 * size * math.sin(a), size * 0.09),
                cx,
                st.line(p.slot.id, "key-slot", min(3.2, size * 0.26)),
                cy - size * 0.38,
                At(name, cx, cy - size * 0.22),
                st.line(f"turn {p.rotation}", "key-turn", min(3.2, size * 0.26)),
                cy + size * 0.62,
            )
        )
    facts, heads = _facts(st, s)
    doc_title = f"{title}: {d.name} set-up, seed {s.seed}"
    svg = draw(
        GAME,
        BOARD,
        PAGE_W,
        PAGE_H,
        doc_title,
        st,
        design=d.id,
        seed=s.seed,
        margin=MARGIN,
        heading=st.line(title, "sheet-title"),
        subheading=st.line(f"Set-up · {d.name} · seed {s.seed}", "sheet-subtitle"),
        command=st.line(
            f"Same seed, same map: toolkit setup worldspanner --design {d.id} --seed {s.seed}",
            "sheet-command",
        ),
        platters=platters,
        keys=keys,
        facts=facts,
        heads=heads,
    )
    return PAGE_W, PAGE_H, title, svg


def _facts(st: BoardStyle, s: Setup) -> tuple[list[Lines], list[Lines]]:
    """The facts of the set-up beside the map, and the key list: lines of text, and the
    heads of their paragraphs."""
    d = s.design
    y = MAP_TOP + MAP_H + 8
    col2 = PAGE_W / 2 + 2
    facts: list[Lines] = []
    heads: list[Lines] = []
    lines = [
        (
            "Teams",
            f"{s.heroes} heroes per team. Deal {s.dealt} hero cards to each team; each "
            f"team secretly discards {s.dealt - s.heroes}.",
        ),
        ("Rounds", f"{s.rounds} ({s.length}). Skyhawks (white) take the first turn."),
        (
            "Reinforce",
            ", ".join(f"round {i}: {n}" for i, n in enumerate(s.entry, 1))
            + " heroes, brought on by dismissal.",
        ),
        (
            "Map",
            f"{len(s.platters)} platters, {len(s.keys)} keys. The notch marks each key's "
            f"top edge; turn n: turn it n sixths clockwise ({s.rotations} positions).",
        ),
        (
            "Dead ends",
            "If a key blocks the way into part of itself, spin it clockwise and "
            "check it again (p. 3).",
        ),
    ]
    if d.sections > 1:
        lines.append(
            (
                "Sections",
                f"{d.sections} separate sections, each with an adventure key "
                "and a Dome key (p. 4).",
            )
        )
    for head, text in lines:
        heads.append(Lines(st.line(head, "fact-head"), MARGIN, y, 0))
        fitted = st.fit(text, "fact-text", col2 - MARGIN - 27, 12, max_lines=3)
        facts.append(Lines(fitted, MARGIN + 22, y, fitted.size * 1.2))
        y += max(1, len(fitted.lines)) * fitted.size * 1.2 + 2.2
    y2 = MAP_TOP + MAP_H + 8
    heads.append(Lines(st.line("Keys", "fact-head"), col2, y2, 0))
    y2 += 5
    for p in sorted(s.keys, key=lambda p: p.slot.id):
        extra = f" — {p.key.text}" if p.key.kind == "vista" else ""
        fitted = st.fit(
            f"{p.slot.id}  {p.key.name}, turn {p.rotation}{extra}",
            "key-line",
            PAGE_W - MARGIN - col2,
            8,
            max_lines=2,
        )
        facts.append(Lines(fitted, col2, y2, fitted.size * 1.2))
        y2 += len(fitted.lines) * fitted.size * 1.2 + 0.6
    quest = ", ".join(p.key.name for p in s.keys if p.key.kind == "faction")
    fitted = st.fit(
        f"Quest decks: set the decks of {quest} by their keys; the others go back "
        "in the box (p. 4).",
        "quest",
        col2 - MARGIN - 5,
        14,
        max_lines=4,
    )
    facts.append(Lines(fitted, MARGIN, y + 2, fitted.size * 1.2))
    return facts, heads
