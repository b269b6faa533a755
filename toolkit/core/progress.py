"""A progress bar for long work (a build, an audit)."""

from __future__ import annotations

import sys
from typing import Any


class Progress:
    """A one-line progress bar on a terminal; silent otherwise (CI logs stay clean)."""

    def __init__(self, total: int, stream: Any = None) -> None:
        self.total = total
        self.done = 0
        self.stream = stream or sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def step(self, label: str, count: int = 1) -> None:
        self.done += count
        if not self.tty or not self.total:
            return
        width = 30
        filled = min(width, int(width * self.done / self.total))
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} {label[:40]:<40}")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.total:
            self.stream.write("\r" + " " * 80 + "\r")
            self.stream.flush()
