"""The Forty Factions kit's boards: the main map, the Council, and each expansion's side
boards, as semantic SVG, a PDF at real size and tiles for home printing
(`toolkit.render.boards`)."""

from __future__ import annotations

from collections.abc import Callable

from toolkit.core.outputs import BuildOptions, Output
from toolkit.games.forty_factions import (
    council_board,
    dream_boards,
    madness_board,
    main_boards,
    side_boards,
)
from toolkit.games.forty_factions.board_views import GAME
from toolkit.games.forty_factions.index import Index
from toolkit.model.components import Components
from toolkit.model.content import ContentSet
from toolkit.render import boards
from toolkit.render.board_spaces import footprints
from toolkit.render.board_style import template_sources

# each board: its name, whether it prints placeholder values (and marks them, but in a
# `--final` kit), and the expansion it comes with ("": the base game)
BOARDS = (
    ("main", True, ""),
    ("council", True, ""),
    ("sacred-circles", True, "SC"),
    ("gathering", True, "SC"),
    ("hall-of-mirrors", True, "DD"),
    ("congress", True, "DD"),
    ("madness", False, "DD"),
)
# a board's drawing: its width and height in mm, its title and its SVG
Drawing = Callable[..., tuple[float, float, str, str]]


def drawings() -> dict[str, Drawing]:
    """Each board's drawing function, by the board's name."""
    return {
        "main": main_boards.main_board,
        "council": council_board.council_board,
        "sacred-circles": side_boards.sacred_circles_board,
        "gathering": side_boards.gathering_board,
        "hall-of-mirrors": dream_boards.mirrors_board,
        "congress": dream_boards.congress_board,
        "madness": madness_board.madness_board,
    }


def board_outputs(ix: Index, content: ContentSet, options: BuildOptions) -> list[Output]:
    """Each board as semantic SVG, a PDF at its physical size and tiles for home printing."""

    out = []
    game_src = ix.game.loc.path
    srcs = (game_src, *sorted(f for f in content.files if f != game_src))
    chosen = (options.expansions or ix.expansions) | {"base", ""}
    pieces = footprints(content.one("components", Components))
    drawn: dict[str, Drawing] = {}
    for name, marked, exp in BOARDS:
        if exp not in chosen:
            continue
        if options.paths_only:  # `toolkit check` wants the paths: no board is drawn
            out.extend(boards.board_outputs(name, "", (1.0, 1.0), name, srcs, options))
            continue
        if not drawn:
            drawn = drawings()
        draw = drawn[name]
        w, h, title, svg = draw(ix, marks=not options.final) if marked else draw(ix)
        out.extend(
            boards.board_outputs(
                name,
                svg,
                (w, h),
                title,
                (*srcs, *template_sources(GAME, name)),
                options,
                pieces=pieces,
            )
        )
    return out
