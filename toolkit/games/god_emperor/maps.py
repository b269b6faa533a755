"""The God Emperor boards as semantic SVG: the war map and the Law Board.

War map: every region is a `space region` element with `data-region` and
`data-province`; castles, the mountain, the capital and the places for tunnel and
road markers are elements of their own classes, each with a `<title>`.
"""

from __future__ import annotations

from functools import partial

from toolkit.games.god_emperor.geography import NEIGHBOURS
from toolkit.games.god_emperor.index import Index
from toolkit.svg import El, fit, hex_centre, hex_points, label
from toolkit.svg import text as svg_text

TINT = {0: "#efe3c8", 1: "#dfe8d2", 2: "#d9e2ee", 3: "#eadbe6"}  # by province order
INK = "#1a1a1a"


# labels on the boards are centred unless a call says otherwise
_text = partial(svg_text, anchor="middle", fill=INK)


def war_map(ix: Index) -> tuple[float, float, str, El]:
    """The war map: regions by province around Mount Leviathan, castles, marker places."""
    lay = ix.layout
    assert lay is not None
    g = ix.game
    province_of = ix.province_of
    order = {p.id: i for i, p in enumerate(g.provinces)}
    names = {p.id: p.name for p in g.provinces}
    cells = [(p.q, p.r) for p in lay.regions.values()]
    cells += [(m.q, m.r) for m in lay.mountain] + [(lay.capital.q, lay.capital.r)]
    xs = [hex_centre(q, r, 1)[0] for q, r in cells]
    ys = [hex_centre(q, r, 1)[1] for q, r in cells]
    top, margin = 30.0, 14.0
    span_w, span_h = max(xs) - min(xs) + 3**0.5, max(ys) - min(ys) + 2
    size = min((lay.width - 2 * margin) / span_w, (lay.height - top - margin) / span_h)
    ox = lay.width / 2 - (max(xs) + min(xs)) / 2 * size
    oy = top + (lay.height - top - margin) / 2 - (max(ys) + min(ys)) / 2 * size

    def at(q: int, r: int) -> tuple[float, float]:
        x, y = hex_centre(q, r, size)
        return ox + x, oy + y

    body = El("g", class_="war-map")
    body.add(El("rect", x=0, y=0, width=lay.width, height=lay.height, fill="#fbf8f1"))
    _text(body, f"{g.title} · The War Map", lay.width / 2, 16, 11, 700, "Cinzel")
    legend = body.add(El("g", class_="legend"))
    for i, p in enumerate(g.provinces):
        x = margin + i * 48
        legend.add(El("rect", x=x, y=21, width=6, height=4, fill=TINT[order[p.id] % 4],
                      stroke=INK, stroke_width=0.2))  # fmt: skip
        _text(legend, p.name, x + 8, 24.6, 4, anchor="start")
    castles = {c.region: c for c in g.castles}
    houses = ix.houses
    for name, place in lay.regions.items():
        cx, cy = at(place.q, place.r)
        pid = province_of.get(name, "")
        grp = body.add(El("g", class_="space region", data_region=name, data_province=pid))
        c = castles.get(name)
        what = f"{name}, {names.get(pid, 'no province')}"
        if c is not None:
            what += (f"; castle of House {houses[c.house].name}" if c.kind == "home"
                     and c.house in houses else "; neutral castle")  # fmt: skip
        grp.add(El("title", what))
        grp.add(El("polygon", points=hex_points(cx, cy, size * 0.98),
                   fill=TINT[order.get(pid, 3) % 4], stroke=INK, stroke_width=0.4))  # fmt: skip
        _text(grp, name.upper(), cx, cy - size * 0.2, min(7.0, size * 0.32), 700, "Cinzel")
        if c is not None:
            cg = grp.add(El("g", class_="castle", data_kind=c.kind, data_house=c.house or None))
            colour = houses[c.house].colour if c.kind == "home" and c.house in houses else "#888"
            w = size * 0.5
            cg.add(El("rect", x=cx - w / 2, y=cy + size * 0.05, width=w, height=w * 0.55,
                      fill=colour, stroke=INK, stroke_width=0.3))  # fmt: skip
            for k in range(3):  # battlements
                cg.add(El("rect", x=cx - w / 2 + k * w * 0.4, y=cy + size * 0.05 - w * 0.15,
                          width=w * 0.2, height=w * 0.15, fill=colour, stroke=INK,
                          stroke_width=0.3))  # fmt: skip
            who = houses[c.house].name if c.kind == "home" and c.house in houses else "neutral"
            label(cg, fit(who, size * 1.2, size * 0.3, min(4.5, size * 0.2)),
                  cx, cy + size * 0.36)  # fmt: skip
    mountain = body.add(El("g", class_="mountain", data_name=g.mountain))
    mountain.add(El("title", g.mountain))
    mcells = {(m.q, m.r) for m in lay.mountain}
    for q, r in sorted(mcells):
        cx, cy = at(q, r)
        mountain.add(El("polygon", points=hex_points(cx, cy, size * 0.98), fill="#8d8478",
                        stroke=INK, stroke_width=0.4))  # fmt: skip
    # the name goes inside one hex (the one nearest the mountain's middle), never across
    # the hexes' edges
    mx = sum(at(q, r)[0] for q, r in mcells) / len(mcells)
    my = sum(at(q, r)[1] for q, r in mcells) / len(mcells)
    hx, hy = min((at(q, r) for q, r in mcells), key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
    name = fit(g.mountain, size * 1.3, size * 0.9, min(7.0, size * 0.3), "Cinzel", 700)
    label(mountain, name, hx, hy - name.height / 2)
    cap = body.add(El("g", class_="space capital", data_name=g.capital))
    cap.add(El("title", f"{g.capital}: the Court meets here in the last month"))
    cx, cy = at(lay.capital.q, lay.capital.r)
    cap.add(El("polygon", points=hex_points(cx, cy, size * 0.98), fill="#e8c95c", stroke=INK,
               stroke_width=0.6))  # fmt: skip
    _text(cap, g.capital.upper(), cx, cy + size * 0.1, min(8.0, size * 0.34), 700, "Cinzel")
    by_cell = {(p.q, p.r): n for n, p in lay.regions.items()}
    for q, r in sorted(mcells):  # tunnel places: against the mountain (L222)
        for dq, dr in NEIGHBOURS:
            n = by_cell.get((q + dq, r + dr))
            if n is None:
                continue
            ax, ay = at(q, r)
            bx, by = at(q + dq, r + dr)
            t = body.add(El("g", class_="space tunnel", data_region=n))
            t.add(El("title", f"Tunnel marker place: {n} against {g.mountain}"))
            t.add(El("circle", cx=(ax + bx) / 2, cy=(ay + by) / 2, r=size * 0.1, fill="#fbf8f1",
                     stroke=INK, stroke_width=0.35, stroke_dasharray="0.8 0.5"))  # fmt: skip
    for a, b in lay.roads:
        if a not in lay.regions or b not in lay.regions:
            continue
        ax, ay = at(lay.regions[a].q, lay.regions[a].r)
        bx, by = at(lay.regions[b].q, lay.regions[b].r)
        rd = body.add(El("g", class_="space road", data_from=a, data_to=b))
        rd.add(El("title", f"Road marker place: {a} to {b}"))
        rd.add(El("rect", x=(ax + bx) / 2 - size * 0.13, y=(ay + by) / 2 - size * 0.06,
                  width=size * 0.26, height=size * 0.12, fill="#c9a227", stroke=INK,
                  stroke_width=0.3))  # fmt: skip
    _text(body, "Dashed circles: places for Tunnel markers (Rat King). Gold bars: places for "
          "Road markers (Spice Lords). Placeholder geometry: the rules name regions, not a map.",
          lay.width / 2, lay.height - 6, 4)  # fmt: skip
    return lay.width, lay.height, f"{g.title}: the war map", body


def commandments(ix: Index) -> tuple[int, str]:
    """How many Commandments the Court can pass in a game, and the arithmetic: the Proposals
    section of its timeline runs `repeat` times a month (L402-412: 'repeats three times'),
    each proposal passing at most one law, posted on the Law Board (L409), in every month
    of the game (the Court sits each month, L255)."""
    court = next((r for r in ix.game.rooms if r.id == "court"), None)
    step = next((s for s in court.steps if s.name == "Proposals"), None) if court else None
    per_month = step.repeat if step else 1
    months = ix.game.rounds.count
    return per_month * months, f"{per_month} proposals a month (L412) × {months} months"


SLOT_PITCH, SLOT_MIN_W = 14.0, 62.0  # mm: a slot with room for a line or two of handwriting


def _slots(parent: El, first: int, last: int, x: float, y: float, w: float, h: float) -> None:
    """Commandment slots `first`..`last`, numbered, in as many columns as the height needs."""
    rows = max(1, int(h // SLOT_PITCH))
    n = last - first + 1
    cols = -(-n // rows)
    col_w = w / cols
    for k in range(n):
        c, r = divmod(k, rows)
        sx, sy = x + c * col_w, y + r * SLOT_PITCH
        slot = parent.add(El("g", class_="space commandment", data_slot=first + k))
        slot.add(El("title", f"Commandment slot {first + k}"))
        slot.add(El("rect", x=sx, y=sy, width=col_w - 3, height=SLOT_PITCH - 3, rx=2,
                    fill="none", stroke=INK, stroke_width=0.4,
                    stroke_dasharray="2 1.2"))  # fmt: skip
        _text(slot, str(first + k), sx + 2.2, sy + 4.6, 3.2, 700, "Cinzel", anchor="start")


def _capacity(w: float, h: float) -> int:
    """Slots that fit a `w` x `h` mm area at their least readable size."""
    return max(1, int(h // SLOT_PITCH)) * max(1, int(w // SLOT_MIN_W))


LAW_BOARD = (420.0, 297.0, 16.0)  # A3 landscape, margin (mm)
LAWS_SHARE = 0.62  # of the width, for the existing laws; the rest holds the Commandments


def _commandment_area() -> tuple[float, float, float, float]:
    """x, y, width and height of the Law Board's Commandment slots."""
    w, h, margin = LAW_BOARD
    x = margin + (w - 2 * margin - 10) * LAWS_SHARE + 10
    return x, 62.0, w - margin - x, h - 66 - margin


def law_board(ix: Index) -> tuple[float, float, str, El]:
    """The Law Board (A3 landscape): the existing laws, and a numbered slot for every
    Commandment the Court can pass (`commandments`); those that do not fit go on extension
    sheets (`law_board_extensions`), which the board names."""
    court = ix.court
    assert court is not None
    w, h, margin = LAW_BOARD
    body = El("g", class_="law-board")
    body.add(El("rect", x=0, y=0, width=w, height=h, fill="#f6edd5"))
    _text(body, "The Immutable Laws of the God Emperor", w / 2, 24, 15, 700, "Cinzel")
    _text(body, "Gold tablets above the Court. The Court can annul any of these laws.",
          w / 2, 32, 6)  # fmt: skip
    col_w = (w - 2 * margin - 10) * LAWS_SHARE
    y = 44.0
    laws = body.add(El("g", class_="laws"))
    for law in court.laws:
        grp = laws.add(El("g", class_="law", data_number=law.number))
        grp.add(El("title", f"Law {law.number}: {law.text}"))
        f = fit(law.text, col_w - 10, 16, 7.0, max_lines=2)
        _text(grp, f"{law.number}.", margin + 6, y + f.size, f.size, 700, "Cinzel", anchor="end")
        for i, ln in enumerate(f.lines):
            _text(grp, ln, margin + 9, y + f.size + i * f.size * 1.2, f.size, anchor="start")
        y += len(f.lines) * f.size * 1.2 + 2.4
        if law.rider:
            fr = fit(law.rider, col_w - 10, 18, 4.6, max_lines=3)
            for i, ln in enumerate(fr.lines):
                grp.add(El("text", ln, x=margin + 9, y=y + fr.size + i * fr.size * 1.2,
                           font_family="EB Garamond", font_style="italic", font_size=fr.size,
                           fill="#5a4a2a"))  # fmt: skip
            y += len(fr.lines) * fr.size * 1.2 + 3.0
    x2, top, area_w, area_h = _commandment_area()
    total, why = commandments(ix)
    here = min(total, _capacity(area_w, area_h))
    new = body.add(El("g", class_="commandments", data_capacity=total))
    _text(new, "Commandments of the Court", x2 + area_w / 2, 46, 8, 700, "Cinzel")
    note = f"Room for {total}, as many as the Court can pass: {why}."
    if here < total:
        note += f" Slots {here + 1}-{total} are on the extension sheet(s)."
    label(new, fit(note, area_w, 9, 3.6, max_lines=2), x2 + area_w / 2, 50)
    _slots(new, 1, here, x2, top, area_w, area_h)
    return w, h, f"{ix.game.title}: the Law Board", body


def law_board_extensions(ix: Index) -> list[tuple[float, float, str, El]]:
    """A4 sheets with the Commandment slots the Law Board has no room for, numbered on."""
    total, why = commandments(ix)
    w, h, margin = 210.0, 297.0, 14.0
    board = _capacity(*_commandment_area()[2:])
    per = _capacity(w - 2 * margin, h - 40 - margin)
    out = []
    first = board + 1
    while first <= total:
        last = min(total, first + per - 1)
        body = El("g", class_="law-board-extension")
        body.add(El("rect", x=0, y=0, width=w, height=h, fill="#f6edd5"))
        _text(body, f"Commandments of the Court, {first}-{last}", w / 2, 20, 9, 700, "Cinzel")
        _text(body, f"Beside the Law Board: {total} Commandments in all ({why}).", w / 2, 28,
              4.2)  # fmt: skip
        grp = body.add(El("g", class_="commandments"))
        _slots(grp, first, last, margin, 38, w - 2 * margin, h - 40 - margin)
        out.append((w, h, f"{ix.game.title}: the Law Board, Commandments {first}-{last}", body))
        first = last + 1
    return out
