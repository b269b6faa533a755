"""The Forty Factions kit: which files it has, in the order PRINT.md lists them.

One module a job: the Information Sheets and their decks (`sheets`), the Tarot cards
(`cards`), the boards (`boards`), Tabletop Simulator's deck sheets (`tts`), the DM's
references (`references`) and what PRINT.md says of them (`guide`). Each lists its
outputs, with the function that renders each; `toolkit check` asks for the list alone
(`BuildOptions.paths_only`), which renders nothing.
"""

from __future__ import annotations

import dataclasses

import toolkit.games.forty_factions.components as components
import toolkit.games.forty_factions.views as views
from toolkit.core.errors import ToolkitError
from toolkit.core.outputs import BuildOptions, Output
from toolkit.games.forty_factions.components import setting
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.outputs.boards import board_outputs
from toolkit.games.forty_factions.outputs.cards import CARD_TEMPLATES, back_outputs, card_files
from toolkit.games.forty_factions.outputs.guide import GUIDE, KIND_TEXT
from toolkit.games.forty_factions.outputs.references import reference_outputs
from toolkit.games.forty_factions.outputs.sheets import sheet_outputs
from toolkit.games.forty_factions.outputs.tts import tts_outputs
from toolkit.kit.guide import guide_output
from toolkit.model.components import Components, bring_rows
from toolkit.model.content import ContentSet
from toolkit.render.counters import counter_outputs


def outputs(content: ContentSet, options: BuildOptions) -> list[Output]:
    """Every output of the Forty Factions kit (sheets, decks, cards, boards, references)."""
    ix = Index.build(content)
    if ix is None:
        return []
    ix = _chosen(ix, options.expansions)
    game_src = ix.game.loc.path
    out: list[Output] = []
    parts = content.one("components", Components)
    copies = components.decks(ix, parts)  # complete Tarot decks to print, one a table
    decks = (
        ("faction", "factions", ix.faction_list, views.faction_sheet),
        ("plot", "plots", ix.plot_list, views.plot_sheet),
    )
    for kind, folder, docs, make_sheet in decks:
        out += sheet_outputs(ix, kind, folder, docs, make_sheet)
        out += card_files(ix, kind, folder, docs, parts, copies, options)
    out += back_outputs(ix, options)
    out += board_outputs(ix, content, options)
    out += tts_outputs(ix, (game_src, *CARD_TEMPLATES), copies, options.backs)
    out += reference_outputs(ix, content, options)
    if parts is not None:
        out += counter_outputs(
            "forty-factions",
            "Forty Factions",
            parts,
            setting(ix),
            options,
            (game_src, *sorted(f for f in content.files if "/boards/" in f)),
        )
    bring = bring_rows(parts, setting(ix)) if parts is not None else ()
    out.append(guide_output("Forty Factions", out, KIND_TEXT, GUIDE, (game_src,), bring))
    return out


def _chosen(ix: Index, expansions: frozenset[str] | None) -> Index:
    """The index with the factions and plots of the DM's choice of expansions (13.2.1.2):
    the base game always, plus those chosen (None: every expansion the game has)."""
    if expansions is None:
        return ix
    chosen = expansions | {"base"}
    unknown = sorted(chosen - ix.expansions)
    if unknown:
        raise ToolkitError(
            f"unknown expansion(s) {', '.join(unknown)}; this game has "
            f"{', '.join(e.code for e in ix.game.expansions)}"
        )
    return dataclasses.replace(
        ix,
        faction_list=[f for f in ix.faction_list if f.expansion in chosen],
        plot_list=[p for p in ix.plot_list if p.expansion in chosen],
    )
