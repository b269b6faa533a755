"""Which games a command works on: the sub-folders of the content folder (or the one named).

Kept apart from the orchestrator (`toolkit.commands.api`) so that a check whose every game is kept
(`toolkit.speed.check_cache`) finds them without importing the game packs.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.core.diagnostics import display_path
from toolkit.core.errors import ToolkitError


def discover_games(content_dir: Path, only: str | None = None) -> list[str]:
    """The game ids to work on: `only`, or every sub-folder of the content folder."""
    if not content_dir.is_dir():
        raise ToolkitError(f"content folder not found: {display_path(content_dir)}")
    if only is not None:
        if not (content_dir / only).is_dir():
            raise ToolkitError(
                f"no content for game '{only}' in {display_path(content_dir)} "
                f"(found: {', '.join(_subdirs(content_dir)) or 'nothing'})"
            )
        return [only]
    games = _subdirs(content_dir)
    if not games:
        raise ToolkitError(f"no game folders in {display_path(content_dir)}")
    return games


def _subdirs(path: Path) -> list[str]:
    return sorted(p.name for p in path.iterdir() if p.is_dir() and not p.name.startswith("."))
