"""The one exception root: problems with how the toolkit was called or with the
machine (missing folder, unwritable output, a full disk), never with content. Click
prints it as one `Error: ...` line and exits 2; content problems are diagnostics and
exit 1."""

from __future__ import annotations

import errno
import os

import click

from toolkit.core.diagnostics import display_path

# What to do about an operating-system failure, by errno: the message names the path, says
# what happened and this.
_ADVICE = {
    errno.ENOSPC: "the disk is full: free some space, then build again",
    errno.EDQUOT: "your disk quota is used up: free some space, then build again",
    errno.EROFS: "the file system is read-only: choose another --out folder",
    errno.EACCES: "no permission to write there: choose another --out folder or change "
    "its permissions",
    errno.EPERM: "not permitted there: choose another --out folder or change its permissions",
    errno.EFBIG: "the file-size limit (ulimit -f) is too low for the kit: raise it",
    errno.ENAMETOOLONG: "the name is longer than the file system allows: choose a shorter "
    "--out folder or shorter content file names",
    errno.ENOTDIR: "a file stands where a folder must go: move it away",
    errno.EEXIST: "a file stands where a folder must go: move it away",
    errno.EISDIR: "a folder stands where a file must go: move it away",
    errno.EIO: "the disk reported an input/output error: check it",
    errno.EMFILE: "too many files are open: raise the limit (ulimit -n)",
}

# The same for a file changed where it stands (a content file, the project's editor schemas:
# `toolkit rename`, `new`, `check --fix`): it has no --out to choose, so the advice is about
# the file and its folder. Replacing a file needs write permission on its folder, not on the
# file; EPERM is an immutable or append-only file (`chattr`) or another user's file in a
# sticky folder.
_EDIT_ADVICE = {
    errno.ENOSPC: "the disk is full: free some space, then run this again",
    errno.EDQUOT: "your disk quota is used up: free some space, then run this again",
    errno.EROFS: "the file system is read-only: make it writable, then run this again",
    errno.EACCES: "no permission to change files in its folder: make the folder and the "
    "file writable for you, then run this again",
    errno.EPERM: "the file or its folder is protected (immutable or append-only, see "
    "`lsattr -d`; or another user's file in a sticky folder): make it writable for you "
    "(`chattr -i`), then run this again",
    errno.EFBIG: "the file-size limit (ulimit -f) is too low: raise it, then run this again",
    errno.ENAMETOOLONG: "the name is longer than the file system allows: choose a shorter one",
    errno.ENOTDIR: "a file stands where a folder must go: move it away",
    errno.EEXIST: "a file stands where a folder must go: move it away",
    errno.EISDIR: "a folder stands where the file must go: move it away",
    errno.EXDEV: "it is on another file system than the content folder, where the edit keeps "
    "its copies: keep the content and schemas folders on one file system",
    errno.EIO: "the disk reported an input/output error: check it",
    errno.EMFILE: "too many files are open: raise the limit (ulimit -n)",
}


def edit_advice(code: int | None) -> str:
    """What to do about an operating-system failure (by errno) while changing a content
    file or an editor schema where it stands; "" when there is nothing to say."""
    return _EDIT_ADVICE.get(code or 0, "")


class ToolkitError(click.ClickException):
    """A usage or I/O problem; exit code 2."""

    exit_code = 2


class WriteError(ToolkitError, OSError):
    """An operating-system failure while writing the kit (still an OSError, for callers that
    catch those): one line naming the path, what happened and what to do."""

    def __init__(self, message: str, code: int | None = None) -> None:
        ToolkitError.__init__(self, message)
        self.errno = code

    def __reduce__(self) -> tuple[object, ...]:  # crosses worker processes intact
        return (type(self), (self.message, self.errno))

    def __str__(self) -> str:
        return self.message


def os_failure(
    exc: OSError, path: str | os.PathLike[str] | None, doing: str = "write"
) -> WriteError:
    """One clear line for an operating-system failure while doing something to `path`."""

    where = display_path(path) if path is not None else "a temporary file"
    what = exc.strerror or str(exc)
    if exc.filename is not None and os.fspath(exc.filename) != os.fspath(path or ""):
        what += f" ({display_path(os.fsdecode(exc.filename))})"
    advice = _ADVICE.get(exc.errno or 0, "")
    return WriteError(
        f"cannot {doing} {where}: {what}" + (f"; {advice}" if advice else ""), exc.errno
    )
