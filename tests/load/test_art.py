"""Art slots (`toolkit.load.art`): a faction's emblem and card illustration from
`content/<game>/art/`, hostile art refused with CONTENT-ART, the sample faction showing its
art on its sheet and card, and coverage counting what is missing."""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from tests.support.hostile import CANARY, outside_folder, outside_reads, png, run_recorded
from tests.support.shipped import FF, ROOT, copy_content, edit, line_of, toolkit
from toolkit.load.art import ArtError, check_picture

ZAKEL = "forty-factions/factions/001-temple-of-zakel.yaml"
NAVY = "forty-factions/factions/002-navy.yaml"


def _png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims `width` x `height` pixels (a decompression bomb's shape)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(b"\0"))
        + chunk(b"IEND", b"")
    )


def test_pictures_are_what_their_names_say_and_within_limits() -> None:
    assert check_picture(png(), "png") == "image/png"
    with pytest.raises(ArtError, match="million"):
        check_picture(_png_header(30000, 30000), "png")  # 900 million pixels
    with pytest.raises(ArtError, match="7000 x 7000 pixels"):
        check_picture(_png_header(7000, 7000), "png")  # 49 million: over the toolkit's limit
    with pytest.raises(ArtError, match=r"named \.jpg but it is PNG"):
        check_picture(png(), "jpg")
    with pytest.raises(ArtError, match="not a readable"):
        check_picture(b"GIF89a" + b"\0" * 20, "png")
    with pytest.raises(ArtError, match="larger than"):
        check_picture(b"\0" * 9_000_000, "png")
    with pytest.raises(ArtError, match="script"):
        check_picture(b'<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>', "svg")
    with pytest.raises(ArtError, match="external reference"):
        check_picture(
            b'<svg xmlns="http://www.w3.org/2000/svg"><image href="https://x/y.png"/></svg>', "svg"
        )


def _art_findings(proc: subprocess.CompletedProcess[str]) -> list[dict]:
    return [r for r in json.loads(proc.stdout) if r["code"] == "CONTENT-ART"]


