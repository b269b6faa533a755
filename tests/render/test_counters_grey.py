"""Counter sheets as a black-and-white printer prints them: in every game, on A4 and Letter,
the pieces of a set told apart by colour (a pawn per player colour, a unit per House, a
Faction's favor tile) still read apart in grey, front and back; and the double-sided
sheets leave no room that a single-sided component would fill (issue 35: six +40 VP discs
alone on a double-sided sheet).

Each sheet is rasterised with `pdftoppm -gray`; each piece is cut out of the page where the
toolkit's own layout puts it. What tells two pieces apart on a cheap laser printer is their
marks, not their tone (a mid-grey red and a mid-grey blue print alike): each piece is reduced
to its ink, the pixels that stand out from its own background, and two pieces of a set must
differ in more of those pixels than two copies of one piece do.
"""

from __future__ import annotations

import subprocess
from collections import defaultdict
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from tests.support.shipped import CONTENT
from toolkit.core.outputs import BuildOptions, Output
from toolkit.games import load_pack
from toolkit.model.content import load_content
from toolkit.render.counter_layout import Placed, back_of, pack
from toolkit.render.counters import render_sheets
from toolkit.render.session import Session

GAMES = ("forty-factions", "worldspanner", "god-emperor")
DPI = 300
INSET = 0.8  # mm inside the cut line: the outline and its bleed are the same on every piece
CONTRAST = 60  # grey levels between a piece's background and its ink, at the least
APART = 0.5  # mm² of ink in which two pieces of a set differ at least (a stroke of a letter)


PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def counter_outputs(game: str, paper: str) -> tuple[list[Output], Session]:
    """The game's counter sheets as the build makes them, and a session to render them."""
    pk = load_pack(game)
    cs, _ = load_content(game, CONTENT / game, pk.kinds)
    assert pk.outputs is not None
    options = BuildOptions(paper=paper)
    # the sheets the core lays out (a pack may draw pieces of its own, as Worldspanner's map)
    outs = [o for o in pk.outputs(cs, options) if getattr(o.render, "func", None) is render_sheets]
    return outs, Session(options, cs.root)


# a piece's ink (255) and the rest (0) inside its outline, and the same grown by a pixel
Ink = tuple[Image.Image, Image.Image]


