"""The drawings on a Forty Factions card face, built from the card's data as SVG pictures:
its tarot card (a suit's pips or court mark, 3.1; a Major Arcana numeral and symbol, 3.2)
and, for a faction without art of its own, an emblem generated from its party colour, suit
and monogram. Sizes are mm. No layout of the card here (its template places these), and
nothing read from files: the symbols are `glyphs`. Each drawing is a `data:` URL that the
template places as a picture: WeasyPrint then draws its SVG without styling each element
as a part of the page (inline, the drawings cost a card's layout half as much again).

These are the kit's own drawings from the card's data; the card says so under them
(`card_faces.Face.generated`), so that no one takes them for the game's art.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from html import escape

import toolkit.games.forty_factions.glyphs as glyphs
from toolkit.games.forty_factions.decks import split_major
from toolkit.render.svg import clean, fit, mm

INK = "#1a1a1a"
PAPER = "#fffdf7"  # the face of a drawn card, a shade lighter than the card it sits on
NEUTRAL = "#d9d1bf"  # a party with no colour of its own (game.yaml gives none)
# pip places on a drawn card, as fractions of its width (columns) and height (rows)
_L, _C, _R = 0.31, 0.5, 0.69
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((_C, 0.5),),
    2: ((_C, 0.2), (_C, 0.8)),
    3: ((_C, 0.2), (_C, 0.5), (_C, 0.8)),
    4: ((_L, 0.2), (_R, 0.2), (_L, 0.8), (_R, 0.8)),
    5: ((_L, 0.2), (_R, 0.2), (_C, 0.5), (_L, 0.8), (_R, 0.8)),
    6: tuple((x, y) for y in (0.2, 0.5, 0.8) for x in (_L, _R)),
    7: (*((x, y) for y in (0.2, 0.5, 0.8) for x in (_L, _R)), (_C, 0.35)),
    8: (*((x, y) for y in (0.2, 0.5, 0.8) for x in (_L, _R)), (_C, 0.35), (_C, 0.65)),
    9: (*((x, y) for y in (0.2, 0.4, 0.6, 0.8) for x in (_L, _R)), (_C, 0.5)),
    10: (*((x, y) for y in (0.2, 0.4, 0.6, 0.8) for x in (_L, _R)), (_C, 0.3), (_C, 0.7)),
}
_SMALL_WORDS = {"of", "the", "and", "a", "an", "de", "la", "le", "du", "des", "to", "in"}


@dataclass(frozen=True)
class Tarot:
    """A tarot card as its name reads: a Minor Arcana card (`suit`, `rank`) or a Major
    Arcana one (`arcanum`, with the `numeral` the name gives, if any)."""

    suit: str = ""
    rank: str = ""
    arcanum: str = ""
    numeral: str = ""


def read_tarot(name: str, suits: list[str], arcana: list[str]) -> Tarot | None:
    """`Seven of Cups`, `XIII Death`, or `Death (alternate version)` (13.1.4) as a `Tarot`;
    None for a name that is neither of the game's cards."""
    m = re.fullmatch(r"(\w+) of (\w+)", name.strip())
    if m and m[2] in suits:
        return Tarot(suit=m[2], rank=m[1])
    major = split_major(name)
    if major is not None:
        return Tarot(arcanum=major[1], numeral=major[0])
    bare = re.sub(r"\s*\([^)]*\)$", "", name).strip()
    return Tarot(arcanum=bare) if bare in arcana else None


def glyph(fragment: str, cx: float, cy: float, size: float, ink: str, turned: bool = False) -> str:
    """A symbol of `glyphs` drawn `size` mm wide centred on (cx, cy), in `ink` on paper;
    `turned` upside down, as a pip on a card's lower half."""
    paint = fragment.replace("INK", ink).replace("PAPER", PAPER)
    turn = " rotate(180)" if turned else ""
    return f'<g transform="translate({mm(cx)} {mm(cy)}) scale({size / 20:.4f}){turn}">{paint}</g>'


def _text(x: float, y: float, text: str, size: float) -> str:
    """A centred line of Cinzel Bold in ink, its baseline at `y` (the kit's font: the page
    that places the picture has registered it)."""
    return (
        f'<text x="{mm(x)}" y="{mm(y)}" text-anchor="middle" font-family="Cinzel" '
        f'font-weight="700" font-size="{mm(size)}" fill="{INK}">{escape(clean(text))}</text>'
    )


def _svg(w: float, h: float, label: str, body: str) -> str:
    """The drawing as a `data:` URL of an SVG `w` x `h` mm, titled `label`."""
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{mm(w)}mm" height="{mm(h)}mm" '
        f'viewBox="0 0 {mm(w)} {mm(h)}"><title>{escape(clean(label))}</title>{body}</svg>'
    )
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def _blank(w: float, h: float) -> str:
    """A drawn card's outline, with a thin border inside it."""
    return (
        f'<rect x="0.3" y="0.3" width="{mm(w - 0.6)}" height="{mm(h - 0.6)}" rx="2" '
        f'fill="{PAPER}" stroke="{INK}" stroke-width="0.4"/>'
        f'<rect x="1.6" y="1.6" width="{mm(w - 3.2)}" height="{mm(h - 3.2)}" rx="1.2" '
        f'fill="none" stroke="{INK}" stroke-width="0.15"/>'
    )


