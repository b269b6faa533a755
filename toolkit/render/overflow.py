"""Render stage, PDF side: text that runs out of its box once laid out (`toolkit.render.pdf.layout`
checks every document it lays out with `check_overflow`).

The stylesheets break a word too long for its line, and a run of over 40 letters may break
anywhere (`toolkit.render.pdf.break_long_runs`); any text still outside its line, a box
that clips it, or the page's area after layout, or cut at the foot of the page, is a
`TextOverflow`: nothing is written. WeasyPrint's boxes are read as it laid them out.
"""

from __future__ import annotations

from typing import Any

from weasyprint import Document
from weasyprint.formatting_structure.boxes import LineBox, MarginBox, TextBox

from toolkit.core.outputs import TextOverflow

_INVISIBLE = " \t\n\r\f\u00a0\u00ad\u200b\u200c\u200d\u2060\ufeff"  # no ink of their own
OVERFLOW_PT = 0.6  # pt (about 0.2 mm) a glyph may reach past its box: side bearings, rounding
_Bounds = tuple[float, float, float, float]


def check_overflow(doc: Document) -> None:
    """Raise `TextOverflow` for the first text on any page that runs out of its line (a word
    that could not be broken: `white-space: nowrap`), out of a box that clips what overflows
    it (a card), or off the page's area (the page margins, for the page's content); or that
    was cut at the foot of the page: a box out of the flow (absolutely positioned, floated)
    broken there, whose rest WeasyPrint puts on the next page, or drops after the last."""

    for n, page in enumerate(doc.pages, 1):
        box = page._page_box
        whole = (0.0, 0.0, float(box.margin_width()), float(box.margin_height()))
        area = (
            box.content_box_x(),
            box.content_box_y(),
            box.content_box_x() + box.width,
            box.content_box_y() + box.height,
        )
        for child in box.all_children():
            inner = _unwrapped(child)
            found = _outside(inner, whole if isinstance(inner, MarginBox) else area)
            if found is not None:
                text, why = found
                shown = text if len(text) <= 40 else text[:39] + "…"
                raise TextOverflow(f"page {n}: the text {shown!r} {why}; shorten it", text)


def _unwrapped(box: Any) -> Any:
    """The laid-out box behind an absolutely positioned box's placeholder."""
    return getattr(box, "_box", box)


def _outside(box: Any, bounds: _Bounds) -> tuple[str, str] | None:
    """The first text under `box` outside `bounds` (x0, y0, x1, y1, narrowed by every line
    and clipping box on the way down) or cut at the page's foot, and how; None when all of
    it stays inside."""

    if isinstance(box, TextBox):
        if not box.text.strip(_INVISIBLE):
            return None
        if box.width <= 0 and box.style["font_size"] > 0:
            # Pango measures in 32-bit units: breaking a word of a paragraph whose lines
            # would stack past about 2 million px (400 px type, 15,000 letters) collapses it
            # into one line of no width, drawn over itself
            return box.text, "could not be laid out: its lines would be too many to measure"
        x0, y0 = box.position_x, box.position_y
        x1, y1 = x0 + box.width, y0 + box.height
        by = max(bounds[0] - x0, bounds[1] - y0, x1 - bounds[2], y1 - bounds[3])
        if by > OVERFLOW_PT:
            return box.text, f"runs {by * 25.4 / 72:.1f} mm out of its box"
        return None
    if isinstance(box, LineBox):
        bounds = (
            max(bounds[0], box.position_x),
            bounds[1],
            min(bounds[2], box.position_x + box.width),
            bounds[3],
        )
    else:
        if "bottom" in box.remove_decoration_sides and _out_of_flow(box):
            texts = [
                b.text
                for b in box.descendants()
                if isinstance(b, TextBox) and b.text.strip(_INVISIBLE)
            ]
            if texts:
                return texts[-1], "is cut at the foot of the page: its box is too small for it"
        if box.style["overflow"] != "visible" and box.width is not None:
            x, y = box.padding_box_x(), box.padding_box_y()
            bounds = (
                max(bounds[0], x),
                max(bounds[1], y),
                min(bounds[2], x + box.padding_width()),
                min(bounds[3], y + box.padding_height()),
            )
    for child in getattr(box, "all_children", lambda: [])():
        found = _outside(_unwrapped(child), bounds)
        if found is not None:
            return found
    return None


def _out_of_flow(box: Any) -> bool:
    """An absolutely positioned, fixed or floated box (a page break does not carry it on)."""
    return box.style["position"] in ("absolute", "fixed") or box.style["float"] != "none"
