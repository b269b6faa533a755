"""SVG boards that travel: opened on a machine without the kit's fonts, in a browser
(headless Chromium, which uses the embedded fonts) and in librsvg (`rsvg-convert`, which
ignores `@font-face` and draws in the fallback serif), every label stays inside its space
and clear of every other label.

Both renderers run with a fontconfig configuration that rejects Cinzel and EB Garamond,
whatever is installed. Chromium gives each text's box through the DOM (`getBBox`); for
librsvg, each text is drawn alone in a colour of its own and its box read off the picture.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from toolkit.render.svg import text_width

NS = "{http://www.w3.org/2000/svg}"
GAMES = ("forty-factions", "god-emperor", "worldspanner")
SHAPES = {f"{NS}rect", f"{NS}circle", f"{NS}ellipse", f"{NS}polygon"}
TOL = 0.15  # mm: antialiasing and rounding
PX_PER_MM = 4
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm


def _fontconfig(tmp: Path, system: bool = True) -> dict[str, str]:
    """An environment whose fontconfig sees the system's fonts but not the kit's, or (with
    `system` false) no font at all: an empty configuration."""
    reject = "".join(
        f'<pattern><patelt name="family"><string>{f}</string></patelt></pattern>'
        for f in ("Cinzel", "EB Garamond")
    )
    dirs = "<dir>/usr/share/fonts</dir><dir>/usr/local/share/fonts</dir>" if system else ""
    conf = tmp / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
        f"<fontconfig>{dirs}<cachedir>{tmp / 'fc-cache'}</cachedir>"
        f"<selectfont><rejectfont>{reject}</rejectfont></selectfont></fontconfig>\n"
    )
    return {"FONTCONFIG_FILE": str(conf), "HOME": str(tmp)}


@pytest.fixture(scope="module")
def boards(shipped_kit: Path) -> dict[str, Path]:
    """Every SVG the kit writes for the three games (the run's kit's, as its manifest
    lists them)."""
    out = {}
    for game in GAMES:
        kit = shipped_kit / "build" / game
        listed = json.loads((kit / "kit" / "manifest.json").read_text(encoding="utf-8"))
        for o in listed["outputs"]:
            if o["path"].endswith(".svg"):
                out[f"{game}--{Path(o['path']).stem}"] = kit / o["path"]
    assert len(out) == 7 + 2 + 6
    return out


@dataclass(frozen=True)
class Text:
    index: int
    text: str
    family: str
    space: str | None  # the space's <title>, None for a text outside every space
    shapes: tuple[Box, ...]  # the closed shapes of its space
    nominal: Box  # from its attributes and the kit font's advance widths


def _shape_box(el: ET.Element) -> Box:
    f = lambda k: float(el.get(k, "0"))  # noqa: E731
    if el.tag == f"{NS}rect":
        return f("x"), f("y"), f("x") + f("width"), f("y") + f("height")
    if el.tag == f"{NS}circle":
        return f("cx") - f("r"), f("cy") - f("r"), f("cx") + f("r"), f("cy") + f("r")
    if el.tag == f"{NS}ellipse":
        return f("cx") - f("rx"), f("cy") - f("ry"), f("cx") + f("rx"), f("cy") + f("ry")
    pts = [tuple(map(float, p.split(","))) for p in el.get("points", "").split()]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _texts(root: ET.Element) -> list[Text]:
    out: list[Text] = []

    def walk(el: ET.Element, space: ET.Element | None) -> None:
        if el.tag == f"{NS}g" and "space" in el.get("class", "").split():
            space = el
        if el.tag == f"{NS}text":
            size = float(el.get("font-size", "0"))
            family = el.get("font-family", "").split(",")[0]
            weight = int(el.get("font-weight", "400"))
            width = text_width(el.text or "", size, family, weight)
            x, y = float(el.get("x", "0")), float(el.get("y", "0"))
            shift = {"middle": width / 2, "end": width}.get(el.get("text-anchor", ""), 0)
            shapes = tuple(_shape_box(s) for s in space.iter() if s.tag in SHAPES) if space else ()
            title = space.findtext(f"{NS}title") if space is not None else None
            nominal = (x - shift, y - 0.75 * size, x - shift + width, y + 0.2 * size)
            out.append(Text(len(out), el.text or "", family, title, shapes, nominal))
        for child in el:
            walk(child, space)

    walk(root, None)
    return out


def _overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > TOL and min(a[3], b[3]) - max(a[1], b[1]) > TOL


def _inside(a: Box, b: Box) -> bool:
    return a[0] >= b[0] - TOL and a[1] >= b[1] - TOL and a[2] <= b[2] + TOL and a[3] <= b[3] + TOL


def problems(root: ET.Element, boxes: dict[int, Box]) -> Iterator[str]:
    """Labels outside the board, crossing an edge of a shape of their space (a label running
    into its number disc or out of its box), or overlapping another label."""
    x, y, w, h = map(float, root.get("viewBox", "").split())
    texts = _texts(root)
    for t in texts:
        box = boxes[t.index]
        if not _inside(box, (x, y, x + w, y + h)):
            yield f"{t.text!r} runs off the board: {box}"
        for shape in t.shapes:
            if _overlap(box, shape) and not _inside(box, shape):
                yield f"{t.text!r} ({t.space}) crosses the edge of a shape of its space {shape}"
    ordered = sorted(texts, key=lambda t: boxes[t.index][0])
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if boxes[b.index][0] >= boxes[a.index][2]:
                break
            if _overlap(boxes[a.index], boxes[b.index]):
                yield f"{a.text!r} ({a.space}) overlaps {b.text!r} ({b.space})"


# ----------------------------------------------------------------------------- Chromium

HARNESS = """<!DOCTYPE html><html lang="en"><body><pre id="out">waiting</pre>
<script>
const names = %s;
async function measure(frame) {
  const doc = frame.contentDocument;
  await doc.fonts.ready;
  const faces = [...doc.fonts].map(f => [f.family, f.weight, f.style, f.status]);
  const boxes = [...doc.getElementsByTagName("text")].map(t => {
    const b = t.getBBox(); return [b.x, b.width]; });
  return {faces, boxes};
}
window.onload = async () => {
  const out = {};
  for (const name of names) out[name] = await measure(document.getElementById(name));
  document.getElementById("out").textContent = JSON.stringify(out);
};
</script>
%s
</body></html>"""


@pytest.fixture(scope="module", params=["without the kit's fonts", "without any font"])
def chromium(
    boards: dict[str, Path],
    tmp_path_factory: pytest.TempPathFactory,
    request: pytest.FixtureRequest,
) -> dict:
    """Each board opened in headless Chromium on a machine without the kit's fonts, and on
    one without any font at all: its fonts' states and each text's x extent, once the
    document's fonts are ready. (With no font at all there is nothing to draw a label in
    until the embedded ones are loaded: a screenshot taken as soon as a bare SVG has loaded
    may show none, as any page using web fonts would on such a machine.)"""
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    assert exe, "headless Chromium is needed (make test installs the Debian package)"
    tmp = tmp_path_factory.mktemp("chromium")
    frames = "".join(f'<iframe id="{n}" src="{p.as_uri()}"></iframe>' for n, p in boards.items())
    page = tmp / "harness.html"
    page.write_text(HARNESS % (json.dumps(list(boards)), frames))
    proc = subprocess.run(
        [
            exe,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={tmp / 'profile'}",
            "--allow-file-access-from-files",
            "--force-device-scale-factor=4",  # text laid out finely enough to measure
            "--virtual-time-budget=20000",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=180,
        env=_fontconfig(tmp, system=request.param == "without the kit's fonts"),
    )
    m = re.search(r'<pre id="out">(\{.*\})</pre>', proc.stdout, re.S)
    assert m, proc.stdout[-2000:] + proc.stderr[-2000:]
    return json.loads(m.group(1).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))


@pytest.mark.slow
def test_browser_uses_the_embedded_fonts(boards: dict[str, Path], chromium: dict) -> None:
    import statistics

    for name in boards:
        faces = chromium[name]["faces"]
        assert faces and all(status == "loaded" for *_, status in faces), (name, faces)
        assert {f for f, *_ in faces} <= {"Cinzel", "EB Garamond"}
        # (a face is loaded only when some text is drawn in it) and the text is set in
        # them: labels, by the median, as wide as the kit's metrics say, where the fallback
        # serif would be some 4 % wider (EB Garamond) or 12 % narrower (Cinzel)
        ratios: dict[str, list[float]] = {}
        root = ET.parse(boards[name]).getroot()
        for t, (_x, width) in zip(_texts(root), chromium[name]["boxes"], strict=True):
            if len(t.text) >= 6 and "★" not in t.text:
                ratios.setdefault(t.family, []).append(width / (t.nominal[2] - t.nominal[0]))
        for family, found in ratios.items():
            assert abs(statistics.median(found) - 1) < 0.025, (name, family)


def test_labels_stay_in_their_spaces_in_a_browser(boards: dict[str, Path], chromium: dict) -> None:
    """Each text's extent as Chromium sets it (its height from its size and baseline)."""
    found = {}
    for name, path in boards.items():
        root = ET.parse(path).getroot()
        texts = _texts(root)
        boxes = {
            t.index: (x, t.nominal[1], x + w, t.nominal[3])
            for t, (x, w) in zip(texts, chromium[name]["boxes"], strict=True)
        }
        found[name] = list(problems(root, boxes))
    assert found == {name: [] for name in boards}


