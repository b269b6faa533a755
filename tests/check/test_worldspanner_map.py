"""Worldspanner's map as checked topology: the set-up generator fixes dead ends as p. 3
says, and the checker fails a built map where no turn of a key can (WS-DEAD-END), or where
an entrance opens onto the map edge (WS-MAP-EDGE).

The breaking cases edit a copy of the shipped map pieces, run `toolkit check` in a fresh
process and read its findings as a user would: code, file, line and the space named.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.kit.test_worldspanner_kit import IX
from tests.support.shipped import CONTENT, copy_rules, pdf_text, toolkit
from toolkit.games.worldspanner.hexmap import DIRS, EDGES, build, cut_off
from toolkit.games.worldspanner.map_build import problems
from toolkit.games.worldspanner.map_sheets import Pieces, layout, page_svg, piece_names
from toolkit.games.worldspanner.setup import SAMPLE_SEED, generate
from toolkit.games.worldspanner.setup_sheet import setup_sheet

# the rules these tests break (the others have a case in test_worldspanner_rules.py)
BUILT_CODES = {"WS-MAP-EDGE"}
SPACE = re.compile(r"^  - \{q: (-?\d+), r: (-?\d+)(.*)\}$")


def _game(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "worldspanner", content / "worldspanner")
    copy_rules(content.parent)
    return content


def _open_edges(path: Path, edges: dict[tuple[int, int], list[int]], field: str) -> set[int]:
    """Add `field` (walls or entrances) on the given edges of the given spaces of a piece's
    file; the lines edited, 1-based."""
    lines = path.read_text(encoding="utf-8").splitlines()
    edited = set()
    for i, line in enumerate(lines):
        m = SPACE.match(line)
        if not m or (int(m[1]), int(m[2])) not in edges:
            continue
        rest = m[3]
        names = [EDGES[e] for e in edges[(int(m[1]), int(m[2]))]]
        had = re.search(rf", {field}: \[([a-z, ]*)\]", rest)
        if had:
            names = sorted(set(names) | set(had[1].split(", ")), key=EDGES.index)
            rest = rest.replace(had[0], "")
        # a plain wall and an entrance are not both on one edge
        other = "entrances" if field == "walls" else "walls"
        kept = re.search(rf", {other}: \[([a-z, ]*)\]", rest)
        if kept:
            left = [e for e in kept[1].split(", ") if e not in names]
            rest = rest.replace(kept[0], f", {other}: [{', '.join(left)}]" if left else "")
        lines[i] = f"  - {{q: {m[1]}, r: {m[2]}, {field}: [{', '.join(names)}]{rest}}}"
        edited.add(i + 1)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return edited


def _outer_edges(piece: str) -> dict[tuple[int, int], list[int]]:
    """Every edge of a piece's spaces that faces off the piece."""
    spaces = {(s.q, s.r) for s in IX.map_pieces[piece].spaces}
    out: dict[tuple[int, int], list[int]] = {}
    for q, r in spaces:
        edges = [e for e, (dq, dr) in enumerate(DIRS) if (q + dq, r + dr) not in spaces]
        if edges:
            out[(q, r)] = edges
    return out


def _findings(content: Path, code: str) -> list[dict]:
    proc = toolkit("check", "--content", str(content), "--game", "worldspanner", "--format", "json")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    return [r for r in json.loads(proc.stdout) if r["code"] == code]


@pytest.mark.slow
def test_the_generator_spins_keys_until_no_space_is_cut_off() -> None:
    spun = 0
    for d in IX.game.designs:
        for seed in range(12):
            plain = generate(IX.game, d.id, seed)
            fixed = generate(IX.game, d.id, seed, pieces=IX.map_pieces)
            laid = fixed.laid(IX.map_pieces)
            assert laid is not None
            # every space of the built map reachable, no entrance onto the map edge (p. 3, p. 8)
            assert problems(laid) == [], (d.id, seed)
            assert not cut_off(build(laid))
            # the same keys in the same slots: only turns change, and only clockwise spins
            assert [(p.slot, p.key) for p in plain.keys] == [(p.slot, p.key) for p in fixed.keys]
            spun += sum(
                a.rotation != b.rotation for a, b in zip(plain.keys, fixed.keys, strict=True)
            )
    assert spun, "no set-up needed a key spun: the dead-end rule was never exercised"


