"""kit/PRINT.md for any game: the bill of materials, what to bring, the print order.

The guide opens with what to print: every file a DM prints at home, in the order to print
it, with its pages, paper or card stock, copies, single- or double-sided, and the sheets it
takes, then the totals; the files meant for a print shop follow apart. Page counts are
known only once the files are rendered, so the guide is rendered after every other output
of the kit (`Output.after`), from the manifest's record of each (`Session.kit`).

The core knows the kinds of file every kit shares (card sheets, card faces, backs,
print-on-demand files, the calibration sheet, boards and tiles, counter sheets); a pack
adds its own kinds (`Kind`) and a few sections of its own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

from toolkit.core.marks import DAGGER, printed
from toolkit.core.outputs import Output
from toolkit.render.session import Session

CARD_STOCK = "card stock (160-250 g/m²)"


@dataclass(frozen=True)
class Kind:
    """What a kind of file is and how to print it."""

    what: str
    copies: int = 1  # copies of the whole file
    stock: str = "paper"  # "paper", "card" (card stock), or "shop" (a print shop's file)
    duplex: bool = False  # double-sided, flipped on the long edge
    how: str = ""
    copies_note: str = ""  # the copies as the table says them, e.g. "up to 150 (...)"
    step: int = 0  # print order when not by stock and sides: 1 calibration, 6 tiled boards


KINDS = {
    "card-calibration": Kind(
        "a duplex test sheet: print it first, read the offset of the backs",
        duplex=True,
        how="flip on the long edge",
        step=1,
    ),
    "card-sheet": Kind(
        "cards n-up with crop marks; each fronts page is followed by its backs",
        stock="card",
        duplex=True,
        how="flip on the long edge; cut on the marks",
    ),
    "counter-sheet": Kind(
        "double-sided counters and markers, single-sided pieces filling the room they leave "
        "(blank behind); each fronts page is followed by its mirrored backs",
        stock="card",
        duplex=True,
        how="flip on the long edge; cut on the grey lines",
    ),
    "token-sheet": Kind(
        "chits, tokens, pawns and fold-over standees",
        stock="card",
        how="cut on the grey lines; fold standees on the dashed lines",
    ),
    "board-tiles": Kind(
        "a board tiled on sheets of paper, with overlap and marks",
        how="trim, overlap and tape (see Boards)",
        step=6,
    ),
    "card-faces": Kind(
        "one card per page with 3 mm bleed",
        stock="shop",
        how="as the shop asks; backs from cards/backs.pdf",
    ),
    "card-backs": Kind(
        "the deck backs, one a page with bleed",
        stock="shop",
        how="as many as the shop's card faces",
    ),
    "card-pod": Kind(
        "every card as a back page, then its face page; 3 mm bleed, CMYK PDF/X-4",
        stock="shop",
        how="upload as it is",
    ),
    "board": Kind(
        "a board at its real size", stock="shop", how="a print shop or a large-format printer"
    ),
    "dm-screen": Kind(
        "the DM screen: look-up tables and each procedure's steps, panels to fold",
        how="landscape; fold between the panels",
    ),
}


def _order(kind: Kind) -> int:
    """1 calibration; 2 double-sided on card stock, 3 single-sided on card stock; 4 and 5
    the same on paper; 6 tiled boards."""
    if kind.step:
        return kind.step
    return (2 if kind.stock == "card" else 4) + (0 if kind.duplex else 1)


@dataclass(frozen=True)
class Row:
    """One file of the bill of materials."""

    path: str
    kind: Kind
    pages: int | None  # None: not rendered (yet)

    @property
    def sheets(self) -> int | None:
        if self.pages is None:
            return None
        per = math.ceil(self.pages / 2) if self.kind.duplex else self.pages
        return per * self.kind.copies


def rows(
    listing: tuple[tuple[str, str], ...], kinds: dict[str, Kind], pages: dict[str, int]
) -> list[Row]:
    """The kit's PDFs with a known kind (or a path of its own in `kinds`), in print order
    (then by path)."""
    out = [
        Row(path, kinds.get(path) or kinds[kind], pages.get(path))
        for path, kind in listing
        if (path in kinds or kind in kinds) and path.endswith(".pdf")
    ]
    return sorted(out, key=lambda r: (_order(r.kind), r.path))


def bill(rows_: list[Row], paper: str) -> list[str]:
    """## What to print: the home files with pages, stock, copies, sides and sheets, the
    totals, then the print shop's files."""
    home = [r for r in rows_ if r.kind.stock != "shop"]
    shop = [r for r in rows_ if r.kind.stock == "shop"]
    lines = [
        "## What to print",
        "",
        "| # | File | Pages | On | Copies | Sides | Sheets | What it is |",
        "|---:|---|---:|---|---:|---|---:|---|",
    ]
    for i, r in enumerate(home, 1):
        stock = f"{paper} {CARD_STOCK}" if r.kind.stock == "card" else f"{paper} paper"
        copies = r.kind.copies_note or str(r.kind.copies)
        lines.append(
            f"| {i} | `{r.path}` | {_n(r.pages)} | {stock} | {copies} | "
            f"{'double' if r.kind.duplex else 'single'} | {_n(r.sheets)} | "
            f"{_what(r.kind)} |"
        )
    unknown = [r.path for r in home if r.pages is None]
    card = sum(r.sheets or 0 for r in home if r.kind.stock == "card")
    plain = sum(r.sheets or 0 for r in home if r.kind.stock == "paper")
    sides = sum((r.pages or 0) * r.kind.copies for r in home)
    lines += [
        "",
        f"**Totals: {sides} printed pages on {card + plain} sheets: {card} sheets of "
        f"{paper} {CARD_STOCK}, {plain} sheets of {paper} paper.**",
    ]
    if unknown:
        lines.append(
            f"(Not counted, not built yet: {', '.join(f'`{p}`' for p in unknown)}; "
            "run a whole `toolkit build` for their pages.)"
        )
    if shop:
        lines += [
            "",
            "Or at a print shop, instead of the card sheets and tiled boards:",
            "",
            "| File | Pages | What it is |",
            "|---|---:|---|",
        ]
        lines += [f"| `{r.path}` | {_n(r.pages)} | {_what(r.kind)} |" for r in shop]
    return lines


