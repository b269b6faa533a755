"""A renderer process started ahead of need, warming while the content is checked.

Importing WeasyPrint and loading the fonts costs about half a second, as much as checking
every game's content; a designer's one-faction edit then renders one sheet. A build that
may render starts one worker process at once (a fork of this one, on the second core),
which imports the renderer while this process checks the content and lists the outputs;
a small rebuild is then handed to it, already warm, instead of to a pool that would start
cold (`toolkit.commands.rendering.render_stale`). A build that turns out to have nothing to render
stops the worker unused: it never slows the check it ran beside (one core each), and the
checking process itself never imports the renderer.

Only on Linux (where processes fork) and with two cores or more: elsewhere nothing is
started and builds run as before.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from toolkit.render.session import renderer
from toolkit.speed import content_cache

# the batch a worker renders: (outputs, assembled, options, content root, code, parts)
Job = Callable[..., list[Any]]


class WarmWorker:
    """One forked process that imports the renderer now and renders groups on request."""

    def __init__(self, job: Job) -> None:
        ctx = multiprocessing.get_context("fork")
        self._conn, child = ctx.Pipe()
        self._proc = ctx.Process(
            target=_serve, args=(child, job), daemon=True, name="toolkit-warm-renderer"
        )
        self._proc.start()
        child.close()

    def run(
        self,
        outputs: list[Any],
        assembled: list[Any],
        options: Any,
        content_root: Path,
        code: str,
        parts: Any = None,
    ) -> list[Any]:
        """Render `outputs`, then those `assembled` from them, in the worker (by the job it
        was started with); what it raises is raised here."""

        self._conn.send((outputs, assembled, options, content_root, code, parts))
        content_cache.flush()  # this process's chores while the worker renders
        ok, value = self._conn.recv()
        if not ok:
            raise value
        return value  # type: ignore[no-any-return]

    def close(self) -> None:
        """Stop the worker, at once if it is still importing (nothing of it is needed)."""
        if self._proc.is_alive():
            self._proc.kill()
        self._proc.join()
        self._conn.close()


def start(job: Job) -> WarmWorker | None:
    """A warm worker running `job` (the build's batch, `toolkit.commands.render_worker.warm_batch`),
    where forking is how processes start and there is a second core."""
    # macOS can fork, but a forked child may not use some of its system libraries: there
    # (and on Windows) processes start by spawning, and nothing is started ahead
    if (os.cpu_count() or 1) < 2 or not sys.platform.startswith("linux"):
        return None
    try:
        return WarmWorker(job)
    except OSError:  # no process to spare: the build starts its own as before
        return None


def _serve(conn: Any, job: Job) -> None:
    """The worker: warm the renderer, then render each group it is sent until the pipe
    closes."""
    renderer()  # WeasyPrint, Pango, the fonts: the half second

    while True:
        try:
            outputs, assembled, options, content_root, code, parts = conn.recv()
        except EOFError:
            return
        try:
            reply: tuple[bool, Any] = (
                True,
                job(outputs, assembled, options, content_root, code, parts),
            )
        except BaseException as exc:  # handed back whole: the build reports it as usual
            reply = (False, exc)
        conn.send(reply)
