"""Render stage, PDF side: HTML -> WeasyPrint layout, confined and watched.

- `AssetFetcher` lets WeasyPrint read only `data:` URLs and regular files under
  the allowed asset folders (checked with realpath, so `..%2f` and committed
  symlinks cannot escape; dotfiles refused; size capped; no network, no
  redirects). A refused URL stops the render (`FatalURLFetchingError`).
- Any WARNING or ERROR that WeasyPrint logs (a missing image, a bad CSS
  property) fails the render: WeasyPrint itself would carry on and write a PDF.
- A wall-clock budget and a page budget stop a runaway layout.
- No text leaves its box: the stylesheets break a word too long for its line
  (`overflow-wrap: break-word`, templates/common/fonts.css), a run of over 40 letters may
  break anywhere (`break_long_runs`), and after layout any text still outside its line, a
  box that clips it, or the page's area is a `TextOverflow`: nothing is written
  (`check_overflow`).
- Text is shaped the same under any locale (`neutral_text_locale`).

WeasyPrint (and Pango behind it) is imported here only, so commands that do not
render never load it.
"""

from __future__ import annotations

import hashlib
import locale
import logging
import mimetypes
import os
import re
import shutil
import signal
import tempfile
import threading
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.util import Finalize
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

from weasyprint import CSS, HTML, Document
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse

from toolkit.core.assets import AssetError, confined, read_asset
from toolkit.core.outputs import RenderError
from toolkit.render.overflow import check_overflow
from toolkit.render.templates import TEMPLATES

RENDER_SECONDS = 60
MAX_PAGES = 400


def neutral_text_locale() -> None:
    """Shape text in no locale's language. Pango shapes text that has no language of its own
    in the language of the process's LC_CTYPE, and WeasyPrint gives SVG text none (it reads
    no `xml:lang`): under a Turkish locale a board's "Factions" set in Cinzel's capitals
    printed "FACTİONS". The renderer's LC_CTYPE is C (UTF-8) whatever the user's, before
    Pango first asks for it; HTML templates say `lang="en"` themselves."""
    for name in ("C.UTF-8", "C.utf8", "C"):
        try:
            locale.setlocale(locale.LC_CTYPE, name)
            return
        except locale.Error:
            continue


neutral_text_locale()


class AssetFetcher(URLFetcher):
    """A URL fetcher that reads only regular files inside `roots`, and `data:` URLs; a file
    with other names (a hard link) only under `own`, the toolkit's own folders. A packaged
    template file (a linked stylesheet, a font) that the project's `overrides` folder holds
    too is read from there (`toolkit.core.overrides`)."""

    def __init__(
        self,
        roots: Sequence[Path],
        own: Sequence[Path] = (TEMPLATES,),
        overrides: Path | None = None,
    ) -> None:
        super().__init__(
            allowed_protocols={"file", "data"},
            allow_redirects=False,
            fail_on_errors=True,
            timeout=5,
        )
        self.roots = [os.path.realpath(r) for r in roots]
        self.own = [os.path.realpath(r) for r in own]
        self.fetched: list[str] = []
        self.refused: list[str] = []
        self.overrides = overrides

    def _refuse(self, url: str, why: str) -> FatalURLFetchingError:
        self.refused.append(url)
        return FatalURLFetchingError(f"refused to load {url[:200]!r}: {why}")

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        scheme = url.split(":", 1)[0].lower()
        if scheme == "data":
            return super().fetch(url, headers)
        if scheme != "file":
            raise self._refuse(url, "only the project's own asset files may be used")
        parts = urlsplit(url)
        if parts.netloc not in ("", "localhost"):
            raise self._refuse(url, "remote file URL")
        try:
            real = confined(self._overridden(unquote(parts.path)), self.roots, self.own)
            body = read_asset(real, self.roots, self.own)
        except AssetError as exc:
            raise self._refuse(url, str(exc)) from None
        self.fetched.append(real)
        mime = mimetypes.guess_type(real)[0] or "application/octet-stream"
        return URLFetcherResponse(url, body, {"Content-Type": mime})

    def _overridden(self, path: str) -> str:
        """`path`, or the project's file of the same template path when it has one."""
        if self.overrides is None:
            return path
        rel = os.path.relpath(os.path.realpath(path), os.path.realpath(TEMPLATES))
        if rel.startswith(".."):
            return path  # not a packaged template file
        mine = self.overrides / rel
        return str(mine) if mine.is_file() and not mine.is_symlink() else path


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


