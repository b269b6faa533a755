"""Counter and token sheets as a DM prints them: ink on every page, every word inside its
piece, backs registered on their fronts in duplex (offset included), byte-identical builds,
embedded fonts; and a God Emperor kit of 45 or 200 players prints what the rules need."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.support.shipped import CONTENT, RULES, copy_rules, designers, toolkit
from toolkit.games import load_pack
from toolkit.model.content import load_content
from toolkit.render.counter_layout import HEADER, MARGIN, pack, sheets, tokens

GAMES = ("forty-factions", "worldspanner", "god-emperor")
MM = 72 / 25.4
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">')
OFFSET = (2.0, -1.5)


def _build(out: Path, *extra: str) -> None:
    for game in GAMES:
        proc = toolkit("build", "--game", game, "--only", "counters/*", "--out", str(out), *extra)
        assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("counters")
    _build(out)
    return out


@pytest.fixture(scope="module")
def shifted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("shifted")
    _build(out, f"--back-offset={OFFSET[0]},{OFFSET[1]}")
    return out


def placements(game: str, content: Path = CONTENT, sides: int = 1) -> dict[bool, list[list]]:
    """Each sheet's pieces as (x0, y0, x1, y1) mm boxes, as the kit packs them (on the
    double-sided sheets, only the pieces with at least `sides` sides)."""
    pk = load_pack(game)
    cs, _ = load_content(game, content / game, pk.kinds)
    mod = __import__(f"toolkit.games.{game.replace('-', '_')}.components", fromlist=["setting"])
    if game == "forty-factions":
        from toolkit.games.forty_factions.index import Index as FIndex

        s = mod.setting(FIndex.build(cs))
        doc = cs.one("components", object)
    else:
        index = __import__(f"toolkit.games.{game.replace('-', '_')}.index", fromlist=["Index"])
        ix = index.Index.build(cs)
        s, doc = mod.setting(ix), ix.components
    double, single = sheets(tokens(doc, s), (210.0, 297.0))
    out = {}
    for duplex, chosen in ((False, single), (True, double)):
        out[duplex] = [
            [(p.x, p.y, p.x + p.token.w, p.y + p.token.h) for p in page if p.token.sides >= sides]
            for page in pack(chosen, (210.0, 297.0))
        ]
    return out


def words(pdf: Path) -> list[list[tuple[float, float, float, float]]]:
    """Every word's box (mm) on each page, as poppler reads the PDF."""
    html = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = html.split("<page ")[1:]
    return [[tuple(float(v) / MM for v in m) for m in WORD.findall(p)] for p in pages]


def _inside(box: tuple, boxes: list[tuple], tol: float = 0.4) -> bool:
    x0, y0, x1, y1 = box
    return any(
        x0 >= b[0] - tol and x1 <= b[2] + tol and y0 >= b[1] - tol and y1 <= b[3] + tol
        for b in boxes
    )


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_page_has_ink(built: Path, game: str, tmp_path: Path) -> None:
    from PIL import Image

    files = sorted((built / game / "counters").glob("*.pdf"))
    assert {f.name for f in files} == {"counters-a4.pdf", "tokens-a4.pdf"}
    for pdf in files:
        subprocess.run(
            ["pdftoppm", "-r", "15", "-gray", str(pdf), str(tmp_path / pdf.stem)], check=True
        )
        for png in sorted(tmp_path.glob(f"{pdf.stem}*.pgm")):
            dark = sum(1 for v in Image.open(png).tobytes() if v < 200)
            assert dark > 200, f"{pdf.name} {png.name}: a page without ink"


