"""Kit stage: `kit/manifest.json`, the record of every file the toolkit wrote in
`<out>/<game>/`, and so of the only files it may overwrite or delete there.

It lists each output of the kit (kind, pages, paper, sources, sha256, and the key of the
inputs it was built from, which makes incremental builds exact) under `outputs`, and the
other files the toolkit wrote (the gallery's `index.html` and preview pictures, sheets of
`toolkit setup`) with their sha256 under `written`. A file in the output folder that it
does not list is the user's: never overwritten, never deleted.

A damaged manifest (not JSON, an entry without a path, a path that leaves the folder)
never stops a build: what it cannot describe is rebuilt. Since a manifest is there, the
folder is the toolkit's: the files at the kit's own paths are adopted as written by it
(`adopt`), and may be overwritten; nothing else is.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.core.diagnostics import display_path
from toolkit.core.errors import ToolkitError
from toolkit.core.walk import files_under
from toolkit.write.outfolder import LinkError, OutFolder, relative_path_ok

# The gallery's file names (`index.html`, `preview/<output>.<16 hex>.png`): a manifest
# from before `written` was recorded owns those it would have written.
_GALLERY = re.compile(r"index\.html|preview/.+\.[0-9a-f]{16}\.png")


@dataclass
class Manifest:
    """The outputs (by path) and other files the toolkit wrote in one game's folder."""

    path: Path
    game: str = ""  # the game id written at the top of the file
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)
    written: dict[str, str] = field(default_factory=dict)  # other files: path -> sha256
    damaged: str = ""  # why the file could not be read whole ("" when it could)
    legacy: bool = False  # written before `written` was recorded
    # the last build's key and findings, when it may tell the game again (`kept_builds`)
    build: dict[str, Any] | None = None
    # paths it lists that leave the game's folder (absolute, `..`): a build refuses them
    escapes: list[str] = field(default_factory=list)

    @property
    def folder(self) -> OutFolder:
        """The game's output folder this manifest describes (`<game>/kit/manifest.json`)."""
        return OutFolder(self.path.parent.parent)

    @classmethod
    def open(cls, game_out: Path) -> Manifest:
        """The manifest of the game's output folder `game_out`, once the folder is known to
        hold no link (`OutFolder.guard`) and the manifest to list no path out of it: a
        LinkError (exit 2) otherwise, before anything there is read, kept or written."""
        OutFolder(game_out).guard()
        manifest = cls.read(game_out / "kit" / "manifest.json")
        manifest.refuse_escapes()
        return manifest

    @classmethod
    def read(cls, path: Path) -> Manifest:
        """The manifest at `path`; an empty one when there is none; whatever can be read
        of a damaged one, with `damaged` saying what was wrong (everything else is
        rebuilt)."""
        manifest = cls(path)
        try:
            data = json.loads(path.read_bytes())
        except OSError as exc:
            if exc.errno in (errno.ENOENT, errno.ENOTDIR, errno.ENAMETOOLONG):
                return manifest  # there is none (there could be none)
            manifest.damaged = f"cannot be read: {exc.strerror}"
            return manifest
        except ValueError as exc:
            manifest.damaged = f"cannot be read: {getattr(exc, 'strerror', None) or exc}"
            return manifest
        except RecursionError:  # thousands of nested brackets: not a manifest we wrote
            manifest.damaged = "cannot be read: nested too deeply"
            return manifest
        if isinstance(data, dict) and isinstance(data.get("game"), str):
            manifest.game = data["game"]
        if not isinstance(data, dict) or not isinstance(data.get("outputs"), list):
            manifest.damaged = "it is not a manifest (no list of outputs)"
            return manifest
        for i, entry in enumerate(data["outputs"]):
            fields = ("key", "sha256", "kind")
            manifest.note_escape(entry.get("path") if isinstance(entry, dict) else None)
            if not (
                isinstance(entry, dict)
                and relative_path_ok(entry.get("path"))
                and all(isinstance(entry.get(k), str) for k in fields)
            ):
                manifest.damaged = f"output {i + 1} is not a valid entry"
                continue
            manifest.entries[entry["path"]] = entry
        written = data.get("written")
        if written is None:
            manifest.legacy = True
        elif isinstance(written, dict):
            for p, digest in written.items():
                manifest.note_escape(p)
                if relative_path_ok(p) and isinstance(digest, str):
                    manifest.written[p] = digest
                else:
                    manifest.damaged = f"written file {p!r} is not a valid entry"
        else:
            manifest.damaged = "its list of written files is not a mapping"
        if isinstance(data.get("build"), dict):
            manifest.build = data["build"]
        return manifest

    def note_escape(self, path: object) -> None:
        """Remember a listed path that would leave the game's folder."""
        if isinstance(path, str) and path and not relative_path_ok(path):
            self.escapes.append(path)

    def refuse_escapes(self) -> None:
        """Stop (exit 2) when the manifest lists a path out of the game's folder: a committed
        manifest must not point a prune or a write elsewhere."""
        if self.escapes:
            shown = ", ".join(repr(p) for p in list(dict.fromkeys(self.escapes))[:3])
            game_out = display_path(self.folder.root)
            raise LinkError(
                f"{display_path(self.path)} lists {shown}, outside {game_out}; "
                "nothing is written or deleted: remove that entry (or the manifest), then build "
                "again"
            )

    def owns(self, path: str) -> bool:
        """Whether the toolkit wrote the file at `path` (relative to the game's folder), so
        that it may overwrite or delete it."""
        return (
            path in self.entries
            or path in self.written
            or (self.legacy and _GALLERY.fullmatch(path) is not None)
        )

    def adopt(self, game_out: Path, paths: list[str]) -> None:
        """After damage: take the files at the kit's own `paths` (and the gallery's
        pictures) as the toolkit's, since the manifest that listed them is lost."""
        found = [p for p in paths if os.path.isfile(game_out / p)]
        if os.path.isdir(game_out / "preview"):
            found += [
                q
                for q in (
                    p.relative_to(game_out).as_posix()
                    for p in files_under(game_out / "preview", (".png",))
                )
                if _GALLERY.fullmatch(q)
            ]
        for p in found:
            if p not in self.entries:
                self.written[p] = file_digest(game_out / p) or ""

    def claim(self, game_out: Path, paths: list[str]) -> None:
        """Record `paths` as the toolkit's before writing them, and save that at once: a
        file written in a build whose last manifest write fails (a full disk) is still
        known as the toolkit's next time. (One write, and only for paths not yet listed.)"""
        new = [p for p in paths if not self.owns(p)]
        if new:
            self.written.update(dict.fromkeys(new, ""))
            self.write()

    def settle(self, game_out: Path) -> None:
        """After writing: a claim on a path that holds no file (its output failed) goes;
        one whose file is there keeps the file's digest."""
        for path, digest in list(self.written.items()):
            if digest:
                continue
            if os.path.isfile(game_out / path):
                self.written[path] = file_digest(game_out / path) or ""
            else:
                del self.written[path]

    def refuse_strangers(self, game_out: Path, paths: list[str]) -> None:
        """Stop before anything is written when a file the toolkit did not write stands
        where one of `paths` (relative to `game_out`) would go: it is the user's, and
        stays."""
        strangers = [p for p in paths if os.path.lexists(game_out / p) and not self.owns(p)]
        if not strangers:
            return
        shown = ", ".join(strangers[:5]) + (
            f" and {len(strangers) - 5} more" if len(strangers) > 5 else ""
        )
        raise ToolkitError(
            f"{display_path(game_out)} holds {len(strangers)} file(s) the toolkit did not write "
            f"where the kit's files go ({shown}); they are not overwritten: move them away or "
            f"choose another --out folder ({display_path(self.path)} lists what the toolkit "
            "wrote)"
        )

    def prune(self, game_out: Path, paths: set[str]) -> tuple[int, list[Path]]:
        """Drop the outputs at `paths` from the manifest and delete their files, unless a
        file changed since the toolkit wrote it (then it is the user's, and stays): how many
        entries went, and the files kept."""
        kept = []
        folder = OutFolder(game_out)
        for path in sorted(paths):
            entry = self.entries.pop(path)
            target = folder.path(path)
            if not target.is_file():
                continue
            if file_digest(target) == entry["sha256"]:
                folder.remove(path)
            else:
                kept.append(target)
        return len(paths), kept

    def write(self, game: str | None = None) -> None:
        """Write the manifest (atomically: a failed write leaves the previous one)."""
        self.game = game or self.game
        folder = self.folder
        rel = self.path.relative_to(folder.root).as_posix()
        folder.write_text(
            rel,
            _as_json(
                self.game,
                [self.entries[k] for k in sorted(self.entries)],
                dict(sorted(self.written.items())),
                self.build,
            ),
        )


