"""The God Emperor kit: what a megagame prints by the hundred, in the order PRINT.md
lists it.

Badges and status strips for the cast (imposed for cutting), the three player forms
(`forms`), favor, scheme and minion decks (`decks`), a playmat per House, the war map and
the Law Board as semantic SVG (real-size and tiled PDFs through `toolkit.render.boards`:
`boards`), Control's reference, set-up checklist and screen (`references`), and what
PRINT.md says of them (`guide`).
"""

from __future__ import annotations

from toolkit.core.outputs import BuildOptions, Output
from toolkit.games.god_emperor.badges import badge_outputs
from toolkit.games.god_emperor.components import setting
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.outputs.boards import law_boards, war_map_outputs
from toolkit.games.god_emperor.outputs.decks import (
    CARD_TPL,
    back_outputs,
    favor_deck,
    underground_decks,
)
from toolkit.games.god_emperor.outputs.forms import court_forms, playmats, scheme_form
from toolkit.games.god_emperor.outputs.guide import GUIDE, kinds
from toolkit.games.god_emperor.outputs.references import (
    reference_output,
    screen_outputs,
    setup_output,
)
from toolkit.kit.guide import guide_output
from toolkit.model.components import bring_rows
from toolkit.model.content import ContentSet
from toolkit.render.counters import counter_outputs


def outputs(content: ContentSet, options: BuildOptions) -> list[Output]:
    """Every output of the God Emperor kit."""
    ix = Index.build(content)
    if ix is None:
        return []
    g = ix.game
    src = g.loc.path
    out: list[Output] = []
    out += badge_outputs(ix, (src, *CARD_TPL), options.paper)
    if ix.court is not None:
        out += court_forms(ix)
    if ix.underground is not None:
        out.append(scheme_form(ix))
        out += underground_decks(ix, options)
    if ix.favors is not None:
        out += favor_deck(ix, options)
    out += back_outputs(ix, options)
    if ix.court is not None:
        out.append(playmats(ix))
        out += law_boards(ix, options)
    if ix.layout is not None:
        out += war_map_outputs(ix, options)
    if ix.court is not None and ix.underground is not None and ix.favors is not None:
        out.append(reference_output(ix, content, options))
    out.append(setup_output(ix, content))
    if ix.components is not None:
        out += counter_outputs(
            "god-emperor",
            g.title,
            ix.components,
            setting(ix),
            options,
            (src,) + ((ix.cast.loc.path,) if ix.cast else ()),
        )
    out += screen_outputs(ix, content, options)
    players = len(ix.cast.players) if ix.cast else 0
    bring = bring_rows(ix.components, setting(ix)) if ix.components is not None else ()
    listed = kinds(players, g.rounds.count, len(g.houses))
    out.append(guide_output(g.title, out, listed, GUIDE, (src,), bring))
    return out