@pytest.mark.parametrize("game", GAMES)
def test_every_word_lies_inside_its_piece_front_and_back(built: Path, game: str) -> None:
    boxes = placements(game)
    for name, duplex in (("tokens", False), ("counters", True)):
        pages = words(built / game / "counters" / f"{name}-a4.pdf")
        sheets = boxes[duplex]
        assert len(pages) == len(sheets) * (2 if duplex else 1)
        for i, page in enumerate(pages):
            sheet = sheets[i // 2 if duplex else i]
            back = duplex and i % 2 == 1
            on_pieces = [w for w in page if w[1] > MARGIN + HEADER - 1]  # below the title line
            assert on_pieces, f"{game} {name} page {i + 1}: no text on any piece"
            for w in on_pieces:
                if back:  # a back page is the mirror image of its front page
                    w = (210.0 - w[2], w[1], 210.0 - w[0], w[3])
                assert _inside(w, sheet), f"{game} {name} page {i + 1}: word at {w} off its piece"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_backs_register_on_their_fronts_with_the_printer_offset(
    built: Path, shifted: Path, game: str
) -> None:
    boxes = placements(game, sides=2)[True]  # a single-sided piece has a blank back
    pages = words(shifted / game / "counters" / "counters-a4.pdf")
    dx, dy = OFFSET
    for k, sheet in enumerate(boxes):
        back = [w for w in pages[2 * k + 1] if w[1] > MARGIN + HEADER - 1 + dy]
        assert back
        hit = set()
        for w in back:
            m = (210.0 - (w[2] - dx), w[1] - dy, 210.0 - (w[0] - dx), w[3] - dy)
            owners = [j for j, b in enumerate(sheet) if _inside(m, [b])]
            assert owners, f"{game}: back word at {w} meets no front piece"
            hit.update(owners)
        assert len(hit) == len(sheet), f"{game} sheet {k + 1}: a piece has no back"
    # every back word moved by exactly the offset; fronts did not move
    plain = words(built / game / "counters" / "counters-a4.pdf")
    for i, (a, b) in enumerate(zip(plain, pages, strict=True)):
        a = [w for w in a if w[1] > MARGIN + HEADER - 1]
        b = [w for w in b if w[1] > MARGIN + HEADER - 1 + min(dy, 0)]
        move = (dx, dy) if i % 2 else (0.0, 0.0)
        assert len(a) == len(b)
        a = sorted(a, key=lambda u: (round(u[1], 1), round(u[0], 1)))
        b = sorted(b, key=lambda v: (round(v[1] - move[1], 1), round(v[0] - move[0], 1)))
        for u, v in zip(a, b, strict=True):
            assert abs(v[0] - u[0] - move[0]) < 0.05 and abs(v[1] - u[1] - move[1]) < 0.05


@pytest.mark.slow
def test_same_input_same_bytes_and_fonts_embedded(built: Path, tmp_path: Path) -> None:
    _build(tmp_path, "--force")
    for game in GAMES:
        for pdf in (built / game / "counters").glob("*.pdf"):
            again = tmp_path / game / "counters" / pdf.name
            assert (
                hashlib.sha256(pdf.read_bytes()).digest()
                == hashlib.sha256(again.read_bytes()).digest()
            ), pdf
            fonts = subprocess.run(
                ["pdffonts", str(pdf)], capture_output=True, text=True, check=True
            ).stdout.splitlines()[2:]
            assert fonts and all(" yes " in f for f in fonts), fonts
            assert all(("Cinzel" in f or "EBGaramond" in f) for f in fonts), fonts


def _images(pdf: Path) -> list[list[str]]:
    """`pdfimages -list` rows: page, num, type, width, height, color ..."""
    rows = subprocess.run(
        ["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True
    ).stdout.splitlines()[2:]
    return [r.split() for r in rows]


@pytest.mark.slow
def test_pod_preset_draws_counters_in_cmyk(tmp_path: Path) -> None:
    for game in ("god-emperor", "forty-factions"):
        proc = toolkit(
            "build",
            "--game",
            game,
            "--only",
            "counters/*",
            "--out",
            str(tmp_path),
            "--preset",
            "pod",
        )
        assert proc.returncode == 0, proc.stderr
    import pikepdf

    ff = sorted((tmp_path / "forty-factions" / "counters").glob("*.pdf"))
    for pdf_path in (tmp_path / "god-emperor" / "counters" / "counters-a4.pdf", *ff):
        with pikepdf.open(pdf_path) as pdf:
            ops = {str(op) for page in pdf.pages for _, op in pikepdf.parse_content_stream(page)}
            assert "/OutputIntents" in pdf.Root  # converted through the profile it names
        assert "k" in ops and "rg" not in ops and "RG" not in ops, sorted(ops)
    # the First Player marker's picture too (its transparency kept as a mask)
    kinds = {(r[2], r[5]) for pdf_path in ff for r in _images(pdf_path)}
    assert kinds == {("image", "cmyk"), ("smask", "gray")}


def test_a_counter_places_its_art_once_inside_its_piece(built: Path) -> None:
    images = [
        (pdf, r)
        for pdf in sorted((built / "forty-factions" / "counters").glob("*.pdf"))
        for r in _images(pdf)
        if r[2] == "image"
    ]
    assert len(images) == 1  # one picture in the kit's counters, embedded once
    pdf, (page, *_) = images[0]
    # drawn where the marker is: the words "First Player" sit just under it on that page
    xml = subprocess.run(
        ["pdftotext", "-bbox", "-f", page, "-l", page, str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "First</word>" in xml and "Player</word>" in xml


def test_hostile_counter_art_is_refused(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    copy_rules(content.parent)
    comps = content / "forty-factions" / "components.yaml"
    svg = comps.read_text().replace("art/samples/compass-rose.png", "art/samples/temple-emblem.svg")
    comps.write_text(svg)
    proc = toolkit("check", "--content", str(content), "--game", "forty-factions")
    assert proc.returncode == 1 and "CONTENT-ART" in proc.stdout and "PNG or JPEG" in proc.stdout
    comps.write_text(svg.replace("art/samples/temple-emblem.svg", "art/../game.yaml"))
    proc = toolkit("check", "--content", str(content), "--game", "forty-factions")
    assert proc.returncode == 1 and "SCHEMA" in proc.stdout  # not a path under art/
    # a face that names a file of its own is refused: it places only the piece's art
    from toolkit.render.faces import FaceError, parse

    for attr in ('href="/etc/passwd"', 'xlink:href="http://example.com/x.png"'):
        with pytest.raises(FaceError, match="takes no href"):
            parse(
                f'<image {attr} xmlns:xlink="http://www.w3.org/1999/xlink" x="1" y="1" '
                'width="5" height="5"/>'
            )
    (op,) = parse('<image x="1" y="2" width="5" height="6"/>')
    assert op.kind == "image" and op.points == (1, 2, 5, 6)


# ------------------------------------------------------------------ God Emperor at 45 and 200


def _cast(content: Path, players: int) -> None:
    houses = [
        h["id"]
        for h in yaml.safe_load((content / "god-emperor" / "game.yaml").read_text())["houses"]
    ]
    (content / "god-emperor" / "cast.yaml").unlink()
    rows = "\n".join(f"Player {n:03d},{houses[n % len(houses)]}," for n in range(players))
    (content / "god-emperor" / "cast.csv").write_text("name,house,rank\n" + rows + "\n")
    game = content / "god-emperor" / "game.yaml"
    game.write_text(game.read_text().replace("ranks: 5", "ranks: 25"))
    designers(game, "status.ranks")  # 25 ranks: the organiser's, not the rules' five


WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _said(pattern: str) -> list[re.Match[str]]:
    """Every place the God Emperor rules text says `pattern`."""
    text = (RULES / "god-emperor-megagame-rules.txt").read_text(encoding="utf-8")
    hits = list(re.finditer(pattern, text))
    assert hits, f"the rules no longer say {pattern!r}"
    return hits


def _n(word: str) -> int:
    return int(word) if word.isdigit() else WORDS[word.lower()]


@pytest.mark.slow
@pytest.mark.parametrize("players", [45, 200])
def test_god_emperor_prints_what_the_rules_need(tmp_path: Path, players: int) -> None:
    """Every number of need below is read from the rules text, not from the content."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "god-emperor", content / "god-emperor")
    copy_rules(content.parent)
    _cast(content, players)
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 0, proc.stdout
    from toolkit.core.outputs import BuildOptions
    from toolkit.games.god_emperor.outputs import outputs

    pk = load_pack("god-emperor")
    cs, _ = load_content("god-emperor", content / "god-emperor", pk.kinds)
    outs = {o.path: o for o in outputs(cs, BuildOptions())}
    # each card sheet's cards, in order: its cards' own pages, each the card it draws
    drawn = {p: o.render.args[1] for p, o in outs.items() if o.kind == "card"}
    cards = {
        p: [drawn[page] for page in o.render.args[1]]
        for p, o in outs.items()
        if o.kind == "card-sheet"
    }
    houses = [
        h["name"]
        for h in yaml.safe_load((content / "god-emperor" / "game.yaml").read_text())["houses"]
    ]
    per_house = -(-players // len(houses))
    # minions: every player of a House draws at once, by rank (L470-475); past the fifth
    # rank, as the fifth
    ranks = [
        _n(m[1])
        for m in _said(
            r"(?m)^\s+• (?:Highest ranked player|Second|Third|Fourth|"
            r"Fifth): (\d+) minions?\."
        )
    ]
    assert len(ranks) == 5
    need = sum(ranks[min(r, len(ranks) - 1)] for r in range(per_house))
    for h in houses:
        have = sum(1 for c in cards["cards/minions-a4.pdf"] if c.house == h)
        assert have >= need, (h, have, need)
    # schemes: each of the tables (L496) seats its province's Houses, each drawing (L469)
    tables = _n(_said(r"There are (\w+) tables in the Underground")[0][1])
    hand = _n(_said(r"each House draws (\w+) Schemes from the Scheme deck")[0][1])
    assert len(cards["cards/schemes-a4.pdf"]) >= tables * (len(houses) // tables) * hand
    # favors: three of one faction buy a building (L532); a Court month puts Favors before
    # every House and the Sovereign (L304)
    build = _n(_said(r"When you have (\w+) favors from the same Faction")[0][1])
    pool = _n(_said(r"(\d+) Power and (\d+) Favor is placed in front of every House")[0][2])
    favors = cards["cards/favors-a4.pdf"]
    for faction in {c.faction for c in favors}:
        assert sum(1 for c in favors if c.faction == faction) >= build, faction
    assert len({c.faction for c in favors}) == 5  # the five factions (L530-538)
    assert len(favors) >= pool * (len(houses) + 1)
    # tokens: hostages the laws give away (L340-346), units each House starts with (L129),
    # the Immortals (L195)
    pieces = (
        outs["counters/tokens-a4.pdf"].render.args[2]
        + outs["counters/counters-a4.pdf"].render.args[2]
    )
    each = _n(_said(r"The God Emperor owns (\w+) hostages from each House")[0][1])
    given = {h: each for h in houses}
    for m in _said(r"\w+ owns (\w+) hostages? from (\w+)\."):
        if m[2] in given:
            given[m[2]] += _n(m[1])
    units = _n(_said(r"Every House starts with (\d+) units")[0][1])
    for h in houses:
        hostages = sum(1 for t in pieces if t.component == "hostage-token" and t.item == h)
        assert hostages >= given[h], (h, hostages, given[h])
        assert sum(1 for t in pieces if t.component == "unit" and t.item == h) >= units
    immortals = _n(_said(r"The Court is guarded by (\w+) Immortals")[0][1])
    assert sum(1 for t in pieces if t.component == "immortal") == immortals
    if players == 200:  # the longest file of the largest cast prints, one card a page
        import io

        import pikepdf

        from toolkit.render.session import Session

        faces = outs["cards/minions-faces.pdf"]
        session = Session(BuildOptions(), cs.root)
        for part in set(faces.parts):  # each card laid out once, the file assembled from them
            session.rendered[part] = outs[part].render(session)
        data = faces.render(session)
        with pikepdf.open(io.BytesIO(data)) as pdf:
            assert len(pdf.pages) == len(cards["cards/minions-a4.pdf"]) > 400


@pytest.mark.slow
def test_counter_sheets_pass_the_visual_audit(built: Path) -> None:
    """Ink on every page, every word inside its piece (and inside the frame that holds it),
    the same pages through poppler, MuPDF and Ghostscript."""
    for game in GAMES:
        proc = toolkit("audit", str(built / game / "counters"))
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert "2 outputs audited, 0 finding(s)" in proc.stdout + proc.stderr


def test_a_face_text_is_fitted_inside_the_frame_that_holds_it() -> None:
    from toolkit.render.faces import fit, parse, text_box

    face = parse(
        '<rect x="8" y="8" width="14" height="14" fill="none" stroke="#000000"/>'
        '<text x="15" y="17" font-size="3" font-family="Cinzel">Lostlight</text>'
    )
    (frame, text) = fit(face, "square", 30, 30, "test")
    x0, y0, x1, y1 = text_box(text, text.points[2])
    assert 1.5 <= text.points[2] < 3 and 8 < x0 < x1 < 22 and 8 < y0 < y1 < 22
    assert frame == face[0]
