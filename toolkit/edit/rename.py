"""Renaming (`toolkit rename GAME OLD NEW`): a card's number, name or id changed in its own
file, in its file's name, and in every file that refers to it.

Each game's pack finds what OLD names and every place that refers to it (`Renaming`),
through the same reference walk its checker resolves references with; the edits go through
`toolkit.edit.fixes` (ruamel.yaml round trip, only the changed lines written), and the edits and
moves are written all together or not at all (`toolkit.edit.transaction`: a failure or a kill midway
never leaves some files renamed and others not). The project's editor schemas, which list
the content's numbers and ids (`schemas/<game>/`, `toolkit.commands.schemas`), are rendered as
the rename leaves the content and written in that same transaction.
"""

from __future__ import annotations

import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.core.diagnostics import Loc
from toolkit.core.errors import ToolkitError
from toolkit.edit.fixes import Edited, Fix, apply_whole, replace_at
from toolkit.edit.transaction import Change, apply_all
from toolkit.model.content import ContentSet
from toolkit.validate.schema import marked_fields


class RenameError(ToolkitError):
    """OLD names nothing (or more than one thing), or NEW is taken (exit 2: nothing was
    written)."""


@dataclass(frozen=True)
class Renaming:
    """What one rename changes: the edits (each a value replaced where it stands), the files
    moved (from, to), and what the user is told."""

    fixes: tuple[Fix, ...]
    moves: tuple[tuple[Path, Path], ...] = ()
    said: tuple[str, ...] = ()


def refs_to(content: ContentSet, ref: str, value: object) -> list[Loc]:
    """Where the content names `value` in a field declared to refer to a `ref`
    (`spec(ref=...)`, the fields whose values the schemas offer from the content): each such
    field, or item of such a list, in every document that loaded."""

    out: list[Loc] = []
    for doc in content.all():
        for path, v in marked_fields(doc, lambda fi: fi.meta.get("ref") == ref):
            if isinstance(v, list):
                out.extend(doc.loc_of(*path, i) for i, x in enumerate(v) if x == value)
            elif v == value:
                out.append(doc.loc_of(*path))
    return out


def values_at(locs: Iterable[Loc], value: Any, what: str) -> list[Fix]:
    """One fix per file replacing the values at `locs` (where a checker found them)."""
    by_file: dict[str, list[tuple[int, int]]] = {}
    for loc in locs:
        by_file.setdefault(loc.path, []).append((loc.line, loc.col))
    return [Fix(path, what, replace_at(at, value)) for path, at in sorted(by_file.items())]


def prepare(renaming: Renaming) -> tuple[list[Edited], Renaming]:
    """The edits applied to the files' text (nothing written); an edit that cannot keep the
    rest of its file, or a move onto an existing file, is an error."""
    for _, to in renaming.moves:
        if to.exists():
            raise RenameError(f"{to} exists already")
    edited = apply_whole(renaming.fixes)
    return edited, renaming


def changes(edited: Iterable[Edited], renaming: Renaming) -> list[Change]:
    """The rename as files' new bytes: each edit, and each move as its new file (with the
    edit, if any, and the old file's mode) and the old one removed."""
    after = {Path(e.path): e.after.encode("utf-8") for e in edited}
    moved = {frm for frm, _ in renaming.moves}
    out = [Change(path, data) for path, data in after.items() if path not in moved]
    for frm, to in renaming.moves:
        data = after[frm] if frm in after else frm.read_bytes()
        out += [Change(to, data, stat.S_IMODE(frm.stat().st_mode)), Change(frm, None)]
    return out


def write(content: Path, todo: Sequence[Change]) -> None:
    """Write a rename's changes (`changes`, with whatever else must change with them, such
    as the project's editor schemas) all together or none (`toolkit.edit.transaction`,
    journal in the content folder `content`)."""
    apply_all(content, todo)
