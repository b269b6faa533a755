"""Write stage for content: the journal of an edit of several files, on disk.

An edit (`toolkit.edit.transaction`) keeps its journal in the user's state folder, never in
the project: `$XDG_STATE_HOME/toolkit/edits/<key>/journal.json` (else `~/.local/state/...`),
the key a digest of the content folder's real path and identity (device, inode), so a
checkout has its own and a new clone at the same path does not inherit an old one. A pull
request therefore cannot plant a journal for `check` to follow: what CI checks is what the
pull request committed. The journal holds its state and, for each file, the path relative to
the content folder, the SHA-256 of its bytes before and after, and its mode; beside it a copy
of each file's old bytes (`N.old`) and new bytes (`N.new`). Everything here is written synced.

A journal is still checked whole before it is followed (a disk fault, a hand edit):
`read_journal` checks it
whole (plain relative paths with no link on the way, digests, modes without special bits,
nothing else in its folder) and raises `Malformed` for one not to follow. The only path out
of the content folder it may name is a schema of the project's,
`../schemas/<game>/<name>.schema.json`.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

EDITS = ("toolkit", "edits")  # under the user's state folder
JOURNAL = "journal.json"
KIND = "toolkit-edit-journal"
VERSION = 2  # 2: a path may name an editor schema of the project (version 1 did not)
SCHEMAS = "schemas"  # the project's editor schemas, beside the content folder
NEW_MODE = 0o644  # a new file's mode (mkstemp's 0600 would hide it from others)
MAX_JOURNAL = 1 << 20  # bytes
MAX_FILES = 10_000
_OWN_NAME = re.compile(r"(\d{1,5})\.(old|new)")
_DIGEST = re.compile(r"[0-9a-f]{64}")
# an editor schema of the project, as the journal names it (relative to the content folder)
_SCHEMA = re.compile(rf"\.\./{SCHEMAS}/([^/]+)/([^/]+\.schema\.json)")


class Malformed(Exception):
    """What makes a journal one not to follow."""


@dataclass(frozen=True)
class Entry:
    """One file of an edit, as the journal records it."""

    rel: str  # POSIX path relative to the content folder's real path
    before: str | None  # SHA-256 of the bytes before (None: no file)
    after: str | None
    mode: int


def journal_folder(content: str) -> str:
    """The journal folder of an edit of the content folder `content` (a real path), in the
    user's state folder; raises OSError when the content folder cannot be looked at."""
    st = os.stat(content)
    key = hashlib.sha256(f"{content}\0{st.st_dev}\0{st.st_ino}".encode()).hexdigest()[:32]
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "state"
    )
    return os.path.join(base, *EDITS, key)


def allowed(rel: str, version: int) -> bool:
    """A path a journal of this version may name: a plain path in the content folder, or
    (version 2) an editor schema of the project, `../schemas/<game>/<name>.schema.json`."""
    if _plain(rel):
        return True
    m = _SCHEMA.fullmatch(rel)
    return version >= 2 and m is not None and _plain(m[1]) and _plain(m[2])


def is_schema(rel: str) -> bool:
    """Does the journal's path name an editor schema of the project (not a content file)?"""
    return rel.startswith("../")


def _plain(rel: str) -> bool:
    """A relative path with names only: no `..`, no hidden name, nothing absolute."""
    p = PurePosixPath(rel)
    return (
        not p.is_absolute()
        and len(p.parts) > 0
        and "\\" not in rel
        and "\0" not in rel
        and all(part not in ("", ".", "..") and not part.startswith(".") for part in p.parts)
    )


def write_file(path: str, data: bytes, mode: int) -> None:
    """Write a file of the journal folder with its mode, synced (never through a link)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fchmod(fd, mode)
        os.fsync(fd)
    finally:
        os.close(fd)


def write_journal(folder: str, state: str, entries: Sequence[Entry]) -> None:
    """Write the journal in `state` (`writing` or `replacing`) in one replace, synced."""
    files = [{"path": e.rel, "before": e.before, "after": e.after, "mode": e.mode} for e in entries]
    record = {"kind": KIND, "version": VERSION, "state": state, "files": files}
    tmp = os.path.join(folder, JOURNAL + ".tmp")
    write_file(tmp, json.dumps(record, indent=1).encode(), 0o644)
    os.replace(tmp, os.path.join(folder, JOURNAL))
    sync(folder)


def read_journal(root: str, folder: str) -> tuple[str | None, list[Entry]]:
    """The journal's state and entries (state None: no journal yet, or none any more)."""
    names = os.listdir(folder)
    path = os.path.join(folder, JOURNAL)
    if JOURNAL not in names:
        if set(names) - {JOURNAL + ".tmp"}:
            raise Malformed(f"it holds {sorted(names)[0]} and no {JOURNAL}")
        return None, []
    st = os.lstat(path)
    if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_JOURNAL:
        raise Malformed(f"{JOURNAL} is not a regular file of at most {MAX_JOURNAL} bytes")
    try:
        record = json.loads(read_bytes(path))
    except (ValueError, RecursionError):
        raise Malformed(f"{JOURNAL} is not JSON") from None
    state, entries = _entries(record)
    for name in names:
        m = _OWN_NAME.fullmatch(name)
        if name not in (JOURNAL, JOURNAL + ".tmp") and (m is None or int(m[1]) >= len(entries)):
            raise Malformed(f"it holds {name}, which is not the journal's")
        if not stat.S_ISREG(os.lstat(os.path.join(folder, name)).st_mode):
            raise Malformed(f"{name} is not a regular file")
    for e in entries:
        _check_path(root, e.rel)
    return state, entries


