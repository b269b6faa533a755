"""Cards for print, for any game: faces, backs, n-up sheets, print-on-demand, calibration.

A game describes its card once, as a `CardFormat`: trim size, bleed, and the template
that holds its `face(c)` and `back(c)` macros. This module lays the cards out the ways
a printer needs them (one card a page with bleed for a shop; n-up with crop marks and
mirrored backs for a home duplex printer) through one shared page template,
`templates/common/cards.html.j2`, so every game's cards are imposed the same way.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from toolkit.check.file_names import slug
from toolkit.core.outputs import BuildOptions, Output, build_time
from toolkit.render.session import Session
from toolkit.render.templates import render


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
    if variant == "pdf/x-4":
        # a print shop's PDF/X: colours through the output condition's profile, and the
        # OutputIntent that names it (WeasyPrint writes neither)
        from toolkit.render.pdfx import to_pdfx4

        data = to_pdfx4(data)
    return data


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


# --- Card files assembled from each card's own page -------------------------------------
#
# A deck's card files (its faces, its n-up sheets, its print-on-demand file, its Tabletop
# Simulator sheets) used to lay every card out again, once a file: a one-card edit cost
# the whole deck's layout three or four times over. Each card is now laid out once, as an
# output of its own (`cards/<deck>/<stem>.pdf`, the card alone at trim size with bleed),
# and the deck's files are put together from those pages as written: the faces file is
# their pages in order; an n-up sheet places each card's page, as a drawing, in its cell of
# a page whose crop marks the template lays out; the print-on-demand file pairs each
# card's page with its back's. The cards print what their own files print, and an edit
# lays out only the card it changed.


def card_page(fmt: CardFormat, card: object, session: Session) -> bytes:
    """One card alone: its face at trim size with bleed (the page a deck's files are
    assembled from)."""
    return render_faces(fmt, (card,), session)


def faces_from_parts(fmt: CardFormat, parts: Sequence[str], session: Session) -> bytes:
    """One card face a page: the cards' own pages (`parts`, outputs of this build, a path
    once per copy printed), their fonts merged (`toolkit.render.deck_pdf`)."""
    # pikepdf and fontTools (0.2 s to import): only where a deck is assembled
    from toolkit.render.deck_pdf import assemble

    data, session.pages = assemble([session.part(p) for p in parts], fmt.title)
    return data


def _unique_backs(
    fmt: CardFormat, behind: Sequence[object], session: Session
) -> tuple[list[bytes], list[int]]:
    """The distinct backs among `behind` (one a card), each laid out once as a page of its
    own, and for each card the index of its back's page."""
    keys: dict[str, int] = {}
    index = [keys.setdefault(repr(b), len(keys)) for b in behind]
    firsts = {i: b for b, i in zip(behind, index, strict=True)}
    pages = [render_backs(fmt, (firsts[i],), session) for i in range(len(keys))]
    return pages, index


def pod_from_parts(
    fmt: CardFormat, parts: Sequence[str], behind: Sequence[object], session: Session
) -> bytes:
    """Print-on-demand: every card as its back's page then its own page (`parts`, one a
    card; `behind`, its back), as PDF/X-4 in CMYK with its output intent."""
    # pikepdf and fontTools (0.2 s to import): only where a deck is assembled
    from toolkit.render.deck_pdf import assemble

    # WeasyPrint and pikepdf (1.2 s to import): only for a print shop's PDF/X
    from toolkit.render.pdfx import to_pdfx4

    backs, index = _unique_backs(with_bleed(fmt, session), behind, session)
    files = [f for p, i in zip(parts, index, strict=True) for f in (backs[i], session.part(p))]
    data, session.pages = assemble(files, fmt.title)
    return to_pdfx4(data)


