"""Asset files that content may point at (pictures), read only from inside their folder.

The one place that decides whether a path may be opened: resolved with realpath (so
`..`, `%2f` tricks and committed symlinks cannot leave the folder), no hidden files,
only regular files (never a FIFO or a device), and a size cap.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path

MAX_ASSET_BYTES = 20_000_000


class AssetError(Exception):
    """An asset that must not be read; the message says why."""


def confined(path: str, roots: Sequence[Path | str]) -> str:
    """The real path of `path` if it is a readable regular file inside one of `roots`."""
    real = os.path.realpath(path)
    reals = [os.path.realpath(r) for r in roots]
    root = next((r for r in reals if os.path.commonpath([real, r]) == r), None)
    if root is None:
        raise AssetError("outside the project's asset folders")
    if any(p.startswith(".") for p in Path(os.path.relpath(real, root)).parts):
        raise AssetError("hidden file")
    try:
        st = os.stat(real)
    except OSError as exc:
        raise AssetError(f"cannot read it ({exc.strerror})") from None
    if not stat.S_ISREG(st.st_mode):
        raise AssetError("not a regular file")
    if st.st_size > MAX_ASSET_BYTES:
        raise AssetError(f"larger than {MAX_ASSET_BYTES // 1_000_000} MB")
    return real


def read_asset(path: str, roots: Sequence[Path | str]) -> bytes:
    """The bytes of a confined asset (see `confined`)."""
    real = confined(path, roots)
    with open(real, "rb") as fh:
        return fh.read(MAX_ASSET_BYTES + 1)
