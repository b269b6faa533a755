"""Property test of the content loader over file-system shapes (issue 18): links into and
out of the content folder (to files and folders, dangling, looping), odd names (case
variants such as `.YAML`, `.yaml.txt`, dotfiles, editor leftovers, spaces, accents,
bidi characters, bytes that are not UTF-8), unreadable files, FIFOs and nested folders.

Whatever the shape, `load_content` must not raise, must read no file outside the content
folder (an audit hook on `open`/`scandir` watches a canary folder beside it), must put no
outside text in a message, and must account for every entry of the game folder: read as
content, or reported (itself or a folder above it) with why."""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.core.diagnostics import display_path
from toolkit.model.content import ContentKind, Document, load_content
from toolkit.validate.declare import spec

CANARY = "CANARY-5be2c0"
_watched: list[str] = []  # real path prefixes no open may touch while a test runs
_touched: list[str] = []


def _hook(event: str, args: tuple[object, ...]) -> None:
    if not _watched or event not in ("open", "os.listdir", "os.scandir") or not args:
        return
    path = args[0]
    if isinstance(path, (str, bytes, os.PathLike)):
        real = os.path.realpath(os.fsdecode(path))
        if any(real == w or real.startswith(w + os.sep) for w in _watched):
            _touched.append(real)


sys.addaudithook(_hook)  # an audit hook stays for the process; it is idle unless watching


@dataclass(frozen=True, kw_only=True)
class Thing(Document):
    """A test content kind."""

    name: str = spec("A name.")


KINDS = (
    ContentKind("game", "game.yaml", Thing, singleton=True, doc="the game file"),
    ContentKind("hero", "heroes/*.yaml", Thing, doc="a hero"),
    ContentKind("table", "tables/*.csv", Thing, csv_field="rows", doc="a table"),
)

STEMS = st.sampled_from(["lazar", "hero one", "zoë", "a\u202eb", "x" * 120, "#auto#", "-"])
SUFFIXES = st.sampled_from(
    [
        ".yaml",
        ".YAML",
        ".Yaml",
        ".yml",
        ".yaml.txt",
        ".csv",
        ".CSV",
        ".md",
        ".yaml~",
        ".yaml.swp",
        "",
        ".png",
    ]
)
NAMES = st.builds(
    lambda dot, stem, suffix: dot + stem + suffix,
    st.sampled_from(["", "", "", ".", ".#"]),
    STEMS,
    SUFFIXES,
)
ODD = st.sampled_from([b"bad\xff.yaml", b"caf\xe9.YAML"])  # names that are not UTF-8
KIND = st.sampled_from(
    [
        "valid",
        "junk",
        "empty",
        "unreadable",
        "fifo",
        "dir",
        "link-in",
        "link-dir-in",
        "link-out",
        "link-dir-out",
        "dangling",
        "loop",
    ]
)
PLACES = st.sampled_from(["", "heroes", "tables", "assets", "heroes/sub"])
ENTRY = st.tuples(PLACES, st.one_of(NAMES, ODD), KIND)


