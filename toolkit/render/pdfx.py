"""Write stage, print shops: WeasyPrint's PDF/X-4 made a real one.

WeasyPrint marks a file PDF/X-4 but draws every colour in RGB and embeds no output
intent, which a shop's preflight rejects. This pass, over the finished PDF:

- converts every RGB colour the pages set (`rg`, `RG`, and `sc`/`scn` in an RGB colour
  space) to CMYK through LittleCMS (Pillow's ImageCms), from sRGB to the output condition's
  profile, relative colorimetric with black-point compensation. Greys, text above all,
  become black ink alone (K, as dark as LittleCMS makes that grey), not a four-ink mix a
  press cannot keep in register;
- converts every RGB image XObject (a picture from `art/`) to CMYK through the same
  transform, pixel by pixel (its alpha mask, grey, stays as it is);
- refuses what it cannot convert (an RGB gradient or inline image): a render error,
  never a silent RGB object in a print-shop file;
- embeds the OutputIntent: FOGRA39 (offset, coated paper) with its ICC profile,
  `templates/common/icc/FOGRA39L-coated.icc` (see the LICENSE beside it);
- writes the file with qpdf's deterministic /ID, so the same input gives the same bytes.

`to_pdfx1a` makes a PDF/X-1a:2003 file instead (the file type DriveThruCards asks for):
the same colour conversion, then what X-1a forbids made good or refused
(`toolkit.render.pdfx1a`: no transparency, CMYK and grey only), PDF 1.4 written without
object or cross-reference streams, and an OutputIntent naming the registered SWOP
characterization, CGATS TR 001 (U.S. web offset on coated paper, the data Adobe's "US Web
Coated (SWOP) v2" was made from), without an embedded profile, as ISO 15930-4 allows for a
characterization in the ICC's registry. The colours are converted through the FOGRA39
profile above, not a SWOP one: none that may be redistributed is at hand (Ghostscript's
`default_cmyk.icc`, "Artifex CMYK SWOP Profile", is AGPL and does not say what data it
characterizes; Debian's free characterization data has no TR 001). Both are offset on
coated paper, so a colour prints close to its look, not exactly as a SWOP conversion would
make it; FOGRA39 allows 330 % total ink where SWOP asks for 300 % at most (the shipped
cards stay well under: tests/kit/test_export_pdfx1a.py measures it).
"""

from __future__ import annotations

import io
import re
import zlib
from collections.abc import Iterator
from dataclasses import replace
from functools import cache, partial
from typing import Any
from xml.sax.saxutils import escape

import pikepdf
from PIL import Image, ImageCms

from toolkit.core.outputs import RenderError, build_time
from toolkit.core.resources import ICC
from toolkit.render.pdfx1a import make_opaque

PROFILE = ICC / "FOGRA39L-coated.icc"
CONDITION = {
    "/OutputConditionIdentifier": "FOGRA39",
    "/RegistryName": "http://www.color.org",
    "/OutputCondition": "Offset printing, coated paper (ISO 12647-2:2004/Amd 1, FOGRA39)",
    "/Info": "Coated FOGRA39 (from Fogra's FOGRA39L characterization data)",
}
# the registered characterization of US web offset on coated paper (the ICC's registry);
# DriveThruCards names it by Adobe's profile made from it, "US Web Coated (SWOP) v2"
SWOP = {
    "/OutputConditionIdentifier": "CGATS TR 001",
    "/RegistryName": "http://www.color.org",
    "/OutputCondition": "U.S. Web Coated (SWOP)",
    "/Info": "CGATS TR 001 (SWOP): offset printing on coated paper, U.S. web",
}
RGB_OPS = {"rg": "k", "RG": "K"}
SPACE_OPS = {"cs": "fill", "CS": "stroke"}
COLOUR_OPS = {"sc": "fill", "scn": "fill", "SC": "stroke", "SCN": "stroke"}


