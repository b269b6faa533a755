"""`toolkit serve`: the kit's gallery in a browser, rebuilt and reloaded on every save.

As `mkdocs serve` does: the build runs and watches in this process (`toolkit.commands.api.watch`,
the renderer kept warm), and a small HTTP server on the loopback interface serves the output
folder. Every HTML page it serves gets a few lines of script that listen to
`/_toolkit/events` (server-sent events) and reload the page after each rebuild; the files on
disk are never changed. Nothing listens beyond this machine: the server binds 127.0.0.1 and
refuses a request that names another host (a page elsewhere cannot reach it through DNS
rebinding). It serves only what lies inside the output folder's real path, through no link,
and answers an address it cannot serve with a status (414, 400, 403, 404), never a traceback.
"""

from __future__ import annotations

import html
import http.server
import mimetypes
import os
import re
import shutil
import stat
import sys
import threading
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.write.outfolder import OutFolder

EVENTS = "/_toolkit/events"
# Injected before </body> of every HTML page served (never written to disk).
RELOAD = (
    "<script>/* toolkit serve: reload after each rebuild */"
    f"new EventSource('{EVENTS}').onmessage=function(){{location.reload()}};</script>"
)
# A page's own policy (the companion's is `default-src 'none'`, kept so on disk) is widened,
# as served, by the one fetch the reload script makes: its own event stream. A header could
# not do it: a browser applies every policy, so a header can only narrow a meta tag's.
POLICY = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")', re.I)
# The tab's icon, served at /favicon.ico (which a browser asks for): the kit's mark, a die.
FAVICON = (
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
    b'<rect x="1" y="1" width="14" height="14" rx="3" fill="#7a1f1f"/>'
    b'<g fill="#f6f2ea"><circle cx="5" cy="5" r="1.6"/><circle cx="11" cy="11" r="1.6"/>'
    b'<circle cx="8" cy="8" r="1.6"/></g></svg>'
)
# The longest address answered (longer: 414), as much as common servers take in a request
# line (Apache 8190, nginx 8 kB): no file the kit writes has a name near it.
MAX_URL = 8192


class Rebuilds:
    """The count of finished builds, and a way to wait for the next one."""

    def __init__(self) -> None:
        self.count = 0
        self.last = ""
        self._cond = threading.Condition()

    def done(self, summary: str) -> None:
        """A build finished: wake every page waiting to reload."""
        with self._cond:
            self.count += 1
            self.last = summary
            self._cond.notify_all()

    def wait_after(self, seen: int, timeout: float) -> int:
        """Wait until a build after the `seen`-th finishes (or `timeout` passes): the count."""
        with self._cond:
            self._cond.wait_for(lambda: self.count > seen, timeout)
            return self.count


