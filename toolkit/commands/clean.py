"""`toolkit clean --cache`: empty the user cache, and say what was removed.

Only the toolkit's own cache folder (`$XDG_CACHE_HOME/toolkit`, else `~/.cache/toolkit`) is
emptied, whether the cache is on or off (`TOOLKIT_NO_CACHE`). When that folder is itself a
symbolic link it is refused (exit 2): what it leads to may be anything. Inside it nothing
is followed: the walk holds each folder open (`os.fwalk`), a link is removed as the link
itself, and a folder swapped for a link while it runs is not entered. The folder stays,
empty.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from toolkit.core.errors import ToolkitError
from toolkit.speed.cache_size import MB
from toolkit.speed.content_cache import cache_location


def clean_cache() -> str:
    """Empty the user cache; what was removed, in one line ("removed 12 files, 3.4 MB from
    ~/.cache/toolkit"). A `ToolkitError` when the folder is a link or not a folder, or when
    something in it could not be removed (the rest is removed)."""
    folder = cache_location()
    shown = shown_folder(folder)
    try:
        st = os.lstat(folder)
    except FileNotFoundError:
        return f"nothing to remove: there is no cache in {shown}"
    except OSError as exc:
        raise ToolkitError(f"cannot look at the cache folder {shown}: {exc.strerror}") from exc
    if stat.S_ISLNK(st.st_mode):
        raise ToolkitError(
            f"the cache folder {shown} is a symbolic link (to "
            f"{os.readlink(folder)}); it is not followed: remove the link "
            "yourself if the cache is meant to be there"
        )
    if not stat.S_ISDIR(st.st_mode):
        raise ToolkitError(
            f"{shown} is not a folder, so it is not the toolkit's cache: move it away"
        )
    files, size, failures = _empty(folder)
    if not files and not failures:
        return f"nothing to remove: the cache in {shown} is empty"
    said = f"removed {files} file{'' if files == 1 else 's'}, {amount(size)} from {shown}"
    if failures:
        first = failures[0]
        raise ToolkitError(
            f"{said}; could not remove {len(failures)} more (first: "
            f"{first.filename}: {first.strerror})"
        )
    return said


def _empty(folder: Path) -> tuple[int, int, list[OSError]]:
    """Remove everything under `folder`, deepest first, following no link: the files (and
    links) removed, their bytes, and what could not be removed."""
    files = size = 0
    failures: list[OSError] = []
    for where, dirs, names, fd in os.fwalk(
        folder, topdown=False, follow_symlinks=False, onerror=failures.append
    ):
        for name in [*names, *dirs]:
            try:
                st = os.stat(name, dir_fd=fd, follow_symlinks=False)
                if stat.S_ISDIR(st.st_mode):
                    os.rmdir(name, dir_fd=fd)  # emptied already (deepest first)
                    continue
                os.unlink(name, dir_fd=fd)
            except FileNotFoundError:
                continue  # gone already (another process evicted it)
            except OSError as exc:
                exc.filename = os.path.join(where, name)
                failures.append(exc)
                continue
            files += 1
            size += st.st_size
    return files, size, failures


def shown_folder(folder: Path) -> str:
    """`~/.cache/toolkit` for a folder under the user's home, else the path as it is."""
    try:
        return "~/" + folder.relative_to(Path.home()).as_posix()
    except (ValueError, RuntimeError):  # not under it, or no home at all
        return str(folder)


def amount(size: int) -> str:
    """`3.4 MB`, `12.0 kB`, `512 bytes`."""
    if size >= MB:
        return f"{size / MB:.1f} MB"
    if size >= 1000:
        return f"{size / 1000:.1f} kB"
    return f"{size} byte{'' if size == 1 else 's'}"