class _PageBudget(logging.Handler):
    """Stops a layout as soon as it starts the page past the budget. WeasyPrint announces
    each page it lays out on its progress logger ("Step 5 - Creating layout - Page N"); a
    runaway document would otherwise be laid out whole (minutes) before it is counted."""

    def __init__(self, max_pages: int) -> None:
        super().__init__(logging.INFO)
        self.max_pages = max_pages

    def emit(self, record: logging.LogRecord) -> None:
        if record.msg.startswith("Step 5 - Creating layout - Page") and record.args:
            page = record.args[0] if isinstance(record.args, tuple) else 0
            if isinstance(page, int) and page > self.max_pages:
                raise RenderError(
                    f"more than {self.max_pages} pages, the budget of this "
                    "document (the layout was stopped there)"
                )


@contextmanager
def _watched(seconds: float, max_pages: int = MAX_PAGES) -> Iterator[_Collect]:
    """Collect WeasyPrint warnings, and stop the layout after `seconds` of wall clock or
    past `max_pages` pages."""
    logger = logging.getLogger("weasyprint")
    handler = _Collect()
    logger.addHandler(handler)
    old_level = logger.level
    logger.setLevel(logging.WARNING)
    progress = logging.getLogger("weasyprint.progress")
    budget = _PageBudget(max_pages)
    progress.addHandler(budget)
    old_progress, old_propagate = progress.level, progress.propagate
    progress.setLevel(logging.INFO)
    progress.propagate = False  # its INFO lines are not warnings of the document

    def _timeout(signum: int, frame: object) -> None:
        raise RenderError(f"render took longer than {seconds:g} s (wall-clock budget)")

    use_alarm = hasattr(signal, "setitimer") and _in_main_thread()
    if use_alarm:
        previous = signal.signal(signal.SIGALRM, _timeout)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield handler
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        logger.removeHandler(handler)
        logger.setLevel(old_level)
        progress.removeHandler(budget)
        progress.setLevel(old_progress)
        progress.propagate = old_propagate


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


_LINK = re.compile(r'<link rel="stylesheet" href="([^"<>]+)">')


_FONT_FOLDERS: list[tuple[int, Path]] = []  # (the process that made it, the folder)
FONT_FOLDER = "toolkit-fonts-"  # then the process number, in the temporary folder


def release_fonts() -> None:
    """Remove the font folders this process made (not those of the process it was forked
    from, which still uses them); run as the process leaves."""
    for pid, folder in [f for f in _FONT_FOLDERS if f[0] == os.getpid()]:
        shutil.rmtree(folder, ignore_errors=True)
        _FONT_FOLDERS.remove((pid, folder))


def _sweep_font_folders() -> None:
    """Remove the font folders of this user's toolkit processes that are gone without
    removing theirs (killed: no exit hook runs), named by their process number."""
    for folder in Path(tempfile.gettempdir()).glob(f"{FONT_FOLDER}*-*"):
        pid = folder.name.removeprefix(FONT_FOLDER).split("-", 1)[0]
        try:
            if not pid.isdigit() or folder.lstat().st_uid != os.getuid():
                continue
            os.kill(int(pid), 0)  # alive (or another user's): left alone
        except ProcessLookupError:
            shutil.rmtree(folder, ignore_errors=True)
        except OSError:
            continue


