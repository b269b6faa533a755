"""Check stage: what a RULES-VALUE message quotes of a passage: the row or sentence that
states what the value should be (`toolkit.check.binding` reads the passage), cut to a
line's length. Game-independent; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from toolkit.check.binding import (
    CARDINALS,
    DIE,
    NUMBER,
    Bound,
    Held,
    Reading,
    Selector,
    Span,
    is_number,
    read,
    words,
)
from toolkit.check.wording import normal


def held_quote(passage: str, held: Held, selectors: Sequence[Selector]) -> str:
    """The row (under its table's heading, which names its columns) or the sentence that
    binds the numbers a value is held to."""
    reading = read(passage)
    span, best = _quote_span(reading, held.bounds, selectors)
    row = excerpt(passage, span, best.at[0])
    if best.heading is None:
        return row
    return f"{excerpt(passage, best.heading, best.heading[0])} … {row}"


def _quote_span(
    reading: Reading, found: Sequence[Bound], selectors: Sequence[Selector]
) -> tuple[Span, Bound]:
    """The row or sentence of the bound number nearest a mention of the item's other values
    on its line (else the first), with the next sentence of the line where that mention is
    in it ("At 8 tribute, flip the tile. They now gain +2.")."""
    best, where, near = found[0], None, None
    for b in found:
        line = _line(reading.text, b.at[0])
        for sel in selectors:
            for form in sel:
                for m in _mentions(reading.text[line[0] : line[1]], form):
                    at = line[0] + m[0]
                    if b.at[0] <= at < b.at[1]:
                        continue
                    if near is None or abs(at - b.at[0]) < near:
                        best, where, near = b, at, abs(at - b.at[0])
    start, end = best.segment
    if where is not None and best.row is None:
        seg = reading.segment_of(where)
        following = [s for s in reading.segments if s[0] >= end]
        if following and seg == following[0]:
            end = seg[1]
    return (start, end), best


def _line(text: str, at: int) -> Span:
    return text.rfind("\n", 0, at) + 1, (text.find("\n", at) + 1 or len(text) + 1) - 1


def _mentions(text: str, form: object) -> list[Span]:
    """Where a value is mentioned in the text, roughly (for choosing what to quote)."""
    if isinstance(form, bool) or not isinstance(form, (str, int, float)):
        return []
    if isinstance(form, str):
        if len(form) < 2:
            return []
        return [m.span() for m in re.finditer(re.escape(form), text, re.IGNORECASE)]
    n = abs(form)
    shown = f"{n:g}"
    spelled = [w for w, v in CARDINALS.items() if v == n]
    pattern = rf"(?<![\w.])[+\-−]?{re.escape(shown)}(?![\d]|\.\d)"
    if spelled:
        pattern += rf"|\b{spelled[0]}\b"
    return [m.span() for m in re.finditer(pattern, text, re.IGNORECASE)]


def telling(
    passage: str, keys: Sequence[Sequence[str]], selectors: Sequence[Selector], number: bool
) -> tuple[Span, int]:
    """The row or sentence of a passage that best tells a value it binds to no label (and
    where in it): the one naming most of its item (a name counts more than a number, which
    a passage prints for many things) and most of its field name's words; for a number,
    one that states a number."""
    reading = read(passage)
    best: tuple[int, Span, int] = (-1, (0, len(passage)), 0)
    for seg in reading.segments:
        text = reading.text[seg[0] : seg[1]]
        if not text.strip() or (number and not (NUMBER.search(text) or DIE.search(text))):
            continue
        said = words(text)
        score = 2 * max((len(set(k) & said) for k in keys), default=0)
        spots: list[int] = []
        for sel in selectors:
            found = [m[0] for f in sel for m in _mentions(text, f)]
            if found:
                score += 1 if all(is_number(f) for f in sel) else 3
                spots.append(min(found))
        if score > best[0]:
            best = (score, seg, seg[0] + min(spots or [_first_word(text, keys)]))
    return best[1], best[2]


def _first_word(text: str, keys: Sequence[Sequence[str]]) -> int:
    """Where the first of a field name's words stands in a text (0 if none does)."""
    wanted = {w for k in keys for w in k}
    found = (m.start() for m in re.finditer(r"[A-Za-z]+", text) if normal(m[0]).strip() in wanted)
    return next(found, 0)


def excerpt(passage: str, span: Span, focus: int, width: int = 110) -> str:
    """A span of a passage as a message quotes it: markup out, a table's cells split by
    ` | `, cut to about `width` characters around `focus` (marked `…` where cut)."""
    start, end = span
    if end - start > width:
        start = max(start, min(focus - width // 3, end - width))
        end = min(end, start + width)
    cut = passage[start:end]
    if start > span[0]:
        cut = "…" + cut.split(" ", 1)[-1] if " " in cut else cut
    if end < span[1]:
        cut = (cut.rsplit(" ", 1)[0] if " " in cut else cut) + "…"
    flat = " ".join(re.sub(r"</?\w+>|\*\*", " ", cut.replace("\t", " | ")).split())
    flat = re.sub(r" (?=[.,;:!?)])", "", flat)  # `**held**.`: the mark's room goes with it
    return flat.lstrip("•-*# ").strip(" |")
