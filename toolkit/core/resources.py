"""Where the toolkit's own files are: its source tree and its templates."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent  # the toolkit package
ROOT = PACKAGE.parent  # the project the toolkit runs in from its source tree
TEMPLATES = ROOT / "templates"
