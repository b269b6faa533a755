"""Confinement: the one place that decides whether a path may be opened for content.

What the root is. Every read made on content's behalf is confined to the real path of
the project, which has two roots, both chosen by the user or the toolkit, never by
content:

- the content folder the user named (`--content`, by default the repository's
  `content/`): content files, and the pictures under `content/<game>/assets/`;
- the toolkit's own `templates/` (stylesheets, fonts, template pictures).

Everything *below* a root comes from pull requests and may be a committed symlink: a game
folder, its `assets/` folder, any sub-folder or file. So the real path of such a folder
is never taken as a root. A path is allowed only when

- it lies under a root (`..` and `%2f` tricks are normalised away first),
- no symlink on the way from the root to it leads out of that root (not even one that a
  later `..` would bring back), and its real path lies inside the root,
- no part of it below the root is hidden (a dotfile or dot-folder such as `.git`),

and, for a file to be read, it is a regular file (never a FIFO or a device) under the
size cap, with no other name. A hard link has no path of its own to vet: the same file
may sit anywhere on the disk under another name (`ln ~/.ssh/id_rsa content/.../art/x.png`),
so a file with more than one link is refused, except under the roots a caller names as
the toolkit's own (its templates: an installer such as uv hard-links a package's files to
its cache).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Sequence
from pathlib import Path

MAX_ASSET_BYTES = 20_000_000
ASSETS = "assets"  # a game's picture folder, `content/<game>/assets/`


class AssetError(Exception):
    """A path that must not be read; the message says why."""


def inside(path: str, root: str) -> bool:
    """Whether `path` is `root` or lies under it (both absolute and normalised)."""
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def within(
    path: str | os.PathLike[str], root: str | os.PathLike[str], what: str = "the project's folders"
) -> str:
    """The real path of `path`, which must lie under `root` (see the module docstring:
    every symlink on the way from `root` stays inside it, nothing hidden); AssetError
    saying why otherwise (`what` names the root in it). `root` itself is trusted: it is
    the caller's choice."""
    absolute = os.path.abspath(path)
    root_real = os.path.realpath(root)
    for base in dict.fromkeys((os.path.abspath(root), root_real)):
        if inside(absolute, base):
            return _walk(absolute, base, root_real, what)
    raise AssetError(f"outside {what}")


def _walk(absolute: str, base: str, root_real: str, what: str) -> str:
    """Check each step from `base` (the root, as written or real) down to `absolute`."""
    here = base
    for part in Path(os.path.relpath(absolute, base)).parts:
        if part.startswith("."):
            raise AssetError("hidden file or folder")
        here = os.path.join(here, part)
        if os.path.islink(here) and not inside(os.path.realpath(here), root_real):
            raise AssetError(f"'{part}' is a link that leads outside {what}")
    real = os.path.realpath(absolute)
    if not inside(real, root_real):
        raise AssetError(f"outside {what}")
    if any(p.startswith(".") for p in Path(os.path.relpath(real, root_real)).parts):
        raise AssetError("hidden file or folder")
    return real


def confined(path: str, roots: Sequence[Path | str], own: Sequence[Path | str] = ()) -> str:
    """The real path of `path` if it is a readable regular file under one of `roots`
    (each a trusted root, or a folder vetted with `within`: see `game_assets`), with no
    other name unless it lies under one of `own` (the toolkit's own folders)."""
    absolute = os.path.abspath(path)
    root = next(
        (
            r
            for r in roots
            if inside(absolute, os.path.abspath(r)) or inside(absolute, os.path.realpath(r))
        ),
        None,
    )
    if root is None:
        raise AssetError("outside the project's asset folders")
    real = within(absolute, root, "the project's asset folders")
    try:
        st = os.stat(real)
    except OSError as exc:
        raise AssetError(f"cannot read it ({exc.strerror})") from None
    if not stat.S_ISREG(st.st_mode):
        raise AssetError("not a regular file")
    if st.st_size > MAX_ASSET_BYTES:
        raise AssetError(f"larger than {MAX_ASSET_BYTES // 1_000_000} MB")
    if st.st_nlink > 1 and not any(inside(real, os.path.realpath(r)) for r in own):
        raise AssetError(
            f"a hard link (one file under {st.st_nlink} names, which may lie "
            "outside the project): copy the file instead of linking it"
        )
    return real


def read_asset(path: str, roots: Sequence[Path | str], own: Sequence[Path | str] = ()) -> bytes:
    """The bytes of a confined asset (see `confined`)."""
    real = confined(path, roots, own)
    with open(real, "rb") as fh:
        return fh.read(MAX_ASSET_BYTES + 1)


def game_assets(game_dir: Path) -> Path:
    """A game's `assets/` folder, once vetted against the content folder (the game
    folder's parent, the project root for content): neither the game folder nor `assets`
    may be a link that leads out of it. AssetError otherwise."""
    folder = game_dir / ASSETS
    try:
        within(folder, game_dir.parent, "the content folder")
    except AssetError as exc:
        raise AssetError(f"the {ASSETS} folder cannot be used: {exc}") from None
    return folder


def game_asset(game_dir: Path, ref: str) -> str:
    """The real path of a picture that content names (`assets/...`, relative to its game
    folder), confined to that game's vetted `assets/` folder."""
    return confined(str(game_dir / ref), [game_assets(game_dir)])


def read_game_asset(game_dir: Path, ref: str) -> bytes:
    """The bytes of a picture that content names (see `game_asset`)."""
    return read_asset(game_asset(game_dir, ref), [game_assets(game_dir)])


def game_folder(game_dir: Path, name: str) -> Path:
    """A game's own sub-folder (`art`, `icons`), vetted: a link out of the content folder
    is an AssetError."""
    folder = game_dir / name
    within(folder, game_dir.parent, "the content folder")
    return folder


def file_stamp(path: Path) -> tuple[int, ...]:
    """Which file is at `path` and how it stands (inode, size, modification time, links;
    empty when it is not there): part of a cache key, so a picture edited, replaced or
    given another name is vetted again."""
    try:
        st = os.stat(path)
    except OSError:
        return ()
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_nlink)


def mtime_ns(path: Path) -> int:
    """When a file last changed (0 when it is not there): part of a cache key, so an edited
    picture or icon is read again."""
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return 0


def tree(folder: Path, rel: str) -> Iterator[tuple[str, Path, os.stat_result]]:
    """Every entry below `folder` that is not a folder, as (`rel`/its path, its path, its
    own stat), in name order; folders are descended, a link to one is not (it is an entry
    like any other: the caller decides what a link, a pipe or a device means to it)."""
    stack = [(folder, rel)]
    while stack:
        here, name = stack.pop()
        with os.scandir(here) as it:
            entries = sorted(it, key=lambda e: e.name)
        for entry in entries:
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISDIR(st.st_mode):
                stack.append((Path(entry.path), f"{name}/{entry.name}"))
            else:
                yield f"{name}/{entry.name}", Path(entry.path), st
