"""The pipeline's shared types, below every stage: what the user asked a build for
(`BuildOptions`), one file of a kit (`Output`) and the ways a render fails.

A pack describes its outputs as `Output` records: a path under `build/<game>/`, a kind,
the files it depends on and a render function that returns bytes.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.core.diagnostics import (
    Diagnostic,
)

PAPERS = {"a4": ("A4", 210.0, 297.0), "letter": ("letter", 215.9, 279.4)}


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked `toolkit build` for."""

    out: Path = Path("build")
    paper: str = "a4"
    proof: bool = False
    # Placeholders print with a discreet mark and a legend by default; `proof` marks them
    # loudly, `final` not at all (the build's summary counts them)
    final: bool = False
    # Build while rule errors remain, stamping what they touch (`toolkit.render.draft`)
    draft: bool = False
    # `--only`: the kinds, groups or path patterns asked for (None: every output)
    only: tuple[str, ...] | None = None
    jobs: int = 0  # 0: one worker per core
    force: bool = False  # rebuild even what is up to date
    expansions: frozenset[str] | None = None  # None: everything the game has
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm the printer shifts duplex backs by
    preset: str = "home"  # home: n-up sheets to cut; pod: one card a page for a print shop
    # Only the outputs' paths and sources are wanted (`toolkit check` looks for two outputs
    # at one path): a pack may skip work that only rendering needs, such as drawing a
    # board. Outputs listed so are never rendered.
    paths_only: bool = False
    # uniform: one back per deck kind, so the DM may slip expansion cards in unseen (rule
    # 13.2.1.2); expansion: each back also names its card's expansion (13.2.1.1)
    backs: str = "uniform"
    # mm of bleed around every card output (None: each card format's own, 3 mm)
    bleed: float | None = None
    # a print-shop profile (`templates/common/print-shops.yaml`): export/<profile>/ too
    export: str | None = None
    # where the Tabletop Simulator saved objects say the deck PNGs are (None: beside them)
    tts_url: str | None = None

    @property
    def page_size(self) -> str:
        return PAPERS[self.paper][0]

    @property
    def paper_mm(self) -> tuple[float, float]:
        return PAPERS[self.paper][1], PAPERS[self.paper][2]

    def __post_init__(self) -> None:
        if isinstance(self.only, str):  # one pattern given alone, as the API long took it
            object.__setattr__(self, "only", (self.only,))


class RenderError(Exception):
    """A render that must not produce output; the message says why (`toolkit.render.pdf` raises
    it: defined here so that the build can catch it without importing the renderer)."""


class TextOverflow(RenderError):
    """Text that runs out of its box once laid out (`toolkit.render.pdf.check_overflow`); `text`
    is what runs out, to find the content value it came from (`toolkit.audit.textfit.locate`)."""

    def __init__(self, message: str, text: str = "") -> None:
        super().__init__(message)
        self.text = text

    def __reduce__(self) -> tuple[type[TextOverflow], tuple[str, str]]:
        return TextOverflow, (str(self), self.text)  # whole, from a worker process


class RenderFailure(Exception):
    """An output that cannot be produced; carries the diagnostic to report."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


class MissingPart(Exception):
    """An output that another is assembled from is not there as the build wrote it."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(f"{path} {why}")
        self.path = path


DRAFT_LIST = (
    "kit/draft.pdf"  # `toolkit.render.draft`: a draft's errors, gone once a build is no draft
)


@dataclass(frozen=True)
class Output:
    """One file of the kit: where it goes, what it is, what it is made from, how."""

    path: str
    kind: str
    sources: tuple[str, ...]
    render: Callable[[Any], bytes]
    group: str = ""
    cost: float = 1.0  # rough work to render it, in sheet-pages, to balance the workers
    # The outputs it is assembled from, as written by this build (a deck from its sheets'
    # PDFs, `toolkit.render.deck_pdf`): it is rendered once they are on disk, reads them through
    # `Session.part`, and is stale whenever one of them is.
    parts: tuple[str, ...] = ()
    # Lays the output out without writing it, to find whether it fits its page (`toolkit
    # check --layout`): raises RenderFailure as `render` would, notes warnings.
    fit: Callable[[Any], object] | None = None
    # The facts it prints that another output may print too, as (what, value) pairs from
    # the data its renderer is handed: the build refuses a kit whose outputs disagree
    # (`toolkit.kit.facts`).
    facts: tuple[tuple[str, str], ...] = ()
    # Rendered after every other output of the kit, with the manifest at hand
    # (`Session.kit`): kit/PRINT.md counts the pages the others came to.
    after: bool = False


def build_time() -> datetime.datetime:
    """The time a file may record (a PDF's dates): SOURCE_DATE_EPOCH when set (reproducible
    builds), else 2000-01-01 UTC; never the clock, so the same input gives the same bytes."""
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "946684800"))  # 2000-01-01
    return datetime.datetime.fromtimestamp(epoch, datetime.UTC)
