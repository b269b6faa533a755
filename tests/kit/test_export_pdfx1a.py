"""DriveThruCards' file type (issue 34): `--export dtc-tarot` writes PDF/X-1a:2003, as the
shop's card prep page asks ("All files need to be PDF/X-1a:2003", bleed 1/8" on all four
sides built in). The file is checked with tools that share no code with the toolkit:
poppler (`pdfinfo`, `pdffonts`, `pdfimages`), qpdf, Ghostscript, and pikepdf walking
every object; the profile field that asks for it is checked as the loader reads it."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from PIL import Image, ImageMath

from tests.support.pdfcheck import box, colour_spaces, inside
from tests.support.shipped import toolkit
from toolkit.core.errors import ToolkitError
from toolkit.kit.shops import _profile, profile

PT_PER_IN = 72
NOT_CMYK = {"/DeviceRGB", "/CalRGB", "/CalGray", "/Lab", "/ICCBased", "/DefaultRGB"}
DTC_PAGE = "https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867607"


def _run(*argv: str) -> str:
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, (argv, proc.stdout, proc.stderr)
    return proc.stdout


def _everything(pdf: pikepdf.Pdf) -> Iterator[Any]:
    """Every object of the file, direct ones inside dictionaries and arrays included."""
    seen: set[tuple[int, int]] = set()
    stack: list[Any] = [pdf.trailer, *pdf.objects]
    while stack:
        obj = stack.pop()
        container = isinstance(obj, (pikepdf.Dictionary, pikepdf.Array, pikepdf.Stream))
        if container and obj.is_indirect:
            if obj.objgen in seen:
                continue
            seen.add(obj.objgen)
        yield obj
        if isinstance(obj, pikepdf.Stream):
            stack.extend(obj.stream_dict.values())
        elif isinstance(obj, pikepdf.Dictionary):
            stack.extend(obj.values())
        elif isinstance(obj, pikepdf.Array):
            stack.extend(obj)


def _transparency(pdf: pikepdf.Pdf) -> list[str]:
    """Whatever in the file makes something transparent, as PDF/X-1a forbids it."""
    found = []
    for obj in _everything(pdf):
        if not isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
            continue
        d = obj.stream_dict if isinstance(obj, pikepdf.Stream) else obj
        if "/SMask" in d and d.SMask != pikepdf.Name("/None"):
            found.append("SMask")
        found += [f"{k} {float(d[k])}" for k in ("/CA", "/ca") if k in d and float(d[k]) < 1]
        group = d.get("/Group")
        if group is not None and group.get("/S") == "/Transparency":
            found.append("transparency group")
        if "/BM" in d and d.BM not in (pikepdf.Name.Normal, pikepdf.Name.Compatible):
            found.append(f"blend {d.BM}")
    return found


def _max_ink(pdf_path: Path, tmp: Path, pages: int) -> float:
    """The most ink (C + M + Y + K, in %) on any pixel of the first pages, as Ghostscript
    separates them."""
    out = tmp / "sep-%d.tif"
    gs = ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc", "-r40"]
    _run(*gs, "-dFirstPage=1", f"-dLastPage={pages}", f"-sOutputFile={out}", str(pdf_path))
    most = 0
    for tif in sorted(tmp.glob("sep-*.tif")):
        c, m, y, k = Image.open(tif).split()
        total = ImageMath.lambda_eval(
            lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k
        )
        most = max(most, total.getextrema()[1])
    return most * 100 / 255


@pytest.fixture(scope="module")
def plots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Forty Factions' plots deck (its smallest tarot deck) exported for dtc-tarot."""
    out = tmp_path_factory.mktemp("dtc")
    only = "export/dtc-tarot/plots.pdf"
    args = ["--game", "forty-factions", "--export", "dtc-tarot", "--only", only]
    proc = toolkit("build", *args, "--out", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    path = out / "forty-factions/export/dtc-tarot/plots.pdf"
    assert path.is_file()
    return path


@pytest.mark.slow
def test_poppler_reads_pdf14_pdfx1a_at_trim_plus_bleed_fonts_embedded(plots: Path) -> None:
    info = dict(
        line.split(":", 1) for line in _run("pdfinfo", str(plots)).splitlines() if ":" in line
    )
    assert info["PDF version"].strip() == "1.4"
    assert info["PDF subtype"].strip() == "PDF/X-1a:2003"
    p = profile("dtc-tarot")
    w, h = ((s / 25.4 + 2 * 0.125) * PT_PER_IN for s in p.trim)  # the shop's 1/8" bleed
    size = info["Page size"].split()  # "216 x 360 pts"
    assert (float(size[0]), float(size[2])) == pytest.approx((w, h), abs=0.5)
    fonts = _run("pdffonts", str(plots)).splitlines()[2:]
    assert fonts and all(line.split()[-5] == "yes" for line in fonts), fonts  # emb
    for line in _run("pdfimages", "-list", str(plots)).splitlines()[2:]:
        kind, colour = line.split()[2], line.split()[5]
        assert kind != "smask" and colour in ("cmyk", "gray"), line


@pytest.mark.slow
def test_qpdf_and_ghostscript_read_it_without_complaint(plots: Path) -> None:
    assert "No syntax or stream encoding errors" in _run("qpdf", "--check", str(plots))
    head = plots.read_bytes()
    assert head.startswith(b"%PDF-1.4\n") and b"/ObjStm" not in head and b"/XRef" not in head
    proc = subprocess.run(
        ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(plots)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0 and not proc.stderr and "rror" not in proc.stdout, proc


@pytest.mark.slow
def test_every_object_is_opaque_cmyk_with_the_swop_intent_and_boxes(plots: Path) -> None:
    with pikepdf.open(plots) as pdf:
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2003"
        assert pdf.docinfo.Trapped == pikepdf.Name("/False")
        assert str(pdf.docinfo.Title).strip()
        assert "/GTS_PDFXConformance" not in pdf.docinfo
        xmp = pdf.Root.Metadata.read_bytes()
        assert b"PDF/X-1a:2003" in xmp and b"PDF/X-4" not in xmp
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX
        assert str(intent.OutputConditionIdentifier) == "CGATS TR 001"
        assert str(intent.RegistryName) == "http://www.color.org"
        assert "SWOP" in str(intent.OutputCondition) and str(intent.Info)
        assert _transparency(pdf) == []
        names = {str(o) for o in _everything(pdf) if isinstance(o, pikepdf.Name)}
        assert not names & NOT_CMYK, names & NOT_CMYK
        used = colour_spaces(pdf)
        assert set(used) <= {"/DeviceCMYK", "/DeviceGray", "/Pattern"}, used
        for page in pdf.pages:
            trim, bleed = box(page, "/TrimBox"), box(page, "/BleedBox")
            media = box(page, "/MediaBox")
            assert trim and bleed and media and inside(trim, bleed) and inside(bleed, media)
            margins = [
                trim[0] - bleed[0],
                trim[1] - bleed[1],
                bleed[2] - trim[2],
                bleed[3] - trim[3],
            ]
            assert margins == pytest.approx([0.125 * PT_PER_IN] * 4, abs=0.1)  # 1/8" every side


@pytest.mark.slow
def test_it_looks_like_the_card_and_keeps_to_swop_ink(plots: Path, tmp_path: Path) -> None:
    """A face page rasterised has its paper tint to the bleed edge and dark type on it; no
    pixel carries more than SWOP's 300 % of ink."""
    _run("pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(plots), str(tmp_path / "p"))
    (png,) = tmp_path.glob("p-*.png")
    face = Image.open(png).convert("L")
    assert face.getpixel((1, 1)) < 250  # tinted paper in the bleed, not white
    assert face.getextrema()[0] < 80  # the text is there
    assert _max_ink(plots, tmp_path, 4) <= 300


def _raw(**extra: object) -> dict[str, object]:
    return {
        "shop": "DriveThruCards",
        "product": "Tarot",
        "source": "https://www.drivethrucards.com/pub_info.php",
        "unit": "in",
        "trim": [2.75, 4.75],
        "bleed": 0.125,
        "safe": 0.125,
        "dpi": 300,
        "format": "pdf",
        "colour": "CMYK",
        "file": "{deck}.pdf",
        **extra,
    }


def test_the_dtc_profiles_ask_for_pdfx1a_citing_the_shops_page() -> None:
    for pid in ("dtc-poker", "dtc-tarot"):
        p = profile(pid)
        assert p.pdfx == "x-1a:2003" and p.pdfx_source.startswith(DTC_PAGE)
    assert _profile("x", _raw()).pdfx == "x-4"  # a pdf profile naming none: X-4


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"pdfx": "x-1a", "pdfx_source": DTC_PAGE}, "pdfx 'x-1a' is not one of"),
        ({"pdfx": "x-1a:2003"}, "needs pdfx_source"),
        ({"pdfx_source": DTC_PAGE}, "needs pdfx_source"),
        ({"pdfx": "x-1a:2003", "pdfx_source": "the shop said so"}, "https://"),
    ],
)
def test_a_wrong_pdfx_field_is_a_clear_error(extra: dict[str, str], message: str) -> None:
    with pytest.raises(ToolkitError, match=message):
        _profile("dtc-x", _raw(**extra))


def test_pdfx_on_a_png_profile_is_an_error() -> None:
    raw = _raw(format="png", colour="RGB", pixels=[900, 1500], pdfx="x-4", pdfx_source=DTC_PAGE)
    raw.update(face="{n}.png", back="{n}-b.png", single_back="back.png")
    with pytest.raises(ToolkitError, match="pdfx and pdfx_source are for a pdf profile"):
        _profile("tgc-x", raw)
