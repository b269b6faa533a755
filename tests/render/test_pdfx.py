"""Print-shop PDF/X-4 (`toolkit.render.pdfx`): colours converted through the output condition's
profile by LittleCMS, greys in black ink alone, the OutputIntent embedded, nothing left in
RGB, and the page still looking as it did (Ghostscript, colour-managed by the file's own
output intent, against the RGB original). The whole `--preset pod` build is checked in
test_build.py."""

from __future__ import annotations

import base64
import io
import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageCms

from tests.support.pdfcheck import colour_spaces, output_intent
from toolkit.render.pdf import AssetFetcher, RenderError, layout, write_pdf
from toolkit.render.pdfx import PROFILE, cmyk, to_pdfx4
from toolkit.render.templates import TEMPLATES

# the kit's card colours (templates/*/card.css) and a few more
SWATCHES = [
    "#26231f",
    "#8c2f1e",
    "#2a4f8a",
    "#7a5c1e",
    "#c9bfa8",
    "#f3eee3",
    "#808080",
    "#1a1a1a",
    "#2e7d32",
    "#c49000",
]


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _pdf(body: str, variant: str | None = "pdf/x-4") -> bytes:
    html = (
        '<html lang="en"><head><link rel="stylesheet" href="common/fonts.css"><style>'
        "@page { size: 120mm 40mm; margin: 0 } body { margin: 0 } "
        ".b { position: absolute; width: 10mm; height: 10mm }</style></head>"
        f"<body>{body}</body></html>"
    )
    return write_pdf(layout(html, TEMPLATES, AssetFetcher([TEMPLATES])), variant=variant)


def _swatches() -> str:
    boxes = "".join(
        f'<div class="b" style="left: {2 + 12 * i}mm; top: 2mm; background: {c}"></div>'
        for i, c in enumerate(SWATCHES)
    )
    # half-transparent boxes: WeasyPrint draws them in a form XObject of their own
    faded = "".join(
        f'<div class="b" style="left: {2 + 12 * i}mm; top: 14mm; background: {c}; '
        f'opacity: 0.5"></div>'
        for i, c in enumerate(SWATCHES)
    )
    text = '<p style="position: absolute; top: 27mm; left: 2mm; color: #111">Text in #111</p>'
    return boxes + faded + text


def _lab(image: Image.Image, mode: str, profile: object) -> tuple[float, float, float]:
    lab = ImageCms.createProfile("LAB")
    t = ImageCms.buildTransform(
        profile,
        lab,
        mode,
        "LAB",
        ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )
    px = ImageCms.applyTransform(image, t).getpixel((0, 0))
    return px[0] * 100 / 255, px[1] - 128, px[2] - 128


def test_greys_print_in_black_ink_alone() -> None:
    assert cmyk(255, 255, 255) == (0, 0, 0, 0)
    for v in (0, 0x11, 0x1A):  # black and the kit's near-black text: solid black ink
        assert cmyk(v, v, v) == (0, 0, 0, 1)
    ks = [cmyk(v, v, v) for v in range(0, 256, 16)]
    assert all(c[:3] == (0, 0, 0) for c in ks)  # K only, never a four-ink grey
    assert [c[3] for c in ks] == sorted((c[3] for c in ks), reverse=True)  # lighter, less ink


def test_colours_keep_their_look_through_the_profile() -> None:
    """Each swatch, converted and read back through the profile, is within 3 ΔE of its sRGB
    (relative colorimetric: the paper is the white)."""
    profile = ImageCms.getOpenProfile(str(PROFILE))
    srgb = ImageCms.createProfile("sRGB")
    for swatch in SWATCHES:
        ink = tuple(round(v * 255) for v in cmyk(*_rgb(swatch)))
        want = _lab(Image.new("RGB", (1, 1), _rgb(swatch)), "RGB", srgb)
        got = _lab(Image.new("CMYK", (1, 1), ink), "CMYK", profile)
        delta = sum((a - b) ** 2 for a, b in zip(want, got, strict=True)) ** 0.5
        assert delta < 3, (swatch, ink, want, got)
    red = cmyk(*_rgb("#8c2f1e"))
    assert red[0] < 0.05 and red[1] > 0.7 and red[2] > 0.7  # a red is magenta and yellow


