"""Find stage: which files under `content/<game>/` are content, and why each other one is
not read.

The game folder is walked entry by entry. A content file is a regular file whose name
ends in `.yaml`, `.yml` or `.csv` and whose place matches a content kind of the pack; it
is handed to the loader. Every other file or folder is reported, with why it is not
read, so that nothing is skipped in silence:

- a link that leads out of the content folder (the project root, see `toolkit.core.assets`),
  whatever it names, the game folder itself included: an error, nothing read through it;
- a content file with more than one hard link (its other name may lie outside the project):
  an error, not read;
- folders nested more than `MAX_DEPTH` deep: an error at the deepest one read;
- a file that looks like content but is not read (`lazar.YAML`, `lazar.yaml.txt`,
  `.lazar.yaml`, a `.yaml` file where no kind lives): an error saying what to rename;
- a FIFO, device or socket, a file or folder that cannot be listed or read: an error;
- an editor's temporary file, a hidden file or folder, any other file: a warning.

The `assets/`, `icons/` and `art/` folders hold the pictures content points at: they are
read when used, so only their links out, special files and stray content files are
reported. Links inside
the content folder are followed (a folder reached twice is reported, not read twice).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Protocol

from toolkit.core.assets import ASSETS, inside
from toolkit.core.diagnostics import Diagnostic, Loc, display_path, error, warning
from toolkit.load.art import ART
from toolkit.load.icons import ICONS


class ContentKind(Protocol):
    """What finding files needs of a content kind (`toolkit.model.content.ContentKind`)."""

    @property
    def pattern(self) -> str: ...

    def matches(self, rel: PurePosixPath) -> bool: ...


CONTENT_SUFFIXES = (".yaml", ".yml", ".csv")
PICTURES = ((ASSETS,), (ICONS,), (ART,))  # picture folders: read when used, not content
EDITOR_SUFFIXES = (".swp", ".swo", ".swx", ".tmp", ".bak", ".orig", ".rej")


@dataclass
class Found:
    """What a game folder holds: the content files to read and everything reported."""

    files: list[tuple[Path, PurePosixPath, ContentKind]] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # shown paths reported as errors that may hide content (rule checks then wait), that is
    # every error but those about pictures
    refused: list[str] = field(default_factory=list)
    outside: bool = False  # the game folder itself leads out: nothing was looked at


MAX_DEPTH = 32  # folders below the game folder


def find_content(game_dir: Path, kinds: Sequence[ContentKind]) -> Found:
    """Every entry under `game_dir` (a folder of the content folder `game_dir.parent`),
    sorted into content files and reported others (see the module docstring)."""
    walk = _Walk(game_dir, kinds)
    shown = display_path(game_dir)
    real = os.path.realpath(game_dir)
    if not inside(real, walk.root_real) or real == walk.root_real:
        walk.refuse(
            shown,
            "CONTENT-OUTSIDE",
            "this game folder is a link to a place outside "
            "the content folder; nothing in it is read",
        )
        walk.found.outside = True
    else:
        walk.seen[real] = shown
        walk.folder(game_dir, PurePosixPath())
        while walk.links:  # linked folders last, so a real folder is never the one refused
            walk.linked(*walk.links.pop(0))
    return walk.found


class _Walk:
    def __init__(self, game_dir: Path, kinds: Sequence[ContentKind]) -> None:
        self.kinds = kinds
        self.root_real = os.path.realpath(game_dir.parent)
        self.seen: dict[str, str] = {}  # real paths of the folders walked, as first shown
        self.found = Found()
        self.in_assets = False  # the entry at hand lies in `assets/` (pictures, not content)
        self.links: list[tuple[Path, PurePosixPath, bool]] = []  # linked folders, to walk

    def refuse(self, shown: str, code: str, message: str) -> None:
        self.found.diagnostics.append(error(Loc(shown, 1, 1), code, message))
        if not self.in_assets:
            self.found.refused.append(shown)

    def skip(self, shown: str, message: str) -> None:
        self.found.diagnostics.append(warning(Loc(shown, 1, 1), "CONTENT-SKIPPED", message))

    def kind(self, rel: PurePosixPath) -> ContentKind | None:
        if rel.suffix not in CONTENT_SUFFIXES:
            return None
        return next((k for k in self.kinds if k.matches(rel)), None)

    def folder(self, path: Path, rel: PurePosixPath) -> None:
        if len(rel.parts) >= MAX_DEPTH:  # no game nests so deep; the walk would overflow
            why = f"folders nested more than {MAX_DEPTH} deep; nothing in this one is read"
            self.refuse(display_path(path), "CONTENT-IO", why)
            return
        try:
            with os.scandir(path) as it:
                names = sorted(e.name for e in it)
        except OSError as exc:
            why = f"cannot list this folder ({exc.strerror}); nothing in it is read"
            self.refuse(display_path(path), "CONTENT-IO", why)
            return
        for name in names:
            self.entry(path / name, rel / name, in_assets=rel.parts[:1] in PICTURES)

    def entry(self, path: Path, rel: PurePosixPath, in_assets: bool) -> None:
        shown, name = display_path(path), path.name
        self.in_assets = in_assets or rel.as_posix() in {p[0] for p in PICTURES}
        if os.path.islink(path):
            real = os.path.realpath(path)
            if not inside(real, self.root_real):
                return self.refuse(
                    shown,
                    "CONTENT-OUTSIDE",
                    "a link to a place outside the content folder; not read",
                )
            if any(
                p.startswith(".")
                for p in PurePosixPath(os.path.relpath(real, self.root_real)).parts
            ):
                return self.refuse(
                    shown, "CONTENT-OUTSIDE", "a link to a hidden file or folder; not read"
                )
        if name.startswith(".") and not in_assets:
            return self.hidden(path, shown, rel)
        try:
            st = os.stat(path)
            mode = st.st_mode
        except OSError as exc:
            what = "a link to nothing" if os.path.islink(path) else "cannot read it"
            return self.refuse(shown, "CONTENT-IO", f"{what} ({exc.strerror}); not read")
        if stat.S_ISDIR(mode):
            if os.path.islink(path):
                return self.links.append((path, rel, in_assets))
            self.seen[os.path.realpath(path)] = shown
            return self.folder(path, rel)
        if not stat.S_ISREG(mode):
            return self.refuse(
                shown, "CONTENT-NOT-FILE", "not a regular file (a FIFO, device or socket); not read"
            )
        kind = None if in_assets else self.kind(rel)
        if kind is not None and st.st_nlink > 1:  # git never makes one; an archive or ln can
            self.refuse(
                shown,
                "CONTENT-OUTSIDE",
                f"a hard link (one file under {st.st_nlink} names, which may lie outside "
                "the project); not read: copy the file instead of linking it",
            )
        elif kind is not None:
            self.found.files.append((path, rel, kind))
        elif in_assets:
            if path.suffix.lower() in CONTENT_SUFFIXES:
                self.refuse(
                    shown,
                    "CONTENT-UNKNOWN-FILE",
                    f"a content file in {rel.parts[0]}/, which holds pictures only; it is not read",
                )
        else:
            self.other(shown, rel)

    def linked(self, path: Path, rel: PurePosixPath, in_assets: bool) -> None:
        """A link to a folder inside the content folder: walked, unless that folder is
        walked already (by its own path or another link)."""
        shown, real = display_path(path), os.path.realpath(path)
        self.in_assets = in_assets or rel.as_posix() in {p[0] for p in PICTURES}
        if real in self.seen:
            return self.refuse(
                shown,
                "CONTENT-LINK",
                f"a link to {self.seen[real]}, which is read already; its files are not read twice",
            )
        self.seen[real] = shown
        self.folder(path, rel)

    def hidden(self, path: Path, shown: str, rel: PurePosixPath) -> None:
        """A name starting with '.': never read, said so (an error when it looks like a
        content file that was meant to be read)."""
        if path.is_dir():
            return self.skip(
                shown, "hidden folder (its name starts with '.'); not read, nor anything in it"
            )
        if _editor_file(path.name):
            return self.skip(shown, "an editor's temporary or backup file; not read")
        visible = rel.with_name(path.name.lstrip("."))
        if self.kind(visible) is not None:
            return self.refuse(
                shown,
                "CONTENT-UNKNOWN-FILE",
                f"hidden file (its name starts with '.'); not read: rename it to {visible.name}",
            )
        self.skip(shown, "hidden file (its name starts with '.'); not read")

    def other(self, shown: str, rel: PurePosixPath) -> None:
        """A file that is not a content file: why, and the name it may have been meant to
        have."""
        name = rel.name
        lower = name.lower()
        hit = min((i for ext in CONTENT_SUFFIXES if (i := lower.find(ext)) > 0), default=-1)
        if hit > 0:
            end = next(hit + len(e) for e in CONTENT_SUFFIXES if lower.startswith(e, hit))
            meant = rel.with_name(name[:hit] + lower[hit:end])
            if meant.suffix == ".yml":
                meant = meant.with_suffix(".yaml")
            if _editor_file(name) and end < len(name):
                return self.skip(shown, "an editor's temporary or backup file; not read")
            if self.kind(meant) is not None and meant.name != name:
                why = (
                    f"`{name[end:]}` after `{lower[hit:end]}`"
                    if end < len(name)
                    else f"the extension is written `{name[hit:end]}`"
                )
                return self.refuse(
                    shown,
                    "CONTENT-UNKNOWN-FILE",
                    f"{why}: not read as content; rename it to {meant.name}",
                )
        known = ", ".join(k.pattern for k in self.kinds)
        if rel.suffix.lower() in CONTENT_SUFFIXES:
            return self.refuse(
                shown,
                "CONTENT-UNKNOWN-FILE",
                f"not a known kind of content file (expected one of: {known})",
            )
        self.skip(shown, f"not a content file (those are: {known}); not read")


def _editor_file(name: str) -> bool:
    """An editor's swap, lock, backup or temporary file (vim, Emacs, patch, ...)."""
    return (
        name.endswith("~")
        or name.lower().endswith(EDITOR_SUFFIXES)
        or name.startswith(".#")
        or (name.startswith("#") and name.endswith("#"))
    )
