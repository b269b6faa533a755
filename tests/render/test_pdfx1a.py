"""Print-shop PDF/X-1a:2003 (`toolkit.render.pdfx.to_pdfx1a`, `toolkit.render.pdfx1a`): PDF
1.4 with a classic cross-reference table, CMYK and grey only, nothing transparent, the SWOP
output intent without a profile; an opaque transparency group dropped, an image's hard-edged
alpha turned into a stencil mask that still shows what lies beneath, and real transparency
refused. The DriveThruCards export built end to end is checked in
tests/kit/test_export_pdfx1a.py."""

from __future__ import annotations

import base64
import io
import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from tests.support.pdfcheck import colour_spaces
from toolkit.render.pdf import AssetFetcher, RenderError, layout, write_pdf
from toolkit.render.pdfx import to_pdfx1a
from toolkit.render.templates import TEMPLATES

PAPER = (201, 191, 168)  # #c9bfa8, a card's tinted paper
RED = (200, 30, 30)


def _pdf(body: str, title: str = "<title>Swatches</title>", variant: str = "pdf/x-1a") -> bytes:
    html = (
        f'<html lang="en"><head>{title}<link rel="stylesheet" href="common/fonts.css"><style>'
        "@page { size: 120mm 40mm; margin: 0 } body { margin: 0; background: #c9bfa8 }"
        "</style></head>"
        f"<body>{body}</body></html>"
    )
    return write_pdf(layout(html, TEMPLATES, AssetFetcher([TEMPLATES])), variant=variant)


def _png(alpha: int) -> str:
    """An 8 x 8 red picture whose left half has `alpha`, its right half opaque."""
    picture = Image.new("RGBA", (8, 8), (*RED, 255))
    for x in range(4):
        for y in range(8):
            picture.putpixel((x, y), (*RED, alpha))
    out = io.BytesIO()
    picture.save(out, "PNG")
    return base64.b64encode(out.getvalue()).decode()


def _img(alpha: int) -> str:
    return f'<img src="data:image/png;base64,{_png(alpha)}" style="width: 20mm; height: 20mm">'


# an SVG text anchored in its middle: WeasyPrint draws it in a transparency group, opaque
SVG_TEXT = (
    '<svg width="40mm" height="10mm"><text x="60" y="20" text-anchor="middle" '
    'fill="#2a4f8a">Middle</text></svg>'
)


def _images(pdf: pikepdf.Pdf) -> list[pikepdf.Stream]:
    return [
        o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
    ]


def test_pdfx1a_is_pdf14_cmyk_opaque_with_the_swop_intent() -> None:
    body = '<p style="color: #8c2f1e">Red text</p><p style="color: #111">Black</p>' + SVG_TEXT
    weasy = _pdf(body)
    with pikepdf.open(io.BytesIO(weasy)) as before:  # what the pass has to make good
        assert colour_spaces(before)["/DeviceRGB"] > 0
        assert any("/Group" in o for o in before.objects if isinstance(o, pikepdf.Stream))
        assert "/lab-d50" in before.pages[0].Resources.ColorSpace
    data = to_pdfx1a(weasy)
    assert data == to_pdfx1a(weasy)  # the same bytes every time
    assert data.startswith(b"%PDF-1.4\n") and b"\nxref\n" in data and b"/ObjStm" not in data
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert set(colour_spaces(pdf)) <= {"/DeviceCMYK", "/DeviceGray"}
        assert not any("/Group" in o for o in pdf.objects if isinstance(o, pikepdf.Stream))
        assert not pdf.pages[0].Resources.get("/ColorSpace")  # the unused Lab spaces went
        info = pdf.docinfo
        assert str(info.GTS_PDFXVersion) == "PDF/X-1a:2003" and info.Trapped == "/False"
        assert "/GTS_PDFXConformance" not in info
        assert str(info.CreationDate).endswith("'")  # PDF 1.4's +HH'mm'
        (intent,) = pdf.Root.OutputIntents
        assert str(intent.OutputConditionIdentifier) == "CGATS TR 001"
        assert "/DestOutputProfile" not in intent  # a registered characterization
        xmp = pdf.Root.Metadata.read_bytes()
        assert b"PDF/X-1a:2003" in xmp and b"PDF/X-4" not in xmp
        page = pdf.pages[0]
        assert "/TrimBox" in page.obj and "/BleedBox" in page.obj


def _rendered(data: bytes, tmp_path: Path) -> Image.Image:
    """The first page as poppler draws it, 60 dpi."""
    (tmp_path / "x.pdf").write_bytes(data)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", str(tmp_path / "x.pdf"), str(tmp_path / "x")],
        check=True,
        timeout=60,
    )
    (png,) = tmp_path.glob("x-*.png")
    return Image.open(png).convert("RGB")


def _close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 25) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def test_a_hard_edged_alpha_becomes_a_stencil_mask(tmp_path: Path) -> None:
    data = to_pdfx1a(_pdf(_img(0)))
    with pikepdf.open(io.BytesIO(data)) as pdf:
        (picture,) = [i for i in _images(pdf) if not i.get("/ImageMask")]
        assert "/SMask" not in picture and picture.Mask.ImageMask
        assert picture.ColorSpace == "/DeviceCMYK"
    page = _rendered(data, tmp_path)
    mm = 60 / 25.4
    clear, opaque = (round(5 * mm), round(10 * mm)), (round(15 * mm), round(10 * mm))
    assert _close(page.getpixel(clear), PAPER), page.getpixel(clear)  # the paper shows
    assert _close(page.getpixel(opaque), RED, 40), page.getpixel(opaque)


def test_an_opaque_alpha_is_dropped() -> None:
    with pikepdf.open(io.BytesIO(to_pdfx1a(_pdf(_img(255))))) as pdf:
        (picture,) = _images(pdf)
        assert "/SMask" not in picture and "/Mask" not in picture


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (_img(128), "partly transparent pixels"),
        ('<div style="opacity: .5; background: red; height: 5mm"></div>', "opacity 0.5"),
        ('<div style="background: rgba(255, 0, 0, .5); height: 5mm"></div>', "opacity 0.5"),
        ('<p style="color: lab(50% 40 30)">Lab</p>', "colour space /lab-d50"),
    ],
)
def test_transparency_and_other_colours_are_refused(body: str, message: str) -> None:
    with pytest.raises(RenderError, match=message):
        to_pdfx1a(_pdf(body))


def test_a_pdfx1a_needs_a_title() -> None:
    with pytest.raises(RenderError, match="needs a title"):
        to_pdfx1a(_pdf("<p>No title</p>", title=""))
