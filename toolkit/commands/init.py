"""`toolkit init`: a designer's own content repository, made from a game the project ships.

The new folder holds `content/<game>/` (a copy of the game, or with `--game` a new game's
scaffolding: the shipped game without its cards, each card folder made empty), `rules/`
(the rules texts its game.yaml names, at the same project paths, so every citation still
resolves), the editor schemas under `schemas/<game>/` (where each file's `$schema` line
leads), a pre-commit config using this toolkit's `toolkit-check` hook, a GitHub workflow
that checks and builds the kit, a `.gitignore` and a README. Everything is read and planned
first; a folder that is not empty, a link on the way or a missing game stops it before
anything is written, and nothing is written outside the new folder.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from importlib import metadata
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlparse

import yaml

from toolkit.commands.init_files import (
    GITIGNORE,
    pre_commit_config,
    readme,
    scaffolding_readme,
    workflow,
)
from toolkit.core.assets import AssetError, read_asset, tree
from toolkit.core.errors import ToolkitError
from toolkit.games import GamePack, UnknownGame, load_pack
from toolkit.load.rules_text import TEXT_PATH

MAX_FILES = 20_000  # a game folder larger than this is not a game's content


def init_repository(
    target: Path,
    content_dir: Path,
    game: str,
    repo: str | None,
    rev: str | None,
    *,
    empty: bool = False,
) -> list[str]:
    """Create the content repository `target` from `game` of `content_dir`; returns the
    paths written, relative to `target` (a folder made empty ends in `/`). `repo`/`rev`:
    where pre-commit and CI install the toolkit from (default: what the installed toolkit's
    `direct_url.json` says). `empty`: a new game of the pack (`--game`): every file of the
    shipped game but its cards (the files of a kind of many, such as `factions/*.yaml`),
    each card folder made empty."""
    _refuse_used(target)
    repo, rev = toolkit_source(repo, rev)
    files = _game_files(content_dir, game)
    folders: list[str] = []
    if empty:
        pack = _pack(game)
        files, folders = _without_cards(files, game, pack)
        text = scaffolding_readme(
            game, _card_folders(pack), [(s.kind, s.doc) for s in pack.scaffolds]
        )
    else:
        text = readme(game)
    files.update(_rules_texts(content_dir, game, files[f"content/{game}/game.yaml"]))
    files[".pre-commit-config.yaml"] = pre_commit_config(repo, rev).encode()
    files[".github/workflows/content.yml"] = workflow(repo, rev, game).encode()
    files[".gitignore"] = GITIGNORE.encode()
    files["README.md"] = text.encode()
    created = not os.path.lexists(target)
    try:
        for rel in folders:
            (target / rel).mkdir(parents=True, exist_ok=True)
        for rel, data in sorted(files.items()):
            path = target / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            # a new file in a folder made just now: O_EXCL never writes through a link
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
        written = sorted(files) + [f"{rel}/" for rel in folders] + _write_schemas(target, game)
    except (OSError, ToolkitError):
        _undo(target, created)  # the folder was new or empty: leave it as it was
        raise
    return written


def _refuse_used(target: Path) -> None:
    """A folder that exists must be a real, empty folder: init never mixes its files with
    others', nor writes through a link."""
    if os.path.islink(target):
        raise ToolkitError(f"{target} is a symbolic link: name a new folder")
    if os.path.lexists(target):
        if not target.is_dir():
            raise ToolkitError(f"{target} exists and is not a folder: name a new folder")
        if any(target.iterdir()):
            raise ToolkitError(
                f"{target} exists and is not empty: name a new folder (nothing was written)"
            )


def _undo(target: Path, created: bool) -> None:
    """Remove what this run wrote in `target` (it was new, or empty)."""
    if created:
        shutil.rmtree(target, ignore_errors=True)
        return
    for entry in target.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)


def _game_files(content_dir: Path, game: str) -> dict[str, bytes]:
    """Every file of the shipped game, by its path in the new repository; no link followed."""
    source = content_dir / game
    if os.path.islink(source) or not source.is_dir() or not (source / "game.yaml").is_file():
        have = sorted(p.name for p in content_dir.iterdir() if (p / "game.yaml").is_file())
        raise ToolkitError(
            f"no game '{game}' in {content_dir} (a folder holding game.yaml); "
            f"games there: {', '.join(have) or 'none'}"
        )
    files: dict[str, bytes] = {}
    for name, path, st in tree(source, f"content/{game}"):
        if not stat.S_ISREG(st.st_mode):  # a link, a pipe, a device: not content to carry
            raise ToolkitError(f"{path} is not a plain file or folder: init copies no link")
        files[name] = path.read_bytes()
        if len(files) > MAX_FILES:
            raise ToolkitError(f"{source} holds over {MAX_FILES} files: not a game's content")
    return files


