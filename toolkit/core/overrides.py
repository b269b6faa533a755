"""A project's own templates: `templates/` beside its content folder overrides the toolkit's
packaged templates file by file (as mkdocs' `custom_dir`), so a designer restyles a game
(`templates/<game>/card.css`) without forking the toolkit. A file there replaces the
packaged file of the same path; every other file is the packaged one. A template that
extends the original names it `builtin/<path>`.

Only a real folder counts: a `templates` that is a symbolic link is no override (it could
lead out of the project), and no link inside it is followed by the digest.
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from toolkit.core.assets import tree
from toolkit.core.resources import TEMPLATES

FOLDER = "templates"  # beside the content folder


def project_templates(content_dir: Path) -> Path | None:
    """The project's override folder for the content folder `content_dir`, or None."""
    folder = Path(os.path.realpath(content_dir)).parent / FOLDER
    if os.path.islink(folder) or not folder.is_dir() or folder == TEMPLATES:
        return None
    return folder


def search_path(content_dir: Path | None) -> list[Path]:
    """Where templates are looked up, first match wins: the project's, then the packaged."""
    own = project_templates(content_dir) if content_dir is not None else None
    return [own, TEMPLATES] if own is not None else [TEMPLATES]


def template_file(content_dir: Path | None, rel: str) -> Path:
    """The file a template path (`<game>/board.css`, relative to templates/) reads: the
    project's override if it has a plain file there, else the packaged one."""
    for root in search_path(content_dir):
        path = root / rel
        if os.path.isfile(path) and not os.path.islink(path):
            return path
    return TEMPLATES / rel


def overrides_digest(content_dir: Path | None) -> str:
    """A digest of the project's override files (names and bytes), '' when it has none: part
    of every key a template change must invalidate (a build's outputs, a kept check)."""
    own = project_templates(content_dir) if content_dir is not None else None
    if own is None:
        return ""
    h = hashlib.sha256()
    for name, path, st in tree(own, ""):
        if stat.S_ISREG(st.st_mode):
            h.update(f"{name}\0{st.st_size}\0".encode("utf-8", "surrogateescape"))
            h.update(path.read_bytes())
    return h.hexdigest()
