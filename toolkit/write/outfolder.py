"""Write stage: one game's output folder, `<out>/<game>`, the only place a build writes to or
deletes from.

A pull request can commit a `build/` folder, and CI builds the pull request's checkout. A
link committed anywhere under the output folder (`build/<game>/ext -> /elsewhere`, a kind
folder, a file, the game folder, `build` itself) would otherwise take a write or a delete
outside the project. So:

- before a build looks inside `<out>/<game>`, the whole folder is walked (links are not
  followed) and any symbolic link in it stops the build (`LinkError`, exit 2, one line
  naming the link);
- every write and delete goes through `OutFolder`, which takes a path relative to the
  game's folder, refuses one that is absolute or climbs out (`..`), refuses a link on the
  way, and checks that the real path of the target's folder lies inside the real path of
  the game's folder.

Where `--out` itself may be a link is decided by `check_out_link`.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

from toolkit.core.assets import inside
from toolkit.core.diagnostics import display_path
from toolkit.core.errors import ToolkitError
from toolkit.core.walk import entries_under
from toolkit.write.atomic import remove, write_bytes


class LinkError(ToolkitError):
    """A path under the output folder that would lead out of it: nothing is written."""


def relative_path_ok(path: object) -> bool:
    """Whether `path` is a plain relative path that stays in its folder (no absolute path, no
    `..` or `.` part, no backslash or NUL)."""
    if not isinstance(path, str) or not path or "\\" in path or "\x00" in path:
        return False
    p = PurePosixPath(path)
    return not p.is_absolute() and ".." not in p.parts and "." not in p.parts


def first_link(root: Path) -> Path | None:
    """The first symbolic link at or under `root` (in sorted order), without following any;
    None when there is none (or `root` does not exist)."""
    if os.path.islink(root):
        return root
    if not os.path.isdir(root):
        return None
    # the walk keeps its own stack, not os.walk's recursion: a folder 10,000 deep is walked
    return next((Path(e.path) for e in entries_under(root) if e.is_symlink()), None)


def check_out_link(out: Path, explicit: bool, project: Path) -> None:
    """Refuse an `--out` folder reached through a link that lies in the project (one a pull
    request could commit: `build -> /elsewhere`), unless the user named that folder
    themselves (`explicit`) and it resolves inside the project. A link outside the project
    (the user's own, above it or beside it) is the user's choice."""
    absolute = Path(os.path.abspath(out))
    home = os.path.abspath(project)
    committed = [
        p for p in (absolute, *absolute.parents) if inside(str(p), home) and os.path.islink(p)
    ]
    if not committed:
        return
    real = os.path.realpath(out)
    if explicit and inside(real, os.path.realpath(project)):
        return
    where, shown = display_path(committed[-1]), display_path(out)
    if explicit:
        raise LinkError(
            f"--out {shown} leads through the link {where} to {real}, outside the project: "
            f"pass that folder itself (--out {real}) to build there"
        )
    raise LinkError(
        f"--out {shown} leads through the link {where} to {real}; a committed link must not "
        "choose where the kit is written: remove the link, or pass --out with the folder "
        "you mean"
    )


class OutFolder:
    """One game's output folder: every path the toolkit writes or deletes there is checked to
    stay inside it (see the module docstring)."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def guard(self) -> None:
        """Refuse the folder when it, or anything in it, is a symbolic link (before a build
        reads its manifest or writes anything)."""
        link = first_link(self.root)
        if link is not None:
            target = os.readlink(link)
            raise LinkError(
                f"{display_path(link)} is a link (to {target}); nothing is written or deleted "
                f"through a link in the output folder: remove it, then build again"
            )

    def path(self, rel: str) -> Path:
        """The absolute path of `rel` in this folder, once it is known to stay inside: a
        LinkError when it is absolute, climbs out, or meets a link on the way."""
        if not relative_path_ok(rel):
            raise LinkError(
                f"{display_path(self.root)}: the path {rel!r} leaves the output folder; "
                "nothing is written or deleted there"
            )
        target = self.root / rel
        step = self.root
        for part in (*PurePosixPath(rel).parts[:-1], None):
            if os.path.islink(step):
                raise LinkError(
                    f"{display_path(step)} is a link (to {os.readlink(step)}); nothing is "
                    "written or deleted through a link in the output folder: remove it"
                )
            if part is None or not os.path.lexists(step / part):
                break
            step = step / part
        if os.path.islink(target):
            raise LinkError(
                f"{display_path(target)} is a link (to {os.readlink(target)}); it is not "
                "written over or deleted: remove it"
            )
        if os.path.lexists(target.parent):
            real_root = os.path.realpath(self.root)
            if not inside(os.path.realpath(target.parent), real_root):
                raise LinkError(f"{display_path(target)} lies outside {display_path(self.root)}")
        return target

    def write_bytes(self, rel: str, data: bytes) -> Path:
        """Write `data` at `rel` atomically (see `toolkit.write.atomic`), once the path is
        checked."""
        target = self.path(rel)
        write_bytes(target, data)
        return target

    def write_text(self, rel: str, text: str) -> Path:
        """Write UTF-8 `text` at `rel` atomically, once the path is checked."""
        return self.write_bytes(rel, text.encode("utf-8"))

    def remove(self, rel: str) -> None:
        """Delete the file at `rel`, once the path is checked."""
        remove(self.path(rel))
