"""Write stage, counters: packed pieces drawn as PDF sheets.

Faces come from the game's template (`toolkit.render.faces`), each distinct face parsed and
fitted once (`Faces`), and are drawn on reportlab's canvas (`toolkit.render.counter_canvas`,
imported only where sheets are drawn: `toolkit check` lists the counter sheets without
drawing them). Fronts carry the cut lines (a thin grey outline on each piece; a standee's
fold lines dashed); a backs page mirrors its fronts page for long-edge duplex. Colours
and pictures are RGB here; a print shop's sheets are converted to CMYK afterwards through
the output condition's profile (`toolkit.render.pdfx`), as the cards are. The canvas runs with
`invariant=1`: the same pieces give the same bytes.
"""

from __future__ import annotations

import re
from typing import IO, Any

from toolkit.render.counter_layout import Placed, Token
from toolkit.render.faces import FaceError, Op, fit, parse

# The look the core draws itself (cut lines, the ink on a player colour) comes from the
# game's counter template, which sets these at its top (`{% set cut_line = "#..." %}`).
LOOK = ("cut_line", "ink_dark", "ink_light", "piece_colour", "header_ink")


def _hex(value: object, name: str) -> str:
    """A colour the template sets for the core (`#rrggbb`), or FaceError naming it."""
    if not isinstance(value, str) or not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        raise FaceError(
            f"the counter template must set `{name}` to a colour as #rrggbb "
            f'(`{{% set {name} = "#8c8c8c" %}}`), not {value!r}'
        )
    return value


class Faces:
    """Each distinct face rendered from the template, parsed and fitted once."""

    def __init__(self, env: Any, template: str) -> None:
        self.module = env.get_template(template).module
        self.cache: dict[tuple[Any, ...], tuple[Op, ...]] = {}
        self.look = {k: _hex(getattr(self.module, k, None), k) for k in LOOK}

    def ops(self, t: Token, side: str) -> tuple[Op, ...]:
        name = t.face if side == "front" else t.back
        key = (
            name,
            t.label,
            t.colour,
            t.name,
            t.item,
            t.w,
            t.face_h,
            t.face_shape,
            side,
            bool(t.art),
            t.mark,
        )
        hit = self.cache.get(key)
        if hit is None:
            macro = getattr(self.module, name, None)
            if macro is None:
                raise FaceError(f"{t.component}: the counter template has no macro `{name}`")
            what = f"{t.component} ({t.label}, {side})"
            try:
                turned = t.shape == "standee" and side == "back"  # drawn upside down
                p = t.context(side, self.look)
                hit = fit(parse(str(macro(p))), t.face_shape, t.w, t.face_h, what, turned)
            except FaceError as exc:
                raise FaceError(f"{what}: {exc}") if what not in str(exc) else exc from None
            self.cache[key] = hit
        return hit


def draw(
    out: IO[bytes],
    template: str,
    title: str,
    pages: list[list[Placed]],
    paper: tuple[float, float],
    duplex: bool,
    offset: tuple[float, float],
    env: Any,
) -> int:
    """Draw the packed pages (each followed by its mirrored backs page when `duplex`)
    with the faces of the game's counter `template`; returns the number of PDF pages."""
    # reportlab's canvas: 20 ms to import, only where counter sheets are drawn
    from toolkit.render.counter_canvas import drawn

    return drawn(out, title, pages, paper, duplex, offset, Faces(env, template))
