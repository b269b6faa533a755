"""`toolkit rename`: a card renamed or renumbered everywhere, with the project's editor
schemas as the rename leaves the content, in one edit (all of it or none)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from toolkit.commands.schemas import planned
from toolkit.edit import rename
from toolkit.edit.fixes import Edited


def write(content: Path, edited: Sequence[Edited], renaming: rename.Renaming) -> list[Path]:
    """Write the rename (`toolkit.commands.api.rename` prepared it) and the schema files it
    changes (`toolkit.commands.schemas.planned`) together; the schema files written."""
    todo = rename.changes(edited, renaming)
    schemas = planned(content, todo)
    rename.write(content, [*todo, *schemas])
    return [change.path for change in schemas]