def rasters(out: Output, session: Session, tmp: Path) -> list[Image.Image]:
    """Each page of the sheet file in grey, as pdftoppm draws it."""
    pdf = tmp / Path(out.path).name
    pdf.write_bytes(out.render(session))
    stem = tmp / pdf.stem
    subprocess.run(["pdftoppm", "-gray", "-r", str(DPI), str(pdf), str(stem)], check=True)
    pages = sorted(tmp.glob(f"{pdf.stem}-*.pgm"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [Image.open(p) for p in pages]


def _px(mm: float) -> int:
    return round(mm * DPI / 25.4)


def ink(page: Image.Image, p: Placed, at: tuple[float, float]) -> Ink:
    """The piece's ink: inside its outline (an inset circle for round and hex pieces, an
    inset box otherwise), the pixels on the far side of the midpoint between its lightest
    and darkest grey from its background (the larger part); none on a plain piece."""
    t = p.token
    x0, y0, w, h = _px(at[0]), _px(at[1]), _px(t.w), _px(t.h)
    grey = page.crop((x0, y0, x0 + w, y0 + h))
    mask = Image.new("L", (w, h), 0)
    e = _px(INSET)
    if t.shape in ("round", "hex"):
        r = min(w, h) / 2 - e
        ImageDraw.Draw(mask).ellipse((w / 2 - r, h / 2 - r, w / 2 + r, h / 2 + r), fill=255)
    else:
        ImageDraw.Draw(mask).rectangle((e, e, w - 1 - e, h - 1 - e), fill=255)
    levels = grey.histogram(mask)
    lo = next(v for v in range(256) if levels[v])
    hi = next(v for v in range(255, -1, -1) if levels[v])
    if hi - lo < CONTRAST:
        blank = Image.new("L", (w, h), 0)
        return blank, blank
    mid = (lo + hi) // 2
    dark = grey.point(lambda v: 255 if v <= mid else 0)
    # the ink is the smaller part: dark on a light piece, light on a dark one
    if 2 * sum(levels[: mid + 1]) > sum(levels):
        dark = ImageChops.invert(dark)
    found = ImageChops.multiply(dark, mask)
    return found, found.filter(ImageFilter.MaxFilter(3))


def differ(a: Ink, b: Ink) -> float:
    """The area, mm², where one piece has ink and the other none within a pixel of it (a
    piece may fall half a pixel off its neighbour's grid, a hairline snap to a pixel)."""
    box = (0, 0, min(a[0].width, b[0].width), min(a[0].height, b[0].height))
    apart = sum(
        ImageChops.subtract(one.crop(box), near.crop(box)).histogram()[255]
        for one, near in ((a[0], b[1]), (b[0], a[1]))
    )
    return apart * (25.4 / DPI) ** 2


def sets(out: Output, pages: list[Image.Image], paper: str) -> dict[tuple, list[Ink]]:
    """Ink of the first two pieces of each item of each set, per side: (component, side,
    item) -> [ink, ...], where the toolkit's layout puts them."""
    pieces, duplex = out.render.args[2], out.render.args[3]
    width = PAPER_MM[paper][0]
    found: dict[tuple, list[Ink]] = defaultdict(list)
    for k, sheet in enumerate(pack(pieces, PAPER_MM[paper])):
        for p in sheet:
            if not p.token.item:
                continue  # not one of a set
            sides = [("front", (p.x, p.y))]
            if duplex and p.token.sides == 2:
                sides.append(("back", back_of(p, width, (0.0, 0.0))))
            for side, at in sides:
                page = pages[2 * k + (side == "back") if duplex else k]
                key = (p.token.component, side, p.token.item, p.token.colour)
                if len(found[key]) < 2:
                    found[key].append(ink(page, p, at))
    return found


# A piece's mark does not depend on the paper; each paper is tried on some game's sheets
# (where the layout puts a piece on the page is the paper's, and the test finds it there).
@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "paper"),
    [("forty-factions", "a4"), ("worldspanner", "letter"), ("god-emperor", "letter")],
)
def test_the_pieces_of_a_set_read_apart_in_grey(game: str, paper: str, tmp_path: Path) -> None:
    checked, alike = 0, []
    outs, session = counter_outputs(game, paper)
    for out in outs:
        assert session.options.paper_mm == PAPER_MM[paper]
        pages = rasters(out, session, tmp_path)
        found = sets(out, pages, paper)
        by_set: dict[tuple[str, str], dict[tuple[str, str], list[Ink]]] = defaultdict(dict)
        for (component, side, item, colour), inks in found.items():
            by_set[component, side][item, colour] = inks
        for (component, side), items in by_set.items():
            # two copies of one piece differ only where they fall between pixels
            noise = max((differ(*v) for v in items.values() if len(v) == 2), default=0.0)
            names = sorted(items)
            for i, (a, colour_a) in enumerate(names):
                for b, colour_b in names[i + 1 :]:
                    if colour_a == colour_b:
                        continue  # told apart by their words in colour as in grey
                    d = differ(items[a, colour_a][0], items[b, colour_b][0])
                    checked += 1
                    if d <= max(APART, 3 * noise):
                        alike.append(
                            f"{out.path}: {component} ({side}) for {a} and for {b}: their ink "
                            f"differs in {d:.2f} mm² (two copies of one: {noise:.2f} mm²)"
                        )
    assert checked, f"{game}: no set of pieces told apart by colour on its counter sheets"
    assert not alike, "pieces that look alike in grey:\n" + "\n".join(alike)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_no_double_sided_sheet_is_left_with_room_for_a_component(game: str, paper: str) -> None:
    """Single-sided components fill the room the double-sided pieces leave (their backs
    blank), so no single-sided component that would still fit waits for a sheet of its
    own; and the double-sided sheets are no more than their own pieces need."""
    outs, _ = counter_outputs(game, paper)
    files = {o.render.args[3]: o.render.args[2] for o in outs}
    double, single = files.get(True, ()), files.get(False, ())
    if not double:
        pytest.skip(f"{game} has no double-sided piece")
    own = [t for t in double if t.sides == 2]
    sheets = len(pack(double, PAPER_MM[paper]))
    assert sheets == len(pack(own, PAPER_MM[paper]))
    assert {t.sides for t in single} <= {1}
    for component in dict.fromkeys(t.component for t in single):
        more = [*double, *(t for t in single if t.component == component)]
        assert len(pack(more, PAPER_MM[paper])) > sheets, (
            f"{game}: {component} would fit on the double-sided sheets' free room, yet "
            "waits for a single-sided sheet"
        )
