"""The CLI run in a fresh process forked from a warm one, for the tests.

Most of the suite's time went into starting the toolkit: every `toolkit build` a test ran
imported WeasyPrint, Jinja, pikepdf and the game packs again (about a second a run, over
three hundred runs). Each pytest worker now keeps one warm process (a zygote) that has
imported them and does nothing else; a test's `toolkit ...` is a child forked from it: a
new process with its own working folder, environment, arguments, standard streams and exit
code, that starts where a cold process would be after its imports. Nothing a run does is
seen by the next (each child is a fresh fork of a zygote that never ran a command).

What a fork cannot give is kept for real processes: the interpreter's hash seed and
locale are fixed when it starts, so tests of those (and tests that run another copy of the
code, or record every file a process opens) start `python -m toolkit` themselves.
"""

from __future__ import annotations

import atexit
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

# Imported once in the zygote, shared by every child: every module of the toolkit (the game
# packs too) and the engines it loads on demand.
ENGINES = ("weasyprint", "pikepdf", "PIL.Image", "fontTools.subset", "reportlab.pdfgen.canvas")


def _warm_up() -> None:
    import gc
    import importlib
    import pkgutil

    import toolkit

    for info in pkgutil.walk_packages(toolkit.__path__, "toolkit."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    for name in ENGINES:
        importlib.import_module(name)
    # every template compiled once, here: a child's environments find them in this
    # process's memory (`toolkit.render.templates`), as a user's find them in their cache folder
    # (the
    # suite runs with that cache off)
    from toolkit.render.board_style import _env

    env = _env()  # the templates' environment, with the boards' filter as well
    for template in env.list_templates(filter_func=lambda t: t.endswith(".j2")):
        env.get_template(template)
    # what is imported lives as long as the zygote: left out of every collection of every
    # child (a child's full collection would otherwise scan the whole renderer first)
    gc.collect()
    gc.freeze()


_SERVE = """
import sys
sys.path.insert(0, {root!r})
from tests.support.forked import serve
serve(int(sys.argv[1]))
"""


def _send(sock: socket.socket, obj: object) -> None:
    data = json.dumps(obj).encode()
    sock.sendall(struct.pack(">I", len(data)) + data)


def _recv(sock: socket.socket) -> object:
    head = _exactly(sock, 4)
    return json.loads(_exactly(sock, struct.unpack(">I", head)[0]))


def _exactly(sock: socket.socket, n: int) -> bytes:
    buf = b""
    while len(buf) < n:
        part = sock.recv(n - len(buf))
        if not part:
            raise ConnectionError("the warm toolkit process went away")
        buf += part
    return buf


def serve(fd: int) -> None:
    """The zygote: import what a build imports, then fork a child for each request on the
    socket `fd` and answer with its pid, then its exit status."""
    _warm_up()
    sock = socket.socket(fileno=fd)
    while True:
        try:
            request = _recv(sock)
        except ConnectionError:
            os._exit(0)
        assert isinstance(request, dict)
        pid = os.fork()
        if pid == 0:
            sock.close()
            _child(request)  # never returns
        _send(sock, {"pid": pid})
        _, status = os.waitpid(pid, 0)
        _send(sock, {"status": status})


def _child(request: dict) -> None:
    """In the forked child: become `python -m toolkit ARGS` in the request's folder and
    environment, with its output to the request's files; exit with the command's code."""
    import runpy
    import time

    code = 1
    try:
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        time.tzset()
        for fd, path in ((1, request["stdout"]), (2, request["stderr"])):
            out = os.open(path, os.O_WRONLY | os.O_TRUNC)
            os.dup2(out, fd)
            os.close(out)
        nul = os.open(os.devnull, os.O_RDONLY)
        os.dup2(nul, 0)
        os.close(nul)
        # the streams a fresh interpreter opens on files: UTF-8, strict out, escaped errors
        sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stderr = open(  # noqa: SIM115
            2,
            "w",
            encoding="utf-8",
            errors="backslashreplace",
            buffering=1,
            closefd=False,
        )
        sys.argv = [request["main"], *request["args"]]
        try:
            runpy.run_module("toolkit", run_name="__main__", alter_sys=True)
            code = 0
        except SystemExit as exc:
            code = _exit_code(exc.code)
        except BaseException:  # what a real interpreter prints for an uncaught error
            import traceback

            traceback.print_exc()
            code = 1
        atexit._run_exitfuncs()  # what the interpreter runs as it exits
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                code = code or 120  # as the interpreter does when flushing fails
    except BaseException:  # the child could not even start: say why where the test reads
        import traceback

        os.write(2, traceback.format_exc().encode())
    finally:
        os._exit(code)


def _exit_code(value: object) -> int:
    if value is None:
        return 0
    if isinstance(value, int):
        return value
    print(value, file=sys.stderr)
    return 1


class Zygote:
    """One warm toolkit process for this test worker, started on first use."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sock: socket.socket | None = None
        self.proc: subprocess.Popen[bytes] | None = None

    def _start(self) -> socket.socket:
        ours, theirs = socket.socketpair()
        env = dict(os.environ, PYTHONPATH=str(self.root))
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _SERVE.format(root=str(self.root)), str(theirs.fileno())],
            pass_fds=[theirs.fileno()],
            env=env,
            cwd=self.root,
            stdin=subprocess.DEVNULL,
        )
        theirs.close()
        self.sock = ours
        atexit.register(self.close)
        return ours

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        if self.proc is not None:
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None

    def run(
        self, args: list[str], cwd: Path, env: dict[str, str], timeout: float
    ) -> subprocess.CompletedProcess[str]:
        """`python -m toolkit ARGS` in `cwd` with `env`, as a child of the warm process."""
        sock = self.sock or self._start()
        main = str(self.root / "toolkit" / "__main__.py")
        with tempfile.TemporaryDirectory(prefix="toolkit-run-") as tmp:
            out, err = Path(tmp, "stdout"), Path(tmp, "stderr")
            out.touch()
            err.touch()
            pid = None
            try:
                _send(
                    sock,
                    {
                        "args": args,
                        "cwd": str(cwd),
                        "env": env,
                        "main": main,
                        "stdout": str(out),
                        "stderr": str(err),
                    },
                )
                sock.settimeout(timeout)
                pid = _recv(sock)["pid"]  # type: ignore[index]
                status = _recv(sock)["status"]  # type: ignore[index]
            except TimeoutError:
                if pid is not None:
                    os.kill(pid, 9)
                self.close()
                raise subprocess.TimeoutExpired(args, timeout) from None
            except OSError:  # the zygote went away: the next run starts another
                self.close()
                raise
            code = os.waitstatus_to_exitcode(status)
            return subprocess.CompletedProcess(
                args,
                code,
                out.read_text(encoding="utf-8", errors="replace"),
                err.read_text(encoding="utf-8", errors="replace"),
            )
