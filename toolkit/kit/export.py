"""Print-shop exports, for any game: every card of a deck as one shop's profile asks.

`toolkit build --export PROFILE` adds, for each deck whose cards are the profile's size,
files under `export/<profile>/`: one PNG a card face (and a back, or one back for a deck
whose cards share it) at the shop's pixel size and resolution, with its bleed; or one
CMYK PDF a deck in the PDF/X the shop asks for (PDF/X-1a:2003 for DriveThruCards, else
PDF/X-4), each card's face and back pages in the shop's order. A card is laid
out again at the shop's trim and bleed (a 70 x 120 mm card at 2.75 x 4.75 in), so nothing
is stretched. The deck is laid out and rasterised once; each file is cut from it.
"""

from __future__ import annotations

import dataclasses
import io
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from PIL import Image

from toolkit.check.file_names import slug
from toolkit.core.outputs import Output
from toolkit.kit.shops import PDFX, Profile
from toolkit.render.cards import CardFormat, build_date, render_cards
from toolkit.render.session import Session


@dataclass(frozen=True)
class ExportDeck:
    """One deck as one profile wants it: the card format at the shop's size, and every
    card as (back, face)."""

    profile: Profile
    fmt: CardFormat
    deck: str
    pairs: tuple[tuple[object, object], ...]


def shop_format(fmt: CardFormat, profile: Profile) -> CardFormat:
    """The game's card laid out at the shop's trim and bleed."""
    w, h = profile.trim
    return dataclasses.replace(
        fmt, width=round(w, 3), height=round(h, 3), bleed=round(profile.bleed, 3)
    )


def card_name(card: object, n: int) -> str:
    """A file-safe name for a card: its name, else its place in the deck."""
    name = getattr(card, "name", "") or getattr(card, "title", "")
    return slug(str(name)) or f"card-{n}"


def export_outputs(
    profile: Profile,
    deck: str,
    fmt: CardFormat,
    pairs: Sequence[tuple[object, object]],
    sources: tuple[str, ...],
) -> list[Output]:
    """The files of one deck in `profile`, or none when its cards are another size."""
    if not pairs or not profile.fits(fmt.width, fmt.height):
        return []
    job = ExportDeck(profile, shop_format(fmt, profile), deck, tuple(pairs))
    group = f"export-{profile.id}-{deck}"
    if profile.format == "pdf":
        path = f"export/{profile.id}/" + profile.file.format(deck=deck)
        render = partial(render_shop_pdf, job)
        return [Output(path, "export", sources, render, group=group, cost=0.5 * len(pairs))]
    return [
        Output(path, "export", sources, render, group=group, cost=0.3)
        for path, render in _png_files(job)
    ]


def _png_files(job: ExportDeck) -> list[tuple[str, Callable[[Session], bytes]]]:
    """Each PNG of a deck as (path, how it is drawn): a face a card, then one back for a
    deck whose cards share it, else a back a card."""
    profile, deck = job.profile, job.deck
    base = f"export/{profile.id}/"
    names = [card_name(face, n) for n, (_, face) in enumerate(job.pairs, 1)]
    files = [
        (
            base + profile.face.format(deck=deck, n=i + 1, name=name),
            partial(render_shop_png, job, "face", i),
        )
        for i, name in enumerate(names)
    ]
    backs = [b for b, _ in job.pairs]
    if all(b == backs[0] for b in backs):
        return [
            *files,
            (
                base + profile.single_back.format(deck=deck),
                partial(render_shop_png, job, "back", 0),
            ),
        ]
    return files + [
        (
            base + profile.back.format(deck=deck, n=i + 1, name=name),
            partial(render_shop_png, job, "back", i),
        )
        for i, name in enumerate(names)
    ]


def render_shop_pdf(job: ExportDeck, session: Session) -> bytes:
    """One PDF a deck in the PDF/X the profile asks for (X-4, or X-1a:2003 for
    DriveThruCards), trim size with the shop's bleed, face and back pages in the profile's
    order."""
    face_first = job.profile.order == "face-back"
    # render_cards makes a pdf/x-* variant that PDF/X (CMYK, the output intent)
    return render_cards(
        session,
        job.fmt,
        "pod",
        variant=PDFX[job.profile.pdfx],
        pages=2 * len(job.pairs),
        pairs=job.pairs,
        face_first=face_first,
        build_date=build_date(),
    )


def rasterise_rgb(pdf: bytes, dpi: int, pixels: tuple[int, int]) -> list[object]:
    """Every page of `pdf` as an RGB picture of exactly `pixels` (poppler draws the page
    with its bleed; the page is trim + 2 x bleed, so the scale is the profile's dpi)."""

    with tempfile.TemporaryDirectory(prefix="toolkit-export-") as tmp:
        src = Path(tmp) / "in.pdf"
        src.write_bytes(pdf)
        subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                str(dpi),
                "-scale-to-x",
                str(pixels[0]),
                "-scale-to-y",
                str(pixels[1]),
                str(src),
                str(Path(tmp) / "p"),
            ],
            check=True,
            capture_output=True,
            timeout=600,
        )
        pages = sorted(Path(tmp).glob("p-*.png"))
        return [Image.open(io.BytesIO(p.read_bytes())).convert("RGB") for p in pages]


def render_shop_png(job: ExportDeck, side: str, index: int, session: Session) -> bytes:
    """Card `index`'s face or back as the profile's PNG: its pixel size, its dpi recorded
    in the file, RGB."""
    key = ("export", job.profile.id, job.deck, side, len(job.pairs))
    pictures = session.cache.get(key)
    if pictures is None:
        cards = [face for _, face in job.pairs] if side == "face" else [b for b, _ in job.pairs]
        if side == "back" and all(b == cards[0] for b in cards):
            cards = cards[:1]
        pdf = render_cards(
            session,
            job.fmt,
            "faces" if side == "face" else "backs",
            pages=len(cards),
            cards=tuple(cards),
        )
        assert job.profile.pixels is not None
        pictures = session.cache[key] = rasterise_rgb(pdf, job.profile.dpi, job.profile.pixels)
    out = io.BytesIO()
    dpi = job.profile.dpi
    pictures[index].save(out, format="PNG", dpi=(dpi, dpi), optimize=False)  # type: ignore[attr-defined]
    session.pages = 0
    return out.getvalue()