def _what(kind: Kind) -> str:
    return f"{kind.what}; {kind.how}" if kind.how else kind.what


def _n(value: int | None) -> str:
    return "?" if value is None else str(value)


def bring_section(rows_: tuple[tuple[str, int, str, str], ...]) -> str:
    """## What to bring: each component the players bring, with its count and why."""
    if not rows_:
        return ""
    lines = ["## What to bring", "", "| Item | How many | Rules | Note |", "|---|---:|---|---|"]
    lines += [f"| {name} | {count} | {source} | {note} |" for name, count, source, note in rows_]
    return "\n".join(lines) + "\n"


ORDER = (
    "## Print order\n\n"
    "Print in the order of the table above, at **100 % scale** (turn off 'fit to page').\n\n"
    "1. The duplex calibration sheet first (`cards/duplex-calibration-*.pdf`), double-sided, "
    "flipped on the long edge. Hold it to the light: each back crosshair should sit on its "
    "front crosshair, and the scales read by how many millimetres it misses. Rebuild with "
    "`toolkit build --back-offset X,Y` (X to the right, Y down, as seen on the back; e.g. "
    "`--back-offset 1.5,-0.5`), print the calibration sheet again, and repeat until they "
    "meet. The offset moves every backs page of the kit, card sheets and counter sheets "
    "alike; fronts never move.\n"
    "2. The double-sided files on card stock: card sheets, then `counters/counters-*.pdf`.\n"
    "3. The single-sided files on card stock: `counters/tokens-*.pdf`.\n"
    "4. Paper: forms, sheets and references.\n"
    "5. Boards last: tiled on paper, or real size at a print shop.\n"
)
BOARDS = (
    "## Boards\n\nEach tiled board names its tiles A1, A2, ... by row and column. Trim the "
    "overlapping edge of one tile of each pair, lay it over its neighbour so the round marks "
    "meet, and tape from the back.\n"
)


def invented_section(held: tuple[tuple[str, str], ...]) -> str:
    """## Not from the rules: each file's placeholder values the kit prints, so that a DM
    knows before game night which printed values are the designer's, not the rules'."""
    if not held:
        return ""
    files: dict[str, list[str]] = {}
    for where, path in held:
        files.setdefault(where, []).append(path)
    lines = [
        "## Not from the rules",
        "",
        f"The kit prints {len(held)} values the rules do not give: placeholders the designer "
        f"has yet to replace, each marked {DAGGER} where it prints (a `--final` kit prints no "
        "mark). They are listed here by file, as each file's `placeholders:` names them.",
        "",
        "| File | Values |",
        "|---|---|",
    ]
    lines += [
        f"| `{where}` | {', '.join(sorted(paths, key=_in_order))} |"
        for where, paths in files.items()
    ]
    return "\n".join(lines) + "\n"


def _in_order(path: str) -> tuple[tuple[int, str], ...]:
    """A value path's sort key: `totems.2` before `totems.10`."""
    return tuple((int(p), "") if p.isdigit() else (-1, p) for p in path.split("."))


def render_guide(
    title: str,
    listing: tuple[tuple[str, str], ...],
    kinds: tuple[tuple[str, Kind], ...],
    sections: tuple[str, ...],
    bring: tuple[tuple[str, int, str, str], ...],
    held: tuple[tuple[str, str], ...],
    session: Session,
) -> bytes:
    """The guide's Markdown: the bill of materials (pages from the kit's manifest), what to
    bring, the values the kit prints that the rules do not give (`held`), the print order,
    then the game's sections."""
    table = {**KINDS, **dict(kinds)}
    paper = "A4" if session.options.paper == "a4" else "US Letter"
    pages = {p: int(e["pages"]) for p, e in session.kit.items() if e.get("pages")}
    lines = [
        f"# Printing the {title} kit",
        "",
        f"Paper: **{paper}** (build with `--paper a4` or `--paper letter`); card stock where "
        "the table says so. Colour or black and white.",
        "",
        *bill(rows(listing, table, pages), paper),
        "",
    ]
    for section in (bring_section(bring), invented_section(held), ORDER, *sections, BOARDS):
        if section:
            lines += [section.rstrip("\n"), ""]
    session.pages = 0
    return "\n".join(lines).encode("utf-8")


def guide_output(
    title: str,
    outputs: list[Output],
    kinds: dict[str, Kind],
    sections: tuple[str, ...],
    sources: tuple[str, ...],
    bring: tuple[tuple[str, int, str, str], ...] = (),
) -> Output:
    """kit/PRINT.md as an output of the kit, rendered after the others: `outputs` with the
    pages each came to, and what to `bring` (name, count, rules source, note). `kinds` adds
    to the core's kinds of file, keyed by kind or by a file's own path. Listed after every
    other output, it lists the placeholder values their pages print."""
    listing = tuple((o.path, o.kind) for o in outputs)
    kinds_ = tuple(sorted(kinds.items()))
    return Output(
        "kit/PRINT.md",
        "print-guide",
        sources,
        partial(render_guide, title, listing, kinds_, sections, bring, printed()),
        group="guide",
        cost=0,
        after=True,
    )