def test_pdfx4_is_cmyk_with_its_output_intent(tmp_path: Path) -> None:
    weasy = _pdf(_swatches())
    with pikepdf.open(io.BytesIO(weasy)) as before:
        assert colour_spaces(before)["/DeviceRGB"] > 0 and "/OutputIntents" not in before.Root
    data = to_pdfx4(weasy)
    assert data == to_pdfx4(weasy)  # the same bytes every time
    with pikepdf.open(io.BytesIO(data)) as pdf:
        used = colour_spaces(pdf)
        assert set(used) <= {"/DeviceCMYK", "/DeviceGray"} and used["/DeviceCMYK"] > 20, used
        assert any(
            x.get("/Subtype") == "/Form"  # the faded boxes were converted too
            for x in pdf.pages[0].Resources.XObject.values()
        )
        entries, icc = output_intent(pdf)
        assert entries["/S"] == "/GTS_PDFX" and entries["/OutputConditionIdentifier"] == "FOGRA39"
        assert icc[36:40] == b"acsp" and icc[16:20] == b"CMYK" and icc[12:16] == b"prtr"
        assert icc == PROFILE.read_bytes()
        assert b"PDF/X-4" in pdf.Root.Metadata.read_bytes()
    # a person looking at it: each swatch as Ghostscript shows it, colour-managed by the
    # file's own output intent, is the colour of the RGB original
    rgb_png, cmyk_png = tmp_path / "rgb.png", tmp_path / "cmyk.png"
    (tmp_path / "rgb.pdf").write_bytes(_pdf(_swatches(), variant=None))
    (tmp_path / "cmyk.pdf").write_bytes(data)
    gs = ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=png16m", "-r72"]
    for name, png, extra in (("rgb", rgb_png, []), ("cmyk", cmyk_png, ["-dUsePDFX3Profile"])):
        pdf_path = str(tmp_path / f"{name}.pdf")
        subprocess.run([*gs, *extra, f"-sOutputFile={png}", pdf_path], check=True, timeout=60)
    a, b = Image.open(rgb_png).convert("RGB"), Image.open(cmyk_png).convert("RGB")
    px = 72 / 25.4
    for i, swatch in enumerate(SWATCHES):
        for top, tolerance in ((2, 8), (14, 12)):  # solid, then half-transparent
            at = (round((7 + 12 * i) * px), round((top + 5) * px))
            diff = max(abs(x - y) for x, y in zip(a.getpixel(at), b.getpixel(at), strict=True))
            assert diff <= tolerance, (swatch, top, a.getpixel(at), b.getpixel(at))


def _png() -> str:
    out = io.BytesIO()
    Image.new("RGB", (4, 4), (200, 30, 30)).save(out, "PNG")
    return base64.b64encode(out.getvalue()).decode()


@pytest.mark.parametrize(
    "body",
    [
        '<div style="width: 20mm; height: 10mm; background: linear-gradient(#f00, #00f)"></div>',
    ],
)
def test_pdfx4_refuses_what_it_would_leave_in_rgb(body: str) -> None:
    with pytest.raises(RenderError, match=r"RGB|gradient"):
        to_pdfx4(_pdf(body))


def test_pdfx4_converts_a_picture_to_cmyk_keeping_its_look() -> None:
    """A picture (art/) is converted, not refused: CMYK pixels that print as its colour."""
    data = to_pdfx4(_pdf(f'<img src="data:image/png;base64,{_png()}" style="width: 10mm">'))
    with pikepdf.open(io.BytesIO(data)) as pdf:
        images = [
            o
            for o in pdf.objects
            if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
        ]
        assert images and all(o.ColorSpace == "/DeviceCMYK" for o in images)
        c, m, y, _k = pikepdf.PdfImage(images[0]).as_pil_image().getpixel((0, 0))
    assert m > 200 and y > 150 and c < 60  # (200, 30, 30) red: magenta and yellow ink


@pytest.mark.slow
def test_every_pdf_of_a_print_shop_kit_is_pdfx(tmp_path: Path) -> None:
    """Under `--preset pod` not only the decks: a board, its tiles, the sheets and the deck
    assembled from them, the counter sheets (reportlab) and the references are each a
    PDF/X-4 file as a shop's preflight reads it: the version in the metadata, the output
    intent with its CMYK profile, every colour in CMYK or grey (a tiling pattern's cells
    too), TrimBox and BleedBox on every page, every font embedded."""
    from tests.support.pdfcheck import box, inside, unembedded_fonts
    from tests.support.shipped import toolkit

    out = tmp_path / "out"
    for game, only in (
        ("god-emperor", ("boards/law-board*", "counters/*", "reference/*")),
        ("forty-factions", ("boards/council.pdf", "sheets/plots.pdf")),
    ):
        patterns = [a for pattern in only for a in ("--only", pattern)]
        proc = toolkit(
            "build",
            "--game",
            game,
            "--preset",
            "pod",
            "--paper",
            "letter",
            *patterns,
            "--out",
            str(out),
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
    pdfs = sorted(out.rglob("*.pdf"))
    names = {p.name for p in pdfs}
    assert {
        "law-board.pdf",
        "law-board-tiles-letter.pdf",
        "counters-letter.pdf",
        "council.pdf",
        "plots.pdf",
    } <= names, names
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            assert b"PDF/X-4" in pdf.Root.Metadata.read_bytes(), path
            entries, icc = output_intent(pdf)
            assert entries["/S"] == "/GTS_PDFX" and icc[16:20] == b"CMYK", path
            used = colour_spaces(pdf)
            assert set(used) <= {"/DeviceCMYK", "/DeviceGray", "/Pattern"}, (path, used)
            for page in pdf.pages:
                trim, bleed = box(page, "/TrimBox"), box(page, "/BleedBox")
                assert trim and bleed and inside(trim, bleed), path
                assert inside(bleed, box(page, "/MediaBox")), path
            assert unembedded_fonts(pdf) == [], path
