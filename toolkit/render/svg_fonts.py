"""Write stage, SVG side: the kit's fonts embedded in an SVG file, so that it travels.

A board's SVG names Cinzel and EB Garamond, which a browser or Inkscape elsewhere does not
have. Before the file is written, the faces its text uses are subset to the characters it
uses (outlines and advance widths: no kerning or ligatures, see `DROPPED`), compressed as
WOFF2 and embedded as `@font-face` data URLs in a `<style>` (a few KB a face), so a
browser draws it in the kit's own fonts. Viewers that ignore `@font-face`
(librsvg, Inkscape) fall back to the Times-metric serifs every `font-family` names, which
the labels were fitted to as well (`toolkit.render.svg.label_width`).

The same SVG inlined in a PDF (`toolkit.render.boards`) is drawn with the document's own fonts,
from `templates/common/fonts.css`, without this `<style>`. The output is the same bytes for
the same SVG: subsetting and WOFF2 compression are deterministic, and the fonts' `head`
timestamps are kept, not set to the time of the build.
"""

from __future__ import annotations

import base64
import io
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import lru_cache

from fontTools import subset
from fontTools.ttLib import TTFont

from toolkit.render.svg import FACES, FONTS

ITALICS = {("EB Garamond", 400): "EBGaramond_400Regular_Italic.ttf"}
NS = "{http://www.w3.org/2000/svg}"
# Name records kept in a subset: family, style, version, and the copyright and licence
# (OFL 1.1) that must travel with the font.
NAME_IDS = [0, 1, 2, 3, 4, 5, 6, 13, 14]
Face = tuple[str, int, str]  # family, weight, style


def _face_file(face: Face) -> str | None:
    family, weight, style = face
    return (ITALICS if style == "italic" else FACES).get((family, weight))


def _texts(el: ET.Element, inherited: dict[str, str]) -> Iterator[tuple[Face, str]]:
    """Each text's face (its own attributes, else its ancestors') and characters."""
    attrs = {
        **inherited,
        **{k: v for k, v in el.attrib.items() if k in ("font-family", "font-weight", "font-style")},
    }
    if el.tag in (f"{NS}text", f"{NS}tspan"):
        family = attrs.get("font-family", "").split(",")[0].strip().strip("'\"")
        weight = attrs.get("font-weight", "400")
        face = (
            family,
            {"normal": 400, "bold": 700}.get(weight) or int(weight),
            attrs.get("font-style", "normal"),
        )
        yield face, "".join(el.itertext())
    else:
        for child in el:
            yield from _texts(child, attrs)


def faces_used(svg: str) -> dict[Face, str]:
    """The kit's faces an SVG's text uses, each with the characters it sets in it."""
    used: dict[Face, set[str]] = {}
    for face, text in _texts(ET.fromstring(svg.encode("utf-8")), {}):
        if _face_file(face) is not None:
            used.setdefault(face, set()).update(text)
    return {face: "".join(sorted(chars)) for face, chars in sorted(used.items())}


# Left out of an embedded subset: the kerning and ligature tables (GPOS, GSUB, GDEF), which
# would be most of the work (reading a face's kerning takes a second) for little on a board,
# so a browser sets each label at exactly the advance widths it was fitted with (kerning
# could widen a line past its box) and with no language's forms; and STAT, style linking
# within a family.
DROPPED = ("GPOS", "GSUB", "GDEF", "STAT")


@lru_cache(maxsize=64)
def _woff2(file: str, chars: str) -> bytes:
    """The font subset to `chars` (and its .notdef), as WOFF2."""

    # recalcTimestamp=False keeps the font's own date: the same bytes every build
    font = TTFont(FONTS / file, recalcTimestamp=False)
    for tag in DROPPED:
        if tag in font:
            del font[tag]  # before the subsetter reads it
    options = subset.Options()
    options.name_IDs = NAME_IDS
    options.notdef_outline = True  # a missing character shows as a box, not as nothing
    options.hinting = False  # outlines only: hinting is for pixels, and a third of the size
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    font.flavor = "woff2"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def font_faces(svg: str) -> str:
    """The `@font-face` rules that embed the faces `svg` uses, one a line."""
    rules = []
    for face, chars in faces_used(svg).items():
        family, weight, style = face
        data = base64.b64encode(_woff2(str(_face_file(face)), chars)).decode("ascii")
        rules.append(
            f'@font-face {{ font-family: "{family}"; font-weight: {weight}; '
            f'font-style: {style}; src: url("data:font/woff2;base64,{data}") '
            'format("woff2"); }'
        )
    return "\n".join(rules)


def embed_fonts(svg: str) -> str:
    """A board's SVG file (`toolkit.render.board_style.draw`) with the fonts it uses embedded, in
    a `<style>` right after its `<title>`."""
    rules = font_faces(svg)
    if not rules:
        return svg
    head, sep, rest = svg.partition("</title>\n")
    if not sep:
        raise ValueError("not a board SVG (toolkit.render.board_style.draw): it has no <title>")
    return f"{head}{sep}  <style>\n{rules}\n  </style>\n{rest}"
