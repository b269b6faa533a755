"""Write stage, print shops: what PDF/X-1a:2003 forbids that PDF/X-4 allows, made good or refused.

PDF/X-1a:2003 (ISO 15930-4) is PDF 1.4 with every colour in CMYK or grey and nothing
transparent. After the colour conversion (`toolkit.render.pdfx`), this pass goes over every
content stream, its resources and the document:

- transparency: a graphics state with a constant alpha (`ca`/`CA`) below 1, a soft mask or a
  blend mode other than Normal would have to be flattened against what lies beneath, which
  this pass does not know: a RenderError naming the page. WeasyPrint wraps some opaque
  content in a transparency group (a form XObject with `/Group /S /Transparency`); once
  nothing drawn is transparent, such a group draws exactly as its content, so the group
  entry is removed;
- an image's alpha channel (its `SMask`): wholly opaque, it is dropped; only opaque or
  clear pixels, it becomes the same 1-bit stencil mask (`/Mask`, PDF 1.3); partly
  transparent pixels (a soft edge, a shadow) are refused. Compositing them onto white
  would be right only where the picture stands on white, and a card's paper is tinted;
- colours: only DeviceCMYK and DeviceGray (or Indexed on them) and patterns whose shadings
  are in those; a colour space listed in the resources but never used (WeasyPrint lists
  two Lab spaces on every page) is removed, a used one is refused, as is a transfer
  function;
- fonts: every font's program embedded, none an OpenType program (`FontFile3 /OpenType`
  is PDF 1.6);
- annotations: removed (WeasyPrint's links; a print file draws none and X-1a allows none
  inside the bleed box); an attached file is refused (X-1a allows no file specification).
"""

from __future__ import annotations

import zlib
from typing import Any

import pikepdf
from PIL import Image

from toolkit.core.outputs import RenderError

DEVICE = {"/DeviceCMYK", "/DeviceGray", "/CMYK", "/G"}
BLENDS = {"/Normal", "/Compatible"}
NONE = pikepdf.Name("/None")


def _allowed(space: Any, resources: Any) -> bool:
    """Whether a colour space (a name, maybe of a resource, or an array) is one X-1a
    allows: device CMYK or grey, a pattern, or Indexed, Separation or DeviceN on those."""
    if isinstance(space, pikepdf.Name) and str(space) not in DEVICE | {"/Pattern"}:
        space = ((resources or {}).get("/ColorSpace") or {}).get(str(space), space)
    if isinstance(space, pikepdf.Array) and len(space) == 1:  # [/Pattern]
        space = space[0]
    if isinstance(space, pikepdf.Array) and len(space) > 1:
        base = {"/Indexed": 1, "/I": 1, "/Pattern": 1, "/Separation": 2, "/DeviceN": 2}
        at = base.get(str(space[0]))
        return at is not None and len(space) > at and _allowed(space[at], resources)
    return str(space) in DEVICE | {"/Pattern"}


def _check_gstate(gs: Any, where: str) -> None:
    """Refuse a graphics state that is transparent or sets a transfer function."""
    for key in ("/ca", "/CA"):
        if key in gs and float(gs[key]) < 1:
            raise RenderError(
                f"{where}: opacity {float(gs[key]):g} (CSS opacity or a colour's alpha); "
                "PDF/X-1a allows no transparency: make it opaque"
            )
    if gs.get("/SMask", NONE) != NONE:
        raise RenderError(f"{where}: a soft mask; PDF/X-1a allows no transparency")
    blend = gs.get("/BM", pikepdf.Name.Normal)
    blends = list(blend) if isinstance(blend, pikepdf.Array) else [blend]
    if not all(str(b) in BLENDS for b in blends):
        raise RenderError(f"{where}: blend mode {blend}; PDF/X-1a allows Normal only")
    for key in ("/TR", "/TR2"):
        if key in gs and gs[key] != pikepdf.Name.Default:
            raise RenderError(f"{where}: a transfer function; PDF/X-1a allows none")


def _unmask(pdf: pikepdf.Pdf, image: Any, where: str) -> None:
    """An image's alpha channel made good (see module) or refused."""
    smask = image.get("/SMask")
    if smask is None:
        return
    try:
        alpha = pikepdf.PdfImage(smask).as_pil_image().convert("L")
    except Exception as exc:  # an encoding pikepdf cannot decode
        raise RenderError(f"{where}: its transparency cannot be read ({exc})") from None
    levels = {v for v, n in enumerate(alpha.histogram()) if n}
    if not levels <= {0, 255}:
        raise RenderError(
            f"{where}: a picture with partly transparent pixels (soft edges or a shadow); "
            "PDF/X-1a allows no transparency: flatten it onto its background, or give it a "
            "hard edge (every pixel opaque or clear)"
        )
    del image["/SMask"]
    if levels != {255}:
        # a stencil mask: a 1 bit where the picture is clear (nothing painted), rows MSB
        # first as PDF reads them, the picture's own "1" mode
        clear = alpha.point(lambda a: 255 if a == 0 else 0).convert("1", dither=Image.Dither.NONE)
        image.Mask = pdf.make_stream(
            zlib.compress(clear.tobytes(), 9),
            Type=pikepdf.Name.XObject,
            Subtype=pikepdf.Name.Image,
            Width=clear.width,
            Height=clear.height,
            ImageMask=True,
            BitsPerComponent=1,
            Filter=pikepdf.Name.FlateDecode,
        )


