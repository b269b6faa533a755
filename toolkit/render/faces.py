"""Render stage, counters: a piece's face as a game's template draws it, made drawable.

A game draws each face in `templates/<game>/counters.svg.j2`, one Jinja macro per face
(`face: vp_marker` in components.yaml calls `vp_marker(p)`), in a small subset of SVG
with millimetre units and the piece's top-left corner as origin: `circle`, `ellipse`,
`rect`, `polygon`, `line` and `text` with `fill`, `stroke`, `stroke-width`, `font-family`
(Cinzel or EB Garamond), `font-size`, `font-weight` and `text-anchor`, and `image` (x, y,
width, height: where the piece's `art:` goes, its proportions kept). A designer restyles a
counter by editing that file; no Python. The subset has no links or scripts and an image
names no file (the piece's vetted picture is the only one), so a face can read nothing and
run nothing.

This module parses a face into drawing operations and fits its text to the piece: a text
too wide for the piece at its height is set smaller (down to half its size); one that
still does not fit, or sticks out above or below, is an error naming the piece.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache
from typing import Any
from xml.etree import ElementTree

from toolkit.core.resources import FONTS as FONT_DIR
from toolkit.render.svg import missing_glyphs

FONTS = {  # (family, bold) -> (registered name, file)
    ("Cinzel", False): ("Cinzel", "Cinzel_400Regular.ttf"),
    ("Cinzel", True): ("Cinzel-Bold", "Cinzel_700Bold.ttf"),
    ("EB Garamond", False): ("EBGaramond", "EBGaramond_400Regular.ttf"),
    ("EB Garamond", True): ("EBGaramond-Bold", "EBGaramond_700Bold.ttf"),
}
PT = 72 / 25.4  # points per mm
_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_NUM = re.compile(r"-?\d+(\.\d+)?")
INSET = 0.4  # mm text keeps from a piece's edge
MIN_SCALE = 0.5


class FaceError(ValueError):
    """A face the template draws that cannot be printed as asked."""


@dataclass(frozen=True)
class Op:
    """One drawing operation of a face, in mm from the piece's top-left corner."""

    kind: str  # circle, ellipse, rect, polygon, line, text
    points: tuple[float, ...]  # circle: cx cy r; ellipse: cx cy rx ry; rect: x y w h rx;
    # polygon: x y x y ...; line: x1 y1 x2 y2; text: x y size
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0  # stroke width, mm
    text: str = ""
    font: str = ""
    anchor: str = "middle"


@cache
def _metrics() -> Any:
    """reportlab's font metrics (`reportlab.pdfbase.pdfmetrics`), the kit's shipped TTFs
    registered with it (embedded, subset), once a process."""
    # reportlab's fonts: 17 ms to import, only where a counter is fitted or drawn
    from reportlab.pdfbase import pdfmetrics, ttfonts

    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, file in FONTS.values():
        if name not in registered:
            pdfmetrics.registerFont(ttfonts.TTFont(name, str(FONT_DIR / file)))
    return pdfmetrics


def register_fonts() -> None:
    """Register the kit's shipped TTFs with reportlab (once per process); embedded, subset."""
    _metrics()


def _colour(value: str | None, what: str) -> str | None:
    if value is None or value == "none":
        return None
    if not _HEX.fullmatch(value):
        raise FaceError(f"{what}: colour {value!r} is not #rrggbb or none")
    return value.lower()


def _num(el: ElementTree.Element, name: str, default: float | None = None) -> float:
    raw = el.get(name)
    if raw is None:
        if default is None:
            raise FaceError(f"<{el.tag}> needs {name}")
        return default
    raw = raw.strip().removesuffix("mm")
    if not _NUM.fullmatch(raw):
        raise FaceError(f"<{el.tag} {name}={raw!r}>: not a number of mm")
    return float(raw)


