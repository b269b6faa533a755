"""Helpers for tests that run the toolkit on hostile content: a canary outside the project,
a picture to point at, and a CLI run that records every file the process opens.

The recording is an audit hook (`sys.addaudithook`) on `open`, `os.listdir` and
`os.scandir`, installed before the toolkit is imported, in a fresh process: every path
opened is logged by its real path, and `outside_reads` lists those outside the project
(the content folder of the test, the toolkit's code and templates, the Python install,
the output folder and a private temporary folder).
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

from tests.support.shipped import ROOT

CANARY = "CANARY-9d41e7"

_HOOK = r"""
import os, sys
log = os.open(os.environ["TOOLKIT_TEST_OPEN_LOG"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
def hook(event, args):
    if event not in ("open", "os.listdir", "os.scandir") or not args:
        return
    path = args[0]
    if path is None or isinstance(path, int):
        return
    try:
        path = os.path.realpath(os.fsdecode(path))
    except (TypeError, ValueError):
        return
    os.write(log, (path + "\n").encode("utf-8", "surrogateescape"))
sys.addaudithook(hook)
from toolkit.cli import main
sys.argv = ["toolkit", *sys.argv[1:]]
main()
"""


def png() -> bytes:
    """A 4 x 4 pixel PNG."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = (b"\x00" + b"\xcc\xbb\x99" * 4) * 4
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def outside_folder(tmp_path: Path) -> Path:
    """A folder outside the project holding secrets: a text file and a picture whose bytes
    carry the canary."""
    folder = tmp_path / "outside"
    folder.mkdir(exist_ok=True)
    (folder / "secret.txt").write_text(CANARY)
    (folder / "secret.png").write_bytes(png() + CANARY.encode())
    return folder


def add_map_art(content: Path, image: str) -> None:
    """Give Forty Factions a map picture `image` with a place for every location space, so
    that the check passes but for the picture itself."""
    from toolkit.commands import api
    from toolkit.games.forty_factions.areas import map_key, map_locations
    from toolkit.games.forty_factions.index import Index

    _, loaded = api.check_games(content, "forty-factions", False)
    ix = Index.build(loaded[0][1])
    assert ix is not None
    keys = [
        map_key(f, f.location_list.index(loc))
        for spaces in map_locations(ix).values()
        for f, loc in spaces
    ]
    lines = "".join(
        f"    {k}: [{10 + 46 * (i % 9)}, {10 + 16 * (i // 9)}]\n" for i, k in enumerate(keys)
    )
    game = content / "forty-factions" / "game.yaml"
    game.write_text(game.read_text() + f"map_art:\n  image: {image}\n  spaces:\n{lines}")


def run_recorded(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """Run `toolkit ARGS` in a fresh process that records every path it opens; the result
    and the real paths it opened."""
    log = tmp_path / "opened.log"
    log.unlink(missing_ok=True)
    private_tmp = tmp_path / "tmp"
    private_tmp.mkdir(exist_ok=True)
    env = dict(
        os.environ, PYTHONPATH=str(ROOT), TOOLKIT_TEST_OPEN_LOG=str(log), TMPDIR=str(private_tmp)
    )
    proc = subprocess.run(
        [sys.executable, "-c", _HOOK, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    opened = log.read_text(encoding="utf-8", errors="replace").splitlines() if log.exists() else []
    return proc, opened


def outside_reads(opened: list[str], *project: Path) -> list[str]:
    """The paths in `opened` outside the project folders given (plus the toolkit's code and
    templates, the Python install and the system files Python itself reads)."""
    roots = (
        *project,
        ROOT / "toolkit",  # its templates, fonts and profiles too
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
    )
    allowed = {os.path.realpath(p) for p in roots}
    exact = {os.path.realpath(ROOT), "/dev/null", "/etc/mime.types"}  # import path; mimetypes
    # the folder holding each (the project a command runs from: it changes into it)
    exact |= {os.path.dirname(os.path.realpath(p)) for p in project}
    return sorted(
        {
            p
            for p in opened
            if p not in exact and not any(p == a or p.startswith(a + os.sep) for a in allowed)
        }
    )


def code_running_pickle(marker: Path) -> bytes:
    """A pickle that, once loaded, creates `marker`: what a planted cache file would hold."""
    import pickle

    class Planted:
        def __reduce__(self):  # type: ignore[no-untyped-def]
            return (os.system, (f"touch {marker}",))

    return pickle.dumps(Planted())
