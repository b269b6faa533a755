"""The core card layouts' arithmetic: n-up grids (the CMYK of print shops: test_pdfx.py)."""

from __future__ import annotations

from toolkit.render.cards import CardFormat, grid

TAROT = CardFormat(70.0, 120.0, "forty-factions/card.html.j2", "forty-factions/card.css", "t")
POKER = CardFormat(63.5, 88.0, "worldspanner/card.html.j2", "worldspanner/card.css", "p")


def test_grids_fit_the_paper_and_centre_the_cards() -> None:
    g = grid(TAROT, (210.0, 297.0))
    assert (g.cols, g.rows) == (2, 2)  # 76 x 126 mm cells on A4
    assert g.x0 * 2 + g.cols * 76 == 210.0 and g.y0 * 2 + g.rows * 126 == 297.0
    p = grid(POKER, (215.9, 279.4))
    assert (p.cols, p.rows) == (3, 2) and p.per_page == 6  # 69.5 x 94 mm cells on Letter
