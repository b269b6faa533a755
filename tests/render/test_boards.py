"""Boards: every space counted against the content, every label readable, every file valid."""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
import yaml

from tests.support.shipped import CONTENT, copy_rules
from toolkit.commands import api
from toolkit.core.outputs import BuildOptions
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.outputs.boards import BOARDS, board_outputs
from toolkit.render.session import Session
from toolkit.render.svg import text_width

NS = "{http://www.w3.org/2000/svg}"
FF = CONTENT / "forty-factions"


@pytest.fixture(scope="module")
def svgs() -> dict[str, ET.Element]:
    _, loaded = api.check_games(CONTENT, "forty-factions", False)
    _pack, content = loaded[0]
    ix = Index.build(content)
    out = {}
    session = Session(options=BuildOptions(), content_root=FF)
    for o in board_outputs(ix, content, BuildOptions()):
        if o.path.endswith(".svg"):
            out[Path(o.path).stem] = ET.fromstring(o.render(session))
    assert set(out) == {name for name, _, _ in BOARDS}
    return out


def _spaces(root: ET.Element, kind: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if {"space", kind} <= set(g.get("class", "").split())]


def _raw(folder: str) -> list[dict]:
    return [yaml.safe_load(f.read_text()) for f in sorted((FF / folder).glob("*.yaml"))]


GAME = yaml.safe_load((FF / "game.yaml").read_text())


def test_every_board_has_real_size_and_titled_spaces(svgs: dict[str, ET.Element]) -> None:
    for name, root in svgs.items():
        assert root.get("width", "").endswith("mm") and root.get("height", "").endswith("mm")
        w, h = float(root.get("width")[:-2]), float(root.get("height")[:-2])
        assert root.get("viewBox") == f"0 0 {w:g} {h:g}"
        spaces = [g for g in root.iter(f"{NS}g") if "space" in g.get("class", "").split()]
        assert spaces, name
        for g in spaces:
            assert g.find(f"{NS}title") is not None and g.find(f"{NS}title").text, name


def test_main_board_has_a_space_per_location(svgs: dict[str, ET.Element]) -> None:
    main_areas = {a["id"]: a for a in GAME["areas"] if a["board"] == "main"}
    want: Counter[str] = Counter()
    base: Counter[str] = Counter()
    for f in _raw("factions"):
        if f["expansion"] == "FgF" or not isinstance(f["locations"], list):
            continue  # FgF locations are not on the board (13.2.3.1)
        for loc in f["locations"]:
            if loc["area"] in main_areas:
                want[loc["area"]] += 1
                if f["expansion"] == "base" and not loc.get("expansion"):
                    base[loc["area"]] += 1
    spaces = _spaces(svgs["main"], "location")
    assert Counter(g.get("data-area") for g in spaces) == want
    assert Counter(g.get("data-area") for g in spaces if not g.get("data-expansion")) == base
    assert dict(base) == {k: a["locations"] for k, a in main_areas.items()}
    track = GAME["vp_track"]
    assert len(_spaces(svgs["main"], "vp")) == track["max"] - track["min"] + 1
    assert len(_spaces(svgs["main"], "phase")) == len(GAME["sequence_of_play"]) == 6


def test_council_board_has_forty_seats_by_party(svgs: dict[str, ET.Element]) -> None:
    seats = [g for g in _spaces(svgs["council"], "seat") if g.get("data-body") == "council"]
    assert len(seats) == 40
    by_party = Counter(g.get("data-party") for g in seats)
    assert by_party == {p["id"]: p["seats"] for p in GAME["parties"] if p["body"] == "council"}
    conclave = [g for g in _spaces(svgs["council"], "seat") if g.get("data-body") == "conclave"]
    holders = [f["number"] for f in _raw("factions") if f.get("seats", {}).get("conclave")]
    assert sorted(int(g.get("data-faction")) for g in conclave) == sorted(holders)


def test_sacred_circles_13_plus_6_and_3_lesser(svgs: dict[str, ET.Element]) -> None:
    circles = _spaces(svgs["sacred-circles"], "circle")
    kinds = Counter((g.get("data-area"), g.get("data-circle")) for g in circles)
    assert kinds[("forest-grasslands", "sacred")] == 13
    assert kinds[("forest-great-desert", "sacred")] == 6
    assert kinds[("forest-great-desert", "lesser")] == 3
    shared = {g.get("data-faction"): g.get("data-rival") for g in circles if g.get("data-rival")}
    assert shared == {"52": "108", "73": "107"}  # one space each, contested (SC3.1.5)


