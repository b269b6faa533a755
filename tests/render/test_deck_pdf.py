"""A deck assembled from its sheets' PDFs (`toolkit.render.deck_pdf`), as a DM and a printer see
it: the same pages as the sheets laid out as one document, pixel for pixel and word for
word, each face embedded once, the outline and links of every sheet kept; and as a
designer sees it: an edit re-renders one sheet, and the deck then is byte for byte the
deck a build from scratch makes."""

from __future__ import annotations

import copy
import io
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageChops

from tests.support.shipped import CONTENT, copy_rules, edit, faction_file, toolkit
from toolkit.commands import api
from toolkit.core.outputs import BuildOptions
from toolkit.render.deck_pdf import assemble
from toolkit.render.session import Session

# sheets of every expansion, long and short, italic notes and none
SAMPLE = ("001-", "004-", "018-", "031-", "046-", "052-", "077-", "088-", "101-")


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[bytes], list[object]]:
    """Sample faction sheets rendered in this process: their PDFs and their layouts."""
    from toolkit.games.forty_factions.outputs.sheets import sheet_layout

    _report, loaded = api.check_games(CONTENT, "forty-factions", strict=False)
    pack, content = loaded[0]
    options = BuildOptions(out=tmp_path_factory.mktemp("unused"), jobs=1)
    chosen = [f"sheets/factions/{start}" for start in SAMPLE]
    outputs = [o for o in pack.outputs(content, options) if o.path.startswith(tuple(chosen))]
    assert len(outputs) == len(SAMPLE)
    session = Session(options=options, content_root=content.root)
    pdfs = [o.render(session) for o in outputs]
    layouts = [sheet_layout(session, o.render.args[0]) for o in outputs]  # type: ignore[attr-defined]
    return pdfs, layouts


def _one_document(layouts: list[object], title: str) -> bytes:
    """The sheets laid out as one WeasyPrint document, as decks were made before."""
    first = layouts[0]
    doc = first.copy([p for d in layouts for p in d.pages])  # type: ignore[attr-defined]
    doc.metadata = copy.copy(doc.metadata)
    doc.metadata.title = title
    return doc.write_pdf()  # type: ignore[no-any-return]


def _pages(pdf: bytes, folder: Path) -> list[Image.Image]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "in.pdf").write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "50", "-png", str(folder / "in.pdf"), str(folder / "p")], check=True
    )
    return [Image.open(p).convert("RGB") for p in sorted(folder.glob("p-*.png"))]