def _entries(record: Any) -> tuple[str, list[Entry]]:
    """The journal's state and entries, each value checked."""
    if not isinstance(record, dict) or record.get("kind") != KIND:
        raise Malformed("not a toolkit edit journal")
    version = record.get("version")
    known = type(version) is int and version in (1, VERSION)
    if not known or record.get("state") not in ("writing", "replacing"):
        raise Malformed("an unknown version or state")
    files = record.get("files")
    if not isinstance(files, list) or not 0 < len(files) <= MAX_FILES:
        raise Malformed(f"`files` is not a list of 1 to {MAX_FILES} entries")
    out = []
    for f in files:
        if not isinstance(f, dict) or set(f) != {"path", "before", "after", "mode"}:
            raise Malformed("an entry is not {path, before, after, mode}")
        path, before, after, mode = f["path"], f["before"], f["after"], f["mode"]
        if not isinstance(path, str) or len(path) > 4096 or not allowed(path, version):
            raise Malformed(
                f"the path {str(path)[:80]!r} is not plain, inside the folder "
                "(or a schema of the project's)"
            )
        if before == after or not all(
            d is None or (isinstance(d, str) and _DIGEST.fullmatch(d)) for d in (before, after)
        ):
            raise Malformed(f"the digests of {path} are not SHA-256 digests of two texts")
        if type(mode) is not int or not 0 <= mode <= 0o777:
            raise Malformed(f"the mode of {path} is not a file mode without special bits")
        out.append(Entry(path, before, after, mode))
    if len({e.rel for e in out}) != len(out):
        raise Malformed("it names a file twice")
    return record["state"], out


def _check_path(root: str, rel: str) -> None:
    """Every folder on the way to `rel` a real folder (no link), the file a regular file or
    absent: what the journal names is inside the content folder's real path (or, through
    its real parent, the project's real `schemas` folder)."""
    at = root
    parts = PurePosixPath(rel).parts
    for i, part in enumerate(parts):
        at = os.path.join(at, part)
        try:
            mode = os.lstat(at).st_mode
        except FileNotFoundError:
            return
        last = i == len(parts) - 1
        if not (stat.S_ISREG(mode) if last else stat.S_ISDIR(mode)):
            raise Malformed(f"{rel} leads through a link or a special file")


def digest(data: bytes | None) -> str | None:
    """The SHA-256 of bytes as the journal records it (None: no file)."""
    return None if data is None else hashlib.sha256(data).hexdigest()


def read_bytes(path: str) -> bytes:
    """A file's bytes, never through a link, never waiting on a FIFO."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as fh:
        return fh.read()


def digest_of(path: str) -> str | None:
    """The digest of a regular file's bytes (None: no such file, or not a regular file)."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        return digest(read_bytes(path))
    except FileNotFoundError:
        return None


def digest_at(root: str, rel: str) -> str | None:
    """The digest of the file the journal's path names (None: none there)."""
    return digest_of(os.path.join(root, rel))


def sync(folder: str) -> None:
    """Sync a folder, so that the names it holds now survive a crash."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def sync_folders(root: str, entries: Sequence[Entry]) -> None:
    """The replaced files' folders synced, so that the journal goes only after them."""
    for folder in sorted({os.path.dirname(os.path.join(root, e.rel)) for e in entries}):
        with contextlib.suppress(OSError):
            sync(folder)


def clear(folder: str, n: int) -> None:
    """Remove the journal folder: its files first, the journal last."""
    for i in range(n):
        for what in ("old", "new"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(os.path.join(folder, f"{i}.{what}"))
    for name in (JOURNAL + ".tmp", JOURNAL):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(os.path.join(folder, name))
    with contextlib.suppress(OSError):
        os.rmdir(folder)