def test_gathering_13_totems_one_central(svgs: dict[str, ET.Element]) -> None:
    totems = _spaces(svgs["gathering"], "totem")
    assert len(totems) == 13
    assert sum(1 for g in totems if g.get("data-central") == "true") == 1


def test_hall_of_mirrors_24_mirrors(svgs: dict[str, ET.Element]) -> None:
    mirrors = [g for g in svgs["hall-of-mirrors"].iter(f"{NS}g") if g.get("class") == "mirror"]
    assert Counter(g.get("data-side") for g in mirrors) == {"light": 12, "dark": 12}
    for m in mirrors:
        assert len(_spaces(m, "mirror-circle")) <= 2
    hidden = [g for g in _spaces(svgs["hall-of-mirrors"], "hidden")]
    assert hidden and all(g.find(f"{NS}text") is not None for g in hidden)


def test_madness_186_spaces(svgs: dict[str, ET.Element]) -> None:
    spaces = _spaces(svgs["madness"], "madness")
    assert len(spaces) == 6 * 31 == 186
    per_area = Counter(g.get("data-area") for g in spaces)
    assert set(per_area.values()) == {31}
    assert Counter(g.get("data-alignment") for g in spaces) == {"": 6, "G": 60, "N": 60, "E": 60}


def _boxes(root: ET.Element) -> list[tuple[float, float, float, float, str]]:
    out = []
    for t in root.iter(f"{NS}text"):
        size = float(t.get("font-size"))
        fam, weight = t.get("font-family").split(",")[0], int(t.get("font-weight"))
        width = text_width(t.text or "", size, fam, weight)
        x, y = float(t.get("x")), float(t.get("y"))
        left = x - width / 2 if t.get("text-anchor") == "middle" else x
        out.append((left, y - size * 0.75, left + width, y + size * 0.2, t.text or ""))
    return out


def test_no_two_labels_overlap(svgs: dict[str, ET.Element]) -> None:
    for name, root in svgs.items():
        boxes = sorted(_boxes(root))
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                if b[0] >= a[2]:
                    break
                overlap = min(a[2], b[2]) - max(a[0], b[0]) > 0.05 and (
                    min(a[3], b[3]) - max(a[1], b[1]) > 0.05
                )
                assert not overlap, f"{name}: {a[4]!r} overlaps {b[4]!r}"


def test_labels_fit_their_board(svgs: dict[str, ET.Element]) -> None:
    for name, root in svgs.items():
        w, h = float(root.get("width")[:-2]), float(root.get("height")[:-2])
        for left, top, right, bottom, text in _boxes(root):
            assert left >= 0 and right <= w and top >= 0 and bottom <= h, (name, text)


def test_svgs_are_well_formed_for_xmllint(svgs: dict[str, ET.Element], tmp_path: Path) -> None:
    for name, root in svgs.items():
        path = tmp_path / f"{name}.svg"
        path.write_bytes(ET.tostring(root))
        proc = subprocess.run(["xmllint", "--nonet", "--noout", str(path)], capture_output=True)
        assert proc.returncode == 0, proc.stderr


