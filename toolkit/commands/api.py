"""The library: one call per command, each in the module of its verb. The CLI makes one
call here per command (`toolkit.cli`); so may a script or a test.

    check        `toolkit check`               (`check`, `checking`)
    check_layout `toolkit check --layout`      (`layout_check`)
    build        `toolkit build`               (`build`: check -> plan -> render -> write)
    watch        `toolkit build --watch`, serve (`watch`)
    fix, new, rename  content edits, planned   (`content_edits`)
    coverage, procedures, setup                (`coverage`, `calc`, `setup_sheet`)

Importing it imports no renderer (WeasyPrint, pikepdf): a build imports it only when an
output is stale.
"""

from __future__ import annotations

from toolkit.commands.build import build
from toolkit.commands.calc import procedures
from toolkit.commands.check import check
from toolkit.commands.checking import check_games, load_game
from toolkit.commands.content_edits import fix, new, rename
from toolkit.commands.coverage import coverage
from toolkit.commands.layout_check import check_layout
from toolkit.commands.setup_sheet import setup
from toolkit.commands.watch import settle, warm, watch
from toolkit.load.game_folders import discover_games

__all__ = [
    "build",
    "check",
    "check_games",
    "check_layout",
    "coverage",
    "discover_games",
    "fix",
    "load_game",
    "new",
    "procedures",
    "rename",
    "settle",
    "setup",
    "warm",
    "watch",
]
