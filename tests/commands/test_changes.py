"""Watch mode hears a save at once (kernel file events), or within its polling interval
where events are unavailable; a file read, or touched with the same bytes and time, is not
a change."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from toolkit.commands.changes import Changes


def _save_later(path: Path, text: str, delay: float = 0.2) -> threading.Thread:
    thread = threading.Thread(target=lambda: (time.sleep(delay), path.write_text(text)))
    thread.start()
    return thread


@pytest.mark.parametrize("events", [True, False])
def test_a_save_is_heard(tmp_path: Path, events: bool) -> None:
    (tmp_path / "game").mkdir()
    sheet = tmp_path / "game" / "sheet.yaml"
    sheet.write_text("name: A\n")
    changes = Changes([tmp_path], interval=0.1, events=events)
    try:
        assert changes.by_events is events
        saver = _save_later(sheet, "name: B\n")
        start = time.monotonic()
        heard = False
        while not heard and time.monotonic() - start < 10:
            heard = changes.wait(timeout=1.0)
        saver.join()
        assert heard
        # heard within a moment of the save: events in milliseconds, polling in two intervals
        assert time.monotonic() - start < 0.2 + (0.5 if events else 1.0)
        assert not changes.wait(timeout=0.3)  # that change is spent; nothing new since
    finally:
        changes.close()


@pytest.fixture
def sheet(tmp_path: Path) -> Path:
    path = tmp_path / "sheet.yaml"
    path.write_text("name: A\n")
    return path


@pytest.fixture
def changes(tmp_path: Path, sheet: Path) -> Iterator[Changes]:
    """Listening (by events) to a folder that holds `sheet`."""
    listening = Changes([tmp_path], interval=0.1)
    yield listening
    listening.close()


def test_reading_a_file_is_not_a_change(sheet: Path, changes: Changes) -> None:
    sheet.read_text()
    st = sheet.stat()
    os.utime(sheet, ns=(st.st_atime_ns, st.st_mtime_ns))  # an event, but no change
    assert not changes.wait(timeout=0.5)


def test_new_and_deleted_files_are_changes(tmp_path: Path, changes: Changes) -> None:
    new = tmp_path / "new.yaml"
    new.write_text("x: 1\n")
    assert changes.wait(timeout=2.0)
    new.unlink()
    assert changes.wait(timeout=2.0)


def test_a_change_without_an_event_is_heard_by_the_listing(sheet: Path, changes: Changes) -> None:
    """A file system that sends no events (a network mount) still has its saves heard."""
    assert changes.by_events
    changes._observer.stop()  # events stop arriving, as on such a mount
    changes._observer.join()
    sheet.write_text("name: Bee\n")
    assert changes.wait(timeout=0.3)
