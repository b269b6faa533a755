"""Boards through Jinja: the look from a game's `board.css`, the drawing from a template.

A pack lays a board out in Python (positions, sizes, labels fitted with the fonts'
metrics) into a plain view object; `templates/<game>/boards/<board>.svg.j2` draws it,
with the shared skeleton and macros of `templates/common/board*.svg.j2`;
`templates/<game>/board.css` holds every colour, stroke and font, as CSS classes, and is
embedded in the SVG's `<style>` so the file stays self-contained. Colours the content
gives (a party's, a House's) come from the content, not from the stylesheet.

The stylesheet is read here too, for its text classes: the family, weight and size a class
names are what its labels are fitted with, so a designer who makes a label larger in
`board.css` gets it fitted (wrapped or shrunk) to its space at the new size. A fitted size
is written on the text in a `style` attribute (it must win over the class's size), and the
family, weight and size also as presentation attributes, for tools that read those alone
(the font embedding of `toolkit.render.svg_fonts`, viewers without CSS).

Only simple rules are read: one or more `.class` selectors and their declarations; any
other selector is kept in the embedded stylesheet for the renderers but not read for text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tinycss2

from toolkit.core.diagnostics import display_path
from toolkit.core.outputs import TextOverflow
from toolkit.core.overrides import project_templates
from toolkit.load.art import backdrop_ref, placed
from toolkit.load.icons import drawing_root, drawn_stamp, drawn_url
from toolkit.render import templates
from toolkit.render.svg import (
    FACES,
    Fitted,
    _icon_runs,
    clean,
    fit,
    font_stack,
    label_width,
    mm,
    require_glyphs,
)

if TYPE_CHECKING:
    import jinja2

COMMON = ("common/board.svg.j2", "common/board-macros.svg.j2")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class BoardStyleError(ValueError):
    """A board stylesheet a board cannot be drawn with: the message names the file and the
    class."""


@dataclass(frozen=True)
class TextStyle:
    """The font a text class of `board.css` names: the kit's family, weight, size (mm)."""

    family: str
    weight: int
    size: float


def templates_root() -> Path:
    """The templates folder (read at each call, so a test may point it at a copy)."""

    return templates.TEMPLATES  # looked up each time: a test points it elsewhere


def _roots() -> tuple[Path, ...]:
    """Where a board's templates are looked up, first match wins: the project's own
    `templates/` (that of the game being drawn: `toolkit.core.overrides`), then ours."""
    game_dir = drawing_root()
    own = project_templates(game_dir.parent) if game_dir is not None else None
    return (own, templates_root()) if own is not None else (templates_root(),)


def _file(rel: str) -> Path:
    """The file a template path (relative to templates/) reads: the first root's that has it."""
    roots = _roots()
    return next((r / rel for r in roots if (r / rel).is_file()), roots[-1] / rel)


@lru_cache(maxsize=16)
def _rules(css: str) -> dict[str, dict[str, str]]:
    """The declarations of each class in simple `.class` rules, later rules winning
    (parsed once per text: every board of a game reads the same sheet)."""

    out: dict[str, dict[str, str]] = {}
    for rule in tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True):
        if rule.type != "qualified-rule":
            continue
        selectors = [s.strip() for s in tinycss2.serialize(rule.prelude).split(",")]
        decls = {
            d.lower_name: tinycss2.serialize(d.value).strip()
            for d in tinycss2.parse_declaration_list(rule.content, True, True)
            if d.type == "declaration"
        }
        for sel in selectors:
            if re.fullmatch(r"\.[A-Za-z_][\w-]*", sel):
                out.setdefault(sel[1:], {}).update(decls)
    return out


