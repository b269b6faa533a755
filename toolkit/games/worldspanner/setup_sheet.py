"""The set-up sheet: an A4 page, as semantic SVG, showing where every platter and key goes.

Slots are drawn as hexes of the design's layout; each key slot is a `space key` element
with `data-slot`, `data-key`, `data-kind` and `data-rotation`, and a `<title>`, so a test
(or a screen reader) reads the same set-up a player sees.
"""

from __future__ import annotations

import math

from toolkit.games.worldspanner.setup import Setup
from toolkit.svg import SQRT3, El, fit, label
from toolkit.svg import hex_centre as _centre
from toolkit.svg import hex_points as _hex
from toolkit.svg import text as _text

PAGE_W, PAGE_H = 210.0, 297.0
MARGIN = 12.0
MAP_TOP, MAP_H = 30.0, 120.0
KIND_FILL = {"dome": "#6a4c93", "lith": "#8c2f1e", "vista": "#5d8a4a"}


def setup_sheet(s: Setup, title: str) -> tuple[float, float, str, El]:
    """The sheet's size, title and SVG body."""
    d = s.design
    body = El("g", class_="setup-sheet", data_design=d.id, data_seed=s.seed)
    body.add(El("rect", x=0, y=0, width=PAGE_W, height=PAGE_H, fill="#ffffff"))
    _text(body, title, MARGIN, 16, 9, 700, "Cinzel")
    _text(body, f"Set-up · {d.name} · seed {s.seed}", MARGIN, 23, 6.2, 400, "Cinzel")
    _text(body, f"Same seed, same map: toolkit setup worldspanner --design {d.id} --seed {s.seed}",
          PAGE_W - MARGIN, 23, 3.2, anchor="end", fill="#555555")  # fmt: skip
    cells = [(p.slot.q, p.slot.r) for p in s.keys]
    cells += [(c[0], c[1]) for place, _ in s.platters for c in place.cells]
    xs = [_centre(q, r, 1)[0] for q, r in cells]
    ys = [_centre(q, r, 1)[1] for q, r in cells]
    span_w, span_h = max(xs) - min(xs) + SQRT3, max(ys) - min(ys) + 2
    size = min((PAGE_W - 2 * MARGIN) / span_w, MAP_H / span_h)
    ox = MARGIN + (PAGE_W - 2 * MARGIN - span_w * size) / 2 - (min(xs) - SQRT3 / 2) * size
    oy = MAP_TOP + (MAP_H - span_h * size) / 2 - (min(ys) - 1) * size
    board = body.add(El("g", class_="map"))
    for place, name in s.platters:
        g = board.add(El("g", class_="platter", data_slot=place.id, data_platter=name))
        g.add(El("title", f"{place.id}: {name}"))
        pts = [_centre(c[0], c[1], size) for c in place.cells]
        for x, y in pts:
            g.add(El("polygon", points=_hex(ox + x, oy + y, size * 0.97), fill="#e6e1d6",
                     stroke="#b8b0a0", stroke_width=0.3))  # fmt: skip
        # the label sits inside one cell, clear of the keys around the platter
        lx, ly = pts[0]
        label(g, fit(f"{place.id} {name}", size * 1.4, size * 1.1, min(4.2, size * 0.34),
                     max_lines=2), ox + lx, oy + ly - size * 0.4)  # fmt: skip
    for p in s.keys:
        x, y = _centre(p.slot.q, p.slot.r, size)
        cx, cy = ox + x, oy + y
        fill = p.key.colour if p.key.kind == "faction" else KIND_FILL[p.key.kind]
        g = board.add(El("g", class_="space key", data_slot=p.slot.id, data_key=p.key.id,
                         data_kind=p.key.kind, data_rotation=p.rotation,
                         data_section=p.slot.section))  # fmt: skip
        g.add(El("title", f"{p.slot.id}: {p.key.name}, turned {p.rotation} step(s) clockwise"))
        g.add(El("polygon", points=_hex(cx, cy, size * 0.97), fill=fill, stroke="#1a1a1a",
                 stroke_width=0.5 if p.slot.centre else 0.25))  # fmt: skip
        # the key's top edge after turning: a notch on the edge it now faces
        a = math.radians(-90 + 60 * p.rotation)
        g.add(El("circle", cx=cx + 0.78 * size * math.cos(a), cy=cy + 0.78 * size * math.sin(a),
                 r=size * 0.09, fill="#ffffff", stroke="#1a1a1a", stroke_width=0.2))  # fmt: skip
        _text(g, p.slot.id, cx, cy - size * 0.38, min(3.2, size * 0.26), 700, "Cinzel",
              "middle", "#ffffff")  # fmt: skip
        label(g, fit(p.key.name, size * 1.35, size * 0.6, min(3.6, size * 0.3), weight=700,
                     max_lines=2), cx, cy - size * 0.22, cls="keyname", fill="#ffffff")  # fmt: skip
        _text(g, f"turn {p.rotation}", cx, cy + size * 0.62, min(3.2, size * 0.26), 600,
              anchor="middle", fill="#ffffff")  # fmt: skip
    _facts(body, s)
    return PAGE_W, PAGE_H, title, body


