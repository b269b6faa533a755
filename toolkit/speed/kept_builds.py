"""A game's build, kept: after an edit to one game, `make sheets` does not load, check and
list the games whose inputs did not change.

A build records in each game's manifest (`kit/manifest.json`, under `build`) the key of
everything that game's build reads: the bytes of every file in its content folder
(`check_cache.tree_digest`), the renderer's code and templates (`build.fingerprint`), the
options, the content folder as it was named and as the kit shows it, and the PDF dates'
epoch. With it goes what the game's check found, how many placeholder values its kit prints,
and the digest of each rules text the check read (they lie outside the content folder).

The next build under the same key, into a folder whose files are all as that build left
them (each file's digest the manifest's), tells the game from the record: the same
findings, nothing built, every output up to date, as a build that loaded it would have
found. Anything else (an edit, another option, a file changed, deleted or added to the
manifest, `--force`, `--only`, a draft, a chosen expansion or a print shop's export, which
weigh every game at once) builds the game as before, output by output. A game whose build
found an error or failed an output is never kept.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.core.diagnostics import Report, display_path, from_record, to_record
from toolkit.kit.manifest import file_digest
from toolkit.load.rules_text import unchanged
from toolkit.speed.check_cache import tree_digest

VERSION = 1


@dataclass
class Kept:
    """A game told from its last build: what its check found, and its outputs' count."""

    found: Report
    outputs: int


def eligible(options: Any) -> bool:
    """Whether a build with these options (`build.BuildOptions`) may keep a game whole."""
    return not (
        options.force
        or options.draft
        or options.paths_only
        or options.only is not None
        or options.expansions is not None
        or options.export is not None
    )


def game_key(content_dir: Path, gid: str, options: Any, code: str) -> str | None:
    """The key of everything this game's build reads, or None when the content folder
    cannot be vouched for (`check_cache.tree_digest`). It holds nothing of where the
    project is, only the paths as the kit shows them: two copies of a project build the
    same kit, and write the same manifest."""

    tree = tree_digest(content_dir / gid)
    if tree is None:
        return None
    # every option but how many workers: each changes what is written, or where
    opts = repr(dataclasses.replace(options, jobs=0))
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    shown = display_path(content_dir / gid)
    text = f"{VERSION}\0{tree}\0{code}\0{opts}\0{content_dir}\0{shown}\0{epoch}"
    return hashlib.blake2b(text.encode("utf-8", "surrogateescape"), digest_size=20).hexdigest()


def recall(manifest: Any, game_out: Path, key: str, project: Path) -> Kept | None:
    """The game as its last build into `game_out` left it (`manifest`, its
    `manifest.Manifest`), if that build was made under `key`, every file it wrote is still
    the one it wrote (its digest) and every rules text its check read (`project`: the
    folder holding the content folder) is still the one it read; else None."""

    kept = manifest.build
    if not isinstance(kept, dict) or kept.get("key") != key or manifest.damaged:
        return None
    inputs = kept.get("inputs")
    if not (
        isinstance(inputs, list)
        and all(
            isinstance(i, list) and len(i) == 2 and all(type(x) is str for x in i) for i in inputs
        )
        and unchanged(project, [(path, digest) for path, digest in inputs])
    ):
        return None
    written = [*((p, e["sha256"]) for p, e in manifest.entries.items()), *manifest.written.items()]
    if not written or any(file_digest(game_out / p) != digest for p, digest in written):
        return None
    return _told(kept, len(manifest.entries))


def _told(kept: dict[str, Any], outputs: int) -> Kept | None:
    """What a record (`seal`) says, if every part of it is of the type `seal` writes; else
    None (the game is loaded and checked, as without a record)."""
    records, notes = kept.get("found"), kept.get("notes")
    counts = [kept.get(name) for name in ("checked", "placeholders", "printed")]
    if (
        type(records) is not list
        or type(notes) is not list
        or not all(type(n) is str for n in notes)
        or not all(type(c) is int for c in counts)
    ):
        return None
    found = Report()
    for record in records:
        d = from_record(record) if _is_record(record) else None
        if d is None:
            return None
        found.diagnostics.append(d)
    found.files, found.placeholders, found.printed = counts
    found.notes = list(notes)
    return Kept(found, outputs)


def _is_record(record: object) -> bool:
    """Whether `record` holds each part of a finding as `to_record` writes it (where
    `from_record` would make a path of a number, or a line of a string of digits)."""
    return (
        isinstance(record, dict)
        and all(type(record.get(k)) is str for k in ("path", "severity", "code", "message"))
        and all(type(record.get(k)) is int for k in ("line", "column"))
        and type(record.get("waived")) in (str, type(None))
    )


def seal(key: str, found: Report) -> dict[str, Any]:
    """The record `recall` reads: `key` and what the game's check found. (The files are
    vouched for by the manifest's digests: the record holds nothing of the time it was
    made, so two builds of the same content write the same manifest.)"""
    return {
        "key": key,
        "found": [to_record(d) for d in found.diagnostics],
        "checked": found.files,
        "placeholders": found.placeholders,
        "printed": found.printed,
        "notes": list(found.notes),
        # the rules texts the check read, outside the content folder: (path, sha256)
        "inputs": [list(i) for i in found.inputs],
    }
