"""The records a build's modules hand each other: where the parts of assembled outputs are,
what rendering one output gave, and what one game's build did. Data only, no logic."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from toolkit.core.diagnostics import Diagnostic

# Where a build's outputs are, the digest of each as the build means it (path -> sha256),
# and which to hold in memory for the outputs assembled from them (see `Session.part`)
Parts = tuple[Path, dict[str, str], frozenset[str]]

# One output rendered: its path, its bytes (None when it failed), its findings, its pages
Rendered = tuple[str, bytes | None, list[Diagnostic], int]


@dataclass
class BuildResult:
    """What one game's build did."""

    built: int = 0
    skipped: int = 0
    failed: int = 0
    removed: int = 0
    seconds: float = 0.0