def impose_parts(
    fmt: CardFormat, parts: Sequence[str], session: Session, behind: Sequence[object] | None = None
) -> bytes:
    """The cards (`parts`, their own pages) n-up with crop marks, as `render_imposed` lays
    them out: each fronts page followed by its backs page (`behind[i]`, card i's back),
    columns mirrored for long-edge duplex and shifted by the printer's `--back-offset`;
    without `behind`, fronts only."""

    # pikepdf takes 0.12 s to import: only where PDFs are assembled
    import pikepdf

    # pikepdf and fontTools (0.2 s to import): only where a deck is assembled
    from toolkit.render.deck_pdf import assemble, own_resources, saved

    fmt = with_bleed(fmt, session)
    g = grid(fmt, session.options.paper_mm)
    duplex = behind is not None
    if duplex and len(behind) != len(parts):  # type: ignore[arg-type]
        raise ValueError(f"{len(behind)} backs for {len(parts)} cards")  # type: ignore[arg-type]
    chunks = [range(s, min(s + g.per_page, len(parts))) for s in range(0, len(parts), g.per_page)]
    # a fronts page of crop marks (and the backs page, blank), laid out by the template
    # with empty cells: every sheet of the file starts as a copy of them
    sides = 2 if duplex else 1
    frames = render_cards(
        session,
        fmt,
        "imposed",
        pages=sides,
        sheets=[[]] * sides,
        grid=g,
        back_dx=0,
        back_dy=0,
        duplex=duplex,
    )
    pages = len(chunks) * sides
    files = [session.part(p) for p in parts]
    index: list[int] = []
    if duplex:
        backs, index = _unique_backs(fmt, behind, session)  # type: ignore[arg-type]
        files += backs
    # the cards' and backs' pages in one file first, so that their fonts are merged
    cards, _ = assemble(files, fmt.title)
    k = 72 / 25.4  # points a millimetre
    cell_w, cell_h = fmt.cell
    dx, dy = session.options.back_offset
    paper_h = session.options.paper_mm[1]
    with pikepdf.open(io.BytesIO(frames)) as doc, pikepdf.open(io.BytesIO(cards)) as src:
        forms, origins = [], []
        for p in src.pages:
            # the whole page with its bleed (a form of a page is cut to its trim), drawn
            # from the bleed's corner (the page's origin is the trim's)
            form = p.as_form_xobject()
            form.BBox = p.mediabox
            forms.append(doc.copy_foreign(form))
            origins.append((float(p.mediabox[0]), float(p.mediabox[1])))
        for _ in range(len(chunks) - 1):
            for side in range(sides):
                doc.pages.append(doc.pages[side])  # a copy, its own page object
        for n, chunk in enumerate(chunks):
            for side in range(sides):
                back = side == 1
                page = doc.pages[n * sides + side]
                draw, forms_here = [], pikepdf.Dictionary()
                for i, card in enumerate(chunk):
                    col, row = i % g.cols, i // g.cols
                    if back:
                        col = g.cols - 1 - col
                    x = g.x0 + col * cell_w + (dx if back else 0)
                    y = g.y0 + row * cell_h + (dy if back else 0)
                    which = len(parts) + index[card] if back else card
                    forms_here[f"/Card{i}"] = forms[which]
                    ox, oy = origins[which]
                    draw.append(
                        f"q 1 0 0 1 {x * k - ox:.3f} {(paper_h - y - cell_h) * k - oy:.3f}"
                        f" cm /Card{i} Do Q"
                    )
                own_resources(page, forms_here)
                page.contents_add(doc.make_stream("\n".join(draw).encode()), prepend=True)
        session.pages = pages
        return saved(doc)


CARDS_A_TASK = 12


def card_path(deck: str, stem: str) -> str:
    """Where a card alone is written: `cards/<deck>/<stem>.pdf` (what other files are
    assembled from it name it by this)."""
    return f"cards/{deck}/{stem}.pdf"


def numbered(
    cards: Sequence[object], sources: tuple[str, ...], own: Sequence[tuple[str, ...]] | None = None
) -> list[tuple[str, object, tuple[str, ...]]]:
    """A deck's cards as `card_outputs` takes them, each named by its place in the deck and
    its name (`007-iron-sword`): made from `sources`, or from `own[i]` for card i where a
    card has files of its own (a hero's file: a draft stamps that card alone)."""

    place: dict[str, int] = {}  # copies of a card share its number (and its page)
    out = []
    for i, c in enumerate(cards):
        n = place.setdefault(repr(c), len(place) + 1)
        name = slug(str(getattr(c, "name", "") or getattr(c, "kind", "card")))
        out.append((f"{n:03d}-{name}", c, own[i] if own is not None else sources))
    return out


def card_outputs(
    deck: str,
    fmt: CardFormat,
    cards: Sequence[tuple[str, object, tuple[str, ...]]],
    behind: Sequence[object],
    srcs: tuple[str, ...],
    options: BuildOptions,
    copies: int = 1,
    cost: float = 0.3,
) -> list[Output]:
    """A deck's card files: each card alone (`cards/<deck>/<stem>.pdf`, from `cards`: its
    file's stem, the card, what it is made from), then, assembled from those pages, the
    faces (`cards/<deck>-faces.pdf`) and either the n-up sheets for the chosen paper or,
    under `--preset pod`, the print-on-demand file. `behind[i]` is card i's back; the deck
    is printed `copies` times over in each file. `cost`: one card's layout, in
    sheet-pages."""
    out, parts = [], []
    made: dict[str, str] = {}  # a card's data -> its page: copies of a card share one
    for stem, card, sources in cards:
        key = repr(card)
        if key not in made:
            made[key] = path = card_path(deck, stem)
            # a dozen cards to a worker's task: a task's own cost (sending it, collecting
            # the worker's garbage after it) is about a card's layout
            out.append(
                Output(
                    path,
                    "card",
                    sources,
                    partial(card_page, fmt, card),
                    group=f"cards-{deck}-{len(made) // CARDS_A_TASK}",
                    cost=cost,
                )
            )
        parts.append(made[key])
    every, backs = tuple(parts) * copies, tuple(behind) * copies
    # measured: a file assembled from 69 cards' pages costs 0.1 s (faces) to 0.15 s (n-up)
    out.append(
        Output(
            f"cards/{deck}-faces.pdf",
            "card-faces",
            srcs,
            partial(faces_from_parts, fmt, every),
            parts=every,
            cost=0.035 * len(every),
        )
    )
    if options.preset == "pod":
        out.append(
            Output(
                f"cards/{deck}-pod.pdf",
                "card-pod",
                srcs,
                partial(pod_from_parts, fmt, every, backs),
                parts=every,
                cost=0.05 * len(every),
            )
        )
    else:
        out.append(
            Output(
                f"cards/{deck}-{options.paper}.pdf",
                "card-sheet",
                srcs,
                partial(impose_parts, fmt, every, behind=backs),
                parts=every,
                cost=0.055 * len(every),
            )
        )
    return out