class Refused(Exception):
    """A request answered with an error status instead of a file."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def request_path(url: str) -> str:
    """The decoded path of a request's URL; raises `Refused` for one too long (414) or one
    that decodes to something no file is named (a NUL or other control character, bytes that
    are not UTF-8: 400)."""
    if len(url) > MAX_URL:
        raise Refused(414, "the address is too long")
    raw = url.split("?", 1)[0].split("#", 1)[0]
    try:
        path = urllib.parse.unquote(raw, errors="strict")
    except UnicodeDecodeError:
        raise Refused(400, "the address is not UTF-8") from None
    if any(ord(ch) < 0x20 or ch == "\x7f" for ch in path):
        raise Refused(400, "the address holds a control character")
    return path


def resolve(root: Path, path: str) -> Path:
    """The real path of the file or folder `path` names under `root`; raises `Refused`.

    Each component below the real path of `root` is looked at without following it: a
    symlink anywhere on the way is refused (403), even one that points back inside, and the
    real path must lie inside the real path of `root`. A `..` component is refused, never
    resolved."""
    top = os.path.realpath(root)
    here = top
    for part in path.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            raise Refused(403, "the address leaves the served folder")
        here = os.path.join(here, part)
        try:
            mode = os.lstat(here).st_mode
        except (OSError, ValueError):
            raise Refused(404, "no such page (yet)") from None
        if stat.S_ISLNK(mode):
            raise Refused(403, "a link in the served folder is not followed")
    real = os.path.realpath(here)
    if real != top and not real.startswith(top + os.sep):
        raise Refused(403, "the address leaves the served folder")
    return Path(real)


@dataclass(frozen=True)
class Site:
    """What a handler serves: the output folder, its rebuilds, and the hosts it answers."""

    root: Path
    rebuilds: Rebuilds
    allowed: frozenset[str]


class KitHandler(http.server.BaseHTTPRequestHandler):
    """A request: files under the site's root, HTML with the reload script, the event
    stream, and a list of games at `/`. GET and HEAD take one path through every check
    (host, address, links); HEAD only leaves out the body."""

    site: Site  # set by `handler` on a subclass of its own

    def log_message(self, format: str, *args: Any) -> None:
        return None  # the build's own output is what the terminal shows

    def do_GET(self) -> None:
        self._answer(head=False)

    def do_HEAD(self) -> None:
        self._answer(head=True)

    def _answer(self, head: bool) -> None:
        """Check the host, read the address, and answer it, or say why not."""
        try:
            self._check_host()
            self._route(request_path(self.path), head)
        except Refused as refused:
            self.send_error(refused.status, refused.message)

    def _check_host(self) -> None:
        """Refuse a request that names another host than this machine (DNS rebinding)."""
        if self.headers.get("Host") not in self.site.allowed:
            raise Refused(403, "toolkit serve answers only on this machine")

    def _route(self, path: str, head: bool) -> None:
        """The answer to a decoded address: the events, the list of games, the icon or a
        file."""
        if path == EVENTS:
            self._events(head)
        elif path == "/":
            self._index(head)
        elif path == "/favicon.ico":
            self._send(FAVICON, "image/svg+xml", head)
        else:
            self._file(path, head)

    def _file(self, path: str, head: bool) -> None:
        """The file `path` names (a folder's index.html; a folder without its final slash
        is redirected to it); HTML gets the reload script."""
        target = resolve(self.site.root, path)
        if target.is_dir():
            if not path.endswith("/"):
                self._redirect(301, urllib.parse.quote(path + "/"))
                return
            target = resolve(self.site.root, path + "index.html")
        if not target.is_file():  # a FIFO or a device would hang or never end
            raise Refused(404, "no such page (yet)")
        if target.suffix == ".html":
            try:
                text = target.read_text(encoding="utf-8", errors="replace")
            except OSError:
                raise Refused(404, "no such page (yet)") from None
            self._send_html(text, head)
            return
        self._send_file(target, head)

    def _send_file(self, target: Path, head: bool) -> None:
        """A file as it is on disk, its type guessed from its name."""
        try:
            file = target.open("rb")
        except OSError:
            raise Refused(404, "no such page (yet)") from None
        with file:
            self.send_response(200)
            kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(os.fstat(file.fileno()).st_size))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if not head:
                shutil.copyfileobj(file, self.wfile)

    def _events(self, head: bool) -> None:
        """The event stream: a data line after each rebuild, a comment line meanwhile."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if head:
            return
        rebuilds = self.site.rebuilds
        seen = rebuilds.count
        try:
            while True:
                now = rebuilds.wait_after(seen, timeout=15)
                # a comment line keeps the connection alive; a data line reloads
                self.wfile.write(b"data: rebuilt\n\n" if now > seen else b": waiting\n\n")
                self.wfile.flush()
                seen = now
        except (BrokenPipeError, ConnectionResetError):
            return

    def _index(self, head: bool) -> None:
        """The games built: the only one's gallery, or a list of them."""
        games = sorted(p.parent.name for p in self.site.root.glob("*/index.html"))
        if len(games) == 1:
            self._redirect(302, f"/{games[0]}/index.html")
            return
        items = (
            "".join(
                f'<li><a href="/{html.escape(g)}/index.html">{html.escape(g)}</a>' for g in games
            )
            or "<li>nothing built yet</li>"
        )
        self._send_html(
            f'<!doctype html><html lang="en"><meta charset="utf-8"><title>'
            f"toolkit serve</title><body><h1>Kits</h1><ul>{items}</ul></body>"
            "</html>",
            head,
        )

    def _redirect(self, status: int, location: str) -> None:
        """A redirect to `location`, with no body."""
        self.send_response(status)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _send_html(self, text: str, head: bool) -> None:
        """An HTML page with the reload script, its policy widened for its event stream."""
        at = text.rfind("</body>")
        text = text[:at] + RELOAD + text[at:] if at >= 0 else text + RELOAD
        text = POLICY.sub(lambda m: m[1] + served_policy(m[2]) + m[3], text, count=1)
        self._send(text.encode("utf-8"), "text/html; charset=utf-8", head)

    def _send(self, body: bytes, kind: str, head: bool) -> None:
        """`body` as a page of type `kind`, never cached."""
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if not head:
            self.wfile.write(body)


def handler(root: Path, rebuilds: Rebuilds, port: int) -> type[http.server.BaseHTTPRequestHandler]:
    """The request handler for `root` on `port` (see `KitHandler`): a class of its own, as
    the HTTP server makes one handler of it per request."""

    class Handler(KitHandler):
        site = Site(root, rebuilds, frozenset({f"127.0.0.1:{port}", f"localhost:{port}"}))

    return Handler


def served_policy(policy: str) -> str:
    """A page's Content-Security-Policy as served: its own, with the reload script's event
    stream allowed (`connect-src 'self'`) where the page would otherwise forbid it."""
    if re.search(r"(^|;)\s*connect-src\b", policy):
        return re.sub(r"((?:^|;)\s*connect-src)", r"\1 'self'", policy, count=1)
    return policy.rstrip("; ") + "; connect-src 'self'"


class Server(http.server.ThreadingHTTPServer):
    """The HTTP server, one thread a request; a request that fails says so in one line."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """One line on stderr, never a traceback; a client that went away is not news."""
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError):
            return
        text = f"{type(error).__name__}: {error}"
        print(f"toolkit serve: a request failed ({text[:200]})", file=sys.stderr)


def start(root: Path, port: int, rebuilds: Rebuilds) -> http.server.ThreadingHTTPServer:
    """Serve `root` on 127.0.0.1:`port` (0: any free port) from a background thread."""
    root.mkdir(parents=True, exist_ok=True)
    server = Server(("127.0.0.1", port), handler(root, rebuilds, 0))
    real = server.server_address[1]
    server.RequestHandlerClass = handler(root, rebuilds, real)
    threading.Thread(target=server.serve_forever, name="toolkit-serve", daemon=True).start()
    return server


def serving(
    root: Path, port: int, announce: Callable[[str], None]
) -> tuple[http.server.ThreadingHTTPServer, Rebuilds]:
    """Start the server and say where it is; first, as a build would, refuse an output
    folder holding a link (one line, before anything is served or said)."""
    if root.is_dir() and not root.is_symlink():
        for child in sorted(root.iterdir()):
            OutFolder(child).guard()
    rebuilds = Rebuilds()
    server = start(root, port, rebuilds)
    announce(
        f"serving {root} at http://127.0.0.1:{server.server_address[1]}/ "
        "(this machine only; Ctrl-C to stop)"
    )
    return server, rebuilds