def _as_json(
    game: str | None,
    outputs: list[dict[str, Any]],
    written: dict[str, str],
    build: dict[str, Any] | None = None,
) -> str:
    """The manifest's JSON, one output a line: as readable and diffable as indented JSON,
    and encoded by the json module's C encoder (indenting falls back to the Python one, a
    tenth of a second a write for a kit of 400 files, three writes a build)."""

    def line(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    rows = ",\n".join(f"    {line(o)}" for o in outputs)
    files = ",\n".join(f"    {line(k)}: {line(v)}" for k, v in written.items())
    kept = f',\n  "build": {line(build)}' if build is not None else ""
    return (
        f'{{\n  "game": {line(game)},\n  "outputs": [\n{rows}\n  ],\n'
        f'  "written": {{\n{files}\n  }}{kept}\n}}\n'
    )


# Digests of the outputs this process has read or written, by path, with the size and
# modification time they had: a warm process (watch mode) hashes only files that changed.
_DIGESTS: dict[Path, tuple[int, int, str]] = {}


def file_digest(path: Path) -> str | None:
    """The sha256 of a file on disk (None if it cannot be read)."""
    try:
        st = path.stat()
        seen = _DIGESTS.get(path)
        if seen is not None and seen[:2] == (st.st_size, st.st_mtime_ns):
            return seen[2]
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None
    _DIGESTS[path] = (st.st_size, st.st_mtime_ns, digest)
    return digest


def remember_digest(path: Path, digest: str) -> None:
    """Remember the digest of a file this process has just written."""
    st = path.stat()
    _DIGESTS[path] = (st.st_size, st.st_mtime_ns, digest)
