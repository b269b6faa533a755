"""JSON Schema files for every content kind of every game, written for editors.

A project keeps them in `schemas/<game>/` beside its content folder (`make schema`), and as
they list the content's values (every card's number and id, for completion) an edit of the
content that changes those values changes them too. `planned` gives the schema files as an
edit will leave them, rendered from the content as it will be: `toolkit rename` writes them
in the one transaction with the content files (`toolkit.edit.transaction`: all or none, and
after a kill finished or undone together). `refresh` brings them up to date afterwards, for
the commands that do not yet (`toolkit new`), again all of them or none.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path, PurePosixPath

from toolkit.check.output_paths import check_out_folder
from toolkit.commands.api import discover_games, load_game
from toolkit.core.diagnostics import Report, display_path
from toolkit.core.errors import ToolkitError
from toolkit.core.resources import TEMPLATES
from toolkit.edit.transaction import SCHEMAS, Change, apply_all
from toolkit.games import UnknownGame, load_pack
from toolkit.load.find import find_content
from toolkit.load.icons import available
from toolkit.validate.schema import json_schema
from toolkit.write.outfolder import OutFolder


def render_all(
    content_dir: Path, game: str | None, icons_from: Path | None = None
) -> dict[str, str]:
    """`<game>/<kind>.schema.json` -> schema text, for every game found. `icons_from`: the
    content folder whose `<game>/icons/` the schemas list (default `content_dir`)."""
    out: dict[str, str] = {}
    for gid in discover_games(content_dir, game):
        try:
            pack = load_pack(gid)
        except UnknownGame:
            raise ToolkitError(f"no game pack named '{gid}'") from None
        enums: dict[str, list[object]] = {}
        loaded = load_game(content_dir, gid, Report()) if pack.enums is not None else None
        if loaded is not None and pack.enums is not None:
            # what the content declares, sorted and once each; content that does not load
            # gives what it can (the checker reports the rest)
            enums = {
                ref: sorted(set(v), key=lambda x: (str(type(x)), x))
                for ref, v in pack.enums(loaded[1]).items()
                if v
            }
        for kind in pack.kinds:
            name = f"{gid}/{kind.name}.schema.json"
            doc = json_schema(
                kind.model,
                schema_id=f"https://toolkit.invalid/schemas/{name}",
                title=f"{pack.title}: {kind.name} ({kind.pattern})",
                enums=enums,
            )
            icons = available((icons_from or content_dir) / gid)
            doc["description"] = _with_icons(str(doc.get("description", "")), icons)
            out[name] = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    return out


def _with_icons(description: str, icons: tuple[str, ...]) -> str:
    """The schema's description, saying which icons its texts may hold (`toolkit.load.icons`)."""
    have = ", ".join(f":{n}:" for n in icons) if icons else "none yet"
    note = (
        f"Any text may place an icon of content/<game>/icons/ inline as :name: "
        f"(this game's: {have})."
    )
    return f"{description} {note}".strip()


def write_all(content_dir: Path, game: str | None, out_dir: Path) -> list[Path]:
    """Write every schema under `out_dir`; returns the paths written. The folder is
    refused as a build's `--out` is: not `/`, the home folder, content or templates."""

    check_out_folder(out_dir, content_dir, TEMPLATES)
    folder = OutFolder(out_dir)  # no link under the folder is written through
    folder.guard()
    return [folder.write_text(name, text) for name, text in render_all(content_dir, game).items()]


def project_folder(content_dir: Path) -> Path:
    """The project's schemas folder: `schemas/` beside the content folder's real path, the
    one place out of the content folder an edit may write (`toolkit.edit.transaction`)."""
    return Path(os.path.realpath(content_dir)).parent / SCHEMAS


