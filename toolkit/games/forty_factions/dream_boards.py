"""(transitional) DD boards."""

from __future__ import annotations

import math

from toolkit.games.forty_factions.components import component_of
from toolkit.games.forty_factions.index import Index
from toolkit.svg import El, fit, label

INK = "#1a1a1a"
PAPER = "#fbf8f1"


def frame(w: float, h: float, title: str, subtitle: str) -> El:
    """The board's background, border and title band."""
    g = El("g", class_="board")
    g.add(El("rect", x=0, y=0, width=w, height=h, fill=PAPER))
    g.add(El("rect", x=4, y=4, width=w - 8, height=h - 8, fill="none", stroke=INK,
             stroke_width=1.2))  # fmt: skip
    g.add(El("rect", x=6, y=6, width=w - 12, height=h - 12, fill="none", stroke=INK,
             stroke_width=0.35))  # fmt: skip
    t = fit(title, w - 40, 12, 11, "Cinzel", 700, max_lines=1)
    label(g, t, w / 2, 8, "title")
    s = fit(subtitle, w - 40, 6, 4.2, "EB Garamond", 400, max_lines=1)
    label(g, s, w / 2, 20, "subtitle")
    return g


def _circle_space(parent: El, cx: float, cy: float, r: float, number: int, text: str,
                  lesser: bool = False) -> None:  # fmt: skip
    parent.add(El("circle", cx=cx, cy=cy, r=r, fill="#ffffff", stroke=INK,
                  stroke_width=0.5, stroke_dasharray="1.2 0.8" if lesser else None))  # fmt: skip
    n = fit(f"{number}{' ½' if lesser else ''}", r * 1.5, r * 0.8, r * 0.7, "Cinzel", 700,
            max_lines=1)  # fmt: skip
    label(parent, n, cx, cy - r * 0.75)
    t = fit(text, r * 1.65, r * 0.95, 3.2, max_lines=3)
    label(parent, t, cx, cy - 0.4)


def mirrors_board(ix: Index) -> tuple[float, float, str, El]:
    """Two halls of 12 mirrors, numbered circles by each, hidden mirrors at the ends
    (DD3.1)."""
    w, h = 420.0, 297.0
    hm = ix.mirrors
    root = frame(w, h, "The Hall of Mirrors", "Doorways to Dreams · the light Hall of Mirrors "
                 "and the dark Hall of Broken Mirrors (rules DD3.1)")  # fmt: skip
    if hm is None:
        return w, h, "The Hall of Mirrors", root
    hall_h = (h - 44) / 2
    for hi, hall in enumerate(hm.halls):
        y = 30 + hi * (hall_h + 4)
        area = ix.area_by_id.get(hall.domain)
        carpet = "#b71c1c" if hall.carpet == "red" else "#5e2a84"
        g = root.add(El("g", class_="hall", data_side=hall.side, data_domain=hall.domain))
        g.add(El("rect", x=12, y=y, width=w - 24, height=hall_h, rx=3, fill="#f1ede4",
                 stroke=INK, stroke_width=0.8))  # fmt: skip
        g.add(El("rect", x=40, y=y + hall_h / 2 - 9, width=w - 80, height=18, fill=carpet,
                 stroke=INK, stroke_width=0.4))  # fmt: skip
        head = f"{hall.name} · {area.name if area else hall.domain} · {area.vp if area else ''} VP"
        t = fit(f"{head} · {hall.carpet} carpet", w - 100, 8, 4.6, "Cinzel", 700, max_lines=1)
        g.add(El("rect", x=w / 2 - t.width() / 2 - 2, y=y + hall_h / 2 - 4, width=t.width() + 4,
                 height=8, fill="#ffffff", stroke="none"))  # fmt: skip
        label(g, t, w / 2, y + hall_h / 2 - t.height / 2)
        mirrors = sorted((m for m in hm.mirrors if m.side == hall.side), key=lambda m: m.number)
        per_wall = math.ceil(len(mirrors) / 2)
        step = (w - 100) / per_wall
        for k, m in enumerate(mirrors):
            wall = k // per_wall  # 0: top wall, 1: bottom wall
            mx = 50 + (k % per_wall + 0.5) * step
            my = y + 6 if wall == 0 else y + hall_h - 12
            mg = g.add(El("g", class_="mirror", data_side=hall.side, data_number=m.number))
            mg.add(El("title", f"Mirror {m.number} ({hall.name}): {m.otherworld}"))
            mg.add(El("rect", x=mx - step / 2 + 2, y=my, width=step - 4, height=6, rx=1,
                      fill="#dfe7ee", stroke=INK, stroke_width=0.6))  # fmt: skip
            label(mg, fit(m.otherworld, step - 6, 5.4, 2.8, max_lines=2), mx, my + 0.3)
            for p, number in enumerate(m.circles):
                # precedence: the first circle sits nearest the mirror
                ccy = my + (12 + p * 12 if wall == 0 else -6 - p * 12)
                f = ix.factions.get(number)
                sg = mg.add(El("g", class_="space mirror-circle", data_side=hall.side,
                               data_mirror=m.number, data_faction=number,
                               data_precedence=p + 1))  # fmt: skip
                sg.add(El("title", f"{f.name if f else number} ({number}) at {m.otherworld}, "
                                   f"precedence {p + 1}"))  # fmt: skip
                sg.add(El("circle", cx=mx, cy=ccy, r=5, fill="#ffffff", stroke=INK,
                          stroke_width=0.5))  # fmt: skip
                label(sg, fit(str(number), 8, 5, 4, "Cinzel", 700, max_lines=1), mx, ccy - 2.3)
        for hidden in (hh for hh in hm.hidden if hh.side == hall.side):
            hx = 16 if hidden.end == "entrance" else w - 36
            sg = g.add(El("g", class_="space mirror hidden", data_side=hall.side,
                          data_faction=hidden.faction))  # fmt: skip
            sg.add(El("title", f"Hidden mirror ({hidden.end}): {hidden.otherworld}, "
                               "Forgotten Factions, no numbered circle (DD3.1.2.3)"))  # fmt: skip
            sg.add(
                El(
                    "rect",
                    x=hx,
                    y=y + hall_h / 2 - 16,
                    width=20,
                    height=32,
                    rx=1.5,
                    fill="#dfe7ee",
                    stroke=INK,
                    stroke_width=0.5,
                    stroke_dasharray="1.5 1",
                )
            )
            label(sg, fit(f"FgF {hidden.otherworld}", 18, 30, 3, max_lines=5), hx + 10,
                  y + hall_h / 2 - 14)  # fmt: skip
    return w, h, "The Hall of Mirrors", root


