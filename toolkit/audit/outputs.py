"""Output audit: every PDF and SVG of a kit is structurally sound and carries nothing it
must not (attachments, scripts, launch actions, fonts not embedded), and every page shows
what it should (`toolkit.audit.visual`: ink, three engines agree, tiles reassemble, text stays in
its box).

Run by CI after the build (`toolkit audit build/`). Each problem is a diagnostic naming
the file and, where it can, the page or object. Files are audited in parallel, one
worker per core.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

import pikepdf

from toolkit.audit.visual import audit_file
from toolkit.core.diagnostics import Diagnostic, Loc, display_path, error
from toolkit.core.progress import Progress
from toolkit.core.walk import files_under

FORBIDDEN = ("/EmbeddedFiles", "/JavaScript", "/JS", "/Launch", "/RichMedia", "/SubmitForm")


def _tool(cmd: list[str]) -> tuple[int, str, str]:
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def audit_pdf(path: Path) -> Iterator[Diagnostic]:
    """qpdf --check (warnings count), poppler's stderr, and a pikepdf policy walk."""
    where = Loc(display_path(path))
    if shutil.which("qpdf"):
        rc, out, err = _tool(["qpdf", "--check", str(path)])
        if rc != 0:  # 2 = errors, 3 = warnings: both fail
            detail = (out + err).strip().splitlines()[-1:] or ["qpdf failed"]
            yield error(where, "AUDIT-PDF-STRUCTURE", f"qpdf --check exit {rc}: {detail[0]}")
            return
    if shutil.which("pdffonts"):
        rc, out, err = _tool(["pdffonts", str(path)])
        if rc != 0 or err.strip():
            yield error(where, "AUDIT-PDF-STRUCTURE", f"pdffonts: {err.strip() or rc}")
            return
    try:
        pdf = pikepdf.open(path)
    except pikepdf.PdfError as exc:
        yield error(where, "AUDIT-PDF-STRUCTURE", f"unreadable PDF: {exc}")
        return
    with pdf:
        names = pdf.Root.get("/Names")
        if names is not None and "/EmbeddedFiles" in names:
            yield error(where, "AUDIT-PDF-POLICY", "the document has embedded files")
        for key in ("/OpenAction", "/AA"):
            if key in pdf.Root:
                yield error(where, "AUDIT-PDF-POLICY", f"the document has an action ({key})")
        for n, page in enumerate(pdf.pages, 1):
            for annot in page.obj.get("/Annots", []):
                sub = str(annot.get("/Subtype", ""))
                action = annot.get("/A")
                kind = str(action.get("/S", "")) if action is not None else ""
                if sub == "/FileAttachment":
                    yield error(where, "AUDIT-PDF-POLICY", f"page {n}: a file attachment")
                if kind in ("/JavaScript", "/Launch", "/SubmitForm", "/ImportData"):
                    yield error(where, "AUDIT-PDF-POLICY", f"page {n}: a {kind[1:]} action")
            for name, font in _fonts(page):
                descriptor = font.get("/FontDescriptor")
                if font.get("/Subtype") == "/Type0":
                    descendants = font.get("/DescendantFonts") or []
                    descriptor = descendants[0].get("/FontDescriptor") if descendants else None
                embedded = descriptor is not None and any(
                    k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")
                )
                if not embedded:
                    yield error(where, "AUDIT-PDF-FONT", f"page {n}: font {name} is not embedded")
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and str(obj.get("/S", "")) in (
                "/JavaScript",
                "/Launch",
            ):
                yield error(
                    where, "AUDIT-PDF-POLICY", f"object {obj.objgen}: a {obj.get('/S')} action"
                )


def _fonts(page: object) -> Iterator[tuple[str, object]]:
    resources = page.obj.get("/Resources", {})  # type: ignore[attr-defined]
    fonts = resources.get("/Font", {}) if resources is not None else {}
    for name, font in fonts.items():
        yield str(name), font


def audit_svg(path: Path) -> Iterator[Diagnostic]:
    """xmllint --nonet (never --noent), and no DOCTYPE, entity, script or external link."""
    where = Loc(display_path(path))
    if shutil.which("xmllint"):
        rc, _, err = _tool(["xmllint", "--nonet", "--noout", str(path)])
        if rc != 0:
            yield error(where, "AUDIT-SVG", f"xmllint: {err.strip().splitlines()[0]}")
            return
    text = path.read_text(encoding="utf-8", errors="replace")
    for needle in ("<!DOCTYPE", "<!ENTITY", "<script", 'href="http', 'href="file:'):
        if needle.lower() in text.lower():
            yield error(where, "AUDIT-SVG", f"the SVG contains {needle!r}")


def audit_outputs(folder: Path) -> list[Path]:
    """The PDF and SVG files under `folder`, in a stable order."""
    return sorted(files_under(folder, (".pdf", ".svg")))


def audit_one(path: Path, visual: bool = True) -> list[Diagnostic]:
    """Every finding for one output: its structure and policy, then what it shows."""
    out = list(audit_pdf(path) if path.suffix == ".pdf" else audit_svg(path))
    if visual and not out:  # a damaged file is reported once, not again by every engine
        out.extend(audit_file(path))
    return out


def audit(
    folder: Path, visual: bool = True, jobs: int = 0, progress: bool = True
) -> list[Diagnostic]:
    """Audit every PDF and SVG under `folder` (one worker a core, the largest files first)."""

    paths = audit_outputs(folder)
    order = sorted(paths, key=lambda p: p.stat().st_size, reverse=True)
    bar = Progress(len(order) if progress else 0)
    out: list[Diagnostic] = []
    workers = jobs or os.cpu_count() or 1
    try:
        if workers <= 1:
            for path in order:
                out.extend(audit_one(path, visual))
                bar.step(display_path(path))
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for path, found in zip(
                    order, pool.map(partial(audit_one, visual=visual), order), strict=True
                ):
                    out.extend(found)
                    bar.step(display_path(path))
    finally:
        bar.close()
    return out
