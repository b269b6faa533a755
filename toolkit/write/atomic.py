"""Write stage: every output reaches disk through here, atomically.

A temporary file in the target folder, flushed and fsynced, then `os.replace`:
an interrupted or failed write never leaves a truncated file where a good one
was. Outputs get mode 0644 (mkstemp would leave 0600). The temporary file's name
is kept short, so that it fits wherever its target's name does. An operating-system
failure (a full disk, a read-only folder, a file-size limit) is a `WriteError`: one line
naming the path and what to do, exit 2.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from toolkit.core.errors import os_failure

if TYPE_CHECKING:
    pass

TEMP_STEM = 40  # characters of the target's name kept in its temporary file's name


def write_bytes(path: Path, data: bytes) -> None:
    """Atomically replace `path` with `data`."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(
            prefix=f".{path.name[:TEMP_STEM]}.", suffix=".tmp", dir=path.parent
        )
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException as exc:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        if isinstance(exc, OSError):
            raise os_failure(exc, path) from None
        raise


def write_text(path: Path, text: str) -> None:
    """Atomically replace `path` with UTF-8 `text`."""
    write_bytes(path, text.encode("utf-8"))


def remove(path: Path) -> None:
    """Delete a file the toolkit wrote (an OS failure is a `WriteError`)."""
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise os_failure(exc, path, "remove") from None
