"""The Forty Factions kit's Information Sheets: one PDF a faction or plot, and each deck's
sheets in one file.

Sheets are laid out one per document so that a sheet that does not fit on one page is
caught and named; a deck PDF is assembled from the sheets' PDFs as written (no second
layout, one copy of each font: `toolkit.render.parts`), so an edit to one faction
re-lays out one sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import toolkit.games.forty_factions.views as views
from toolkit.core.diagnostics import Diagnostic, Loc, Severity
from toolkit.core.outputs import Output, RenderFailure
from toolkit.games.forty_factions.index import Index
from toolkit.render.parts import deck
from toolkit.render.session import Session
from toolkit.render.templates import render

SCALES = (1.0, 0.93, 0.86)  # a sheet may be set smaller, down to 86 %, to fit one page
SHEET_TEMPLATES = (
    "templates/forty-factions/sheets.html.j2",
    "templates/forty-factions/sheet.css",
    "templates/common/fonts.css",
)
DECK_PAGE = 0.05  # a deck is assembled in about 2 ms a sheet, in sheet-pages of 40 ms


@dataclass(frozen=True)
class SheetJob:
    """A sheet's view plus where its fields are in its content file (for messages)."""

    sheet: views.Sheet
    source: str
    field_locs: tuple[tuple[str, Loc], ...]


def sheet_outputs(
    ix: Index, kind: str, folder: str, docs: Sequence[Any], make_sheet: Callable[..., views.Sheet]
) -> list[Output]:
    """A sheet of each of `docs` (`sheets/<folder>/<stem>.pdf`, the view `make_sheet`
    makes), then the deck of them all (`sheets/<folder>.pdf`)."""
    game_src = ix.game.loc.path
    out, sheets = [], []
    for d in docs:
        sheet = make_sheet(ix, d)
        src = d.loc.path
        job = SheetJob(sheet, src, _field_locs(d, sheet))
        path = f"sheets/{folder}/{Path(src).stem}.pdf"
        sheets.append(path)
        out.append(
            Output(
                path=path,
                kind="sheet",
                sources=(src, game_src, *SHEET_TEMPLATES),
                render=partial(render_sheet, job),
                cost=_sheet_cost(sheet),
                fit=partial(fit_sheet, job),
            )
        )
    title = f"Anarea: Forty Factions · {kind.title()} Information Sheets"
    out.append(
        Output(
            path=f"sheets/{folder}.pdf",
            kind="deck",
            sources=(*(d.loc.path for d in docs), game_src, *SHEET_TEMPLATES),
            render=partial(deck, title, tuple(sheets)),
            parts=tuple(sheets),
            cost=DECK_PAGE * len(sheets),
        )
    )
    return out


def _layout_sheet(session: Session, sheet: views.Sheet, scale: float) -> Any:
    """One sheet laid out at `scale` of the normal text size, titled with its number and
    name (a PDF viewer shows the title)."""
    opts = session.options
    html = render(
        session.env,
        "forty-factions/sheets.html.j2",
        sheets=[sheet],
        title=f"{sheet.number} {sheet.name}",
        paper=opts.paper,
        page_size=opts.page_size,
        proof=opts.proof,
        final=opts.final,
        scale=scale,
    )
    return session.layout(html)


def sheet_layout(session: Session, job: SheetJob) -> Any:
    """Lay out one sheet on one page, shrinking within SCALES if needed (cached)."""
    key = ("sheet", repr(job), session.options)
    if key in session.cache:
        return session.cache[key]
    s = job.sheet
    overflow: list[str] = []
    for scale in SCALES:
        doc = _layout_sheet(session, s, scale)
        if len(doc.pages) == 1:
            if scale != 1.0:
                session.warnings.append(
                    Diagnostic(
                        Loc(job.source),
                        Severity.WARNING,
                        "RENDER-SHRUNK",
                        f"{s.kind} sheet {s.number} is set at {scale:.0%} of the normal text size "
                        "to fit one page; shorten its text to print it at full size",
                    )
                )
            session.cache[key] = doc
            return doc
        # the ids of the elements that begin past the first page: what overflowed
        spill = set().union(*(page.anchors for page in doc.pages[1:]))
        overflow = [f.key for f in s.fields if f"{s.anchor}-{f.key}" in spill]
    field = overflow[0] if overflow else (s.fields[-1].key if s.fields else "name")
    locs = dict(job.field_locs)
    raise RenderFailure(
        Diagnostic(
            locs.get(field, Loc(job.source)),
            Severity.ERROR,
            "RENDER-OVERFLOW",
            f"{s.kind} sheet {s.number} ({s.name}) does not fit on one page even at "
            f"{SCALES[-1]:.0%} text size: `{field}` runs onto a second page; shorten it",
        )
    )


def render_sheet(job: SheetJob, session: Session) -> bytes:
    """A sheet's own PDF, one page."""
    return session.write(sheet_layout(session, job))


def fit_sheet(job: SheetJob, session: Session) -> object:
    """Whether a sheet fits one page, without writing it (`toolkit check --layout`)."""
    return sheet_layout(session, job)


def _sheet_cost(sheet: views.Sheet) -> float:
    """What a sheet costs to render, in sheet-pages of 40 ms. Measured on the shipped
    content: a layout takes about 17 ms and 0.08 ms a character of text, writing the
    sheet's PDF 8 ms and 0.03 ms a character."""
    chars = sum(len(it.text) for f in sheet.fields for it in f.items)
    return (25 + 0.11 * chars) / 40


def _field_locs(doc: object, sheet: views.Sheet) -> tuple[tuple[str, Loc], ...]:
    return tuple((f.key, doc.loc_of(f.key)) for f in sheet.fields)  # type: ignore[attr-defined]