def _png() -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"\x00" + b"\xcc\xbb\x99" * 4
    rows = raw * 4
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def _with_map(tmp_path: Path, skip: int = 0) -> tuple[Path, dict[str, list[float]]]:
    import shutil

    from toolkit.games.forty_factions.main_boards import map_key, map_locations

    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    copy_rules(content.parent)
    (content / "forty-factions" / "assets").mkdir()
    (content / "forty-factions" / "assets" / "tehmor.png").write_bytes(_png())
    _, loaded = api.check_games(content, "forty-factions", False)
    ix = Index.build(loaded[0][1])
    keys = [
        map_key(f, f.location_list.index(loc))
        for spaces in map_locations(ix).values()
        for f, loc in spaces
    ]
    spaces = {k: [10.0 + 46 * (i % 9), 10.0 + 16 * (i // 9)] for i, k in enumerate(keys)}
    shown = dict(list(spaces.items())[skip:])
    lines = "".join(f"    {k}: [{v[0]}, {v[1]}]\n" for k, v in shown.items())
    game = content / "forty-factions" / "game.yaml"
    game.write_text(game.read_text() + f"map_art:\n  image: assets/tehmor.png\n  spaces:\n{lines}")
    return content, shown


def test_map_art_places_spaces_on_the_designers_map(tmp_path: Path) -> None:
    content, spaces = _with_map(tmp_path)
    report, loaded = api.check_games(content, "forty-factions", False)
    assert not report.failed, [str(d.loc) + d.message for d in report.diagnostics]
    ix = Index.build(loaded[0][1])
    from toolkit.games.forty_factions.main_boards import main_board

    _w, _h, _title, svg = main_board(ix)
    root = ET.fromstring(svg)
    image = next(root.iter(f"{NS}image"), None)
    assert image is not None and image.get("href", "").startswith("data:image/png;base64,")
    boxes = _spaces(root, "location")
    assert len(boxes) == len(spaces)
    first = boxes[0].find(f"{NS}rect")
    x, y = spaces[next(iter(spaces))]
    assert (float(first.get("x")), float(first.get("y"))) == (12 + x, 30 + y)


def test_map_art_missing_place_and_escaping_image_are_errors(tmp_path: Path) -> None:
    content, _ = _with_map(tmp_path, skip=1)
    outside = tmp_path / "secret.png"
    outside.write_bytes(_png())
    link = content / "forty-factions" / "assets" / "tehmor.png"
    link.unlink()
    link.symlink_to(outside)
    report = api.check(content, "forty-factions")
    msgs = [d.message for d in report.diagnostics if d.code == "FF-MAP-ART"]
    assert any("1 location(s) have no place" in m for m in msgs)
    assert any("outside the project's asset folders" in m for m in msgs)


def _plain(value: object, where: str) -> list[str]:
    """Where `value` holds anything but plain data (a dataclass whose repr shows every
    field, a tuple, list or dict of them, a string, number, bool or None)."""
    import dataclasses

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        shown = ", ".join(f"{f.name}={getattr(value, f.name)!r}" for f in fields)
        whole = f"{type(value).__qualname__}({shown})"
        bad = [] if repr(value) == whole else [f"{where}: its repr does not show every field"]
        for f in fields:
            bad += _plain(getattr(value, f.name), f"{where}.{f.name}")
        return bad
    if isinstance(value, (list, tuple)):
        return [b for i, v in enumerate(value) for b in _plain(v, f"{where}[{i}]")]
    if isinstance(value, dict):
        return [
            b for k, v in value.items() for b in _plain(k, where) + _plain(v, f"{where}[{k!r}]")
        ]
    if value is None or type(value) in (str, int, float, bool):
        return []
    return [f"{where}: a {type(value).__name__}"]


@pytest.mark.slow
def test_every_boards_view_is_plain_data_so_its_repr_keys_its_drawing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A board is drawn again only when its view's repr changes (`toolkit.render.board_style.draw`):
    that holds only while every view of every game is plain data that repr shows whole."""
    import toolkit.render.board_style as board_style
    import toolkit.render.templates

    drawn: list[tuple[str, dict[str, object]]] = []
    real = toolkit.render.templates.render

    def render(env: object, name: str, **view: object) -> str:
        drawn.append((name, view))
        return real(env, name, **view)  # type: ignore[arg-type]

    monkeypatch.setattr("toolkit.render.templates.render", render)
    board_style._DRAWN.clear()
    for game in ("forty-factions", "worldspanner", "god-emperor"):
        _, loaded = api.check_games(CONTENT, game, False)
        pack, content = loaded[0]
        pack.outputs(content, BuildOptions())  # type: ignore[misc]
    assert len({name for name, _ in drawn}) >= 10
    bad = [b for name, view in drawn for b in _plain(view, name)]
    assert not bad, bad


def test_a_board_is_drawn_again_when_a_template_it_uses_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In one process (`--watch`), a board whose view, style and templates are unchanged is
    not drawn again; an edit to a template it includes draws it again."""
    import shutil

    from tests.support.shipped import ROOT
    from toolkit.render import templates as render

    shutil.copytree(ROOT / "toolkit" / "templates", tmp_path / "templates")
    monkeypatch.setattr(render, "TEMPLATES", tmp_path / "templates")
    _, loaded = api.check_games(CONTENT, "forty-factions", False)
    pack, content = loaded[0]

    def council() -> str:
        (svg,) = [
            o.render.args[0]
            for o in pack.outputs(content, BuildOptions())  # type: ignore[misc, union-attr]
            if o.path == "boards/council.svg"
        ]
        return svg

    first = council()
    assert council() is first  # the same drawing, not drawn again
    skeleton = tmp_path / "templates" / "common" / "board.svg.j2"  # every board extends it
    skeleton.write_text(skeleton.read_text().replace("</svg>", "<desc>redrawn</desc></svg>"))
    again = council()
    assert "<desc>redrawn</desc>" in again and "<desc>redrawn</desc>" not in first
