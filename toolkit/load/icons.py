"""Icons inline in text, for any game: `:name:` in any text of the content places the SVG
icon `content/<game>/icons/<name>.svg`, one em high, on the text's baseline.

The syntax: a colon, a name of lowercase letters, digits and hyphens starting with a
letter, a colon (`:vp:`, `:pawn-red:`), not inside a word or a chain of colons (so
`12:30` and `a:b:c` stay text; `Den :vp:: Lower` holds one). An unknown name is a content
error (`CONTENT-ICON`) with a did-you-mean. An icon is untrusted like all content: it is
read through the confined reader (`toolkit.core.assets`; no link out of the content folder,
nothing hidden, a file with no other name (a hard link), a size limit) and refused unless
it is a plain drawing (`toolkit.load.plain_svg`, shared with art: no DOCTYPE or entity, no
script, no event attribute, no `foreignObject`, no reference to anything outside itself,
CSS read with its escapes decoded). A refusal names the icon's file and line.
"""

from __future__ import annotations

import base64
import difflib
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, fields, is_dataclass
from functools import cache
from pathlib import Path

from markupsafe import Markup, escape

from toolkit.core.assets import AssetError, confined, file_stamp, game_folder, mtime_ns
from toolkit.core.diagnostics import Diagnostic, Loc, error
from toolkit.load.plain_svg import SVGRefused, check_svg

ICONS = "icons"  # a game's icon folder, `content/<game>/icons/`
ICON = re.compile(r"(?<![\w:]):([a-z][a-z0-9-]{0,39}):(?!\w|:\w)")
MAX_ICON_BYTES = 100_000


class IconError(Exception):
    """An icon file that must not be used; the message says why, `line` where in the icon's
    file (0: the file as a whole)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def _folder(game_dir: Path) -> Path:
    """The game's icons folder, vetted: not a link out of the content folder."""
    try:
        return game_folder(game_dir, ICONS)
    except AssetError as exc:
        raise IconError(f"the {ICONS} folder cannot be used: {exc}") from None


def available(game_dir: Path) -> tuple[str, ...]:
    """The names of the icons a game has (`icons/*.svg`), sorted; none without the folder
    (cached while the folder is unchanged, so `--watch` sees an icon added)."""
    return _available(game_dir, mtime_ns(game_dir / ICONS))


@cache
def _available(game_dir: Path, _stamp: int) -> tuple[str, ...]:
    try:
        folder = _folder(game_dir)
    except IconError:
        return ()
    if not folder.is_dir():
        return ()
    return tuple(sorted(p.stem for p in folder.glob("*.svg") if ICON.fullmatch(f":{p.stem}:")))


def sanitise(data: bytes, max_bytes: int = MAX_ICON_BYTES) -> str:
    """The icon's SVG text when it is a plain drawing (`toolkit.load.plain_svg.check_svg`)."""
    try:
        return check_svg(data, max_bytes)
    except SVGRefused as exc:
        raise IconError(str(exc), exc.line) from None


def load(game_dir: Path, name: str) -> str:
    """The icon's checked SVG text, read through the confined reader (cached while the
    file is unchanged)."""
    return _load(game_dir, name, file_stamp(game_dir / ICONS / f"{name}.svg"))


@cache
def _load(game_dir: Path, name: str, _stamp: tuple[int, ...]) -> str:
    folder = _folder(game_dir)
    try:
        real = confined(str(folder / f"{name}.svg"), [folder])
    except AssetError as exc:
        raise IconError(str(exc)) from None
    with open(real, "rb") as fh:
        return sanitise(fh.read(MAX_ICON_BYTES + 1))


def data_url(game_dir: Path, name: str) -> str:
    """The icon as a `data:` URL (what is drawn is exactly what was checked)."""
    return "data:image/svg+xml;base64," + base64.b64encode(load(game_dir, name).encode()).decode()


