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

import hashlib
import os
import pickle
import stat
from pathlib import Path
from typing import Any

VERSION = 1
_CODE: str | None = None


def _code() -> str:
    """A stamp of the toolkit's Python code (names, sizes, modification times): documents
    validated by other code are never reused."""
    global _CODE
    if _CODE is None:
        h = hashlib.blake2b(digest_size=16)
        for path in sorted(Path(__file__).resolve().parent.rglob("*.py")):
            st = path.stat()
            h.update(f"{path.name}:{st.st_size}:{st.st_mtime_ns};".encode())
        _CODE = h.hexdigest()
    return _CODE


def _folder() -> Path | None:
    if os.environ.get("TOOLKIT_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "toolkit"


def _private(path: Path) -> bool:
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
    folder = _folder()
    if folder is None:
        return None
    path = folder / name
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    return path if _private(folder) and _private(path) else None


def _file(game_dir: Path) -> Path | None:
    folder = _folder()
    if folder is None:
        return None
    # documents carry their file's path as shown from the working folder: one file for each
    key = hashlib.blake2b(f"{game_dir.resolve()}\0{os.getcwd()}".encode(),
                          digest_size=12).hexdigest()  # fmt: skip
    return folder / f"content-{game_dir.name}-{key}.pickle"


def load(game_dir: Path) -> dict[Any, Any]:
    """The documents kept for this game folder (stamp -> document), or none."""
    path = _file(game_dir)
    if path is None or not _private(path.parent) or not _private(path):
        return {}
    try:
        with open(path, "rb") as fh:
            data = pickle.load(fh)
    except Exception:  # damaged, or from another Python: start afresh
        return {}
    if not isinstance(data, dict) or data.get("version") != (VERSION, _code()):
        return {}
    entries = data.get("entries")
    return entries if isinstance(entries, dict) else {}


def save(game_dir: Path, entries: dict[Any, Any]) -> None:
    """Keep these documents for the next process (atomically; failures are ignored)."""
    path = _file(game_dir)
    if path is None:
        return
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(path.parent):
            return
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            pickle.dump({"version": (VERSION, _code()), "entries": entries}, fh,
                        protocol=pickle.HIGHEST_PROTOCOL)  # fmt: skip
        os.replace(tmp, path)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        return
