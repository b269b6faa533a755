"""`toolkit serve` (issue 17): the gallery served on this machine only, and every open page
told to reload when a save has been rebuilt."""

from __future__ import annotations

import http.client
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tests.shipped import ROOT


def _get(port: int, path: str, host: str | None = None) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Host": host or f"127.0.0.1:{port}"})
    resp = conn.getresponse()
    return resp.status, resp.read().decode("utf-8", "replace")


def test_serve_reloads_the_gallery_after_a_save(shipped_kit: Path, tmp_path: Path) -> None:
    root = tmp_path / "k"
    shutil.copytree(shipped_kit, root, symlinks=True)
    log = (tmp_path / "serve.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "toolkit", "serve", "--content", "content", "--out", "build",
         "--game", "worldspanner", "--port", "0"],
        cwd=root, stdout=log, stderr=subprocess.STDOUT,
        env=dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1"))  # fmt: skip
    try:
        text = ""
        deadline = time.time() + 120
        while "up to date" not in text and time.time() < deadline and proc.poll() is None:
            time.sleep(0.2)
            text = (tmp_path / "serve.log").read_text()
        port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", text)[1])  # type: ignore[index]
        assert "this machine only" in text
        # the gallery, with the reload script added as it is served (not on disk)
        status, page = _get(port, "/worldspanner/index.html")
        assert status == 200 and "EventSource('/_toolkit/events')" in page
        on_disk = (root / "build" / "worldspanner" / "index.html").read_text()
        assert "EventSource" not in on_disk
        # a request naming another host is refused (a page elsewhere cannot reach it)
        assert _get(port, "/worldspanner/index.html", host="example.com")[0] == 403
        # a save is rebuilt and the open page is told to reload
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        conn.request("GET", "/_toolkit/events", headers={"Host": f"127.0.0.1:{port}"})
        events = conn.getresponse()
        assert events.getheader("Content-Type") == "text/event-stream"
        hero = root / "content" / "worldspanner" / "heroes" / "blackbeard.yaml"
        hero.write_text(hero.read_text().replace("health: 6", "health: 7"))
        line = b""
        while not line.startswith(b"data:"):
            line = events.fp.readline()
            assert line, "the event stream closed"
        builds = re.findall(r"worldspanner: (\d+) built", (tmp_path / "serve.log").read_text())
        assert len(builds) == 2 and int(builds[1]) >= 1  # the save was rebuilt, then told
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()