def parse(svg: str) -> tuple[Op, ...]:
    """A face's markup as drawing operations (only the subset this module documents)."""
    try:
        root = ElementTree.fromstring(f"<g>{svg}</g>")
    except ElementTree.ParseError as exc:
        raise FaceError(f"the face is not well-formed markup: {exc}") from None
    ops: list[Op] = []
    for el in root.iter():
        if el is root or el.tag == "g":
            continue
        fill = _colour(el.get("fill", "none" if el.tag == "line" else "#000000"), el.tag)
        stroke = _colour(el.get("stroke"), el.tag)
        sw = _num(el, "stroke-width", 0.25) if stroke else 0.0
        if el.tag == "text":
            text = _text(el, fill)
            if text is not None:
                ops.append(text)
        elif el.tag == "image":
            ops.append(_image(el))
        elif el.tag != "tspan":  # a tspan's text belongs to the enclosing <text>
            fill = None if el.tag == "line" else fill
            ops.append(Op(el.tag, _points(el), fill, stroke, sw))
    return tuple(ops)


def _points(el: ElementTree.Element) -> tuple[float, ...]:
    """A shape's numbers, as `Op.points` holds them; FaceError for an element the
    subset does not draw."""
    if el.tag == "circle":
        return (_num(el, "cx"), _num(el, "cy"), _num(el, "r"))
    if el.tag == "ellipse":
        return (_num(el, "cx"), _num(el, "cy"), _num(el, "rx"), _num(el, "ry"))
    if el.tag == "rect":
        return (
            _num(el, "x", 0),
            _num(el, "y", 0),
            _num(el, "width"),
            _num(el, "height"),
            _num(el, "rx", 0),
        )
    if el.tag == "line":
        return (_num(el, "x1"), _num(el, "y1"), _num(el, "x2"), _num(el, "y2"))
    if el.tag == "polygon":
        raw = (el.get("points") or "").replace(",", " ").split()
        if len(raw) < 6 or len(raw) % 2 or not all(_NUM.fullmatch(v) for v in raw):
            raise FaceError("<polygon points> needs three or more x,y pairs")
        return tuple(float(v) for v in raw)
    raise FaceError(
        f"<{el.tag}> is not drawn on counters (circle, ellipse, rect, polygon, line, text, image)"
    )


def _text(el: ElementTree.Element, fill: str | None) -> Op | None:
    """A `<text>` as a text operation in one of the kit's faces (None: no text); FaceError
    for a face the kit does not ship, or a character its font has no glyph for."""
    family = el.get("font-family", "EB Garamond").strip("'\" ")
    bold = el.get("font-weight", "400") in ("bold", "600", "700", "800", "900")
    if (family, bold) not in FONTS:
        raise FaceError(f"font {family!r}: the kit ships Cinzel and EB Garamond only")
    anchor = el.get("text-anchor", "middle")
    if anchor not in ("start", "middle", "end"):
        raise FaceError(f"text-anchor {anchor!r}")
    text = " ".join("".join(el.itertext()).split())
    if not text:
        return None
    gone = missing_glyphs(text, family, 700 if bold else 400)
    if gone:
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in gone)
        raise FaceError(
            f"font {family!r} has no glyph for {chars} in {text!r}: it would print as an empty box"
        )
    return Op(
        "text",
        (_num(el, "x"), _num(el, "y"), _num(el, "font-size", 3.5)),
        fill,
        None,
        0,
        text,
        FONTS[family, bold][0],
        anchor,
    )


def _image(el: ElementTree.Element) -> Op:
    """The place of the piece's own picture (components.yaml `art:`), the only one a face
    can place."""
    if any(k.endswith("href") for k in el.attrib):
        raise FaceError("<image> places the piece's `art:` from components.yaml; it takes no href")
    return Op("image", (_num(el, "x", 0), _num(el, "y", 0), _num(el, "width"), _num(el, "height")))


# ------------------------------------------------------------------ shapes and text fitting


