"""The toolkit as pip installs it, not editable (as pre-commit and pipx do): a wheel of the
project, installed into a fresh virtual environment and run from a folder outside the
repository on a copy of the shipped content, must find every file it reads at run time
(templates, stylesheets, fonts, font metrics, the CMYK profile, the print-shop profiles) in
the installed package.

Offline and quick: the wheel is built with the backend already installed
(`--no-build-isolation`, no index), and the new environment sees the dependencies through
a `.pth` file naming this environment's site-packages as a plain path. A plain path line
does not process the `.pth` files in that folder, so the editable install of the project is
not picked up: the test asserts that the toolkit imported is the one in the new environment.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pikepdf
import pytest

from tests.support.shipped import CONTENT, ROOT, RULES

# One cheap output of each game, between them reading every kind of file the package ships:
# a board's SVG templates and board.css with the fonts embedded and the fallback metrics (the
# Council board), the counters' template and the fonts through reportlab (God Emperor's
# counters), and a card's HTML template and stylesheet laid out in the kit's fonts, the CMYK
# profile of PDF/X (`--preset pod`) and the print-shop profiles (`--export`).
BUILDS = {
    "forty-factions": ("boards/council.svg", []),
    "god-emperor": ("counters/counters-a4.pdf", []),
    "worldspanner": (
        "export/dtc-poker/challenge-black.pdf",
        ["--preset", "pod", "--export", "dtc-poker"],
    ),
}
SOURCES = ("pyproject.toml", "README.md", "toolkit")  # what the wheel is built from


def _run(
    args: list[str | Path], cwd: Path, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )
    said = proc.stdout + proc.stderr
    assert proc.returncode == 0, said
    assert "Traceback" not in said, said
    return proc


def _wheel(tmp_path: Path, env: dict[str, str]) -> Path:
    """A wheel of the project, built from a copy of its sources (the build writes `build/`
    and an egg-info beside them: never in the repository)."""
    src = tmp_path / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
            shutil.copytree(ROOT / name, src / name, ignore=ignore)
        else:
            shutil.copy2(ROOT / name, src / name)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-cache-dir"]
    dist = tmp_path / "dist"
    build = ["wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", dist, src]
    _run([*pip, *build], tmp_path, env)
    (wheel,) = dist.glob("toolkit-*.whl")
    return wheel


def _venv(tmp_path: Path, wheel: Path, env: dict[str, str]) -> Path:
    """A fresh virtual environment with the wheel installed (not editable), seeing this
    environment's dependencies through a `.pth` file of plain paths."""
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv], tmp_path, env)
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-cache-dir"]
    _run([*pip, "--python", python, "install", "--no-deps", "--no-index", wheel], tmp_path, env)
    where = [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
    site = Path(_run(where, tmp_path, env).stdout.strip())
    ours = dict.fromkeys(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))
    (site / "dependencies.pth").write_text("".join(f"{p}\n" for p in ours), encoding="utf-8")
    return venv


@pytest.mark.slow
def test_the_installed_wheel_checks_and_builds_outside_the_repository(tmp_path: Path) -> None:
    """The users' report: installed by pre-commit, `toolkit check` crashed on a missing
    `templates` folder beside site-packages, and God Emperor's board.css was not found."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(XDG_CACHE_HOME=str(tmp_path / "cache"), PIP_NO_INPUT="1")
    venv = _venv(tmp_path, _wheel(tmp_path, env), env)

    project = tmp_path / "project"  # the designer's folder: content and rules texts only
    shutil.copytree(CONTENT, project / "content")
    shutil.copytree(RULES, project / "rules")
    code = "import toolkit, toolkit.core.resources as r; print(toolkit.__file__, r.TEMPLATES)"
    found = _run([venv / "bin" / "python", "-c", code], project, env).stdout.split()
    installed = os.path.realpath(venv)
    for path in found:  # the package and its templates: the new environment's, not ours
        assert os.path.realpath(path).startswith(installed + os.sep), found
        assert not os.path.realpath(path).startswith(str(ROOT) + os.sep), found

    toolkit = venv / "bin" / "toolkit"
    checked = _run([toolkit, "check"], project, env)
    assert "0 errors" in checked.stdout.splitlines()[-1], checked.stdout
    for game, (output, options) in BUILDS.items():
        args = ["build", "--game", game, *options, "--only", output, "--out", "build"]
        built = _run([toolkit, *args], project, env)
        assert re.search(rf"^{game}: 1 built", built.stdout, re.M), built.stdout
        path = project / "build" / game / output
        assert path.is_file() and path.stat().st_size > 0, path
    with pikepdf.open(project / "build" / "worldspanner" / BUILDS["worldspanner"][0]) as pdf:
        assert "/OutputIntents" in pdf.Root  # PDF/X: the CMYK profile, read from the package
