"""Icons inline in text (`:name:`, `toolkit.load.icons`): an unknown name is a content error
with a did-you-mean; a hostile icon is refused; a sheet note and a board label with an
icon show it, in the PDF and the SVG."""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.support.hostile import outside_folder, outside_reads, run_recorded
from tests.support.shipped import copy_content, edit, line_of, toolkit
from toolkit.load.icons import ICON, IconError, html, runs, sanitise

GUILD = "forty-factions/factions/018-thieves-guild-of-tehmor.yaml"
NOTE = "random from another player's hand"
DEN = "{name: Thieves' Den, area"


def _findings(proc: subprocess.CompletedProcess[str]) -> list[dict]:
    return [r for r in json.loads(proc.stdout) if r["code"] == "CONTENT-ICON"]


def test_the_syntax_leaves_times_and_words_alone() -> None:
    text = "Gain 2 :vp: (:pawn-red:), at 12:30, a:b:c, :no::go, Den :x:: Lower"
    assert [m.group(1) for m in ICON.finditer(text)] == ["vp", "pawn-red", "x"]
    assert [r.icon or r.text for r in runs("2 :vp: each", ("vp",))] == ["2 ", "vp", " each"]


def test_html_escapes_the_text_and_places_only_known_icons(tmp_path: Path) -> None:
    game = tmp_path / "g"
    (game / "icons").mkdir(parents=True)
    (game / "icons/vp.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1"/></svg>'
    )
    out = str(html("<b>2</b> :vp: and :nope:", game))
    assert out.startswith('&lt;b&gt;2&lt;/b&gt; <img class="icon" alt="vp"')
    assert 'src="data:image/svg+xml;base64,' in out and out.endswith(" and :nope:")


