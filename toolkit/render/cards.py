"""Cards for print, for any game: faces, backs, n-up sheets, print-on-demand, calibration.

A game describes its card once, as a `CardFormat`: trim size, bleed, and the template
that holds its `face(c)` and `back(c)` macros. This module lays the cards out the ways
a printer needs them (one card a page with bleed for a shop; n-up with crop marks and
mirrored backs for a home duplex printer) through one shared page template,
`templates/common/cards.html.j2`, so every game's cards are imposed the same way. A
deck's card files are assembled from each card's own page (`toolkit.render.card_files`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from toolkit.core.outputs import BuildOptions, Output, build_time
from toolkit.render.session import Session
from toolkit.render.templates import render

PDFX = ("pdf/x-4", "pdf/x-1a")  # the variants made a print shop's PDF/X here, after WeasyPrint


@dataclass(frozen=True)
class CardFormat:
    """One kind of card of one game: its size in mm and where its face and back come from."""

    width: float
    height: float
    macros: str  # template with `face(c)` and `back(c)` macros, e.g. `worldspanner/hero.j2`
    css: str  # the game's card stylesheet, relative to templates/
    title: str
    bleed: float = 3.0

    @property
    def cell(self) -> tuple[float, float]:
        """A card with its bleed, as it sits in an imposed sheet."""
        return self.width + 2 * self.bleed, self.height + 2 * self.bleed


@dataclass(frozen=True)
class Grid:
    """Where n-up cards sit on a sheet of paper: columns, rows and the top-left corner."""

    cols: int
    rows: int
    x0: float
    y0: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


def grid(fmt: CardFormat, paper_mm: tuple[float, float]) -> Grid:
    """As many cards as fit the paper, centred."""
    (width, height), (cell_w, cell_h) = paper_mm, fmt.cell
    cols, rows = int(width // cell_w), int(height // cell_h)
    return Grid(cols, rows, (width - cols * cell_w) / 2, (height - rows * cell_h) / 2)


def build_date() -> str:
    """The build's fixed time (`toolkit.core.outputs.build_time`) as an HTML date: never `now`."""

    return build_time().strftime("%Y-%m-%dT%H:%M:%S+00:00")


def with_bleed(fmt: CardFormat, session: Session) -> CardFormat:
    """The card format with the bleed the user asked for (`--bleed MM`), else its own."""
    bleed = session.options.bleed
    return fmt if bleed is None else dataclasses.replace(fmt, bleed=bleed)


def render_cards(
    session: Session,
    fmt: CardFormat,
    mode: str,
    variant: str | None = None,
    pages: int = 0,
    **context: object,
) -> bytes:
    """Lay out cards in one of the modes of `common/cards.html.j2` and write the PDF, of
    `pages` pages (the page budget grows with a large deck's pages)."""

    opts = session.options
    cell_w, cell_h = fmt.cell
    html = render(
        session.env,
        "common/cards.html.j2",
        mode=mode,
        macros=fmt.macros,
        css=fmt.css,
        title=fmt.title,
        paper=opts.paper,
        page_size=opts.page_size,
        paper_mm=opts.paper_mm,
        card_w=fmt.width,
        card_h=fmt.height,
        bleed=fmt.bleed,
        cell_w=cell_w,
        cell_h=cell_h,
        backs=opts.backs,
        marks=not opts.final,
        **context,
    )
    data = session.pdf(html, variant, pages)
    return pdfx(data, variant) if variant in PDFX else data


def pdfx(data: bytes, variant: str = "pdf/x-4") -> bytes:
    """A print shop's PDF/X-4, or PDF/X-1a:2003 for `variant` "pdf/x-1a"
    (`toolkit.render.pdfx`): colours through the output condition's profile, and the
    OutputIntent that names it (WeasyPrint writes neither)."""
    # pikepdf and Pillow's colour management: 50 ms to import, only for a print shop's file
    from toolkit.render.pdfx import to_pdfx

    return to_pdfx(data, variant)


def render_faces(fmt: CardFormat, cards: Sequence[object], session: Session) -> bytes:
    """One card face a page, at trim size with bleed (TrimBox and BleedBox set)."""
    return render_cards(session, with_bleed(fmt, session), "faces", pages=len(cards), cards=cards)


def render_backs(fmt: CardFormat, backs: Sequence[object], session: Session) -> bytes:
    """One card back a page, at trim size with bleed."""
    return render_cards(session, with_bleed(fmt, session), "backs", pages=len(backs), cards=backs)


def render_imposed(
    fmt: CardFormat,
    cards: Sequence[object],
    session: Session,
    back: object = None,
    duplex: bool = True,
    backs: Sequence[object] | None = None,
) -> bytes:
    """Cards n-up with crop marks; each fronts page is followed by its backs page, columns
    mirrored for long-edge duplex and shifted by the printer's `--back-offset`. The game's
    `back` macro gets each card, or `back` for every card when given, or `backs[i]` for
    card i when given. Without `duplex` (badges, strips) only the fronts are printed."""
    fmt = with_bleed(fmt, session)
    g = grid(fmt, session.options.paper_mm)
    if backs is not None and len(backs) != len(cards):
        raise ValueError(f"{len(backs)} backs for {len(cards)} cards")
    pages = []
    for start in range(0, len(cards), g.per_page):
        chunk = cards[start : start + g.per_page]
        pages.append([(i % g.cols, i // g.cols, c) for i, c in enumerate(chunk)])
        if duplex:
            behind = [
                backs[start + i] if backs is not None else c if back is None else back
                for i, c in enumerate(chunk)
            ]
            pages.append([(g.cols - 1 - i % g.cols, i // g.cols, b) for i, b in enumerate(behind)])
    dx, dy = session.options.back_offset
    return render_cards(
        session,
        fmt,
        "imposed",
        pages=len(pages),
        sheets=pages,
        grid=g,
        back_dx=dx,
        back_dy=dy,
        duplex=duplex,
    )


def render_calibration(fmt: CardFormat, session: Session) -> bytes:
    """A duplex calibration sheet: crosshairs and millimetre scales at each card position on
    the front, crosshairs on the back; held to the light, the scales read the printer's
    offset, to pass as `--back-offset X,Y`."""
    fmt = with_bleed(fmt, session)
    g = grid(fmt, session.options.paper_mm)
    cell_w, cell_h = fmt.cell
    centres = [
        (g.x0 + (c + 0.5) * cell_w, g.y0 + (r + 0.5) * cell_h)
        for r in range(g.rows)
        for c in range(g.cols)
    ]
    dx, dy = session.options.back_offset
    return render_cards(session, fmt, "calibration", centres=centres, dx=dx, dy=dy)


def calibration_outputs(fmt: CardFormat, options: BuildOptions, game_src: str) -> list[Output]:
    """The duplex calibration sheet for a game's cards of `fmt`, where the kit is printed at
    home (print it first: it reads the printer's `--back-offset`); none for a print shop."""
    if options.preset != "home":
        return []
    return [
        Output(
            f"cards/duplex-calibration-{options.paper}.pdf",
            "card-calibration",
            (game_src, "templates/common/cards.html.j2"),
            partial(render_calibration, fmt),
            group="backs",
            cost=1,
        )
    ]
