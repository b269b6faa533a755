"""Build orchestration: check, then render every output a game pack lists, then write.

A pack describes its outputs as `Output` records: a path under `build/<game>/`,
a kind, the files it depends on and a render function that returns bytes. This
module owns the order (check first, refuse on errors), the rendering session
(one Jinja environment and one set of asset roots per process) and the writing
(atomic, only outputs that rendered cleanly; a failed output keeps its previous
version and the build exits 1).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.diagnostics import Diagnostic, Loc, Report, Severity
from toolkit.write import write_bytes

PAPERS = {"a4": ("A4", 210.0, 297.0), "letter": ("letter", 215.9, 279.4)}


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked `toolkit build` for."""

    out: Path = Path("build")
    paper: str = "a4"
    proof: bool = False
    only: str | None = None

    @property
    def page_size(self) -> str:
        return PAPERS[self.paper][0]

    @property
    def paper_mm(self) -> tuple[float, float]:
        return PAPERS[self.paper][1], PAPERS[self.paper][2]


class RenderFailure(Exception):
    """An output that cannot be produced; carries the diagnostic to report."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


@dataclass
class Session:
    """Per-process rendering state: options, template environment, asset roots, a cache
    of layouts shared by outputs of one group (a deck reuses its sheets' layouts)."""

    options: BuildOptions
    content_root: Path
    cache: dict[Any, Any] = field(default_factory=dict)
    warnings: list[Diagnostic] = field(default_factory=list)
    _env: Any = None

    @property
    def env(self) -> Any:
        if self._env is None:
            from toolkit.render import environment

            self._env = environment()
        return self._env

    def asset_roots(self) -> list[Path]:
        from toolkit.render import TEMPLATES

        return [TEMPLATES, self.content_root / "assets"]


@dataclass(frozen=True)
class Output:
    """One file of the kit: where it goes, what it is, what it is made from, how."""

    path: str
    kind: str
    sources: tuple[str, ...]
    render: Callable[[Session], bytes]
    group: str = ""


def render_one(session: Session, output: Output) -> tuple[bytes | None, list[Diagnostic]]:
    """Render one output; failures become diagnostics, never exceptions."""
    from toolkit.pdf import RenderError
    from toolkit.render import TemplateProblem

    session.warnings = []
    where = Loc(output.sources[0] if output.sources else output.path)
    try:
        data = output.render(session)
    except RenderFailure as exc:
        return None, [*session.warnings, exc.diagnostic]
    except TemplateProblem as exc:
        return None, [
            *session.warnings,
            Diagnostic(where, Severity.ERROR, "RENDER-TEMPLATE", f"{output.path}: {exc}"),
        ]
    except RenderError as exc:
        return None, [
            *session.warnings,
            Diagnostic(where, Severity.ERROR, "RENDER-FAILED", f"{output.path}: {exc}"),
        ]
    return data, list(session.warnings)


class Progress:
    """A one-line progress bar on a terminal; silent otherwise (CI logs stay clean)."""

    def __init__(self, total: int, stream: Any = None) -> None:
        self.total = total
        self.done = 0
        self.stream = stream or sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = time.perf_counter()

    def step(self, label: str) -> None:
        self.done += 1
        if not self.tty:
            return
        width = 30
        filled = int(width * self.done / max(self.total, 1))
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} {label[:40]:<40}")
        self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.stream.write("\r" + " " * 80 + "\r")
            self.stream.flush()

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.start


def run_outputs(
    outputs: list[Output], session: Session, game_out: Path, report: Report
) -> tuple[int, int]:
    """Render and write each output in order; returns (written, failed)."""
    written = failed = 0
    progress = Progress(len(outputs))
    for output in outputs:
        data, diags = render_one(session, output)
        report.extend(diags)
        if data is None:
            failed += 1
        else:
            write_bytes(game_out / output.path, data)
            written += 1
        progress.step(output.path)
    progress.close()
    return written, failed
