"""What marks a printed placeholder value, in every game's outputs.

A value the rules do not give but a kit needs is a placeholder (its file lists it under
`placeholders:`). By default every page that prints one marks it with a discreet dagger
and explains the dagger in one line; `--proof` makes the mark loud (sheets) and `--final`
prints none. The words are here once, for every template and drawing.
"""

from __future__ import annotations

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


def is_placeholder(doc: Any, path: str) -> bool:
    """Is the value at `path` (dotted, `locations.0`), or a part of it, or what holds it,
    listed under the document's `placeholders:`?"""
    marked = getattr(doc, "placeholders", None) or []
    return any(p == path or p.startswith(path + ".") or path.startswith(p + ".") for p in marked)