def congress_board(ix: Index) -> tuple[float, float, str, El]:
    """Seats around a cloud-shaped table, numbered circles for the factions with one
    (DD3.2.2)."""
    w, h = 420.0, 297.0
    c = ix.congress
    root = frame(w, h, "The Congress of Dreams", "Doorways to Dreams · it sits Once in a Blue "
                 "Moon (rules DD3.2)")  # fmt: skip
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
    root.add(El("path", d=" ".join(d) + " Z", fill="#e6ecf5", stroke=INK, stroke_width=0.8,
                class_="table"))  # fmt: skip
    label(root, fit("Place the pawns of seated factions without a circle anywhere around the "
                    "table (DD3.2.2)", 180, 14, 4.2, max_lines=2), cx, cy - 6)  # fmt: skip
    circles = c.circles if c else []
    for k, number in enumerate(circles):
        a = -math.pi / 2 + 2 * math.pi * k / max(len(circles), 1)
        sx, sy = cx + (rx + 26) * math.cos(a), cy + (ry + 24) * math.sin(a)
        f = ix.factions.get(number)
        sg = root.add(
            El(
                "g",
                class_="space congress-seat",
                data_component=component_of("seat"),
                data_faction=number,
            )
        )
        sg.add(El("title", f"Congress seat of {f.name if f else number} ({number})"))
        _circle_space(sg, sx, sy, 14, number, f.name if f else str(number))
    return w, h, "The Congress of Dreams", root


def madness_board(ix: Index) -> tuple[float, float, str, El]:
    """For each Area, Normality and levels 1-10 of each alignment (DD3.3.1)."""
    w, h = 420.0, 297.0
    m = ix.madness
    root = frame(w, h, "The Madness Indicator", "Doorways to Dreams · the Level of Madness of "
                 "each Area of Tehmor (rules DD3.3)")  # fmt: skip
    if m is None:
        return w, h, "The Madness Indicator", root
    levels = m.max_level
    block_h = (h - 44) / len(m.areas)
    cell = min(8.6, (w - 70 - 14) / (levels + 1))
    for i, area_id in enumerate(m.areas):
        area = ix.area_by_id.get(area_id)
        y = 30 + i * block_h
        g = root.add(El("g", class_="madness-area", data_area=area_id))
        label(g, fit(area.name if area else area_id, 46, block_h - 2, 4, "Cinzel", 700,
                     max_lines=2), 38, y + block_h / 2 - 4)  # fmt: skip
        row_h = (block_h - 3) / len(m.alignments)
        zero = g.add(El("g", class_="space madness", data_area=area_id, data_level=0,
                        data_alignment="", data_component=component_of("madness")))  # fmt: skip
        zero.add(El("title", f"{area.name if area else area_id}: Normality (0)"))
        zero.add(El("rect", x=64, y=y, width=cell, height=block_h - 3, fill="#ffffff", stroke=INK,
                    stroke_width=0.4))  # fmt: skip
        label(zero, fit("0", cell - 1, 5, 4, "Cinzel", 700, max_lines=1), 64 + cell / 2,
              y + (block_h - 3) / 2 - 2)  # fmt: skip
        for j, al in enumerate(m.alignments):
            ry = y + j * row_h
            label(g, fit(f"{al.code} {al.name}", 30, row_h - 1, 3.2, "Cinzel", 700, max_lines=1),
                  64 + cell * (levels + 1) + 18, ry + 0.5)  # fmt: skip
            for lv in range(1, levels + 1):
                sx = 64 + cell * lv
                sg = g.add(El("g", class_="space madness", data_area=area_id, data_level=lv,
                              data_alignment=al.code,
                              data_component=component_of("madness")))  # fmt: skip
                sg.add(El("title", f"{area.name if area else area_id}: level {lv} of {al.name}"))
                shade = ["#ffffff", "#ececec", "#d6d6d6"][j % 3]
                sg.add(El("rect", x=sx, y=ry, width=cell, height=row_h, fill=shade, stroke=INK,
                          stroke_width=0.3))  # fmt: skip
                label(sg, fit(f"{al.code}{lv}", cell - 1, row_h - 0.6, 3, "Cinzel", 700,
                              max_lines=1), sx + cell / 2, ry + row_h / 2 - 1.7)  # fmt: skip
    return w, h, "The Madness Indicator", root
