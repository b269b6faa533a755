"""The Forty Factions kit's boards: the main map, the Council, and each expansion's side
boards, as semantic SVG, a PDF at real size and tiles for home printing
(`toolkit.render.boards`)."""

from __future__ import annotations

from toolkit.core.outputs import BuildOptions, Output
from toolkit.games.forty_factions.board_views import GAME
from toolkit.games.forty_factions.council_board import council_board
from toolkit.games.forty_factions.dream_boards import congress_board, madness_board, mirrors_board
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.main_boards import main_board
from toolkit.games.forty_factions.side_boards import gathering_board, sacred_circles_board
from toolkit.model.components import Components
from toolkit.model.content import ContentSet
from toolkit.render import boards
from toolkit.render.board_spaces import footprints
from toolkit.render.board_style import template_sources

# the boards that print placeholder values (and mark them)
MARKED = frozenset(
    {"main", "council", "sacred-circles", "gathering", "hall-of-mirrors", "congress"}
)
# each board: its name, how it is drawn, the expansion it comes with ("": the base game)
BOARDS = (
    ("main", main_board, ""),
    ("council", council_board, ""),
    ("sacred-circles", sacred_circles_board, "SC"),
    ("gathering", gathering_board, "SC"),
    ("hall-of-mirrors", mirrors_board, "DD"),
    ("congress", congress_board, "DD"),
    ("madness", madness_board, "DD"),
)


def board_outputs(ix: Index, content: ContentSet, options: BuildOptions) -> list[Output]:
    """Each board as semantic SVG, a PDF at its physical size and tiles for home printing."""

    out = []
    game_src = ix.game.loc.path
    srcs = (game_src, *sorted(f for f in content.files if f != game_src))
    chosen = (options.expansions or ix.expansions) | {"base", ""}
    pieces = footprints(content.one("components", Components))
    for name, draw, exp in BOARDS:
        if exp not in chosen:
            continue
        if options.paths_only:  # `toolkit check` wants the paths: no board is drawn
            out.extend(boards.board_outputs(name, "", (1.0, 1.0), name, srcs, options))
            continue
        # a board that prints placeholder values marks them, but in a `--final` kit
        w, h, title, svg = draw(ix, marks=not options.final) if name in MARKED else draw(ix)  # type: ignore[operator]
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