class BoardStyle:
    """A game's board stylesheet: its text to embed, its text classes to fit labels with."""

    def __init__(self, css: str, name: str) -> None:
        self.css = clean(css)
        self.name = name
        self.rules = {cls: dict(decls) for cls, decls in _rules(css).items()}

    def text(self, cls: str) -> TextStyle:
        """The font of the text class `cls` (each class a label uses names all three)."""
        decls = self.rules.get(cls)
        if decls is None:
            raise BoardStyleError(f"{self.name}: no rule for the text class .{cls}")
        try:
            family = decls["font-family"].split(",")[0].strip().strip("'\"")
            weight = int(
                decls.get("font-weight", "400").replace("bold", "700").replace("normal", "400")
            )
            size = float(decls["font-size"].removesuffix("px"))
        except (KeyError, ValueError) as exc:
            raise BoardStyleError(
                f"{self.name}: .{cls} needs a font-family, a font-weight "
                f"and a font-size in px (mm on a board): {exc}"
            ) from None
        if (family, weight) not in FACES:
            faces = ", ".join(f"{f} {w}" for f, w in FACES)
            raise BoardStyleError(
                f"{self.name}: .{cls} names {family} {weight}; the kit ships "
                f"{faces}, whose widths the labels are fitted to"
            )
        return TextStyle(family, weight, size)

    def fit(
        self,
        text: str,
        cls: str,
        width: float,
        height: float,
        *,
        size: float | None = None,
        max_lines: int = 3,
        min_size: float = 1.8,
        optional: bool = False,
    ) -> Label:
        """`text` fitted into a `width` x `height` box in the font of `cls`, from the class's
        size down; a label sized to its space (a number in its disc) passes its own `size`,
        and takes only its family and weight from the class. Text that runs out of the box
        even at `min_size` is a `TextOverflow` (the build reports it at the content value,
        RENDER-OVERFLOW), unless the label is `optional` (its caller leaves it off then)."""
        st = self.text(cls)
        f = fit(
            text,
            width,
            height,
            st.size if size is None else size,
            st.family,
            st.weight,
            min_size,
            max_lines,
        )
        if not (f.fits or optional):
            raise TextOverflow(
                f"{text!r} does not fit its space on the board ({width:.1f} x "
                f"{height:.1f} mm) even at {f.size} mm in {max_lines} "
                f"line{'s' if max_lines > 1 else ''}: shorten it",
                text,
            )
        return Label(f, cls)

    def line(self, text: str, cls: str, size: float | None = None) -> Label:
        """One line of text, not fitted (a title, a heading placed with room to spare), in
        the font of `cls`, at its size or at `size` (one sized to its space)."""
        st = self.text(cls)
        require_glyphs(text, st.family, st.weight)
        return Label(Fitted((text,), st.size if size is None else size, st.family, st.weight), cls)


@dataclass(frozen=True)
class Label:
    """A fitted label and the text class that styles it."""

    fitted: Fitted
    cls: str

    @property
    def lines(self) -> tuple[str, ...]:
        return self.fitted.lines

    @property
    def size(self) -> float:
        return self.fitted.size

    @property
    def height(self) -> float:
        return self.fitted.height

    @property
    def stack(self) -> str:
        return font_stack(self.fitted.family)

    @property
    def weight(self) -> int:
        return self.fitted.weight

    def width(self) -> float:
        return self.fitted.width()

    def pieces(self, i: int) -> list[dict[str, Any]] | None:
        """Line `i` as text and icon pieces, each at its offset from the line's left edge
        (the line centred on its anchor is `width` wide), or None when it has no icon of
        the game being drawn (`toolkit.load.icons`): an icon is one em, on the baseline."""

        line = self.fitted.lines[i]
        runs = _icon_runs(line)
        if runs is None:
            return None
        size, family, weight = self.fitted.size, self.fitted.family, self.fitted.weight
        out: list[dict[str, Any]] = []
        x = 0.0
        for r in runs:
            if r.icon:
                out.append({"icon": drawn_url(r.icon), "x": x})
                x += size
                continue
            lead = label_width(r.text[: len(r.text) - len(r.text.lstrip())], size, family, weight)
            if r.text.strip():
                out.append({"text": r.text.strip(), "x": x + lead})
            x += label_width(r.text, size, family, weight)
        return [dict(p, width=x) for p in out]


@dataclass(frozen=True)
class At:
    """A label placed: centred on `cx`, its first line one line below `top`."""

    label: Label
    cx: float
    top: float