# ----------------------------------------------------------------------------- librsvg


def _colour(i: int) -> tuple[int, int, int]:
    return 8 + 16 * (i % 16), 8 + 16 * (i // 16 % 16), 8 + 16 * (i // 256 % 16)


def rsvg_boxes(path: Path, tmp: Path) -> dict[int, Box]:
    """Each text's inked box as librsvg draws it: every other element removed, each text
    in a colour of its own, the picture read band by band around each baseline."""
    from PIL import Image, ImageChops

    ET.register_namespace("", NS[1:-1])
    tree = ET.parse(path)
    root = tree.getroot()
    texts = _texts(root)
    i = 0

    def strip(el: ET.Element) -> None:
        nonlocal i
        for child in list(el):
            if child.tag == f"{NS}text":
                # in `style`: a board's stylesheet (board.css) colours its text by class, over
                # a `fill` attribute
                fill = "fill: #{:02x}{:02x}{:02x}".format(*_colour(i))
                child.set("style", "; ".join(filter(None, (child.get("style"), fill))))
                child.attrib.pop("stroke", None)
                i += 1
            elif child.tag in (f"{NS}g", f"{NS}style"):
                strip(child)
            else:
                el.remove(child)

    strip(root)
    copy = tmp / f"{path.stem}-texts.svg"
    tree.write(copy, encoding="utf-8", xml_declaration=True)
    png = tmp / f"{path.stem}-texts.png"
    dpi = str(PX_PER_MM * 25.4)
    subprocess.run(
        ["rsvg-convert", "-d", dpi, "-p", dpi, "-o", str(png), str(copy)],
        check=True,
        env=_fontconfig(tmp),
        timeout=120,
    )
    image = Image.open(png).convert("RGBA")
    alpha = image.getchannel("A").point(lambda v: 255 if v >= 128 else 0)
    out: dict[int, Box] = {}
    for t in texts:
        size = t.nominal[3] - t.nominal[1]
        top = max(0, int((t.nominal[1] - size) * PX_PER_MM))
        bottom = min(image.height, int((t.nominal[3] + size) * PX_PER_MM) + 1)
        band = image.crop((0, top, image.width, bottom))
        mask = alpha.crop((0, top, image.width, bottom))
        for channel, value in zip("RGB", _colour(t.index), strict=True):
            near = band.getchannel(channel).point(lambda v, c=value: 255 if abs(v - c) <= 6 else 0)
            mask = ImageChops.multiply(mask, near)
        bbox = mask.getbbox()
        assert bbox, f"{path.name}: {t.text!r} drew nothing"
        out[t.index] = (
            bbox[0] / PX_PER_MM,
            (top + bbox[1]) / PX_PER_MM,
            bbox[2] / PX_PER_MM,
            (top + bbox[3]) / PX_PER_MM,
        )
    return out


def test_a_times_metric_serif_is_there_for_librsvg() -> None:
    # what the labels were fitted to; fonts-urw-base35 comes with Ghostscript (Makefile DEBS)
    serifs = [
        p
        for p in Path("/usr/share/fonts").rglob("*")
        if re.match(r"(NimbusRoman|LiberationSerif|Tinos|Times)", p.name)
    ]
    assert serifs, "no Times-metric serif installed (Debian fonts-urw-base35)"
    from toolkit.render.svg import font_stack

    assert "Nimbus Roman" in font_stack("Cinzel") and font_stack("Cinzel").endswith("serif")


@pytest.mark.slow
def test_labels_stay_in_their_spaces_in_librsvg(boards: dict[str, Path], tmp_path: Path) -> None:
    """librsvg ignores the embedded fonts: the labels, fitted to the fallback's widths too,
    still stay in their spaces."""
    found = {}
    for name, path in boards.items():
        root = ET.parse(path).getroot()
        found[name] = list(problems(root, rsvg_boxes(path, tmp_path)))
    assert found == {name: [] for name in boards}
