"""Operating-system failures end in one clear line, not a traceback (issue 18, case 6): a
read-only output folder, a full disk while writing the manifest, a file-size limit inside
the renderer's font cache, a name too long for the file system, a seed too long to name a
file. Each: one `Error:` line naming the path and what to do, exit 2, and the manifest
never damaged (the previous one intact, or none)."""

from __future__ import annotations

import errno
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.support.shipped import CONTENT, ROOT, copy_rules, toolkit
from toolkit.cli import cli

WS = "worldspanner"
CHEAP = "kit/balance.md"  # a Worldspanner output made without the PDF renderer


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    return tmp_path


def _run(project: Path, *args: str) -> tuple[int, str, str]:
    """The CLI in this process (so that a failure can be injected), as `toolkit ARGS`."""
    result = CliRunner().invoke(
        cli,
        [
            "build",
            "--content",
            str(project / "content"),
            "--game",
            WS,
            "--out",
            str(project / "build"),
            *args,
        ],
    )
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    return result.exit_code, result.stdout, result.stderr


def _one_error_line(err: str, *words: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: cannot "), err
    assert "Traceback" not in err and all(w in lines[0] for w in words), lines[0]
    return lines[0]


def _manifest(project: Path) -> Path:
    return project / "build" / WS / "kit" / "manifest.json"


def _strays(folder: Path) -> list[str]:
    return [p.name for p in folder.rglob("*.tmp")] if folder.exists() else []


def test_a_read_only_output_folder(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def read_only(*args: object, **kwargs: object) -> object:
        raise OSError(errno.EROFS, "Read-only file system", kwargs.get("dir"))

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    code, _, err = _run(project, "--only", CHEAP)
    assert code == 2
    _one_error_line(err, f"build/{WS}/", "Read-only file system", "choose another --out")
    assert not _manifest(project).exists()


@pytest.mark.slow
def test_a_full_disk_while_writing_the_manifest(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _run(project, "--only", "kit/*")[0] == 0
    before = _manifest(project).read_bytes()
    real_fsync = os.fsync

    def full(fd: int) -> None:
        if "manifest.json" in os.readlink(f"/proc/self/fd/{fd}"):
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", full)
    code, _, err = _run(project, "--only", "kit/*", "--force")
    assert code == 2
    _one_error_line(err, "kit/manifest.json", "No space left on device", "free some space")
    assert _manifest(project).read_bytes() == before  # the previous manifest, whole
    assert _strays(project / "build") == []
    monkeypatch.setattr(os, "fsync", real_fsync)
    code, out, _ = _run(project, "--only", "kit/*")  # space again: the build goes on
    outputs = len(json.loads(before)["outputs"])
    assert code == 0 and f"0 built, {outputs} up to date" in out  # the same files were written


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_size_limit_inside_the_renderers_font_cache(project: Path, jobs: str) -> None:
    """WeasyPrint writes each web font to a temporary file; under `ulimit -f` that write
    fails (EFBIG) in the middle of a layout, in this process or in a worker."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "toolkit",
            "build",
            "--content",
            "content",
            "--game",
            WS,
            "--out",
            "build",
            "--only",
            "reference/*",
            "--jobs",
            jobs,
        ],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
        preexec_fn=limit,
        timeout=300,
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    _one_error_line(proc.stderr, "reference/vista-keys.pdf", "File too large", "ulimit -f")
    manifest = _manifest(project)
    assert not manifest.exists() or json.loads(manifest.read_text())["outputs"] == []
    assert _strays(project / "build") == []


def test_a_name_too_long_for_the_file_system(project: Path) -> None:
    out = project / ("x" * 300)
    proc = toolkit(
        "build",
        "--content",
        str(project / "content"),
        "--game",
        WS,
        "--only",
        CHEAP,
        "--out",
        str(out),
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    _one_error_line(proc.stderr, "File name too long", "shorter")


def test_a_temporary_file_fits_wherever_its_target_does(tmp_path: Path) -> None:
    """A target name of 250 bytes: the temporary file beside it once took 265 (Errno 36)."""
    from toolkit.write.atomic import write_bytes

    target = tmp_path / ("s" * 246 + ".pdf")
    write_bytes(target, b"%PDF")
    assert target.read_bytes() == b"%PDF" and [p.name for p in tmp_path.iterdir()] == [target.name]


def test_a_seed_too_long_to_name_a_file(project: Path) -> None:
    proc = toolkit(
        "setup",
        WS,
        "--content",
        str(project / "content"),
        "--out",
        str(project / "build"),
        "--design",
        "quad",
        "--seed",
        "9" * 251,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "--seed" in proc.stderr
    assert not (project / "build").exists()
    largest = str(2**64 - 1)
    proc = toolkit(
        "setup",
        WS,
        "--content",
        str(project / "content"),
        "--out",
        str(project / "build"),
        "--design",
        "quad",
        "--seed",
        largest,
    )
    assert proc.returncode == 0, proc.stderr


def test_a_manifest_nested_too_deeply_is_rebuilt_around(tmp_path: Path) -> None:
    from toolkit.kit.manifest import Manifest

    path = tmp_path / "manifest.json"
    path.write_text("[" * 200_000)
    manifest = Manifest.read(path)
    assert manifest.damaged and not manifest.entries


# `python -m toolkit` with the user's cache folder ($XDG_CACHE_HOME) failing as CACHE_FAULT
# says: "full" (a file is made there, but every write to it fails with ENOSPC, as /dev/full
# does), "read-only" (nothing may be made there: EROFS), or "none"
_FAULTY_CACHE = """
import errno, os, sys
FAULT, CACHE = os.environ["CACHE_FAULT"], os.environ["XDG_CACHE_HOME"]
real_open, real_mkdir = os.open, os.mkdir

def inside(path):
    p = os.path.abspath(os.fsdecode(path))
    return p == CACHE or p.startswith(CACHE + os.sep)

def faulty_open(path, flags, mode=0o777, *, dir_fd=None):
    if dir_fd is None and flags & (os.O_WRONLY | os.O_RDWR) and inside(path):
        if FAULT == "read-only":
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), path)
        if FAULT == "full":
            os.close(real_open(path, flags, mode))  # made, but nothing fits in it
            return real_open("/dev/full", os.O_WRONLY)
    return real_open(path, flags, mode, dir_fd=dir_fd)

def faulty_mkdir(path, mode=0o777, *, dir_fd=None):
    if FAULT == "read-only" and dir_fd is None and inside(path):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), path)
    return real_mkdir(path, mode, dir_fd=dir_fd)

