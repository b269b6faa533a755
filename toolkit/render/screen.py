"""Render stage for DM screens: a game's panels (see `toolkit.check.procedures.Panel`) laid out on
landscape pages in three columns, to fold between them. The pack supplies the panels; this
module only lays them out."""

from __future__ import annotations

from toolkit.check.procedures import Panel
from toolkit.render.session import Session
from toolkit.render.templates import render

SCREEN_TEMPLATES = (
    "templates/common/screen.html.j2",
    "templates/common/panels.html.j2",
    "templates/common/screen.css",
    "templates/common/fonts.css",
)


def render_screen(
    title: str,
    panels: tuple[Panel, ...],
    font_size: float,
    session: Session,
    name: str = "DM screen",
) -> bytes:
    """The DM screen PDF: landscape pages of the build's paper, `font_size` points."""
    html = render(
        session.env,
        "common/screen.html.j2",
        title=title,
        screen_name=name,
        panels=panels,
        page_size=session.options.page_size,
        font_size=font_size,
    )
    return session.pdf(html)
