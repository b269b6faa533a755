"""Work done aside: a pure computation run in a forked copy of this process while this one
goes on, so a cold `toolkit check` uses two cores (the rules here, the listing of a game's
outputs there).

Only what is safe to fork is forked: a POSIX system, one thread in this process (a forked
thread holding a lock would never let go), and more than one CPU to run on. Otherwise, or
when the fork or its answer fails, the work is done here, when its result is asked for:
the result is the same either way, only the time differs. The copy does nothing but the
work: it writes its result to a pipe and leaves without running this process's exit
handlers or flushing its buffers (which are this process's to write).
"""

from __future__ import annotations

import os
import pickle
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def aside(work: Callable[[], T]) -> Callable[[], T]:
    """Start `work` in a forked copy of this process where that is safe; a function giving
    its result (waiting for it, or doing the work here if it could not be done aside). The
    result must pickle."""
    if not hasattr(os, "fork") or threading.active_count() > 1 or _cpus() < 2:
        return work
    try:
        read_end, write_end = os.pipe()
    except OSError:
        return work
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return work
    if pid == 0:  # the copy: the work, its result down the pipe, and out
        status = 1
        try:
            os.close(read_end)
            data = pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(data)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)

    def result() -> T:
        with os.fdopen(read_end, "rb") as pipe:
            data = pipe.read()
        _, status = os.waitpid(pid, 0)
        if status == 0:
            try:
                return pickle.loads(data)  # type: ignore[no-any-return]
            except Exception:  # a copy cut short: its answer is incomplete
                pass
        return work()  # here, where an error it raises is this process's to report

    return result
