"""Counter and token sheets, for any game: round, square and hex counters, chits, pawns and
fold-over standees, packed onto sheets of paper with cut lines and a gutter.

A game lists its pieces in `components.yaml` (`toolkit.model.components`); each piece the kit
prints has a shape, a size, one or two sides and a face drawn by a macro of
`templates/<game>/counters.svg.j2` (`toolkit.render.faces`). This module expands the list into
single pieces (one set per player colour or House where the component says `each`),
packs them in rows, and draws the sheets with reportlab's canvas: its geometry is exact,
and it draws hundreds of pieces in a fraction of the time an HTML layout takes (see `make
bench`). Under `--preset pod` the sheets are made PDF/X-4 (CMYK through the print profile)
as every PDF of such a kit is (`toolkit.render.pdfx.for_print_shop`).

Two files: `counters/counters-<paper>.pdf` holds the double-sided pieces, each fronts page
followed by its backs page, mirrored for long-edge duplex and shifted by `--back-offset`
like the card sheets; single-sided components fill the room they leave on their last sheet
(`sheets`). `counters/tokens-<paper>.pdf` holds the other single-sided pieces (chits,
pawns, standees: print single-sided). Output is byte-identical run to run
(`invariant=1`) and embeds the kit's own fonts only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.load.art import placed
from toolkit.model.components import Components, Item, Setting, evaluate, figures_of
from toolkit.model.marks import marks, unique

MARGIN = 10.0  # mm of paper a home printer cannot reach
HEADER = 7.0  # mm for the sheet's title line
GUTTER = 3.0  # mm between two pieces: room for scissors and for the bleed
BLEED = 1.0  # mm a face's background runs past its cut line
BASE = 0.3  # a standee's base tab, as a share of its panel's height
ROUND_HEX = 2 / math.sqrt(3)


@dataclass(frozen=True)
class Token:
    """One piece to print, with the context its face macro gets."""

    component: str
    name: str
    shape: str
    w: float  # the piece's box, mm (a standee: its whole strip)
    h: float
    panel: float  # a standee's panel height (0 for a counter)
    sides: int
    face: str
    back: str
    label: str
    colour: str
    item: str
    art: str = ""  # the piece's picture as a data: URL ("" for none)
    mark: str = ""  # a letter or two unique among its component's items (`toolkit.model.marks`)

    @property
    def face_h(self) -> float:
        """Height of the area a face is drawn in (a standee's panel)."""
        return self.panel or self.h

    @property
    def face_shape(self) -> str:
        return "rect" if self.shape == "standee" else self.shape

    def context(self, side: str, look: dict[str, str]) -> dict[str, object]:
        """What the face macro gets as `p` (`look`: the colours the template sets, see
        `toolkit.render.counter_pdf.LOOK`)."""
        colour = self.colour or look["piece_colour"]
        return {
            "label": self.label,
            "colour": colour,
            "ink": ink(colour, look["ink_dark"], look["ink_light"]),
            "name": self.name,
            "item": self.item,
            "component": self.component,
            "w": self.w,
            "h": self.face_h,
            "shape": self.face_shape,
            "side": side,
            "bleed": BLEED,
            "art": bool(self.art),
            "mark": self.mark,
        }


def ink(colour: str, dark: str, light: str) -> str:
    """The dark ink or the light one, whichever reads on `colour`."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return dark if 0.299 * r + 0.587 * g + 0.114 * b > 140 else light


def tokens(doc: Components, setting: Setting) -> list[Token]:
    """Every single piece the kit prints, in the order of components.yaml."""

    figures = figures_of(doc, setting)
    game_dir = Path(doc.loc.path).parent
    out = []
    for c in doc.components:
        if c.supply != "print" or c.piece is None:
            continue
        p = c.piece
        art = placed(game_dir, p.art)
        items = setting.items.get(c.each, ()) if c.each else (None,)
        for item, mark in zip(items, _marks(items), strict=True):
            n = evaluate(c.count, {**figures, **(item.figures if item else {})})
            w = p.size
            if p.shape == "standee":
                panel = p.height or p.size
                h, shape_panel = 2 * panel + 2 * BASE * panel, panel
            else:
                h = p.size * ROUND_HEX if p.shape == "hex" else (p.height or p.size)
                if p.shape in ("round", "square"):
                    h = p.size
                shape_panel = 0.0
            label = c.label or (item.label if item else c.name)
            colour = item.colour if item else ""  # the template's `piece_colour`
            out += [
                Token(
                    c.id,
                    c.name,
                    p.shape,
                    w,
                    h,
                    shape_panel,
                    p.sides,
                    p.face,
                    p.back or p.face,
                    label,
                    colour,
                    item.label if item else "",
                    art,
                    mark,
                )
                for _ in range(max(n, 0))
            ]
    return out


def _marks(items: Sequence[Item | None]) -> list[str]:
    """Each item's mark: the pack's, or derived from the labels where the pack gave none
    or gave one twice (a set of pieces is told apart without colour by its marks)."""
    if items == (None,):
        return [""]
    given = [i.mark for i in items if i is not None]
    if unique(given):
        return given
    return list(marks([i.label for i in items if i is not None]))


@dataclass(frozen=True)
class Placed:
    """A piece at its place on a sheet (top-left corner, mm from the paper's top-left)."""

    token: Token
    x: float
    y: float


def pack(pieces: Sequence[Token], paper: tuple[float, float]) -> list[list[Placed]]:
    """Pieces in rows, tallest first (a component's pieces stay together), as many to a
    page as fit inside the margins with a gutter between them."""
    width, height = paper
    order = sorted(range(len(pieces)), key=lambda i: (-pieces[i].h, -pieces[i].w, i))
    pages: list[list[Placed]] = []
    page: list[Placed] = []
    x, y, row = MARGIN, MARGIN + HEADER, 0.0
    for i in order:
        t = pieces[i]
        if t.w > width - 2 * MARGIN or t.h > height - 2 * MARGIN - HEADER:
            raise ValueError(
                f"{t.component}: a {t.w:g} x {t.h:g} mm piece is larger than "
                "the printable part of the paper"
            )
        if x + t.w > width - MARGIN + 1e-9:
            x, y, row = MARGIN, y + row + GUTTER, 0.0
        if y + t.h > height - MARGIN + 1e-9:
            pages.append(page)
            page, x, y, row = [], MARGIN, MARGIN + HEADER, 0.0
        page.append(Placed(t, x, y))
        x += t.w + GUTTER
        row = max(row, t.h)
    if page:
        pages.append(page)
    return pages


def sheets(
    every: Sequence[Token], paper: tuple[float, float]
) -> tuple[tuple[Token, ...], tuple[Token, ...]]:
    """The pieces of the double-sided sheets and those of the single-sided ones. The
    double-sided pieces rarely fill their last sheet: single-sided components fill the room
    they leave (whole components, so a set is cut from one sheet; smallest pieces first),
    as long as the double-sided sheets stay as many. Their backs are left blank."""
    double = [t for t in every if t.sides == 2]
    if not double:
        return (), tuple(every)
    groups: dict[str, list[Token]] = {}
    for t in every:
        if t.sides == 1:
            groups.setdefault(t.component, []).append(t)
    moved: set[str] = set()
    try:
        count = len(pack(double, paper))
        for cid in sorted(groups, key=lambda c: groups[c][0].w * groups[c][0].h):
            trial = [t for t in every if t.sides == 2 or t.component in moved | {cid}]
            if len(pack(trial, paper)) == count:
                moved.add(cid)
    except ValueError:  # a piece larger than the paper: the render says which
        pass
    return (
        tuple(t for t in every if t.sides == 2 or t.component in moved),
        tuple(t for t in every if t.sides == 1 and t.component not in moved),
    )


def back_of(p: Placed, paper_w: float, offset: tuple[float, float]) -> tuple[float, float]:
    """Where a piece's back is printed on the backs page: mirrored left to right for
    long-edge duplex, shifted by the printer's offset."""
    return paper_w - p.x - p.token.w + offset[0], p.y + offset[1]
