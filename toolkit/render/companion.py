"""Render stage for companion pages: a game's look-up tables and procedure steps (its panels)
as one offline HTML page beside the gallery, searchable, with the pack's tally. The page
loads nothing: no external script, style, font or picture, and its Content-Security-Policy
forbids any fetch. The tally's data is computed by the pack's procedures and embedded as
JSON; the page's script only adds, ranks and looks up."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial

from toolkit.check.procedures import Panel
from toolkit.core.outputs import Output
from toolkit.render.session import Session
from toolkit.render.templates import render

COMPANION_TEMPLATES = (
    "templates/common/companion.html.j2",
    "templates/common/panels.html.j2",
    "templates/common/screen.css",
)


@dataclass(frozen=True)
class Tally:
    """A pack's tally: its template (the form and its script) and the data it looks up."""

    template: str
    data: Mapping[str, object]


def search_hint(panels: tuple[Panel, ...]) -> str:
    """What the search box offers as examples, taken from this game's own panels: a row of
    its first table, the title of another panel, a number a table prints."""
    rows = [row for p in panels for t in p.tables for row in t.rows if row]
    # a name to look up: a short row label that is a word, not a number or a sentence
    names = [r[0] for r in rows if r[0][:1].isupper() and len(r[0]) <= 18 and ":" not in r[0]]
    examples = names[:1]
    examples += [p.title for p in panels if p.title not in examples][-1:]
    numbers = [cell for row in rows for cell in row[1:] if cell.isdigit() and len(cell) > 1]
    examples += numbers[:1]
    return "e.g. " + ", ".join(examples) if examples else ""


def render_companion(
    title: str, panels: tuple[Panel, ...], tally: Tally | None, session: Session
) -> bytes:
    """The companion page's HTML bytes."""
    html = render(
        session.env,
        "common/companion.html.j2",
        title=title,
        panels=panels,
        tally=tally,
        hint=search_hint(panels),
    )
    session.pages = 0
    return html.encode("utf-8")


def companion_output(
    title: str, panels: tuple[Panel, ...], tally: Tally, sources: tuple[str, ...]
) -> Output:
    """A game's companion page, `companion.html`, with the reference outputs: made from
    `sources` (the files its panels and tally are computed from), the page's templates
    and the tally's own."""
    return Output(
        "companion.html",
        "companion",
        (*sources, *COMPANION_TEMPLATES, f"templates/{tally.template}"),
        partial(render_companion, title, panels, tally),
        group="reference",
        cost=0.3,
    )
