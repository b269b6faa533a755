"""Checking content, the stages in order: load -> validate -> model -> check, one game
after another (the `check` command's work where nothing is kept, and the check before
every build)."""

from __future__ import annotations

from pathlib import Path

from toolkit.audit.textfit import overflow_at_field
from toolkit.check.output_paths import path_findings
from toolkit.check.provenance import game_texts
from toolkit.check.runner import held_codes, placeholder_count, run_checks
from toolkit.commands.baseline import Baseline, for_game
from toolkit.core.diagnostics import Diagnostic, GameResult, Loc, Report, display_path, error
from toolkit.core.outputs import BuildOptions, TextOverflow
from toolkit.games import GamePack, UnknownGame, load_pack
from toolkit.load.game_folders import discover_games
from toolkit.model.content import ContentSet, load_content
from toolkit.speed import content_cache
from toolkit.speed.aside import aside


def load_game(
    content_dir: Path, game: str, report: Report, baseline: Baseline | None = None
) -> tuple[GamePack, ContentSet] | None:
    """Load and validate one game's content, adding findings to `report`. `baseline`: what
    files held at an explicit earlier revision (`read_baseline`), by path under
    `content_dir`."""
    try:
        pack = load_pack(game)
    except UnknownGame:
        report.extend(
            [
                error(
                    Loc(display_path(content_dir / game)),
                    "CONTENT-UNKNOWN-GAME",
                    f"no game pack named '{game}' (toolkit/games/{game.replace('-', '_')})",
                )
            ]
        )
        return None
    content, diags = load_content(game, content_dir / game, pack.kinds, for_game(baseline, game))
    report.extend(diags)
    report.files += len(content.files)
    return pack, content


def check_games(
    content_dir: Path,
    game: str | None,
    strict: bool,
    listing: bool = True,
    baseline: Baseline | None = None,
) -> tuple[Report, list[tuple[GamePack, ContentSet]]]:
    """Load and check every game (or one). `listing`: also check where the outputs of a
    default build would go (a build checks its own outputs' paths instead). `baseline`:
    see `load_game`."""
    report = Report(strict=strict)
    loaded_games = []
    for gid in discover_games(content_dir, game):
        loaded = check_one(content_dir, gid, report, listing, baseline)
        if loaded is not None:
            loaded_games.append(loaded)
    return report, loaded_games


def check_one(
    content_dir: Path,
    gid: str,
    report: Report,
    listing: bool = True,
    baseline: Baseline | None = None,
) -> tuple[GamePack, ContentSet] | None:
    """Load and check one game, adding what is found to `report`; the game loaded. Where
    its outputs would go is listed aside (`toolkit.speed.aside`) while the rules run."""
    loaded = load_game(content_dir, gid, report, baseline)
    if loaded is None:
        return None
    pack, content = loaded
    report.placeholders += placeholder_count(content)
    listed = aside(lambda: _listing(pack, content)) if listing and content.complete else None
    texts = None
    if pack.provenance is not None:  # the rules texts the content cites, read once
        texts, said = game_texts(content, pack.provenance)
        report.extend(said)
        report.inputs.extend(texts.inputs)
    found = run_checks(pack, content, texts)
    report.extend(found)
    if not content.complete:
        held = held_codes(pack, content)
        if held:
            failed = sorted(content.failed)
            which = (
                ", ".join(failed)
                if len(failed) <= 3  # named, beside other findings
                else f"the {len(failed)} files above"
            )
            verbs = "loads and validates" if len(failed) == 1 else "load and validate"
            report.notes.append(
                f"note: {gid}: {len(held)} rule(s) wait until {which} {verbs}: {', '.join(held)}"
            )
        return loaded
    if listed is not None:
        content_cache.flush()  # what was put off is written while the listing is made
        report.extend(_listed_paths(listed(), content, any(d.counts_as_error for d in found)))
    return loaded


def check_game(content_dir: Path, gid: str, baseline: Baseline | None = None) -> GameResult:
    """What checking one game finds (`toolkit.speed.check_cache` keeps it between processes,
    when there is no `baseline`)."""
    part = Report()
    check_one(content_dir, gid, part, baseline=baseline)
    return GameResult(
        part.diagnostics, part.files, part.placeholders, part.notes, inputs=part.inputs
    )


def _listing(pack: GamePack, content: ContentSet) -> list[Diagnostic] | str:
    """Where the game's outputs would go, checked without rendering anything (one output a
    path, names a file system holds); or why they could not be listed. The default options
    name every output a content file makes (a print-shop build names the same ones with
    another ending); `build` checks its own options again."""
    if pack.outputs is None:
        return []
    try:
        outputs = pack.outputs(content, BuildOptions(paths_only=True))
    except TextOverflow as exc:  # a board's label too long for its space, at its field
        return [overflow_at_field(exc, content.files, display_path(content.root))]
    except Exception as exc:  # content with rule errors may not even list its outputs
        return f"{type(exc).__name__}: {exc}"
    return path_findings(outputs)


def _listed_paths(
    listed: list[Diagnostic] | str, content: ContentSet, broken: bool
) -> list[Diagnostic]:
    """The findings of `_listing`; a listing that failed is a toolkit bug unless the content
    breaks a rule (`broken`): rule errors may keep the outputs from being listed."""
    if isinstance(listed, list):
        return listed
    if broken:
        return []
    return [
        error(
            Loc(display_path(content.root)),
            "CHECK-CRASH",
            f"listing the outputs failed ({listed}); this is a toolkit bug, please "
            "report it with the content",
        )
    ]
