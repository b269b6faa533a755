"""The content as it was at a git revision: the explicit baseline of `toolkit check --since REV`.

A message that names "the faction file you changed" compares a file with what it was
before the change. That earlier version comes from here, never from a cache (the same
content gives the same report whatever a cache has seen): the content files that differ
between REV and the working tree (`git diff --name-only REV -- .`, run in the content
folder), each with its bytes at REV (`git cat-file blob`, what `git show REV:path` shows
without a text conversion). git runs with a list argv (no shell), a timeout, no pager, no
prompt and no file-system monitor, and never writes the repository's index.

A revision is refused before git sees it when it could be read as an option (it starts
with `-`) or holds a control character; one git does not know, or a content folder outside
any git repository, is a `ToolkitError` (one `Error:` line, exit 2).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path, PurePosixPath

from toolkit.core.errors import ToolkitError
from toolkit.load.find import CONTENT_SUFFIXES
from toolkit.load.game_folders import discover_games
from toolkit.load.yaml import MAX_FILE_BYTES

TIMEOUT = 30  # seconds, for each git command
MAX_REV = 256  # characters: longer is not a revision a person typed
# the files the baseline reads at most: a REV so far back that more changed names no one
MAX_FILES = 5000
# git as a reader: no shell, pager, prompt, file-system monitor hook, external diff or
# text conversion; an optional lock (a refreshed index) is not taken
_GIT = ("git", "--no-pager", "-c", "core.fsmonitor=false")

Baseline = dict[PurePosixPath, bytes]


def read_baseline(content_dir: Path, rev: str) -> Baseline:
    """The content files under `content_dir` that differ between `rev` and the working tree,
    each with its bytes at `rev`, by its path relative to `content_dir` (files added or
    removed since `rev` have no earlier version to compare, and are not listed)."""
    _valid_rev(rev)
    where = os.path.abspath(content_dir)
    outside = f"--since needs the content folder in a git repository; {where} is not in one"
    _git(content_dir, ["rev-parse", "--show-prefix"], outside)
    commit = (
        _git(
            content_dir,
            ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}"],
            f"--since: git does not know the revision '{rev}'",
        )
        .strip()
        .decode()
    )
    listed = _git(
        content_dir,
        [
            "diff",
            "--name-only",
            "-z",
            "--relative",
            "--no-renames",
            "--no-ext-diff",
            "--diff-filter=MT",
            commit,
            "--",
            ".",
        ],
        f"--since: git cannot compare the content with '{rev}'",
    )
    names = [
        n
        for n in listed.decode("utf-8", "surrogateescape").split("\0")
        if n and n.lower().endswith(CONTENT_SUFFIXES)
    ]
    if len(names) > MAX_FILES:
        raise ToolkitError(
            f"--since: {len(names)} content files changed since '{rev}' (at "
            f"most {MAX_FILES}): name a later revision"
        )
    out: Baseline = {}
    for name in names:
        data = _git(
            content_dir,
            ["cat-file", "blob", f"{commit}:./{name}"],
            f"--since: git cannot read {name} at '{rev}'",
        )
        if len(data) <= MAX_FILE_BYTES:  # a larger one is the loader's to refuse
            out[PurePosixPath(name)] = data
    return out


def for_game(baseline: Baseline | None, game: str) -> Baseline | None:
    """The part of a baseline under one game's folder, by path relative to that folder."""
    if baseline is None:
        return None
    return {
        PurePosixPath(*p.parts[1:]): data
        for p, data in baseline.items()
        if len(p.parts) > 1 and p.parts[0] == game
    }


def _valid_rev(rev: str) -> None:
    """Refuse a revision git could take for an option, or that no one types."""
    if not rev or rev.startswith("-"):
        raise ToolkitError(
            f"--since: '{rev}' is not a git revision (one cannot start with "
            "'-' or be empty): name a commit, a branch or a tag, e.g. "
            "HEAD"
        )
    if len(rev) > MAX_REV or any(ord(c) < 32 or ord(c) == 127 for c in rev):
        raise ToolkitError(
            "--since: not a git revision (too long, or holding a control "
            "character): name a commit, a branch or a tag, e.g. HEAD"
        )


def _git(where: Path, args: list[str], failure: str) -> bytes:
    """What `git ARGS` prints, run in `where`; a `ToolkitError` saying `failure` (with git's
    own `fatal:` line) when it cannot run, fails or takes longer than `TIMEOUT`."""
    env = dict(os.environ, GIT_OPTIONAL_LOCKS="0", GIT_TERMINAL_PROMPT="0", LC_ALL="C")
    try:
        proc = subprocess.run(
            [*_GIT, *args],
            cwd=where,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
        )
    except FileNotFoundError as exc:
        if not where.is_dir():
            raise ToolkitError(f"--since: no content folder {where}") from exc
        raise ToolkitError("--since needs git, and git is not installed (or not on PATH)") from exc
    except subprocess.TimeoutExpired as exc:
        raise ToolkitError(f"{failure}: git took longer than {TIMEOUT} s") from exc
    except OSError as exc:
        raise ToolkitError(f"{failure}: {exc.strerror or exc}") from exc
    if proc.returncode != 0:
        said = [ln.strip() for ln in proc.stderr.decode("utf-8", "replace").splitlines()]
        fatal = [ln.removeprefix("fatal: ") for ln in said if ln.startswith("fatal: ")]
        why = (fatal or [ln for ln in said if ln] or [""])[0]
        raise ToolkitError(failure + (f" (git: {why})" if why else ""))
    return proc.stdout


def baseline_of(content_dir: Path, game: str | None, since: str | None) -> Baseline | None:
    """The content files as `since` holds them (`read_baseline`), or None without it. A
    missing content folder is said first, as without --since."""
    if since is None:
        return None
    discover_games(content_dir, game)
    return read_baseline(content_dir, since)