def outline(shape: str, w: float, h: float) -> list[tuple[float, float]] | None:
    """A piece's outline as a polygon in its box (None: a circle of the box's width)."""
    if shape == "round":
        return None
    if shape == "hex":  # pointy-top: flats left and right
        cx, cy, r = w / 2, h / 2, h / 2
        return [
            (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in (-90, -30, 30, 90, 150, 210)
        ]
    return [(0, 0), (w, 0), (w, h), (0, h)]


def inside(shape: str, w: float, h: float, x: float, y: float, inset: float = INSET) -> bool:
    """Whether a point lies inside a piece of this shape, `inset` mm from its edge."""
    if shape == "round":
        r = w / 2 - inset
        return (x - w / 2) ** 2 + (y - h / 2) ** 2 <= r * r
    poly = outline(shape, w, h)
    assert poly is not None
    n = len(poly)
    for i in range(n):  # convex, clockwise in screen coordinates: each edge's inner side
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        if (ex * (y - y1) - ey * (x - x1)) / math.hypot(ex, ey) < inset:
            return False
    return True


ASCENT, DESCENT = 0.75, 0.25  # of the size: a glyph's ink above and below its baseline


def text_box(op: Op, size: float, flipped: bool = False) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of a text set at `size` mm, its ink about the baseline at y. A face
    drawn upside down (a standee's back panel) keeps room for its ink either way: a reader
    of the page may box the turned text as if it stood upright."""
    width = _metrics().stringWidth(op.text, op.font, size * PT) / PT
    x = op.points[0]
    x0 = x - width / 2 if op.anchor == "middle" else x - width if op.anchor == "end" else x
    up = ASCENT * size
    down = ASCENT * size if flipped else DESCENT * size
    return x0, op.points[1] - up, x0 + width, op.points[1] + down


def _area(op: Op) -> float:
    """The area a closed shape of a face covers, mm²."""
    q = op.points
    if op.kind == "circle":
        return math.pi * q[2] ** 2
    if op.kind == "ellipse":
        return math.pi * q[2] * q[3]
    if op.kind == "rect":
        return q[2] * q[3]
    xs, ys = q[0::2], q[1::2]  # polygon: the shoelace formula
    return abs(sum(xs[i] * ys[i - 1] - xs[i - 1] * ys[i] for i in range(len(xs)))) / 2


def _holds(op: Op, x: float, y: float, inset: float = 0.0) -> bool:
    """Whether a closed shape of a face holds a point, `inset` mm inside its edge."""
    q = op.points
    if op.kind == "circle":
        return math.hypot(x - q[0], y - q[1]) <= q[2] - inset
    if op.kind == "ellipse":
        rx, ry = q[2] - inset, q[3] - inset
        return rx > 0 and ry > 0 and ((x - q[0]) / rx) ** 2 + ((y - q[1]) / ry) ** 2 <= 1
    if op.kind == "rect":
        return q[0] + inset <= x <= q[0] + q[2] - inset and q[1] + inset <= y <= q[1] + q[3] - inset
    pts = list(zip(q[0::2], q[1::2], strict=True))
    inside = False
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
        if inset and _segment_distance(x, y, x1, y1, x2, y2) < inset:
            return False
    return inside


def _segment_distance(x: float, y: float, x1: float, y1: float, x2: float, y2: float) -> float:
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / ((dx * dx + dy * dy) or 1e-12)))
    return math.hypot(x - x1 - t * dx, y - y1 - t * dy)


CLOSED = ("circle", "ellipse", "rect", "polygon")


def fit(
    ops: tuple[Op, ...], shape: str, w: float, h: float, what: str, flipped: bool = False
) -> tuple[Op, ...]:
    """The face with each text set as large as fits inside the piece and inside the smallest
    shape of the face that holds it (a frame, a disc: where the eye, and the audit, see it
    belong), at most its own size, at least half of it; FaceError when a text cannot fit."""
    register_fonts()
    out = []
    piece = w * h
    shapes = [op for op in ops if op.kind in CLOSED and _area(op) < 0.95 * piece]
    for op in ops:
        if op.kind != "text":
            out.append(op)
            continue
        size = op.points[2]
        x0, y0, x1, y1 = text_box(op, size)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2  # where the text is, as drawn
        holders = [s for s in shapes if _holds(s, cx, cy)]
        holder = min(holders, key=_area) if holders else None
        while True:
            x0, y0, x1, y1 = text_box(op, size, flipped)
            corners = [(px, py) for px in (x0, x1) for py in (y0, y1)]
            if all(inside(shape, w, h, px, py) for px, py in corners) and (
                holder is None or all(_holds(holder, px, py, INSET) for px, py in corners)
            ):
                break
            size *= 0.94
            if size < op.points[2] * MIN_SCALE:
                raise FaceError(
                    f"{what}: text {op.text!r} does not fit inside the piece "
                    f"({w:g} x {h:g} mm) even at half its size"
                )
        out.append(
            Op(
                "text",
                (op.points[0], op.points[1], size),
                op.fill,
                None,
                0,
                op.text,
                op.font,
                op.anchor,
            )
        )
    return tuple(out)
