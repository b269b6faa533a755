"""The faults of RELIABILITY.md that are not the loader's: untrusted values, asset URLs,
network, special files, WeasyPrint warnings, runaway layouts, SVG text, interrupted
writes, reproducibility and the output audit.

Cases 1-8 and 25 are in test_load.py / test_schema.py / test_cli.py, 9-10 in
test_templates.py, 24 in test_waivers_placeholders.py.
"""

from __future__ import annotations

import http.server
import os
import shutil
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import pikepdf
import pytest

from tests.support.shipped import (
    CONTENT,
    ROOT,
    copy_content,
    copy_rules,
    edit,
    faction_file,
    toolkit,
)
from toolkit.render.board_style import draw, load_style
from toolkit.render.pdf import AssetFetcher, RenderError, layout, write_pdf
from toolkit.render.svg import SVGTextError
from toolkit.render.templates import TEMPLATES
from toolkit.write.atomic import write_bytes

CANARY = "CANARY-7f3a9c"


@pytest.fixture
def canary(tmp_path: Path) -> Path:
    """A secret outside the project: no render may read it."""
    path = tmp_path / "outside" / "secret.txt"
    path.parent.mkdir()
    path.write_text(CANARY)
    return path


@pytest.fixture
def server() -> tuple[str, list[str]]:
    """A loopback HTTP server that records every request it gets."""
    hits: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            hits.append(self.path)
            self.send_response(302)
            self.send_header("Location", "file:///etc/passwd")
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", hits
    httpd.shutdown()


def _render(
    body: str, roots: list[Path] | None = None, templates: Path = TEMPLATES, **budget: float
) -> bytes:
    html = f'<html><head><link rel="stylesheet" href="common/fonts.css"></head><body>{body}</body></html>'  # noqa: E501
    fetcher = AssetFetcher(roots or [templates])
    return write_pdf(layout(html, templates, fetcher, **budget))


def _templates(tmp_path: Path) -> Path:
    """A copy of the templates folder to plant files in (never the project's own, which
    other tests read at the same time)."""
    return Path(shutil.copytree(TEMPLATES, tmp_path / "templates"))


# ----------------------------------------------------------------------- 11: CSS/URL values


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('colour: "#b3261e"', 'colour: "red; background:url(file:///etc/passwd)"'),
        ('colour: "#b3261e"', 'colour: "javascript:alert(1)"'),
        ('css: "#c62828"', 'css: "#c62828;}@import url(http://x)"'),
    ],
)
def test_values_that_land_in_css_are_allow_listed(tmp_path: Path, old: str, new: str) -> None:
    content = copy_content(tmp_path)
    edit(content / "forty-factions" / "game.yaml", old, new)
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1 and "SCHEMA-VALUE" in proc.stdout


@pytest.mark.parametrize("image", ["../../x.png", "/etc/passwd", "assets/../x.png",
                                   "assets/map.svg", "file:///etc/passwd", "assets/.hidden.png"])  # fmt: skip  # noqa: E501
def test_picture_paths_are_allow_listed(tmp_path: Path, image: str) -> None:
    content = copy_content(tmp_path)
    edit(content / "forty-factions" / "game.yaml", "vp_track: {min: -10, max: 40}",
         f'vp_track: {{min: -10, max: 40}}\nmap_art: {{image: "{image}", spaces: {{}}}}')  # fmt: skip  # noqa: E501
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1 and "SCHEMA-VALUE" in proc.stdout


# ----------------------------------------------------------------------- 12-14: fetcher


@pytest.mark.parametrize(
    "ref",
    [
        "{canary}",  # absolute path
        "file://{canary}",
        "../{rel}",  # relative escape from the templates folder
        "..%2f..%2f{rel}",
        "file:///proc/self/environ",
        "file:///dev/zero",
        "common/.secret",  # dotfile inside the root
    ],
)
def test_fetcher_refuses_files_outside_assets(ref: str, canary: Path, tmp_path: Path) -> None:
    templates = _templates(tmp_path)
    (templates / "common" / ".secret").write_text(CANARY)
    rel = os.path.relpath(canary, templates)
    url = ref.format(canary=canary, rel=rel)
    for body in (
        f'<link rel="attachment" href="{url}">',
        f'<img src="{url}">',
        f'<style>p {{ background: url("{url}") }}</style><p>x</p>',
    ):
        with pytest.raises(RenderError, match=r"refused|outside|hidden"):
            _render(body, templates=templates)


