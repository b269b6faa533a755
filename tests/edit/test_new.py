"""`toolkit new` (issue 17): a new card for each game's main kind, schema-complete, its
placeholders marked, the other files edited keeping every byte they do not change, and the
game checking clean and building with no other edit."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
import yaml

from tests.support.shipped import copy_content, pdf_text, seeded, shown, toolkit


def _new(content: Path, *args: str):  # type: ignore[no-untyped-def]
    return toolkit("new", *args, "--content", str(content))


def _changes(before: bytes, after: bytes) -> tuple[list[str], list[str]]:
    """The lines of `before` that `after` no longer has, and the lines it has instead."""
    old, new = (b.decode().splitlines(keepends=True) for b in (before, after))
    gone: list[str] = []
    came: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, False).get_opcodes():
        if tag != "equal":
            gone += old[i1:i2]
            came += new[j1:j2]
    return gone, came


def _added_lines(before: bytes, after: bytes) -> list[str]:
    """The lines `after` adds to `before`, insisting that nothing else changed."""
    gone, came = _changes(before, after)
    assert not gone, f"changed lines {gone}"
    return came


def _snapshot(content: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in content.rglob("*") if p.is_file()}


@pytest.mark.parametrize("expansion", ["50F", "SC", "DD", "Promo", "FgF"])
def test_new_faction_checks_clean_in_every_expansion(tmp_path: Path, expansion: str) -> None:
    content = copy_content(tmp_path)
    game = content / "forty-factions" / "game.yaml"
    before = _snapshot(content)
    suit = [] if expansion == "Promo" else ["suit=Staves"]
    proc = _new(
        content,
        "forty-factions",
        "faction",
        "name=The Lamplighters",
        f"expansion={expansion}",
        *suit,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 errors" in proc.stdout
    new = content / "forty-factions" / "factions" / "115-the-lamplighters.yaml"
    data = yaml.safe_load(new.read_text())
    assert data["number"] == 115 and data["expansion"] == expansion
    # the card the number stands for (3.1, 13.1.4): a new suit's King, or the Promo card
    promo = yaml.safe_load(game.read_text())["decks"]["promo_card"]
    assert data["tarot"] == (promo if expansion == "Promo" else "King of Staves")
    # what the rules leave to the designer is listed as a placeholder, nothing else is
    assert set(data["placeholders"]) == {
        "alleyman",
        "politics",
        "category",
        "enemies",
        "locations.0",
    }
    # game.yaml keeps every byte; its range grows (FgF's ends at 114) or one is added, and a
    # new suit is added: nothing else changes
    gone, came = _changes(before[game], game.read_bytes())
    if expansion == "FgF":
        assert [g.replace("114", "115") for g in gone] == [c for c in came if "first: 101" in c]
    else:
        assert not gone
        assert any(f"expansions: [{expansion}], first: 115, last: 115" in c for c in came)
    assert len(came) == (1 if expansion == "Promo" else 2)
    assert (expansion == "Promo") != any("{name: Staves, " in c for c in came)
    changed = {p for p, b in _snapshot(content).items() if before.get(p) != b}
    assert changed == {game, new}


@pytest.mark.slow
def test_new_faction_builds_with_its_placeholders_marked(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    assert (
        _new(
            content,
            "forty-factions",
            "faction",
            "name=The Lamplighters",
            "expansion=FgF",
            "suit=Staves",
        ).returncode
        == 0
    )
    out = tmp_path / "build"
    proc = toolkit(
        "build",
        "--content",
        str(content),
        "--game",
        "forty-factions",
        "--out",
        str(out),
        "--only",
        "sheets/factions/115-*",
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    text = pdf_text(out / "forty-factions" / "sheets" / "factions" / "115-the-lamplighters.pdf")
    assert "The Lamplighters" in text and "King of Staves" in text
    assert "not chosen yet (faction 115)†" in text.replace(" †", "†")  # marked placeholder
    assert "† a placeholder" in text


@pytest.mark.slow
def test_the_next_faction_of_a_new_suit_is_its_queen(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    assert (
        _new(
            content, "forty-factions", "faction", "name=First", "expansion=FgF", "suit=Staves"
        ).returncode
        == 0
    )
    proc = _new(content, "forty-factions", "faction", "name=Second")  # FgF: the last one's
    assert proc.returncode == 0, proc.stdout + proc.stderr
    second = yaml.safe_load(
        next((content / "forty-factions" / "factions").glob("116-*")).read_text()
    )
    assert second["tarot"] == "Queen of Staves" and second["expansion"] == "FgF"
    ranges = yaml.safe_load((content / "forty-factions" / "game.yaml").read_text())["decks"]
    # the rules' FgF range (101-114, 13.1.5) stays as they state it; the designer's is new
    assert {"expansions": ["FgF"], "first": 101, "last": 114} in ranges["faction_numbers"]
    assert {"expansions": ["FgF"], "first": 115, "last": 116} in ranges["faction_numbers"]


def test_a_full_expansion_asks_for_a_new_suit_and_writes_nothing(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    before = _snapshot(content)
    proc = _new(content, "forty-factions", "faction", "name=The Lamplighters", "expansion=FgF")
    assert proc.returncode == 2
    assert "FgF's suits are full (Wands 101-114)" in proc.stderr and "suit=" in proc.stderr
    assert _snapshot(content) == before
    for odd in ("StavesSC", "Staves50F", "staves", "Two Words"):  # cards read "King of X"
        bad = _new(content, "forty-factions", "faction", "name=X", "expansion=FgF", f"suit={odd}")
        assert bad.returncode == 2 and "one capitalised word" in bad.stderr, odd
    assert _snapshot(content) == before


def test_a_base_faction_says_what_the_rules_table_needs(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    proc = _new(
        content, "forty-factions", "faction", "name=Old Guard", "expansion=base", "suit=Shields"
    )
    assert "table of 12.2.1" in proc.stderr and "FF-AREA-COUNT" in proc.stdout
    assert proc.returncode == 1  # written, and the check says what remains


def test_new_plot_starts_a_major_arcana_and_says_what_remains(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    proc = _new(content, "forty-factions", "plot", "name=The Lamplighter")
    plot = yaml.safe_load(next((content / "forty-factions" / "plots").glob("067-*")).read_text())
    assert plot["tarot"] == "I The Magician"  # 3.2: I The Magician first
    assert "21 more plots (68-88)" in proc.stderr
    assert "FF-DECK-MISSING" in proc.stdout and proc.returncode == 1


@pytest.mark.slow
def test_new_hero_is_schema_complete_and_checks_clean(shipped_kit: Path, tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    proc = _new(content, "worldspanner", "hero", "name=Lamp Warden", "faction=smugglers-den")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    hero = yaml.safe_load((content / "worldspanner" / "heroes" / "lamp-warden.yaml").read_text())
    ratings = yaml.safe_load((content / "worldspanner" / "game.yaml").read_text())["ratings"]
    assert set(hero["ratings"]) == {r["id"] for r in ratings}
    assert "faction" not in hero["placeholders"]  # given, so not a placeholder
    assert {f"ratings.{r['id']}" for r in ratings} <= set(hero["placeholders"])
    out = seeded(shipped_kit, tmp_path / "build", "worldspanner")  # a designer's kit
    built = toolkit(
        "build",
        "--content",
        "content",
        "--game",
        "worldspanner",
        "--out",
        "build",
        "--only",
        "cards/heroes-faces.pdf",
        cwd=tmp_path,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    assert "Lamp Warden" in pdf_text(out / "worldspanner" / "cards" / "heroes-faces.pdf")


def test_new_favor_card_is_added_to_the_deck_keeping_every_byte(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    favors = content / "god-emperor" / "favors.yaml"
    before = favors.read_bytes()
    proc = _new(content, "god-emperor", "favor", "name=Night Market", "faction=spice-lords")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (line,) = _added_lines(before, favors.read_bytes())
    assert line.startswith('  - {name: "Night Market", faction: spice-lords,')
    cards = yaml.safe_load(favors.read_text())["cards"]
    assert cards[-1]["name"] == "Night Market" and cards[-1]["copies"] == cards[0]["copies"]
    again = _new(content, "god-emperor", "favor", "name=Night Market")
    assert again.returncode == 2 and "already" in again.stderr


def test_usage_errors_list_the_kinds_and_parameters(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    listed = _new(content, "forty-factions")  # what `toolkit new --help` promises: a listing
    assert listed.returncode == 0 and "Error" not in listed.stdout + listed.stderr
    assert "  faction: the next faction" in listed.stdout and "  plot: " in listed.stdout
    assert "suit=" in listed.stdout
    unknown = _new(content, "forty-factions", "card")
    assert unknown.returncode == 2 and "faction (" in unknown.stderr and "plot (" in unknown.stderr
    wrong = _new(content, "forty-factions", "faction", "name=X", "colour=red")
    assert wrong.returncode == 2 and "not colour=" in wrong.stderr
    nameless = _new(content, "worldspanner", "hero")
    assert nameless.returncode == 2 and "name=" in nameless.stderr
    diff = _new(content, "worldspanner", "hero", "name=Lamp Warden", "--diff")
    assert diff.returncode == 0 and "+name: Lamp Warden" in diff.stdout
    assert not (content / "worldspanner" / "heroes" / "lamp-warden.yaml").exists()


@pytest.mark.slow
def test_new_brings_the_projects_editor_schemas_up_to_date(tmp_path: Path) -> None:
    """The schemas list every card's number for completion (and CI holds them current): a
    project that keeps them beside its content gets them rewritten by `new`, as
    `toolkit schema` would write them; a project without them gets none."""
    import json
    import shutil

    from tests.support.shipped import ROOT

    content = copy_content(tmp_path)
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    proc = _new(content, "forty-factions", "faction", "name=The Lamplighters", "expansion=Promo")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "updated" in proc.stderr and "faction.schema.json" in proc.stderr
    schema = json.loads((tmp_path / "schemas/forty-factions/faction.schema.json").read_text())
    enemies = schema["properties"]["enemies"]["anyOf"][0]["items"]["enum"]
    assert 115 in enemies  # a faction may now name the new one as its enemy
    fresh = tmp_path / "fresh"
    assert toolkit("schema", "--content", str(content), "--out", str(fresh)).returncode == 0
    for path in sorted(fresh.rglob("*.json")):
        assert path.read_text() == (tmp_path / "schemas" / path.relative_to(fresh)).read_text()
    other = copy_content(tmp_path / "bare")
    assert _new(other, "forty-factions", "faction", "name=X", "expansion=Promo").returncode == 0
    assert not (tmp_path / "bare" / "schemas").exists()


@pytest.mark.slow
def test_a_name_a_card_bears_already_is_said(tmp_path: Path) -> None:
    """Two cards of one name read alike at the table: `new` still makes the second (it may
    be meant) and names the file and line of the first."""
    content = copy_content(tmp_path)
    first = _new(content, "forty-factions", "faction", "name=The Lamplighters", "expansion=Promo")
    assert first.returncode == 0 and "named" not in first.stderr
    again = _new(
        content,
        "forty-factions",
        "faction",
        "name=the lamplighters",
        "expansion=FgF",
        "suit=Staves",
    )
    assert again.returncode == 0, again.stdout + again.stderr
    line = next(ln for ln in again.stderr.splitlines() if "already" in ln)
    assert "115-the-lamplighters.yaml:" in line and "'the lamplighters'" in line


def test_new_stopped_by_a_file_it_cannot_write_writes_nothing_and_keeps_modes(
    tmp_path: Path,
) -> None:
    """Case 44: `new` writes the new card and edits game.yaml together: when game.yaml
    cannot be written (`chattr +i`), one line names it (exit 2) and no new card is left.
    Case 45: written afterwards, game.yaml keeps its mode (0640, never 0644)."""
    import os

    from tests.edit.test_rename import _immutable

    content = copy_content(tmp_path)
    game = content / "forty-factions" / "game.yaml"
    os.chmod(game, 0o640)
    before = _snapshot(content)
    args = ("forty-factions", "faction", "name=The Lamplighters", "expansion=Promo")
    if not _immutable(game, True):
        pytest.skip("chattr +i is not possible here")
    try:
        proc = _new(content, *args)
    finally:
        _immutable(game, False)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    (line,) = proc.stderr.splitlines()
    assert line.startswith(
        f"Error: cannot write {shown(game)}: Operation not permitted; the "
        "edit was undone: every file is as it was; "
    )
    assert "chattr -i" in line and "--out" not in line
    assert _snapshot(content) == before
    again = _new(content, *args)
    assert again.returncode == 0, again.stdout + again.stderr
    assert os.stat(game).st_mode & 0o777 == 0o640
    new = content / "forty-factions" / "factions" / "115-the-lamplighters.yaml"
    assert os.stat(new).st_mode & 0o777 == 0o644


def test_a_new_faction_with_a_long_name_checks_clean(tmp_path: Path) -> None:
    """A faction name of 60 letters (the most a name may have): the placeholder location it
    is given fits a location name's 60 letters too, so the new file checks clean."""
    content = copy_content(tmp_path)
    name = "The Most Honourable Guild of Lamplighters and Wick Trimmers"
    assert len(name) == 59
    proc = _new(
        content, "forty-factions", "faction", f"name={name}", "expansion=50F", "suit=Staves"
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 errors" in proc.stdout, proc.stdout
    (new,) = (content / "forty-factions" / "factions").glob("115-*.yaml")
    location = yaml.safe_load(new.read_text())["locations"][0]["name"]
    assert len(location) <= 60 and "Hall" in location
