"""Render stage, SVG side: text measured with the shipped fonts, for the boards' layout
(`toolkit.render.board_style`; their templates draw them).

Text with control characters or lone surrogates is refused (`clean`): it would make broken
XML that renderers silently drop. Labels are fitted to their boxes with the real
advance widths of the fonts the kit ships, so a board's labels never overflow
their spaces or run into each other.

A board travels: its SVG file embeds the kit's fonts (`toolkit.render.svg_fonts`), and every
`font-family` names a fallback, the Times-metric serifs, for viewers that ignore embedded
fonts (librsvg, Inkscape). A label is fitted so that it is no wider than its box in the
kit's font nor in the fallback's widths (`label_width`), so it stays in its space in both.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import cache, lru_cache

from toolkit.core.resources import FONTS
from toolkit.load.icons import drawn_icons, runs

FACES = {
    ("Cinzel", 400): "Cinzel_400Regular.ttf",
    ("Cinzel", 700): "Cinzel_700Bold.ttf",
    ("EB Garamond", 400): "EBGaramond_400Regular.ttf",
    ("EB Garamond", 600): "EBGaramond_600SemiBold.ttf",
    ("EB Garamond", 700): "EBGaramond_700Bold.ttf",
}
# Viewers that ignore the embedded fonts draw in the first of these that is installed: all
# have the same advance widths (Times'), which `fallback-metrics.json` holds.
FALLBACK = "'Times New Roman', Times, 'Liberation Serif', 'Nimbus Roman', Tinos, serif"
LANG = "en"  # the language of every board's text: shaping must not follow the locale
_BAD = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


class SVGTextError(ValueError):
    """Text that must not reach an SVG file."""


def clean(text: str) -> str:
    """Text as it may appear in SVG: no control characters, no lone surrogates."""
    m = _BAD.search(text)
    if m:
        raise SVGTextError(f"character U+{ord(m.group()):04X} cannot be written to SVG")
    return text


@cache
def _metrics(family: str, weight: int) -> tuple[dict[int, int], float, int]:
    # fontTools: 15 ms to import, only where a board's text is measured (never on `toolkit check`)
    from fontTools.ttLib import TTFont

    font = TTFont(FONTS / FACES[(family, weight)], lazy=True)
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    advances = {cp: hmtx[name][0] for cp, name in cmap.items()}
    return advances, float(font["head"].unitsPerEm), hmtx[".notdef"][0]


def missing_glyphs(text: str, family: str = "EB Garamond", weight: int = 400) -> str:
    """The characters of `text` the shipped font has no glyph for (they would print as an
    empty box), each once, in order."""
    advances = _metrics(family, weight)[0]
    return "".join(dict.fromkeys(c for c in text if ord(c) not in advances and c not in "\n\t"))


def require_glyphs(text: str, family: str = "EB Garamond", weight: int = 400) -> None:
    """SVGTextError when the shipped font lacks a glyph `text` uses, naming each one."""
    gone = missing_glyphs(text, family, weight)
    if gone:
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in gone)
        raise SVGTextError(
            f"{family} {weight} has no glyph for {chars} in {text!r}: it would "
            "print as an empty box; use a character the font has"
        )


def text_width(text: str, size: float, family: str = "EB Garamond", weight: int = 400) -> float:
    """Advance width of `text` at `size` (same unit as size) in a shipped font."""
    advances, upm, missing = _metrics(family, weight)
    return sum(advances.get(ord(c), missing) for c in text) * size / upm


@cache
def _fallback_metrics(bold: bool) -> tuple[dict[int, float], float]:
    table = json.loads((FONTS / "fallback-metrics.json").read_text(encoding="utf-8"))
    widths = {int(cp): em for cp, em in table["bold" if bold else "regular"].items()}
    return widths, max(widths.values())


def fallback_width(text: str, size: float, weight: int = 400) -> float:
    """Advance width of `text` at `size` in the fallback serif (`FALLBACK`); a character
    it does not list counts as its widest."""
    widths, widest = _fallback_metrics(weight >= 600)  # 600 falls back to the bold face
    return sum(widths.get(ord(c), widest) for c in text) * size


def label_width(text: str, size: float, family: str = "EB Garamond", weight: int = 400) -> float:
    """The width `text` needs: in the kit's font, or in the fallback serif where a viewer
    ignores the SVG's embedded fonts, whichever is wider; an icon (`:name:`, see
    `toolkit.load.icons`) is one em wide."""
    pieces = _icon_runs(text)
    if pieces is not None:
        return sum(size if r.icon else label_width(r.text, size, family, weight) for r in pieces)
    return max(text_width(text, size, family, weight), fallback_width(text, size, weight))


def _icon_runs(text: str) -> list | None:  # type: ignore[type-arg]
    """The line as text and icon runs when it holds an icon of the game whose board is
    being drawn (`toolkit.load.icons.drawing`), else None."""
    if ":" not in text:
        return None

    known = drawn_icons()
    pieces = runs(text, known) if known else []
    return pieces if any(r.icon for r in pieces) else None


def font_stack(family: str) -> str:
    """A `font-family` value: the kit's font, then the fallback serifs."""
    return f"{family}, {FALLBACK}" if family in {f for f, _ in FACES} else family


