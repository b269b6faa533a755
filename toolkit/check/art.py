"""Check stage, art: every picture content names, and every board backdrop, can be used
(`toolkit.load.art` vets them)."""

from __future__ import annotations

import re
from pathlib import Path

from toolkit.core.diagnostics import Diagnostic, Loc, display_path, error
from toolkit.load.art import ART, ART_REF, ArtError, art_folder, named, vet
from toolkit.model.content import Document
from toolkit.validate.schema import FieldInfo, marked_fields


def check_backdrops(game_dir: Path) -> list[Diagnostic]:
    """CONTENT-ART for each picture under `art/boards/` that cannot be used."""
    try:
        folder = art_folder(game_dir) / "boards"
    except ArtError:
        return []  # the art folder itself is refused where a slot names it
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.iterdir()):
        ref = f"{ART}/boards/{path.name}"
        try:
            if not re.fullmatch(ART_REF, ref):
                raise ArtError("a board's backdrop is named <board>.png, .jpg, .jpeg or .svg")
            vet(game_dir, ref)
        except ArtError as exc:
            found.append(
                error(
                    Loc(display_path(path), exc.line),
                    "CONTENT-ART",
                    f"picture {named(ref, exc)}: {exc}",
                )
            )
    return found


def _is_slot(fi: FieldInfo) -> bool:
    """Is the field an art slot (a picture's path under art/)?"""
    pattern = fi.meta.get("pattern")
    return pattern is not None and pattern.pattern == ART_REF


def check_slots(game_dir: Path, docs: list[Document]) -> list[Diagnostic]:
    """CONTENT-ART for each art slot naming a picture that cannot be used."""
    found = []
    for doc in docs:
        for path, ref in marked_fields(doc, _is_slot):
            if not ref:
                continue
            try:
                vet(game_dir, ref)
            except ArtError as exc:
                found.append(
                    error(doc.loc_of(*path), "CONTENT-ART", f"picture {named(ref, exc)}: {exc}")
                )
    return found
