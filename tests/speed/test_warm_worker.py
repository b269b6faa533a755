"""The renderer process a build starts ahead of need (`toolkit.speed.warm_worker`): it renders
what it is sent, in order, hands back what the renderer raises, holds the parts a deck is
assembled from, and is stopped at once when the build does not need it."""

from __future__ import annotations

import hashlib
import os
import time
from functools import partial
from pathlib import Path

import pytest

from toolkit.commands.build import warm_batch
from toolkit.core.outputs import BuildOptions, Output
from toolkit.render.session import Session
from toolkit.speed import warm_worker


def _bytes(text: str, session: Session) -> bytes:
    return text.encode()


def _joined(paths: tuple[str, ...], session: Session) -> bytes:
    return b"+".join(session.part(p) for p in paths)


def _broken(session: Session) -> bytes:
    raise RuntimeError("the renderer itself failed")


def _made_by(paths: tuple[str, ...], session: Session) -> bytes:
    """The parts joined, and which process joined them."""
    return b"+".join(session.part(p) for p in paths) + f" in {os.getpid()}".encode()


def test_what_is_assembled_is_shared_with_a_fork_for_the_second_core(tmp_path: Path) -> None:
    """Two outputs assembled from what the worker rendered: the costlier goes to a fork of
    the worker (it holds the parts in memory too) as soon as its parts are done, the other
    is assembled in the worker meanwhile; a failure in the fork is the build's, as here."""
    worker = _worker()
    try:
        a = Output("s/a.pdf", "sheet", (), partial(_bytes, "A"))
        b = Output("s/b.pdf", "sheet", (), partial(_bytes, "B"))
        tts = Output(
            "t.png", "tts", (), partial(_made_by, ("s/a.pdf",)), parts=("s/a.pdf",), cost=9
        )
        deck = Output(
            "s.pdf",
            "deck",
            (),
            partial(_made_by, ("s/a.pdf", "s/b.pdf")),
            parts=("s/a.pdf", "s/b.pdf"),
            cost=1,
        )
        parts = (tmp_path, {}, frozenset(("s/a.pdf", "s/b.pdf")))
        done = worker.run([a, b], [tts, deck], BuildOptions(out=tmp_path), tmp_path, "code", parts)
        made = {path: data for path, data, _diags, _pages in done}
        assert set(made) == {"s/a.pdf", "s/b.pdf", "t.png", "s.pdf"}
        assert made["t.png"].startswith(b"A in ") and made["s.pdf"].startswith(b"A+B in ")
        assert made["t.png"].split()[-1] != made["s.pdf"].split()[-1]  # two processes
        broken = Output("t.png", "tts", (), _broken, parts=("s/a.pdf",), cost=9)
        with pytest.raises(RuntimeError, match="the renderer itself failed"):
            worker.run([a, b], [broken, deck], BuildOptions(out=tmp_path), tmp_path, "code", parts)
    finally:
        worker.close()


def _worker() -> warm_worker.WarmWorker:
    worker = warm_worker.start(warm_batch)
    if worker is None:
        pytest.skip("no second core or no fork here: builds run without a warm worker")
    return worker


def test_it_renders_in_order_and_holds_the_parts_of_an_assembled_output(tmp_path: Path) -> None:
    worker = _worker()
    try:
        a = Output("s/a.pdf", "sheet", (), partial(_bytes, "A"))
        b = Output("s/b.pdf", "sheet", (), partial(_bytes, "B"))
        (tmp_path / "s").mkdir()
        (tmp_path / "s" / "c.pdf").write_bytes(b"C")  # up to date on disk, as recorded
        current = {"s/c.pdf": hashlib.sha256(b"C").hexdigest()}
        deck = Output(
            "s.pdf",
            "deck",
            (),
            partial(_joined, ("s/a.pdf", "s/b.pdf", "s/c.pdf")),
            parts=("s/a.pdf", "s/b.pdf", "s/c.pdf"),
        )
        parts = (tmp_path, current, frozenset(deck.parts))
        done = worker.run([a, b], [deck], BuildOptions(out=tmp_path), tmp_path, "code", parts)
        assert [(path, data) for path, data, _diags, _pages in done] == [
            ("s/a.pdf", b"A"),
            ("s/b.pdf", b"B"),
            ("s.pdf", b"A+B+C"),
        ]
    finally:
        worker.close()


def test_what_the_renderer_raises_is_raised_in_the_build(tmp_path: Path) -> None:
    worker = _worker()
    try:
        with pytest.raises(RuntimeError, match="the renderer itself failed"):
            worker.run(
                [Output("x.pdf", "sheet", (), _broken)],
                [],
                BuildOptions(out=tmp_path),
                tmp_path,
                "code",
            )
        # and it still serves the next request
        done = worker.run(
            [Output("y.pdf", "sheet", (), partial(_bytes, "Y"))],
            [],
            BuildOptions(out=tmp_path),
            tmp_path,
            "code",
        )
        assert done[0][1] == b"Y"
    finally:
        worker.close()


def test_an_unneeded_worker_stops_at_once() -> None:
    worker = _worker()
    start = time.perf_counter()
    worker.close()  # while it is still importing the renderer
    assert time.perf_counter() - start < 0.5
