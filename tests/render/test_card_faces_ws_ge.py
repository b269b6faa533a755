"""Worldspanner's and God Emperor's card faces use their space: no face leaves the middle of
the card blank (issue 36).

Each deck's faces file holds one card a page at trim size with bleed; every page is
rasterised in grey as a printer would print it, the card's trim box cut out, and its central
band looked at: the middle half of the card's height, between the side margins. The band
must hold ink (pixels away from the card's own background), and no stretch of it a quarter
of its height (11 mm) may be blank: a face with text at its top and foot and nothing between
fails, whatever the deck.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

DPI = 50
PX = DPI / 72  # pixels a PDF point
MM = 72 / 25.4  # PDF points a millimetre
SIDE = 6.0  # mm each side of the trim left out: the frame and the margin inside it
INK = 40  # grey levels away from the background that count as ink
MIN_INK = 0.02  # of the band's pixels
DECKS = {
    "worldspanner": (
        "challenge-black",
        "challenge-white",
        "elite",
        "heroes",
        "player-aid",
        "quests",
        "secret",
        "war",
    ),
    "god-emperor": ("favors", "minions", "schemes"),
}
CASES = [(game, deck) for game, decks in DECKS.items() for deck in decks]


def _pages(pdf: Path, folder: Path) -> list[Image.Image]:
    """Every page of `pdf` in grey, as pdftoppm draws it."""
    stem = folder / pdf.stem
    subprocess.run(["pdftoppm", "-gray", "-r", str(DPI), str(pdf), str(stem)], check=True)
    return [Image.open(p).convert("L") for p in sorted(folder.glob(f"{pdf.stem}-*.pgm"))]


def _trims(pdf: Path) -> list[tuple[float, float, float, float]]:
    """Each page's trim box in pixels from the page's top left corner (x0, y0, x1, y1)."""
    boxes = []
    with pikepdf.open(pdf) as doc:
        for page in doc.pages:
            media = [float(v) for v in page.mediabox]
            trim = [float(v) for v in page.trimbox]
            boxes.append(
                (
                    (trim[0] - media[0]) * PX,
                    (media[3] - trim[3]) * PX,
                    (trim[2] - media[0]) * PX,
                    (media[3] - trim[1]) * PX,
                )
            )
    return boxes


def blank_middle(card: Image.Image) -> str | None:
    """Why the card's central band is blank, or None when it is used. `card`: the trim."""
    counts = card.histogram()  # a grey picture: a count for each of the 256 levels
    background = counts.index(max(counts))
    w, h = card.size
    side = round(SIDE * MM * PX)
    band = card.crop((side, round(h / 4), w - side, round(3 * h / 4)))
    bw, bh = band.size
    px = band.load()
    inked = [sum(abs(px[x, y] - background) > INK for x in range(bw)) for y in range(bh)]
    longest = run = 0
    for n in inked:
        run = run + 1 if n == 0 else 0
        longest = max(longest, run)
    share = sum(inked) / (bw * bh)
    if share < MIN_INK:
        return f"{share:.1%} of the middle half inked"
    if longest >= bh / 4:
        return f"{longest / (MM * PX):.0f} mm of the middle half blank"
    return None


@pytest.mark.slow
@pytest.mark.parametrize(("game", "deck"), CASES, ids=[f"{g}-{d}" for g, d in CASES])
def test_every_card_face_uses_the_middle_of_the_card(
    shipped_kit: Path, tmp_path: Path, game: str, deck: str
) -> None:
    pdf = shipped_kit / "build" / game / "cards" / f"{deck}-faces.pdf"
    pages, trims = _pages(pdf, tmp_path), _trims(pdf)
    assert pages and len(pages) == len(trims)
    blank = []
    for n, (page, box) in enumerate(zip(pages, trims, strict=True), 1):
        why = blank_middle(page.crop(tuple(round(v) for v in box)))
        if why:
            blank.append(f"card {n}: {why}")
    assert blank == [], f"{pdf.name}: {blank}"


def test_the_decks_looked_at_are_every_card_deck_of_the_two_games(shipped_kit: Path) -> None:
    """A deck added later is looked at too: the list above is every faces file built."""
    for game, decks in DECKS.items():
        built = sorted(
            p.name.removesuffix("-faces.pdf")
            for p in (shipped_kit / "build" / game / "cards").glob("*-faces.pdf")
        )
        assert built == sorted(decks), game
