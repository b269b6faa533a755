"""Audit stage, picture side: a PDF's pages as grey pictures, from three renderers.

Print shops and home users do not all use one PDF engine, so every page is drawn by
poppler (`pdftoppm`), MuPDF (`mutool draw`) and Ghostscript (`gs`). Pictures are small
(a few dots per millimetre): enough to see whether a page shows anything and whether the
engines agree, fast enough to do for every page of a kit.
"""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

INK_LEVEL = 235  # a pixel darker than this (of 255) is ink; paper tints stay lighter


def _poppler(pdf: str, dpi: float, out: Path) -> list[str]:
    return ["pdftoppm", "-r", f"{dpi:g}", "-gray", pdf, str(out / "p")]


def _mupdf(pdf: str, dpi: float, out: Path) -> list[str]:
    return ["mutool", "draw", "-q", "-r", f"{dpi:g}", "-c", "gray", "-o", str(out / "p%d.pgm"), pdf]


def _ghostscript(pdf: str, dpi: float, out: Path) -> list[str]:
    # pnggray, because the PGM devices do not anti-alias: thin rules would print black
    return [
        "gs",
        "-q",
        "-dSAFER",
        "-dBATCH",
        "-dNOPAUSE",
        "-sDEVICE=pnggray",
        f"-r{dpi:g}",
        "-dTextAlphaBits=4",
        "-dGraphicsAlphaBits=4",
        "-o",
        str(out / "p%d.png"),
        pdf,
    ]


RENDERERS: dict[str, Callable[[str, float, Path], list[str]]] = {
    "poppler": _poppler,
    "mupdf": _mupdf,
    "ghostscript": _ghostscript,
}
# Messages a renderer prints that say nothing about the file (MuPDF built without LittleCMS).
_NOISE = ("warning: ICC support is not available",)


class RasterError(Exception):
    """A renderer that failed on a file, or complained about it."""


def rasterise(pdf: Path, dpi: float, renderer: str = "poppler") -> list[Image.Image]:
    """Every page of `pdf` as a greyscale picture at `dpi`, drawn by `renderer`."""
    with tempfile.TemporaryDirectory(prefix="toolkit-raster-") as tmp:
        out = Path(tmp)
        cmd = RENDERERS[renderer](str(pdf), dpi, out)
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)
        except FileNotFoundError:
            raise RasterError(f"{cmd[0]} is not installed (make setup installs it)") from None
        except subprocess.TimeoutExpired:
            raise RasterError(f"{renderer} took longer than 300 s") from None
        complaints = [
            ln for ln in proc.stderr.splitlines() if ln.strip() and not ln.startswith(_NOISE)
        ]
        if proc.returncode != 0 or complaints:
            detail = (complaints or [f"exit {proc.returncode}"])[0]
            raise RasterError(f"{renderer}: {detail[:200]}")
        files = sorted(out.iterdir(), key=lambda p: int("".join(filter(str.isdigit, p.stem))))
        pictures = []
        for f in files:
            with Image.open(f) as im:
                pictures.append(im.convert("L"))
        return pictures


def ink(picture: Image.Image) -> float:
    """The share of a picture's pixels that are ink (darker than paper)."""
    hist = picture.histogram()
    return sum(hist[:INK_LEVEL]) / max(1, picture.width * picture.height)


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference of two pictures of the same thing (0 same, 255 opposite);
    `b` is scaled to `a`'s size first (renderers round page sizes differently)."""

    if b.size != a.size:
        b = b.resize(a.size, Image.Resampling.BOX)
    return float(ImageStat.Stat(ImageChops.difference(a, b)).mean[0])
