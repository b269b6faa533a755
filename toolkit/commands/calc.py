"""`toolkit calc`: a game's rules procedures, bound to its checked content."""

from __future__ import annotations

from pathlib import Path

from toolkit.check.procedures import Procedure
from toolkit.commands.checking import check_games
from toolkit.core.diagnostics import Report
from toolkit.games import GamePack


def procedures(
    content_dir: Path, game: str | None
) -> tuple[Report, list[tuple[GamePack, tuple[Procedure, ...]]]]:
    """Check a game's content (or every game's), then bind each game's rules procedures to
    it (`toolkit calc`). Nothing is bound while the content has errors: no answer is ever
    computed from content that breaks the rules."""
    report, loaded = check_games(content_dir, game, strict=False)
    if report.failed:
        report.notes.append("note: nothing computed: fix the errors above first")
        return report, []
    return report, [
        (pack, pack.procedures(content)) for pack, content in loaded if pack.procedures is not None
    ]
