"""Watch mode's ear: when does a content file or a template change?

The kernel's file events (inotify, through watchdog) wake a rebuild a few milliseconds
after a save. Where they are unavailable (watchdog missing, the inotify watch limit
reached, a file system without events), the folders are listed and compared every
`interval` seconds instead. Either way a change is confirmed against the folders'
listing (names, sizes, modification times), so an event that changes nothing (a file
opened for reading, by the build itself) never starts a rebuild.
"""

from __future__ import annotations

import stat
import threading
import time
from pathlib import Path
from typing import Any

QUIET = 0.02  # s without events before a save counts as finished (editors write in steps)
IGNORED = {"opened", "closed_no_write"}  # reads, not changes


def snapshot(folders: list[Path]) -> dict[str, tuple[int, int]]:
    """Every visible file under the folders, with its modification time and size."""
    out = {}
    for folder in folders:
        for path in folder.rglob("*"):
            if path.name.startswith("."):
                continue
            try:
                st = path.stat()
            except OSError:  # gone between listing and looking: an editor's temporary file
                continue
            if stat.S_ISREG(st.st_mode):
                out[str(path)] = (st.st_mtime_ns, st.st_size)
    return out


class Changes:
    """Tells when a file under `folders` has changed since the last time it was asked."""

    def __init__(self, folders: list[Path], interval: float = 0.3, events: bool = True) -> None:
        self.folders = folders
        self.interval = interval
        self._seen = snapshot(folders)
        self._stirred = threading.Event()
        self._observer: Any = self._observe() if events else None

    @property
    def by_events(self) -> bool:
        """True when the kernel's file events drive this, False when it polls."""
        return self._observer is not None

    def _observe(self) -> Any:
        try:
            # watchdog: 12 ms to import, only when --watch or serve listens
            from watchdog import events, observers
        except ImportError:
            return None
        stirred = self._stirred

        class Handler(events.FileSystemEventHandler):
            def on_any_event(self, event: events.FileSystemEvent) -> None:
                if event.event_type not in IGNORED:
                    stirred.set()

        observer = observers.Observer()
        try:
            for folder in self.folders:
                observer.schedule(Handler(), str(folder), recursive=True)
            observer.start()
        except OSError:  # e.g. the inotify watch limit: fall back to polling
            return None
        return observer

    def wait(self, timeout: float) -> bool:
        """Block until a file has changed (True), or for at most `timeout` s (False)."""
        if self._observer is not None:
            if not self._stirred.wait(timeout):
                # no event: still compare the listing, for a folder whose file system
                # sends none (a network mount), where a save is then heard within `timeout`
                return self._confirm()
            while True:  # let the editor finish saving
                self._stirred.clear()
                if not self._stirred.wait(QUIET):
                    break
        else:
            time.sleep(min(timeout, self.interval))
            if snapshot(self.folders) == self._seen:
                return False
            time.sleep(self.interval)  # let the editor finish saving
        return self._confirm()

    def stirred(self) -> bool:
        """Whether a file event has arrived that `wait` has not yet taken (False when
        polling: there a save is heard at the next `wait`)."""
        return self._stirred.is_set()

    def _confirm(self) -> bool:
        """Whether the folders' listing differs from the last one seen (and remember it)."""
        now = snapshot(self.folders)
        changed = now != self._seen
        self._seen = now
        return changed

    def close(self) -> None:
        """Stop listening for file events."""
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=5)
            self._observer = None
