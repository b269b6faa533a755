"""Audit stage, geometry side: what a PDF page draws, read back through MuPDF.

`mutool draw -F stext` gives every character with its position; `mutool draw -F trace`
gives every path the page fills or strokes, with its transform. From the two this module
builds, per page, the words (with the box their glyphs occupy) and the closed shapes
(rectangles, rounded boxes, discs) that can hold text. It reads only the PDF it is
given and knows nothing about games or about how the page was made.
"""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ET
from dataclasses import dataclass

# A glyph's ink lies between about 0.72 em above its baseline (capitals, ascenders) and
# 0.22 em below it (descenders). The font's own ascender and descender, which MuPDF puts in
# the character quads, add line spacing that is not ink and would flag tight boxes.
ASCENT, DESCENT = 0.72, 0.22
MIN_BOX = 4.0  # pt: a shape smaller than this either way is a rule, tick or mark, not a box


@dataclass(frozen=True, slots=True)
class Word:
    """A run of non-space characters on one line, with the box its glyphs' ink occupies."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    line: int  # the line it belongs to, numbered per page

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2


@dataclass(frozen=True, slots=True)
class Shape:
    """A closed sub-path a page draws, flattened to a polygon (curves sampled), with its
    bounding box."""

    points: tuple[tuple[float, float], ...]
    order: int  # drawing order on its page: a later shape covers an earlier one
    x0: float
    y0: float
    x1: float
    y1: float

    @classmethod
    def of(cls, points: list[tuple[float, float]], order: int = 0) -> Shape:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return cls(tuple(points), order, min(xs), min(ys), max(xs), max(ys))

    @property
    def area(self) -> float:
        return (self.x1 - self.x0) * (self.y1 - self.y0)

    def contains_point(self, x: float, y: float) -> bool:
        """Even-odd ray casting."""
        if not (self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1):
            return False
        inside = False
        pts = self.points
        j = len(pts) - 1
        for i in range(len(pts)):
            (xi, yi), (xj, yj) = pts[i], pts[j]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                inside = not inside
            j = i
        return inside

    def _edge_distance(self, x: float, y: float) -> float:
        best = float("inf")
        pts = self.points
        for i in range(len(pts)):
            (ax, ay), (bx, by) = pts[i - 1], pts[i]
            dx, dy = bx - ax, by - ay
            t = ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy or 1.0)
            t = min(1.0, max(0.0, t))
            px, py = ax + t * dx - x, ay + t * dy - y
            best = min(best, (px * px + py * py) ** 0.5)
        return best

    def overlap(self, w: Word) -> float:
        """How far (pt) `w` reaches into this shape: the depth of its deepest corner or edge
        midpoint inside it, 0 if none is inside."""
        if min(self.x1, w.x1) <= max(self.x0, w.x0) or min(self.y1, w.y1) <= max(self.y0, w.y0):
            return 0.0
        return max(
            (self._edge_distance(x, y) for x, y in _probes(w) if self.contains_point(x, y)),
            default=0.0,
        )

    def overhang(self, w: Word) -> float:
        """How far (pt) `w` sticks out of this shape (0 if it lies inside)."""
        return max(
            (self._edge_distance(x, y) for x, y in _probes(w) if not self.contains_point(x, y)),
            default=0.0,
        )


def _probes(w: Word) -> tuple[tuple[float, float], ...]:
    """The corners and edge midpoints of a word's box."""
    mx, my = (w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2
    return (
        (w.x0, w.y0),
        (mx, w.y0),
        (w.x1, w.y0),
        (w.x1, my),
        (w.x1, w.y1),
        (mx, w.y1),
        (w.x0, w.y1),
        (w.x0, my),
    )


@dataclass
class PageGeometry:
    """One page: its size (pt), the words it shows and the shapes it draws."""

    width: float
    height: float
    words: list[Word]
    shapes: list[Shape]


def _mutool(fmt: str, pdf: str) -> bytes:
    proc = subprocess.run(
        ["mutool", "draw", "-q", "-F", fmt, "-o", "-", pdf],
        capture_output=True,
        timeout=300,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(
            f"mutool draw -F {fmt} exit {proc.returncode}: "
            f"{proc.stderr.decode(errors='replace').strip()[:200]}"
        )
    return proc.stdout


def _pages_xml(data: bytes) -> list[ET.Element]:
    """`mutool -o -` writes one XML document per page, one after the other."""
    out = []
    for chunk in data.split(b"<?xml")[1:]:
        out.append(ET.fromstring(b"<?xml" + chunk))
    return out


def read_words(pdf: str) -> list[tuple[float, float, list[Word]]]:
    """Every page's size and words, from MuPDF's structured text."""
    pages = []
    for doc in _pages_xml(_mutool("stext", pdf)):
        for page in doc.iter("page"):
            words: list[Word] = []
            for n, line in enumerate(page.iter("line")):
                chars: list[tuple[str, float, float, float, float]] = []
                for font in line.iter("font"):
                    size = float(font.get("size", "0"))
                    for ch in font.iter("char"):
                        q = [float(v) for v in ch.get("quad", "").split()]
                        base = float(ch.get("y", "0"))
                        chars.append(
                            (
                                ch.get("c", ""),
                                min(q[0::2]),
                                max(q[0::2]),
                                base - ASCENT * size,
                                base + DESCENT * size,
                            )
                        )
                words.extend(_words(chars, n))
            pages.append((float(page.get("width", "0")), float(page.get("height", "0")), words))
    return pages


def _words(chars: list[tuple[str, float, float, float, float]], line: int) -> list[Word]:
    out: list[Word] = []
    run: list[tuple[str, float, float, float, float]] = []
    for ch in [*chars, (" ", 0, 0, 0, 0)]:
        if ch[0].isspace():
            if run:
                out.append(
                    Word(
                        "".join(c[0] for c in run),
                        min(c[1] for c in run),
                        min(c[3] for c in run),
                        max(c[2] for c in run),
                        max(c[4] for c in run),
                        line,
                    )
                )
            run = []
        else:
            run.append(ch)
    return out


def _matrix(text: str | None) -> tuple[float, ...]:
    if not text:
        return (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    a, b, c, d, e, f = (float(v) for v in text.split())
    return a, b, c, d, e, f


def read_shapes(pdf: str) -> list[list[Shape]]:
    """Every page's closed shapes big enough to hold text, from MuPDF's trace device; a box
    drawn as four separate sides (as HTML draws a dashed border) counts as one shape."""
    pages = []
    for doc in _pages_xml(_mutool("trace", pdf)):
        for page in doc.iter("page"):
            shapes: list[Shape] = []
            sides: list[tuple[float, float, float, float, int]] = []
            for path in page.iter():
                if path.tag in ("fill_path", "stroke_path"):
                    shapes.extend(_closed(path, len(shapes) + len(sides)))
                    sides.extend(_sides(path, len(shapes) + len(sides)))
            shapes.extend(_boxes_from_sides(sides))
            pages.append(shapes)
    return pages


def _sides(path: ET.Element, order: int) -> list[tuple[float, float, float, float, int]]:
    """A path that is one straight horizontal or vertical segment, in page space."""
    ops = list(path)
    if len(ops) != 2 or ops[0].tag != "moveto" or ops[1].tag != "lineto":
        return []
    a, b, c, d, e, f = _matrix(path.get("transform"))
    (x0, y0), (x1, y1) = [(float(o.get("x", "0")), float(o.get("y", "0"))) for o in ops]
    p0 = (a * x0 + c * y0 + e, b * x0 + d * y0 + f)
    p1 = (a * x1 + c * y1 + e, b * x1 + d * y1 + f)
    if abs(p0[0] - p1[0]) > 0.5 and abs(p0[1] - p1[1]) > 0.5:
        return []  # a slanted line: not the side of a box
    return [(min(p0[0], p1[0]), min(p0[1], p1[1]), max(p0[0], p1[0]), max(p0[1], p1[1]), order)]


def _boxes_from_sides(sides: list[tuple[float, float, float, float, int]]) -> list[Shape]:
    """Rectangles whose four sides are drawn as separate segments (within 1 pt)."""
    tol = 1.0
    horizontal = [s for s in sides if s[3] - s[1] <= 0.5 and s[2] - s[0] >= MIN_BOX]
    vertical = [s for s in sides if s[2] - s[0] <= 0.5 and s[3] - s[1] >= MIN_BOX]

    def near(u: float, v: float) -> bool:
        return abs(u - v) <= tol

    boxes = []
    for i, top in enumerate(horizontal):
        for bottom in horizontal[i + 1 :]:
            if not (near(top[0], bottom[0]) and near(top[2], bottom[2])):
                continue
            y0, y1 = sorted((top[1], bottom[1]))
            if y1 - y0 < MIN_BOX:
                continue
            ends = [v for v in vertical if near(v[1], y0) and near(v[3], y1)]
            if any(near(v[0], top[0]) for v in ends) and any(near(v[0], top[2]) for v in ends):
                x0, x1 = top[0], top[2]
                order = max(top[4], bottom[4])
                boxes.append(Shape.of([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], order))
    return boxes


def _closed(path: ET.Element, order: int) -> list[Shape]:
    """The closed sub-paths of one path element, in page space, curves flattened."""
    a, b, c, d, e, f = _matrix(path.get("transform"))
    out: list[Shape] = []
    pts: list[tuple[float, float]] = []
    for op in path:
        if op.tag == "moveto":
            pts = [(float(op.get("x", "0")), float(op.get("y", "0")))]
        elif op.tag == "lineto":
            pts.append((float(op.get("x", "0")), float(op.get("y", "0"))))
        elif op.tag == "curveto" and pts:
            (x0, y0) = pts[-1]
            x1, y1, x2, y2, x3, y3 = (
                float(op.get(k, "0")) for k in ("x1", "y1", "x2", "y2", "x3", "y3")
            )
            for t in (0.25, 0.5, 0.75, 1.0):
                u = 1 - t
                bx = u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3
                by = u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3
                pts.append((bx, by))
        elif op.tag == "closepath" and len(pts) >= 3:
            shape = Shape.of(
                [(a * x + c * y + e, b * x + d * y + f) for x, y in pts], order + len(out)
            )
            if shape.x1 - shape.x0 >= MIN_BOX and shape.y1 - shape.y0 >= MIN_BOX:
                out.append(shape)
            pts = pts[:1]
    return out


def read_pages(pdf: str) -> list[PageGeometry]:
    """Words and shapes of every page of a PDF."""
    words = read_words(pdf)
    shapes = read_shapes(pdf)
    if len(words) != len(shapes):
        raise RuntimeError(f"MuPDF read {len(words)} pages of text but {len(shapes)} of paths")
    return [PageGeometry(w, h, ws, ss) for (w, h, ws), ss in zip(words, shapes, strict=True)]
