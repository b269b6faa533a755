"""`toolkit build --draft`: a kit built while rule errors remain, stamped where they touch it
(issue 17); the normal build still refuses and both exit 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.shipped import copy_content, edit, faction_file, pdf_text, toolkit


def _build(root: Path, *args: str) -> tuple[int, str]:
    proc = toolkit(
        "build",
        "--content",
        "content",
        "--game",
        "forty-factions",
        "--out",
        "out",
        "--only",
        "sheets/factions/04[56]*",
        *args,
        cwd=root,
    )
    return proc.returncode, proc.stdout + proc.stderr


@pytest.mark.slow
def test_a_draft_is_stamped_with_its_codes_and_lists_every_error(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    beggars = faction_file(content, 46)
    edit(beggars, "politics: liberal", "politics: conservative")
    sheets = tmp_path / "out" / "forty-factions" / "sheets" / "factions"
    code, out = _build(tmp_path)
    assert code == 1 and "--draft" in out and not sheets.exists()
    code, out = _build(tmp_path, "--draft")
    assert code == 1, out  # CI still fails on a draft
    [sheet] = sheets.glob("046-*.pdf")
    assert "DRAFT" in pdf_text(sheet) and "FF-COUNCIL-SEATS" in pdf_text(sheet)
    cover = pdf_text(tmp_path / "out" / "forty-factions" / "kit" / "draft.pdf")
    errors = [ln for ln in out.splitlines() if ": error[" in ln]
    assert errors and all(e.split(": error[")[0].split("/")[-1] in cover for e in errors)
    # fixed: the next build renders the sheet again, unstamped, and the list goes
    edit(beggars, "politics: conservative", "politics: liberal")
    code, out = _build(tmp_path)
    assert code == 0, out
    assert "DRAFT" not in pdf_text(sheet)
    assert not (tmp_path / "out" / "forty-factions" / "kit" / "draft.pdf").exists()


def test_a_draft_needs_every_file_to_load(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    edit(faction_file(content, 46), "politics: liberal", "politics: [liberal")
    code, out = _build(tmp_path, "--draft")
    assert code == 1 and "a draft needs every file to load" in out


def test_a_deck_shows_the_band_on_the_pages_of_the_sheets_it_touches(
    shipped_kit: Path, tmp_path: Path
) -> None:
    """One file's error stamps its own sheet, and in the deck assembled from the sheets its
    page alone: the deck is not stamped as a whole (the kit as shipped is the starting
    point, so only that sheet and the deck are made again)."""
    import shutil

    content = copy_content(tmp_path)
    shutil.copytree(shipped_kit / "build" / "forty-factions", tmp_path / "out" / "forty-factions")
    edit(faction_file(content, 46), "  - category\n", "  - category\n  - locations.5\n")
    proc = toolkit(
        "build",
        "--content",
        "content",
        "--game",
        "forty-factions",
        "--out",
        "out",
        "--only",
        "sheets/factions.pdf",
        "--draft",
        cwd=tmp_path,
    )
    assert proc.returncode == 1 and "PLACEHOLDER" in proc.stdout, proc.stdout + proc.stderr
    pages = pdf_text(tmp_path / "out/forty-factions/sheets/factions.pdf").split("\f")
    stamped = [i for i, page in enumerate(pages) if "DRAFT" in page]
    beggars = [i for i, page in enumerate(pages) if "Associated Guilds of Beggars" in page[:200]]
    assert len(stamped) == 1 and stamped == beggars[:1], (stamped, beggars)


@pytest.mark.slow
def test_a_moved_seat_stamps_the_sheets_of_the_party_it_names(
    shipped_kit: Path, tmp_path: Path
) -> None:
    """Faction 46 moved from the Liberals to the Conservatives: the seat count is reported
    at every Conservative faction's `politics` (one of them changed) and at game.yaml; the
    draft stamps those factions' sheets, not all 114 because game.yaml is behind them all."""
    import re
    import shutil

    import yaml

    content = copy_content(tmp_path)
    shutil.copytree(shipped_kit / "build" / "forty-factions", tmp_path / "out" / "forty-factions")
    edit(faction_file(content, 46), "politics: liberal", "politics: conservative")
    proc = toolkit(
        "build",
        "--content",
        "content",
        "--game",
        "forty-factions",
        "--out",
        "out",
        "--only",
        "sheets/factions.pdf",
        "--draft",
        cwd=tmp_path,
    )
    assert proc.returncode == 1 and "FF-COUNCIL-SEATS" in proc.stdout, proc.stdout
    named = {
        int(m)
        for m in re.findall(r"factions/(\d+)-[^:]*:\d+:\d+: error\[FF-COUNCIL-SEATS", proc.stdout)
    }
    conservative, names = set(), {}
    for f in (content / "forty-factions" / "factions").glob("*.yaml"):
        doc = yaml.safe_load(f.read_text())
        names[doc["number"]] = doc["name"]
        if (
            doc.get("politics") == "conservative"
            and doc.get("expansion") == "base"
            and (doc.get("seats") or {}).get("council")
        ):
            conservative.add(doc["number"])
    assert 46 in named and named <= conservative and len(named) >= 8  # the party's factions
    pages = pdf_text(tmp_path / "out/forty-factions/sheets/factions.pdf").split("\f")
    stamped = [page for page in pages if "DRAFT" in page]
    assert len(stamped) == len(named), len(stamped)  # not 114: game.yaml is behind them all
    for n in named:
        assert any(names[n] in " ".join(page.split())[:400] for page in stamped), names[n]


@pytest.mark.slow
def test_a_hero_naming_no_faction_is_one_error_and_its_own_stamped_card(tmp_path: Path) -> None:
    """A hero's faction mistyped is told once (not again as a deck one hero short), and a
    draft prints that hero's card with the id as typed, in its deck, banded alone."""
    content = copy_content(tmp_path)
    edit(
        content / "worldspanner/heroes/blackbeard.yaml",
        "faction: smugglers-den",
        "faction: smugglers-dne",
    )
    proc = toolkit(
        "build",
        "--content",
        "content",
        "--out",
        "out",
        "--only",
        "cards/heroes-faces.pdf",
        "--draft",
        cwd=tmp_path,
    )
    errors = [ln for ln in proc.stdout.splitlines() if ": error[" in ln]
    assert proc.returncode == 1 and len(errors) == 1, proc.stdout + proc.stderr
    assert "blackbeard.yaml:" in errors[0] and "error[WS-REF]" in errors[0]
    assert errors[0].endswith("; did you mean 'smugglers-den'?")
    pages = pdf_text(tmp_path / "out/worldspanner/cards/heroes-faces.pdf").split("\f")
    heroes = list((content / "worldspanner/heroes").glob("*.yaml"))
    assert len([p for p in pages if p.strip()]) == len(heroes)
    stamped = [page for page in pages if "DRAFT" in page]
    assert len(stamped) == 1 and "Blackbeard" in stamped[0] and "smugglers-dne" in stamped[0]
    # the games without an error of their own are built as they would be: no draft list
    assert (tmp_path / "out/worldspanner/kit/draft.pdf").exists()
    for clean in ("forty-factions", "god-emperor"):
        assert not (tmp_path / "out" / clean / "kit/draft.pdf").exists()