def _check_image(pdf: pikepdf.Pdf, image: Any, resources: Any, where: str) -> None:
    """An image X-1a can hold: its alpha made good, its colours CMYK or grey, 8 bits at
    most, no JPEG 2000 (PDF 1.5)."""
    _unmask(pdf, image, where)
    if image.get("/ImageMask", False):
        return
    if not _allowed(image.get("/ColorSpace"), resources):
        raise RenderError(f"{where}: a picture in {image.get('/ColorSpace')}; X-1a wants CMYK")
    if int(image.get("/BitsPerComponent", 8)) > 8:
        raise RenderError(f"{where}: a 16-bit picture; PDF 1.4 reads 8 bits: save it at 8")
    filters = image.get("/Filter", pikepdf.Array())
    if "/JPXDecode" in (list(filters) if isinstance(filters, pikepdf.Array) else [filters]):
        raise RenderError(f"{where}: a JPEG 2000 picture; PDF 1.4 reads none")


def _check_fonts(resources: Any, where: str) -> None:
    """Every font's program embedded, none in the OpenType wrapper of PDF 1.6."""
    for name, font in ((resources or {}).get("/Font") or {}).items():
        if font.get("/Subtype") == "/Type3":
            continue  # glyphs drawn by content streams, nothing to embed
        for f in [font, *(font.get("/DescendantFonts") or [])]:
            if f.get("/Subtype") == "/Type0":
                continue  # its descendant holds the program
            d = f.get("/FontDescriptor")  # none for a standard 14 font: not embedded
            if d is None or not any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                raise RenderError(f"{where} {name}: font {f.get('/BaseFont')} is not embedded")
            if "/FontFile3" in d and d.FontFile3.get("/Subtype") == "/OpenType":
                raise RenderError(f"{where} {name}: an OpenType font program (PDF 1.6)")


def _used_spaces(obj: Any, resources: Any, where: str) -> None:
    """Refuse a colour space X-1a does not allow where the content sets one."""
    for instruction in pikepdf.parse_content_stream(obj):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            image = instruction.iimage.obj
            space = image.get("/CS", image.get("/ColorSpace", pikepdf.Name.DeviceGray))
            if not image.get("/IM", image.get("/ImageMask", False)) and not _allowed(
                space, resources
            ):
                raise RenderError(f"{where}: an inline picture in {space}; X-1a wants CMYK")
            continue
        space = instruction.operands[0] if str(instruction.operator) in ("cs", "CS") else None
        if space is not None and not _allowed(space, resources):
            raise RenderError(f"{where}: colour space {space}; X-1a wants CMYK or grey")


def _check_resources(pdf: pikepdf.Pdf, resources: Any, where: str) -> None:
    """A stream's resources as X-1a wants them (see module)."""
    for name, gs in ((resources or {}).get("/ExtGState") or {}).items():
        _check_gstate(gs, f"{where} {name}")
    _check_fonts(resources, where)
    for name, x in ((resources or {}).get("/XObject") or {}).items():
        if x.get("/Subtype") == "/Image":
            _check_image(pdf, x, resources, f"{where} {name}")
    shadings = dict(((resources or {}).get("/Shading") or {}).items())
    for name, p in ((resources or {}).get("/Pattern") or {}).items():
        if p.get("/PatternType") == 2:
            _check_gstate(p.get("/ExtGState") or {}, f"{where} {name}")
            shadings[name] = p.Shading
    for name, s in shadings.items():
        if not _allowed(s.get("/ColorSpace"), resources):
            raise RenderError(f"{where}: gradient {name} in {s.get('/ColorSpace')}; not CMYK")


def _drop_unused_spaces(streams: list[tuple[Any, Any, str]]) -> None:
    """Remove the colour spaces X-1a does not allow from every resource dictionary (none is
    used: `_used_spaces` has refused any that was)."""
    for _obj, resources, _where in streams:
        spaces = (resources or {}).get("/ColorSpace")
        for name in list((spaces or {}).keys()):
            if not _allowed(pikepdf.Name(name), resources):
                del spaces[name]


def make_opaque(pdf: pikepdf.Pdf, streams: list[tuple[Any, Any, str]]) -> None:
    """Make a PDF whose colours are already CMYK (`streams`: every content stream with its
    resources and where it is) hold nothing PDF/X-1a forbids, or raise a RenderError that
    says what and where (see module)."""
    names = pdf.Root.get("/Names") or {}
    if "/EmbeddedFiles" in names or "/AcroForm" in pdf.Root:
        raise RenderError("an attached file or a form; PDF/X-1a allows neither")
    for obj, resources, where in streams:
        _check_resources(pdf, resources, where)
        _used_spaces(obj, resources, where)
        group = obj.get("/Group")
        if group is not None and group.get("/S") == "/Transparency":
            del obj["/Group"]  # its content is opaque: the group draws as the content alone
    _drop_unused_spaces(streams)
    for page in pdf.pages:
        if "/Annots" in page.obj:
            del page.obj["/Annots"]