def test_an_unknown_icon_is_a_content_error_with_did_you_mean(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    edit(content / GUILD, NOTE, "random :vpp: from another player's hand")
    proc = toolkit(
        "check", "--content", str(content), "--game", "forty-factions", "--format", "json"
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    (hit,) = _findings(proc)
    assert hit["path"].endswith("018-thieves-guild-of-tehmor.yaml")
    assert hit["line"] == line_of(content / GUILD, "notes:") + 1  # the note's text
    assert "unknown icon :vpp:; did you mean :vp:?" in hit["message"]
    explain = toolkit("check", "--explain", "CONTENT-ICON")
    assert explain.returncode == 0 and "icons/<name>.svg" in explain.stdout


HOSTILE = {
    "script": '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    "event": '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>',
    "external href": '<svg xmlns="http://www.w3.org/2000/svg" '
    'xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="http://127.0.0.1/x.png"/></svg>',
    "file href": '<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>',
    "css url": '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill: url(http://x/y)"/></svg>',
    "import": '<svg xmlns="http://www.w3.org/2000/svg"><style>@import "http://x/y.css";</style></svg>',
    "entity": '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
    "foreign": '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject/></svg>',
    "not svg": "<html><body/></html>",
    "huge": '<svg xmlns="http://www.w3.org/2000/svg">' + "<rect/>" * 20000 + "</svg>",
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_icon_is_refused(kind: str) -> None:
    with pytest.raises(IconError):
        sanitise(HOSTILE[kind].encode())


def test_a_plain_icon_with_inner_references_is_accepted() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        '<defs><linearGradient id="g"/></defs><rect id="r" fill="url(#g)"/>'
        '<use xlink:href="#r"/></svg>'
    )
    assert sanitise(svg.encode()) == svg


def test_hostile_icons_in_content_are_content_errors_and_never_read_outside(
    tmp_path: Path,
) -> None:
    content = copy_content(tmp_path)
    icons = content / "forty-factions/icons"
    (icons / "evil.svg").write_text(HOSTILE["external href"])
    outside = outside_folder(tmp_path)
    (outside / "out.svg").write_text((icons / "vp.svg").read_text())
    (icons / "linked.svg").symlink_to(outside / "out.svg")
    edit(content / GUILD, NOTE, "random :evil: and :linked: from another player's hand")
    proc, opened = run_recorded(
        tmp_path, "check", "--content", str(content), "--game", "forty-factions", "--format", "json"
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    messages = [r["message"] for r in _findings(proc)]
    assert any("evil.svg:1 cannot be used: an external reference" in m for m in messages), messages
    assert any("linked.svg cannot be used" in m and "outside" in m for m in messages), messages
    assert not outside_reads(opened, content, content.parent / "rules", tmp_path / "out")
    assert any(r["code"] == "CONTENT-OUTSIDE" for r in json.loads(proc.stdout))


@pytest.mark.slow
def test_a_sheet_note_and_a_board_label_show_their_icons_in_pdf_and_svg(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    edit(content / GUILD, NOTE, "random :pawn: from another player's hand (1 :vp:)")
    edit(content / GUILD, DEN, '{name: "Thieves\' Den :vp:", area')
    out = tmp_path / "out"
    proc = toolkit(
        "build",
        "--content",
        str(content),
        "--game",
        "forty-factions",
        "--only",
        "sheets/factions/018-*",
        "--out",
        str(out),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = toolkit(
        "build",
        "--content",
        str(content),
        "--game",
        "forty-factions",
        "--only",
        "boards/main.*",
        "--out",
        str(out),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    kit = out / "forty-factions"
    sheet = kit / "sheets/factions/018-thieves-guild-of-tehmor.pdf"
    text = subprocess.run(
        ["pdftotext", str(sheet), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert ":vp:" not in text and ":pawn:" not in text and "another player" in text
    # the icon is drawn where it was typed: ink between "random" and "from", about an em
    left, right, top, bottom = _gap(sheet, "random", "from")
    assert 5 < right - left < 20  # pt: an icon one em wide (with its spaces) at 12 pt or less
    assert _ink(sheet, (left + 1, top, right - 1, bottom)) > 0.05  # a space alone has none
    svg = (kit / "boards/main.svg").read_text()
    den = (">Thieves' Den</text>", ">Thieves&#39; Den</text>")  # as the template escapes it
    assert any(d in svg for d in den) and svg.count('href="data:image/svg+xml;base64,') == 1
    board_text = subprocess.run(
        ["pdftotext", str(kit / "boards/main.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Thieves' Den" in board_text and ":vp:" not in board_text
    audit = toolkit("audit", str(kit))
    assert audit.returncode == 0, audit.stdout + audit.stderr


def _gap(pdf: Path, before: str, after: str) -> tuple[float, float, float, float]:
    """The space between two consecutive words on a line (pt: left, right, top, bottom)."""
    xml = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    words = re.findall(
        r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
        r"([^<]*)<",
        xml,
    )
    for (_, y0, x1, y1, w), (x2, _, _, _, w2) in itertools.pairwise(words):
        if w == before and w2 == after:
            return float(x1), float(x2), float(y0), float(y1)
    raise AssertionError(f"{before!r} then {after!r} not found")


def _ink(pdf: Path, box: tuple[float, float, float, float]) -> float:
    """The share of dark pixels in a box of the first page (pt), drawn by poppler."""
    from PIL import Image

    dpi = 144
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [
                "pdftoppm",
                "-r",
                str(dpi),
                "-gray",
                "-png",
                "-f",
                "1",
                "-l",
                "1",
                "-singlefile",
                str(pdf),
                f"{tmp}/p",
            ],
            check=True,
        )
        img = Image.open(f"{tmp}/p.png").convert("L")
        k = dpi / 72
        crop = img.crop(tuple(round(v * k) for v in box))  # type: ignore[arg-type]
        return sum(crop.histogram()[:128]) / (crop.width * crop.height)


# Case 48: CSS that loads a file, hidden behind escapes, in a <style>, a style= attribute or
# a presentation attribute; each shape with the line it is on (the icons' own file).
_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
ESCAPED = {
    "@\\69mport": (3, "<style>\n@\\69mport 'file:///etc/passwd';\n</style>"),
    "u\\72l( in style=": (3, '<rect/>\n<rect style="fill: u\\72l(file:///x.svg#a)"/>'),
    "\\75rl( in fill": (2, '<rect fill="\\75rl(file:///x.svg#a)"/>'),
    "\\000075 rl( in <style>": (
        4,
        "<style>rect {\n  stroke: red;\n  fill: \\000075 rl(file:///x.svg#a);\n}</style>",
    ),
    "URL( in filter": (3, '<g>\n<rect filter="URL(file:///x.svg#f)"/></g>'),
    "&#64;import": (2, '<style>&#64;import url("file:///x.css");</style>'),
    "url('...') function": (2, "<rect style=\"clip-path: url( 'file:///x.svg#c' )\"/>"),
    "@font-face": (4, "<style>\n\n@font-face { font-family: x; src: local(x) }</style>"),
    "image-set(": (4, '<rect\n  width="1"\n  style="fill: image-set(\'x.png\' 1x)"/>'),
    "marker-end on a later line": (4, '<path d="M0 0"\n\n  marker-end="url(file:///m.svg#m)"/>'),
    "bad url(": (2, '<style>rect { mask: url(file:///x"y) }</style>'),
}


def _escaped(shape: str) -> tuple[str, int]:
    """The drawing of one shape of ESCAPED, and the line its load is on."""
    if shape == "xml-stylesheet":
        return '<?xml-stylesheet href="file:///x.css"?>\n' + _OPEN + "</svg>", 1
    line, body = ESCAPED[shape]
    return _OPEN + body + "</svg>", line


@pytest.mark.parametrize("shape", [*sorted(ESCAPED), "xml-stylesheet"])
def test_css_that_loads_behind_escapes_is_refused_at_its_line(shape: str) -> None:
    svg, line = _escaped(shape)
    with pytest.raises(IconError, match=r"may load") as refused:
        sanitise(svg.encode())
    assert refused.value.line == line, str(refused.value)


def test_a_comment_splits_css_tokens_so_u_comment_rl_loads_nothing() -> None:
    """CSS reads `u/**/rl(x)` as the word `u` and a function `rl(x)` (a comment ends a token;
    the renderer, tinycss2, serialises it back as `u/**/rl(x)`, never `url(x)`): nothing loads,
    so the drawing is kept, as are the local references `url(#id)` and `url("#id")`."""
    svg = (
        _OPEN + '<defs><linearGradient id="g"/></defs>\n<rect style="fill: u/**/rl(x.svg#a); '
        'stroke: url(&quot;#g&quot;)" fill="url(#g)"/></svg>'
    )
    assert sanitise(svg.encode()) == svg


def test_an_icon_of_more_than_20000_elements_is_refused_where_the_count_is_passed() -> None:
    svg = _OPEN + "<g/><g/>\n" * 10_000 + "</svg>"  # 90 kB: within the icons' size limit
    with pytest.raises(IconError, match="more than 20,000 elements") as refused:
        sanitise(svg.encode())
    assert refused.value.line == 10_001  # the 20,001st element (with the root): no further


@pytest.mark.slow
def test_an_escaped_load_in_an_icon_is_a_check_error_naming_the_icons_line(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    svg, line = _escaped("@\\69mport")
    (content / "forty-factions/icons/evil.svg").write_text(svg)
    edit(content / GUILD, NOTE, "random :evil: from another player's hand")
    proc = toolkit(
        "check", "--content", str(content), "--game", "forty-factions", "--format", "json"
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    (hit,) = _findings(proc)
    assert hit["path"].endswith("018-thieves-guild-of-tehmor.yaml")
    assert hit["line"] == line_of(content / GUILD, "notes:") + 1  # the text that names it
    assert f"icons/evil.svg:{line} cannot be used: @import in a stylesheet" in hit["message"]


def test_a_hard_linked_icon_is_refused_and_never_read(tmp_path: Path) -> None:
    """Case 49: a hard link has no path of its own to vet (its other name may be anywhere),
    so an icon with more than one name is refused like a link out."""
    content = copy_content(tmp_path)
    outside = outside_folder(tmp_path)
    (outside / "drawing.svg").write_text(_OPEN + "<!-- CANARY-9d41e7 --></svg>")
    os.link(outside / "drawing.svg", content / "forty-factions/icons/twin.svg")
    edit(content / GUILD, NOTE, "random :twin: from another player's hand")
    proc = toolkit(
        "check", "--content", str(content), "--game", "forty-factions", "--format", "json"
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    (hit,) = _findings(proc)
    assert "icons/twin.svg cannot be used: a hard link" in hit["message"]
    assert "CANARY" not in proc.stdout
