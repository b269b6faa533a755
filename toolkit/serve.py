"""`toolkit serve`: the kit's gallery in a browser, rebuilt and reloaded on every save.

As `mkdocs serve` does: the build runs and watches in this process (`toolkit.api.watch`,
the renderer kept warm), and a small HTTP server on the loopback interface serves the output
folder. Every HTML page it serves gets a few lines of script that listen to
`/_toolkit/events` (server-sent events) and reload the page after each rebuild; the files on
disk are never changed. Nothing listens beyond this machine: the server binds 127.0.0.1 and
refuses a request that names another host (a page elsewhere cannot reach it through DNS
rebinding).
"""

from __future__ import annotations

import html
import http.server
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

EVENTS = "/_toolkit/events"
# Injected before </body> of every HTML page served (never written to disk).
RELOAD = (
    "<script>/* toolkit serve: reload after each rebuild */"
    f"new EventSource('{EVENTS}').onmessage=function(){{location.reload()}};</script>"
)


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


def handler(root: Path, rebuilds: Rebuilds, port: int) -> type[http.server.BaseHTTPRequestHandler]:
    """The request handler: files under `root`, HTML with the reload script, the event
    stream, and a list of games at `/`."""
    allowed = {f"127.0.0.1:{port}", f"localhost:{port}"}

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(root), **kwargs)

        def log_message(self, format: str, *args: Any) -> None:
            return None  # the build's own output is what the terminal shows

        def do_GET(self) -> None:
            if self.headers.get("Host") not in allowed:
                self.send_error(403, "toolkit serve answers only on this machine")
                return
            path = self.path.split("?", 1)[0]
            if path == EVENTS:
                self._events()
            elif path == "/":
                self._index()
            elif path.endswith((".html", "/")):
                self._html()
            else:
                super().do_GET()

        def _events(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
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

        def _index(self) -> None:
            games = sorted(p.parent.name for p in root.glob("*/index.html"))
            if len(games) == 1:
                self.send_response(302)
                self.send_header("Location", f"/{games[0]}/index.html")
                self.end_headers()
                return
            items = "".join(f'<li><a href="/{html.escape(g)}/index.html">{html.escape(g)}</a>'
                            for g in games) or "<li>nothing built yet</li>"  # fmt: skip
            self._send_html(f"<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>"
                            f"toolkit serve</title><body><h1>Kits</h1><ul>{items}</ul></body>"
                            "</html>")  # fmt: skip

        def _html(self) -> None:
            target = self.translate_path(self.path)
            if Path(target).is_dir():
                target = str(Path(target) / "index.html")
            try:
                text = Path(target).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                self.send_error(404, "no such page (yet)")
                return
            self._send_html(text)

        def _send_html(self, text: str) -> None:
            at = text.rfind("</body>")
            text = text[:at] + RELOAD + text[at:] if at >= 0 else text + RELOAD
            body = text.encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

    return Handler


def start(root: Path, port: int, rebuilds: Rebuilds) -> http.server.ThreadingHTTPServer:
    """Serve `root` on 127.0.0.1:`port` (0: any free port) from a background thread."""
    root.mkdir(parents=True, exist_ok=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler(root, rebuilds, 0))
    real = server.server_address[1]
    server.RequestHandlerClass = handler(root, rebuilds, real)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="toolkit-serve", daemon=True).start()
    return server


def serving(root: Path, port: int,
            announce: Callable[[str], None]) -> tuple[http.server.ThreadingHTTPServer,
                                                      Rebuilds]:  # fmt: skip
    """Start the server and say where it is."""
    rebuilds = Rebuilds()
    server = start(root, port, rebuilds)
    announce(f"serving {root} at http://127.0.0.1:{server.server_address[1]}/ "
             "(this machine only; Ctrl-C to stop)")  # fmt: skip
    return server, rebuilds