def html(text: str, game_dir: Path | None) -> Markup:
    """`text` escaped for HTML, each known `:name:` an inline icon one em high on the
    baseline (an unknown name stays as typed: the checker reports it)."""
    known = available(game_dir) if game_dir is not None else ()
    out, at = [], 0
    for m in ICON.finditer(text):
        if m.group(1) not in known:
            continue
        out.append(escape(text[at : m.start()]))
        src = data_url(game_dir, m.group(1))  # type: ignore[arg-type]
        out.append(
            Markup(
                '<img class="icon" alt="{}" src="{}" style="height: 1em; width: auto; '
                'vertical-align: -0.12em">'
            ).format(m.group(1), src)
        )
        at = m.end()
    out.append(escape(text[at:]))
    return Markup("").join(out)


def _strings(value: object, path: tuple[str | int, ...]) -> Iterator[tuple[tuple, str]]:
    """Every string inside a content value, with its path (fields, keys, indexes)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _strings(v, (*path, i))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, (*path, str(k)))
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            if not f.name.startswith("_"):
                yield from _strings(getattr(value, f.name), (*path, f.name))


def check(game_dir: Path, docs: list) -> list[Diagnostic]:  # type: ignore[type-arg]
    """CONTENT-ICON for each `:name:` in a content text that names no usable icon."""
    known = available(game_dir)
    found: list[Diagnostic] = []
    for doc in docs:
        for path, text in _strings(doc, ()):
            for m in ICON.finditer(text):
                name = m.group(1)
                loc: Loc = doc.loc_of(*path)
                if name not in known:
                    near = difflib.get_close_matches(name, known, n=1)
                    hint = f"; did you mean :{near[0]}:?" if near else ""
                    have = ", ".join(f":{k}:" for k in known) or f"none: add {ICONS}/{name}.svg"
                    found.append(
                        error(loc, "CONTENT-ICON", f"unknown icon :{name}:{hint} (icons: {have})")
                    )
                    continue
                try:
                    load(game_dir, name)
                except IconError as exc:
                    where = f"{ICONS}/{name}.svg" + (f":{exc.line}" if exc.line else "")
                    found.append(error(loc, "CONTENT-ICON", f"icon {where} cannot be used: {exc}"))
    return found


@dataclass(frozen=True)
class Run:
    """A piece of a label's line: text, or an icon by name."""

    text: str
    icon: str = ""


def runs(line: str, known: tuple[str, ...]) -> list[Run]:
    """A line split into text and known icons."""
    out, at = [], 0
    for m in ICON.finditer(line):
        if m.group(1) in known:
            if m.start() > at:
                out.append(Run(line[at : m.start()]))
            out.append(Run("", m.group(1)))
            at = m.end()
    if at < len(line):
        out.append(Run(line[at:]))
    return out


_DRAWING: ContextVar[Path | None] = ContextVar("drawing", default=None)


@contextmanager
def drawing(game_dir: Path | None) -> Iterator[None]:
    """While a game's boards are drawn, labels place that game's icons (`toolkit.render.svg`)."""
    token = _DRAWING.set(game_dir)
    try:
        yield
    finally:
        _DRAWING.reset(token)


def drawing_root() -> Path | None:
    """The content folder of the game whose boards are being drawn (None outside)."""
    return _DRAWING.get()


def drawn_icons() -> tuple[str, ...]:
    """The icons of the game whose boards are being drawn (none outside `drawing`)."""
    game_dir = _DRAWING.get()
    return available(game_dir) if game_dir is not None else ()


def drawn_stamp() -> tuple[tuple[str, int, int], ...]:
    """The icons of the game being drawn, each with its file's size and modification time:
    what a board's labels may place, for the key of a drawing (`toolkit.render.board_style`)."""
    game_dir = _DRAWING.get()
    if game_dir is None:
        return ()
    out = []
    for name in available(game_dir):
        try:
            st = (_folder(game_dir) / f"{name}.svg").stat()
        except (OSError, IconError):
            continue
        out.append((name, st.st_size, st.st_mtime_ns))
    return tuple(out)


def drawn_url(name: str) -> str:
    """An icon of the game being drawn, as a `data:` URL."""
    game_dir = _DRAWING.get()
    assert game_dir is not None
    return data_url(game_dir, name)
