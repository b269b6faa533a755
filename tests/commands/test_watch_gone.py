"""Watch mode when the content folder is moved away (issue 18, case 11): it said nothing
and ended; it must say so, keep watching, and build again when the folder is back."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.shipped import CONTENT, ROOT, copy_rules


def _until(what: Callable[[], bool], seconds: float = 60) -> bool:
    deadline = time.time() + seconds
    while not what() and time.time() < deadline:
        time.sleep(0.1)
    return what()


@pytest.mark.slow
def test_watch_waits_for_a_moved_content_folder_to_come_back(tmp_path: Path) -> None:
    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    log = tmp_path / "log.txt"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "toolkit",
                "build",
                "--content",
                "content",
                "--out",
                "build",
                "--game",
                "worldspanner",
                "--only",
                "kit/balance.md",
                "--watch",
            ],
            cwd=tmp_path,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    try:
        assert _until(lambda: "1 built" in log.read_text()), log.read_text()
        (tmp_path / "content").rename(tmp_path / "content.away")
        assert _until(lambda: "is gone" in log.read_text()), log.read_text()
        time.sleep(1.5)  # a second listing without the folder: still no exit
        assert proc.poll() is None, log.read_text()
        text = log.read_text()
        assert (
            "Error: the content folder content is gone (moved or deleted); watching for it "
            "to come back"
            in text
            and "Traceback" not in text
        )
        (tmp_path / "content.away").rename(tmp_path / "content")
        assert _until(lambda: "0 built, 1 up to date" in log.read_text()), log.read_text()
        assert proc.poll() is None
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_watch_warms_the_renderer_before_the_first_save_and_stops_for_a_save(
    tmp_path: Path,
) -> None:
    """What `--watch` does while it waits for the first save: the renderer warmed by one
    sheet laid out (nothing written to the kit), so the first save is rebuilt as the later
    ones are, and no other layout is under way to hold a save up; a save that comes
    meanwhile stops the warming at once."""
    from toolkit.commands import api, render_worker
    from toolkit.core.outputs import BuildOptions

    out = tmp_path / "out"
    options = BuildOptions(out=out, jobs=1, only="sheets/plots/*")
    content = CONTENT
    assert api.warm(content, "forty-factions", options, stop=lambda: False) == 1
    assert not out.exists()  # nothing written
    worker = render_worker.worker_session()
    assert sum(k[0] == "sheet" for k in worker.cache) == 1
    assert api.warm(content, "forty-factions", options, stop=lambda: True) == 0
