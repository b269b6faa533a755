"""Kept results, behind one door: what a stage keeps between processes and asks for again.

A stage asks `kept()` for the store and never names a cache; which store answers is the
command's choice: the user cache (`toolkit.speed.content_cache.DiskStore`, which
`toolkit.commands` puts in place) or none (`NoStore`, until a command chooses). What a
store gives back only saves time: a stage checks its shape before using it, and works the
same without it, to the byte.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol


class Store(Protocol):
    """Values kept per game folder and part (`content`, `art`), and private folders for a
    library's own cache (Jinja's compiled templates)."""

    def get(self, game_dir: Path, part: str) -> Any:
        """What was kept for this game folder's part by this very code, or None."""

    def put(self, game_dir: Path, part: str, value: Any) -> None:
        """Keep `value` for the next process (when this one has time)."""

    def folder(self, name: str) -> Path | None:
        """A private folder for a library's own cache, or None."""

    def failed(self, exc: OSError) -> None:
        """A library could not write its cache: say so once, and go on without."""


class NoStore:
    """Nothing kept: every result made afresh."""

    def get(self, game_dir: Path, part: str) -> Any:
        return None

    def put(self, game_dir: Path, part: str, value: Any) -> None:
        return None

    def folder(self, name: str) -> Path | None:
        return None

    def failed(self, exc: OSError) -> None:
        return None


_STORE: Store = NoStore()


def kept() -> Store:
    """The store this process keeps results in."""
    return _STORE


def use(store: Store) -> None:
    """Keep this process's results in `store` (a command's choice, made once)."""
    global _STORE
    _STORE = store