def wrap(text: str, width: float, size: float, family: str, weight: int) -> list[str]:
    """Greedy word wrap to `width` (see `label_width`)."""
    lines: list[str] = []
    for word in text.split():
        if lines and label_width(f"{lines[-1]} {word}", size, family, weight) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


@dataclass(frozen=True)
class Fitted:
    """A label fitted into a box: its lines and the size that made them fit."""

    lines: tuple[str, ...]
    size: float
    family: str
    weight: int
    fits: bool = True  # False: even the smallest size runs out of the box

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * 1.15

    def width(self) -> float:
        return max(label_width(ln, self.size, self.family, self.weight) for ln in self.lines)


def fit(
    text: str,
    width: float,
    height: float,
    size: float,
    family: str = "EB Garamond",
    weight: int = 400,
    min_size: float = 1.8,
    max_lines: int = 3,
) -> Fitted:
    """The largest size <= `size` at which `text` wraps into the box, down to `min_size`,
    in the kit's font and in the fallback (`label_width`). A character the font has no glyph
    for is an SVGTextError. Remembered for the process (a board is drawn at every build to
    key it, and `--watch` rebuilds with the same labels), by everything the fit depends on,
    the icons of the game being drawn included."""
    icons = _icon_names() if ":" in text else ()
    return _fit(text, width, height, size, family, weight, min_size, max_lines, icons)


def _icon_names() -> tuple[str, ...]:
    return drawn_icons()


@lru_cache(maxsize=16384)
def _fit(
    text: str,
    width: float,
    height: float,
    size: float,
    family: str,
    weight: int,
    min_size: float,
    max_lines: int,
    _icons: tuple[str, ...],
) -> Fitted:
    require_glyphs(text, family, weight)
    s = size
    while True:
        lines = wrap(text, width, s, family, weight)
        fits = (
            len(lines) <= max_lines
            and len(lines) * s * 1.15 <= height
            and all(label_width(ln, s, family, weight) <= width for ln in lines)
        )
        if fits or s <= min_size:
            return Fitted(tuple(lines), round(s, 2), family, weight, fits)
        s = max(min_size, s * 0.92)


def mm(v: object) -> str:
    """A number as a board writes it: at most two decimals, no trailing zeros."""
    if isinstance(v, float):
        return f"{v:.2f}".rstrip("0").rstrip(".")
    return str(v)


SQRT3 = 3**0.5


def hex_centre(q: float, r: float, size: float) -> tuple[float, float]:
    """Centre of the pointy-top hex at axial (q, r), for hexes of circumradius `size`."""
    return size * SQRT3 * (q + r / 2), size * 1.5 * r


def hex_points(cx: float, cy: float, size: float) -> str:
    """The `points` of a pointy-top hex polygon centred on (cx, cy)."""

    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append(f"{cx + size * math.cos(a):.2f},{cy + size * math.sin(a):.2f}")
    return " ".join(pts)