def test_a_key_walled_in_by_its_neighbours_is_a_dead_end(tmp_path: Path) -> None:
    """The standard map's centre key touches only platters: wall every platter's outer
    edges, and whatever its turn, no hero gets into that key (p. 3's 'only entrance ...
    blocked by the Great Tree's wall', on every side)."""
    content = _game(tmp_path)
    sample = generate(IX.game, "standard", SAMPLE_SEED, pieces=IX.map_pieces)
    centre = next(p for p in sample.keys if p.slot.centre)
    for platter in sample.platter_ids:
        _open_edges(
            content / "worldspanner/map" / f"{platter}.yaml", _outer_edges(platter), "walls"
        )
    hits = _findings(content, "WS-DEAD-END")
    key_file = f"{centre.key.id}.yaml"
    mine = [r for r in hits if Path(r["path"]).name == key_file]
    assert mine, f"no WS-DEAD-END for the centre key {centre.key.id}: {hits}"
    text = (content / "worldspanner/map" / key_file).read_text(encoding="utf-8").splitlines()
    line = text[mine[0]["line"] - 1]
    m = re.search(r"space \((-?\d+), (-?\d+)\)", mine[0]["message"])
    assert m and line.startswith(f"  - {{q: {m[1]}, r: {m[2]},"), (line, mine[0]["message"])
    assert "Standard" in mine[0]["message"] and "cut off" in mine[0]["message"]


def test_an_entrance_onto_the_map_edge_in_every_turn(tmp_path: Path) -> None:
    """A Dome key on the map's rim with a doorway on every outer edge: whichever way it
    turns, one opens onto the map edge, which is solid Wall (p. 8)."""
    content = _game(tmp_path)
    sample = generate(IX.game, "standard", SAMPLE_SEED, pieces=IX.map_pieces)
    rim = next(p for p in sample.keys if p.key.kind == "dome" and not p.slot.centre)
    path = content / "worldspanner/map" / f"{rim.key.id}.yaml"
    edited = _open_edges(path, _outer_edges(rim.key.id), "entrances")
    hits = [r for r in _findings(content, "WS-MAP-EDGE") if Path(r["path"]).name == path.name]
    assert hits, "no WS-MAP-EDGE for a key with doorways on every side"
    assert hits[0]["line"] in edited
    assert "opens onto the map edge" in hits[0]["message"]


@pytest.mark.parametrize("code", ["WS-DEAD-END", "WS-MAP-EDGE", "WS-MAP-COUNT"])
def test_explain_the_map_rules(code: str) -> None:
    proc = toolkit("check", "--explain", code)
    assert proc.returncode == 0 and "p. " in proc.stdout, proc.stdout + proc.stderr


# --- the map as printed: the pieces at real size and the set-up sheets' assembled map ---

HEX = re.compile(
    r'<g class="space hex" data-key="([\w-]+)" data-q="(-?\d+)" data-r="(-?\d+)" '
    r'data-terrain="([\w-]+)"[^>]*>\s*<title>[^<]*</title>\s*<polygon class="([^"]+)" '
    r'points="([^"]+)"'
)


def _spaces(svg: str) -> dict[tuple[str, int, int], tuple[str, str, float, float]]:
    """Each drawn space: (key, q, r) -> terrain, polygon classes, centre x, y."""
    out = {}
    for key, q, r, terrain, cls, points in HEX.findall(svg):
        pts = [tuple(map(float, p.split(","))) for p in points.split()]
        x = sum(p[0] for p in pts) / len(pts)
        y = sum(p[1] for p in pts) / len(pts)
        out[(key, int(q), int(r))] = (terrain, cls, x, y)
    return out


