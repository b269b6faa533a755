"""The validated documents of a game, kept between processes (a cold `toolkit check`).

Parsing and validating every YAML file is most of what a cold `toolkit check` does. A file
whose bytes, path and kind were validated cleanly before, by the same toolkit code, gives
the same document: the documents are kept in one file per game folder under the user's
cache directory (`$XDG_CACHE_HOME/toolkit`, else `~/.cache/toolkit`), never inside the
project, so nothing a pull request commits is ever read as a cache. The file is trusted only
when the folder and file belong to this user and no one else may write them (it is a
pickle: whoever can write it can run code as the user). `TOOLKIT_NO_CACHE=1` turns the
cache off. A cache that cannot be read or written is ignored: it only ever saves time.
"""

from __future__ import annotations

import atexit
import fnmatch
import hashlib
import os
import pickle
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

VERSION = 1
_CODE: str | None = None


def code_stamp() -> str:
    """A stamp of the toolkit's Python code (names, sizes, modification times): documents
    validated by other code are never reused."""
    global _CODE
    if _CODE is None:
        _CODE = tree_stamp(Path(__file__).resolve().parent, "*.py")
    return _CODE


def tree_stamp(folder: Path, pattern: str = "*") -> str:
    """A stamp of the files under `folder` matching `pattern`: their paths, sizes and
    modification times."""
    h = hashlib.blake2b(digest_size=16)
    for rel, size, mtime in sorted(_files(str(folder), "", pattern)):
        h.update(f"{rel}:{size}:{mtime};".encode())
    return h.hexdigest()


def _files(folder: str, rel: str, pattern: str) -> Iterator[tuple[str, int, int]]:
    """(path from the top, size, modification time) of every file under `folder` whose name
    matches `pattern` (read with `os.scandir`: each entry's stat comes with its listing)."""
    with os.scandir(folder) as it:
        for entry in it:
            name = f"{rel}{entry.name}"
            if entry.is_dir(follow_symlinks=False):
                yield from _files(entry.path, f"{name}/", pattern)
            elif fnmatch.fnmatchcase(entry.name, pattern):
                st = entry.stat()
                yield name, st.st_size, st.st_mtime_ns


def cache_folder() -> Path | None:
    """The user's toolkit cache folder, or None when the cache is off."""
    if os.environ.get("TOOLKIT_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "toolkit"


def private(path: Path) -> bool:
    """Owned by this user and writable by no one else (not a link)."""
    try:
        st = path.lstat()
    except OSError:
        return False
    return (st.st_uid == os.getuid() and not stat.S_ISLNK(st.st_mode)
            and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH))  # fmt: skip


def private_folder(name: str) -> Path | None:
    """A folder of the user's toolkit cache for other work kept between processes (Jinja's
    compiled templates, `toolkit.render`), made if need be; None when the cache is off or
    someone else could write there (what it holds is loaded as code)."""
    folder = cache_folder()
    if folder is None:
        return None
    path = folder / name
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    return path if private(folder) and private(path) else None


def game_file(game_dir: Path, kind: str) -> Path | None:
    """The cache file of one kind (`content`, `check`) for this game folder as seen from the
    working folder (what is kept carries paths as shown from there), or None when off."""
    folder = cache_folder()
    if folder is None:
        return None
    key = hashlib.blake2b(f"{game_dir.resolve()}\0{os.getcwd()}".encode(),
                          digest_size=12).hexdigest()  # fmt: skip
    return folder / f"{kind}-{game_dir.name}-{key}.pickle"


# What this process last read from or wrote to each cache file, with the file's identity
# then (a `--watch` process reads its own last write from memory, not from the disk), and
# the writes put off until the process has time (`later`, `flush`).
_MEMORY: dict[Path, tuple[tuple[int, int, int], Any]] = {}
_PENDING: dict[Path, Any] = {}


def read(path: Path | None) -> Any:
    """What a cache file holds, or None: missing, damaged, from another Python, or not this
    user's alone (it is a pickle: whoever can write it can run code as the user)."""
    if path is None:
        return None
    if path in _PENDING:
        return _PENDING[path]
    if not private(path.parent) or not private(path):
        return None
    try:
        st = os.stat(path)
        seen = (st.st_ino, st.st_size, st.st_mtime_ns)
        kept = _MEMORY.get(path)
        if kept is not None and kept[0] == seen:
            return kept[1]
        with open(path, "rb") as fh:
            data = pickle.load(fh)
    except Exception:
        return None
    _MEMORY[path] = (seen, data)
    return data


def write(path: Path | None, data: Any) -> None:
    """Keep `data` in a cache file for the next process (atomically; failures ignored)."""
    if path is None:
        return
    _PENDING.pop(path, None)
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not private(path.parent):
            return
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(data, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        st = os.stat(path)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        return
    _MEMORY[path] = ((st.st_ino, st.st_size, st.st_mtime_ns), data)


def later(path: Path | None, data: Any) -> None:
    """`write`, when this process next has time (`flush`): while a build waits for its
    renderer, after a `--watch` rebuild, or as the process exits. Until then this process
    reads `data` as the file's."""
    if path is None:
        return
    if not _PENDING:
        atexit.register(flush)
    _PENDING[path] = data


def flush() -> None:
    """Write what `later` put off."""
    while _PENDING:
        path, data = next(iter(_PENDING.items()))
        write(path, data)  # takes it off the list
    atexit.unregister(flush)


def load(game_dir: Path) -> dict[Any, Any]:
    """The documents kept for this game folder (stamp -> document), or none."""
    return _part(game_dir, "entries")


def previous(game_dir: Path) -> dict[Any, Any]:
    """Each file's documents as they were before its latest changes, newest first, each with
    the `generation` that change was seen in ((path, kind, model) -> ((document,
    generation), ...)), as far as this cache saw them: a message may name the file whose
    change made a difference."""
    return _part(game_dir, "previous")


def generation(game_dir: Path) -> int:
    """How many times this game's documents were kept (each change seen has a later one)."""
    value = _payload(game_dir).get("generation")
    return value if isinstance(value, int) else 0


def _part(game_dir: Path, name: str) -> dict[Any, Any]:
    part = _payload(game_dir).get(name)
    return part if isinstance(part, dict) else {}


def _payload(game_dir: Path) -> dict[Any, Any]:
    """What this game's cache file holds, if the same toolkit code kept it; else {}."""
    data = read(game_file(game_dir, "content"))
    if not isinstance(data, dict) or data.get("version") != (VERSION, code_stamp()):
        return {}
    return data


def save(game_dir: Path, entries: dict[Any, Any], before: dict[Any, Any] | None = None,
         generation: int = 0) -> None:  # fmt: skip
    """Keep these documents (and `before`, see `previous`) for the next process (written
    when this one has time: `later`)."""
    data = {"version": (VERSION, code_stamp()), "entries": entries, "previous": before or {},
            "generation": generation}  # fmt: skip
    later(game_file(game_dir, "content"), data)
