"""Render stage: one process's rendering state (options, templates, asset roots,
layouts shared by outputs of a group, the parts an output is assembled from)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

from toolkit.core.assets import AssetError, game_assets
from toolkit.core.diagnostics import Diagnostic
from toolkit.core.outputs import BuildOptions, MissingPart
from toolkit.core.overrides import project_templates, search_path
from toolkit.load.icons import html
from toolkit.render.templates import TEMPLATES, compact, environment


def renderer() -> ModuleType:
    """The page renderer (`toolkit.render.pdf`: WeasyPrint, Pango and the fonts), imported on
    first use: a process that lays out no page (`toolkit check`, an up-to-date build) never
    loads it; a renderer process calls this first to warm up."""
    # WeasyPrint and Pango: 0.7 s to import, only where a page is laid out
    from toolkit.render import pdf

    return pdf


@dataclass
class Session:
    """Per-process rendering state: options, template environment, asset roots, a cache
    of layouts shared by outputs of one group (a board's SVG and PDF its drawing)."""

    options: BuildOptions
    content_root: Path
    code: str = ""  # the renderer's fingerprint: its layouts are valid for these templates
    cache: dict[Any, Any] = field(default_factory=dict)
    warnings: list[Diagnostic] = field(default_factory=list)
    pages: int = 0  # pages of the last output rendered
    kit: dict[str, dict[str, Any]] = field(default_factory=dict)  # the manifest, for `after`
    # Where `part` finds the outputs another is assembled from: those this process
    # rendered in this build (`keep` says which to hold), else the game's output folder,
    # each as recorded in `current` (path -> digest of the file as the build means it)
    out_dir: Path | None = None
    current: dict[str, str] = field(default_factory=dict)
    keep: frozenset[str] = frozenset()
    rendered: dict[str, bytes] = field(default_factory=dict)
    # whether a layout fails on text out of its box (`toolkit.render.pdf.check_overflow`): off only
    # for the second render of an output whose overflowing text is the template's own
    overflow_check: bool = True
    _env: Any = None
    _styles: Any = None

    @property
    def env(self) -> Any:
        if self._env is None:
            # the project's own templates first (`toolkit.core.overrides`)
            self._env = environment(search_path(self.content_root.parent))
            self._env.filters["icons"] = partial(html, game_dir=self.content_root)
        return self._env

    def asset_roots(self) -> list[Path]:
        """The folders a render may read: the toolkit's templates and the game's `assets/`,
        the latter only once vetted against the content folder (`toolkit.core.assets` says what
        the project root is): an assets folder that is a link out is no root at all."""

        own = search_path(self.content_root.parent)  # the project's templates, the toolkit's
        try:
            return [*own, game_assets(self.content_root)]
        except AssetError:
            return own  # content may then name no picture; the check reports why

    def styles(self) -> Any:
        """This session's parsed stylesheets and registered fonts (`toolkit.render.pdf.Styles`),
        made on first use. Made before a fork, they are the fork's too: it then makes no
        font folder of its own, which its `os._exit` would leave behind."""
        if self._styles is None:
            self._styles = renderer().Styles()
        return self._styles

    def layout(self, html: str, pages: int = 0) -> Any:
        """Lay out a template's HTML (a WeasyPrint document), confined to the project's
        assets, with this process's parsed stylesheets and registered fonts. `pages`: how
        many the document is meant to have, when more than the usual page budget (a card
        file of a 200-player cast)."""
        pdf = renderer()
        self.styles()
        fetcher = pdf.AssetFetcher(
            self.asset_roots(), overrides=project_templates(self.content_root.parent)
        )
        return pdf.layout(
            compact(html),
            TEMPLATES,
            fetcher,
            styles=self._styles,
            max_pages=max(pdf.MAX_PAGES, pages),
            overflow=self.overflow_check,
        )

    def write(self, doc: Any, variant: str | None = None) -> bytes:
        """The PDF bytes of a laid-out document, noting its page count for the manifest."""
        self.pages = len(doc.pages)
        return renderer().write_pdf(doc, variant=variant)  # type: ignore[no-any-return]

    def pdf(self, html: str, variant: str | None = None, pages: int = 0) -> bytes:
        """A template's HTML laid out and written as a PDF (see `layout` and `write`)."""
        return self.write(self.layout(html, pages), variant)

    def part(self, path: str) -> bytes:
        """Another output of the kit as this build made it (one of `Output.parts`): from
        memory if this process rendered it, else from disk, checked against the digest the
        build recorded. A part that failed to render, or changed since, is a `MissingPart`."""
        if path in self.rendered:
            return self.rendered[path]
        digest = self.current.get(path)
        if self.out_dir is None or digest is None:
            raise MissingPart(path, "did not render")
        data = (self.out_dir / path).read_bytes()
        if hashlib.sha256(data).hexdigest() != digest:
            raise MissingPart(path, "changed on disk while the kit was built")
        return data
