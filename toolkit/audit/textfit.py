"""Text that leaves the shape holding it, runs into another, or off the page.

The audit works on what a page shows (`toolkit.audit.pagegeom`): a word belongs to the
topmost closed shape that holds its centre; it must lie inside that shape, must not reach into a
shape that does not hold it (a label running into a number disc, a law text running under
the next box), must not sit on a word of another line, and must stay on the page.

A build finds such text earlier, in the layout (`toolkit.render.pdf.check_overflow`), and tells
it at the content value it came from (`locate`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.audit.pagegeom import PageGeometry, Shape, Word
from toolkit.core.diagnostics import Diagnostic, Loc, Severity
from toolkit.core.outputs import TextOverflow
from toolkit.load import yaml as content_yaml

TOLERANCE = 0.6  # pt (about 0.2 mm): anti-aliasing and glyph side bearings
MM = 25.4 / 72


@dataclass(frozen=True)
class TextProblem:
    """One word out of place on one page (1-based)."""

    page: int
    code: str
    message: str


def _mm(pt: float) -> str:
    return f"{pt * MM:.1f} mm"


def _quote(w: Word) -> str:
    """The word, and where it is: mm from the page's top left corner."""
    text = w.text if len(w.text) <= 30 else w.text[:29] + "…"
    return f"{text!r} (at {w.x0 * MM:.0f}, {w.y0 * MM:.0f} mm)"


def check_page(
    n: int, page: PageGeometry, trim: tuple[float, float, float, float] | None = None
) -> Iterator[TextProblem]:
    """Every word on page `n` that is outside its box, in another box, on another word or
    off the page (or off the `trim` box, x0 y0 x1 y1 in the page's points, y down, where the
    page has bleed). One finding per word, the worst of it."""
    page_area = page.width * page.height
    tx0, ty0, tx1, ty1 = trim or (0.0, 0.0, page.width, page.height)
    edge = "trim" if trim else "page"
    # the page's own background and frame hold everything: they are not boxes to fit in
    boxes = [s for s in page.shapes if s.area < 0.8 * page_area]
    line_holder: dict[int, Shape | None] = {}
    for w in page.words:
        out = max(tx0 - w.x0, ty0 - w.y0, w.x1 - tx1, w.y1 - ty1)
        if out > TOLERANCE:
            where = f"{_quote(w)} runs {_mm(out)} off the {edge}"
            yield TextProblem(n, "AUDIT-TEXT-OFF-PAGE", where)
            continue
        cx, cy = w.centre
        holders = [s for s in boxes if s.contains_point(cx, cy)]
        # the shape on top where the word stands holds it: a tag drawn over a space holds
        # its name, though the tag is the larger (ties: the smaller, e.g. a box's border)
        holder = max(holders, key=lambda s: (s.order, -s.area)) if holders else None
        # a line belongs to the box its first word starts in: a word of it that has run past
        # that box's edge into no box at all is the line overflowing (one that ran into a
        # box around it is caught where it crosses the edge: it overlaps the inner box)
        started = w.line in line_holder
        first = line_holder.setdefault(w.line, holder)
        if started and first is None and holder is not None:
            holder, holders = None, []  # a line begun outside every box has run into this one
        elif first is not None and holder is None:
            holder = first
            holders = [*holders, first]
        if holder is not None:
            over = holder.overhang(w)
            if over > TOLERANCE:
                said = f"{_quote(w)} runs {_mm(over)} out of the box that holds it"
                yield TextProblem(n, "AUDIT-TEXT-OVERFLOW", said)
                continue
        worst: tuple[float, Shape] | None = None
        for s in boxes:
            # a shape drawn before the word's holder lies beneath it, hidden where they meet
            if s in holders or (holder is not None and s.order < holder.order):
                continue
            depth = s.overlap(w)
            if depth > TOLERANCE and (worst is None or depth > worst[0]):
                worst = (depth, s)
        if worst is not None:
            said = f"{_quote(w)} runs {_mm(worst[0])} into a neighbouring shape"
            yield TextProblem(n, "AUDIT-TEXT-OVERLAP", said)
    yield from _collisions(n, page.words)


def _collisions(n: int, words: list[Word]) -> Iterator[TextProblem]:
    """Words of different lines drawn on top of each other (sorted sweep over x)."""
    ordered = sorted(words, key=lambda w: w.x0)
    reported: set[int] = set()
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b.x0 >= a.x1 - TOLERANCE:
                break
            if a.line == b.line or id(b) in reported:
                continue
            dx = min(a.x1, b.x1) - max(a.x0, b.x0)
            dy = min(a.y1, b.y1) - max(a.y0, b.y0)
            if dx > TOLERANCE and dy > TOLERANCE:
                reported.add(id(b))
                said = f"{_quote(a)} and {_quote(b)} are drawn on top of each other"
                yield TextProblem(n, "AUDIT-TEXT-COLLIDE", said)


_LAID_OUT_ONLY = re.compile("[\u200b\u00ad]")  # a break or a hyphen the layout put in
NEEDLE_CHARS = 60


def locate(text: str, sources: Sequence[str]) -> Loc | None:
    """Where in the content files `sources` (paths as shown) the laid-out `text` was
    written: the line and column of the first text value holding its longest word (of a
    YAML file; in any other file, where that word is first seen). None when no source holds
    it (the text came from a template) or none can be read."""
    words = _LAID_OUT_ONLY.sub("", text).split()
    if not words:
        return None
    needle = max(words, key=len).rstrip("-\u2010")[:NEEDLE_CHARS]
    for source in sources:
        try:
            found = _find(needle, source)
        except (OSError, UnicodeDecodeError):  # moved or changed since it was checked
            continue
        if found is not None:
            return found
    return None


def overflow_at_field(exc: TextOverflow, files: Sequence[str], folder: str) -> Diagnostic:
    """RENDER-OVERFLOW for a label drawn as the outputs are listed (a board's), at the
    content value holding its text among `files` (at the game's `folder` when none does)."""
    at = locate(exc.text, files) or Loc(folder)
    return Diagnostic(at, Severity.ERROR, "RENDER-OVERFLOW", str(exc))


def _find(needle: str, source: str) -> Loc | None:
    if source.endswith((".yaml", ".yml")):
        loaded = content_yaml.load_file(Path(source), source)
        todo: list[content_yaml.Node] = [loaded.root] if loaded.root is not None else []
        while todo:
            node = todo.pop(0)
            if isinstance(node, content_yaml.Scalar):
                if isinstance(node.value, str) and needle in node.value:
                    return node.loc
            elif isinstance(node, content_yaml.Mapping):
                todo.extend(value for _, value in node.items.values())
            elif isinstance(node, content_yaml.Sequence):
                todo.extend(node.items)
        return None
    for n, line in enumerate(Path(source).read_text(encoding="utf-8").splitlines(), 1):
        col = line.find(needle)
        if col >= 0:
            return Loc(source, n, col + 1)
    return None
