"""Write stage: a PNG written in bands, so that one band can be drawn again alone.

A Tabletop Simulator deck sheet is a 4096-pixel picture of seventy cards; after a one-card
edit, decoding the last sheet and encoding it again whole took most of its rebuild (0.45 s
of 0.5 s on a 2-core machine). Here the picture's rows are cut in bands (a row of cards
each), and each band is compressed on its own: its rows unfiltered (PNG filter 0, the
smallest file for flat card art) and its deflate stream ended with a full flush, which
leaves nothing of one band in the next one's bytes. A band is then decoded by inflating its
bytes alone, and replaced by compressing it again; the others' bytes are copied as they
are. The zlib checksum of the whole is combined from the bands' own (kept in a text chunk),
so nothing else is read. Any PNG reader reads the file as usual: one image, one zlib
stream across its IDAT chunks (one a band).

The same pixels always give the same bytes, whether every band was compressed now or some
were copied from the last file.
"""

from __future__ import annotations

import json
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
BANDS_KEY = "toolkit-png-bands"  # the text chunk: band height and each band's checksum
LEVEL = 6  # zlib's default: on card art, 0.18 s for a whole sheet, 10 % smaller than Pillow's
_FINAL = b"\x03\x00"  # an empty final deflate block, after the bands' flushed streams
_BASE = 65521  # Adler-32's modulus


@dataclass
class Banded:
    """An RGB picture as its bands' compressed bytes, with what a PNG file needs of it."""

    width: int
    height: int
    band: int  # rows a band (the last may have fewer)
    streams: list[bytes]  # each band's deflate bytes, ended by a full flush
    checksums: list[int]  # each band's Adler-32 of its filtered rows
    text: dict[str, str]  # the caller's text chunks (keyword: text)

    def rows(self, k: int) -> int:
        """How many rows band `k` holds."""
        return min(self.band, self.height - k * self.band)

    def decode(self, k: int) -> Any:
        """Band `k` as a Pillow RGB image."""

        raw = zlib.decompressobj(-15).decompress(self.streams[k])
        stride = 3 * self.width + 1
        rows = b"".join([raw[r * stride + 1 : (r + 1) * stride] for r in range(self.rows(k))])
        return Image.frombytes("RGB", (self.width, self.rows(k)), rows)

    def replace(self, k: int, image: Any) -> None:
        """Put `image` (RGB, the band's size) in place of band `k`."""
        self.streams[k], self.checksums[k] = _compress(image)

    def png(self) -> bytes:
        """The PNG file."""
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        bands = {"band": self.band, "adler": self.checksums}
        chunks = [_chunk(b"IHDR", header)]
        for key, value in [*self.text.items(), (BANDS_KEY, json.dumps(bands))]:
            chunks.append(_chunk(b"tEXt", key.encode("latin-1") + b"\0" + value.encode("latin-1")))
        total = 1
        for k, adler in enumerate(self.checksums):
            total = _combine(total, adler, self.rows(k) * (3 * self.width + 1))
        for k, stream in enumerate(self.streams):  # zlib's header opens the first band
            chunks.append(_chunk(b"IDAT", (b"\x78\x9c" if k == 0 else b"") + stream))
        chunks.append(_chunk(b"IDAT", _FINAL + struct.pack(">I", total)))
        chunks.append(_chunk(b"IEND", b""))
        return SIGNATURE + b"".join(chunks)


def banded(image: Any, band: int, text: dict[str, str] | None = None) -> Banded:
    """`image` (Pillow, RGB) cut in bands of `band` rows, every band compressed."""
    width, height = image.size
    return _in_bands(
        width, height, band, text, lambda top, rows: image.crop((0, top, width, top + rows))
    )


def blank(width: int, height: int, band: int, text: dict[str, str] | None = None) -> Banded:
    """A white picture in bands."""

    return _in_bands(
        width, height, band, text, lambda _top, rows: Image.new("RGB", (width, rows), "white")
    )


def _in_bands(
    width: int,
    height: int,
    band: int,
    text: dict[str, str] | None,
    piece: Callable[[int, int], Any],
) -> Banded:
    """A picture whose band starting at row `top`, `rows` high, is `piece(top, rows)`."""
    out = Banded(width, height, band, [], [], dict(text or {}))
    for top in range(0, height, band):
        stream, adler = _compress(piece(top, min(band, height - top)))
        out.streams.append(stream)
        out.checksums.append(adler)
    return out


def read(data: bytes) -> Banded | None:
    """A banded PNG this module wrote, as its bands; None for any other file (another
    writer's PNG, a damaged one), which is then drawn whole."""
    if not data.startswith(SIGNATURE):
        return None
    pos, header, idat, text = len(SIGNATURE), b"", [], {}
    try:
        while pos < len(data):
            size, kind = struct.unpack(">I4s", data[pos : pos + 8])
            body = data[pos + 8 : pos + 8 + size]
            crc = data[pos + 8 + size : pos + 12 + size]
            if len(body) != size or struct.unpack(">I", crc)[0] != zlib.crc32(kind + body):
                return None
            pos += 12 + size
            if kind == b"IHDR":
                header = body
            elif kind == b"tEXt":
                key, _, value = body.partition(b"\0")
                text[key.decode("latin-1")] = value.decode("latin-1")
            elif kind == b"IDAT":
                idat.append(body)
            elif kind == b"IEND":
                break
        width, height, depth, colour, *rest = struct.unpack(">IIBBBBB", header)
        bands = json.loads(text.pop(BANDS_KEY))
        band, checksums = int(bands["band"]), [int(a) for a in bands["adler"]]
    except (struct.error, KeyError, ValueError, TypeError):
        return None
    if (depth, colour, tuple(rest)) != (8, 2, (0, 0, 0)) or band < 1 or not idat:
        return None
    if len(idat) != len(checksums) + 1 or not idat[0].startswith(b"\x78\x9c"):
        return None
    if -(-height // band) != len(checksums):
        return None
    streams = [idat[0][2:], *idat[1:-1]]
    return Banded(width, height, band, streams, checksums, text)


def _compress(image: Any) -> tuple[bytes, int]:
    """One band's deflate bytes (its rows with filter 0, then a full flush) and checksum."""
    raw = image.tobytes()
    stride = 3 * image.width
    rows = b"".join([b"\0" + raw[r * stride : (r + 1) * stride] for r in range(image.height)])
    deflate = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    return deflate.compress(rows) + deflate.flush(zlib.Z_FULL_FLUSH), zlib.adler32(rows)


def _combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two pieces joined, from each one's and the second's length (as
    zlib's `adler32_combine`, which Python does not expose)."""
    rem = length % _BASE
    a = ((first & 0xFFFF) + (second & 0xFFFF) + _BASE - 1) % _BASE
    b = (rem * (first & 0xFFFF) + (first >> 16) + (second >> 16) + _BASE - rem) % _BASE
    return (b << 16) | a


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
