"""`toolkit coverage`: what is left to write in every game (or one)."""

from __future__ import annotations

from pathlib import Path

from toolkit.check.coverage import GameCoverage, game_coverage
from toolkit.check.runner import placeholder_count
from toolkit.commands.checking import load_game
from toolkit.core.diagnostics import Report
from toolkit.load.game_folders import discover_games


def coverage(content_dir: Path, game: str | None = None) -> tuple[Report, list[GameCoverage]]:
    """What is left to write in every game (or one): placeholders, empty fields, values
    from the rules, per file (see `toolkit.check.coverage`). The report holds load errors."""

    report = Report()
    out = []
    for gid in discover_games(content_dir, game):
        loaded = load_game(content_dir, gid, report)
        if loaded is None:
            continue
        pack, content = loaded
        report.placeholders += placeholder_count(content)
        out.append(game_coverage(content, pack.kinds))
    return report, out
