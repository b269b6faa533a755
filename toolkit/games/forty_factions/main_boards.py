"""The base game's boards (rules 2.1): the map of Tehmor, and the Council and Conclave.

Every count comes from the content: the spaces of an Area are the locations
that lie in it, the seats are the factions holding them. Sizes are mm.
"""

from __future__ import annotations

import math

from toolkit.games.forty_factions.areas import MAIN_BOARD, map_key, map_locations
from toolkit.games.forty_factions.components import component_of
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, Location
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


def star_points(cx: float, cy: float, r: float) -> str:
    """The `points` of a five-pointed star of outer radius `r`, point up."""
    import math

    pts = []
    for i in range(10):
        a = math.radians(-90 + 36 * i)
        k = r if i % 2 == 0 else r * 0.4
        pts.append(f"{cx + k * math.cos(a):.2f},{cy + k * math.sin(a):.2f}")
    return " ".join(pts)


def space_box(
    parent: El, x: float, y: float, w: float, h: float, number: int | str, text: str,
    dashed: bool = False, tag: str = "",
) -> None:  # fmt: skip
    """A pawn space: a box with the faction number in a disc (an empty disc for no number)
    and a fitted label."""
    parent.add(El("rect", x=x, y=y, width=w, height=h, rx=1.6, fill="#ffffff", stroke=INK,
                  stroke_width=0.45, stroke_dasharray="1.6 1" if dashed else None))  # fmt: skip
    r = min(h / 2 - 1.2, 4.2)
    parent.add(El("circle", cx=x + r + 1.5, cy=y + h / 2, r=r, fill="none", stroke=INK,
                  stroke_width=0.35))  # fmt: skip
    if str(number):
        n = fit(str(number), 2 * r - 0.6, r * 1.3, r * 0.95, "Cinzel", 700, max_lines=1)
        label(parent, n, x + r + 1.5, y + h / 2 - n.height / 2, "number")
    left = x + 2 * r + 3
    right = x + w - (7 if tag else 1.5)
    f = fit(text, right - left, h - 2, 3.4, "EB Garamond", 400, max_lines=3)
    label(parent, f, (left + right) / 2, y + h / 2 - f.height / 2)
    if tag:
        t = fit(tag, 5.5, 3, 2.2, "Cinzel", 700, max_lines=1)
        label(parent, t, x + w - 3.6, y + 0.8, "tag")


