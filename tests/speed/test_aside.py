"""Work done aside (`toolkit.speed.aside`): a forked copy does the work and hands back the same
result the work gives here; a copy never writes this process's buffers or runs its exit
handlers, and where a fork is not safe the work is done here."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from tests.support.shipped import ROOT
from toolkit.speed.aside import _cpus, aside


def test_the_result_is_the_works_and_it_is_made_in_another_process() -> None:
    here = os.getpid()
    result = aside(lambda: (os.getpid(), [n * n for n in range(1000)]))()
    assert result[1] == [n * n for n in range(1000)]
    if hasattr(os, "fork") and _cpus() > 1:  # a 2-core machine works on both
        assert result[0] != here


def test_an_error_in_the_copy_is_raised_here_by_doing_the_work_here() -> None:
    calls = []

    def work() -> int:
        calls.append(os.getpid())
        raise ValueError("the content broke it")

    result = aside(work)
    with pytest.raises(ValueError, match="the content broke it"):
        result()
    assert calls == [os.getpid()]  # the copy's attempt left no trace here


def test_nothing_is_forked_while_another_thread_runs() -> None:
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert aside(os.getpid)() == os.getpid()
    finally:
        stop.set()
        other.join()


def test_the_copy_neither_writes_what_is_buffered_nor_runs_exit_handlers() -> None:
    script = (
        "import atexit, sys\n"
        "from toolkit.speed.aside import aside\n"
        "atexit.register(lambda: print('exit handler'))\n"
        "print('before', end=' ')\n"  # in the buffer when the copy is made
        "print(aside(lambda: 6 * 7)())\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert proc.stdout == "before 42\nexit handler\n"