def _pack(game: str) -> GamePack:
    """The game's pack: what kinds of content it reads, which `toolkit new` makes."""
    try:
        return load_pack(game)
    except UnknownGame:
        raise ToolkitError(
            f"no game pack named '{game}' in this toolkit: --game makes a new game of a "
            "pack the toolkit has; --from copies a game as it is"
        ) from None


def _card_folders(pack: GamePack) -> list[tuple[str, str, str]]:
    """The folder of each kind of many files (the cards), the kind's name and what one file
    there holds."""
    out = []
    for kind in pack.kinds:
        folder = PurePosixPath(kind.pattern).parent
        if not kind.singleton and folder.parts:
            out.append((folder.as_posix(), kind.name, kind.doc))
    return out


def _without_cards(
    files: dict[str, bytes], game: str, pack: GamePack
) -> tuple[dict[str, bytes], list[str]]:
    """The game's files but its cards (each file of a kind of many), and the card folders to
    make empty, both by their paths in the new repository."""
    cards = [k for k in pack.kinds if not k.singleton]
    prefix = f"content/{game}/"
    kept = {
        name: data
        for name, data in files.items()
        if not any(k.matches(PurePosixPath(name.removeprefix(prefix))) for k in cards)
    }
    return kept, [prefix + folder for folder, _kind, _doc in _card_folders(pack)]


def _rules_texts(content_dir: Path, game: str, game_yaml: bytes) -> dict[str, bytes]:
    """The rules texts game.yaml names (`rules_texts:`), at the same paths in the new
    repository, read from inside the project (the content folder's parent) only."""
    try:
        doc = yaml.safe_load(game_yaml)
    except yaml.YAMLError as exc:
        raise ToolkitError(f"{content_dir / game / 'game.yaml'} does not parse: {exc}") from None
    declared = doc.get("rules_texts") if isinstance(doc, dict) else None
    project = Path(os.path.realpath(content_dir)).parent
    out: dict[str, bytes] = {}
    for text_id, rel in (declared or {}).items():
        if not isinstance(rel, str) or not _plain_path(rel):
            raise ToolkitError(f"rules text {text_id} of {game}: {rel!r} is no path in the project")
        try:
            out[rel] = read_asset(str(project / rel), [project])
        except AssetError as exc:
            raise ToolkitError(f"cannot read rules text {rel} of {game}: {exc}") from None
    return out


def _plain_path(rel: str) -> bool:
    """A project path as game.yaml writes a rules text's (`toolkit.load.rules_text`)."""
    return re.fullmatch(TEXT_PATH, rel) is not None


def _write_schemas(target: Path, game: str) -> list[str]:
    """The editor schemas of the new repository's game, written by `toolkit schema` run on
    it (the same code as the command, in a process of its own: the schema renderer loads
    the whole orchestrator, which this command's module must not import for `--help`)."""
    args = ["schema", "--content", "content", "--game", game, "--out", "schemas"]
    proc = subprocess.run(
        [sys.executable, "-m", "toolkit", *args],
        cwd=target,
        # the user's cache stays as it was: init writes nothing outside the new folder
        env={**os.environ, "TOOLKIT_NO_CACHE": "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise ToolkitError(f"writing the editor schemas failed: {proc.stderr.strip()}")
    return sorted(
        p.relative_to(target).as_posix() for p in (target / "schemas").rglob("*") if p.is_file()
    )


def toolkit_source(repo: str | None, rev: str | None) -> tuple[str, str]:
    """Where this toolkit comes from, for pre-commit's `repo:`/`rev:` and pip in CI: the
    options, else what the installed distribution recorded (PEP 610 `direct_url.json`): a
    VCS URL and its commit, or a local folder and the commit checked out there."""
    known_repo, known_rev = _installed_source()
    repo, rev = repo or known_repo, rev or known_rev
    if not repo or not rev:
        raise ToolkitError(
            "cannot tell where this toolkit was installed from (repository and revision): "
            "pass --toolkit-repo URL and --toolkit-rev REV (a tag or commit)"
        )
    return repo, rev


def _installed_source() -> tuple[str | None, str | None]:
    for dist in metadata.distributions(name="toolkit"):
        text = dist.read_text("direct_url.json")
        if not text:
            continue
        try:
            info = json.loads(text)
        except ValueError:
            return None, None
        url = str(info.get("url", ""))
        if "vcs_info" in info:
            vcs = info["vcs_info"]
            return url or None, vcs.get("commit_id") or vcs.get("requested_revision")
        if "dir_info" in info and url.startswith("file://"):
            folder = unquote(urlparse(url).path)
            return folder, _head(folder)
        return None, None
    return None, None


def _head(folder: str) -> str | None:
    """The commit checked out in a local folder, if it is a git repository."""
    try:
        proc = subprocess.run(
            ["git", "-C", folder, "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=False,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if proc.returncode != 0:
        return None
    return proc.stdout.strip() or None