def minor_card(t: Tarot, ranks: list[str], w: float, h: float) -> str:
    """A Minor Arcana card drawn `w` x `h` mm: its pips in the usual places (the lower ones
    upside down) and its value in two corners; a court card, its rank's mark over a large
    suit symbol and the rank's name."""
    suit = glyphs.suit(t.suit)
    court = glyphs.COURT.get(t.rank.casefold())
    body = [_blank(w, h)]
    if court is not None:
        body.append(glyph(court, w / 2, h * 0.27, w * 0.42, INK))
        body.append(glyph(suit, w / 2, h * 0.56, w * 0.5, INK))
        body.append(_text(w / 2, h * 0.88, t.rank.upper(), w * 0.12))
    else:
        count = len(ranks) - ranks.index(t.rank) if t.rank in ranks else 0
        places = _PIPS.get(count, ((_C, 0.5),))
        size = w * (0.46 if count == 1 else 0.18)
        body += [glyph(suit, w * x, h * y, size, INK, y > 0.5) for x, y in places]
        index = "A" if count == 1 else str(count) if count else t.rank[:2]
        # the value in two corners, inside the inner border with the font's ascent and
        # descent (the audit holds a word's whole box to the shape around it)
        em = w * 0.11
        for x, y, sy in ((3.9, 4.8, 7.1), (w - 3.9, h - 3.1, h - 6.5)):
            body.append(_text(x, y, index, em))
            body.append(glyph(suit, x, sy, w * 0.09, INK))
    return _svg(w, h, f"{t.rank} of {t.suit}", "".join(body))


def major_card(t: Tarot, w: float, h: float, aliases: dict[str, str]) -> str:
    """A Major Arcana card drawn `w` x `h` mm: its numeral (where its name gives one) at the
    head, its symbol, and its name at the foot."""
    body = [_blank(w, h)]
    if t.numeral:
        body.append(_text(w / 2, h * 0.14, t.numeral, w * 0.15))
        body.append(
            f'<line x1="{mm(w * 0.3)}" y1="{mm(h * 0.18)}" x2="{mm(w * 0.7)}" '
            f'y2="{mm(h * 0.18)}" stroke="{INK}" stroke-width="0.25"/>'
        )
    body.append(glyph(glyphs.arcanum(t.arcanum, aliases), w / 2, h * 0.51, w * 0.6, INK))
    name = fit(t.arcanum.upper(), w * 0.82, h * 0.14, w * 0.095, "Cinzel", 700, max_lines=2)
    top = h * 0.88 - (len(name.lines) - 1) * name.size * 1.15
    for k, line in enumerate(name.lines):
        body.append(_text(w / 2, top + k * name.size * 1.15, line, name.size))
    said = f"{t.numeral} {t.arcanum}".strip()
    return _svg(w, h, said, "".join(body))


def monogram(name: str) -> str:
    """Up to three initials of a name's words, its small words left out: `Temple of ZAKEL`
    -> `TZ`."""
    words = [w for w in re.findall(r"[^\W\d_][\w']*", name) if w.casefold() not in _SMALL_WORDS]
    return "".join(w[0].upper() for w in words[:3]) or name[:1].upper()


def contrast(colour: str) -> str:
    """Ink or white, whichever reads better on `colour` (#rrggbb): WCAG contrast."""

    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    lum = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    on_white = 1.05 / (lum + 0.05)
    on_ink = (lum + 0.05) / 0.0601  # the ink #1a1a1a: luminance 0.0101, plus 0.05
    return "#ffffff" if on_white > on_ink else INK


def emblem(name: str, suit_name: str, colour: str, d: float) -> str:
    """An emblem generated from a faction's data, `d` mm across: a ring in its party's
    colour (a neutral one where the party has none) bearing its suit four times, round its
    monogram."""
    ring = colour or NEUTRAL
    on_ring = contrast(ring)
    suit = glyphs.suit(suit_name) if suit_name else glyphs.PLAIN_SUIT
    c, r = d / 2, d / 2 - 0.4
    body = [
        f'<circle cx="{mm(c)}" cy="{mm(c)}" r="{mm(r)}" fill="{ring}" stroke="{INK}" '
        'stroke-width="0.4"/>',
        f'<circle cx="{mm(c)}" cy="{mm(c)}" r="{mm(r * 0.66)}" fill="{PAPER}" stroke="{INK}" '
        'stroke-width="0.3"/>',
    ]
    band = r * 0.83  # the middle of the ring
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        body.append(glyph(suit, c + dx * band, c + dy * band, r * 0.27, on_ring))
    letters = monogram(name)
    size = {1: 0.58, 2: 0.46}.get(len(letters), 0.34) * r
    body.append(_text(c, c + size * 0.36, letters, size))
    return _svg(d, d, f"Emblem generated for {name}", "".join(body))
