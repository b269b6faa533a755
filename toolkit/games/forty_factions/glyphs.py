"""The symbols a Forty Factions card face draws: the tarot suits (3.1, 13.1), the Major
Arcana (3.2) and the court ranks, as SVG fragments (no layout here: `card_art` places them).

Each symbol is drawn in a box 20 units wide centred on the origin (y down), in two paints:
`INK` (the symbol) and `PAPER` (what is cut out of it), which `card_art.glyph` replaces by
the colours it is drawn in. The suits are looked up by the names game.yaml gives them, the
Major Arcana by the standard card names (`arcana_key`); a name with no drawing here (a
designer's new suit) gets a plain symbol, so every card still shows one. These are the
kit's own simple drawings, not the art of any published tarot.
"""

from __future__ import annotations

import math

# A stroke of the symbols, in the 20-unit box (about 6 % of the symbol's size).
_LINE = 'fill="none" stroke="INK" stroke-width="1.6" stroke-linecap="round"'


def _star(points: int, outer: float, inner: float, cx: float = 0.0, cy: float = 0.0) -> str:
    """The `points` attribute of a star with `points` rays, the first pointing up."""
    pts = []
    for k in range(points * 2):
        r = outer if k % 2 == 0 else inner
        a = math.pi * k / points - math.pi / 2
        pts.append(f"{cx + r * math.cos(a):.2f},{cy + r * math.sin(a):.2f}")
    return " ".join(pts)


def _spokes(count: int, r0: float, r1: float) -> str:
    """Lines from radius `r0` out to `r1`, evenly round the origin."""
    out = []
    for k in range(count):
        a = 2 * math.pi * k / count
        c, s = math.cos(a), math.sin(a)
        ends = f'x1="{r0 * c:.2f}" y1="{r0 * s:.2f}" x2="{r1 * c:.2f}" y2="{r1 * s:.2f}"'
        out.append(f"<line {ends} {_LINE}/>")
    return "".join(out)


# The suits are drawn many times a card (its pips), so each is one path: WeasyPrint draws
# a picture's elements one by one, and a card of ten pips drew 50. Ink is wound clockwise
# and a cut-out counter-clockwise, so that the nonzero fill leaves the cut-outs as holes.


def _rect(x: float, y: float, w: float, h: float, hole: bool = False) -> str:
    if hole:
        return f"M {x} {y} V {y + h:g} H {x + w:g} V {y} Z "
    return f"M {x} {y} H {x + w:g} V {y + h:g} H {x} Z "


def _ellipse(cx: float, cy: float, rx: float, ry: float, hole: bool = False) -> str:
    sweep = 0 if hole else 1
    left, right = f"{cx - rx:g} {cy}", f"{cx + rx:g} {cy}"
    return f"M {left} A {rx} {ry} 0 1 {sweep} {right} A {rx} {ry} 0 1 {sweep} {left} Z "


def _poly(points: str) -> str:
    """A polygon's `points` (wound clockwise) as path data."""
    pts = points.split()
    return (
        f"M {pts[0].replace(',', ' ')} "
        + " ".join(f"L {p.replace(',', ' ')}" for p in pts[1:])
        + " Z "
    )


def _path(d: str) -> str:
    return f'<path d="{d.strip()}" fill="INK"/>'


