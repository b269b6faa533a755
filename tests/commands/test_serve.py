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
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.shipped import ROOT, copy_content, toolkit
from toolkit.commands import serve


def _get(port: int, path: str, host: str | None = None) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Host": host or f"127.0.0.1:{port}"})
    resp = conn.getresponse()
    return resp.status, resp.read().decode("utf-8", "replace")


@pytest.mark.slow
def test_serve_reloads_the_gallery_after_a_save(shipped_kit: Path, tmp_path: Path) -> None:
    root = tmp_path / "k"
    shutil.copytree(shipped_kit, root, symlinks=True)
    log = (tmp_path / "serve.log").open("w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "toolkit",
            "serve",
            "--content",
            "content",
            "--out",
            "build",
            "--game",
            "worldspanner",
            "--port",
            "0",
        ],
        cwd=root,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1"),
    )
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


# Issue 31 (reliability case 50): what a hostile or odd request gets from `toolkit serve`.
# Each test serves a small folder from this process on 127.0.0.1 and reads what stderr got.


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """A server on 127.0.0.1 over `tmp_path/kit` (a page, a file), and a canary outside it."""
    root = tmp_path / "kit"
    (root / "g").mkdir(parents=True)
    (root / "g" / "index.html").write_text("<html><body>gallery</body></html>")
    (root / "g" / "notes.txt").write_text("inside")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "canary.txt").write_text(CANARY)
    (tmp_path / "outside" / "canary.html").write_text(f"<body>{CANARY}</body>")
    server = serve.start(root, 0, serve.Rebuilds())
    try:
        yield server.server_address[1], root
    finally:
        server.shutdown()
        server.server_close()


CANARY = "canary-outside-the-served-folder"


