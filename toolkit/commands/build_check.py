"""The check before a build: every game (or one) loaded and checked, unless its last build
into the same folder was made from the same inputs and left every file as it was; such a
game is told from that build's record without being loaded (`toolkit.speed.kept_builds`)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.commands.checking import check_one
from toolkit.core.diagnostics import Report, display_path
from toolkit.core.outputs import BuildOptions
from toolkit.games import GamePack
from toolkit.kit.manifest import Manifest
from toolkit.load.game_folders import discover_games
from toolkit.model.content import ContentSet
from toolkit.speed import kept_builds


@dataclass
class Found(Report):
    """What one game's check found, and the key of its build (`toolkit.speed.kept_builds`)."""

    key: str = ""


@dataclass
class Checked:
    """What the check before a build found."""

    report: Report  # every game's findings, those told from a kept build's record too
    loaded: list[tuple[GamePack, ContentSet]] = field(default_factory=list)  # games to build
    found: dict[str, Found] = field(default_factory=dict)  # each loaded game's own findings
    kept: list[tuple[str, str]] = field(default_factory=list)  # (game, its line) kept whole


def check_or_keep(
    content_dir: Path, game: str | None, options: BuildOptions, code: str, keep: bool = True
) -> Checked:
    """Check every game (or one) for a build; a game whose last build into this folder was
    made from the same inputs and left every file as it was is told from that build's
    record instead of being loaded (unless `keep` is False). `code`: the renderer's
    fingerprint (`toolkit.commands.output_keys`)."""

    checked = Checked(Report(strict=False))
    keeping = keep and kept_builds.eligible(options)
    for gid in discover_games(content_dir, game):
        start = time.perf_counter()
        key = kept_builds.game_key(content_dir, gid, options, code) if keeping else None
        if key is not None and _kept(checked, content_dir, gid, options, key, start):
            continue
        part = Found(key=key or "")
        # the paths of the outputs are checked later, for this build's own options
        one = check_one(content_dir, gid, part, listing=False)
        checked.report.merge(part)
        if one is not None:
            checked.loaded.append(one)
            checked.found[one[0].id] = part
    return checked


def _kept(
    checked: Checked, content_dir: Path, gid: str, options: BuildOptions, key: str, start: float
) -> bool:
    """Whether the game's last build into the folder is kept whole (its record under `key`
    says so, and every file is as it was): then its findings and line are added."""
    game_out = options.out / gid
    project = content_dir.absolute().parent
    same = kept_builds.recall(Manifest.open(game_out), game_out, key, project)
    if same is None:
        return False
    checked.report.merge(same.found)
    checked.kept.append(
        (
            gid,
            f"{gid}: 0 built, {same.outputs} up to date in "
            f"{time.perf_counter() - start:.1f} s -> {display_path(game_out)}",
        )
    )
    return True
