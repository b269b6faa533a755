"""What the Forty Factions boards share, laid out for their templates: the frame (paper,
border, title) and the pawn space (a box, a numbered disc, a label, an expansion's tag).

Geometry only: the look is `templates/forty-factions/board.css`, the drawing the macros of
`templates/common/board-macros.svg.j2`. Sizes are mm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from toolkit.render.board_style import At, BoardStyle, Label, draw, load_style

GAME = "forty-factions"


def style() -> BoardStyle:
    """The game's board stylesheet."""
    return load_style(GAME)


@dataclass(frozen=True)
class Frame:
    """The board's paper, border, title and subtitle."""

    w: float
    h: float
    title: Label
    subtitle: Label


def frame(st: BoardStyle, w: float, h: float, title: str, subtitle: str) -> Frame:
    """The frame of a `w` x `h` board, its title and subtitle fitted across it."""
    return Frame(
        w,
        h,
        st.fit(title, "title", w - 40, 12, max_lines=1),
        st.fit(subtitle, "subtitle", w - 40, 6, max_lines=1),
    )


@dataclass(frozen=True)
class SpaceBox:
    """A pawn space: its box, the disc of its number, the number, the label, the tag."""

    x: float
    y: float
    w: float
    h: float
    r: float
    disc_x: float
    disc_y: float
    number: Label | None
    number_top: float
    text: Label
    text_cx: float
    text_top: float
    dashed: bool
    tag: Label | None
    tag_cx: float
    tag_top: float


TAG_W = 5.5  # mm: an expansion tag's corner of a space


def space_box(
    st: BoardStyle,
    x: float,
    y: float,
    w: float,
    h: float,
    number: int | str,
    text: str,
    dashed: bool = False,
    tag: str = "",
) -> SpaceBox:
    """A pawn space with the faction number in a disc (an empty disc for no number) and a
    fitted label; a tag (the expansion) in its top right corner."""
    r = min(h / 2 - 1.2, 4.2)
    n = None
    if str(number):
        n = st.fit(str(number), "space-number", 2 * r - 0.6, r * 1.3, size=r * 0.95, max_lines=1)
    left = x + 2 * r + 3
    # a tag takes its corner (5.5 mm); a longer one ("Promo") takes what it needs of the
    # label's width, up to twice that
    t = st.fit(tag, "space-tag", TAG_W, 3, max_lines=1, optional=True) if tag else None
    if t is not None and not t.fitted.fits:
        t = st.fit(tag, "space-tag", 2 * TAG_W, 3, max_lines=1)
    right = x + w - ((max(TAG_W, t.fitted.width()) + 1.5) if t else 1.5)
    f = st.fit(text, "space-label", right - left, h - 2, max_lines=3)
    return SpaceBox(
        x,
        y,
        w,
        h,
        r,
        x + r + 1.5,
        y + h / 2,
        n,
        y + h / 2 - (n.height / 2 if n else 0),
        f,
        (left + right) / 2,
        y + h / 2 - f.height / 2,
        dashed,
        t,
        x + w - 3.6 - (max(0.0, t.fitted.width() - TAG_W) / 2 if t else 0.0),
        y + 0.8,
    )


def star_points(cx: float, cy: float, r: float) -> str:
    """The `points` of a five-pointed star of outer radius `r`, point up."""
    pts = []
    for i in range(10):
        a = math.radians(-90 + 36 * i)
        k = r if i % 2 == 0 else r * 0.4
        pts.append(f"{cx + k * math.cos(a):.2f},{cy + k * math.sin(a):.2f}")
    return " ".join(pts)


def render(board: str, w: float, h: float, title: str, st: BoardStyle, **view: object) -> str:
    """The board's SVG from `templates/forty-factions/boards/<board>.svg.j2`."""
    return draw(GAME, board, w, h, title, st, **view)


@dataclass(frozen=True)
class CircleSpace:
    """A round space: the circle, the number on top, the name below (dashed: lesser)."""

    cx: float
    cy: float
    r: float
    dashed: bool
    number: At
    text: At


def circle_space(
    st: BoardStyle, cx: float, cy: float, r: float, number: int, text: str, lesser: bool = False
) -> CircleSpace:
    """A round space of radius `r`: its number (½ for a Lesser Circle) and its name."""
    n = st.fit(
        f"{number}{' ½' if lesser else ''}",
        "circle-number",
        r * 1.5,
        r * 0.8,
        size=r * 0.7,
        max_lines=1,
    )
    t = st.fit(text, "circle-label", r * 1.65, r * 0.95, max_lines=3)
    return CircleSpace(cx, cy, r, lesser, At(n, cx, cy - r * 0.75), At(t, cx, cy - 0.4))
