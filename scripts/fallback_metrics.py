"""Write toolkit/templates/common/fonts/fallback-metrics.json: the advance widths of the
serif that stands in for the kit's fonts where an SVG's embedded fonts are not used.

librsvg (rsvg-convert, GNOME's viewers, many converters) and Inkscape ignore the
`@font-face` rules an SVG board embeds, and draw its labels in the first font of the
`font-family` list that is installed. That list names the Times-metric serifs (Times New
Roman, Times, Liberation Serif, Nimbus Roman, Tinos: one advance width per character across
them), so a label fitted to be no wider than its space in the kit's font *and* in these
widths stays inside its space in either. The table holds, per character, the widest advance
among the fonts given, in em.

Run by hand when the character range should grow (needs Debian's fonts-liberation2 and
fonts-urw-base35); the build only reads the JSON it writes:

    .venv/bin/python scripts/fallback_metrics.py
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "toolkit" / "templates" / "common" / "fonts" / "fallback-metrics.json"
FONTS = {
    "regular": [
        "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf",
        "/usr/share/fonts/opentype/urw-base35/NimbusRoman-Regular.otf",
    ],
    "bold": [
        "/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf",
        "/usr/share/fonts/opentype/urw-base35/NimbusRoman-Bold.otf",
    ],
}
# Latin (Basic, Latin-1, Extended-A and B), General Punctuation, currency, letterlike
# symbols, number forms and arrows: what a game's names and rules texts use.
RANGES = [(0x20, 0x24F), (0x2000, 0x206F), (0x20A0, 0x20BF), (0x2100, 0x215F), (0x2190, 0x21FF)]


def widths(paths: list[str]) -> dict[str, float]:
    """Per code point in RANGES that every font maps, the widest advance, in em, rounded up."""
    fonts = [TTFont(p, lazy=True) for p in paths]
    maps = [(f.getBestCmap(), f["hmtx"], f["head"].unitsPerEm) for f in fonts]
    out: dict[str, float] = {}
    for lo, hi in RANGES:
        for cp in range(lo, hi + 1):
            if not all(cp in cmap for cmap, _, _ in maps):
                continue
            em = max(hmtx[cmap[cp]][0] / upm for cmap, hmtx, upm in maps)
            out[str(cp)] = math.ceil(em * 1000) / 1000
    return out


def main() -> int:
    table = {
        "about": "Advance widths (em) of the Times-metric serifs that SVG boards name as the "
        "fallback for Cinzel and EB Garamond: per character the widest of "
        + ", ".join(Path(p).name for ps in FONTS.values() for p in ps)
        + ". Written by scripts/fallback_metrics.py.",
        **{weight: widths(paths) for weight, paths in FONTS.items()},
    }
    OUT.write_text(json.dumps(table, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(
        f"{OUT.relative_to(ROOT)}: {sum(len(v) for v in table.values() if isinstance(v, dict))}"
        " widths"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