def _text(pdf: bytes, folder: Path) -> str:
    (folder / "t.pdf").write_bytes(pdf)
    return subprocess.run(
        ["pdftotext", "-layout", str(folder / "t.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _faces(pdf: bytes) -> list[str]:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        found = [o for o in doc.objects if isinstance(o, pikepdf.Dictionary)]
        return sorted(str(o.FontName) for o in found if o.get("/Type") == "/FontDescriptor")


@pytest.mark.slow
def test_an_assembled_deck_prints_what_one_document_prints(sheets, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pdfs, layouts = sheets
    deck, pages = assemble(pdfs, "Sample deck")
    reference = _one_document(layouts, "Sample deck")
    assert pages == len(SAMPLE)
    ours, theirs = _pages(deck, tmp_path / "a"), _pages(reference, tmp_path / "b")
    assert len(ours) == len(theirs) == len(SAMPLE)
    for i, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        assert ImageChops.difference(a, b).getbbox() is None, f"page {i + 1} differs"
    assert _text(deck, tmp_path) == _text(reference, tmp_path)  # copy-paste and search
    # and every engine the audit draws with reads it without complaint (a text map that
    # poppler forgave once made MuPDF warn on every page)
    from toolkit.audit.outputs import audit_one

    (tmp_path / "deck.pdf").write_bytes(deck)
    assert audit_one(tmp_path / "deck.pdf") == []
    # each face once, as one document embeds it, and no larger than twice its size
    assert _faces(deck) == _faces(reference)
    assert len(deck) <= 2 * len(reference), (len(deck), len(reference))


def test_the_outline_title_and_links_of_every_sheet_are_kept(sheets) -> None:  # type: ignore[no-untyped-def]
    pdfs, _layouts = sheets
    deck, _pages = assemble(pdfs, "Faction Information Sheets")
    with pikepdf.open(io.BytesIO(deck)) as doc:
        assert str(doc.docinfo.Title) == "Faction Information Sheets"
        assert str(doc.Root.Lang) == "en"
        page_of = {p.obj.objgen: i for i, p in enumerate(doc.pages)}
        with doc.open_outline() as outline:
            marks = [(item.title, page_of[item.destination[0].objgen]) for item in outline.root]
        dests = {
            name: page_of[d[0].objgen] for name, d in pikepdf.NameTree(doc.Root.Names.Dests).items()
        }
    titles = []
    for i, pdf in enumerate(pdfs):
        with pikepdf.open(io.BytesIO(pdf)) as sheet:
            with sheet.open_outline() as own:
                titles += [(item.title, i) for item in own.root]
            for name in pikepdf.NameTree(sheet.Root.Names.Dests):
                assert dests[name] == i, name  # a field's anchor leads to its own sheet's page
    assert marks == titles and len(marks) == len(SAMPLE)


def test_fonts_it_cannot_vouch_for_stay_as_each_sheet_embedded_them(  # type: ignore[no-untyped-def]
    sheets, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A face that is not one of the shipped font files is never re-cut from them: the deck
    then embeds each sheet's own copy (larger) and still prints the same."""
    from toolkit.render import deck_pdf

    pdfs, _layouts = sheets
    merged, _n = assemble(pdfs, "t")
    monkeypatch.setattr(deck_pdf, "FONTS", tmp_path / "no-fonts")
    deck_pdf._shipped.cache_clear()
    try:
        kept, _n = assemble(pdfs, "t")
    finally:
        deck_pdf._shipped.cache_clear()
    assert len(_faces(kept)) == len(_faces(merged)) * len(SAMPLE)
    for a, b in zip(_pages(kept, tmp_path / "k"), _pages(merged, tmp_path / "m"), strict=True):
        assert ImageChops.difference(a, b).getbbox() is None


@pytest.mark.slow
def test_without_harfbuzz_fonttools_cuts_the_same_glyphs(  # type: ignore[no-untyped-def]
    sheets, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolkit.render import font_subset

    pdfs, _layouts = sheets
    with_hb, _n = assemble(pdfs, "t")
    monkeypatch.setattr(font_subset, "_harfbuzz", lambda: None)
    with_ft, _n = assemble(pdfs, "t")
    assert _faces(with_ft) == _faces(with_hb)
    for a, b in zip(_pages(with_ft, tmp_path / "f"), _pages(with_hb, tmp_path / "h"), strict=True):
        assert ImageChops.difference(a, b).getbbox() is None
    assert _text(with_ft, tmp_path) == _text(with_hb, tmp_path)


@pytest.mark.slow
def test_an_edit_reassembles_the_deck_as_a_build_from_scratch_would(
    shipped_kit: Path, tmp_path: Path
) -> None:
    """Edit a faction's note: its sheet and the deck are rebuilt, the deck shows the edit
    on that faction's page alone; undo it: the deck is again byte for byte the one the full
    build made from scratch."""
    root = tmp_path / "k"
    shutil.copytree(shipped_kit / "content", root / "content")
    copy_rules(root)
    shutil.copytree(shipped_kit / "build", root / "build")
    out = root / "build" / "forty-factions" / "sheets"
    scratch = (out / "factions.pdf").read_bytes()
    faction = faction_file(root / "content", 18)
    text = faction.read_text(encoding="utf-8")
    edit(faction, "from another player's hand", "from another player's hand, Anew")
    build = ("build", "--content", "content", "--out", "build", "--only", "sheets/factions.pdf")
    proc = toolkit(*build, cwd=root)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "2 built" in proc.stdout  # the faction's sheet and the deck, nothing else
    with pikepdf.open(out / "factions.pdf") as deck:
        page_of = {p.obj.objgen: i for i, p in enumerate(deck.pages)}
        with deck.open_outline() as outline:
            index = next(
                page_of[m.destination[0].objgen]
                for m in outline.root
                if m.title == "Thieves' Guild of Tehmor"
            )
    pages = subprocess.run(
        ["pdftotext", str(out / "factions.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout.split("\f")
    assert [i for i, p in enumerate(pages) if "Anew" in p] == [index]
    assert (out / "factions.pdf").read_bytes() != scratch
    faction.write_text(text, encoding="utf-8")
    proc = toolkit(*build, cwd=root)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (out / "factions.pdf").read_bytes() == scratch