@cache
def _transforms() -> tuple[Any, Any, list[float]]:
    """sRGB -> the profile's CMYK, the profile's CMYK -> Lab, and the lightness (L*) of
    black ink alone at each of 256 levels."""

    srgb, lab = ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB")
    cmyk = ImageCms.getOpenProfile(str(PROFILE))
    intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
    flags = ImageCms.Flags.BLACKPOINTCOMPENSATION
    to_cmyk = ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK", intent, flags=flags)
    to_lab = ImageCms.buildTransform(cmyk, lab, "CMYK", "LAB", intent, flags=flags)
    ramp = Image.new("CMYK", (256, 1))
    ramp.putdata([(0, 0, 0, k) for k in range(256)])
    lab = ImageCms.applyTransform(ramp, to_lab)
    lightness = [lab.getpixel((k, 0))[0] for k in range(256)]
    return to_cmyk, to_lab, lightness


@cache
def cmyk(r: int, g: int, b: int) -> tuple[float, float, float, float]:
    """The CMYK (0-1) of the 8-bit sRGB colour (r, g, b) on the output condition."""

    to_cmyk, to_lab, lightness = _transforms()
    ink = ImageCms.applyTransform(Image.new("RGB", (1, 1), (r, g, b)), to_cmyk).getpixel((0, 0))
    if r == g == b:
        # a grey in black alone: the level of K whose lightness is that of LittleCMS's
        # four-ink grey (black ink alone cannot go darker than its solid: then solid K)
        target = ImageCms.applyTransform(Image.new("CMYK", (1, 1), ink), to_lab).getpixel((0, 0))
        k = next((k for k, lum in enumerate(lightness) if lum <= target[0]), 255)
        return 0.0, 0.0, 0.0, round(k / 255, 4)
    return tuple(round(v / 255, 4) for v in ink)  # type: ignore[return-value]


def _rgb(operands: list[Any]) -> tuple[float, float, float, float]:
    r, g, b = (min(255, max(0, round(float(v) * 255))) for v in operands)
    return cmyk(r, g, b)


def _is_rgb(space: Any, resources: Any) -> bool:
    """Whether a colour space (a name, maybe of a resource, or an array) is an RGB one."""
    if isinstance(space, pikepdf.Name) and resources is not None:
        space = (resources.get("/ColorSpace") or {}).get(str(space), space)
    if space in ("/DeviceRGB", "/RGB"):
        return True
    if isinstance(space, pikepdf.Array) and len(space) > 1:
        if space[0] == "/CalRGB":
            return True
        if space[0] == "/ICCBased":
            return int(space[1].get("/N", 0)) == 3
        if space[0] in ("/Indexed", "/I"):
            return _is_rgb(space[1], resources)
    return False


def _convert_stream(stream: Any, resources: Any, where: str) -> bytes:
    """A content stream with its RGB colours set in CMYK."""
    out = []
    rgb = {"fill": False, "stroke": False}  # whether the current colour space is RGB
    saved: list[dict[str, bool]] = []
    for instruction in pikepdf.parse_content_stream(stream):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            if _is_rgb(
                instruction.iimage.obj.get("/CS", instruction.iimage.obj.get("/ColorSpace")),
                resources,
            ):
                raise RenderError(f"{where}: an inline RGB image cannot be printed in CMYK")
            out.append(instruction)
            continue
        operands, op = instruction.operands, str(instruction.operator)
        if op == "q":
            saved.append(dict(rgb))
        elif op == "Q" and saved:
            rgb = saved.pop()
        if op in RGB_OPS:
            out.append(([*_rgb(operands)], pikepdf.Operator(RGB_OPS[op])))
            continue
        if op in SPACE_OPS:
            rgb[SPACE_OPS[op]] = _is_rgb(operands[0], resources)
            if rgb[SPACE_OPS[op]]:
                out.append(([pikepdf.Name.DeviceCMYK], instruction.operator))
                continue
        elif op in COLOUR_OPS and rgb[COLOUR_OPS[op]]:
            if len(operands) != 3:  # a pattern in an RGB space: none is drawn by WeasyPrint
                raise RenderError(f"{where}: an RGB pattern cannot be printed in CMYK")
            out.append(([*_rgb(operands)], instruction.operator))
            continue
        out.append(instruction)
    return pikepdf.unparse_content_stream(out)


def _image_to_cmyk(image: Any, where: str) -> None:
    """An RGB image XObject rewritten in place as 8-bit DeviceCMYK (Flate), through the
    output condition's profile."""

    try:
        picture = pikepdf.PdfImage(image).as_pil_image().convert("RGB")
    except Exception as exc:  # an encoding pikepdf cannot decode
        raise RenderError(f"{where}: RGB image cannot be converted to CMYK ({exc})") from None
    cmyk = ImageCms.applyTransform(picture, _transforms()[0])
    image.write(zlib.compress(cmyk.tobytes(), 9), filter=pikepdf.Name.FlateDecode)
    image.ColorSpace = pikepdf.Name.DeviceCMYK
    image.BitsPerComponent = 8
    for key in ("/DecodeParms", "/Decode"):
        if key in image:
            del image[key]


