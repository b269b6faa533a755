"""Operating-system failures end in one clear line, not a traceback (issue 18, case 6): a
read-only output folder, a full disk while writing the manifest, a file-size limit inside
the renderer's font cache, a name too long for the file system, a seed too long to name a
file. Each: one `Error:` line naming the path and what to do, exit 2, and the manifest
never damaged (the previous one intact, or none)."""

from __future__ import annotations

import errno
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.shipped import CONTENT, ROOT, toolkit
from toolkit.cli import cli

WS = "worldspanner"
CHEAP = "kit/balance.md"  # a Worldspanner output made without the PDF renderer


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(CONTENT, tmp_path / "content")
    return tmp_path


def _run(project: Path, *args: str) -> tuple[int, str, str]:
    """The CLI in this process (so that a failure can be injected), as `toolkit ARGS`."""
    result = CliRunner().invoke(cli, ["build", "--content", str(project / "content"), "--game",
                                      WS, "--out", str(project / "build"), *args])  # fmt: skip
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


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_size_limit_inside_the_renderers_font_cache(project: Path, jobs: str) -> None:
    """WeasyPrint writes each web font to a temporary file; under `ulimit -f` that write
    fails (EFBIG) in the middle of a layout, in this process or in a worker."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-m", "toolkit", "build", "--content", "content", "--game", WS,
         "--out", "build", "--only", "reference/*", "--jobs", jobs],
        cwd=project, capture_output=True, text=True, env=env, preexec_fn=limit, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 2, proc.stdout + proc.stderr
    _one_error_line(proc.stderr, "reference/vista-keys.pdf", "File too large", "ulimit -f")
    manifest = _manifest(project)
    assert not manifest.exists() or json.loads(manifest.read_text())["outputs"] == []
    assert _strays(project / "build") == []


def test_a_name_too_long_for_the_file_system(project: Path) -> None:
    out = project / ("x" * 300)
    proc = toolkit("build", "--content", str(project / "content"), "--game", WS, "--only",
                   CHEAP, "--out", str(out))  # fmt: skip
    assert proc.returncode == 2, proc.stdout + proc.stderr
    _one_error_line(proc.stderr, "File name too long", "shorter")


def test_a_temporary_file_fits_wherever_its_target_does(tmp_path: Path) -> None:
    """A target name of 250 bytes: the temporary file beside it once took 265 (Errno 36)."""
    from toolkit.write import write_bytes

    target = tmp_path / ("s" * 246 + ".pdf")
    write_bytes(target, b"%PDF")
    assert target.read_bytes() == b"%PDF" and [p.name for p in tmp_path.iterdir()] == [target.name]


def test_a_seed_too_long_to_name_a_file(project: Path) -> None:
    proc = toolkit("setup", WS, "--content", str(project / "content"), "--out",
                   str(project / "build"), "--design", "quad", "--seed", "9" * 251)  # fmt: skip
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "--seed" in proc.stderr
    assert not (project / "build").exists()
    largest = str(2**64 - 1)
    proc = toolkit("setup", WS, "--content", str(project / "content"), "--out",
                   str(project / "build"), "--design", "quad", "--seed", largest)  # fmt: skip
    assert proc.returncode == 0, proc.stderr


def test_a_manifest_nested_too_deeply_is_rebuilt_around(tmp_path: Path) -> None:
    from toolkit.manifest import Manifest

    path = tmp_path / "manifest.json"
    path.write_text("[" * 200_000)
    manifest = Manifest.read(path)
    assert manifest.damaged and not manifest.entries
