"""Render stage, drafts: `toolkit build --draft` builds while rule errors remain.

A draft is for the designer's desk, never the printer: every page of an output made from
a file with an error carries a DRAFT band naming the findings' codes, and `kit/draft.pdf`
lists every error first. The build still exits 1 (CI still fails), and a draft output's
key differs from a clean one's, so the next clean build renders it again.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import partial
from xml.sax.saxutils import escape

import pikepdf
from reportlab.lib.colors import CMYKColor
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

from toolkit.core.diagnostics import Diagnostic, format_text
from toolkit.core.outputs import DRAFT_LIST, Output
from toolkit.render.faces import register_fonts
from toolkit.render.session import Session

BAND = "DRAFT · not for print · "


# the file every output of a game is made from: a finding there alone stamps them all
GAME_FILES = (f"{os.sep}game.yaml",)


def _key(path: str) -> str:
    return os.path.realpath(path)


def codes_by_file(errors: Iterable[Diagnostic]) -> dict[str, tuple[str, ...]]:
    """The error codes found in each file (by real path), sorted. A finding reported in
    several files at once (a party's seat count: at the party's faction files and at the
    game file that sets the count) is the files' it names beside the one every output is
    made from: it stamps those files' pages, not every page of the kit."""
    errors = list(errors)
    files_of: dict[str, set[str]] = {}
    for d in errors:
        files_of.setdefault(d.code, set()).add(_key(str(d.loc.path)))
    out: dict[str, set[str]] = {}
    for d in errors:
        where = _key(str(d.loc.path))
        if where.endswith(GAME_FILES) and len(files_of[d.code]) > 1:
            continue  # the same finding stands in the files that make the difference
        out.setdefault(where, set()).add(d.code)
    return {k: tuple(sorted(v)) for k, v in out.items()}


def stamped_outputs(outputs: Sequence[Output], errors: Sequence[Diagnostic]) -> list[Output]:
    """The outputs, those made from a file with an error rendering with the DRAFT band. An
    output assembled from others (a deck of sheets) is not stamped as a whole: its parts
    carry their own bands, so only the pages of the sheets the errors touch show one. A
    board's tiles are: each shows only a part of the board, most of them not its band."""
    by_file = codes_by_file(errors)
    out = []
    for o in outputs:
        codes = sorted({c for s in o.sources for c in by_file.get(_key(s), ())})
        stamp = codes and (not o.parts or o.kind == "board-tiles")
        out.append(replace(o, render=partial(_stamp, o.render, tuple(codes))) if stamp else o)
    return out


def _stamp(render: Callable[[Session], bytes], codes: tuple[str, ...], session: Session) -> bytes:
    data = render(session)
    text = BAND + ", ".join(codes)
    if data.startswith(b"%PDF"):
        return stamp_pdf(data, text)
    if data.lstrip().startswith(b"<svg") or b"<svg" in data[:400]:
        return stamp_svg(data, text)
    return data  # a picture or a page of the gallery: kit/draft.pdf says what is wrong


def _band(width: float, height: float, text: str) -> bytes:
    """A one-page PDF of the page's size holding the band across its top."""

    register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(width, height), invariant=1)
    band = min(22.0, height * 0.06)
    c.setFillColor(CMYKColor(0, 0.9, 0.9, 0.1))
    c.rect(0, height - band, width, band, stroke=0, fill=1)
    c.setFillColor(CMYKColor(0, 0, 0, 0))
    size = band * 0.5
    while size > 4 and c.stringWidth(text, "Cinzel-Bold", size) > width - 12:
        size -= 0.5
    c.setFont("Cinzel-Bold", size)
    c.drawCentredString(width / 2, height - band * 0.68, text)
    c.showPage()
    c.save()
    return buf.getvalue()


def stamp_pdf(data: bytes, text: str) -> bytes:
    """Every page of a PDF with the DRAFT band over its top edge."""

    with pikepdf.open(io.BytesIO(data)) as pdf:
        bands: dict[tuple[float, float], pikepdf.Pdf] = {}
        for page in pdf.pages:
            box = [float(v) for v in page.mediabox]
            size = (box[2] - box[0], box[3] - box[1])
            if size not in bands:
                bands[size] = pikepdf.open(io.BytesIO(_band(*size, text)))
            overlay = pikepdf.Page(pdf.copy_foreign(bands[size].pages[0].obj))
            page.add_overlay(overlay, pikepdf.Rectangle(*box))
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True)
        return out.getvalue()


def stamp_svg(data: bytes, text: str) -> bytes:
    """An SVG with the DRAFT band drawn last, across its top."""
    svg = data.decode("utf-8")
    end = svg.rfind("</svg>")
    band = (
        '<g class="draft"><rect x="0" y="0" width="100%" height="24" fill="#c0281e"/>'
        '<text x="50%" y="17" text-anchor="middle" font-family="Cinzel, serif" '
        f'font-weight="700" font-size="14" fill="#ffffff">{escape(text)}</text></g>'
    )
    return (svg[:end] + band + svg[end:]).encode("utf-8")


def cover_output(title: str, sources: Sequence[str], errors: Sequence[Diagnostic]) -> Output:
    """kit/draft.pdf: every error of the draft, one line each, as `check` prints them."""
    lines = tuple(format_text(d) for d in errors)
    return Output(
        DRAFT_LIST,
        "draft",
        tuple(sources),
        partial(_cover, title, lines),
        group="reference",
        cost=0,
    )


def _cover(title: str, lines: tuple[str, ...], session: Session) -> bytes:
    register_fonts()
    buf = io.BytesIO()
    size = LETTER if session.options.paper == "letter" else A4
    doc = SimpleDocTemplate(
        buf,
        pagesize=size,
        title=f"{title}: draft",
        invariant=1,
        leftMargin=40,
        rightMargin=40,
        topMargin=40,
        bottomMargin=40,
    )
    head = ParagraphStyle("h", fontName="Cinzel-Bold", fontSize=16, leading=20)
    body = ParagraphStyle("b", fontName="EBGaramond", fontSize=9, leading=11.5)
    story = [
        Paragraph(escape(f"{title}: DRAFT, not for print"), head),
        Spacer(0, 6),
        Paragraph(
            escape(
                f"{len(lines)} error(s) remain; each page made from a file "
                "with one carries a DRAFT band naming its codes."
            ),
            body,
        ),
        Spacer(0, 8),
    ]
    story += [Paragraph(escape(line), body) for line in lines]
    doc.build(story)
    session.pages = doc.page
    return buf.getvalue()
