"""kit/PRINT.md for any game: what to print, on which paper, how many copies, how to cut.

The core knows the kinds of file every kit shares (card sheets, card faces, backs,
print-on-demand files, the calibration sheet, boards and tiles); a pack adds its own
kinds and a few sections of its own (how its cards are cut, who gets which sheet).
"""

from __future__ import annotations

from functools import partial

from toolkit.build import Output, Session

KINDS = {
    "card-sheet": ("cards n-up with crop marks; each fronts page is followed by its backs",
                   "1", "double-sided, flip on the long edge, 100 % scale"),
    "card-faces": ("one card per page with 3 mm bleed, for a print shop",
                   "1", "as the shop asks; backs from cards/backs.pdf"),
    "card-backs": ("one back per deck", "as many as cards", "-"),
    "card-pod": ("every card as a back page, then its face page; 3 mm bleed, CMYK PDF/X-4",
                 "1", "upload as is to a print-on-demand shop"),
    "card-calibration": ("a duplex test sheet: print it first, read the offset of the backs",
                         "1", "double-sided, flip on the long edge, 100 % scale"),
    "board": ("a board at its real size, for a print shop or a large-format printer",
              "1", "single-sided"),
    "board-tiles": ("the same board tiled on sheets of paper, with overlap and marks",
                    "1", "single-sided, 100 % scale"),
    "counter-sheet": ("double-sided counters and markers, with cut lines; each fronts page is "
                      "followed by its mirrored backs", "1, on card stock (160-250 g/m²)",
                      "double-sided, flip on the long edge, 100 % scale; cut on the grey lines"),
    "token-sheet": ("single-sided chits, tokens, pawns and fold-over standees, with cut lines",
                    "1, on card stock (160-250 g/m²)",
                    "single-sided, 100 % scale; fold standees on the dashed lines"),
}  # fmt: skip

ORDER = (
    "## Print order\n\n1. `cards/duplex-calibration-*.pdf` first (where the kit has one), "
    "double-sided: hold it to the light and read how far the backs sit from the fronts. "
    "Rebuild with `toolkit build --back-offset X,Y` (mm, X to the right and Y down as seen on "
    "the back) until the crosshairs meet; the offset moves every backs page, card sheets and "
    "counter sheets alike.\n2. The double-sided files: card sheets, then "
    "`counters/counters-*.pdf`, on card stock.\n3. The single-sided files: "
    "`counters/tokens-*.pdf` on card stock, then sheets, forms and references on paper.\n"
    "4. Boards last (tiled on paper, or real size at a print shop).\n"
)


def bring_section(rows: tuple[tuple[str, int, str, str], ...]) -> str:
    """## What to bring: each component the players bring, with its count and why."""
    if not rows:
        return ""
    lines = ["## What to bring", "", "| Item | How many | Rules | Note |", "|---|---:|---|---|"]
    lines += [f"| {name} | {count} | {source} | {note} |" for name, count, source, note in rows]
    return "\n".join(lines) + "\n"


BOARDS = (
    "## Boards\n\nEach tiled board names its tiles A1, A2, ... by row and column. Trim the "
    "overlapping edge of one tile of each pair, lay it over its neighbour so the round marks "
    "meet, and tape from the back.\n"
)


def render_guide(title: str, listing: tuple[tuple[str, str], ...],
                 kinds: tuple[tuple[str, tuple[str, str, str]], ...],
                 sections: tuple[str, ...], bring: tuple[tuple[str, int, str, str], ...],
                 session: Session) -> bytes:  # fmt: skip
    """The guide's Markdown: a table of the kit's PDFs, what to bring, the print order, then
    the game's sections."""
    texts = {**KINDS, **dict(kinds)}
    paper = "A4" if session.options.paper == "a4" else "US Letter"
    lines = [
        f"# Printing the {title} kit",
        "",
        f"Paper: **{paper}** (build with `--paper a4` or `--paper letter`). Print every file "
        "at **100 % scale** (turn off 'fit to page'), colour or black and white.",
        "",
        "| File | What it is | Copies | How |",
        "|---|---|---|---|",
    ]
    for path, kind in listing:
        if kind in texts and path.endswith(".pdf"):
            what, copies, how = texts[kind]
            lines.append(f"| `{path}` | {what} | {copies} | {how} |")
    lines.append("")
    for section in (bring_section(bring), ORDER, *sections, BOARDS):
        if not section:
            continue
        lines += [section.rstrip("\n"), ""]
    session.pages = 0
    return "\n".join(lines).encode("utf-8")


def guide_output(title: str, outputs: list[Output], kinds: dict[str, tuple[str, str, str]],
                 sections: tuple[str, ...], sources: tuple[str, ...],
                 bring: tuple[tuple[str, int, str, str], ...] = ()) -> Output:  # fmt: skip
    """kit/PRINT.md as an output of the kit, listing `outputs` and what to `bring` (name,
    count, rules source, note) from the game's components."""
    listing = tuple((o.path, o.kind) for o in outputs)
    return Output("kit/PRINT.md", "print-guide", sources,
                  partial(render_guide, title, listing, tuple(sorted(kinds.items())), sections,
                          bring), group="reference", cost=0)  # fmt: skip
