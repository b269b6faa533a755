"""The user cache's size cap (toolkit/speed/cache_size.py) and `toolkit clean --cache`
(toolkit/commands/clean.py)."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from tests.support.shipped import toolkit
from toolkit.commands.clean import amount
from toolkit.speed import cache_size, content_cache


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user cache on, in tmp_path/cache/toolkit, capped at 50 kB."""
    monkeypatch.delenv("TOOLKIT_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("TOOLKIT_CACHE_MAX_MB", "0.05")
    monkeypatch.setattr(content_cache, "_WARNED", False)
    folder = content_cache.cache_folder()
    assert folder is not None
    return folder


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def test_many_writes_stay_under_the_cap_keeping_the_newest(
    cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    payload = os.urandom(4000)  # about 4 kB a file: 12 fit under 50 kB
    names = [cache / f"content-game{i}-{i:04x}.pickle" for i in range(60)]
    for i, path in enumerate(names):
        content_cache.write(path, (i, payload))
        os.utime(path, ns=(10**18 + i * 10**9,) * 2)  # one second apart, in order
        assert _size(cache) <= 50_000
    kept = sorted(int(p.name.split("-")[1].removeprefix("game")) for p in cache.iterdir())
    assert 8 <= len(kept) <= 12 and kept == list(range(60 - len(kept), 60)), kept
    assert content_cache.read(names[-1]) == (59, payload)
    assert not list(cache.glob("*.tmp"))
    assert capsys.readouterr().err == ""  # evicting is no failure: nothing said


def test_a_write_larger_than_the_cap_is_not_kept_and_evicts_nothing(cache: Path) -> None:
    small = cache / "check-a-1.pickle"
    content_cache.write(small, b"x" * 1000)
    content_cache.write(cache / "content-b-2.pickle", os.urandom(60_000))
    assert [p.name for p in cache.iterdir()] == [small.name]


def test_another_process_unfinished_write_is_left_alone(cache: Path) -> None:
    cache.mkdir(parents=True)
    theirs = cache / "content-x-1.12345.tmp"  # being written by another process
    theirs.write_bytes(b"t" * 20_000)
    old = cache / "content-y-1.pickle"
    old.write_bytes(b"o" * 20_000)
    os.utime(old, ns=(10**18,) * 2)
    os.utime(theirs, ns=(10**18,) * 2)
    assert not cache_size.make_room(cache, cache / "new.pickle", 60_000)  # over the cap alone
    assert old.exists()
    os.utime(theirs)  # written just now
    content_cache.write(cache / "content-z-1.pickle", os.urandom(20_000))
    assert theirs.exists() and not old.exists()


def test_a_file_that_cannot_be_evicted_is_a_warning_once(
    cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cache.mkdir(parents=True)
    stuck = cache / "content-old-1.pickle"
    stuck.write_bytes(b"s" * 45_000)
    unlink = os.unlink

    def refuse(path: str | os.PathLike[str], *args: object, **kwargs: object) -> None:
        if os.fspath(path) == os.fspath(stuck):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        unlink(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cache_size.os, "unlink", refuse)
    for i in range(3):
        content_cache.write(cache / f"content-new-{i}.pickle", os.urandom(10_000))
    assert sorted(p.name for p in cache.iterdir()) == [stuck.name]  # nothing else kept
    err = capsys.readouterr().err
    assert err.count("Warning: cannot write the cache") == 1 and "Permission denied" in err


@pytest.mark.parametrize("value", ["", "lots", "-5", "0", "nan", "inf"])
def test_a_cap_that_is_not_a_positive_number_is_the_default(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("TOOLKIT_CACHE_MAX_MB", value)
    assert cache_size.max_bytes() == 200 * 1_000_000
    monkeypatch.setenv("TOOLKIT_CACHE_MAX_MB", "1.5")
    assert cache_size.max_bytes() == 1_500_000


def _env(tmp_path: Path, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TOOLKIT_NO_CACHE", "XDG_CACHE_HOME")}
    return {**env, "HOME": str(tmp_path / "home"), **more}


def test_clean_cache_empties_the_toolkit_folder_and_says_what_went(tmp_path: Path) -> None:
    folder = tmp_path / "home" / ".cache" / "toolkit"
    (folder / "templates").mkdir(parents=True)
    (folder / "content-a-1.pickle").write_bytes(pickle.dumps(b"a" * 3000))
    (folder / "templates" / "__jinja2_x.cache").write_bytes(b"t" * 1000)
    outside = tmp_path / "precious"
    (outside / "inner").mkdir(parents=True)
    (outside / "keep.txt").write_text("mine")
    (folder / "link-to-file").symlink_to(outside / "keep.txt")
    (folder / "link-to-folder").symlink_to(outside, target_is_directory=True)
    beside = folder.parent / "other-tool"
    beside.mkdir()
    size = sum(p.lstat().st_size for p in folder.rglob("*") if not p.is_dir() or p.is_symlink())
    proc = toolkit("clean", "--cache", cwd=tmp_path, env=_env(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"removed 4 files, {amount(size)} from ~/.cache/toolkit"
    assert amount(size).endswith(" kB") and size > 4000
    assert folder.is_dir() and not list(folder.iterdir())
    assert (outside / "keep.txt").read_text() == "mine" and (outside / "inner").is_dir()
    assert beside.is_dir()
    again = toolkit("clean", "--cache", cwd=tmp_path, env=_env(tmp_path, TOOLKIT_NO_CACHE="1"))
    assert again.returncode == 0
    assert again.stdout.strip() == "nothing to remove: the cache in ~/.cache/toolkit is empty"
    xdg = tmp_path / "xdg"
    gone = toolkit("clean", "--cache", cwd=tmp_path, env=_env(tmp_path, XDG_CACHE_HOME=str(xdg)))
    assert gone.stdout.strip() == f"nothing to remove: there is no cache in {xdg}/toolkit"


def test_clean_cache_refuses_a_cache_folder_that_is_a_link(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "data.txt").write_text("not the toolkit's")
    (tmp_path / "home" / ".cache").mkdir(parents=True)
    (tmp_path / "home" / ".cache" / "toolkit").symlink_to(elsewhere, target_is_directory=True)
    proc = toolkit("clean", "--cache", cwd=tmp_path, env=_env(tmp_path))
    assert proc.returncode == 2 and proc.stdout == ""
    (line,) = proc.stderr.strip().splitlines()
    assert line.startswith("Error: the cache folder ~/.cache/toolkit is a symbolic link")
    assert (elsewhere / "data.txt").exists()


def test_clean_without_an_option_explains_itself(tmp_path: Path) -> None:
    proc = toolkit("clean", cwd=tmp_path, env=_env(tmp_path))
    assert proc.returncode == 2 and "--cache" in proc.stderr, proc.stderr
    helped = toolkit("clean", "--help", cwd=tmp_path, env=_env(tmp_path))
    assert helped.returncode == 0
    assert "--cache" in helped.stdout and "TOOLKIT_CACHE_MAX_MB" in helped.stdout