os.open, os.mkdir = faulty_open, faulty_mkdir
sys.argv = ["toolkit", *sys.argv[1:]]
from toolkit.cli import main
main()
"""


def _with_cache(project: Path, cache: Path | None, fault: str, *args: str) -> tuple[int, str, str]:
    """`toolkit ARGS` in a fresh interpreter with the cache at `cache` (None: no cache),
    failing as `fault` says; the time a build took left out of what it prints."""
    env = {k: v for k, v in os.environ.items() if k != "TOOLKIT_NO_CACHE"}
    env.update(PYTHONPATH=str(ROOT), CACHE_FAULT=fault, XDG_CACHE_HOME=str(cache or ""))
    if cache is None:
        env["TOOLKIT_NO_CACHE"] = "1"
    proc = subprocess.run(
        [sys.executable, "-c", _FAULTY_CACHE, *args],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = re.sub(r" in \d+(\.\d+)? s ", " in - s ", proc.stdout)
    return proc.returncode, out, proc.stderr


@pytest.mark.slow
@pytest.mark.parametrize("fault", ["full", "read-only", "a file"])
def test_a_cache_that_cannot_be_written_is_ignored_with_one_warning(
    project: Path, fault: str
) -> None:
    """The cache only saves time: a full or read-only cache folder, or a file where it
    should be, leaves every report and output as they are without a cache, with one
    warning line for the whole run (the check's kept results and documents, the art's
    verdicts, Jinja's compiled templates: in this process, its workers and forks), and no
    temporary file behind."""
    cache = project / "cache"
    if fault == "a file":
        cache.write_text("not a folder\n")
    else:
        cache.mkdir()
    commands = [
        ("check", "--content", "content"),
        (
            "build",
            "--content",
            "content",
            "--game",
            WS,
            "--out",
            "build",
            "--only",
            "reference/vista-keys.pdf",
        ),
    ]
    for command in commands:
        shutil.rmtree(project / "build", ignore_errors=True)
        expected = _with_cache(project, None, "none", *command)
        assert expected[0] == 0, expected
        shutil.rmtree(project / "build", ignore_errors=True)
        code, out, err = _with_cache(project, cache, fault, *command)
        assert "Traceback" not in err, err
        assert (code, out) == expected[:2], err
        warnings = [line for line in err.splitlines() if line.startswith("Warning: ")]
        assert len(warnings) == 1, err
        assert "cache" in warnings[0] and str(cache) in warnings[0], warnings[0]
        assert [line for line in err.splitlines() if line not in warnings] == (
            expected[2].splitlines()
        )
        if cache.is_dir():
            assert _strays(cache) == [] and [p for p in cache.rglob("*") if p.is_file()] == []
