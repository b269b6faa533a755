"""Forty Factions card faces carry the card's identity from its data and use their space
(issue 36): every faction and plot face has ink across the middle half of its height, and
prints its party (a faction's), its tarot card, its category and locations; the drawings
are said to be generated, not the game's art. Read from the shipped kit's one-face-a-page
files, as a print shop gets them."""

from __future__ import annotations

import subprocess
from functools import cache
from pathlib import Path

import pytest

from tests.support.shipped import CONTENT
from toolkit.audit.raster import rasterise
from toolkit.commands import api
from toolkit.core.diagnostics import Report
from toolkit.games.forty_factions.card_art import contrast
from toolkit.games.forty_factions.index import Index

CARDS = "build/forty-factions/cards"
# A face is a 70 x 120 mm card with 3 mm bleed; its inner frame is 4 mm inside the trim
PAGE_W, PAGE_H, BLEED, FRAME = 76.0, 126.0, 3.0, 4.0
INK_LEVEL = 200  # of 255: a pixel this dark is drawing or text, not the card's paper
BAND_INK = 0.05  # each quarter of the middle half: at least this share is ink


@cache
def _index(content: Path) -> Index:
    loaded = api.load_game(content, "forty-factions", Report())
    assert loaded is not None
    index = Index.build(loaded[1])
    assert index is not None
    return index


def _pages_text(pdf: Path) -> list[str]:
    """Each page's text, its whitespace made single spaces and its case folded."""
    proc = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return [" ".join(page.split()).casefold() for page in proc.stdout.split("\f")]


def _quarters_ink(pdf: Path) -> list[tuple[float, float]]:
    """For each page: the share of ink in the upper and lower quarter of the card's middle
    half (trim height 30-60 mm and 60-90 mm), inside the inner frame."""
    out = []
    for im in rasterise(pdf, 40):
        sx, sy = im.width / PAGE_W, im.height / PAGE_H
        left, right = round((BLEED + FRAME) * sx), round((PAGE_W - BLEED - FRAME) * sx)
        shares = []
        for top, bottom in ((30.0, 60.0), (60.0, 90.0)):
            crop = im.crop((left, round((BLEED + top) * sy), right, round((BLEED + bottom) * sy)))
            hist = crop.histogram()
            shares.append(sum(hist[:INK_LEVEL]) / (crop.width * crop.height))
        out.append((shares[0], shares[1]))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("deck", ["factions", "plots"])
def test_no_face_leaves_its_middle_half_blank(shipped_kit: Path, deck: str) -> None:
    ix = _index(shipped_kit / "content")
    cards = ix.faction_list if deck == "factions" else ix.plot_list
    inks = _quarters_ink(shipped_kit / CARDS / f"{deck}-faces.pdf")
    assert len(inks) == len(cards)  # one face a page, in number order
    blank = [
        f"{c.number} {c.name}: {upper:.1%} / {lower:.1%}"
        for c, (upper, lower) in zip(cards, inks, strict=True)
        if min(upper, lower) < BAND_INK
    ]
    assert blank == []


@pytest.mark.slow
def test_a_faction_face_prints_its_party_tarot_category_and_locations(shipped_kit: Path) -> None:
    ix = _index(shipped_kit / "content")
    pages = _pages_text(shipped_kit / CARDS / "factions-faces.pdf")
    missing = []
    for f, page in zip(ix.faction_list, pages, strict=False):
        party = ix.party_by_id[f.politics].name
        wanted = [party, f.tarot, ix.category_by_id[f.category].name, "not canon art"]
        wanted += [loc.name for loc in f.location_list]
        wanted += [ix.area_by_id[loc.area].name for loc in f.location_list]
        missing += [
            f"{f.number}: {w!r}" for w in wanted if " ".join(w.split()).casefold() not in page
        ]
    assert missing == []


@pytest.mark.slow
def test_a_plot_face_prints_its_major_arcana(shipped_kit: Path) -> None:
    ix = _index(shipped_kit / "content")
    pages = _pages_text(shipped_kit / CARDS / "plots-faces.pdf")
    missing = []
    for p, page in zip(ix.plot_list, pages, strict=False):
        arcanum = p.tarot.partition(" ")[2].casefold()
        wanted = ["major arcana", p.tarot.casefold(), "not canon art"]
        missing += [f"{p.number}: {w!r}" for w in wanted if w not in page]
        # the drawn card names its arcanum too: once more than the foot and Alleyman's line
        if page.count(arcanum) < 2 + p.alleyman.casefold().count(arcanum):
            missing.append(f"{p.number}: the drawn {arcanum!r}")
    assert missing == []


def test_a_party_band_reads_in_grey() -> None:
    """The party's name is set on its colour in ink or white, whichever contrasts more: at
    least 4.5 : 1 (WCAG AA) for every coloured party, so a grey print still reads it."""

    def luminance(colour: str) -> float:
        def linear(c: int) -> float:
            v = c / 255
            return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)

    coloured = [p for p in _index(CONTENT).game.parties if p.colour]
    assert coloured
    for p in coloured:
        a, b = sorted((luminance(p.colour), luminance(contrast(p.colour))))
        assert (b + 0.05) / (a + 0.05) >= 4.5, p.name
