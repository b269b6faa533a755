"""The Forty Factions kit's Tarot cards: each faction's and plot's card, the deck's card
files assembled from them, the backs and the duplex calibration sheet.

Cards are faces (one card per page, with bleed, for a print shop), backs, and n-up sheets
with crop marks for a home printer, fronts and mirrored backs alternating for duplex
printing (`toolkit.render.card_files`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

import toolkit.games.forty_factions.views as views
from toolkit.core.outputs import BuildOptions, Output
from toolkit.games.forty_factions.index import Index
from toolkit.kit.export import export_outputs
from toolkit.kit.shops import profile
from toolkit.model.components import Components
from toolkit.render.card_files import card_outputs
from toolkit.render.cards import CardFormat, calibration_outputs, render_backs

# tarot size, 70 x 120 mm with 3 mm bleed (issue 4)
CARD = CardFormat(
    70.0, 120.0, "forty-factions/card.html.j2", "forty-factions/card.css", "Forty Factions cards"
)
CARD_TEMPLATES = (
    "templates/forty-factions/card.html.j2",
    "templates/forty-factions/card.css",
    "templates/common/cards.html.j2",
    "templates/common/fonts.css",
)


def card_files(
    ix: Index,
    kind: str,
    folder: str,
    docs: Sequence[Any],
    parts: Components | None,
    copies: int,
    options: BuildOptions,
) -> list[Output]:
    """Every card of a deck alone, then the deck's card files assembled from them, holding
    each card once per deck the kit prints (`copies`: components.yaml `tarot-deck`); with
    `--export`, the print shop's files too."""
    game_src = ix.game.loc.path
    srcs = (*(d.loc.path for d in docs), game_src, *CARD_TEMPLATES)
    if parts is not None:
        srcs += (parts.loc.path,)
    # a card's back shows its kind and expansion, which the card itself carries
    behind = tuple(
        views.back(ix, kind, d.expansion if options.backs == "expansion" else "base") for d in docs
    )
    out = card_outputs(
        folder,
        CARD,
        [
            (Path(d.loc.path).stem, views.card(ix, d), (d.loc.path, game_src, *CARD_TEMPLATES))
            for d in docs
        ],
        behind,
        srcs,
        options,
        copies,
        cost=0.5,
    )
    if options.export:
        # each card behind the back of cards/backs.pdf: one back a deck kind, or one a
        # kind and expansion with `--backs expansion` (so a shop gets one back file)
        backs = {
            code: views.back(ix, kind, code if options.backs == "expansion" else "base")
            for code in dict.fromkeys(d.expansion for d in docs)
        }
        pairs = tuple((backs[d.expansion], views.card(ix, d)) for _ in range(copies) for d in docs)
        out += export_outputs(profile(options.export), folder, CARD, pairs, srcs)
    return out


def back_outputs(ix: Index, options: BuildOptions) -> list[Output]:
    """The duplex calibration sheet (home printing) and every back the decks have: uniform
    backs one per deck kind, expansion backs one per kind and expansion."""
    game_src = ix.game.loc.path
    backs = []
    for kind, docs in (("faction", ix.faction_list), ("plot", ix.plot_list)):
        codes = (
            dict.fromkeys(d.expansion for d in docs)
            if options.backs == "expansion"
            else {"base": None}
        )
        for code in codes:
            backs.append(views.back(ix, kind, code))
    out = calibration_outputs(CARD, options, game_src)
    out.append(
        Output(
            "cards/backs.pdf",
            "card-backs",
            (game_src, *CARD_TEMPLATES),
            partial(render_backs, CARD, tuple(backs)),
            group="backs",
        )
    )
    return out
