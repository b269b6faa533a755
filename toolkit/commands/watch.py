"""`toolkit build --watch` (and `serve`): build, then rebuild in this process whenever a
content file or template changes, the renderer kept warm between builds."""

from __future__ import annotations

import dataclasses
import gc
from collections.abc import Callable
from pathlib import Path

from toolkit.commands.build import build
from toolkit.commands.build_plan import select
from toolkit.commands.changes import Changes
from toolkit.commands.checking import load_game
from toolkit.core.diagnostics import Report, display_path
from toolkit.core.errors import ToolkitError
from toolkit.core.outputs import BuildOptions
from toolkit.core.overrides import search_path
from toolkit.load.game_folders import discover_games
from toolkit.speed import content_cache


def watch(
    content_dir: Path,
    game: str | None,
    options: BuildOptions,
    echo: Callable[[Report], None],
    interval: float = 0.3,
    rounds: int | None = None,
    trouble: Callable[[str], None] | None = None,
) -> None:
    """Build, then rebuild whenever a content file or template changes, in this process:
    the renderer stays warm (fonts loaded, templates compiled, boards drawn), so a changed
    sheet is laid out alone and its deck reassembled from the sheets' files. Changes are heard
    from the kernel's file events where it has them (see `toolkit.commands.changes`).

    A problem of the first build (a usage error, a missing folder) ends the watch; after
    that, one (the content folder moved away, a full disk) is told to `trouble` and the
    watch goes on, so the build runs again once the folder is back or the disk has room."""

    options = dataclasses.replace(options, jobs=1)
    changes = Changes([content_dir, *search_path(content_dir)], interval)  # overrides too
    try:
        # every game loaded and checked, even one its last build could tell: this process
        # warms with it, for the first save
        echo(build(content_dir, game, options, keep=False))
        content_cache.flush()
        warm(content_dir, game, options, changes.stirred)
        # a save that stopped the warm-up is rebuilt first; the collection waits for after
        settle(collect=not changes.stirred())
        done = 0
        while rounds is None or done < rounds:
            if not changes.wait(timeout=1.0):
                continue
            done += 1
            _rebuild(content_dir, game, options, echo, trouble)
    finally:
        changes.close()


def _rebuild(
    content_dir: Path,
    game: str | None,
    options: BuildOptions,
    echo: Callable[[Report], None],
    trouble: Callable[[str], None] | None,
) -> None:
    """One save's build; a problem is told to `trouble` (when given) and the watch goes on."""
    if trouble is not None and not content_dir.is_dir():
        trouble(
            f"the content folder {display_path(content_dir)} is gone (moved or "
            "deleted); watching for it to come back"
        )
        return
    try:
        # one game watched: a save is to it (or to a template), never kept whole
        echo(build(content_dir, game, options, keep=game is None))
    except ToolkitError as exc:
        if trouble is None:
            raise
        trouble(f"{exc.message} (still watching: the build runs again on the next change)")
    content_cache.flush()  # after the rebuild: off the way of the edited sheet
    settle()


def warm(
    content_dir: Path, game: str | None, options: BuildOptions, stop: Callable[[], bool]
) -> int:
    """Warm this process's renderer for every game (`toolkit.commands.warm_up.warm_outputs`:
    its fonts, a sheet laid out and written, the deck assembler), so that the first save
    after `--watch` starts is rebuilt as fast as the later ones; stops as soon as `stop()`
    (a save has come). How many outputs were laid out."""
    done = 0
    for gid in discover_games(content_dir, game):  # at once: the folder may move meanwhile
        loaded = load_game(content_dir, gid, Report())
        if loaded is None or loaded[0].outputs is None or not loaded[1].complete:
            continue
        pack, content = loaded
        try:
            outputs = select(pack.outputs(content, options), options.only)  # type: ignore[misc]
        except Exception:  # content the build refused: nothing to warm
            continue
        # WeasyPrint, pikepdf: 0.7 s to import (50 ms after a build rendered): watch only
        from toolkit.commands.warm_up import warm_outputs

        done += warm_outputs(outputs, options, content.root, stop)
        if stop():
            break
    return done


def settle(collect: bool = True) -> None:
    """Collect garbage while waiting for the next save, then set the survivors (the warm
    layouts and fonts) aside: a full collection in the middle of a rebuild would scan them
    all, a pause of about a fifth of a second. Without `collect` (a save is waiting), they
    are only set aside."""

    gc.unfreeze()
    if collect:
        gc.collect()
    gc.freeze()
