"""The Forty Factions kit's references for the DM: the reference sheets (portrait), the DM
screen (landscape panels to fold) and the offline companion page, all printing the panels
built from the rules procedures (`toolkit.games.forty_factions.screen`), never a
hand-typed rule."""

from __future__ import annotations

from functools import partial

from toolkit.core.outputs import BuildOptions, Output
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.screen import panels
from toolkit.games.forty_factions.tally import tally_data
from toolkit.model.content import ContentSet
from toolkit.render.companion import Tally, companion_output
from toolkit.render.screen import SCREEN_TEMPLATES, render_screen
from toolkit.render.session import Session
from toolkit.render.templates import render


def reference_outputs(ix: Index, content: ContentSet, options: BuildOptions) -> list[Output]:
    """The DM reference, the DM screen and the companion page; the first two mark the
    placeholder values they print (not in a `--final` kit)."""

    shown = {n for c in ix.game.setup.pawn_colours for n in c.factions}
    names = {n: ix.name(n) for n in sorted(shown)}
    built = panels(ix, marks=not options.final)
    srcs = (
        ix.game.loc.path,
        *sorted(f for f in content.files if "/boards/" in f),
        *SCREEN_TEMPLATES,
    )
    tally = Tally("forty-factions/tally.html.j2", tally_data(ix))
    return [
        Output(
            "reference/dm-reference.pdf",
            "reference",
            (*srcs, "templates/forty-factions/reference.html.j2"),
            partial(render_reference, ix.game, names, built),
            group="reference",
            cost=2,
        ),
        Output(
            "reference/dm-screen.pdf",
            "dm-screen",
            srcs,
            partial(render_screen, ix.game.title, built, 8.2),
            group="reference",
            cost=2,
        ),
        companion_output(ix.game.title, built, tally, srcs),
    ]


def render_reference(
    game: object, names: dict[int, str], panels: tuple[object, ...], session: Session
) -> bytes:
    """The DM reference sheets: pawn colours, the rules' summary of voting, every panel."""
    html = render(
        session.env,
        "forty-factions/reference.html.j2",
        game=game,
        names=names,
        panels=panels,
        page_size=session.options.page_size,
    )
    return session.pdf(html)
