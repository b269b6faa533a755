"""God Emperor boards: the Law Board (and its extension sheets, once the Commandments
outgrow it) and the war map, as semantic SVG with real-size and tiled PDFs
(`toolkit.render.boards`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import toolkit.games.god_emperor.facts as facts
from toolkit.core.outputs import BuildOptions, Output
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.law_board import EXTENSION, law_board, law_board_extensions
from toolkit.games.god_emperor.maps import war_map
from toolkit.render import boards
from toolkit.render.board_spaces import footprints
from toolkit.render.board_style import template_sources


def law_boards(ix: Index, options: BuildOptions) -> list[Output]:
    """The Law Board, then the Commandments past its room on A4 sheets numbered on (none
    for 10 months), each sheet's SVG and PDF."""
    court = ix.court
    assert court is not None
    src = ix.game.loc.path
    out = _board(ix, "law-board", law_board, (src, court.loc.path), options)
    for n, (w, h, title, body) in enumerate(law_board_extensions(ix), 2):
        out += boards.board_outputs(
            f"law-board-{n}",
            body,
            (w, h),
            title,
            (src, court.loc.path, *template_sources("god-emperor", EXTENSION)),
            options,
        )[:2]
    return out


def war_map_outputs(ix: Index, options: BuildOptions) -> list[Output]:
    """The war map, each of its files stating the facts it prints (`toolkit.kit.facts`)."""
    assert ix.layout is not None
    printed = facts.war_map(ix)
    board = _board(ix, "war-map", war_map, (ix.game.loc.path, ix.layout.loc.path), options)
    return [dataclasses.replace(o, facts=printed) for o in board]


def _board(
    ix: Index,
    name: str,
    draw: Callable[[Index], tuple[float, float, str, str]],
    sources: tuple[str, ...],
    options: BuildOptions,
) -> list[Output]:
    """A board's SVG, real-size PDF and tiles (not drawn when only the paths are wanted),
    made from its data and its template's files (`toolkit.render.board_style`)."""
    if options.paths_only:
        return boards.board_outputs(name, "", (1.0, 1.0), name, sources, options)
    w, h, title, svg = draw(ix)
    return boards.board_outputs(
        name,
        svg,
        (w, h),
        title,
        (*sources, *template_sources("god-emperor", name)),
        options,
        pieces=footprints(ix.components),
    )
