"""Fixtures shared across test modules.

The whole kit built from the shipped content is the most expensive thing the suite makes
(a minute of CPU), and a dozen modules only read it. It is built once per test run, and
under pytest-xdist once for all workers: the first worker to ask builds it under a file
lock in the run's shared temporary folder, the others wait and read the same folder.
Tests that change a kit copy it first (`tests/commands/test_build.py::_copy_kit`).
Where `make sheets` has built the project's kit, the run starts from it (`_seed`).
"""

from __future__ import annotations

import importlib
import os
import shutil
from functools import partial
from pathlib import Path

import pytest
import yaml
from filelock import FileLock

from tests.support.shipped import CONTENT, ROOT, copy_rules, toolkit

GAMES = sorted(p.name for p in CONTENT.iterdir() if p.is_dir())

# The suite builds hundreds of content copies: none of them is kept in the user's cache of
# validated documents (`toolkit.speed.content_cache`), which tests/speed/test_content_cache.py tries
# with a cache folder of its own.
os.environ["TOOLKIT_NO_CACHE"] = "1"
# The stages keep results where a command says (`toolkit.core.store`): as every command
# does, the user cache, which then keeps nothing unless a test turns it on
importlib.import_module("toolkit.commands")

# The tests read the content's YAML themselves, independently of the toolkit's loader, with
# PyYAML; through libyaml, the same documents ten times faster (a second of every worker's
# collection went into parsing the shipped content in pure Python).
yaml.safe_load = partial(yaml.load, Loader=yaml.CSafeLoader)


def _seed(build: Path) -> None:
    """Start from the project's own kit where `make sheets` built one (the README's first
    command): the build below then renders only what is not up to date. The toolkit decides
    that as for any build, by each output's key (content, code, templates, options) and the
    digest of its file, so a stale or altered file is rendered again."""
    mine = ROOT / "build"
    if all((mine / game / "kit" / "manifest.json").is_file() for game in GAMES):
        shutil.copytree(mine, build, symlinks=True, ignore=shutil.ignore_patterns("*.tmp"))


def _run_folder(factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of this run, shared by every xdist worker of it."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def shipped_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a copy of the shipped content (`content/`) and the whole kit of
    every game built from it with the default options (`build/<game>/`). Read only."""
    root = _run_folder(tmp_path_factory) / "shipped-kit"
    done = root / ".built"
    with FileLock(str(root) + ".lock"):
        if not done.exists():
            shutil.rmtree(root, ignore_errors=True)
            root.mkdir()
            shutil.copytree(CONTENT, root / "content")
            copy_rules(root)
            _seed(root / "build")
            proc = toolkit("build", "--content", "content", "--out", "build", cwd=root)
            assert proc.returncode == 0, proc.stdout + proc.stderr
            done.touch()
    return root


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first (`@pytest.mark.slow`, in their own order), then the others: the
    workers start on the long ones and share out the short ones at the end (`make test`
    runs them with `--dist worksteal`), rather than one worker finishing a long test alone."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
