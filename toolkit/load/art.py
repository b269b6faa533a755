"""Art slots, for any game: a content field may name a picture under `content/<game>/art/`
(PNG, JPEG or SVG) that a template places (a faction's emblem, a card's illustration).

Art is untrusted like all content. It is read only through the confined reader
(`toolkit.core.assets`: no path out of `art/`, no link that leads out of the content folder,
nothing hidden, a regular file with no other name: a hard link), and refused unless it is
what its name says: a PNG or JPEG whose header Pillow reads, at most `MAX_ART_BYTES` and
`MAX_PIXELS`; or an SVG of at most `MAX_SVG_BYTES` that is a plain drawing
(`toolkit.load.plain_svg`, shared with icons: no script, event, DOCTYPE, entity, foreignObject
or outside reference, CSS read with its escapes decoded, at most
`plain_svg.MAX_ELEMENTS` elements). A refusal is a content error (`CONTENT-ART`) at the
field that names the picture, naming the picture's line when it is inside an SVG. What is
placed is a `data:` URL of the bytes that were checked, the same URL for every use, so a
picture is one image in a PDF.

A slot left empty keeps the template's look without the picture (and is marked as a
placeholder under `--proof`; `toolkit coverage` counts it as still to write).

A board takes its backdrop by name, for any game and board: `art/boards/<board>.png` (or
.jpg, .jpeg, .svg) is drawn on the board's paper, under everything else, as its template
places it (`backdrop` in `templates/common/board-macros.svg.j2`; its look, such as its
opacity, in the game's board.css, class `backdrop`).
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
import warnings
from functools import cache
from pathlib import Path

import PIL
from PIL import Image

from toolkit.core.assets import AssetError, confined, file_stamp, game_folder
from toolkit.core.store import kept
from toolkit.load.plain_svg import SVGRefused, check_svg

ART = "art"  # a game's art folder, `content/<game>/art/`
ART_REF = r"art/([A-Za-z0-9_-][A-Za-z0-9._-]*/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.(png|jpg|jpeg|svg)"
MAX_ART_BYTES = 8_000_000
MAX_SVG_BYTES = 2_000_000  # an SVG costs its renderer per element and per byte, not per pixel
MAX_PIXELS = 40_000_000  # a 6000 x 6000 picture is more than a card or sheet needs at 600 dpi
MAX_SIDE = 12_000
MEMO_SIZE = 2_000  # pictures whose verdict is remembered (`_verdict`), the latest kept
MIMES = {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "svg": "image/svg+xml"}


class ArtError(Exception):
    """A picture that must not be used; the message says why, `line` where in the picture's
    file (an SVG's; 0: the file as a whole)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def named(ref: str, exc: ArtError) -> str:
    """The picture as a finding names it: `art/x.svg:12` when the fault has a line."""
    return f"{ref}:{exc.line}" if exc.line else ref


def art_folder(game_dir: Path) -> Path:
    """The game's art folder, vetted: not a link out of the content folder."""
    try:
        return game_folder(game_dir, ART)
    except AssetError as exc:
        raise ArtError(f"the {ART} folder cannot be used: {exc}") from None


def check_picture(data: bytes, suffix: str) -> str:
    """The MIME type of a picture's bytes when they are a usable picture of that type."""

    if len(data) > MAX_ART_BYTES:
        raise ArtError(f"larger than {MAX_ART_BYTES // 1_000_000} MB")
    if suffix == "svg":
        try:
            check_svg(data, MAX_SVG_BYTES)
        except SVGRefused as exc:
            raise ArtError(f"not a plain SVG drawing: {exc}", exc.line) from None
        return MIMES[suffix]
    want = "PNG" if suffix == "png" else "JPEG"
    too_many = f"more than {MAX_PIXELS // 1_000_000} million pixels"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as img:  # reads the header only
                fmt, (w, h) = img.format, img.size
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ArtError(too_many) from None
    except Exception:  # Pillow raises many kinds for a broken or hostile file
        raise ArtError(f"not a readable {want} picture") from None
    if fmt != want:
        raise ArtError(f"named .{suffix} but it is {fmt or 'not a picture'}")
    if w * h > MAX_PIXELS or max(w, h) > MAX_SIDE:
        raise ArtError(f"{w} x {h} pixels: {too_many}, or a side over {MAX_SIDE}")
    return MIMES[suffix]


def data_url(game_dir: Path, ref: str) -> str:
    """The checked picture `ref` (`art/...`) as a `data:` URL; ArtError saying why not."""
    return _data_url(game_dir, ref, _stamp(game_dir, ref))


@cache
def _data_url(game_dir: Path, ref: str, stamp: int) -> str:
    mime, data = _vetted(game_dir, ref, stamp)
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


def vet(game_dir: Path, ref: str) -> None:
    """Nothing when `ref` names a usable picture (what `data_url` would place); ArtError
    saying why not. The check stops here: it never needs the picture's URL."""
    _vetted(game_dir, ref, _stamp(game_dir, ref))


def _stamp(game_dir: Path, ref: str) -> tuple[int, ...]:
    if not re.fullmatch(ART_REF, ref):
        raise ArtError("not a path under art/ ending in .png, .jpg, .jpeg or .svg")
    return file_stamp(game_dir / ref)


@cache
def _vetted(game_dir: Path, ref: str, _stamp: tuple[int, ...]) -> tuple[str, bytes]:
    folder = art_folder(game_dir)
    try:
        real = confined(str(game_dir / ref), [folder])
    except AssetError as exc:
        raise ArtError(str(exc)) from None
    with open(real, "rb") as fh:
        data = fh.read(MAX_ART_BYTES + 1)
    return _verdict(game_dir, data, ref.rsplit(".", 1)[1].lower()), data


def _verdict(game_dir: Path, data: bytes, suffix: str) -> str:
    """`check_picture`'s verdict, remembered between processes by the bytes' digest under
    the toolkit's code and Pillow's version: a check does not import Pillow to read again
    the header of a picture it has read before."""

    store = kept()  # verdicts a process found before (`toolkit.core.store`)
    stored = store.get(game_dir, "art")
    memo = stored[1] if isinstance(stored, tuple) and stored[:1] == (PIL.__version__,) else {}
    if not isinstance(memo, dict):
        memo = {}
    key = f"{suffix}:{hashlib.blake2b(data, digest_size=20).hexdigest()}"
    verdict = memo.get(key)
    if not (isinstance(verdict, tuple) and len(verdict) == 3):
        try:
            verdict = (True, check_picture(data, suffix), 0)
        except ArtError as exc:
            verdict = (False, str(exc), exc.line)
        memo = {**dict(list(memo.items())[-MEMO_SIZE:]), key: verdict}
        store.put(game_dir, "art", (PIL.__version__, memo))
    ok, said, line = verdict
    if not ok:
        raise ArtError(said, line if isinstance(line, int) else 0)
    return str(said)


def placed(game_dir: Path | None, ref: str) -> str:
    """What a template places for an art slot: the picture's URL, or "" for an empty slot
    (or one the checker refused: the build stops on that error before anything renders)."""
    if not ref or game_dir is None:
        return ""
    try:
        return data_url(game_dir, ref)
    except ArtError:
        return ""


BACKDROPS = ("png", "jpg", "jpeg", "svg")


def backdrop_ref(game_dir: Path, board: str) -> str:
    """The picture a board is drawn on (`art/boards/<board>.<ext>`), or "" for none."""
    for ext in BACKDROPS:
        if (game_dir / ART / "boards" / f"{board}.{ext}").is_file():
            return f"{ART}/boards/{board}.{ext}"
    return ""