@pytest.mark.slow
@pytest.mark.parametrize("hostile", ["link out", "huge", "script", "external href"])
def test_hostile_art_is_a_content_error_at_the_field_and_never_read_outside(
    tmp_path: Path, hostile: str
) -> None:
    content = copy_content(tmp_path)
    art = content / "forty-factions/art"
    outside = outside_folder(tmp_path)
    name = {
        "link out": "evil.png",
        "huge": "huge.png",
        "script": "evil.svg",
        "external href": "href.svg",
    }[hostile]
    if hostile == "link out":
        (art / name).symlink_to(outside / "secret.png")
    elif hostile == "huge":
        (art / name).write_bytes(_png_header(20000, 20000))
    elif hostile == "script":
        (art / name).write_text('<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>')
    else:
        (art / name).write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink='
            '"http://www.w3.org/1999/xlink"><image xlink:href='
            f'"file://{outside}/secret.png"/></svg>'
        )
    edit(content / NAVY, "sources:", f"emblem: art/{name}\nsources:")
    proc, opened = run_recorded(
        tmp_path, "check", "--content", str(content), "--game", "forty-factions", "--format", "json"
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    (hit,) = _art_findings(proc)
    assert hit["path"].endswith("002-navy.yaml")
    assert hit["line"] == line_of(content / NAVY, "emblem:")
    assert f"art/{name}" in hit["message"]
    assert not outside_reads(opened, content, content.parent / "rules", tmp_path / "out")
    # and the build refuses before rendering anything: no sheet carries the picture
    build = toolkit(
        "build",
        "--content",
        str(content),
        "--game",
        "forty-factions",
        "--only",
        "sheets/factions/002-*",
        "--out",
        str(tmp_path / "out"),
    )
    assert build.returncode == 1
    assert not (tmp_path / "out/forty-factions/sheets/factions/002-navy.pdf").exists()
    assert CANARY not in proc.stdout + build.stdout


def test_a_path_out_of_art_is_refused_by_the_schema(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    edit(content / NAVY, "sources:", "emblem: ../../outside/secret.png\nsources:")
    proc = toolkit("check", "--content", str(content), "--game", "forty-factions")
    assert proc.returncode == 1
    assert f"002-navy.yaml:{line_of(content / NAVY, 'emblem:')}:" in proc.stdout


def _page(pdf: Path, dpi: int = 50, page: int = 1) -> Image.Image:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [
                "pdftoppm",
                "-r",
                str(dpi),
                "-png",
                "-f",
                str(page),
                "-l",
                str(page),
                "-singlefile",
                str(pdf),
                f"{tmp}/p",
            ],
            check=True,
        )
        return Image.open(f"{tmp}/p.png").convert("RGB")


def _differs(a: Image.Image, b: Image.Image, box: tuple[float, float, float, float]) -> float:
    """The share of pixels that differ in a box given as fractions of the page."""
    w, h = a.size
    px = tuple(round(v * (w if i % 2 == 0 else h)) for i, v in enumerate(box))
    ca, cb = a.crop(px), b.crop(px)  # type: ignore[arg-type]
    diff = ImageChops.difference(ca, cb).convert("L")
    return sum(diff.histogram()[30:]) / (ca.width * ca.height)


@pytest.mark.slow
def test_the_sample_faction_shows_its_emblem_and_illustration(tmp_path: Path) -> None:
    """The Temple of ZAKEL (sample art, CC0): its emblem on its sheet's header and its card,
    its illustration on its card; without them, today's look (on the card, a generated
    emblem in the illustration's place)."""
    bare = copy_content(tmp_path)
    edit(bare / ZAKEL, "emblem: art/samples/temple-emblem.svg\n", "")
    edit(bare / ZAKEL, "illustration: art/samples/temple-illustration.svg\n", "")
    edit(bare / ZAKEL, ", emblem, illustration]", "]")
    only = ["sheets/factions/001-*", "cards/factions/001-*"]  # its sheet, its card
    with_art, without = tmp_path / "art", tmp_path / "bare"
    for pattern in only:
        for content, out in ((FF.parent, with_art), (bare, without)):
            proc = toolkit(
                "build",
                "--content",
                str(content),
                "--game",
                "forty-factions",
                "--only",
                pattern,
                "--out",
                str(out),
            )
            assert proc.returncode == 0, proc.stdout + proc.stderr
    sheet = "forty-factions/sheets/factions/001-temple-of-zakel.pdf"
    a, b = _page(with_art / sheet), _page(without / sheet)
    assert _differs(a, b, (0.15, 0.03, 0.28, 0.15)) > 0.1  # the emblem beside the number
    assert _differs(a, b, (0.0, 0.2, 1.0, 1.0)) < 0.01  # the fields below are as they were
    cards = "forty-factions/cards/factions/001-temple-of-zakel.pdf"
    a, b = _page(with_art / cards, 100), _page(without / cards, 100)
    assert _differs(a, b, (0.05, 0.04, 0.27, 0.16)) > 0.1  # the emblem in the top corner
    # the illustration, beside the tarot drawing, where a card without art has the emblem
    # generated from its data (card_art.emblem)
    assert _differs(a, b, (0.5, 0.33, 0.88, 0.55)) > 0.2


def test_coverage_counts_missing_art() -> None:
    proc = toolkit("coverage", "--game", "forty-factions", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    data = data[0] if isinstance(data, list) else data
    files = {Path(f["file"]).name: f for f in data["files"]}
    navy, zakel = files["002-navy.yaml"], files["001-temple-of-zakel.yaml"]
    assert {"emblem", "illustration"} <= set(navy["empty"])
    # the sample art stands in: a placeholder, not a value of the game
    assert {"emblem", "illustration"} <= set(zakel["placeholders"])
    assert "emblem" not in zakel["empty"]


@pytest.mark.slow
def test_a_png_emblem_is_one_image_per_pdf_and_cmyk_in_print_shop_files(
    shipped_kit: Path, tmp_path: Path
) -> None:
    """Two factions sharing a PNG emblem: the card file and the deck of sheets each hold it
    once; under --preset pod it is converted to the press's CMYK, not refused. (The output
    folder starts as the shipped kit: the two factions' sheets are laid out again, the
    others are found up to date, and the deck is assembled from them all.)"""
    import pikepdf

    content = copy_content(tmp_path)
    picture = Image.new("RGB", (300, 360), "#f3eee3")
    picture.paste((43, 45, 66), (40, 40, 260, 320))
    picture.save(content / "forty-factions/art/shared.png")
    for f in (NAVY, "forty-factions/factions/003-army.yaml"):
        edit(content / f, "sources:", "emblem: art/shared.png\nsources:")
    out = tmp_path / "out"
    shutil.copytree(shipped_kit / "build/forty-factions", out / "forty-factions")
    for args in (
        ["--only", "cards/factions-faces.pdf", "--only", "sheets/factions.pdf"],
        ["--only", "cards/factions-pod.pdf", "--preset", "pod"],
    ):
        # from the folder holding both, as the kit was built (the paths a sheet shows are
        # part of what it is made from)
        proc = toolkit(
            "build",
            "--content",
            "content",
            "--game",
            "forty-factions",
            "--out",
            "out",
            *args,
            cwd=tmp_path,
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
    for name in ("cards/factions-faces.pdf", "sheets/factions.pdf", "cards/factions-pod.pdf"):
        with pikepdf.open(out / "forty-factions" / name) as pdf:
            images = [
                o
                for o in pdf.objects
                if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
            ]
            assert len(images) == 1, (name, len(images))
            want = "/DeviceCMYK" if name.endswith("pod.pdf") else "/DeviceRGB"
            assert images[0].ColorSpace == want, name


@pytest.mark.slow
def test_a_board_takes_its_backdrop_by_name(tmp_path: Path) -> None:
    """`art/boards/<board>.png` is drawn on that board's paper, under the drawing, in its
    SVG and PDF (once), and the board still passes the visual audit; other boards keep
    their look."""
    content = copy_content(tmp_path)
    boards = content / "forty-factions/art/boards"
    boards.mkdir()
    (boards / "council.png").write_bytes((FF / "art/samples/compass-rose.png").read_bytes())
    out = tmp_path / "out"
    proc = toolkit(
        "build",
        "--content",
        str(content),
        "--game",
        "forty-factions",
        "--out",
        str(out),
        "--only",
        "boards/co*",
    )  # fmt: skip  (council, congress)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    svg = (out / "forty-factions/boards/council.svg").read_text()
    assert svg.count('<image class="backdrop"') == 1
    assert svg.index('class="backdrop"') < svg.index('class="border-outer"')  # under it all
    assert 'class="backdrop"' not in (out / "forty-factions/boards/congress.svg").read_text()
    images = subprocess.run(
        ["pdfimages", "-list", str(out / "forty-factions/boards/council.pdf")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert [row.split()[2] for row in images.splitlines()[2:]].count("image") == 1
    # the picture shows: the middle of the board darkens where the rose is drawn
    plain = toolkit(
        "build",
        "--game",
        "forty-factions",
        "--out",
        str(tmp_path / "plain"),
        "--only",
        "boards/council*.pdf",
    )
    assert plain.returncode == 0
    assert (
        _differs(
            _page(out / "forty-factions/boards/council.pdf"),
            _page(tmp_path / "plain/forty-factions/boards/council.pdf"),
            (0.35, 0.3, 0.65, 0.7),
        )
        > 0.02
    )
    # and on every tile a DM prints at home, each holding a quarter of the rose (a faint
    # picture once vanished from every tile but the first, under the audit's tolerance)
    tiles = out / "forty-factions/boards/council-tiles-a4.pdf"
    for page in (1, 2, 3, 4):
        shown = _differs(
            _page(tiles, page=page),
            _page(tmp_path / "plain/forty-factions/boards/council-tiles-a4.pdf", page=page),
            (0.05, 0.08, 0.95, 0.92),
        )
        assert shown > 0.03, (page, shown)
    audit = toolkit("audit", str(out / "forty-factions/boards"))
    assert audit.returncode == 0, audit.stdout + audit.stderr


def test_a_hostile_backdrop_is_refused_and_never_read_outside(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    boards = content / "forty-factions/art/boards"
    boards.mkdir()
    outside = outside_folder(tmp_path)
    (boards / "council.png").symlink_to(outside / "secret.png")
    (boards / "madness.png").write_text("<svg/> not a png")
    proc, opened = run_recorded(
        tmp_path, "check", "--content", str(content), "--game", "forty-factions", "--format", "json"
    )
    assert proc.returncode == 1
    found = sorted(Path(r["path"]).name for r in _art_findings(proc))
    assert found == ["council.png", "madness.png"]
    assert not outside_reads(opened, content, content.parent / "rules", tmp_path / "out")
    assert CANARY not in proc.stdout


def test_a_picture_checked_once_is_not_read_by_pillow_again_until_its_bytes_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolkit.load import art
    from toolkit.speed import content_cache

    monkeypatch.delenv("TOOLKIT_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    game = tmp_path / "content" / "game"
    (game / "art").mkdir(parents=True)
    (game / "art" / "good.png").write_bytes(png())
    (game / "art" / "bad.png").write_bytes(b"GIF89a" + b"\0" * 20)
    art.vet(game, "art/good.png")
    with pytest.raises(ArtError, match="not a readable PNG") as first:
        art.vet(game, "art/bad.png")
    content_cache.flush()

    def pillow(data: bytes, suffix: str) -> str:
        raise AssertionError("read by Pillow again")

    # what a later process knows: only the cache file, not this one's memory
    art._vetted.cache_clear()
    monkeypatch.setattr(content_cache, "_MEMORY", {})
    monkeypatch.setattr(art, "check_picture", pillow)
    art.vet(game, "art/good.png")
    with pytest.raises(ArtError) as again:
        art.vet(game, "art/bad.png")
    assert str(again.value) == str(first.value)
    (game / "art" / "good.png").write_bytes(png() + b"\0")  # other bytes: read again
    art._vetted.cache_clear()  # (the file's time may not have moved on)
    with pytest.raises(AssertionError, match="read by Pillow again"):
        art.vet(game, "art/good.png")


def test_an_svg_over_2_mb_is_refused_though_a_png_may_be_larger() -> None:
    """An SVG costs its renderer per byte and per element, a PNG only per pixel."""
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><!--' + b"x" * 2_100_000 + b"--></svg>"
    with pytest.raises(ArtError, match="larger than 2 MB"):
        check_picture(svg, "svg")


# Case 48: what an SVG's CSS loads, behind escapes, and a drawing too big to print, each
# refused by `check` at the field and at the picture's own line.
_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
HIDDEN = {
    "@\\69mport": ("<style>\n@\\69mport 'file:///etc/passwd';\n</style>", 3, "@import"),
    "u\\72l(": ('<rect/>\n<rect style="fill: u\\72l(file:///x.svg#a)"/>', 3, "url(file:///x"),
    "\\000075 rl(": ('<rect fill="\\000075 rl(file:///x.svg#a)"/>', 2, "url(file:///x"),
    "URL(": ('<path d="M0 0"\n  clip-path="URL(file:///x.svg#c)"/>', 3, "url(file:///x"),
    "270,000 elements": ("<g/>\n" * 270_000, 20_001, "more than 20,000 elements"),
}


@pytest.mark.parametrize("shape", sorted(HIDDEN))
def test_hidden_loads_and_huge_drawings_in_art_are_refused_at_the_pictures_line(
    tmp_path: Path, shape: str
) -> None:
    content = copy_content(tmp_path)
    body, line, said = HIDDEN[shape]
    (content / "forty-factions/art/hidden.svg").write_text(_SVG + body + "</svg>")
    edit(content / NAVY, "sources:", "emblem: art/hidden.svg\nsources:")
    proc = toolkit(
        "check", "--content", str(content), "--game", "forty-factions", "--format", "json"
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    (hit,) = _art_findings(proc)
    assert hit["path"].endswith("002-navy.yaml")
    assert hit["line"] == line_of(content / NAVY, "emblem:")
    assert hit["message"].startswith(f"picture art/hidden.svg:{line}: not a plain SVG drawing")
    assert said in hit["message"]


def test_a_backdrop_with_a_hidden_load_is_refused_at_its_file_and_line(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    (content / "forty-factions/art/boards").mkdir()
    body, line, _ = HIDDEN["u\\72l("]
    (content / "forty-factions/art/boards/council.svg").write_text(_SVG + body + "</svg>")
    proc = toolkit(
        "check", "--content", str(content), "--game", "forty-factions", "--format", "json"
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    (hit,) = _art_findings(proc)
    assert (Path(hit["path"]).name, hit["line"]) == ("council.svg", line)


@pytest.mark.slow
def test_a_hard_linked_picture_is_refused_and_nothing_is_embedded(tmp_path: Path) -> None:
    """Case 49: a picture with a second name (a hard link) may be any file of the disk, and
    its path says nothing of where: `check` refuses it at the field, and a draft build,
    which goes on despite errors, places no picture."""
    import pikepdf

    content = copy_content(tmp_path)
    outside = outside_folder(tmp_path)
    os.link(outside / "secret.png", content / "forty-factions/art/twin.png")
    edit(content / NAVY, "sources:", "emblem: art/twin.png\nsources:")
    proc = toolkit(
        "check", "--content", str(content), "--game", "forty-factions", "--format", "json"
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    (hit,) = _art_findings(proc)
    assert hit["line"] == line_of(content / NAVY, "emblem:")
    assert hit["message"].startswith("picture art/twin.png: a hard link")
    out = tmp_path / "out"
    build = toolkit(
        "build",
        "--draft",
        "--content",
        str(content),
        "--game",
        "forty-factions",
        "--only",
        "sheets/factions/002-*",
        "--out",
        str(out),
    )
    sheet = out / "forty-factions/sheets/factions/002-navy.pdf"
    assert build.returncode == 1 and sheet.exists(), build.stdout + build.stderr
    with pikepdf.open(sheet) as pdf:
        assert not [
            o
            for o in pdf.objects
            if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
        ]
    assert CANARY.encode() not in sheet.read_bytes()


def test_a_picture_given_a_second_name_after_a_clean_check_is_refused_not_kept(
    tmp_path: Path,
) -> None:
    """A kept check result (`toolkit.speed.check_cache`) vouches for bytes, not for how many names
    a file has: a folder holding a hard link is checked every time, so a picture that was
    fine and is now also a file elsewhere is refused, as a check without the cache would."""
    content = copy_content(tmp_path)
    (content / "forty-factions/art/own.png").write_bytes(png())
    edit(content / NAVY, "sources:", "emblem: art/own.png\nsources:")
    env = {k: v for k, v in os.environ.items() if k != "TOOLKIT_NO_CACHE"}
    env.update(XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONPATH=str(ROOT))

    def check() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [
                sys.executable,
                "-m",
                "toolkit",
                "check",
                "--content",
                str(content),
                "--game",
                "forty-factions",
                "--format",
                "json",
            ],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
        )

    assert check().returncode == 0
    os.link(content / "forty-factions/art/own.png", tmp_path / "elsewhere.png")
    proc = check()
    assert proc.returncode == 1, proc.stdout + proc.stderr
    (hit,) = _art_findings(proc)
    assert hit["message"].startswith("picture art/own.png: a hard link")


def test_a_drawing_whose_use_references_multiply_is_refused() -> None:
    """About 80 elements, each level `<use>`-ing the one below ten times, eight levels deep:
    10^8 rectangles drawn from a file far under the element bound (issue 31's trial)."""
    from toolkit.load.plain_svg import SVGRefused, check_svg

    levels = ['<rect id="l0" width="1" height="1"/>']
    for n in range(1, 9):
        uses = "".join(f'<use href="#l{n - 1}" x="{i}"/>' for i in range(10))
        levels.append(f'<g id="l{n}">{uses}</g>')
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><defs>{}</defs><use href="#{}"/></svg>'
    bomb = svg.format("".join(levels), "l8")
    with pytest.raises(SVGRefused, match="use> references draw more than"):
        check_svg(bomb.encode(), 2_000_000)
    loop = '<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><use href="#a"/></g></svg>'
    with pytest.raises(SVGRefused, match="use> references draw more than"):
        check_svg(loop.encode(), 2_000_000)
    few = svg.format("".join(levels[:3]), "l2")
    assert check_svg(few.encode(), 2_000_000)  # 100 rectangles: a plain drawing