def planned(content_dir: Path, changes: Sequence[Change]) -> list[Change]:
    """The project's schema files as an edit of content files (`changes`) leaves them: for
    each game the edit touches whose schemas the project keeps (`schemas/<game>/`), each
    schema rendered from the game's content as the edit will leave it, where it differs
    from the file there now. Nothing is written."""
    folder = project_folder(content_dir)
    base = os.path.abspath(content_dir)
    by_game: dict[str, dict[PurePosixPath, bytes | None]] = {}
    for ch in changes:
        rel = PurePosixPath(Path(os.path.relpath(os.path.abspath(ch.path), base)).as_posix())
        if len(rel.parts) > 1 and rel.parts[0] != "..":
            by_game.setdefault(rel.parts[0], {})[PurePosixPath(*rel.parts[1:])] = ch.data
    out = []
    for game, edits in sorted(by_game.items()):
        if not _keeps(folder, game):
            continue  # the project keeps no schemas of this game
        try:
            texts = _rendered_after(content_dir, game, edits)
        except OSError as exc:
            raise ToolkitError(
                f"cannot render the editor schemas of {game} as the edit leaves "
                f"them: {display_path(exc.filename or content_dir)}: "
                f"{exc.strerror or exc}; nothing was changed"
            ) from None
        out += [
            Change(folder / name, data)
            for name, text in texts.items()
            if _bytes_at(folder / name) != (data := text.encode("utf-8"))
        ]
    return out


def _keeps(folder: Path, game: str) -> bool:
    """Does the project keep editor schemas of `game` (`schemas/<game>/`, a real folder)?
    A link on the way (`schemas` or `schemas/<game>`, which a pull request may commit) is
    refused before anything is read through it: nothing is changed."""
    for at in (folder, folder / game):
        if os.path.islink(at):
            raise ToolkitError(
                f"{display_path(at)} is a link (to {os.readlink(at)}): the project's "
                "editor schemas must lie in a real folder; nothing was changed (make it "
                "a folder, or remove it)"
            )
    return (folder / game).is_dir()


def refresh(content_dir: Path, game: str) -> list[Path]:
    """After a card is added or renamed: the project's schemas of `game` (the `schemas/`
    folder beside the content folder, where `make schema` writes them) brought up to date,
    as they list every card's number and id for completion, all of them or none
    (`toolkit.edit.transaction`). The files changed; none when the project keeps no schemas
    of that game."""
    folder = project_folder(content_dir)
    if not _keeps(folder, game):
        return []
    todo = [
        Change(folder / name, data)
        for name, text in render_all(content_dir, game).items()
        if _bytes_at(folder / name) != (data := text.encode("utf-8"))
    ]
    apply_all(content_dir, todo)
    return [ch.path for ch in todo]


def _rendered_after(
    content_dir: Path, game: str, edits: dict[PurePosixPath, bytes | None]
) -> dict[str, str]:
    """The schemas of `game` rendered from its content with `edits` (paths in the game's
    folder -> new bytes, None: removed) made: from a private copy of the game's content
    files (those the loader reads, `toolkit.load.find`), loaded without the content cache;
    the icons are the game's own."""

    try:
        kinds = load_pack(game).kinds
    except UnknownGame:
        raise ToolkitError(f"no game pack named '{game}'") from None
    found = find_content(content_dir / game, kinds)
    with tempfile.TemporaryDirectory(prefix="toolkit-schemas-") as tmp:
        copy = Path(tmp) / "content"
        files = {PurePosixPath(rel): path for path, rel, _ in found.files}
        texts = {rel: path.read_bytes() for rel, path in files.items() if rel not in edits}
        texts.update({rel: data for rel, data in edits.items() if data is not None})
        (copy / game).mkdir(parents=True)
        for rel, data in texts.items():
            dest = copy / game / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(data)
        with _no_cache():
            return render_all(copy, game, icons_from=content_dir)


@contextlib.contextmanager
def _no_cache() -> Iterator[None]:
    """The content cache off (`TOOLKIT_NO_CACHE`): a private copy is never kept there."""
    was = os.environ.get("TOOLKIT_NO_CACHE")
    os.environ["TOOLKIT_NO_CACHE"] = "1"
    try:
        yield
    finally:
        if was is None:
            del os.environ["TOOLKIT_NO_CACHE"]
        else:
            os.environ["TOOLKIT_NO_CACHE"] = was


def _bytes_at(path: Path) -> bytes | None:
    """A file's bytes, or None (no such file, a folder, unreadable): it is to be written."""
    try:
        return path.read_bytes()
    except OSError:
        return None
