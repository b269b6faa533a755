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
    "dm-screen": ("the DM screen: look-up tables and each procedure's steps, panels to fold",
                  "1", "single-sided, landscape; fold between the panels"),
    "board": ("a board at its real size, for a print shop or a large-format printer",
              "1", "single-sided"),
    "board-tiles": ("the same board tiled on sheets of paper, with overlap and marks",
                    "1", "single-sided, 100 % scale"),
}  # fmt: skip

BOARDS = (
    "## Boards\n\nEach tiled board names its tiles A1, A2, ... by row and column. Trim the "
    "overlapping edge of one tile of each pair, lay it over its neighbour so the round marks "
    "meet, and tape from the back.\n"
)


def render_guide(title: str, listing: tuple[tuple[str, str], ...],
                 kinds: tuple[tuple[str, tuple[str, str, str]], ...],
                 sections: tuple[str, ...], session: Session) -> bytes:  # fmt: skip
    """The guide's Markdown: a table of the kit's PDFs, then the game's sections."""
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
    for section in (*sections, BOARDS):
        lines += [section.rstrip("\n"), ""]
    session.pages = 0
    return "\n".join(lines).encode("utf-8")


def guide_output(title: str, outputs: list[Output], kinds: dict[str, tuple[str, str, str]],
                 sections: tuple[str, ...], sources: tuple[str, ...]) -> Output:  # fmt: skip
    """kit/PRINT.md as an output of the kit, listing `outputs`."""
    listing = tuple((o.path, o.kind) for o in outputs)
    return Output("kit/PRINT.md", "print-guide", sources,
                  partial(render_guide, title, listing, tuple(sorted(kinds.items())), sections),
                  group="reference", cost=0)  # fmt: skip
