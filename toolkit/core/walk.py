"""The entries under a folder, walked with a stack rather than recursion.

`Path.rglob` and `os.walk` recurse once per folder level in this Python, so a folder nested
a thousand deep (anyone can commit one in `build/` or `content/`) ends them in a
RecursionError. This walk keeps its own stack: any depth is walked, in sorted order, and no
symbolic link is followed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path


def entries_under(root: Path) -> Iterator[os.DirEntry[str]]:
    """Every entry under `root`, a folder's entries (sorted by name) before those of its
    sub-folders, following no link; a folder that cannot be listed (gone, not a folder) is
    passed over, as `os.walk` does."""
    stack = [os.fspath(root)]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except (NotADirectoryError, FileNotFoundError):
            continue
        yield from entries
        stack += reversed([e.path for e in entries if e.is_dir(follow_symlinks=False)])


def files_under(root: Path, suffixes: tuple[str, ...] = ()) -> Iterator[Path]:
    """Every regular file under `root` (of one of `suffixes`, when given), in the walk's
    order, following no link; nothing when `root` is not a folder."""
    for entry in entries_under(root):
        if entry.is_file(follow_symlinks=False) and entry.name.endswith(suffixes or ""):
            yield Path(entry.path)
