"""The validated documents of a game, kept between processes (a cold `toolkit check`).

Parsing and validating every YAML file is most of what a cold `toolkit check` does. A file
whose bytes, path and kind were validated cleanly before, by the same toolkit code, gives
the same document: the documents are kept in one file per game folder under the user's
cache directory (`$XDG_CACHE_HOME/toolkit`, else `~/.cache/toolkit`), never inside the
project, so nothing a pull request commits is ever read as a cache. The file is trusted only
when the folder and file belong to this user and no one else may write them (it is a
pickle: whoever can write it can run code as the user). `TOOLKIT_NO_CACHE=1` turns the
cache off. What is kept is the documents as the files hold them now, never what a file held
before: a report is a function of the content, not of the edits a cache happened to see
(a message naming "the file you changed" takes it from `toolkit check --since REV`).

The cache folder has a size cap (`toolkit.speed.cache_size`: `TOOLKIT_CACHE_MAX_MB`, 200 MB
by default): a write that would pass it evicts the oldest files first. `toolkit clean
--cache` empties the folder (`toolkit.commands.clean`).

A cache only ever saves time, so none of its failures is the user's problem: an entry that
cannot be read, or does not hold what its reader expects (every type checked, down to the
documents' fields), is a miss; a write that fails (a full disk, a read-only folder, a file
where the folder should be) leaves no temporary file and is said once a run (`unwritable`,
for every cache of the toolkit, Jinja's compiled templates included).
"""

from __future__ import annotations

import atexit
import contextlib
import fnmatch
import hashlib
import os
import pickle
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.core.resources import PACKAGE
from toolkit.speed import cache_size

if TYPE_CHECKING:
    pass

VERSION = 3  # 3: one envelope for every part (`DiskStore`)
_CODE: str | None = None
# the process that says a cache write failed (`unwritable`): not its workers and forks,
# which would say it again each (the run's own writes fail the same way)
_RUN = os.getpid()
_WARNED = False


def code_stamp() -> str:
    """A stamp of the toolkit's Python code (names, sizes, modification times): documents
    validated by other code are never reused."""
    global _CODE
    if _CODE is None:
        _CODE = tree_stamp(PACKAGE, "*.py")
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
    return cache_location()


def cache_location() -> Path:
    """Where the user's toolkit cache folder is, on or off (`toolkit clean --cache`)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "toolkit"


def private(path: Path) -> bool:
    """Owned by this user and writable by no one else (not a link)."""
    try:
        st = path.lstat()
    except OSError:
        return False
    return (
        st.st_uid == os.getuid()
        and not stat.S_ISLNK(st.st_mode)
        and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def private_folder(name: str) -> Path | None:
    """A folder of the user's toolkit cache for other work kept between processes (Jinja's
    compiled templates, `toolkit.render.templates`), made if need be; None when the cache is off or
    someone else could write there (what it holds is loaded as code)."""
    folder = cache_folder()
    if folder is None:
        return None
    path = folder / name
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        unwritable(exc)
        return None
    return path if private(folder) and private(path) else None


def unwritable(exc: OSError) -> None:
    """Say that the user's cache cannot be written (a full disk, a read-only folder, a
    file where the folder should be), once a run: the run goes on without it, its reports
    and outputs as they would be with no cache. A worker or fork of the run says nothing
    (the run itself writes there too)."""
    global _WARNED
    if _WARNED or os.getpid() != _RUN:
        return
    _WARNED = True
    what = exc.strerror or str(exc) or type(exc).__name__
    with contextlib.suppress(OSError, ValueError):  # no one to tell (stderr closed)
        print(
            f"Warning: cannot write the cache in {cache_folder()}: {what}; going on without "
            "it (TOOLKIT_NO_CACHE=1 stops trying)",
            file=sys.stderr,
            flush=True,
        )


def game_file(game_dir: Path, kind: str) -> Path | None:
    """The cache file of one kind (`content`, `check`) for this game folder as seen from the
    working folder (what is kept carries paths as shown from there), or None when off."""
    folder = cache_folder()
    if folder is None:
        return None
    key = hashlib.blake2b(
        f"{game_dir.resolve()}\0{os.getcwd()}".encode(), digest_size=12
    ).hexdigest()
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
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not private(path.parent):
            return
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(data, fh, protocol=pickle.HIGHEST_PROTOCOL)
            if not cache_size.make_room(path.parent, path, os.path.getsize(tmp), writing=tmp):
                _remove(tmp)  # larger than the whole cap: not kept (nor anything evicted)
                return
            os.replace(tmp, path)
        except BaseException:
            _remove(tmp)
            raise
        st = os.stat(path)
    except OSError as exc:
        unwritable(exc)
        return
    except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
        return  # not something a pickle can hold: nothing kept
    _MEMORY[path] = ((st.st_ino, st.st_size, st.st_mtime_ns), data)


def _remove(path: Path) -> None:
    """Take away a temporary file that was not finished (if it is there at all)."""
    with contextlib.suppress(OSError):
        os.unlink(path)


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


class DiskStore:
    """The user cache as the stages' store (`toolkit.core.store`): each game folder's part
    in a file of its own, taken back only if this very toolkit code kept it."""

    def get(self, game_dir: Path, part: str) -> Any:
        data = read(game_file(game_dir, part))
        if not isinstance(data, dict) or data.get("version") != (VERSION, code_stamp()):
            return None
        return data.get("value")

    def put(self, game_dir: Path, part: str, value: Any) -> None:
        later(game_file(game_dir, part), {"version": (VERSION, code_stamp()), "value": value})

    def folder(self, name: str) -> Path | None:
        return private_folder(name)

    def failed(self, exc: OSError) -> None:
        unwritable(exc)
