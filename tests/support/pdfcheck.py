"""What a print shop's preflight looks at in a PDF, read with pikepdf alone (none of the
toolkit's own code): the colour spaces every drawing operator uses, the fonts, the boxes,
the output intent."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pikepdf

DEVICE = {
    "rg": "/DeviceRGB",
    "RG": "/DeviceRGB",
    "k": "/DeviceCMYK",
    "K": "/DeviceCMYK",
    "g": "/DeviceGray",
    "G": "/DeviceGray",
}


def _space(name: Any, resources: Any) -> str:
    """A colour space operand as the family it belongs to (`/DeviceRGB`, `/ICCBased/3`...)."""
    space = name
    if isinstance(name, pikepdf.Name) and resources is not None:
        space = (resources.get("/ColorSpace") or {}).get(str(name), name)
    if isinstance(space, pikepdf.Array):
        head = str(space[0])
        return f"{head}/{int(space[1].N)}" if head == "/ICCBased" else head
    return str(space)


def _streams(pdf: pikepdf.Pdf) -> Iterator[tuple[str, Any, Any]]:
    seen: set[tuple[int, int]] = set()

    def visit(where: str, obj: Any, resources: Any) -> Iterator[tuple[str, Any, Any]]:
        if obj.is_indirect and obj.objgen in seen:
            return
        seen.add(obj.objgen)
        yield where, obj, resources
        for name, x in ((resources or {}).get("/XObject") or {}).items():
            if x.get("/Subtype") == "/Form":
                yield from visit(f"{where} {name}", x, x.get("/Resources", resources))
        for name, p in ((resources or {}).get("/Pattern") or {}).items():
            if p.get("/PatternType") == 1:
                yield from visit(f"{where} {name}", p, p.get("/Resources", resources))

    for i, page in enumerate(pdf.pages, 1):
        yield from visit(f"page {i}", page.obj, page.obj.get("/Resources"))


def colour_spaces(pdf: pikepdf.Pdf) -> Counter[str]:
    """How often each colour space is used to set a colour or draw: the content streams of
    every page, form XObject and tiling pattern, their images, shadings and groups."""
    used: Counter[str] = Counter()
    for _where, obj, resources in _streams(pdf):
        for operands, op in pikepdf.parse_content_stream(obj):
            if str(op) in DEVICE:
                used[DEVICE[str(op)]] += 1
            elif str(op) in ("cs", "CS"):
                used[_space(operands[0], resources)] += 1
        for x in ((resources or {}).get("/XObject") or {}).values():
            if x.get("/Subtype") == "/Image":
                used[_space(x.get("/ColorSpace"), resources)] += 1
        for s in ((resources or {}).get("/Shading") or {}).values():
            used[_space(s.get("/ColorSpace"), resources)] += 1
        group = obj.get("/Group")
        if group is not None and "/CS" in group:
            used[_space(group.CS, resources)] += 1
    return used


def unembedded_fonts(pdf: pikepdf.Pdf) -> list[str]:
    """Fonts used by any page without their program embedded."""
    missing = []
    for page in pdf.pages:
        for font in ((page.obj.get("/Resources") or {}).get("/Font") or {}).values():
            for f in [font, *(font.get("/DescendantFonts") or [])]:
                d = f.get("/FontDescriptor")
                if d is not None and not any(
                    k in d for k in ("/FontFile", "/FontFile2", "/FontFile3")
                ):
                    missing.append(str(f.get("/BaseFont")))
    return missing


def box(page: pikepdf.Page, name: str) -> tuple[float, ...] | None:
    """A page's box (`/TrimBox`, `/BleedBox`, ...) as numbers, if the page has it."""
    value = page.obj.get(name)
    return tuple(float(v) for v in value) if value is not None else None


def inside(inner: tuple[float, ...], outer: tuple[float, ...], tol: float = 0.01) -> bool:
    return (
        inner[0] >= outer[0] - tol
        and inner[1] >= outer[1] - tol
        and inner[2] <= outer[2] + tol
        and inner[3] <= outer[3] + tol
    )


def output_intent(pdf: pikepdf.Pdf) -> tuple[dict[str, str], bytes]:
    """The PDF/X output intent's entries and its profile's bytes."""
    (intent,) = pdf.Root.OutputIntents
    entries = {k: str(v) for k, v in intent.items() if k != "/DestOutputProfile"}
    return entries, intent.DestOutputProfile.read_bytes()