def _streams(pdf: pikepdf.Pdf) -> Iterator[tuple[Any, Any, str]]:
    """Each content stream once (pages, form XObjects, tiling patterns) with its resources,
    refusing RGB images and gradients on the way."""
    seen: set[tuple[int, int]] = set()

    def visit(obj: Any, resources: Any, where: str) -> Iterator[tuple[Any, Any, str]]:
        if obj.is_indirect:
            if obj.objgen in seen:
                return
            seen.add(obj.objgen)
        yield obj, resources, where
        for name, x in ((resources or {}).get("/XObject") or {}).items():
            if x.get("/Subtype") == "/Form":
                yield from visit(x, x.get("/Resources", resources), f"{where} {name}")
            elif _is_rgb(x.get("/ColorSpace"), resources):
                _image_to_cmyk(x, f"{where} {name}")
        for name, p in ((resources or {}).get("/Pattern") or {}).items():
            if p.get("/PatternType") == 1:
                yield from visit(p, p.get("/Resources", resources), f"{where} {name}")
            elif _is_rgb(p.Shading.get("/ColorSpace"), resources):
                raise RenderError(f"{where}: gradient {name} is RGB; it is not converted")
        for name, s in ((resources or {}).get("/Shading") or {}).items():
            if _is_rgb(s.get("/ColorSpace"), resources):
                raise RenderError(f"{where}: gradient {name} is RGB; it is not converted")

    for i, page in enumerate(pdf.pages, 1):
        page.contents_coalesce()
        yield from visit(page.obj, page.obj.get("/Resources"), f"page {i}")


_XMP = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:dc="http://purl.org/dc/elements/1.1/">
<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
<pdf:Trapped>False</pdf:Trapped>
<xmp:CreateDate>{date}</xmp:CreateDate><xmp:ModifyDate>{date}</xmp:ModifyDate>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>"""


_OPEN_OFFSET = re.compile(r"([+-]\d\d)'(\d\d)$")


def _xmp_date(pdf_date: str) -> str:
    """`D:20000101000000Z` (or with an offset) as XMP writes it."""
    d = pdf_date.removeprefix("D:")
    if len(d) < 14 or not d[:14].isdigit():
        d = "20000101000000"
    return f"{d[0:4]}-{d[4:6]}-{d[6:8]}T{d[8:10]}:{d[10:12]}:{d[12:14]}Z"


def _fixed_date() -> str:
    """The build's fixed time (`toolkit.core.outputs.build_time`) as a PDF date."""

    return build_time().strftime("D:%Y%m%d%H%M%S+00'00'")


def _declare(pdf: pikepdf.Pdf, version: str, replace_xmp: bool = False) -> None:
    """What WeasyPrint's PDF/X writes and another writer (reportlab, a deck assembled by
    pikepdf) may not: the dates, the version in the metadata (kept where the file has its
    own, unless `replace_xmp`), Trapped, and a TrimBox and BleedBox on every page (the page
    itself, where the document says no other)."""

    info = pdf.docinfo
    for key in ("/CreationDate", "/ModDate"):  # PDF/X asks for both; never the clock
        if key not in info:
            info[key] = pikepdf.String(_fixed_date())
    if replace_xmp or "/Metadata" not in pdf.Root:
        date = _xmp_date(str(info.get("/CreationDate", "")))
        title = escape(str(info.get("/Title", "")))
        xmp = _XMP.format(version=version, date=date, title=title).encode("utf-8")
        pdf.Root.Metadata = pdf.make_stream(
            xmp, Type=pikepdf.Name.Metadata, Subtype=pikepdf.Name.XML
        )
        info.Trapped = pikepdf.Name("/False")
        info.GTS_PDFXVersion = pikepdf.String(version)
    for page in pdf.pages:
        if "/TrimBox" not in page.obj:
            page.obj.TrimBox = page.obj.get("/CropBox", page.mediabox)
        if "/BleedBox" not in page.obj:
            page.obj.BleedBox = page.obj.TrimBox


