"""Render stage for companion pages: a game's look-up tables and procedure steps (its panels)
as one offline HTML page beside the gallery, searchable, with the pack's tally. The page
loads nothing: no external script, style, font or picture, and its Content-Security-Policy
forbids any fetch. The tally's data is computed by the pack's procedures and embedded as
JSON; the page's script only adds, ranks and looks up."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from toolkit.check.procedures import Panel
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


def render_companion(
    title: str, panels: tuple[Panel, ...], tally: Tally | None, session: Session
) -> bytes:
    """The companion page's HTML bytes."""
    html = render(session.env, "common/companion.html.j2", title=title, panels=panels, tally=tally)
    session.pages = 0
    return html.encode("utf-8")
