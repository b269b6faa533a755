"""Write stage, counters: the packed pieces on reportlab's canvas (`toolkit.render.counter_pdf`
draws through this module, imported only where sheets are drawn).

Each piece is drawn at its place with its face (`toolkit.render.counter_pdf.Faces`),
clipped to its bleed; a fold-over standee as its two panels back to back between base
tabs. The canvas runs with `invariant=1`: the same pieces give the same bytes.
"""

from __future__ import annotations

import base64
import io
from typing import IO, Any, Protocol

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from toolkit.render.counter_layout import BASE, BLEED, HEADER, MARGIN, Placed, Token, back_of
from toolkit.render.faces import PT, Op, outline, register_fonts


class Faces(Protocol):
    """Where the faces come from (`toolkit.render.counter_pdf.Faces`)."""

    look: dict[str, str]  # the colours the template sets for the core

    def ops(self, t: Token, side: str) -> tuple[Op, ...]:
        """A piece's side as drawing operations, fitted to the piece."""
        ...


def _rgb(value: str) -> tuple[float, float, float]:
    return tuple(int(value[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


class Pen:
    """Colour setting for one canvas (RGB; a print shop's file is converted to CMYK through
    the output condition's profile afterwards, `toolkit.render.pdfx`, as the cards are)."""

    def __init__(self, canvas: Any) -> None:
        self.c = canvas

    def fill(self, value: str) -> None:
        self.c.setFillColorRGB(*_rgb(value))

    def stroke(self, value: str) -> None:
        self.c.setStrokeColorRGB(*_rgb(value))


def _path(c: Any, shape: str, w: float, h: float, grow: float = 0.0) -> Any:
    """A piece's outline as a canvas path, in mm from its top-left (y up, so negated)."""
    p = c.beginPath()
    if shape == "round":
        p.circle(w / 2 * PT, -h / 2 * PT, (w / 2 + grow) * PT)
        return p
    poly = outline(shape, w, h)
    assert poly is not None
    cx, cy = w / 2, h / 2
    for i, (x, y) in enumerate(poly):
        if grow:  # pushed out from the centre (enough for a bleed on convex outlines)
            d = max(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5, 1e-9)
            x, y = x + (x - cx) / d * grow * 1.2, y + (y - cy) / d * grow * 1.2
        (p.moveTo if i == 0 else p.lineTo)(x * PT, -y * PT)
    p.close()
    return p


def _picture(art: str) -> Any:
    """The piece's picture (a PNG or JPEG data: URL) as reportlab reads it, once each."""
    hit = _PICTURES.get(art)
    if hit is None:
        hit = _PICTURES[art] = ImageReader(io.BytesIO(base64.b64decode(art.split(",", 1)[1])))
    return hit


_PICTURES: dict[str, Any] = {}


def _face(
    c: Any, pen: Pen, ops: tuple[Op, ...], shape: str, w: float, h: float, art: str = ""
) -> None:
    """Draw a face at the current origin (the face's top-left), clipped to its bleed."""
    c.saveState()
    c.clipPath(_path(c, shape, w, h, BLEED), stroke=0, fill=0)
    for op in ops:
        if op.fill:
            pen.fill(op.fill)
        if op.stroke:
            pen.stroke(op.stroke)
            c.setLineWidth(op.width * PT)
        fill, stroke = int(op.fill is not None), int(op.stroke is not None)
        q = [v * PT for v in op.points]
        if op.kind == "circle":
            c.circle(q[0], -q[1], q[2], stroke=stroke, fill=fill)
        elif op.kind == "ellipse":
            c.ellipse(
                q[0] - q[2], -q[1] - q[3], q[0] + q[2], -q[1] + q[3], stroke=stroke, fill=fill
            )
        elif op.kind == "rect":
            if q[4]:
                c.roundRect(q[0], -q[1] - q[3], q[2], q[3], q[4], stroke=stroke, fill=fill)
            else:
                c.rect(q[0], -q[1] - q[3], q[2], q[3], stroke=stroke, fill=fill)
        elif op.kind == "line":
            c.line(q[0], -q[1], q[2], -q[3])
        elif op.kind == "polygon":
            p = c.beginPath()
            p.moveTo(q[0], -q[1])
            for i in range(2, len(q), 2):
                p.lineTo(q[i], -q[i + 1])
            p.close()
            c.drawPath(p, stroke=stroke, fill=fill)
        elif op.kind == "image" and art:
            c.drawImage(
                _picture(art),
                q[0],
                -q[1] - q[3],
                q[2],
                q[3],
                preserveAspectRatio=True,
                anchor="c",
                mask="auto",
            )
        elif op.kind == "text":
            c.setFont(op.font, q[2])
            draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[
                op.anchor
            ]
            draw(q[0], -q[1], op.text)
    c.restoreState()


def _piece(
    c: Any,
    pen: Pen,
    faces: Faces,
    t: Token,
    x: float,
    y: float,
    page_h: float,
    side: str,
    cuts: bool,
) -> None:
    """One piece with its top-left at (x, y) mm on the page."""
    c.saveState()
    c.translate(x * PT, (page_h - y) * PT)
    if t.shape != "standee":
        _face(c, pen, faces.ops(t, side), t.shape, t.w, t.h, t.art)
        if cuts:
            pen.stroke(faces.look["cut_line"])
            c.setLineWidth(0.3)
            c.drawPath(_path(c, t.shape, t.w, t.h), stroke=1, fill=0)
        c.restoreState()
        return
    # A fold-over standee, top to bottom: base tab, back panel (upside down), fold, front
    # panel, base tab. Folded on the middle line, the two panels stand back to back.
    panel, base = t.panel, BASE * t.panel
    c.saveState()  # back panel: turned half a turn about its centre
    c.translate(t.w * PT, -(base + panel) * PT)
    c.rotate(180)
    _face(c, pen, faces.ops(t, "back"), "rect", t.w, panel, t.art)
    c.restoreState()
    c.saveState()
    c.translate(0, -(base + panel) * PT)
    _face(c, pen, faces.ops(t, "front"), "rect", t.w, panel, t.art)
    c.restoreState()
    for top in (0.0, base + 2 * panel):  # base tabs, the colour of the piece
        pen.fill(t.colour or faces.look["piece_colour"])
        c.rect(0, -(top + base) * PT, t.w * PT, base * PT, stroke=0, fill=1)
    if cuts:
        pen.stroke(faces.look["cut_line"])
        c.setLineWidth(0.3)
        c.rect(0, -t.h * PT, t.w * PT, t.h * PT, stroke=1, fill=0)
        c.setDash(2, 2)
        for fold in (base, base + panel, base + 2 * panel):
            c.line(0, -fold * PT, t.w * PT, -fold * PT)
    c.restoreState()


def drawn(
    out: IO[bytes],
    title: str,
    pages: list[list[Placed]],
    paper: tuple[float, float],
    duplex: bool,
    offset: tuple[float, float],
    faces: Faces,
) -> int:
    """Draw the packed pages (each followed by its mirrored backs page when `duplex`);
    returns the number of PDF pages."""
    register_fonts()
    width, height = paper
    c = Canvas(
        out,
        pagesize=(width * PT, height * PT),
        invariant=1,
        pageCompression=1,
        initialFontName="EBGaramond",
        initialFontSize=8,
    )
    c.setTitle(title)
    c.setAuthor("toolkit")
    c.setCreator("toolkit")
    c.setProducer("toolkit")
    pen = Pen(c)
    n = 0
    for number, page in enumerate(pages, 1):
        sheets = [("front", page)] + ([("back", page)] if duplex else [])
        for side, placed in sheets:
            pen.fill(faces.look["header_ink"])
            c.setFont("EBGaramond", 8)
            head = f"{title}: sheet {number} of {len(pages)}"
            if duplex:
                head += (
                    " (fronts; print double-sided, flip on the long edge, 100 %)"
                    if side == "front"
                    else " (backs)"
                )
            c.drawString(MARGIN * PT, (height - MARGIN - HEADER + 3) * PT, head)
            for p in placed:
                if side == "back" and p.token.sides == 1:
                    continue  # a single-sided piece filling a double-sided sheet: blank back
                x, y = (p.x, p.y) if side == "front" else back_of(p, width, offset)
                _piece(c, pen, faces, p.token, x, y, height, side, side == "front")
            c.showPage()
            n += 1
    c.save()
    return n
