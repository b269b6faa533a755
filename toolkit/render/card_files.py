"""Render stage: a deck's card files assembled from each card's own page.

A deck's card files (its faces, its n-up sheets, its print-on-demand file, its Tabletop
Simulator sheets) used to lay every card out again, once a file: a one-card edit cost
the whole deck's layout three or four times over. Each card is now laid out once, as an
output of its own (`cards/<deck>/<stem>.pdf`, the card alone at trim size with bleed),
and the deck's files are put together from those pages as written: the faces file is
their pages in order; an n-up sheet places each card's page, as a drawing, in its cell of
a page whose crop marks the template lays out (`toolkit.render.cards`); the
print-on-demand file pairs each card's page with its back's. The cards print what their
own files print, and an edit lays out only the card it changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from toolkit.check.file_names import slug
from toolkit.core.outputs import BuildOptions, Output
from toolkit.render.cards import (
    CardFormat,
    Grid,
    grid,
    pdfx,
    render_backs,
    render_cards,
    render_faces,
    with_bleed,
)
from toolkit.render.parts import assembled, deck
from toolkit.render.session import Session


def card_page(fmt: CardFormat, card: object, session: Session) -> bytes:
    """One card alone: its face at trim size with bleed (the page a deck's files are
    assembled from)."""
    return render_faces(fmt, (card,), session)


def faces_from_parts(fmt: CardFormat, parts: Sequence[str], session: Session) -> bytes:
    """One card face a page: the cards' own pages (`parts`, outputs of this build, a path
    once per copy printed), their fonts merged (`toolkit.render.parts`)."""
    return deck(fmt.title, parts, session)


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
    backs, index = _unique_backs(with_bleed(fmt, session), behind, session)
    files = [f for p, i in zip(parts, index, strict=True) for f in (backs[i], session.part(p))]
    data, session.pages = assembled(files, fmt.title)
    return pdfx(data)


def impose_parts(
    fmt: CardFormat, parts: Sequence[str], session: Session, behind: Sequence[object] | None = None
) -> bytes:
    """The cards (`parts`, their own pages) n-up with crop marks, as `render_imposed` lays
    them out: each fronts page followed by its backs page (`behind[i]`, card i's back),
    columns mirrored for long-edge duplex and shifted by the printer's `--back-offset`;
    without `behind`, fronts only."""
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
    files = [session.part(p) for p in parts]
    index: list[int] = []
    if duplex:
        backs, index = _unique_backs(fmt, behind, session)  # type: ignore[arg-type]
        files += backs
    # the cards' and backs' pages in one file first, so that their fonts are merged
    cards, _ = assembled(files, fmt.title)
    sheets = _cells(fmt, g, chunks, sides, [len(parts) + i for i in index], session)
    session.pages = len(chunks) * sides
    # pikepdf: 30 ms to import, only where a card sheet is put together
    from toolkit.render.pdf_pages import placed

    return placed(frames, cards, sheets)


def _cells(
    fmt: CardFormat,
    g: Grid,
    chunks: Sequence[range],
    sides: int,
    backs: Sequence[int],
    session: Session,
) -> list[list[tuple[int, float, float]]]:
    """Each sheet's cards, fronts then backs for each chunk of cards: (the card's page,
    or `backs[card]` on a backs sheet, and where its page's corner goes, in points from
    the sheet's bottom left). Backs are mirrored for long-edge duplex and shifted by the
    printer's `--back-offset`."""
    k = 72 / 25.4  # points a millimetre
    cell_w, cell_h = fmt.cell
    dx, dy = session.options.back_offset
    paper_h = session.options.paper_mm[1]
    sheets = []
    for chunk in chunks:
        for side in range(sides):
            back = side == 1
            here = []
            for i, card in enumerate(chunk):
                col, row = i % g.cols, i // g.cols
                if back:
                    col = g.cols - 1 - col
                x = g.x0 + col * cell_w + (dx if back else 0)
                y = g.y0 + row * cell_h + (dy if back else 0)
                here.append((backs[card] if back else card, x * k, (paper_h - y - cell_h) * k))
            sheets.append(here)
    return sheets


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
    out, parts = _card_pages(deck, fmt, cards, cost)
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


def _card_pages(
    deck: str,
    fmt: CardFormat,
    cards: Sequence[tuple[str, object, tuple[str, ...]]],
    cost: float,
) -> tuple[list[Output], list[str]]:
    """Each distinct card alone (`cards/<deck>/<stem>.pdf`), and for each of `cards` the
    path of its page: copies of a card share one."""
    out, parts = [], []
    made: dict[str, str] = {}  # a card's data -> its page
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
    return out, parts