class Styles:
    """Stylesheets parsed once per process, and their `@font-face` fonts registered once.

    A template links its stylesheets (`<link rel="stylesheet" href=...>`); left to
    WeasyPrint, every layout would parse them again and load the fonts into a new font
    configuration, a third of the time of laying out one sheet. A stylesheet is keyed by
    its bytes, so an edited one (watch mode) is parsed afresh.
    """

    def __init__(self) -> None:
        self.font_config = FontConfiguration()
        # WeasyPrint copies each `@font-face` font into a temporary folder it removes only
        # when the configuration is collected, which a process leaving by `os._exit` (the
        # CLI, a fork) never does: the folder is made here, and `release_fonts` removes it
        if not any(pid == os.getpid() for pid, _ in _FONT_FOLDERS):
            _sweep_font_folders()
            # run as this process leaves: the CLI's exit, a pool worker's end (both run
            # multiprocessing's exit hook; a bare fork shares its parent's, `Session.styles`)
            Finalize(None, release_fonts, exitpriority=1)
        prefix = f"{FONT_FOLDER}{os.getpid()}-"
        self.font_config._folder = Path(tempfile.mkdtemp(prefix=prefix))
        _FONT_FOLDERS.append((os.getpid(), self.font_config._folder))
        self._sheets: dict[tuple[str, str], CSS] = {}

    def take_links(self, html: str, base_url: Path, fetcher: AssetFetcher) -> tuple[str, list[CSS]]:
        """The HTML without its stylesheet links, and those stylesheets, parsed, in order.

        They are then given to WeasyPrint as user stylesheets, which any `<style>` of the
        template overrides, as it did when it followed the links."""
        sheets = []
        for href in _LINK.findall(html):
            url = urljoin(base_url.as_uri() + "/", href)  # as WeasyPrint would resolve it
            body = fetcher.fetch(url).read()  # confined like any other asset
            key = (href, hashlib.blake2b(body, digest_size=16).hexdigest())
            css = self._sheets.get(key)
            if css is None:
                css = CSS(
                    string=body.decode("utf-8"),
                    base_url=url,
                    url_fetcher=fetcher,
                    font_config=self.font_config,
                )
                self._sheets[key] = css
            sheets.append(css)
        return _LINK.sub("", html), sheets


def layout(
    html: str,
    base_url: Path,
    fetcher: AssetFetcher,
    seconds: float = RENDER_SECONDS,
    max_pages: int = MAX_PAGES,
    styles: Styles | None = None,
    overflow: bool = True,
) -> Document:
    """Lay out HTML into pages; raises RenderError on any warning, refusal or budget.
    With `styles`, the linked stylesheets and their fonts come from that process-wide cache."""
    html = break_long_runs(html)
    with _watched(seconds, max_pages) as log:
        try:
            css: list[CSS] = []
            if styles is not None:
                html, css = styles.take_links(html, base_url, fetcher)
            doc = HTML(string=html, base_url=base_url.as_uri() + "/", url_fetcher=fetcher).render(
                stylesheets=css, font_config=styles.font_config if styles else None
            )
        except FatalURLFetchingError as exc:
            cause = exc.__cause__ or exc
            raise RenderError(str(cause)) from None
    if fetcher.refused:
        raise RenderError(f"refused to load {fetcher.refused[0]!r}")
    if log.messages:
        raise RenderError("; ".join(dict.fromkeys(log.messages)))
    if len(doc.pages) > max_pages:
        raise RenderError(f"{len(doc.pages)} pages, more than the budget of {max_pages}")
    if overflow:
        check_overflow(doc)
    return doc