def load_style(game: str) -> BoardStyle:
    """`templates/<game>/board.css`, read afresh (a watch picks up the designer's edit)."""
    path = _file(f"{game}/board.css")
    return BoardStyle(path.read_text(encoding="utf-8"), f"templates/{game}/board.css")


def colour(value: str) -> str:
    """A colour from content, as it may go in a `style` attribute: `#rrggbb` only (the
    content's schema asks for that; checked again here, so no content text becomes CSS)."""
    if not _COLOUR.fullmatch(value):
        raise BoardStyleError(f"not a #rrggbb colour: {value!r}")
    return value


_ENVS: dict[tuple[Path, ...], jinja2.Environment] = {}


def _env() -> jinja2.Environment:
    """The templates' environment (autoescaped, strict: `toolkit.render.templates.environment`) with
    `n`, the number format of a board's coordinates."""

    root = _roots()
    env = _ENVS.get(root)
    if env is None:
        env = templates.environment(list(root))
        env.filters["n"] = mm
        _ENVS[root] = env
    return env


def template_sources(game: str, board: str) -> tuple[str, ...]:
    """The files a board is drawn from, for the manifest (a change rebuilds it): its
    template, the game's partials (`boards/_*.svg.j2`), its stylesheet, the common ones."""
    partials = sorted({p.name for r in _roots() for p in (r / game / "boards").glob("_*.svg.j2")})
    backdrop = _backdrop_path(board)
    return (
        f"templates/{game}/boards/{board}.svg.j2",
        *(f"templates/{game}/boards/{p}" for p in partials),
        f"templates/{game}/board.css",
        *(f"templates/{t}" for t in COMMON),
        *backdrop,
    )


def _backdrop_path(board: str) -> tuple[str, ...]:
    """The board's backdrop picture as a source (a change redraws the board), if it has one:
    looked up in the game being drawn (`toolkit.load.icons.drawing`)."""

    root = drawing_root()
    ref = backdrop_ref(root, board) if root is not None else ""
    return (display_path(root / ref),) if ref and root is not None else ()


def draw(
    game: str, board: str, width: float, height: float, title: str, style: BoardStyle, **view: Any
) -> str:
    """A whole SVG file: `templates/<game>/boards/<board>.svg.j2` drawing `view`, at real
    size in mm with a viewBox in mm, its title, and the stylesheet in its `<style>`. Text
    with control characters is refused (`toolkit.render.svg.clean`), as the element builder does."""

    root = drawing_root()
    backdrop = placed(root, backdrop_ref(root, board)) if root is not None else ""
    # a view is plain data (frozen dataclasses, tuples, lists, str, numbers; a test holds
    # every pack to it), so its repr says all it draws: a `--watch` rebuild draws again
    # only the boards whose view, style, templates, backdrop or icons changed
    key = repr(
        (
            width,
            height,
            title,
            style.css,
            backdrop,
            sorted(view.items()),
            _templates_stamp(game, board),
            drawn_stamp(),
        )
    )
    kept = _DRAWN.get((_roots(), game, board))
    if kept is not None and kept[0] == key:
        return kept[1]
    svg = templates.render(
        _env(),
        f"{game}/boards/{board}.svg.j2",
        width=width,
        height=height,
        title=title,
        css=style.css,
        backdrop=backdrop,
        **view,
    )
    svg = clean(svg)
    _DRAWN[(_roots(), game, board)] = (key, svg)
    return svg


# The last drawing of each board in this process, with the key it was drawn under.
_DRAWN: dict[tuple[tuple[Path, ...], str, str], tuple[str, str]] = {}


def _templates_stamp(game: str, board: str) -> tuple[tuple[str, int, int], ...]:
    """The templates a board is drawn from, with their sizes and modification times."""
    out = []
    for rel in template_sources(game, board):
        if rel.startswith("templates/"):
            st = _file(rel.removeprefix("templates/")).stat()  # the override, if any
            out.append((rel, st.st_size, st.st_mtime_ns))
    return tuple(out)
