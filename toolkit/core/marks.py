"""What marks a printed placeholder value, in every game's outputs.

A value the rules do not give but a kit needs is a placeholder (its file lists it under
`placeholders:`). By default every page that prints one marks it with a discreet dagger
and explains the dagger in one line; `--proof` makes the mark loud (sheets) and `--final`
prints none. The words are here once, for every template and drawing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

DAGGER = "\u2020"
LEGEND = (
    f"{DAGGER} a placeholder: the rules do not give this value; the designer has yet to write it"
)
SHORT_LEGEND = f"{DAGGER} a placeholder, not from the rules"  # where a line is short (a card)
TITLE = "a placeholder, not from the rules"  # a mark's words where a reader reads, not sees


def globals_() -> dict[str, str]:
    """The marks' words for templates (`placeholder_legend`, `placeholder_short`)."""
    return {"placeholder_legend": LEGEND, "placeholder_short": SHORT_LEGEND, "dagger": DAGGER}


def marked(text: str, on: bool) -> str:
    """`text` as a page prints it: with the dagger after it when `on` (the value is a
    placeholder and the kit marks them)."""
    return f"{text} {DAGGER}" if on else text


def titled(text: str, on: bool) -> str:
    """A space's `<title>` (what a screen reader says): the mark's words after it when
    `on`."""
    return f"{text} ({TITLE})" if on else text


# While a kit's outputs are listed (`tally`): each placeholder value a view prints, as
# (the file it is in, its entry under `placeholders:`).
_TALLY: ContextVar[set[tuple[str, str]] | None] = ContextVar("placeholder_tally", default=None)


@contextmanager
def tally() -> Iterator[set[tuple[str, str]]]:
    """Collect the placeholder values the views built meanwhile print (their outputs are
    the kit): a `--final` build says how many it printed without their mark."""
    seen: set[tuple[str, str]] = set()
    token = _TALLY.set(seen)
    try:
        yield seen
    finally:
        _TALLY.reset(token)


def printed() -> tuple[tuple[str, str], ...]:
    """The placeholder values the views built so far print (file, entry), sorted; none
    outside `tally` (a kit's guide lists them: it is listed after every other output)."""
    seen = _TALLY.get()
    return tuple(sorted(seen)) if seen is not None else ()


def is_placeholder(doc: Any, path: str) -> bool:
    """Is the value at `path` (dotted, `locations.0`), or a part of it, or what holds it,
    listed under the document's `placeholders:`? (A view asks as it prints the value.)"""
    marked = getattr(doc, "placeholders", None) or []
    hits = [p for p in marked if p == path or p.startswith(path + ".") or path.startswith(p + ".")]
    seen = _TALLY.get()
    if hits and seen is not None:
        where = str(getattr(getattr(doc, "loc", None), "path", ""))
        seen.update((where, p) for p in hits)
    return bool(hits)