def _ask(port: int, method: str, path: str, host: str | None = None) -> tuple[int, bytes]:
    """Send one request with exactly this path (no client-side quoting): status and body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    conn.putheader("Host", host or f"127.0.0.1:{port}")
    conn.endheaders()
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp.status, body


def test_a_long_url_is_414_and_a_nul_is_400_without_a_traceback(
    served: tuple[int, Path], capfd: pytest.CaptureFixture[str]
) -> None:
    port, _ = served
    assert _ask(port, "GET", "/" + "a" * 60_000 + ".html")[0] == 414
    assert _ask(port, "GET", "/g/" + "b" * 60_000 + ".txt")[0] == 414
    assert _ask(port, "HEAD", "/" + "a" * 60_000 + ".html")[0] == 414
    for path in ("/g/%00.html", "/g/x%00.txt", "/g%00/", "/g/index.html%00", "/%0a.html"):
        assert _ask(port, "GET", path)[0] == 400, path
        assert _ask(port, "HEAD", path)[0] == 400, path
    # a name too long for the file system (but a URL of a sane length) is simply not there
    assert _ask(port, "GET", "/g/" + "c" * 300 + ".html")[0] == 404
    assert _ask(port, "GET", "/g/index.html")[0] == 200  # still serving
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Exception" not in err, err


def test_head_applies_every_check_get_applies(served: tuple[int, Path]) -> None:
    port, root = served
    (root / "g" / "out.txt").symlink_to(root.parent / "outside" / "canary.txt")
    for path in ("/g/index.html", "/g/notes.txt", "/", "/_toolkit/events"):
        assert _ask(port, "HEAD", path, host="example.com") == (403, b""), path
        assert _ask(port, "GET", path, host="example.com")[0] == 403, path
    assert _ask(port, "HEAD", "/g/out.txt")[0] == _ask(port, "GET", "/g/out.txt")[0] == 403
    assert _ask(port, "HEAD", "/g/missing.html")[0] == 404
    # and a HEAD that passes answers as GET would, without a body
    status, body = _ask(port, "HEAD", "/g/index.html")
    assert (status, body) == (200, b"")
    assert _ask(port, "GET", "/g/index.html")[0] == 200


def test_a_symlink_anywhere_in_the_path_is_not_followed(served: tuple[int, Path]) -> None:
    port, root = served
    outside = root.parent / "outside"
    (root / "g" / "file.txt").symlink_to(outside / "canary.txt")
    (root / "g" / "page.html").symlink_to(outside / "canary.html")
    (root / "g" / "dir").symlink_to(outside)
    (root / "linked-game").symlink_to(outside)
    (root / "g" / "inside.txt").symlink_to(root / "g" / "notes.txt")  # a link, even inward
    for path in (
        "/g/file.txt",
        "/g/page.html",
        "/g/dir/canary.txt",
        "/g/dir/canary.html",
        "/g/dir/",
        "/linked-game/",
        "/linked-game/canary.html",
        "/g/inside.txt",
        "/g/../../outside/canary.txt",
        "/g/%2e%2e/%2e%2e/outside/canary.txt",
    ):
        for method in ("GET", "HEAD"):
            status, body = _ask(port, method, path)
            assert status in (403, 404), (method, path, status)
            assert CANARY.encode() not in body, (method, path)
    # the folder's own files are still served, the page with its reload script
    status, body = _ask(port, "GET", "/g/notes.txt")
    assert (status, body) == (200, b"inside")
    status, body = _ask(port, "GET", "/g/")
    assert status == 200 and b"gallery" in body and b"EventSource" in body
    assert _ask(port, "GET", "/g")[0] == 301
    # the served folder itself may be reached through a link (`--out` is the user's choice)
    (root.parent / "build").symlink_to(root)
    server = serve.start(root.parent / "build", 0, serve.Rebuilds())
    try:
        assert _ask(server.server_address[1], "GET", "/g/notes.txt") == (200, b"inside")
    finally:
        server.shutdown()
        server.server_close()


# Issue 34: every page served reloads (the companion's own policy widened as served only),
# each game's companion offers its own search examples, and the tab has an icon.

GAMES = ("forty-factions", "worldspanner", "god-emperor")


def _unique_word(page: str) -> str:
    """A word of exactly one table row of the page, in no other row, step or heading: a
    search for it matches one row."""
    body = page.split("<body", 1)[1].split("<script", 1)[0]
    # the rows the search looks through: those of the look-up tables' bodies
    lookups = re.findall(r'<div class="lookup">(.*?)</div>', body, re.S)
    bodies = [b for t in lookups for b in re.findall(r"<tbody>(.*?)</tbody>", t, re.S)]
    rows = [r for b in bodies for r in re.findall(r"<tr>(.*?)</tr>", b, re.S)]
    others = re.sub(r"<tr>.*?</tr>", " ", body, flags=re.S)

    def words(html: str) -> set[str]:
        return set(re.findall(r"[a-z]{6,}", re.sub(r"<[^>]+>", " ", html).lower()))

    counts: dict[str, int] = {}
    for row in rows:
        for w in words(row):
            counts[w] = counts.get(w, 0) + 1
    ruled_out = words(others) | set(
        re.findall(r"[a-z]{6,}", " ".join(re.findall(r'"([^"]*)"', body)).lower())
    )
    return sorted(w for w, n in counts.items() if n == 1 and w not in ruled_out)[0]


def _browse(url: str, profile: Path) -> tuple[str, str]:
    """Headless Chromium's DOM of a served page, and its console log. A stop after a few
    seconds (`--timeout`), not a virtual-time budget: the page's event stream never ends."""
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    assert exe, "headless Chromium is needed (make test installs the Debian package)"
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--timeout=4000"]
    args += [f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", "--dump-dom"]
    proc = subprocess.run([exe, *args, url], capture_output=True, text=True, timeout=120)
    return proc.stdout, proc.stderr


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_served_companion_reloads_and_offers_its_own_examples(
    shipped_kit: Path, tmp_path: Path, game: str
) -> None:
    root = shipped_kit / "build"
    on_disk = (root / game / "companion.html").read_text()
    assert "connect-src" not in on_disk and "default-src 'none'" in on_disk  # offline on disk
    hint = re.search(r'id="search" type="search" placeholder="e\.g\. ([^"]+)"', on_disk)
    assert hint, "the search box offers no examples"
    text = re.sub(r"<[^>]+>", " ", on_disk.split("<body", 1)[1])
    for example in hint[1].split(", "):  # each example is a row, a panel or a number it shows
        assert example in text, (example, game)
    server = serve.start(root, 0, serve.Rebuilds())
    try:
        port = server.server_address[1]
        status, page = _get(port, f"/{game}/companion.html")
        assert status == 200 and "connect-src 'self'" in page and "EventSource" in page
        word = _unique_word(on_disk)
        url = f"http://127.0.0.1:{port}/{game}/companion.html#q={word}"
        dom, log = _browse(url, tmp_path / "profile")
        assert 'data-search="ready"' in dom, log[-2000:]
        assert "Content Security Policy" not in log, log  # the event stream is allowed
        assert re.search(r'id="search-count" data-matches="1">1 matching row or step<', dom), (
            word,
            re.findall(r'id="search-count"[^<]*<', dom),
        )
        status, icon = _get(port, "/favicon.ico")
        assert status == 200 and icon.startswith("<svg")
    finally:
        server.shutdown()
        server.server_close()


def test_each_game_offers_its_own_search_examples(shipped_kit: Path) -> None:
    hints = {
        g: re.search(
            r'placeholder="(e\.g\. [^"]+)"',
            (shipped_kit / "build" / g / "companion.html").read_text(),
        )[1]  # type: ignore[index]
        for g in GAMES
    }
    assert len(set(hints.values())) == len(GAMES), hints


def test_a_link_in_the_output_folder_stops_serve_before_it_says_it_serves(
    tmp_path: Path,
) -> None:
    """A committed `build/forty-factions/ext -> outside`: `toolkit serve` says one line,
    naming the link (exit 2), and never that it is serving."""
    content = copy_content(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "build" / "forty-factions").mkdir(parents=True)
    (tmp_path / "build" / "forty-factions" / "ext").symlink_to(outside)
    proc = toolkit("serve", "--content", str(content), "--port", "0", cwd=tmp_path)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stderr.splitlines() == [
        f"Error: build/forty-factions/ext is a link (to {outside}); nothing is written or "
        "deleted through a link in the output folder: remove it, then build again"
    ], proc.stderr
    assert list(outside.iterdir()) == []
