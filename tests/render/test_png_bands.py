"""A PNG written in bands (`toolkit.render.png_bands`): any reader sees the picture as drawn, and a
band drawn again alone gives the file a whole drawing gives."""

from __future__ import annotations

import io
import random
import struct
import zlib

from PIL import Image, ImageChops, ImageDraw

from toolkit.render import png_bands


def _picture(width: int = 97, height: int = 61, seed: int = 1) -> Image.Image:
    """Flat shapes and noise, as card art and text are."""
    rnd = random.Random(seed)
    img = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(img)
    for _ in range(12):
        x, y = rnd.randrange(width), rnd.randrange(height)
        colour = tuple(rnd.randrange(256) for _ in range(3))
        draw.rectangle((x, y, x + rnd.randrange(30), y + rnd.randrange(20)), fill=colour)
    noise = Image.effect_noise((width, height // 3), 40).convert("RGB")
    img.paste(noise, (0, height // 2))
    return img


def _idat(data: bytes) -> bytes:
    pos, out = 8, b""
    while pos < len(data):
        size, kind = struct.unpack(">I4s", data[pos : pos + 8])
        if kind == b"IDAT":
            out += data[pos + 8 : pos + 8 + size]
        pos += 12 + size
    return out


def test_a_banded_png_reads_as_the_picture_in_any_reader() -> None:
    img = _picture()
    data = png_bands.banded(img, 10, {"note": "drawn from"}).png()  # 61 rows: a short band
    with Image.open(io.BytesIO(data)) as back:
        back.load()
        assert back.size == img.size and back.text["note"] == "drawn from"
        assert ImageChops.difference(back.convert("RGB"), img).getbbox() is None
    # zlib checks the stream's own checksum, combined from the bands'
    assert len(zlib.decompress(_idat(data))) == img.height * (3 * img.width + 1)


def test_a_band_drawn_again_gives_the_bytes_of_a_whole_drawing() -> None:
    img = _picture()
    sheet = png_bands.read(png_bands.banded(img, 10).png())
    assert sheet is not None and sheet.rows(6) == 1
    band = sheet.decode(3)
    assert ImageChops.difference(band, img.crop((0, 30, 97, 40))).getbbox() is None
    band.paste((200, 30, 30), (5, 2, 40, 8))
    sheet.replace(3, band)
    edited = img.copy()
    edited.paste((200, 30, 30), (5, 32, 40, 38))
    assert sheet.png() == png_bands.banded(edited, 10).png()
    assert (
        png_bands.blank(97, 61, 10).png()
        == png_bands.banded(Image.new("RGB", (97, 61), "white"), 10).png()
    )


def test_a_png_not_written_in_bands_is_not_read_as_one() -> None:
    img = _picture()
    other = io.BytesIO()
    img.save(other, format="PNG")
    assert png_bands.read(other.getvalue()) is None
    data = png_bands.banded(img, 10).png()
    assert png_bands.read(data[:-30]) is None  # cut short
    broken = bytearray(data)
    broken[60] ^= 0xFF  # a byte of a chunk: its CRC no longer matches
    assert png_bands.read(bytes(broken)) is None
    assert png_bands.read(b"not a picture") is None


def test_checksums_combine_as_zlib_computes_them_whole() -> None:
    rnd = random.Random(7)
    for _ in range(50):
        a = bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 3000)))
        b = bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 3000)))
        whole = png_bands._combine(zlib.adler32(a), zlib.adler32(b), len(b))
        assert whole == zlib.adler32(a + b)
