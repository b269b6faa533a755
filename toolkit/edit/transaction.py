"""Write stage for content: several content files changed all together, or none of them.

`toolkit rename`, `new` and `check --fix` change several files at once. `apply_all` makes
that one transaction, kept in a journal folder in the user's state folder, never in the
project (`toolkit.edit.journal.journal_folder`: a pull request cannot commit one for CI's
`check` to follow). The files are
content files and the project's editor schemas that list the content's values
(`schemas/<game>/<kind>.schema.json` beside the content folder, `toolkit.commands.schemas`):
a rename changes both, and both are kept together. It plans every file first (inside the
content folder's real path or that project schemas folder, not a link, one hard link; its
mode kept), writes the journal (state `writing`: each path and the SHA-256 of its bytes
before and after), a copy of each file's old bytes and its new bytes, all synced; then
the state becomes `replacing` (the commit point), each file is replaced (its new bytes
written beside it under a hidden name, then renamed over it: one filesystem, so each
replace is whole) or removed in turn, and the journal is removed. On a failure every file
is put back: the content is as before, byte for byte.

After a kill, `recover` (run first by `rename`, `new` and `check`) finishes the edit (state
`replacing`) or undoes it (state `writing`, or a new text gone), and says which in one
line; a file changed by hand since is never overwritten. A journal is checked whole first
(`toolkit.edit.journal`, which reads and writes it), and one that is not so (a disk fault,
a hand edit) is reported, not followed; one in the content folder (`.toolkit-edit/`, an
older toolkit's, or a pull request's) is not the toolkit's and is never read. A command holds a
lock on the journal folder while it edits, so another never takes a live edit for an
interrupted one.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from toolkit.core.diagnostics import display_path
from toolkit.core.errors import ToolkitError, edit_advice
from toolkit.edit.journal import (
    NEW_MODE,
    SCHEMAS,
    VERSION,
    Entry,
    Malformed,
    allowed,
    clear,
    digest,
    digest_at,
    digest_of,
    is_schema,
    journal_folder,
    read_bytes,
    read_journal,
    sync_folders,
    write_file,
    write_journal,
)

NOT_FOLLOWED = "is not an edit journal the toolkit can follow ({why}): not followed, look at it"


class EditError(ToolkitError):
    """Content files that cannot be edited together, or an edit journal that cannot be
    followed (exit 2): one line naming the file and what to do."""


@dataclass(frozen=True)
class Change:
    """One file of an edit: its bytes after the edit (None: the file is removed) and its
    mode (None: the file's own, or 0644 for a new file)."""

    path: Path
    data: bytes | None
    mode: int | None = None


def apply_all(content: Path, changes: Sequence[Change]) -> None:
    """Make every change, or (on any failure, the file and the reason said in one line)
    none: the content folder is then as it was, byte for byte."""
    root = os.path.realpath(content)
    if len({os.path.realpath(ch.path) for ch in changes}) != len(changes):
        raise EditError("internal: one edit names a file twice; nothing was changed")
    plan = [p for ch in changes if (p := _planned(root, ch)) is not None]
    if not plan:
        return
    entries = [e for e, _, _ in plan]
    with _locked(content, create=True) as folder:
        try:
            write_journal(folder, "writing", entries)
            for i, (e, old, new) in enumerate(plan):
                if old is not None:
                    write_file(os.path.join(folder, f"{i}.old"), old, e.mode)
                if new is not None:
                    write_file(os.path.join(folder, f"{i}.new"), new, e.mode)
            write_journal(folder, "replacing", entries)
            for i, e in enumerate(entries):
                _put(root, folder, i, e, forward=True)
            sync_folders(root, entries)
        except BaseException as exc:
            _put_back(content, root, folder, entries, exc)
            raise
        clear(folder, len(entries))


def recover(content: Path) -> str | None:
    """Finish or undo an edit that a kill interrupted, from its journal: what was done, in
    one line (None when there is no journal). A journal that cannot be followed, or files
    changed since, are an `EditError`, and nothing is done."""
    root = os.path.realpath(content)
    try:
        if not os.path.lexists(journal_folder(root)):
            return None
    except OSError:
        return None  # no content folder: the command says so itself
    shown = display_path(journal_folder(root))
    with _locked(content, create=False) as folder:
        try:
            state, entries = read_journal(root, folder)
        except (Malformed, OSError) as why:
            raise EditError(f"{shown} {NOT_FOLLOWED.format(why=why)}") from None
        said = f"an edit of {_counted(entries)} interrupted"
        if state != "replacing":  # nothing changed yet, or no journal (it had just begun)
            clear(folder, len(entries))
            return None if state is None else f"undid {said} before it changed any ({shown})"
        try:
            for forward, done in ((True, "finished"), (False, "undid")):
                if _settle(root, folder, entries, forward):
                    clear(folder, len(entries))
                    meant = "as it meant them" if forward else "as they were before it"
                    return f"{done} {said} midway ({shown}): they are all {meant}"
        except OSError as exc:
            where = _failed_at(content, root, entries, exc, shown)
            advice = edit_advice(exc.errno) or "run this again"
            raise EditError(
                f"cannot finish or undo {said} ({shown}): cannot write {where}: "
                f"{exc.strerror or exc}; {advice}"
            ) from None
    changed = [e.rel for e in entries if digest_at(root, e.rel) not in (e.before, e.after)]
    why = f"{_shown(content, root, changed[0])} was changed since" if changed else "copies gone"
    what = f"put the files as you want them, then remove {shown}"
    raise EditError(f"cannot finish or undo {said} ({shown}): {why}; {what}")


def _planned(root: str, ch: Change) -> tuple[Entry, bytes | None, bytes | None] | None:
    """The journal's entry for a change, the file's bytes before it and after it; None when
    it changes nothing. A path outside the content folder (but for an editor schema of its
    project), a link, a special file or a file with several hard links is refused: nothing
    is written."""
    refused = f"cannot edit {display_path(ch.path)}: {{}}; nothing was changed"
    full = os.path.join(os.path.realpath(ch.path.parent), ch.path.name)
    rel = PurePosixPath(os.path.relpath(full, root)).as_posix()
    if not allowed(rel, VERSION):
        schemas = os.path.join(os.path.dirname(root), SCHEMAS)
        raise EditError(
            refused.format(
                f"it is not inside the content folder {root}, nor an "
                f"editor schema in {schemas}/<game>/ (a link on the "
                "way leads elsewhere?)"
            )
        )
    try:
        st: os.stat_result | None = os.lstat(full)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise EditError(refused.format(exc.strerror)) from None
    old = None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise EditError(refused.format("a folder stands where the file must go: move it away"))
        if not stat.S_ISREG(st.st_mode):
            what = "a symbolic link" if stat.S_ISLNK(st.st_mode) else "not a regular file"
            raise EditError(refused.format(f"it is {what} (edit the file itself by hand)"))
        if st.st_nlink > 1:
            raise EditError(
                refused.format(
                    f"it has {st.st_nlink} hard links, and writing it "
                    "would part it from the others (make it a file of "
                    "its own, or edit it by hand)"
                )
            )
        old = read_bytes(full)
    if old == ch.data:
        return None
    mode = ch.mode if ch.mode is not None else (stat.S_IMODE(st.st_mode) if st else NEW_MODE)
    return Entry(rel, digest(old), digest(ch.data), mode & 0o777), old, ch.data


def _counted(entries: Sequence[Entry]) -> str:
    """The files of an edit, as its messages count them."""
    schemas = sum(is_schema(e.rel) for e in entries)
    said = [f"{len(entries) - schemas} content files"] if len(entries) > schemas else []
    return " and ".join([*said, *([f"{schemas} editor schemas"] if schemas else [])])


def _shown(content: Path, root: str, rel: str) -> str:
    """A file of the edit as the user names it: from the content folder as given, or (an
    editor schema) from the folder that holds it."""
    if not is_schema(rel):
        return display_path(content / rel)
    real = os.path.normpath(os.path.join(root, rel))
    given = os.path.normpath(os.path.join(os.path.abspath(content), rel))
    return display_path(given if os.path.realpath(given) == real else real)


def _failed_at(
    content: Path, root: str, entries: Sequence[Entry], exc: OSError, default: str
) -> str:
    """The file an OS failure names, as the user names it (a file of the edit if it is
    one)."""
    named = [os.fspath(f) for f in (exc.filename2, exc.filename) if f is not None]
    where = display_path(named[-1]) if named else default
    for e in entries:
        target = os.path.join(root, e.rel)
        if target in named or _beside(target) in named:
            where = _shown(content, root, e.rel)
    return where


@contextlib.contextmanager
def _locked(content: Path, create: bool) -> Iterator[str]:
    """The journal folder, locked for this process (made first when `create`): an edit
    running now is never taken for an interrupted one."""
    folder = journal_folder(os.path.realpath(content))
    shown = display_path(folder)
    try:
        if create:
            os.makedirs(os.path.dirname(folder), 0o700, exist_ok=True)
            os.mkdir(folder, 0o700)
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        if not _private(fd):
            raise EditError(f"{shown} {NOT_FOLLOWED.format(why='not yours alone')}")
    except OSError as exc:
        why = NOT_FOLLOWED.format(why="a link or not a folder")
        if create and exc.errno == errno.EEXIST:
            why = f"is in the way ({exc.strerror}): run `toolkit check`; nothing was changed"
        elif create:
            advice = edit_advice(exc.errno) or "look at your state folder ($XDG_STATE_HOME)"
            why = f"cannot be made ({exc.strerror}): {advice}; nothing was changed"
        raise EditError(f"{shown} {why}") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise EditError(
                f"{shown}: another toolkit command is editing the content now; "
                "run this again when it has finished"
            ) from None
        yield folder
    finally:
        os.close(fd)


def _private(fd: int) -> bool:
    """The journal folder is this user's and no one else may write in it."""
    st = os.fstat(fd)
    return st.st_uid == os.getuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _beside(target: str) -> str:
    """Where a file's new bytes are written before they replace it: beside it (the same
    filesystem, so the rename is whole), under a hidden name the content finder skips."""
    folder, name = os.path.split(target)
    return os.path.join(folder, f".{name}.toolkit-edit")


def _put(root: str, folder: str, i: int, e: Entry, forward: bool) -> None:
    """One file as the edit means it (`forward`) or as it was before it."""
    target = os.path.join(root, e.rel)
    if (e.after if forward else e.before) is None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(target)
        return
    os.makedirs(os.path.dirname(target), exist_ok=True)
    source = os.path.join(folder, f"{i}.{'new' if forward else 'old'}")
    temp = _beside(target)
    if os.path.lexists(temp):  # a killed edit's, or anything else in the way
        os.unlink(temp)
    write_file(temp, read_bytes(source), e.mode)
    os.replace(temp, target)


def _drop_temps(root: str, entries: Sequence[Entry]) -> None:
    """The hidden copies a killed edit left beside its files, removed."""
    for e in entries:
        temp = _beside(os.path.join(root, e.rel))
        if os.path.lexists(temp):
            with contextlib.suppress(OSError):
                os.unlink(temp)


def _settle(root: str, folder: str, entries: Sequence[Entry], forward: bool) -> bool:
    """Every file as the edit means it (`forward`) or as it was before it, if each one is
    either so already or the other way with the bytes it needs at hand; False, and nothing
    done, otherwise (a file changed by hand since, a copy gone)."""
    plan = []
    for i, e in enumerate(entries):
        want, other = (e.after, e.before) if forward else (e.before, e.after)
        now = digest_at(root, e.rel)
        if now == want:
            continue
        copy = os.path.join(folder, f"{i}.{'new' if forward else 'old'}")
        if now != other or (want is not None and digest_of(copy) != want):
            return False
        plan.append((i, e))
    for i, e in plan:
        _put(root, folder, i, e, forward)
    _drop_temps(root, entries)
    sync_folders(root, entries)
    return True


def _put_back(
    content: Path, root: str, folder: str, entries: Sequence[Entry], exc: BaseException
) -> None:
    """After a failure: every file back as it was and the journal gone; an OS failure
    becomes one line naming the file. When the files cannot be put back, the journal stays
    for `recover` and the line says so."""
    try:
        undone = _settle(root, folder, entries, forward=False)
    except OSError:
        undone = False
    if undone:
        clear(folder, len(entries))
    if not isinstance(exc, OSError) or isinstance(exc, ToolkitError):
        return  # raised on as it is (an interrupt, the toolkit's own error)
    where = _failed_at(content, root, entries, exc, "a content file")
    journal = display_path(folder)
    then = "the edit was undone: every file is as it was"
    if not undone:
        then = f"some files could not be put back: run `toolkit check` ({journal} is kept)"
    advice = edit_advice(exc.errno)
    then += f"; {advice}" if advice else ""
    raise EditError(f"cannot write {where}: {exc.strerror or exc}; {then}") from None
