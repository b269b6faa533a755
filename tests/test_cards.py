"""The core card layouts' arithmetic: n-up grids and the CMYK conversion for print shops."""

from __future__ import annotations

from toolkit.cards import CardFormat, grid, to_cmyk

TAROT = CardFormat(70.0, 120.0, "forty-factions/card.html.j2", "forty-factions/card.css", "t")
POKER = CardFormat(63.5, 88.0, "worldspanner/card.html.j2", "worldspanner/card.css", "p")


def test_grids_fit_the_paper_and_centre_the_cards() -> None:
    g = grid(TAROT, (210.0, 297.0))
    assert (g.cols, g.rows) == (2, 2)  # 76 x 126 mm cells on A4
    assert g.x0 * 2 + g.cols * 76 == 210.0 and g.y0 * 2 + g.rows * 126 == 297.0
    p = grid(POKER, (215.9, 279.4))
    assert (p.cols, p.rows) == (3, 2) and p.per_page == 6  # 69.5 x 94 mm cells on Letter


def test_hex_colours_become_cmyk_and_nothing_else_changes() -> None:
    assert to_cmyk("color: #000") == "color: device-cmyk(0 0 0 1)"
    assert to_cmyk("#ffffff") == "device-cmyk(0.000 0.000 0.000 0.000)"
    assert to_cmyk("#ff0000") == "device-cmyk(0.000 1.000 1.000 0.000)"
    assert to_cmyk("#808080") == "device-cmyk(0.000 0.000 0.000 0.498)"
    text = '<a href="#top" id="c1">#12 rank</a>'
    assert to_cmyk(text) == text  # not colours: anchors, ids, numbers