def main_board(ix: Index) -> tuple[float, float, str, El]:
    """The map of Tehmor (2.1.1): Areas with their Location spaces, the Sequence of Play
    and the VP track."""
    w, h = 594.0, 420.0
    game = ix.game
    root = frame(w, h, "Tehmor", "Anarea · Forty Factions · the main board (rules 2.1.1)")
    areas = [a for a in game.areas if a.board == MAIN_BOARD]
    located = map_locations(ix)
    if game.map_art is not None and ix.root is not None:
        _map_art(root, ix, located, 12.0, 30.0, w - 84 - 22, h - 30 - 46)
        _sequence_of_play(root, ix, w - 84 + 2, 31.5, 84 - 16, h - 30 - 40)
        _vp_track(root, ix, 12.0, h - 40 + 4, w - 24, 22)
        return w, h, "Tehmor: the main board", root
    cols = 3
    rows = math.ceil(len(areas) / cols)
    left, top, right_panel, bottom = 12.0, 30.0, 84.0, 40.0
    pw = (w - left - right_panel - 10) / cols
    ph = (h - top - bottom - 6) / rows
    for i, area in enumerate(areas):
        x = left + (i % cols) * pw
        y = top + (i // cols) * ph
        g = root.add(El("g", class_="area", data_area=area.id))
        g.add(El("rect", x=x + 1.5, y=y + 1.5, width=pw - 3, height=ph - 3, rx=3, fill="#efe8da",
                 stroke=INK, stroke_width=0.8))  # fmt: skip
        name = fit(area.name, pw - 50, 8, 7, "Cinzel", 700, max_lines=1)
        label(g, name, x + pw / 2 - 14, y + 4)
        vp = f"{area.vp} VP" + "".join(f" · {c}: {v} VP" for c, v in area.vp_with.items())
        v = fit(vp, 44, 5, 3.8, "Cinzel", 700, max_lines=1)
        label(g, v, x + pw - 26, y + 5.5, "vp")
        spaces = located.get(area.id, [])
        scols = 3
        srows = max(1, math.ceil(len(spaces) / scols))
        sw = (pw - 8) / scols
        sh = min(20.0, (ph - 20) / srows)
        for j, (f, loc) in enumerate(spaces):
            sx = x + 4 + (j % scols) * sw
            sy = y + 15 + (j // scols) * sh
            exp = loc.expansion or (f.expansion if f.expansion != "base" else "")
            sg = g.add(El("g", class_="space location", data_component=component_of("location"),
                          data_area=area.id,
                          data_faction=f.number, data_expansion=exp or None))  # fmt: skip
            where = f" ({exp} only)" if exp else ""
            sg.add(El("title", f"{loc.name}: {f.name} ({f.number}), {area.name}{where}"))
            space_box(sg, sx + 0.8, sy + 0.8, sw - 1.6, sh - 1.6, f.number, loc.name,
                      dashed=bool(exp), tag=exp)  # fmt: skip
    _sequence_of_play(root, ix, w - right_panel + 2, top + 1.5, right_panel - 16, h - top - bottom)
    _vp_track(root, ix, left, h - bottom + 4, w - 2 * left, 22)
    return w, h, "Tehmor: the main board", root


def _map_art(
    root: El, ix: Index, located: dict[str, list[tuple[Faction, Location]]],
    x: float, y: float, w: float, h: float,
) -> None:  # fmt: skip
    """The designer's map as the background, each location space where the content puts it."""
    import base64

    from toolkit.assets import read_game_asset

    art = ix.game.map_art
    assert art is not None and ix.root is not None
    data = read_game_asset(ix.root, art.image)
    mime = "image/png" if art.image.endswith(".png") else "image/jpeg"
    root.add(El("image", x=x, y=y, width=w, height=h, preserveAspectRatio="xMidYMid slice",
                href=f"data:{mime};base64,{base64.b64encode(data).decode()}"))  # fmt: skip
    for area_id, spaces in located.items():
        area = ix.area_by_id[area_id]
        for f, loc in spaces:
            key = map_key(f, f.location_list.index(loc))
            if key not in art.spaces:
                continue  # reported by the checker (FF-MAP-ART)
            sx, sy = art.spaces[key]
            exp = loc.expansion or (f.expansion if f.expansion != "base" else "")
            sg = root.add(El("g", class_="space location", data_component=component_of("location"),
                             data_area=area.id,
                             data_faction=f.number, data_expansion=exp or None))  # fmt: skip
            sg.add(El("title", f"{loc.name}: {f.name} ({f.number}), {area.name}"))
            space_box(sg, x + sx, y + sy, 44, 14, f.number, loc.name, dashed=bool(exp), tag=exp)


def _sequence_of_play(root: El, ix: Index, x: float, y: float, w: float, h: float) -> None:
    g = root.add(El("g", class_="sequence-of-play"))
    g.add(El("rect", x=x, y=y, width=w, height=h - 3, rx=3, fill="#efe8da", stroke=INK,
             stroke_width=0.8))  # fmt: skip
    label(g, fit("Sequence of Play", w - 6, 8, 5.2, "Cinzel", 700, max_lines=2), x + w / 2, y + 3)
    phases = ix.game.sequence_of_play
    step = min(26.0, (h - 30) / max(len(phases), 1))
    for i, p in enumerate(phases):
        py = y + 18 + i * step
        sg = g.add(
            El("g", class_="space phase", data_phase=p.number, data_component=component_of("phase"))
        )
        sg.add(El("title", f"Phase {p.number}: {p.name} ({p.section}); the phase counter"))
        space_box(sg, x + 3, py, w - 6, step - 3, p.number, p.name)
    note = fit("Place the phase counter on the current Phase (2.1.1.2).", w - 6, 12, 3.2,
               max_lines=3)  # fmt: skip
    label(g, note, x + w / 2, y + 20 + len(phases) * step)


def _vp_track(root: El, ix: Index, x: float, y: float, w: float, h: float) -> None:
    track = ix.game.vp_track
    values = list(range(track.min, track.max + 1))
    g = root.add(El("g", class_="vp-track"))
    head = fit("VP Track and Game Turn", 38, h, 3.6, "Cinzel", 700, max_lines=3)
    label(g, head, x + 19, y + h / 2 - head.height / 2)
    sw = (w - 40) / len(values)
    for i, v in enumerate(values):
        sx = x + 40 + i * sw
        holds = [component_of("vp")] + ([component_of("turn")] if v > 0 else [])
        if v == track.max:
            holds.append(component_of("lap"))
        sg = g.add(El("g", class_="space vp", data_value=v, data_component=" ".join(holds)))
        sg.add(
            El(
                "title",
                (f"{v} VP / Game Turn {v}" if v > 0 else f"{v} VP")
                + ("; past it, take a +40 marker and go round again" if v == track.max else ""),
            )
        )
        sg.add(El("rect", x=sx, y=y, width=sw, height=h, fill="#ffffff" if v % 5 else "#e3dccd",
                  stroke=INK, stroke_width=0.35))  # fmt: skip
        n = fit(str(v), sw - 1, h / 2, 3.6, "Cinzel", 700, max_lines=1)
        label(sg, n, sx + sw / 2, y + h / 2 - n.height / 2, "number")