def _facts(body: El, s: Setup) -> None:
    d = s.design
    y = MAP_TOP + MAP_H + 8
    col2 = PAGE_W / 2 + 2
    facts = body.add(El("g", class_="facts"))
    lines = [
        ("Teams", f"{s.heroes} heroes per team. Deal {s.dealt} hero cards to each team; each "
                  f"team secretly discards {s.dealt - s.heroes}."),
        ("Rounds", f"{s.rounds} ({s.length}). Skyhawks (white) take the first turn."),
        ("Reinforce", ", ".join(f"round {i}: {n}" for i, n in enumerate(s.entry, 1))
         + " heroes, brought on by dismissal."),
        ("Map", f"{len(s.platters)} platters, {len(s.keys)} keys. The notch marks each key's "
                f"top edge; turn n: turn it n sixths clockwise ({s.rotations} positions)."),
        ("Dead ends", "If a key blocks the way into part of itself, spin it clockwise and "
                      "check it again (p. 3)."),
    ]  # fmt: skip
    if d.sections > 1:
        lines.append(("Sections", f"{d.sections} separate sections, each with an adventure key "
                                  "and a Dome key (p. 4)."))  # fmt: skip
    for head, text in lines:
        _text(facts, head, MARGIN, y, 3.6, 700, "Cinzel")
        fitted = fit(text, col2 - MARGIN - 27, 12, 3.4, max_lines=3)
        for i, ln in enumerate(fitted.lines):
            _text(facts, ln, MARGIN + 22, y + i * fitted.size * 1.2, fitted.size)
        y += max(1, len(fitted.lines)) * fitted.size * 1.2 + 2.2
    y2 = MAP_TOP + MAP_H + 8
    _text(facts, "Keys", col2, y2, 3.6, 700, "Cinzel")
    y2 += 5
    for p in sorted(s.keys, key=lambda p: p.slot.id):
        extra = f" — {p.key.text}" if p.key.kind == "vista" else ""
        fitted = fit(f"{p.slot.id}  {p.key.name}, turn {p.rotation}{extra}", PAGE_W - MARGIN - col2,
                     8, 3.1, max_lines=2)  # fmt: skip
        for i, ln in enumerate(fitted.lines):
            _text(facts, ln, col2, y2 + i * fitted.size * 1.2, fitted.size)
        y2 += len(fitted.lines) * fitted.size * 1.2 + 0.6
    quest = ", ".join(p.key.name for p in s.keys if p.key.kind == "faction")
    fitted = fit(f"Quest decks: set the decks of {quest} by their keys; the others go back "
                 "in the box (p. 4).", col2 - MARGIN - 5, 14, 3.2, max_lines=4)  # fmt: skip
    for i, ln in enumerate(fitted.lines):
        _text(facts, ln, MARGIN, y + 2 + i * fitted.size * 1.2, fitted.size, anchor="start")