def _make(game: Path, outside: Path, entries: list[tuple[str, str | bytes, str]]) -> None:
    (game / "heroes" / "sub").mkdir(parents=True)
    (game / "tables").mkdir()
    (game / "assets").mkdir()
    (game / "game.yaml").write_text("name: Game\n")
    made: list[Path] = [game / "game.yaml", game / "heroes"]
    for place, name, kind in entries:
        folder = os.fsencode(game / place) if isinstance(name, bytes) else game / place
        path = Path(os.fsdecode(os.path.join(folder, name)))  # type: ignore[arg-type]
        if os.path.lexists(path):
            continue
        if kind == "valid":
            path.write_text("name: A\n" if path.suffix != ".csv" else "name\nA\n")
        elif kind == "junk":
            path.write_bytes(b"\x00\xff" + CANARY.encode())
        elif kind == "empty":
            path.write_bytes(b"")
        elif kind == "unreadable":
            path.write_text("name: B\n")
            path.chmod(0)  # unreadable for anyone but root
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "dir":
            path.mkdir()
            (path / "inner.yaml").write_text("name: C\n")
        elif kind == "link-in":
            path.symlink_to(made[len(made) // 2])
        elif kind == "link-dir-in":
            path.symlink_to(game / "heroes")
        elif kind == "link-out":
            path.symlink_to(outside / "secret.yaml")
        elif kind == "link-dir-out":
            path.symlink_to(outside)
        elif kind == "dangling":
            path.symlink_to(game / "nowhere.yaml")
        elif kind == "loop":
            path.symlink_to(path.parent)
        made.append(path)


def _entries(game: Path) -> list[Path]:
    """Every entry under the game folder, links not followed."""
    out = []
    for dirpath, dirnames, filenames in os.walk(game):
        out += [Path(dirpath) / n for n in (*dirnames, *filenames)]
    return out


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ENTRY, max_size=14))
def test_every_entry_is_read_or_reported_and_nothing_outside_is_opened(
    entries: list[tuple[str, str | bytes, str]],
) -> None:
    with tempfile.TemporaryDirectory(prefix="toolkit-shapes-") as tmp:
        base = Path(tmp)
        outside = base / "outside"
        outside.mkdir()
        (outside / "secret.yaml").write_text(f"{CANARY.lower().replace('-', '_')}: 1\n")
        (outside / "inner.yaml").write_text("name: Outside\n")
        game = base / "content" / "game"
        _make(game, outside, entries)

        _watched[:] = [os.path.realpath(outside)]
        _touched.clear()
        try:
            content, diags = load_content("game", game, KINDS)
        finally:
            _watched.clear()

        assert _touched == [], "opened outside the content folder"
        assert not any(CANARY.lower().replace("-", "_") in d.message for d in diags)
        root = os.path.realpath(base / "content")
        for shown in content.files:
            assert os.path.realpath(shown).startswith(root + os.sep)
        read = set(content.files)
        reported = {d.loc.path for d in diags}
        for entry in _entries(game):
            shown = display_path(entry)
            if entry.is_dir() and (
                not entry.is_symlink() or os.path.realpath(entry).startswith(root + os.sep)
            ):
                continue  # a folder (or a link to one inside): its files are read or reported
            inside = os.path.realpath(entry).startswith(root + os.sep)
            picture = (
                entry.parts[len(game.parts)] == "assets"
                and inside
                and entry.is_file()
                and entry.suffix.lower() not in (".yaml", ".yml", ".csv")
            )
            if shown in read or picture:
                continue  # read as content; or a picture in assets/, read when named
            ancestors = {display_path(p) for p in (entry, *entry.parents)}
            assert ancestors & reported, f"{shown} is neither read nor reported"


def test_the_watch_sees_a_read_outside() -> None:
    """The property's watcher is live: a read of the canary folder is caught."""
    with tempfile.TemporaryDirectory() as tmp:
        secret = Path(tmp) / "secret.yaml"
        secret.write_text("x: 1\n")
        _watched[:] = [os.path.realpath(tmp)]
        _touched.clear()
        try:
            secret.read_text()
        finally:
            _watched.clear()
        assert _touched == [os.path.realpath(secret)]


@pytest.mark.parametrize("name", ["lazar.YAML", "lazar.yaml.txt", ".lazar.yaml"])
def test_each_odd_name_is_an_error_naming_the_meant_file(tmp_path: Path, name: str) -> None:
    game = tmp_path / "content" / "game"
    (game / "heroes").mkdir(parents=True)
    (game / "game.yaml").write_text("name: Game\n")
    (game / "heroes" / name).write_text("name: Lazar\n")
    content, diags = load_content("game", game, KINDS)
    assert content.files == [display_path(game / "game.yaml")]
    (d,) = diags
    assert d.code == "CONTENT-UNKNOWN-FILE" and "rename it to lazar.yaml" in d.message
