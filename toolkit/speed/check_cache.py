"""A game's check result, kept between processes: `toolkit check` on a game none of whose
inputs changed prints what the last check of it found, without loading or checking again.

A pre-commit hook runs `toolkit check` on every commit, and most commits touch one game:
the others are as they were. A game's result is kept under a key made of everything its
check reads: the path and bytes of every file in its content folder, the toolkit's code
and templates (`content_cache.code_stamp`, which also keys the validated documents), the
content folder's real path and the working folder (findings show paths relative to it).
Any change to any of them is a new key, so a kept result is never stale. The rules texts
the game's content cites lie outside its folder (game.yaml names them): the result keeps
each one's digest, and is used only while every text still has it. A folder the key
cannot vouch for (a symbolic link, a special or huge file in it) is checked every time, and
so is every game of a check with an explicit baseline (`--since REV`: what the files held
at a git revision, which no key holds), whose result is not kept either.

Results live with the validated documents (`toolkit.speed.content_cache`): in the user's cache
directory, never the project, trusted only when no one else may write them;
`TOOLKIT_NO_CACHE=1` turns both off. This module imports nothing heavy: a kept result is
printed without importing the game packs, the loader or the rules.
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from toolkit.core.diagnostics import Diagnostic, GameResult, Note, Severity
from toolkit.core.overrides import overrides_digest
from toolkit.core.resources import TEMPLATES
from toolkit.load.find import MAX_DEPTH
from toolkit.load.rules_text import unchanged
from toolkit.speed import content_cache
from toolkit.validate.kept import is_loc

VERSION = 1
# a content file larger than this is the loader's to refuse (FILE-SIZE), not ours to read
MAX_HASHED = 16 * 1024 * 1024
MAX_FILES = 20_000


def key(game_dir: Path, shared: str | None = None) -> str | None:
    """The key of this game's check as its inputs are now, or None when it cannot be kept
    (cache off, or a folder whose every input the key cannot vouch for). `shared`: what
    every game's key holds (`shared_inputs`), when several games are keyed at once."""
    if content_cache.cache_folder() is None:
        return None
    tree = tree_digest(game_dir)
    if tree is None:
        return None
    try:
        where = str(game_dir.resolve())  # the findings show paths from the working folder
    except (OSError, ValueError):
        return None
    # the project's template overrides: the check reads its board.css (`shared_inputs`)
    own = overrides_digest(game_dir.parent)
    text = f"{shared or shared_inputs()}{own}\0{where}\0{tree}"
    return hashlib.blake2b(text.encode("utf-8", "surrogateescape"), digest_size=20).hexdigest()


def tree_digest(game_dir: Path) -> str | None:
    """A digest of every file in the game's folder (names relative to it, kinds, bytes),
    wherever the folder is; None for a folder it cannot vouch for (a symbolic link, a
    special or huge file in it)."""
    h = hashlib.blake2b(digest_size=20)
    try:
        if os.path.islink(game_dir) or not game_dir.is_dir():
            return None
        if not _hash_tree(h, str(game_dir), "", [0]):  # (count: entries seen so far)
            return None
    except (OSError, ValueError):
        return None
    return h.hexdigest()


def shared_inputs() -> str:
    """What every game's check reads besides its own folder: the toolkit's code, the
    templates (the check lists each game's outputs, which reads its board.css) and the
    working folder."""
    return f"{VERSION}\0{content_cache.code_stamp()}\0{_templates()}\0{os.getcwd()}\0"


def _templates() -> str:
    return content_cache.tree_stamp(TEMPLATES)


def _hash_tree(h: hashlib._Hash, folder: str, rel: str, count: list[int]) -> bool:
    """Hash every entry under `folder` (names, kinds and bytes) without following a link;
    False when something in it cannot be vouched for."""
    if rel.count("/") >= MAX_DEPTH:  # nested deeper than the content finder reads
        return False
    with os.scandir(folder) as it:
        entries = sorted(it, key=lambda e: e.name)
    for entry in entries:
        count[0] += 1
        if count[0] > MAX_FILES:
            return False
        st = entry.stat(follow_symlinks=False)
        name = f"{rel}/{entry.name}"
        if stat.S_ISDIR(st.st_mode):
            h.update(f"d\0{name}\0".encode("utf-8", "surrogateescape"))
            if not _hash_tree(h, entry.path, name, count):
                return False
        elif stat.S_ISREG(st.st_mode) and st.st_size <= MAX_HASHED and st.st_nlink <= 1:
            with open(entry.path, "rb") as fh:
                data = fh.read(MAX_HASHED + 1)
            h.update(f"f\0{name}\0{len(data)}\0".encode("utf-8", "surrogateescape"))
            h.update(data)
        else:  # a link (hard links too), a pipe, a device, a huge file: checked every time
            return False
    return True


def load(game_dir: Path, key_: str) -> GameResult | None:
    """The result kept for this game folder if it was kept under this key, else None (as
    for one that is not a whole `GameResult`: a miss, checked again)."""
    kept = content_cache.read(content_cache.game_file(game_dir, "check"))
    if not (isinstance(kept, tuple) and len(kept) == 2 and kept[0] == key_):
        return None
    # the rules texts the check read lie outside the game's folder, so outside the key: the
    # result holds only while each is as it was read
    result = kept[1]
    if _is_result(result) and unchanged(game_dir.absolute().parent.parent, result.inputs):
        return result  # type: ignore[no-any-return]
    return None


def _is_result(value: object) -> bool:
    """Whether `value` is a `GameResult` with every field of its type, down to each
    finding's."""
    if type(value) is not GameResult:
        return False
    diags, notes = getattr(value, "diagnostics", None), getattr(value, "notes", None)
    inputs = getattr(value, "inputs", None)
    return (
        type(diags) is list
        and all(map(_is_diagnostic, diags))
        and type(notes) is list
        and all(type(n) is str for n in notes)
        and type(inputs) is list
        and all(type(i) is tuple and len(i) == 2 and all(type(x) is str for x in i) for i in inputs)
        and all(
            type(getattr(value, name, None)) is int for name in ("files", "placeholders", "printed")
        )
    )


def _is_diagnostic(value: object) -> bool:
    missing = object()
    return (
        type(value) is Diagnostic
        and is_loc(getattr(value, "loc", None))
        and type(getattr(value, "severity", None)) is Severity
        and type(getattr(value, "code", None)) is str
        and type(getattr(value, "message", None)) is str
        and type(getattr(value, "waived", missing)) in (str, type(None))
        and type(getattr(value, "notes", None)) is tuple
        and all(map(_is_note, value.notes))  # type: ignore[attr-defined]
    )


def _is_note(value: object) -> bool:
    loc = getattr(value, "loc", None)
    return (
        type(value) is Note
        and type(getattr(value, "message", None)) is str
        and (loc is None or is_loc(loc))
    )


def save(game_dir: Path, key_: str, result: GameResult) -> None:
    """Keep a game's result for the next process, in place of the one kept before."""
    content_cache.write(content_cache.game_file(game_dir, "check"), (key_, result))
