"""God Emperor pages: an HTML page template of this pack (a form, the playmats, a
reference) as a PDF, and the output that makes it."""

from __future__ import annotations

from functools import partial

from toolkit.core.outputs import Output
from toolkit.render.session import Session
from toolkit.render.templates import render


def render_page(template: str, context: tuple[tuple[str, object], ...], session: Session) -> bytes:
    """An HTML page template of this pack (forms, playmats, reference) as a PDF."""

    opts = session.options
    html = render(
        session.env,
        template,
        page_size=opts.page_size,
        paper_mm=opts.paper_mm,
        marks=not opts.final,
        **dict(context),
    )
    return session.pdf(html)


def page_output(
    path: str,
    kind: str,
    template: str,
    sources: tuple[str, ...],
    cost: float,
    facts: tuple[tuple[str, str], ...] = (),
    **context: object,
) -> Output:
    """The output of `path`: `template` rendered with `context`, made from `sources` and
    the template; `facts`, what it prints that another output may print too."""
    return Output(
        path,
        kind,
        (*sources, f"templates/{template}"),
        partial(render_page, template, tuple(sorted(context.items()))),
        group=path.split("/")[0],
        cost=cost,
        facts=facts,
    )
