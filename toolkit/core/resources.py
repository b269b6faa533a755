"""Where the toolkit's own files are: its package and the templates, fonts, colour
profiles and print-shop profiles shipped inside it.

Found through `importlib.resources`, never from the source tree, so the toolkit reads the
same files installed by pip, pipx or pre-commit as from a checkout. The project a user
runs in is not here: it is the content folder's parent (`toolkit.core.diagnostics`).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def _package() -> Path:
    """The installed package's folder, as a real path. Templates are handed to Jinja,
    WeasyPrint and the font subsetter by file name, so the package must be installed as
    files (every installer does so); a zipped one is refused here, with the reason."""
    found = resources.files("toolkit")
    if not isinstance(found, Path):
        raise ImportError(f"the toolkit must be installed as files, not in an archive: {found}")
    return found.resolve()


PACKAGE = _package()  # the toolkit package
TEMPLATES = PACKAGE / "templates"  # Jinja templates and CSS, `<game>/` and `common/`
COMMON = TEMPLATES / "common"
FONTS = COMMON / "fonts"  # the kit's fonts, embedded in every PDF and SVG
ICC = COMMON / "icc"  # the print-shop CMYK output intent (PDF/X)
PRINT_SHOPS = COMMON / "print-shops.yaml"  # print-shop card profiles (`--export`)
