"""Print-shop card profiles, read from `templates/common/print-shops.yaml`.

A profile is data, not code: the card size a shop prints, the bleed and safe area its
template asks for, the resolution, the file type and colour mode, and how it wants the
files named. `toolkit build --export PROFILE` writes every card of a kit that way
(`toolkit.kit.export`). The file is the toolkit's own (not content), but it is still checked
here field by field, so a typo in a profile is a clear error, never a wrong file.
"""

from __future__ import annotations

import difflib
import string
from dataclasses import dataclass
from functools import cache

import yaml

from toolkit.core.errors import ToolkitError
from toolkit.core.resources import PRINT_SHOPS

MM_PER = {"mm": 1.0, "in": 25.4}
FORMATS = {"png": "RGB", "pdf": "CMYK"}  # each file type with the one colour mode it is made in
# each PDF/X a pdf profile may ask for, with the variant that writes it (`render_cards`);
# X-4 is the toolkit's own choice where a shop names none
PDFX = {"x-4": "pdf/x-4", "x-1a:2003": "pdf/x-1a"}
MATCH_MM = 1.0  # a game's card is a shop's size when each side is within this


@dataclass(frozen=True)
class Profile:
    """One shop's card template, sizes in mm."""

    id: str
    shop: str
    product: str
    source: str
    trim: tuple[float, float]
    bleed: float
    safe: float
    dpi: int
    format: str  # png: one image a card face and back; pdf: one PDF a deck
    colour: str
    pixels: tuple[int, int] | None = None  # a card image with its bleed (png)
    face: str = ""
    back: str = ""
    single_back: str = ""
    order: str = "face-back"  # pdf: each card's pages, in this order
    file: str = ""  # pdf: the deck's file
    pdfx: str = ""  # pdf: the PDF/X the shop asks for (a key of PDFX)
    pdfx_source: str = ""  # pdf: the shop's page that asks for it ("" for X-4, our default)

    @property
    def title(self) -> str:
        return f"{self.shop} {self.product}"

    def fits(self, width: float, height: float) -> bool:
        """Whether a card of this trim (mm) is this profile's size."""
        return abs(width - self.trim[0]) <= MATCH_MM and abs(height - self.trim[1]) <= MATCH_MM

    def safe_box_px(self) -> tuple[int, int, int, int]:
        """The safe area in a card image (left, top, right, bottom), in pixels."""
        assert self.pixels is not None
        inset = round((self.bleed + self.safe) / 25.4 * self.dpi)
        return inset, inset, self.pixels[0] - inset, self.pixels[1] - inset


def _fail(pid: str, message: str) -> ToolkitError:
    return ToolkitError(f"{PRINT_SHOPS.name}: profile {pid!r}: {message}")


def _fields(pattern: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(pattern) if f}


def _profile(pid: str, raw: object) -> Profile:
    """One profile from its YAML mapping, every field checked."""
    if not isinstance(raw, dict):
        raise _fail(pid, "expected a mapping")
    unit = raw.get("unit", "mm")
    if unit not in MM_PER:
        raise _fail(pid, f"unit {unit!r} is not one of {sorted(MM_PER)}")
    k = MM_PER[unit]
    try:
        w, h = (float(v) * k for v in raw["trim"])
        bleed, safe, dpi = float(raw["bleed"]) * k, float(raw["safe"]) * k, int(raw["dpi"])
        fmt, colour = str(raw["format"]), str(raw["colour"])
        shop, product, source = str(raw["shop"]), str(raw["product"]), str(raw["source"])
    except (KeyError, TypeError, ValueError) as exc:
        raise _fail(pid, f"missing or wrong field: {exc}") from None
    if FORMATS.get(fmt) != colour:
        raise _fail(pid, f"format {fmt!r} with colour {colour!r}; expected one of {FORMATS}")
    if not (0 <= bleed <= 13 and 0 <= safe <= 13 and 72 <= dpi <= 1200 and w > 0 and h > 0):
        raise _fail(pid, "trim, bleed, safe or dpi out of range")
    p = Profile(pid, shop, product, source, (w, h), bleed, safe, dpi, fmt, colour)
    if fmt == "png":
        if "pdfx" in raw or "pdfx_source" in raw:
            raise _fail(pid, "pdfx and pdfx_source are for a pdf profile, not png")
        try:
            px = tuple(int(v) for v in raw["pixels"])
            names = {n: str(raw[n]) for n in ("face", "back", "single_back")}
        except (KeyError, TypeError, ValueError) as exc:
            raise _fail(pid, f"missing or wrong field: {exc}") from None
        # the shop's template size must be the trim plus bleed at its resolution
        want = tuple(round((s + 2 * bleed) / 25.4 * dpi) for s in (w, h))
        if px != want:
            raise _fail(
                pid, f"pixels {list(px)} disagree with trim + 2 x bleed at {dpi} dpi ({list(want)})"
            )
        for n, pattern in names.items():
            if not _fields(pattern) <= {"deck", "n", "name"} or not pattern.endswith(".png"):
                raise _fail(
                    pid,
                    f"{n}: {pattern!r} may use only {{deck}}, {{n}}, {{name}} and must end in .png",
                )
        return Profile(**{**p.__dict__, "pixels": px, **names})  # type: ignore[arg-type]
    order, file = str(raw.get("order", "face-back")), str(raw.get("file", ""))
    if order not in ("face-back", "back-face"):
        raise _fail(pid, f"order {order!r} is not face-back or back-face")
    if _fields(file) != {"deck"} or not file.endswith(".pdf"):
        raise _fail(pid, f"file: {file!r} must name {{deck}} and end in .pdf")
    pdfx, pdfx_source = _pdfx(pid, raw)
    return Profile(
        **{**p.__dict__, "order": order, "file": file, "pdfx": pdfx, "pdfx_source": pdfx_source}
    )


def _pdfx(pid: str, raw: dict[str, object]) -> tuple[str, str]:
    """A pdf profile's PDF/X and the page of the shop's that asks for it: X-4 where the
    profile names none; a named one must cite its source."""
    pdfx, source = str(raw.get("pdfx", "x-4")), str(raw.get("pdfx_source", ""))
    if pdfx not in PDFX:
        raise _fail(pid, f"pdfx {pdfx!r} is not one of {sorted(PDFX)}")
    if ("pdfx" in raw) != ("pdfx_source" in raw) or (source and not source.startswith("https://")):
        raise _fail(pid, "pdfx needs pdfx_source, the https:// page of the shop's that asks for it")
    return pdfx, source


@cache
def profiles() -> dict[str, Profile]:
    """Every print-shop profile the toolkit knows, by id."""
    raw = yaml.safe_load(PRINT_SHOPS.read_text(encoding="utf-8"))
    return {pid: _profile(pid, body) for pid, body in raw["profiles"].items()}


def profile(pid: str) -> Profile:
    """The profile named `pid`, or a usage error listing them with a did-you-mean."""
    known = profiles()
    if pid in known:
        return known[pid]
    near = difflib.get_close_matches(pid, known, n=1)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    raise ToolkitError(f"unknown print-shop profile {pid!r}{hint} (known: {', '.join(known)})")
