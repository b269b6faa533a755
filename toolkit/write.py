"""Write stage: every output reaches disk through here, atomically.

A temporary file in the target folder, flushed and fsynced, then `os.replace`:
an interrupted or failed write never leaves a truncated file where a good one
was. Outputs get mode 0644 (mkstemp would leave 0600).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_bytes(path: Path, data: bytes) -> None:
    """Atomically replace `path` with `data`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def write_text(path: Path, text: str) -> None:
    """Atomically replace `path` with UTF-8 `text`."""
    write_bytes(path, text.encode("utf-8"))