def test_committed_symlink_cannot_escape(canary: Path, tmp_path: Path) -> None:
    templates = _templates(tmp_path)
    (templates / "common" / "link.txt").symlink_to(canary)
    with pytest.raises(RenderError, match="outside"):
        _render('<link rel="attachment" href="common/link.txt">', templates=templates)


def test_fifo_is_refused_without_hanging(tmp_path: Path) -> None:
    root = tmp_path / "assets"
    root.mkdir()
    os.mkfifo(root / "pipe.png")
    with pytest.raises(RenderError, match="not a regular file"):
        _render(f'<img src="{(root / "pipe.png").as_uri()}">', roots=[TEMPLATES, root], seconds=10)


def test_network_is_never_reached(server: tuple[str, list[str]]) -> None:
    base, hits = server
    for body in (
        f'<img src="{base}/a.png">',
        f'<link rel="stylesheet" href="{base}/x.css">',
        f'<link rel="attachment" href="{base}/redirect">',
        '<img src="http://169.254.169.254/latest/meta-data">',
    ):
        with pytest.raises(RenderError, match="refused"):
            _render(body)
    assert hits == []


def test_environment_never_reaches_a_pdf(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOKEN_FOR_TEST", CANARY)
    with pytest.raises(RenderError):
        _render('<link rel="attachment" href="file:///proc/self/environ">')


# ----------------------------------------------------------------------- 15-16: engine


def test_missing_image_fails_the_render_not_just_a_log_line() -> None:
    with pytest.raises(RenderError):
        _render('<img src="common/fonts/no-such-image.png">')


def test_bad_css_property_fails_the_render() -> None:
    with pytest.raises(RenderError, match=r"(?i)ignored|invalid|unknown"):
        _render("<style>p { colour: red; width: banana }</style><p>x</p>")


@pytest.mark.slow
def test_runaway_layout_hits_a_budget() -> None:
    """A document of some 1,000 pages is stopped at the page past its budget, while it is
    laid out, not after the whole of it (or the clock) has run. (At 400 px a word no longer
    fits a line: see test_overflow.py for what becomes of that.)"""
    body = "<p style='font-size: 200px'>" + "word " * 3000 + "</p>"
    with pytest.raises(RenderError, match=r"more than 20 pages, the budget"):
        _render(body, max_pages=20, seconds=600)


# ----------------------------------------------------------------------- 17: SVG text


def _sheet(title: str, heading: str = "Commandments") -> str:
    """A board drawn by its template (a Law Board extension sheet) with these texts."""
    style = load_style("god-emperor")
    return draw(
        "god-emperor",
        "law-board-extension",
        210,
        297,
        title,
        style,
        heading=style.line(heading, "extension-title"),
        note=style.line("note", "extension-note"),
        slots=(),
    )


@pytest.mark.parametrize("text", ["bell\x07", "lone \ud800 surrogate", "nul\x00"])
def test_svg_refuses_control_characters_and_surrogates(text: str) -> None:
    with pytest.raises(SVGTextError):
        _sheet(text)  # the title: written as it is, the whole file checked
    with pytest.raises(SVGTextError):
        _sheet("title", heading=text)  # a label: its glyphs checked before layout


def test_svg_escapes_markup() -> None:
    svg = _sheet('</title><script>alert("x")</script>', '</text><script>alert("x")</script>')
    assert "<script>" not in svg and svg.count("&lt;script&gt;") == 2
    ET.fromstring(svg.encode())  # still well-formed


# ----------------------------------------------------------------------- 19-20: writes


def test_failed_write_keeps_the_previous_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out" / "sheet.pdf"
    write_bytes(target, b"good")
    assert oct(target.stat().st_mode & 0o777) == "0o644"

    def boom(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        write_bytes(target, b"half")
    assert target.read_bytes() == b"good"
    assert [p.name for p in target.parent.iterdir()] == ["sheet.pdf"]  # no stray temp file


def test_killed_writer_leaves_no_truncated_file(tmp_path: Path) -> None:
    target = tmp_path / "big.pdf"
    target.write_bytes(b"previous")
    code = (
        "import os, signal; from pathlib import Path; import toolkit.write.atomic as w\n"
        "real = os.fsync\n"
        "def die(fd): os.kill(os.getpid(), signal.SIGKILL)\n"
        "os.fsync = die\n"
        f"w.write_bytes(Path({str(target)!r}), b'x' * 10_000_000)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True)
    assert proc.returncode == -9
    assert target.read_bytes() == b"previous"


def test_file_size_limit_mid_write_keeps_previous(tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"previous")
    code = (
        "import resource, signal; from pathlib import Path; import toolkit.write.atomic as w\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))\n"
        f"w.write_bytes(Path({str(target)!r}), b'x' * 1_000_000)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True)
    assert proc.returncode != 0
    assert target.read_bytes() == b"previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.pdf"]


def test_makefile_deletes_outputs_of_failed_recipes() -> None:
    assert ".DELETE_ON_ERROR:" in (ROOT / "Makefile").read_text().splitlines()


# ----------------------------------------------------------------------- 21: reproducible


# Locale, time zone and hash seed of each build: the Turkish locale dots a capital I where
# the text has none ("FACTİONS") if the language of the text is left to the locale.
ENVIRONMENTS = (
    {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC", "PYTHONHASHSEED": "1"},
    {
        "LANG": "tr_TR.UTF-8",
        "LC_ALL": "tr_TR.UTF-8",
        "TZ": "Asia/Kolkata",
        "PYTHONHASHSEED": "4242",
    },
)


def test_the_test_locales_are_installed() -> None:
    # without them the build below would quietly run in the C locale (make test makes them)
    import locale

    saved = locale.setlocale(locale.LC_CTYPE)
    try:
        for env in ENVIRONMENTS:
            locale.setlocale(locale.LC_CTYPE, env["LANG"])
    finally:
        locale.setlocale(locale.LC_CTYPE, saved)


@pytest.mark.slow
def test_outputs_are_byte_identical_across_environments(tmp_path: Path) -> None:
    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    outs = []
    for i, change in enumerate(ENVIRONMENTS):
        env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
        env.update(change, PYTHONPATH=str(ROOT))
        cwd = tmp_path / f"run{i}"
        cwd.mkdir()
        out = tmp_path / f"out{i}"
        # a sheet and a board of Forty Factions, a Worldspanner set-up sheet (seeded), God
        # Emperor's boards (its law board sets italics) and badges, in one process of all
        # three games; then a print shop's PDF/X file, which WeasyPrint would give a random
        # document id
        kit = [
            "sheets/factions/01[0-2]*",
            "boards/council*",  # its tiles too
            "setup/quad-seed-1.*",
            "boards/law-board.*",
            "boards/war-map.*",
            "badges/*",
        ]
        for args in (
            [a for pattern in kit for a in ("--only", pattern)],
            ["--only", "cards/favors-pod.pdf", "--preset", "pod"],
        ):
            proc = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "toolkit",
                    "build",
                    "--content",
                    str(tmp_path / "content"),
                    "--out",
                    str(out),
                    *args,
                ],
                cwd=cwd,
                env=env,
                capture_output=True,
                text=True,
            )
            assert proc.returncode == 0, proc.stdout + proc.stderr
        outs.append(out)
    files = sorted(
        p.relative_to(outs[0]) for p in outs[0].rglob("*") if p.suffix in (".pdf", ".svg")
    )
    assert len(files) >= 3 + 2 + 2 + 4 + 2 + 1
    for rel in (
        "god-emperor/cards/favors-pod.pdf",
        "forty-factions/boards/council.pdf",
        "forty-factions/boards/council-tiles-a4.pdf",
        "god-emperor/boards/law-board.svg",
        "worldspanner/setup/quad-seed-1.pdf",
    ):
        assert Path(rel) in files
    same = lambda rel, out: (out / rel).read_bytes() == (outs[0] / rel).read_bytes()  # noqa: E731
    assert [str(rel) for rel in files if not all(same(rel, out) for out in outs[1:])] == []


# ----------------------------------------------------------------------- 22-23: audit


def _good_pdf(tmp_path: Path) -> Path:
    path = tmp_path / "good.pdf"
    path.write_bytes(_render("<p>fine</p>"))
    return path


def _audit(folder: Path) -> subprocess.CompletedProcess[str]:
    return toolkit("audit", str(folder))


def test_audit_passes_a_good_pdf(tmp_path: Path) -> None:
    _good_pdf(tmp_path)
    assert _audit(tmp_path).returncode == 0


@pytest.mark.parametrize("damage", ["truncated", "bad-xref", "empty", "html", "corrupt-stream"])
def test_audit_fails_damaged_pdfs(tmp_path: Path, damage: str) -> None:
    data = _good_pdf(tmp_path).read_bytes()
    (tmp_path / "good.pdf").unlink()
    bad = tmp_path / f"{damage}.pdf"
    if damage == "truncated":
        bad.write_bytes(data[: len(data) // 2])
    elif damage == "bad-xref":
        i = data.rindex(b"startxref")
        bad.write_bytes(data[:i] + b"startxref\n999999\n%%EOF\n")
    elif damage == "empty":
        bad.write_bytes(b"")
    elif damage == "html":
        bad.write_bytes(b"<!DOCTYPE html><html><body>not a pdf</body></html>")
    else:
        i = data.index(b"stream\n") + len(b"stream\n")
        bad.write_bytes(data[:i] + b"\x00garbage" * 8 + data[i + 72 :])
    proc = _audit(tmp_path)
    assert proc.returncode == 1, proc.stdout
    assert f"{damage}.pdf" in proc.stdout and "AUDIT-PDF" in proc.stdout


def _with(tmp_path: Path, change: str) -> Path:
    src = _good_pdf(tmp_path)
    out = tmp_path / "bad" / f"{change}.pdf"
    out.parent.mkdir()
    with pikepdf.open(src) as pdf:
        if change == "attachment":
            pdf.attachments["x.txt"] = pikepdf.AttachedFileSpec(pdf, b"secret")
        elif change == "annot":
            annot = pikepdf.Dictionary(
                Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.FileAttachment, Rect=[0, 0, 10, 10]
            )
            pdf.pages[0].obj.Annots = pdf.make_indirect(pikepdf.Array([annot]))
        elif change == "javascript":
            pdf.Root.OpenAction = pikepdf.Dictionary(S=pikepdf.Name.JavaScript, JS="app.alert(1)")
        elif change == "launch":
            annot = pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link,
                                       Rect=[0, 0, 10, 10],
                                       A=pikepdf.Dictionary(S=pikepdf.Name.Launch, F="calc"))  # fmt: skip  # noqa: E501
            pdf.pages[0].obj.Annots = pdf.make_indirect(pikepdf.Array([annot]))
        elif change == "font":
            font = pikepdf.Dictionary(
                Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica
            )
            pdf.pages[0].obj.Resources.Font[pikepdf.Name("/FX")] = font
        pdf.save(out)
    src.unlink()
    return out.parent


@pytest.mark.parametrize("change", ["attachment", "annot", "javascript", "launch", "font"])
def test_audit_flags_policy_violations(tmp_path: Path, change: str) -> None:
    proc = _audit(_with(tmp_path, change))
    assert proc.returncode == 1, proc.stdout
    assert f"{change}.pdf" in proc.stdout


def test_audit_flags_svg_with_doctype(tmp_path: Path) -> None:
    (tmp_path / "x.svg").write_text('<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "b">]>\n'
                                    '<svg xmlns="http://www.w3.org/2000/svg">&a;</svg>\n')  # fmt: skip  # noqa: E501
    proc = _audit(tmp_path)
    assert proc.returncode == 1 and "AUDIT-SVG" in proc.stdout


@pytest.mark.slow
def test_content_cannot_break_a_sheet_into_markup(tmp_path: Path) -> None:
    """End to end: hostile text in a content file prints literally and attaches nothing."""
    content = copy_content(tmp_path)
    f = faction_file(content, 19)
    f.write_text(
        f.read_text()
        + 'background: \'</p><link rel="attachment" href="file:///etc/passwd"> {{ 7*7 }}\'\n'
    )
    proc = toolkit(
        "build",
        "--content",
        str(content),
        "--out",
        str(tmp_path / "b"),
        "--only",
        f"sheets/factions/{f.stem}.pdf",
    )
    assert proc.returncode == 0, proc.stdout
    pdf = (tmp_path / "b" / "forty-factions" / "sheets" / "factions" / f"{f.stem}.pdf").read_bytes()
    assert b"/EmbeddedFiles" not in pdf and b"root:" not in pdf
    assert _audit(tmp_path / "b").returncode == 0


def test_locked_dependencies_meet_the_advisory_pins() -> None:
    """CVE-2024-28184 and later: weasyprint>=70, jinja2>=3.1.6, ruamel.yaml>=0.19.1."""
    from packaging.version import Version

    locked = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        name, _, version = line.partition("==")
        locked[name.lower().replace("_", "-")] = Version(version)
    pins = {"weasyprint": "70", "jinja2": "3.1.6", "ruamel-yaml": "0.19.1"}
    for name, pin in pins.items():
        key = name if name in locked else name.replace("-", ".")
        assert locked[key] >= Version(pin), (name, locked[key])
    pyproject = (ROOT / "pyproject.toml").read_text()
    for spec in ('"weasyprint>=70"', '"jinja2>=3.1.6"', '"ruamel.yaml>=0.19.1"'):
        assert spec in pyproject
