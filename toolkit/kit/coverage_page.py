"""Kit stage: a game's coverage page (`kit/coverage.html`), what is left to write."""

from __future__ import annotations

from typing import Any

from toolkit.check.coverage import GameCoverage
from toolkit.render.templates import render


def render_page(title: str, data: GameCoverage, session: Any) -> bytes:
    """The coverage page of a game's gallery (`kit/coverage.html`), as HTML bytes."""
    html = render(
        session.env, "common/coverage.html.j2", game=title, data=data, totals=data.totals()
    )
    session.pages = 0
    return html.encode("utf-8")
