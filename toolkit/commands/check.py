"""`toolkit check`: every game's content checked (or one game's), each from its kept result
where its inputs are as they were at its last check (`toolkit.speed.check_cache`), else
checked now (`toolkit.commands.checking`) and kept."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from toolkit.commands.baseline import Baseline, read_baseline
from toolkit.commands.checking import check_game
from toolkit.core.diagnostics import GameResult, Report
from toolkit.load.game_folders import discover_games
from toolkit.speed import check_cache, content_cache
from toolkit.speed.aside import aside


def check(
    content_dir: Path, game: str | None = None, strict: bool = False, since: str | None = None
) -> Report:
    """Check every game's content (or one game's): schema, references and the rules, each
    game from its kept result where its inputs are unchanged, else checked now (and kept).
    `since`: a git revision whose content files are the baseline a message compares with
    (`toolkit check --since REV`: "the file you changed"); then every game is checked and
    nothing kept. Without it, no finding depends on any earlier version."""
    games = discover_games(content_dir, game)  # a missing content folder is said first
    baseline = read_baseline(content_dir, since) if since is not None else None
    report = Report(strict=strict)
    on = baseline is None and content_cache.cache_folder() is not None
    shared = check_cache.shared_inputs() if on else None
    keys = {gid: check_cache.key(content_dir / gid, shared) if on else None for gid in games}
    results = {
        gid: check_cache.load(content_dir / gid, k) if k is not None else None
        for gid, k in keys.items()
    }
    todo = [gid for gid in games if results[gid] is None]
    if todo:
        # several games to check (a first check, or edits to more than one): each but the
        # last is checked aside, on another core, while this process checks the last
        started = {
            gid: aside(partial(_checked_aside, content_dir, gid, baseline)) for gid in todo[:-1]
        }
        results[todo[-1]] = check_game(content_dir, todo[-1], baseline)
        for gid, result in started.items():
            results[gid] = result()
        for gid in todo:
            if keys[gid] is not None:
                check_cache.save(content_dir / gid, keys[gid], results[gid])  # type: ignore[arg-type]
    for gid in games:
        result = results[gid]
        assert result is not None
        report.merge(result)
    return report


def _checked_aside(content_dir: Path, gid: str, baseline: Baseline | None) -> GameResult:
    """What checking one game finds (`check_game`), in a forked copy: the documents it
    validated are kept for the next process there (the copy leaves without running exit
    handlers)."""
    result = check_game(content_dir, gid, baseline)
    content_cache.flush()
    return result
