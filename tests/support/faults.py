"""Faults a test injects into a toolkit process."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.shipped import ROOT
from toolkit.edit.journal import journal_folder

# `python -c KILLED_AFTER_WRITE FOLDER K ARGS...`: `toolkit ARGS`, killed (SIGKILL) right
# after the K-th file it writes or removes under FOLDER, as a power cut or an OOM kill would
KILLED_AFTER_WRITE = """
import os, signal, sys

folder, k = os.path.realpath(sys.argv[1]) + os.sep, int(sys.argv[2])
seen = 0
real_replace, real_unlink = os.replace, os.unlink


def step(path):  # killed right after the k-th file written or removed in the folder
    global seen
    if os.path.realpath(path).startswith(folder):
        seen += 1
        if seen == k:
            os.kill(os.getpid(), signal.SIGKILL)


def replace(src, dst, **kw):
    real_replace(src, dst, **kw)
    step(dst)


def unlink(path, **kw):
    real_unlink(path, **kw)
    step(path)


os.replace, os.unlink = replace, unlink
sys.argv = ["toolkit", *sys.argv[3:]]
from toolkit.cli import main

main()
"""


def killed_after(folder: Path, k: int, *args: str) -> subprocess.CompletedProcess[str]:
    """`toolkit ARGS` in a new interpreter, killed right after its `k`-th write or removal
    under `folder` (exit -9), or run to its end when it makes fewer."""
    return subprocess.run(
        [sys.executable, "-c", KILLED_AFTER_WRITE, str(folder), str(k), *args],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )


class FailingWrites:
    """`os.replace` and `os.unlink` made to fail with OSError `code` at the `k`-th file
    written or removed under `folders` (`arm(k)` before each run): `at` is the path that
    failed (None when the run made fewer writes), `seen` how many there were."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, folders: tuple[Path, ...], code: int):
        self.folders = tuple(os.path.realpath(f) + os.sep for f in folders)
        self.code, self.k, self.seen, self.at = code, 0, 0, None
        real_replace, real_unlink = os.replace, os.unlink

        def replace(src, dst, **kw):  # type: ignore[no-untyped-def]
            self._step(dst)
            return real_replace(src, dst, **kw)

        def unlink(path, **kw):  # type: ignore[no-untyped-def]
            self._step(path)
            return real_unlink(path, **kw)

        monkeypatch.setattr(os, "replace", replace)
        monkeypatch.setattr(os, "unlink", unlink)

    def arm(self, k: int) -> None:
        self.k, self.seen, self.at = k, 0, None

    def _step(self, path: object) -> None:
        full = os.path.realpath(os.fspath(path))  # type: ignore[arg-type]
        if full.startswith(self.folders):
            self.seen += 1
            if self.seen == self.k:
                self.at = full
                raise OSError(self.code, os.strerror(self.code), os.fspath(path))  # type: ignore[arg-type]


def journal_of(content: Path) -> Path:
    """Where the toolkit keeps the edit journal of the content folder `content`."""
    return Path(journal_folder(os.path.realpath(content)))


def planted_journal(content: Path, path: str, version: int, state: str = "replacing") -> None:
    """An edit journal gone wrong (a disk fault, a hand edit), where the toolkit keeps the
    content folder's (`toolkit.edit.journal.journal_folder`):
    `path`, said to hold `canary`, to become `pwned`."""
    folder = journal_of(content)
    folder.mkdir(parents=True)
    (folder / "0.new").write_bytes(b"pwned\n")
    files = [
        {
            "path": path,
            "before": hashlib.sha256(b"canary\n").hexdigest(),
            "after": hashlib.sha256(b"pwned\n").hexdigest(),
            "mode": 0o644,
        }
    ]
    record = {"kind": "toolkit-edit-journal", "version": version, "state": state, "files": files}
    (folder / "journal.json").write_text(json.dumps(record))
