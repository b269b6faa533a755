"""The user cache's size cap: a write that would take the cache folder over it first evicts
the oldest files there (by modification time).

The cache keeps one file per game folder and working folder a check or build ran from,
and the templates it compiled; without a cap it would grow with every copy of a project
ever checked. The cap is `TOOLKIT_CACHE_MAX_MB` megabytes (1,000,000 bytes each, a
fraction allowed), 200 by default. A file is only ever a saving of time: evicting one
makes the next run that wanted it as slow as a first run, never different.

The folder is walked without following a link (a link in it is counted and evicted as
the link itself). Another process's unfinished write (a `.tmp` file younger than an hour)
is counted but left alone.
"""

from __future__ import annotations

import contextlib
import math
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

DEFAULT_MAX_MB = 200
MB = 1_000_000
ENV = "TOOLKIT_CACHE_MAX_MB"
STALE_TMP = 3600  # seconds: a temporary file older than this was left by a process that died


def max_bytes() -> int:
    """The cap in bytes: `TOOLKIT_CACHE_MAX_MB` megabytes when it is a positive number,
    else `DEFAULT_MAX_MB`."""
    raw = os.environ.get(ENV, "").strip()
    try:
        value = float(raw) if raw else DEFAULT_MAX_MB
    except ValueError:
        value = DEFAULT_MAX_MB
    if not math.isfinite(value) or value <= 0:
        value = DEFAULT_MAX_MB
    return int(value * MB)


def entries(folder: Path) -> Iterator[tuple[str, int, int]]:
    """(path, size, modification time) of every entry under `folder` but its folders,
    without following links; an entry that goes away while listed is left out."""
    try:
        it = os.scandir(folder)
    except OSError:
        return
    with it:
        for entry in it:
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISDIR(st.st_mode):
                yield from entries(Path(entry.path))
            else:
                yield entry.path, st.st_size, st.st_mtime_ns


def make_room(folder: Path, new: Path, size: int, *, writing: Path | None = None) -> bool:
    """Evict the oldest files under the cache `folder` until `size` bytes more, written as
    `new` (replacing what `new` holds now), keep it under the cap. `writing`: the temporary
    file being written, counted as nothing (it becomes `new`). False when `size` alone is
    over the cap (nothing is evicted then); an `OSError` when a file that must go cannot be
    removed (the caller's write fails as any other cache write does)."""
    cap = max_bytes()
    if size > cap:
        return False
    skip = {os.fspath(new), os.fspath(writing) if writing is not None else ""}
    now = time.time_ns()
    kept: list[tuple[int, str, int]] = []  # (modification time, path, size): evictable
    total = size
    for path, length, mtime in entries(folder):
        if path in skip:
            continue
        total += length
        if path.endswith(".tmp") and now - mtime < STALE_TMP * 10**9:
            continue  # another process's write under way
        kept.append((mtime, path, length))
    kept.sort()
    for _mtime, path, length in kept:
        if total <= cap:
            break
        with contextlib.suppress(FileNotFoundError):  # another process evicted it first
            os.unlink(path)
        total -= length
    return total <= cap