# Text runs (between tags) with no space in them longer than LONG_RUN characters are put
# in a span that may break between any two letters, cut into chunks of LONG_RUN with
# <wbr>. Such a run is too long for most boxes of a kit; the stylesheets break a word only
# where a line cannot hold it (`overflow-wrap: break-word`), which leaves a table cell as
# wide as its longest word, and costs quadratic time: WeasyPrint lays out the whole rest
# of an unbreakable word again for every line, and beside a float measures the rest of the
# paragraph again for every line (a 49,000-letter word took minutes). In chunks, with a
# break at each letter, a line costs about one chunk.
LONG_RUN = 40
_RAW = re.compile(r"(<(style|script|title|textarea|svg)\b.*?</\2\s*>|<[^>]*>)", re.S | re.I)
_RUN = re.compile(rf"[^ \t\n\r\f]{{{LONG_RUN + 1},}}")


def break_long_runs(html: str) -> str:
    """The HTML with every text run longer than LONG_RUN characters cut by `<wbr>` into
    chunks of at most that many (never inside a character reference or before a combining
    mark) in a span that breaks anywhere; tags, and the text of style, script, title,
    textarea and svg, stay as they are."""
    if not _RUN.search(html):
        return html
    parts = _RAW.split(html)
    # split() yields text, whole tag, inner group name, text, ... : every third is text
    for i in range(0, len(parts), 3):
        if _RUN.search(parts[i]):
            parts[i] = _RUN.sub(lambda m: _chunked(m.group()), parts[i])
    return "".join(p for i, p in enumerate(parts) if i % 3 != 2)


def _chunked(run: str) -> str:
    """One run of text as a span that breaks anywhere, a `<wbr>` every LONG_RUN letters."""
    out: list[str] = []
    since = 0
    entity = False
    for ch in run:
        if since >= LONG_RUN and not entity and not _joins(ch):
            out.append("<wbr>")
            since = 0
        entity = (entity or ch == "&") and ch != ";"
        out.append(ch)
        since += 1
    return '<span style="word-break: break-all">' + "".join(out) + "</span>"


def _joins(ch: str) -> bool:
    """A character that belongs with the one before it (a mark, a joiner, a selector)."""

    return (
        unicodedata.category(ch).startswith("M")
        or ch in "\u200d\u200c"
        or ("\ufe00" <= ch <= "\ufe0f")
    )


def write_pdf(doc: Document, seconds: float = RENDER_SECONDS, variant: str | None = None) -> bytes:
    """The PDF bytes of a laid-out document (fonts embedded and subset by WeasyPrint);
    `variant` asks for a standard such as "pdf/x-4" (print shops)."""
    with _watched(seconds) as log:
        try:
            # attachments (<link rel="attachment">) are fetched here, at write time
            data = doc.write_pdf(pdf_variant=variant) if variant else doc.write_pdf()
        except FatalURLFetchingError as exc:
            raise RenderError(str(exc.__cause__ or exc)) from None
    if log.messages:
        raise RenderError("; ".join(dict.fromkeys(log.messages)))
    assert isinstance(data, bytes)
    return _fixed_document_id(data) if variant else data


_DID = re.compile(rb"xmp\.did:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_FILE_ID = re.compile(rb"/ID \[\(([0-9a-f]{32})\) \(([0-9a-f]{32})\)\]")


def _fixed_document_id(data: bytes) -> bytes:
    """WeasyPrint gives a PDF/X file a random XMP DocumentID (a uuid4), and the file /ID is
    derived from it; replace both with values derived from the rest of the file's bytes, of
    the same length (the metadata stream and the trailer are uncompressed, so no offset
    moves), so the same input still gives the same file."""
    blank = _FILE_ID.sub(
        b"/ID [(" + b"0" * 32 + b") (" + b"0" * 32 + b")]", _DID.sub(b"xmp.did:" + b"0" * 36, data)
    )
    h = hashlib.sha256(blank).hexdigest()
    did = f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}".encode()
    file_id = h[32:64].encode()
    data = _DID.sub(b"xmp.did:" + did, data)
    return _FILE_ID.sub(b"/ID [(" + file_id + b") (" + file_id + b")]", data)
