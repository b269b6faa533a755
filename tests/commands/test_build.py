"""The built kit, checked as a printer and a DM would: pages, sizes, text, fonts, structure;
and the build loop as a designer uses it: nothing rebuilt twice, an edit rebuilds its
dependants only, a deleted file takes its outputs with it."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
import yaml

from tests.support.pdfcheck import box, colour_spaces, inside, output_intent, unembedded_fonts
from tests.support.printguide import check_bill, check_gallery
from tests.support.shipped import CONTENT, copy_rules, designers, pdf_text, seeded, toolkit

MM = 72 / 25.4
A4 = (210 * MM, 297 * MM)
LETTER = (612.0, 792.0)
CARD = (76 * MM, 126 * MM)  # 70 x 120 mm and 3 mm bleed each side


def _build(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return toolkit("build", "--content", "content", "--out", "build", *args, cwd=root)


@pytest.fixture
def kit(shipped_kit: Path) -> Path:
    """The whole kit, built once per run from a copy of the shipped content (read only)."""
    return shipped_kit


def _out(kit: Path) -> Path:
    return kit / "build" / "forty-factions"


def _size(page: pikepdf.Page) -> tuple[float, float]:
    box = [float(v) for v in page.mediabox]
    return box[2] - box[0], box[3] - box[1]


def _close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 0.2 and abs(a[1] - b[1]) < 0.2


def _content_docs(folder: str) -> list[dict]:
    return [
        yaml.safe_load(f.read_text(encoding="utf-8"))
        for f in sorted((CONTENT / "forty-factions" / folder).glob("*.yaml"))
    ]


def test_every_sheet_is_one_a4_page(kit: Path) -> None:
    sheets = sorted((_out(kit) / "sheets").rglob("*/*.pdf"))
    assert len(sheets) == len(_content_docs("factions")) + len(_content_docs("plots")) == 180
    for path in sheets:
        with pikepdf.open(path) as pdf:
            assert len(pdf.pages) == 1, path
            assert _close(_size(pdf.pages[0]), A4), path


def test_decks_hold_every_sheet_in_order(kit: Path) -> None:
    for deck, folder in (("factions", "factions"), ("plots", "plots")):
        docs = _content_docs(folder)
        path = _out(kit) / "sheets" / f"{deck}.pdf"
        with pikepdf.open(path) as pdf:
            assert len(pdf.pages) == len(docs)
        text = subprocess.run(
            ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
        ).stdout
        pages = [re.sub(r"\s+", " ", p) for p in text.split("\f")]
        for d, page in zip(docs, pages, strict=False):
            assert d["name"] in page, (d["number"], d["name"])
            assert page.strip().startswith(str(d["number"]))


def test_deck_embeds_each_font_once(kit: Path) -> None:
    """The deck is assembled from the sheets' PDFs with each face once, not 114 copies of
    each font."""
    with pikepdf.open(_out(kit) / "sheets" / "factions.pdf") as pdf:
        names = []
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor":
                names.append(str(obj.get("/FontName")))
    assert 0 < len(names) <= 8, names


@pytest.mark.slow
def test_a_sheet_is_the_same_file_however_it_was_built(kit: Path, tmp_path: Path) -> None:
    """A sheet rebuilt on its own is byte-identical to the one the whole build made, and
    each PDF carries its own title (a viewer's window shows it)."""
    root = tmp_path / "one"
    shutil.copytree(CONTENT, root / "content")
    copy_rules(root)
    assert (
        _build(
            root, "--only", "sheets/factions/018-*", "--only", "sheets/plots/00[1-3]*"
        ).returncode
        == 0
    )
    for alone in sorted((root / "build" / "forty-factions" / "sheets").rglob("*/*.pdf")):
        whole = _out(kit) / alone.relative_to(root / "build" / "forty-factions")
        assert alone.read_bytes() == whole.read_bytes(), alone.name
    with pikepdf.open(_out(kit) / "sheets" / "factions" / "018-thieves-guild-of-tehmor.pdf") as pdf:
        assert str(pdf.docinfo["/Title"]) == "18 Thieves' Guild of Tehmor"
    with pikepdf.open(_out(kit) / "sheets" / "factions.pdf") as pdf:
        assert "Faction Information Sheets" in str(pdf.docinfo["/Title"])


def test_card_pages_have_exact_sizes(kit: Path) -> None:
    cards = _out(kit) / "cards"
    for name, count in (("factions-faces.pdf", 114), ("plots-faces.pdf", 66)):
        with pikepdf.open(cards / name) as pdf:
            assert len(pdf.pages) == count
            assert all(_close(_size(p), CARD) for p in pdf.pages)
    for name, count in (("factions-a4.pdf", 114), ("plots-a4.pdf", 66)):
        with pikepdf.open(cards / name) as pdf:
            # four cards a page, each fronts page followed by its backs page
            assert len(pdf.pages) == 2 * -(-count // 4)
            assert all(_close(_size(p), A4) for p in pdf.pages)
    with pikepdf.open(cards / "backs.pdf") as pdf:  # uniform backs: one per deck kind
        assert len(pdf.pages) == 2


def test_card_faces_show_number_name_cards_and_expansion(kit: Path) -> None:
    text = subprocess.run(
        ["pdftotext", str(_out(kit) / "cards" / "factions-faces.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    pages = text.split("\f")
    for d, page in zip(_content_docs("factions"), pages, strict=False):
        flat = re.sub(r"\s+", " ", page)
        assert str(d["number"]) in flat
        assert d["name"].upper() in flat.upper()
        assert d["tarot"] in flat
        assert d["alleyman"] in flat
        assert ("BASE" if d["expansion"] == "base" else d["expansion"]) in flat


def test_every_font_embedded_and_only_the_shipped_ones(kit: Path) -> None:
    pdfs = sorted(_out(kit).rglob("*.pdf"))
    # every board (a label with a glyph the kit's fonts lack once drew in a system font) and
    # a spread of every other kind of output
    for path in sorted({*pdfs[::7], *(p for p in pdfs if p.parent.name == "boards")}):
        out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True)
        assert out.returncode == 0 and not out.stderr, path
        rows = out.stdout.splitlines()[2:]
        assert rows, path
        for row in rows:
            cols = row.split()
            assert re.search(r"\+(Cinzel|EBGaramond|EB-Garamond)", cols[0]), row
            assert cols[-5] == "yes" and cols[-4] == "yes", row  # embedded, subset


@pytest.mark.slow
def test_qpdf_check_is_clean(kit: Path) -> None:
    for path in sorted(_out(kit).rglob("*.pdf")):
        proc = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert proc.returncode == 0, f"{path}: {proc.stdout}{proc.stderr}"


def test_board_files_are_valid_svg_and_pdf(kit: Path) -> None:
    boards = _out(kit) / "boards"
    svgs = sorted(boards.glob("*.svg"))
    assert len(svgs) == 7
    for path in svgs:
        proc = subprocess.run(["xmllint", "--nonet", "--noout", str(path)], capture_output=True)
        assert proc.returncode == 0, proc.stderr
    for path in sorted(boards.glob("*-tiles-a4.pdf")):
        with pikepdf.open(path) as pdf:
            assert len(pdf.pages) >= 2  # every board is larger than a sheet of A4
            sizes = {tuple(round(v) for v in _size(p)) for p in pdf.pages}
            assert sizes <= {(842, 595), (595, 842)}, sizes


def test_manifest_lists_every_output_with_its_hash(kit: Path) -> None:
    import hashlib

    manifest = json.loads((_out(kit) / "kit" / "manifest.json").read_text())
    files = {
        p.relative_to(_out(kit)).as_posix()
        for p in _out(kit).rglob("*")
        if (
            p.suffix in (".pdf", ".svg", ".png")
            or p.name in ("PRINT.md", "companion.html", "coverage.html")
            or (p.suffix == ".json" and p.name != "manifest.json")  # TTS saved objects
        )
        and p.relative_to(_out(kit)).parts[0] != "preview"  # the gallery's pictures
    }
    assert {e["path"] for e in manifest["outputs"]} == files
    for e in manifest["outputs"]:
        data = (_out(kit) / e["path"]).read_bytes()
        assert e["sha256"] == hashlib.sha256(data).hexdigest()
        if e["path"].endswith(".pdf"):
            with pikepdf.open(_out(kit) / e["path"]) as pdf:
                assert e["pages"] == len(pdf.pages)
        assert e["paper"] == "a4" and e["sources"]


def test_dm_reference_and_print_guide(kit: Path) -> None:
    ref = _out(kit) / "reference" / "dm-reference.pdf"
    with pikepdf.open(ref) as pdf:
        assert 1 <= len(pdf.pages) <= 4
        assert all(_close(_size(p), A4) for p in pdf.pages)
    text = re.sub(
        r"\s+",
        " ",
        subprocess.run(
            ["pdftotext", str(ref), "-"], capture_output=True, text=True, check=True
        ).stdout,
    )
    game = yaml.safe_load((CONTENT / "forty-factions" / "game.yaml").read_text())
    for phase in game["sequence_of_play"]:
        assert phase["name"] in text
    for step in game["council"]["voting_summary"]:
        assert step in text
    # 10.3.5: a majority of the votes cast, not a fixed 21; 10.3.8: 27 to change the Overlord
    assert "more than half of the votes cast" in text and "majority 21" not in text
    assert "27 votes for, or twice as many for as against" in text
    guide = (_out(kit) / "kit" / "PRINT.md").read_text()
    pdfs = {p.relative_to(_out(kit)).as_posix() for p in _out(kit).rglob("*.pdf")}
    listed = {p for p in re.findall(r"`([^`]+\.pdf)`", guide) if "*" not in p}  # not patterns
    # every file to print is listed; not each sheet or card alone (their decks are)
    alone = {p for p in pdfs if p.startswith(("sheets/", "cards/")) and p.count("/") == 2}
    assert pdfs - alone == listed
    assert "flip on the long edge" in guide
    rows = {r[1]: r for r in check_bill(_out(kit))}
    with pikepdf.open(_out(kit) / "cards" / "factions-a4.pdf") as pdf:
        assert rows["cards/factions-a4.pdf"][6] == len(pdf.pages) // 2  # duplex: two a sheet
    check_gallery(
        _out(kit),
        {
            "Faction and Plot cards (the Tarot deck)": [
                "cards/factions-*",
                "cards/plots-*",
                "cards/backs.pdf",
                "tts/*",
            ],
            "Main board: map, Sequence of Play, VP Track": ["boards/main*"],
        },
    )


@pytest.mark.slow
def test_expansions_choose_what_goes_in(tmp_path: Path) -> None:
    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    proc = toolkit(
        "build",
        "--content",
        "content",
        "--out",
        "build",
        "--expansions",
        "SC",
        "--only",
        "boards/*.svg",
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout
    boards = sorted(p.stem for p in (tmp_path / "build" / "forty-factions" / "boards").iterdir())
    assert boards == ["council", "gathering", "main", "sacred-circles"]
    main = (tmp_path / "build" / "forty-factions" / "boards" / "main.svg").read_text()
    assert 'data-expansion="DD"' not in main and 'data-expansion="50F"' not in main
    bad = toolkit("build", "--content", "content", "--expansions", "XX", cwd=tmp_path)
    assert bad.returncode == 2 and "unknown expansion" in bad.stderr


def _copy_kit(kit: Path, dest: Path) -> Path:
    shutil.copytree(kit, dest, symlinks=True)
    return dest


def _keys(root: Path) -> dict[str, str]:
    data = json.loads((root / "build" / "forty-factions" / "kit" / "manifest.json").read_text())
    return {e["path"]: e["key"] for e in data["outputs"]}


def test_second_build_builds_nothing(kit: Path, tmp_path: Path) -> None:
    root = _copy_kit(kit, tmp_path / "k")
    total = len(_keys(root))
    proc = _build(root)
    assert proc.returncode == 0
    assert f"0 built, {total} up to date" in proc.stdout


def test_a_build_with_nothing_to_render_never_loads_the_renderer(kit: Path, tmp_path: Path) -> None:
    """An up-to-date kit is checked and confirmed without importing WeasyPrint (half a
    second of start-up)."""
    import sys

    from tests.support.shipped import ROOT

    root = _copy_kit(kit, tmp_path / "k")
    code = (
        "import sys; from pathlib import Path; from toolkit.commands import api; "
        "from toolkit.commands.build import BuildOptions; "
        "r = api.build(Path('content'), 'forty-factions', BuildOptions(out=Path('build'))); "
        "print(r.built, 'weasyprint' in sys.modules)"
    )
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, env=env
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["0", "False"]


@pytest.mark.slow
def test_a_card_edit_writes_the_same_files_in_two_processes_as_in_one(
    kit: Path, tmp_path: Path
) -> None:
    """A faction's card edited: the warm worker renders the card, then shares what is
    assembled from it with a fork of itself (the Tabletop Simulator sheet on one core, the
    decks on the other); every file is the one a single process (`--jobs 1`) writes. The
    TTS sheet drawn over the last build's with the one card that changed is the file drawn
    whole where the last sheet was altered by hand (a pixel of another card, its record of
    what it was drawn from kept), which is not drawn over."""
    from PIL import Image, PngImagePlugin

    roots = [_copy_kit(kit, tmp_path / name) for name in ("two", "one")]
    for root in roots:
        f = next((root / "content" / "forty-factions" / "factions").glob("005-*.yaml"))
        f.write_text(
            re.sub(
                r"^alleyman: (.*)$", r"alleyman: \1 (edited)", f.read_text(), count=1, flags=re.M
            )
        )
        designers(f, "alleyman")  # a designer's own card, no longer the rules' (RULES-VALUE)
    sheet = roots[1] / "build" / "forty-factions" / "tts" / "factions-1.png"
    with Image.open(sheet) as img:
        img.load()
        img.putpixel((img.width // 2, img.height // 2), (255, 0, 0))
        info = PngImagePlugin.PngInfo()
        for k, v in img.text.items():
            info.add_text(k, v)
        img.save(sheet, pnginfo=info)
    two = _build(roots[0], "--game", "forty-factions")
    one = _build(roots[1], "--game", "forty-factions", "--jobs", "1")
    assert two.returncode == 0 and one.returncode == 0, two.stdout + one.stdout
    built = re.search(r"(\d+) built", two.stdout)
    assert built and int(built[1]) >= 6 and built[0] in one.stdout  # card, sheet, decks, TTS
    out = [root / "build" / "forty-factions" for root in roots]
    files = [
        sorted(p.relative_to(o) for o in (folder,) for p in o.rglob("*") if p.is_file())
        for folder in out
    ]
    assert files[0] == files[1]
    was = kit / "build" / "forty-factions"
    changed = [
        rel
        for rel in files[0]
        if not (was / rel).is_file() or (was / rel).read_bytes() != (out[0] / rel).read_bytes()
    ]
    assert Path("tts/factions-1.png") in changed and Path("cards/factions-a4.pdf") in changed
    for rel in changed:
        assert (out[0] / rel).read_bytes() == (out[1] / rel).read_bytes(), rel


@pytest.mark.slow
def test_edit_rebuilds_only_dependants(kit: Path, tmp_path: Path) -> None:
    root = _copy_kit(kit, tmp_path / "k")
    before = _keys(root)
    f = next((root / "content" / "forty-factions" / "factions").glob("031-*.yaml"))
    f.write_text(f.read_text().replace("name: City Watch", "name: City Watch of Tehmor"))
    designers(f, "name")  # the designer's name, no longer the rules' (RULES-VALUE)
    f.rename(f.with_name("031-city-watch-of-tehmor.yaml"))  # a file is named for its faction
    proc = _build(root)
    assert proc.returncode == 0, proc.stdout
    after = _keys(root)
    rebuilt = {p for p in after if after[p] != before.get(p)}
    # its sheet and card; the sheets that name it as an enemy (4, 14, 18, 88); the decks and
    # imposed faction cards that hold them
    names = {Path(p).name for p in rebuilt}
    assert names == {
        "031-city-watch-of-tehmor.pdf",
        "004-honourable-guild-of-assassins.pdf",
        "014-anarchist-movement.pdf",
        "018-thieves-guild-of-tehmor.pdf",
        "088-the-thieves-of-chaos.pdf",
        "factions.pdf",
        "factions-faces.pdf",
        "factions-a4.pdf",
        # the boards that name it: the map (its locations) and the Council (its seat)
        "main.svg",
        "main.pdf",
        "main-tiles-a4.pdf",
        "council.svg",
        "council.pdf",
        "council-tiles-a4.pdf",
        # the Tabletop Simulator sheet that holds its card, and the saved deck naming it
        "factions-1.png",
        "factions.json",
        # the print guide, which lists the sheet under its new file name
        "PRINT.md",
        # the coverage page, which names every card
        "coverage.html",
    }


@pytest.mark.slow
def test_deleted_file_takes_its_outputs(kit: Path, tmp_path: Path) -> None:
    root = _copy_kit(kit, tmp_path / "k")
    ff = root / "content" / "forty-factions"
    (ff / "plots" / "066-the-imposter.yaml").unlink()
    game = ff / "game.yaml"
    game.write_text(
        game.read_text()
        + "waive:\n  - {rule: FF-DECK-MISSING, reason: plot 66 is being rewritten}\n"
    )
    proc = _build(root)
    out = root / "build" / "forty-factions"
    assert not (out / "sheets" / "plots" / "066-the-imposter.pdf").exists(), proc.stdout
    assert not (out / "cards" / "plots" / "066-the-imposter.pdf").exists(), proc.stdout
    assert "sheets/plots/066-the-imposter.pdf" not in _keys(root)
    assert "2 removed" in proc.stdout  # its sheet and its card


@pytest.mark.slow
def test_overflow_is_an_error_naming_sheet_and_field(tmp_path: Path) -> None:
    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    f = next((tmp_path / "content" / "forty-factions" / "factions").glob("005-*.yaml"))
    long = " ".join(["The Mercenaries' Guild remembers every debt."] * 260)
    f.write_text(f.read_text() + f"background: {long}\n")
    proc = toolkit(
        "build",
        "--content",
        "content",
        "--out",
        "build",
        "--only",
        f"sheets/factions/{f.stem}.pdf",
        cwd=tmp_path,
    )
    assert proc.returncode == 1
    line = next(ln for ln in proc.stdout.splitlines() if "RENDER-OVERFLOW" in ln)
    n = f.read_text().splitlines().index(f"background: {long}") + 1
    assert line.startswith(f"content/forty-factions/factions/{f.name}:{n}:")
    assert "`background`" in line and "sheet 5" in line
    assert not (
        tmp_path / "build" / "forty-factions" / "sheets" / "factions" / f"{f.stem}.pdf"
    ).exists()


@pytest.mark.slow
def test_a_deck_whose_sheet_fails_is_told_at_that_sheets_file(kit: Path, tmp_path: Path) -> None:
    """A sheet that does not fit leaves its deck unassembled: the deck's error points at the
    same content file as the sheet's, and says whether the last deck is kept."""
    shutil.copytree(kit / "content", tmp_path / "content")
    copy_rules(tmp_path)
    seeded(kit, tmp_path / "build", "forty-factions")
    f = next((tmp_path / "content" / "forty-factions" / "factions").glob("005-*.yaml"))
    f.write_text(f.read_text() + "background: " + " ".join(["A long debt."] * 900) + "\n")
    args = ("--game", "forty-factions", "--only", "sheets/factions.pdf")
    shown = f"content/forty-factions/factions/{f.name}:"
    for deck_there, said in ((True, "the previous one is kept"), (False, "none is written")):
        if not deck_there:
            (tmp_path / "build" / "forty-factions" / "sheets" / "factions.pdf").unlink()
        proc = _build(tmp_path, *args)
        assert proc.returncode == 1, proc.stdout + proc.stderr
        (overflow,) = [ln for ln in proc.stdout.splitlines() if "RENDER-OVERFLOW" in ln]
        (deck,) = [ln for ln in proc.stdout.splitlines() if "RENDER-FAILED" in ln]
        assert overflow.startswith(shown) and deck.startswith(shown), proc.stdout
        assert "sheets/factions.pdf: not assembled" in deck and deck.endswith(said), deck


@pytest.mark.slow
def test_placeholders_carry_a_mark_by_default_loud_in_proof_and_none_when_final(
    tmp_path: Path,
) -> None:
    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    summaries = {}
    for args, out in (((), "normal"), (("--proof",), "proof"), (("--final",), "final")):
        proc = toolkit(
            "build",
            "--content",
            "content",
            "--out",
            out,
            "--only",
            "sheets/factions/018-*",
            *args,
            cwd=tmp_path,
        )
        assert proc.returncode == 0, proc.stdout
        summaries[out] = proc.stdout

    def text(out: str) -> str:
        path = tmp_path / out / "forty-factions" / "sheets" / "factions"
        return pdf_text(path / "018-thieves-guild-of-tehmor.pdf")

    proof, normal, final = text("proof"), text("normal"), text("final")
    # 018's file marks politics, enemies, seats, two locations and its otherworld
    assert proof.count("placeholder") >= 6 and "†" not in proof
    # by default: a dagger on each, and one line at the foot of the sheet saying what it is
    assert normal.count("†") == proof.count("placeholder") + 1
    assert normal.count("a placeholder: the rules do not give this value") == 1
    assert "†" not in final and "placeholder" not in final
    assert "without their mark" in summaries["final"]
    assert "without their mark" not in summaries["normal"]
    # the note counts the values the kit prints, beside the content's count of them
    held = re.search(r"(\d+) values are still placeholders", summaries["final"])
    printed = re.search(
        r"--final: the kit prints (\d+) placeholder values without their mark "
        r"\(the content holds (\d+)\)",
        summaries["final"],
    )
    assert held and printed and printed[2] == held[1], summaries["final"]
    assert 0 < int(printed[1]) <= int(printed[2])
    # a value its sheet prints, made a placeholder: the kit prints one more
    f = next((tmp_path / "content" / "forty-factions" / "factions").glob("018-*.yaml"))
    f.write_text(
        f.read_text().replace("placeholders: [politics,", "placeholders: [alignment, politics,")
        + "alignment: Neutral\n"
    )
    again = toolkit(
        "build",
        "--content",
        "content",
        "--out",
        "final",
        "--only",
        "sheets/factions/018-*",
        "--final",
        cwd=tmp_path,
    )
    after = re.search(
        r"the kit prints (\d+) placeholder values without their mark "
        r"\(the content holds (\d+)\)",
        again.stdout,
    )
    assert after and (int(after[1]), int(after[2])) == (int(printed[1]) + 1, int(printed[2]) + 1)
    both = toolkit("build", "--proof", "--final", "--out", str(tmp_path / "x"))
    assert both.returncode == 2


@pytest.mark.slow
def test_boards_mark_placeholder_locations_and_seats_but_not_when_final(tmp_path: Path) -> None:
    """The main board's placeholder locations and the Council's placeholder seats carry the
    dagger, and the board's subtitle says what it means; a --final kit prints neither."""
    from toolkit.core.marks import DAGGER, LEGEND

    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    ff = yaml.safe_load  # the content as a reader sees it, to know which values to expect
    army = ff((CONTENT / "forty-factions" / "factions" / "003-army.yaml").read_text())
    seats_ph = {"politics", "seats.council"} & set(army.get("placeholders", []))
    loc_ph = [p for p in army.get("placeholders", []) if p.startswith("locations.")]
    assert seats_ph and loc_ph  # the shipped content has both kinds for the Army
    for args, out in (((), "normal"), (("--final",), "final")):
        proc = toolkit(
            "build",
            "--content",
            "content",
            "--out",
            out,
            "--game",
            "forty-factions",
            "--only",
            "boards/[mc]*.svg",
            *args,
            cwd=tmp_path,
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
    for board in ("main", "council"):
        normal = (tmp_path / "normal/forty-factions/boards" / f"{board}.svg").read_text()
        final = (tmp_path / "final/forty-factions/boards" / f"{board}.svg").read_text()
        assert LEGEND.split(":")[0] in normal and DAGGER not in final, board
    council = (tmp_path / "normal/forty-factions/boards/council.svg").read_text()
    assert re.search(rf">Army {DAGGER}<", council)
    main = (tmp_path / "normal/forty-factions/boards/main.svg").read_text()
    for key in loc_ph:
        name = army["locations"][int(key.split(".")[1])]["name"]
        assert re.search(rf">{re.escape(name)} {DAGGER}<", main), name


@pytest.mark.slow
def test_letter_paper(kit: Path, tmp_path: Path) -> None:
    """Letter card sheets, from the cards the kit laid out (a card is the same on any paper)."""
    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    seeded(kit, tmp_path / "build", "forty-factions")
    proc = toolkit(
        "build",
        "--content",
        "content",
        "--out",
        "build",
        "--paper",
        "letter",
        "--game",
        "forty-factions",
        "--only",
        "cards/plots-letter.pdf",
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout
    with pikepdf.open(tmp_path / "build" / "forty-factions" / "cards" / "plots-letter.pdf") as pdf:
        assert len(pdf.pages) == 2 * math.ceil(len(_content_docs("plots")) / 4)  # 2 x 2 a page
        assert all(_close(_size(p), LETTER) for p in pdf.pages)


@pytest.mark.slow
def test_a_warm_session_lays_out_again_after_a_template_edit(tmp_path: Path) -> None:
    """In watch mode a designer edits the sheet stylesheet: the sheets rebuilt in the warm
    process are the ones a fresh process would make, not cached layouts in the old style.
    (In a copy of the project: the suite's other tests read the real templates meanwhile.)"""
    import os
    import sys

    from tests.support.shipped import ROOT

    project = tmp_path / "project"
    for part in ("toolkit", "content", "rules"):
        shutil.copytree(ROOT / part, project / part, ignore=shutil.ignore_patterns("__pycache__"))
    only = "sheets/plots/00[1-3]*"
    warm = f"""
from pathlib import Path
from toolkit.commands import api
from toolkit.commands.build import BuildOptions
warm = BuildOptions(out=Path("warm"), jobs=1, only={only!r})
assert not api.build(Path("content"), "forty-factions", warm).failed
css = Path("toolkit/templates/forty-factions/sheet.css")
css.write_text(css.read_text(encoding="utf-8").replace("font-size: 21pt", "font-size: 30pt"),
               encoding="utf-8")
print(api.build(Path("content"), "forty-factions", warm).built)
"""
    env = dict(os.environ, PYTHONPATH=str(project))
    run = subprocess.run(
        [sys.executable, "-c", warm],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0 and run.stdout.split() == ["3"], run.stdout + run.stderr
    cold = subprocess.run(
        [
            sys.executable,
            "-m",
            "toolkit",
            "build",
            "--content",
            "content",
            "--out",
            "cold",
            "--only",
            only,
        ],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert cold.returncode == 0, cold.stdout + cold.stderr
    sheets = sorted((project / "cold" / "forty-factions" / "sheets").rglob("*.pdf"))
    assert len(sheets) == 3
    for pdf in sheets:
        rel = pdf.relative_to(project / "cold")
        assert (project / "warm" / rel).read_bytes() == pdf.read_bytes(), rel


@pytest.mark.slow
def test_watch_rebuilds_the_changed_sheet(tmp_path: Path) -> None:
    import os
    import sys
    import time

    from tests.support.shipped import ROOT

    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    log = tmp_path / "log.txt"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "toolkit",
                "build",
                "--content",
                "content",
                "--out",
                "build",
                "--game",
                "forty-factions",
                "--only",
                "sheets/plots*",
                "--watch",
            ],
            cwd=tmp_path,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    try:
        deadline = time.time() + 120
        while "built" not in log.read_text() and time.time() < deadline:
            time.sleep(0.2)
        assert "67 built" in log.read_text()
        plot = next((tmp_path / "content" / "forty-factions" / "plots").glob("007-*.yaml"))
        plot.write_text(plot.read_text() + "notes: Rebuilt while watching.\n")
        while log.read_text().count(" built") < 2 and time.time() < deadline:
            time.sleep(0.2)
        assert "2 built, 65 up to date" in log.read_text()
        pdf = tmp_path / "build" / "forty-factions" / "sheets" / "plots" / f"{plot.stem}.pdf"
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
        assert "Rebuilt while watching." in text
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_tts_grids_hold_every_card_within_limits(kit: Path) -> None:
    from PIL import Image

    tts = _out(kit) / "tts"
    for deck, folder in (("factions", "factions"), ("plots", "plots")):
        count = len(_content_docs(folder))
        sheets = sorted(p for p in tts.glob(f"{deck}-*.png") if not p.stem.endswith("-back"))
        assert len(sheets) == -(-count // 69)
        filled = 0
        for path in sheets:
            img = Image.open(path).convert("L")
            assert img.width <= 4096 and img.height <= 4096
            cw, ch = img.width // 10, img.height // 7
            cells = [
                img.crop((c % 10 * cw, c // 10 * ch, (c % 10 + 1) * cw, (c // 10 + 1) * ch))
                for c in range(70)
            ]
            # a face is light paper with ink; an empty cell is plain white; the last cell is
            # the hidden card, the dark back
            faces = [c for c in cells[:69] if c.getextrema() != (255, 255)]
            filled += len(faces)
            assert sum(cells[69].tobytes()) / (cw * ch) < 100
        assert filled == count


def _chromium(page: Path, tmp: Path) -> tuple[str, str]:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    assert exe, "headless Chromium is needed (make test installs the Debian package)"
    proc = subprocess.run(
        [
            exe,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={tmp}",
            "--allow-file-access-from-files",
            "--virtual-time-budget=5000",
            "--enable-logging=stderr",
            "--v=0",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return proc.stdout, proc.stderr


@pytest.mark.slow
@pytest.mark.parametrize("game", ["forty-factions", "worldspanner", "god-emperor"])
def test_gallery_loads_offline_with_every_picture(kit: Path, tmp_path: Path, game: str) -> None:
    from toolkit.kit.gallery import SECTIONS

    out = kit / "build" / game
    dom, log = _chromium(out / "index.html", tmp_path / "profile")
    m = re.search(r'id="status" data-images="(\d+)" data-broken="(\d+)"', dom)
    assert m, dom[:2000]
    manifest = json.loads((out / "kit" / "manifest.json").read_text())
    shown = [
        e
        for e in manifest["outputs"]
        if e["kind"] in dict(SECTIONS)
        and e["path"].endswith((".pdf", ".svg", ".png"))
        and not (e["kind"] == "board" and e["path"].endswith(".pdf"))
    ]
    # pages without a picture (the coverage page) are linked by name
    assert 'href="kit/coverage.html"' in dom
    assert int(m[1]) == len(shown) > 0
    assert m[2] == "0"
    assert not re.search(r"CONSOLE.*(Uncaught|Error|Failed)", log), log
    assert (out / "companion.html").is_file() and 'href="companion.html"' in dom
    if game != "forty-factions":
        return
    # and a missing picture is noticed
    shutil.copytree(out, tmp_path / "copy")
    victim = next((tmp_path / "copy" / "preview").rglob("*.png"))
    victim.unlink()
    dom, _ = _chromium(tmp_path / "copy" / "index.html", tmp_path / "profile2")
    assert 'data-broken="1"' in dom


def test_print_shop_faces_have_trim_and_bleed_boxes(kit: Path) -> None:
    with pikepdf.open(_out(kit) / "cards" / "factions-faces.pdf") as pdf:
        page = pdf.pages[0].obj
        trim = [float(v) for v in page.TrimBox]
        bleed = [float(v) for v in page.BleedBox]
    assert abs((trim[2] - trim[0]) - 70 * MM) < 0.2 and abs((trim[3] - trim[1]) - 120 * MM) < 0.2
    assert abs((bleed[2] - bleed[0]) - 76 * MM) < 0.2


def _first_word_x(pdf: Path, page: int) -> float:
    out = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return min(float(x) for x in re.findall(r'<word xMin="([\d.]+)"', out))


@pytest.mark.slow
def test_back_offset_shifts_backs_only_and_calibration_sheet(kit: Path, tmp_path: Path) -> None:
    """The plots and the calibration sheet with the backs shifted 2 mm right and 1 mm down,
    against the kit built without an offset."""
    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    proc = toolkit(
        "build",
        "--content",
        "content",
        "--out",
        "shifted",
        "--game",
        "forty-factions",
        "--only",
        "cards/[pd]*-a4.pdf",
        "--back-offset",
        "2,1",
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    plain = kit / "build" / "forty-factions" / "cards" / "plots-a4.pdf"
    shifted = tmp_path / "shifted" / "forty-factions" / "cards" / "plots-a4.pdf"
    assert abs(_first_word_x(plain, 1) - _first_word_x(shifted, 1)) < 0.01  # fronts stay
    assert abs(_first_word_x(shifted, 2) - _first_word_x(plain, 2) - 2 * MM) < 0.05
    calibration = tmp_path / "shifted" / "forty-factions" / "cards" / "duplex-calibration-a4.pdf"
    with pikepdf.open(calibration) as pdf:
        assert len(pdf.pages) == 2
    bad = toolkit("build", "--content", "content", "--back-offset", "x", cwd=tmp_path)
    assert bad.returncode == 2


@pytest.mark.slow
def test_pod_preset_gives_back_then_face_pdfx(tmp_path: Path) -> None:
    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    proc = toolkit(
        "build",
        "--content",
        "content",
        "--out",
        "build",
        "--preset",
        "pod",
        "--only",
        "cards/plots-pod.pdf",
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    pod = tmp_path / "build" / "forty-factions" / "cards" / "plots-pod.pdf"
    plots = _content_docs("plots")
    with pikepdf.open(pod) as pdf:
        assert len(pdf.pages) == 2 * len(plots)
        assert b"PDF/X-4" in pdf.Root.Metadata.read_bytes()  # a PDF/X file, as shops want
        assert str(pdf.trailer.Info.CreationDate).startswith("D:2000")  # no clock in it
        assert all(_close(_size(p), CARD) for p in pdf.pages)
        # what a shop's preflight checks (read independently: tests/pdfcheck.py): the
        # output intent with its CMYK profile, every colour in CMYK or grey, trim and bleed
        # boxes on every page, every font embedded
        entries, icc = output_intent(pdf)
        assert entries["/S"] == "/GTS_PDFX" and entries["/OutputConditionIdentifier"]
        assert icc[16:20] == b"CMYK" and icc[36:40] == b"acsp"
        used = colour_spaces(pdf)
        assert set(used) <= {"/DeviceCMYK", "/DeviceGray"} and used["/DeviceCMYK"], used
        for page in pdf.pages:
            trim, bleed = box(page, "/TrimBox"), box(page, "/BleedBox")
            assert trim and bleed and inside(trim, bleed) and inside(bleed, box(page, "/MediaBox"))
        assert unembedded_fonts(pdf) == []
    text = subprocess.run(
        ["pdftotext", str(pod), "-"], capture_output=True, text=True, check=True
    ).stdout.split("\f")
    assert "FACTIONS" in text[0] and plots[0]["name"].upper() in text[1].upper()
    assert subprocess.run(["qpdf", "--check", str(pod)], capture_output=True).returncode == 0
    assert not (tmp_path / "build" / "forty-factions" / "cards" / "plots-a4.pdf").exists()


@pytest.mark.slow
def test_every_output_key_is_the_same_in_the_next_process() -> None:
    """An output's key (what decides that it is up to date) is the same in any process:
    nothing in it may follow the hash seed (a set's order did, once, for the cards that
    list their placeholder fields, so every build rendered them again)."""
    import os
    import sys

    from tests.support.shipped import ROOT

    code = (
        "import json, sys\nfrom pathlib import Path\nfrom toolkit.commands import api\n"
        "from toolkit.commands.build import BuildOptions\n"
        "from toolkit.commands.output_keys import kit_keys\n"
        "from toolkit.core.diagnostics import Report\nkeys = {}\n"
        "for game in ('forty-factions', 'god-emperor', 'worldspanner'):\n"
        "    pack, content = api.load_game(Path(sys.argv[1]), game, Report())\n"
        "    keys.update(kit_keys(pack.outputs(content, BuildOptions()), BuildOptions(),"
        " 'code'))\nprint(json.dumps(keys))\n"
    )
    runs = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT))
        proc = subprocess.run(
            [sys.executable, "-c", code, str(CONTENT)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append(json.loads(proc.stdout))
    assert len(runs[0]) > 600
    assert [p for p in runs[0] if runs[0][p] != runs[1].get(p)] == []
