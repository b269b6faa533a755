"""Rendering one game's stale outputs, in whichever processes suit the work: the warm
worker (a small rebuild), this process (`--jobs 1`, `--watch`, or one group), or a pool of
processes. Each output is handed to `take` as soon as it is rendered; nothing is written
here (`toolkit.commands.kit_record` does)."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import TYPE_CHECKING

from toolkit.commands.build_types import Parts, Rendered
from toolkit.commands.render_worker import render_group, run_group, worker_init
from toolkit.commands.schedule import WARM_WORK, soonest_first, work
from toolkit.core.diagnostics import Diagnostic
from toolkit.core.outputs import BuildOptions, Output

if TYPE_CHECKING:
    from toolkit.speed.warm_worker import WarmWorker

# what receives each rendered output: path, bytes (None when it failed), findings, pages
Take = Callable[[str, bytes | None, list[Diagnostic], int], None]


def render_stale(
    groups: list[list[Output]],
    assembled: list[Output],
    options: BuildOptions,
    content_root: Path,
    code: str,
    parts: Parts,
    settled: Callable[[], dict[str, str]],
    take: Take,
    warm: WarmWorker | None = None,
) -> None:
    """Render `groups` (`toolkit.commands.schedule.group_outputs`), then the outputs
    `assembled` from them, handing each to `take`. `parts`: where the outputs are and which
    to hold in memory, when one process renders the parts and assembles; `settled()`: the
    digests of the outputs on disk as the build means them, at the moment it is asked (for
    an output assembled in a pool, once its parts are done); `warm`: a renderer already
    started, given the work it finishes before a new pool would start."""
    jobs = options.jobs or os.cpu_count() or 1
    if not groups and not assembled:
        return  # nothing to render: the renderer is never even imported
    if warm is not None and (len(groups) <= 1 or sum(map(work, groups)) <= WARM_WORK):
        # the warm worker: the cheapest first, as below, then what is assembled from them
        batch = [o for group in soonest_first(groups) for o in group]
        for item in warm.run(batch, assembled, options, content_root, code, parts):
            take(*item)
    elif jobs <= 1 or len(groups) <= 1:
        # one process (`--jobs 1`, `--watch`): each file is written as soon as it is
        # rendered, so a changed sheet is on disk before its deck is reassembled
        worker_init(options, content_root, code, parts)
        for group in [*soonest_first(groups), assembled]:  # the edited sheet first
            for item in render_group(group):
                take(*item)
    else:
        with ProcessPoolExecutor(
            max_workers=min(jobs, len(groups)),
            initializer=worker_init,
            initargs=(options, content_root, code),
        ) as pool:
            game_out = parts[0]  # where the build's outputs are
            _in_pool(pool, groups, assembled, game_out, settled, take)


def _in_pool(
    pool: ProcessPoolExecutor,
    groups: list[list[Output]],
    assembled: list[Output],
    game_out: Path,
    settled: Callable[[], dict[str, str]],
    take: Take,
) -> None:
    """Each group a task of the pool; an output assembled from others (a deck, a card sheet,
    tiles) goes to the pool as soon as its parts are settled (written, failed, or up to
    date)."""
    unsettled = {o.path for group in groups for o in group}
    futures: set[Future[list[Rendered]]] = {pool.submit(run_group, g) for g in groups}
    try:
        while futures:
            done, futures = wait(futures, return_when=FIRST_COMPLETED)
            for future in done:
                for item in future.result():
                    take(*item)
                    unsettled.discard(item[0])
            ready = [o for o in assembled if unsettled.isdisjoint(o.parts)]
            if ready:
                where = (game_out, settled(), frozenset())
                futures |= {pool.submit(run_group, [o], where) for o in ready}
                assembled = [o for o in assembled if o not in ready]
    except BaseException:
        for future in futures:  # a full disk: the groups not started never start
            future.cancel()
        raise
