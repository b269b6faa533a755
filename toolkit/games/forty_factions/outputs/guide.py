"""What kit/PRINT.md says of the Forty Factions kit's own kinds of file, and its sections
on the sheets and the cards (`toolkit.kit.guide`)."""

from __future__ import annotations

from toolkit.kit.guide import Kind

KIND_TEXT = {
    "deck": Kind(
        "every Information Sheet of the deck, one per page",
        how="each player gets the sheets of the cards they hold (4.1, 5.5)",
    ),
    "card-sheet": Kind(
        "tarot-size cards 4-up with crop marks; each fronts page is followed by its backs",
        stock="card",
        duplex=True,
        how="flip on the long edge; cut on the marks",
    ),
    "card-faces": Kind(
        "one card per page with 3 mm bleed (70 x 120 mm trim)",
        stock="shop",
        how="as the shop asks; backs from cards/backs.pdf",
    ),
    "card-backs": Kind(
        "one back per deck kind (and per expansion with `--backs expansion`)",
        stock="shop",
        how="as many as the shop's card faces",
    ),
    "reference": Kind(
        "the DM's reference: sequence of play, set-up, voting, VP tables",
        duplex=True,
        how="for the DM",
    ),
}
GUIDE = (
    "Single Information Sheets are in `sheets/factions/` and `sheets/plots/` for reprints: a "
    "sheet goes to the player who holds its card (rules 4.1) and is private to them (4.2).",
    "## Cards\n\n"
    "1. Print one card sheet double-sided, **flip on the long edge**. Hold it to the light: "
    "each back should sit behind its front. If your printer shifts the backs, note by how "
    "many millimetres before printing the rest.\n"
    "2. Cut on the crop marks in the margins: first the long cuts, then the short ones. "
    "Each card is 70 x 120 mm (tarot size); the 3 mm bleed around it is cut away.\n"
    "3. Sleeve the cards if you like: they are the size of an Alleyman's Tarot card.",
)