def _convert_colours(pdf: pikepdf.Pdf) -> list[tuple[Any, Any, str]]:
    """Every content stream's colours (and its images') in CMYK; the streams, each with its
    resources and where it is, for a pass that follows."""
    streams = list(_streams(pdf))
    for obj, resources, where in streams:
        if obj.get("/Type") == "/Page":
            obj.Contents.write(_convert_stream(obj, resources, where))
        else:
            obj.write(_convert_stream(obj, resources, where))
        group = obj.get("/Group")
        if group is not None and _is_rgb(group.get("/CS"), resources):
            group.CS = pikepdf.Name.DeviceCMYK  # blend in the press's colours
    return streams


def _intent(pdf: pikepdf.Pdf, condition: dict[str, str], profile: Any = None) -> None:
    """The document's one OutputIntent: the output condition, with its profile if given."""
    intent = pikepdf.Dictionary(Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX)
    if profile is not None:
        intent.DestOutputProfile = profile
    for key, value in condition.items():
        intent[key] = pikepdf.String(value)
    pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])


def is_pdfx(data: bytes) -> bool:
    """Whether a PDF's catalogue already carries an OutputIntent (made a print shop's file
    here). Read from the catalogue, not searched in the bytes: a file written with object
    streams keeps its catalogue compressed."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return "/OutputIntents" in pdf.Root


def to_pdfx4(data: bytes) -> bytes:
    """A PDF's bytes as a PDF/X-4 file: CMYK colours and the OutputIntent (see module), and
    the version, Trapped and page boxes where its writer did not give them."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        _declare(pdf, "PDF/X-4")
        _convert_colours(pdf)
        _intent(pdf, CONDITION, pdf.make_stream(PROFILE.read_bytes(), N=4))
        out = io.BytesIO()
        pdf.save(
            out,
            deterministic_id=True,
            compress_streams=True,
            object_stream_mode=pikepdf.ObjectStreamMode.generate,
        )
        return out.getvalue()


def to_pdfx1a(data: bytes) -> bytes:
    """A PDF's bytes as a PDF/X-1a:2003 file (see module): CMYK colours, nothing
    transparent, the SWOP OutputIntent, the X-1a version in the document information and
    the metadata, and PDF 1.4 with a classic cross-reference table, same input same bytes.
    A RenderError for what X-1a cannot hold (`toolkit.render.pdfx1a`)."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        if not str(pdf.docinfo.get("/Title", "")).strip():
            raise RenderError("a PDF/X-1a file needs a title (the HTML <title>); this has none")
        _declare(pdf, "PDF/X-1a:2003", replace_xmp=True)
        info = pdf.docinfo
        if "/GTS_PDFXConformance" in info:  # PDF/X-1a:2001's key, not 2003's
            del info["/GTS_PDFXConformance"]
        for key in ("/CreationDate", "/ModDate"):  # PDF 1.4 closes the offset: +00'00'
            info[key] = pikepdf.String(_OPEN_OFFSET.sub(r"\1'\2'", str(info[key])))
        make_opaque(pdf, _convert_colours(pdf))
        _intent(pdf, SWOP)
        out = io.BytesIO()
        pdf.save(
            out,
            deterministic_id=True,
            compress_streams=True,
            force_version="1.4",
            object_stream_mode=pikepdf.ObjectStreamMode.disable,
        )
        return out.getvalue()


def to_pdfx(data: bytes, variant: str) -> bytes:
    """A print shop's file in the PDF/X that `variant` names: "pdf/x-1a" (PDF/X-1a:2003),
    else PDF/X-4."""
    return to_pdfx1a(data) if variant == "pdf/x-1a" else to_pdfx4(data)


def for_print_shop(outputs: list[Any]) -> list[Any]:
    """Under `--preset pod` every PDF of the kit is a PDF/X-4 file, not only the card
    files: each output whose file is a PDF renders through `to_pdfx4` (once: a card file
    made PDF/X by its own render is left as it is)."""

    return [
        replace(o, render=partial(_as_pdfx, o.render)) if o.path.endswith(".pdf") else o
        for o in outputs
    ]


def _as_pdfx(render: Any, session: Any) -> bytes:
    data = render(session)
    return data if not data.startswith(b"%PDF") or is_pdfx(data) else to_pdfx4(data)
