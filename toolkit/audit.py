"""Output audit: every PDF and SVG of a kit is structurally sound and carries nothing it
must not (attachments, scripts, launch actions, fonts not embedded).

Run by CI after the build (`toolkit audit build/`). Each problem is a diagnostic naming
the file and, where it can, the page or object.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

from toolkit.diagnostics import Diagnostic, Loc, display_path, error

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
        import pikepdf
    except ImportError:  # pragma: no cover - pikepdf is a dev dependency
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


def audit(folder: Path) -> list[Diagnostic]:
    """Audit every PDF and SVG under `folder`."""
    out: list[Diagnostic] = []
    for path in sorted(folder.rglob("*")):
        if path.suffix == ".pdf":
            out.extend(audit_pdf(path))
        elif path.suffix == ".svg":
            out.extend(audit_svg(path))
    return out
