"""The designer commands that edit content, planned here and written by `toolkit.edit`:
`check --fix` (the mechanical fixes), `toolkit new` (a new card) and `toolkit rename`. Each
returns the files' new text; nothing is written here."""

from __future__ import annotations

from pathlib import Path

from toolkit.commands.checking import load_game
from toolkit.core.diagnostics import Report
from toolkit.edit.fixes import Edited, Fix, apply, stale_placeholders
from toolkit.edit.rename import RenameError, Renaming
from toolkit.edit.rename import prepare as prepare_rename
from toolkit.edit.scaffold import Made, ScaffoldError, choose
from toolkit.edit.scaffold import prepare as prepare_new
from toolkit.load.game_folders import discover_games


def fix(content_dir: Path, game: str | None = None) -> tuple[list[Edited], list[Fix]]:
    """The mechanical fixes of every game's findings (or one game's), applied to the files'
    text but not written (`toolkit.edit.fixes.write` does): the files changed, and the fixes to
    make by hand (a file that would not round-trip unchanged)."""

    todo: list[Fix] = []
    for gid in discover_games(content_dir, game):
        loaded = load_game(content_dir, gid, Report())
        if loaded is None:
            continue
        pack, content = loaded
        todo += stale_placeholders(content)
        if pack.fixes is not None and content.complete:
            todo += pack.fixes(content)
    return apply(todo)


def new(content_dir: Path, game: str, kind: str | None, params: dict[str, str]) -> Made:
    """Plan a new card of `kind` (`toolkit new`): the new file and the edits of the others,
    nothing written (`toolkit.edit.scaffold.write` does). The game's content must load."""

    discover_games(content_dir, game)
    report = Report()
    loaded = load_game(content_dir, game, report)
    if loaded is None:
        raise ScaffoldError(f"no game pack named '{game}'")
    pack, content = loaded
    scaffold = choose(pack.scaffolds, kind, game)
    if not content.complete:
        raise ScaffoldError(
            f"{len(content.failed)} file(s) of {game} do not load "
            f"({', '.join(sorted(content.failed))}): `toolkit check` says why; "
            "fix them first"
        )
    return prepare_new(content, scaffold, params, content_dir.parent / "schemas")


def rename(content_dir: Path, game: str, old: str, new: str) -> tuple[list[Edited], Renaming]:
    """Plan `toolkit rename`: the edited files' text and the files to move, nothing written
    (`toolkit.edit.rename.write` does). The game's content must load."""

    discover_games(content_dir, game)
    loaded = load_game(content_dir, game, Report())
    if loaded is None:
        raise RenameError(f"no game pack named '{game}'")
    pack, content = loaded
    if pack.renames is None:
        raise RenameError(f"{game} has nothing `toolkit rename` can rename")
    if not content.complete:
        raise RenameError(
            f"{len(content.failed)} file(s) of {game} do not load: `toolkit "
            "check` says why; fix them first"
        )
    return prepare_rename(pack.renames(content, old, new))
