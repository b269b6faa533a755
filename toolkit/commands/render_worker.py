"""A renderer process's side of the build: one session per process, kept warm between
builds in one process (`--jobs 1`, `--watch`); a group of outputs rendered in order; the
warm worker's batch shared with a fork of itself for the second core. What is rendered is
handed back (`Rendered`), never written here."""

from __future__ import annotations

import gc
import os
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from toolkit.commands.build_types import Parts, Rendered
from toolkit.commands.render_output import render_output
from toolkit.commands.schedule import fork_shares
from toolkit.core.outputs import BuildOptions, Output
from toolkit.render.session import Session, renderer

_WORKER: Session | None = None


def worker_session() -> Session:
    """This process's session, set up by `worker_init`."""
    assert _WORKER is not None, "worker_init sets the session up first"
    return _WORKER


def worker_init(
    options: BuildOptions, content_root: Path, code: str = "", parts: Parts | None = None
) -> None:
    """Set a worker up once: import the renderer, load fonts, keep one session. In one
    process (`--jobs 1`, `--watch`) the session and its layouts stay warm between builds,
    until the options or the templates change (`code`, the renderer's fingerprint): a
    layout cached under the old stylesheet must not print under the new one. `parts`: where
    this build's outputs are and which to hold for the outputs assembled from them (see
    `Session.part`), when this process assembles them."""
    global _WORKER
    renderer()  # WeasyPrint and Pango, once per worker
    if _WORKER is None or (_WORKER.options, _WORKER.content_root, _WORKER.code) != (
        options,
        content_root,
        code,
    ):
        _WORKER = Session(options=options, content_root=content_root, code=code)
    out_dir, current_, keep = parts or (None, {}, frozenset())
    _WORKER.out_dir, _WORKER.current, _WORKER.keep = out_dir, current_, keep
    _WORKER.rendered = {}


def render_group(outputs: list[Output]) -> Iterator[Rendered]:
    """Render one group in this process, yielding each output as soon as it is done."""
    session = worker_session()
    for output in outputs:
        data, diags = render_output(session, output)
        if data is not None and output.path in session.keep:
            session.rendered[output.path] = data  # for an output assembled from it
        yield output.path, data, diags, session.pages


def run_group(outputs: list[Output], parts: Parts | None = None) -> list[Rendered]:
    """A pool worker's task: render one group, then drop its cached layouts (the next group
    this worker gets never needs them, and a deck's hundred layouts would otherwise stay in
    memory for the rest of the build). `parts`: where the outputs it is assembled from are,
    for an output assembled from others (see `Session.part`).

    The layouts a group keeps for its deck are set aside from the garbage collector as
    they are made: each full collection would otherwise scan every layout kept so far, and
    the deck's worker spent a tenth of its time doing so. Nor does a task end with a full
    collection: it scans the whole renderer's heap, and with a task a sheet or a dozen
    cards that was a third of a kit's work (Forty Factions: 37 s of CPU against 26 s; the
    peak memory of a worker 235 MB against 277 MB). Python's own thresholds still collect
    the oldest objects as they grow."""
    session = worker_session()
    if parts is not None:
        session.out_dir, session.current, session.keep = parts
    results = _render_kept(outputs)
    session.cache.clear()
    session.rendered.clear()
    return results


def _render_kept(outputs: list[Output]) -> list[Rendered]:
    """Render outputs in this process, each one's objects frozen out of the collector's
    scans as it is made (see `run_group`), unfrozen at the end."""

    results = []
    for item in render_group(outputs):
        results.append(item)
        gc.collect(1)
        gc.freeze()
    gc.unfreeze()
    gc.collect(1)
    return results


def warm_batch(
    first: list[Output],
    assembled: list[Output],
    options: BuildOptions,
    content_root: Path,
    code: str,
    parts: Parts | None,
) -> list[Rendered]:
    """The warm worker's job (`toolkit.speed.warm_worker`): set it up, render a batch."""
    worker_init(options, content_root, code, parts)
    return _run_batch(first, assembled)


def _run_batch(first: list[Output], assembled: list[Output]) -> list[Rendered]:
    """The warm worker's batch (`toolkit.speed.warm_worker`): `first`, then `assembled` (outputs
    made from the others' pages, held in memory), with a fork of this process for a second
    core (`fork_shares`): this process renders its share while the fork renders the other.
    `worker_init` has set the session up (parts included)."""
    session = worker_session()
    made_here = {o.path for o in assembled}  # none is made from another (else, in order)
    split = fork_shares(first, assembled)
    if (
        split is None
        or (os.cpu_count() or 1) < 2
        or not hasattr(os, "fork")
        or any(p in made_here for o in assembled for p in o.parts)
    ):
        return run_group([*first, *assembled])
    before, theirs, mine = split
    results = _render_kept(before)
    results += _with_fork(theirs, mine)
    session.cache.clear()
    session.rendered.clear()
    return results


def _with_fork(theirs: list[Output], mine: list[Output]) -> list[Rendered]:
    """`mine` rendered in this process while a fork of it renders `theirs`; what the fork
    raised is raised here, and a fork that died leaves its share to this process."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the fork: its share, handed back whole (or what went wrong)
        os.close(read)
        try:
            reply: tuple[bool, Any] = (True, _render_kept(theirs))
        except BaseException as exc:
            reply = (False, exc)
        with os.fdopen(write, "wb") as fh:
            pickle.dump(reply, fh, protocol=pickle.HIGHEST_PROTOCOL)
        renderer().release_fonts()  # its own font folders (os._exit runs no exit hook)
        os._exit(0)
    os.close(write)
    try:
        results = _render_kept(mine)
    finally:
        with os.fdopen(read, "rb") as fh:
            try:
                ok, value = pickle.load(fh)
            except (EOFError, pickle.UnpicklingError):  # the fork died: its share here
                ok, value = True, None
        os.waitpid(pid, 0)
    if not ok:
        raise value
    return results + (value if value is not None else _render_kept(theirs))