SUITS: dict[str, str] = {
    "swords": _path(
        _poly("0,-10 1.7,-7 1.7,3.6 -1.7,3.6 -1.7,-7")
        + _rect(-5.6, 3.6, 11.2, 1.9)
        + _rect(-0.9, 5.5, 1.8, 2.8)
        + _ellipse(0, 8.8, 1.2, 1.2)
    ),
    "blades": _path(
        "M -1.8 5 C -2.6 -1 0 -6.5 5.5 -10 C 3.4 -4.5 2.2 0 1.8 5 Z "
        + _rect(-4.8, 4.8, 9.6, 1.8)
        + _rect(-0.9, 6.6, 1.8, 2.3)
        + _ellipse(0, 9.1, 0.9, 0.9)
    ),
    "cups": _path(
        "M -7 -8 H 7 C 7 -1 4 2 0 2 C -4 2 -7 -1 -7 -8 Z "
        + _ellipse(0, -7.4, 5.4, 0.9, hole=True)
        + _rect(-0.9, 1.5, 1.8, 5.6)
        + "M -5 9.5 C -5 7.6 -2 7 0 7 C 2 7 5 7.6 5 9.5 Z"
    ),
    "goblets": _path(
        _poly("-6,-9.5 6,-9.5 3.2,0.5 -3.2,0.5")
        + _rect(-4.4, -8.4, 8.8, 1, hole=True)
        + _rect(-0.9, 0.5, 1.8, 6.5)
        + _ellipse(0, 3.6, 1.7, 1.7)
        + _ellipse(0, 8.4, 5, 1.5)
    ),
    "batons": _path(
        "M -1.3 10 L -2.9 -8 Q 0 -10.6 2.9 -8 L 1.3 10 Z "
        + _ellipse(2.7, -3.2, 1.3, 1.3)
        + _ellipse(-2.4, 2, 1.2, 1.2)
        + _ellipse(1.9, 5.8, 0.9, 0.9)
    ),
    "wands": _path(
        _rect(-0.8, -4, 1.6, 14)
        + _poly(_star(4, 3.8, 1.1, 0, -7))
        + "M 0.6 1 Q 4.5 -1 5.6 2.2 Q 2.8 3.4 0.6 1 Z "
        + "M -0.6 4 Q -2.8 6.4 -5.6 5.2 Q -4.5 2 -0.6 4 Z"
    ),
    "coins": _path(
        _ellipse(0, 0, 9.4, 9.4)
        + _ellipse(0, 0, 7.9, 7.9, hole=True)
        + _ellipse(0, 0, 6.7, 6.7)
        + _rect(-1.9, -1.9, 3.8, 3.8, hole=True)
    ),
    "pentacles": _path(
        _ellipse(0, 0, 9.6, 9.6) + _ellipse(0, 0, 8, 8, hole=True) + _poly(_star(5, 7.4, 2.9))
    ),
}
# A suit with no drawing of its own (a designer's new suit): a lozenge
PLAIN_SUIT = _path(_poly("0,-9.5 7,0 0,9.5 -7,0"))

# The court cards' marks above their suit (3.1 ranks them King, Queen, Knight, Knave)
COURT: dict[str, str] = {
    "king": (
        '<polygon points="-8,4 -8,-5 -4,0 0,-7 4,0 8,-5 8,4" fill="INK"/>'
        '<rect x="-8" y="4.6" width="16" height="2.6" fill="INK"/>'
    ),
    "queen": (
        '<path d="M -8 4 Q -7 -2 -5 -3 Q -3 1 0 -5 Q 3 1 5 -3 Q 7 -2 8 4 Z" fill="INK"/>'
        '<circle cx="-5" cy="-4.4" r="1.3" fill="INK"/><circle cx="0" cy="-6.6" r="1.3" '
        'fill="INK"/><circle cx="5" cy="-4.4" r="1.3" fill="INK"/>'
        '<rect x="-8" y="4.6" width="16" height="2" fill="INK"/>'
    ),
    "knight": (
        '<path d="M -6 -7 H 6 V 0 Q 6 6 0 9 Q -6 6 -6 0 Z" fill="INK"/>'
        '<path d="M -6 -1 L 0 -5 L 6 -1 V 1.6 L 0 -2.4 L -6 1.6 Z" fill="PAPER"/>'
    ),
    "knave": (
        '<path d="M -8 4 Q -7 -5 1 -5 Q 8 -5 8 4 Z" fill="INK"/>'
        '<path d="M 1 -5 Q 5 -10 10 -9" ' + _LINE + "/>"
    ),
}


def _crescent(cx: float, cy: float, outer: float, shift: float, inner: float) -> str:
    """A crescent opening to the right: a disc of radius `outer` less a disc of radius
    `inner` whose centre lies `shift` to the right (the discs' crossing points computed,
    so that each arc's ends lie on its circle)."""
    x = (outer**2 - inner**2 + shift**2) / (2 * shift)
    y = math.sqrt(outer**2 - x**2)
    top, bottom = f"{cx + x:.2f} {cy - y:.2f}", f"{cx + x:.2f} {cy + y:.2f}"
    return f"M {top} A {outer} {outer} 0 1 0 {bottom} A {inner} {inner} 0 1 1 {top} Z"


