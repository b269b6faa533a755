"""Render stage, for any game: the spaces a board's semantic SVG marks, measured, and the
pieces that must fit them.

Every board marks each space a piece may stand on as an element of class `space`; one that
the rules fill with a particular component names it in `data-component` (DESIGN.md). Its
extent is the box around its shapes (rectangles, circles, ellipses, polygons), in the
board's millimetres; its labels do not count. A piece fits a space when its footprint
(from components.yaml's `piece:`) lies inside that box, turned if need be, or inside the
circle of a round space. The tiler (`toolkit.render.boards`) reads the same spaces, so that
no tile is a sliver without one. No file I/O here.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from toolkit.core.diagnostics import Diagnostic, Loc, error
from toolkit.model.components import Components
from toolkit.render.counter_layout import BASE

SVG = "{http://www.w3.org/2000/svg}"
FIT_CODE = "BOARD-FIT"
_NUMBER = re.compile(r"-?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?")
_SLACK = 0.01  # mm: rounding in the SVG's numbers


@dataclass(frozen=True)
class BoardSpace:
    """A space of a board: the components it holds (`data-component`, separated by spaces;
    none named: empty), its title, its box (mm) and whether it is round (a circle: `w` is
    its diameter)."""

    components: tuple[str, ...]
    title: str
    x: float
    y: float
    w: float
    h: float
    round: bool = False


@dataclass(frozen=True)
class Footprint:
    """What a piece covers on the table (mm) and where components.yaml sizes it."""

    component: str
    name: str
    w: float
    h: float
    round: bool
    loc: Loc


def _tag(el: ET.Element) -> str:
    return el.tag.removeprefix(SVG)


def _f(el: ET.Element, name: str) -> float:
    return float(el.get(name, "0") or 0)


def _offset(el: ET.Element) -> tuple[float, float, float]:
    """dx, dy and scale of an element's `translate(...)`/`scale(...)` transform."""
    dx = dy = 0.0
    k = 1.0
    for kind, args in re.findall(r"(translate|scale)\s*\(([^)]*)\)", el.get("transform", "")):
        v = [float(n) for n in _NUMBER.findall(args)] or [0.0]
        if kind == "translate":
            dx, dy = dx + k * v[0], dy + k * (v[1] if len(v) > 1 else 0.0)
        else:
            k *= v[0]
    return dx, dy, k


def _shape_box(el: ET.Element) -> tuple[float, float, float, float, bool] | None:
    """(x0, y0, x1, y1, round) of one shape, in its own coordinates; None: not a shape."""
    tag = _tag(el)
    if tag == "rect":
        x, y = _f(el, "x"), _f(el, "y")
        return x, y, x + _f(el, "width"), y + _f(el, "height"), False
    if tag in ("circle", "ellipse"):
        cx, cy = _f(el, "cx"), _f(el, "cy")
        rx = _f(el, "r") if tag == "circle" else _f(el, "rx")
        ry = _f(el, "r") if tag == "circle" else _f(el, "ry")
        return cx - rx, cy - ry, cx + rx, cy + ry, tag == "circle"
    if tag == "polygon":
        v = [float(n) for n in _NUMBER.findall(el.get("points", ""))]
        xs, ys = v[0::2], v[1::2]
        if xs and ys:
            return min(xs), min(ys), max(xs), max(ys), False
    return None


def _measure(
    el: ET.Element, dx: float, dy: float, k: float
) -> Iterator[tuple[float, float, float, float, bool]]:
    for child in el:
        if _tag(child) in ("text", "title", "image", "defs", "pattern"):
            continue
        box = _shape_box(child)
        if box is not None:
            x0, y0, x1, y1, rnd = box
            yield dx + k * x0, dy + k * y0, dx + k * x1, dy + k * y1, rnd
        cdx, cdy, ck = _offset(child)
        yield from _measure(child, dx + k * cdx, dy + k * cdy, k * ck)


def spaces(svg: str) -> list[BoardSpace]:
    """Every space of a board's SVG, measured (document order)."""
    root = ET.fromstring(svg)
    out: list[BoardSpace] = []

    def walk(el: ET.Element, dx: float, dy: float, k: float) -> None:
        for child in el:
            cdx, cdy, ck = _offset(child)
            ndx, ndy, nk = dx + k * cdx, dy + k * cdy, k * ck
            if "space" in (child.get("class") or "").split():
                boxes = list(_measure(child, ndx, ndy, nk))
                if boxes:
                    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
                    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
                    # round: its largest shape is a circle that holds the rest
                    big = max(boxes, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))
                    rnd = big[4] and (big[0], big[1], big[2], big[3]) == (x0, y0, x1, y1)
                    title = child.find(f"{SVG}title")
                    out.append(
                        BoardSpace(
                            tuple(child.get("data-component", "").split()),
                            (title.text or "").strip() if title is not None else "",
                            x0,
                            y0,
                            x1 - x0,
                            y1 - y0,
                            rnd,
                        )
                    )
                continue
            walk(child, ndx, ndy, nk)

    walk(root, 0.0, 0.0, 1.0)
    return out


def footprints(doc: Components | None) -> dict[str, Footprint]:
    """What each printed piece of components.yaml covers on the board: a round counter its
    disc, a hex its width across corners by across flats, a rectangle its sides, a standee
    its base (its panel's width by the two folded tabs)."""
    if doc is None:
        return {}
    out = {}
    for i, c in enumerate(doc.components):
        p = c.piece
        if p is None:
            continue
        h = p.height or p.size
        w, d = {
            "round": (p.size, p.size),
            "square": (p.size, p.size),
            "hex": (p.size * 2 / math.sqrt(3), p.size),
            "rect": (p.size, h),
            "standee": (p.size, 2 * BASE * h),
        }[p.shape]
        loc = doc.loc_of("components", i, "piece", "size")
        out[c.id] = Footprint(c.id, c.name, w, d, p.shape == "round", loc)
    return out


def fits(piece: Footprint, space: BoardSpace) -> bool:
    """Does the piece lie inside the space (turned a quarter if that helps)?"""
    if space.round:
        reach = piece.w if piece.round else math.hypot(piece.w, piece.h)
        return reach <= space.w + _SLACK
    return (piece.w <= space.w + _SLACK and piece.h <= space.h + _SLACK) or (
        piece.h <= space.w + _SLACK and piece.w <= space.h + _SLACK
    )


def misfits(board: str, svg: str, pieces: Mapping[str, Footprint]) -> Iterable[Diagnostic]:
    """BOARD-FIT: each kind of space of `board` whose piece is larger than it, once a piece
    (at its size in components.yaml), naming the first such space and how many there are."""
    bad: dict[str, list[BoardSpace]] = {}
    for s in spaces(svg):
        for cid in s.components:
            piece = pieces.get(cid)
            if piece is not None and not fits(piece, s):
                bad.setdefault(cid, []).append(s)
    for cid, where in bad.items():
        p, s = pieces[cid], where[0]
        size = f"{p.w:.1f} mm across" if p.round else f"{p.w:.1f} x {p.h:.1f} mm"
        room = f"{s.w:.1f} mm across" if s.round else f"{s.w:.1f} x {s.h:.1f} mm"
        more = f" (and {len(where) - 1} more spaces)" if len(where) > 1 else ""
        yield error(
            p.loc,
            FIT_CODE,
            f"{p.name} ({size}) does not fit {s.title or 'a space'} on board {board}: {room}{more}",
        )
