"""The files under a folder, walked with a stack rather than recursion.

`Path.rglob` and `os.walk` recurse once per folder level in this Python, so a folder nested
a thousand deep (anyone can commit one in `build/` or `content/`) ends them in a
RecursionError. This walk keeps its own stack: any depth is walked, in sorted order, and no
symbolic link is followed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path


def files_under(root: Path, suffixes: tuple[str, ...] = ()) -> Iterator[Path]:
    """Every regular file under `root` (of one of `suffixes`, when given), in sorted order
    of its path, following no link; nothing when `root` is not a folder."""
    stack = [os.fspath(root)]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except (NotADirectoryError, FileNotFoundError):
            continue
        for entry in entries:
            if entry.is_file(follow_symlinks=False) and entry.name.endswith(suffixes or ""):
                yield Path(entry.path)
        stack += reversed([e.path for e in entries if e.is_dir(follow_symlinks=False)])