ARCANA: dict[str, str] = {
    # a bindle over the shoulder: the wanderer's stick and bundle
    "fool": (
        '<path d="M -8.4 9.4 L 5 -5" ' + _LINE + "/>"
        '<path d="M 3 -7.6 Q 6.4 -10.4 9.4 -7.4 Q 10.6 -2.6 6.6 -1.4 Q 2.4 -1.6 3 -7.6 Z" '
        'fill="INK"/>'
        f'<polygon points="{_star(5, 2.6, 1.1, -5, 2)}" fill="INK"/>'
    ),
    "magician": (
        '<path d="M 0 0 C 3 -5.5 9.4 -5.5 9.4 0 C 9.4 5.5 3 5.5 0 0 C -3 -5.5 -9.4 -5.5 '
        '-9.4 0 C -9.4 5.5 -3 5.5 0 0 Z" ' + _LINE + "/>"
    ),
    "high priestess": (
        '<rect x="-8.5" y="-9" width="3" height="18" fill="INK"/>'
        '<rect x="5.5" y="-9" width="3" height="18" ' + _LINE.replace("1.6", "1") + "/>"
        f'<path d="{_crescent(-0.6, 0, 4.2, 1.9, 3.5)}" fill="INK"/>'
    ),
    "empress": (
        '<circle cx="0" cy="-3.6" r="5" ' + _LINE + "/>"
        '<line x1="0" y1="1.4" x2="0" y2="9.6" ' + _LINE + "/>"
        '<line x1="-3.8" y1="5.8" x2="3.8" y2="5.8" ' + _LINE + "/>"
    ),
    "emperor": (
        '<circle cx="0" cy="3.4" r="6.2" fill="INK"/>'
        '<rect x="-6.2" y="2.8" width="12.4" height="1.2" fill="PAPER"/>'
        '<rect x="-0.9" y="-9.8" width="1.8" height="7.4" fill="INK"/>'
        '<rect x="-3.2" y="-7.8" width="6.4" height="1.8" fill="INK"/>'
    ),
    "hierophant": (
        '<rect x="-0.9" y="-9.8" width="1.8" height="19.6" fill="INK"/>'
        '<rect x="-2.6" y="-8" width="5.2" height="1.6" fill="INK"/>'
        '<rect x="-4.2" y="-4.6" width="8.4" height="1.6" fill="INK"/>'
        '<rect x="-5.8" y="-1.2" width="11.6" height="1.6" fill="INK"/>'
    ),
    "lovers": (
        '<circle cx="-3.2" cy="0" r="5.6" ' + _LINE + "/>"
        '<circle cx="3.2" cy="0" r="5.6" ' + _LINE + "/>"
    ),
    "chariot": (
        '<path d="M -7.5 -3 Q 0 -10.5 7.5 -3 Z" fill="INK"/>'
        '<rect x="-7" y="-2.2" width="14" height="6" fill="INK"/>'
        '<circle cx="-4.6" cy="6.4" r="2.9" fill="PAPER" stroke="INK" stroke-width="1.4"/>'
        '<circle cx="4.6" cy="6.4" r="2.9" fill="PAPER" stroke="INK" stroke-width="1.4"/>'
    ),
    "justice": (
        '<rect x="-0.8" y="-8.6" width="1.6" height="16.8" fill="INK"/>'
        '<rect x="-4" y="8" width="8" height="1.6" fill="INK"/>'
        '<rect x="-8.6" y="-6.8" width="17.2" height="1.4" fill="INK"/>'
        '<path d="M -7.4 -5.6 L -9.6 1 M -7.4 -5.6 L -5.2 1 M 7.4 -5.6 L 5.2 1 M 7.4 -5.6 '
        'L 9.6 1" fill="none" stroke="INK" stroke-width="0.6"/>'
        '<path d="M -10 1 Q -7.4 5 -4.8 1 Z" fill="INK"/>'
        '<path d="M 4.8 1 Q 7.4 5 10 1 Z" fill="INK"/>'
    ),
    "hermit": (
        '<line x1="0" y1="-9.8" x2="0" y2="-6.4" ' + _LINE + "/>"
        '<polygon points="-3.6,-6 3.6,-6 5,-3 5,5 3.6,8 -3.6,8 -5,5 -5,-3" '
        + _LINE.replace("1.6", "1.3")
        + "/>"
        f'<polygon points="{_star(6, 3.4, 1.4, 0, 1)}" fill="INK"/>'
    ),
    "wheel of fortune": (
        '<circle cx="0" cy="0" r="8.6" ' + _LINE + "/>"
        '<circle cx="0" cy="0" r="1.9" fill="INK"/>' + _spokes(8, 1.9, 8.6)
    ),
    "strength": (
        '<circle cx="-4.4" cy="3.4" r="3" ' + _LINE + "/>"
        '<path d="M -1.8 1.6 C -4.6 -4 -1.4 -9 3 -8.2 C 7.4 -7.4 7.4 -2 4.4 2 C 2.2 5 4.2 '
        '9 7.8 8" ' + _LINE + "/>"
    ),
    "hanged man": (
        '<rect x="-7.6" y="-9.4" width="15.2" height="1.8" fill="INK"/>'
        '<rect x="-7.6" y="-9.4" width="1.8" height="18.8" fill="INK"/>'
        '<rect x="5.8" y="-9.4" width="1.8" height="18.8" fill="INK"/>'
        '<line x1="0" y1="-7.6" x2="0" y2="-2.6" stroke="INK" stroke-width="0.8"/>'
        '<polygon points="-3,-2.6 3,-2.6 0,3.6" fill="INK"/>'
        '<circle cx="0" cy="5.6" r="2" fill="INK"/>'
    ),
    "death": (
        '<path d="M -6.4 9.4 Q -4 0 3 -8" ' + _LINE + "/>"
        '<path d="M 2.4 -8.6 Q 9 -9.8 10 -2.6 Q 7 -6.2 1.6 -6.6 Z" fill="INK"/>'
    ),
    "temperance": (
        '<polygon points="-9.4,-7 -3.4,-7 -4.4,-0.6 -8.4,-0.6" fill="INK"/>'
        '<rect x="-7.2" y="-0.6" width="1.6" height="2.4" fill="INK"/>'
        '<polygon points="3.4,0.8 9.4,0.8 8.4,7.2 4.4,7.2" fill="INK"/>'
        '<rect x="5.6" y="7.2" width="1.6" height="2.4" fill="INK"/>'
        '<path d="M -3.6 -5.6 Q 1.6 -5 4.6 0" fill="none" stroke="INK" stroke-width="1.1"/>'
    ),
    "devil": (
        '<circle cx="0" cy="3.4" r="5.2" ' + _LINE + "/>"
        '<path d="M -3.6 -1 Q -8.2 -4 -7.2 -10 Q -5 -5 -1.4 -2.2 Z" fill="INK"/>'
        '<path d="M 3.6 -1 Q 8.2 -4 7.2 -10 Q 5 -5 1.4 -2.2 Z" fill="INK"/>'
    ),
    "lightning-struck tower": (
        '<rect x="-5.4" y="-4.6" width="8" height="14.4" fill="INK"/>'
        '<rect x="-6.4" y="-8" width="2.4" height="3.6" fill="INK"/>'
        '<rect x="-2.6" y="-8" width="2.4" height="3.6" fill="INK"/>'
        '<rect x="1.2" y="-8" width="2.4" height="3.6" fill="INK"/>'
        '<rect x="-2.4" y="0" width="2" height="3.2" fill="PAPER"/>'
        '<polygon points="9.6,-10 5.2,-3.4 7.6,-3.4 4.4,3 9.2,-4.8 6.8,-4.8 10,-10" fill="INK"/>'
    ),
    "star": f'<polygon points="{_star(8, 9.6, 3.8)}" fill="INK"/>',
    "moon": f'<path d="{_crescent(-1, 0, 9, 4.2, 7.6)}" fill="INK"/>',
    "sun": '<circle cx="0" cy="0" r="5" fill="INK"/>' + _spokes(12, 6.6, 9.4),
    "judgment": (
        '<rect x="-8.6" y="-3.8" width="11.6" height="1.6" fill="INK"/>'
        '<polygon points="2.6,-3.8 9.6,-8.4 9.6,2.4 2.6,-2.2" fill="INK"/>'
        '<circle cx="-8.8" cy="-3" r="1.3" fill="INK"/>'
        '<rect x="-6" y="-2.2" width="6.4" height="6.6" fill="PAPER" stroke="INK" '
        'stroke-width="0.9"/>'
        '<path d="M -2.8 -1.2 V 3.4 M -5 0.6 H -0.6" fill="none" stroke="INK" '
        'stroke-width="0.9"/>'
    ),
    "world": (
        '<ellipse cx="0" cy="0" rx="6.2" ry="9" fill="none" stroke="INK" stroke-width="2.2" '
        'stroke-dasharray="1.6 0.7"/>'
        '<path d="M -2 -10 L 2 -7.4 M 2 -10 L -2 -7.4 M -2 10 L 2 7.4 M 2 10 L -2 7.4" '
        'fill="none" stroke="INK" stroke-width="0.9"/>'
        f'<polygon points="{_star(5, 3, 1.2)}" fill="INK"/>'
    ),
}
# A Major Arcana card with no drawing of its own: a star in a ring
PLAIN_ARCANUM = (
    '<circle cx="0" cy="0" r="8.6" ' + _LINE + "/>"
    f'<polygon points="{_star(5, 6.4, 2.6)}" fill="INK"/>'
)


def arcana_key(name: str, aliases: dict[str, str] | None = None) -> str:
    """`The Lightning-Struck Tower` -> `lightning-struck tower`: the name as `ARCANA`
    keys it, after game.yaml's `arcana_aliases` (`The House of God`)."""
    name = (aliases or {}).get(name, name).strip().casefold()
    return name[4:] if name.startswith("the ") else name


def suit(name: str) -> str:
    """The drawing of a suit, by its name in game.yaml."""
    return SUITS.get(name.strip().casefold(), PLAIN_SUIT)


def arcanum(name: str, aliases: dict[str, str] | None = None) -> str:
    """The drawing of a Major Arcana card, by its name."""
    return ARCANA.get(arcana_key(name, aliases), PLAIN_ARCANUM)
