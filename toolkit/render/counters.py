"""Render stage, counters: a game's pieces as counter sheets, one output for the
double-sided sheets (single-sided pieces filling their room) and one for the other
single-sided pieces (laid out by `toolkit.render.counter_layout`, drawn by
`toolkit.render.counter_pdf`)."""

from __future__ import annotations

import io
from functools import partial
from pathlib import Path

from toolkit.core.diagnostics import Diagnostic, Loc, Severity
from toolkit.core.outputs import BuildOptions, Output, RenderFailure
from toolkit.model.components import Components, Setting
from toolkit.render.counter_layout import Token, pack, sheets, tokens
from toolkit.render.counter_pdf import draw
from toolkit.render.faces import FaceError
from toolkit.render.session import Session


def render_sheets(
    game: str, title: str, pieces: tuple[Token, ...], duplex: bool, session: Session
) -> bytes:
    """The sheets' PDF (see `toolkit.render.counter_pdf`)."""
    opts = session.options
    try:
        pages = pack(pieces, opts.paper_mm)
        buf = io.BytesIO()
        n = draw(
            buf,
            f"{game}/counters.svg.j2",
            title,
            pages,
            opts.paper_mm,
            duplex,
            opts.back_offset,
            env=session.env,
        )
    except (FaceError, ValueError) as exc:
        where = Loc(f"templates/{game}/counters.svg.j2")
        raise RenderFailure(
            Diagnostic(where, Severity.ERROR, "RENDER-COUNTERS", f"{title}: {exc}")
        ) from None
    session.pages = n
    return buf.getvalue()  # a print shop's (`--preset pod`): PDF/X-4 as every PDF of its kit


def counter_outputs(
    game: str,
    title: str,
    doc: Components,
    setting: Setting,
    options: BuildOptions,
    sources: tuple[str, ...],
) -> list[Output]:
    """The kit's counter sheets, one file of double-sided sheets (filled up with
    single-sided pieces where they leave room) and one of single-sided sheets."""
    every = tokens(doc, setting)
    double, single = sheets(every, options.paper_mm)
    game_dir = Path(doc.loc.path).parent
    arts = sorted(
        {str(game_dir / c.piece.art) for c in doc.components if c.piece is not None and c.piece.art}
    )
    srcs = (*sources, doc.loc.path, f"templates/{game}/counters.svg.j2", *arts)
    out = []
    for duplex, chosen, stem, what in (
        (False, single, "tokens", "tokens and standees"),
        (True, double, "counters", "double-sided counters"),
    ):
        if chosen:
            out.append(
                Output(
                    f"counters/{stem}-{options.paper}.pdf",
                    "counter-sheet" if duplex else "token-sheet",
                    srcs,
                    partial(render_sheets, game, f"{title}: {what}", chosen, duplex),
                    group=f"counters-{stem}",
                    cost=0.01 * len(chosen),
                )
            )
    return out