def test_piece_backs_register_on_their_fronts() -> None:
    """Every space of a page's pieces is drawn on both sides, the Muted one mirrored across
    the page: printed double-sided and flipped on the long edge, it lies behind its front."""
    data = Pieces(IX.game.title, tuple(IX.pieces), tuple(sorted(piece_names(IX).items())))
    paper = (210.0, 297.0)
    pages = layout(data, paper)
    assert sum(len(p) for p in pages) == len(IX.pieces)  # every platter and key, once
    for no, page in enumerate(pages, 1):
        front = _spaces(page_svg(data, page, "standard", paper, no))
        back = _spaces(page_svg(data, page, "muted", paper, no))
        want = {(p.piece.id, s.q, s.r): s.terrain for p in page for s in p.piece.spaces}
        assert {k: v[0] for k, v in front.items()} == want
        assert front.keys() == back.keys()
        for k, (_, cls, x, y) in front.items():
            assert "standard" in cls.split() and "muted" in back[k][1].split()
            assert abs(x + back[k][2] - paper[0]) < 0.02 and abs(y - back[k][3]) < 0.02, k
            assert 0 < x < paper[0] and 0 < y < paper[1], k  # on the paper


def test_setup_sheet_draws_every_space_of_the_map() -> None:
    for d in IX.game.designs:
        s = generate(IX.game, d.id, SAMPLE_SEED, pieces=IX.map_pieces)
        _, _, _, svg = setup_sheet(s, IX.game.title, IX.map_pieces, IX.domes)
        drawn = _spaces(svg)
        ids = [*s.platter_ids, *(p.key.id for p in s.keys)]
        want = {(i, sp.q, sp.r): sp.terrain for i in ids for sp in IX.map_pieces[i].spaces}
        assert {k: v[0] for k, v in drawn.items()} == want, d.id
        # a Dome shows its key's number (p. 7)
        for p in s.keys:
            if p.key.kind == "dome":
                assert svg.count(f"Dome {IX.domes[p.key.id]}<") >= 4


@pytest.mark.slow
def test_the_pieces_print_at_real_size(tmp_path: Path) -> None:
    proc = toolkit(
        "build", "--game", "worldspanner", "--out", str(tmp_path), "--only", "map/pieces*"
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    pdf = tmp_path / "worldspanner/map/pieces-a4.pdf"
    keys = sum(1 for p in IX.pieces if p.kind != "platter")
    platters = len(IX.pieces) - keys
    text = pdf_text(pdf).split("\f")
    pages = [t for t in text if t.strip()]
    assert len(pages) == 2 * (platters + (keys + 1) // 2)  # each fronts page, then its backs
    assert all("PLACEHOLDER GEOMETRY" in t for t in pages)
    assert all("Standard side" in t for t in pages[::2])
    assert all("Muted side" in t for t in pages[1::2])
    names = [p.name for p in IX.game.pieces.platters] + [f.name for f in IX.game.factions]
    for name in names:
        assert any(name.upper() in t.upper() for t in pages), name


def test_pieces_meet_space_to_space_in_every_design() -> None:
    """Laid in a design's slots, keys and platters cover the map without overlap or gap
    inside it: each space of each piece lands on its own space of one grid, and two pieces
    side by side share whole edges (every space's six neighbours are on the map or off
    its edge, never half-covered)."""
    for d in IX.game.designs:
        s = generate(IX.game, d.id, SAMPLE_SEED, pieces=IX.map_pieces)
        laid = s.laid(IX.map_pieces)
        assert laid is not None
        spots = build(laid)
        assert len(spots) == sum(len(p.cells) for p in laid), d.id
        # pieces of one section touch: a hero can walk from piece to piece (p. 3)
        for sec in range(1, d.sections + 1):
            mine = {at for at, sp in spots.items() if sp.section == sec}
            touching = {
                (sp.piece, spots[(at[0] + dq, at[1] + dr)].piece)
                for at, sp in spots.items()
                if sp.section == sec
                for dq, dr in DIRS
                if (at[0] + dq, at[1] + dr) in mine
            }
            pieces = {sp.piece for sp in spots.values() if sp.section == sec}
            seen, todo = set(), [min(pieces)]
            while todo:
                p = todo.pop()
                seen.add(p)
                todo += [b for a, b in touching if a == p and b not in seen]
            assert seen == pieces, (d.id, sec)
