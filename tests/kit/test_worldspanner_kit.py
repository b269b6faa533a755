"""The Worldspanner kit and its set-up generator, on the shipped content.

The generator is checked across many seeds (Hypothesis) against every rule the
rulebook states for building a map; the kit is built once and read back as a
user would check it: page sizes, names on the cards, every design's sheet.
"""

from __future__ import annotations

import math
import re
import subprocess
from collections import Counter
from pathlib import Path

import pikepdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.printguide import check_bill, check_gallery
from tests.support.shipped import CONTENT, pdf_text, toolkit
from toolkit.games.worldspanner import KINDS
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.setup import SetupError, generate
from toolkit.model.content import load_content

MM = 72 / 25.4


def _index() -> Index:
    content, diags = load_content("worldspanner", CONTENT / "worldspanner", KINDS)
    assert not diags
    ix = Index.build(content)
    assert ix is not None
    return ix


IX = _index()
GAME = IX.game
DESIGNS = [d.id for d in GAME.designs]


@settings(max_examples=300, deadline=None)
@given(design=st.sampled_from(DESIGNS), seed=st.integers(0, 2**63), data=st.data())
def test_setup_honours_the_rulebook(design: str, seed: int, data: st.DataObject) -> None:
    d = next(x for x in GAME.designs if x.id == design)
    heroes = data.draw(st.integers(d.heroes[0], d.heroes[1]))
    s = generate(GAME, design, seed, heroes=heroes)
    # one key in every slot, no key twice, the design's count of each kind (p. 3-4)
    assert [p.slot.id for p in s.keys] == [slot.id for slot in d.layout]
    assert len({p.key.id for p in s.keys}) == len(s.keys)
    kinds = Counter(p.key.kind for p in s.keys)
    assert (
        kinds
        == Counter(
            {
                "faction": d.faction_keys,
                "dome": d.dome_keys,
                "lith": d.lith_keys,
                "vista": d.vista_keys,
            }
        )
        - Counter()
    )
    # pieces come from the sets the design needs
    sets = set(d.sets)
    factions = {f.id for f in GAME.factions if f.set in sets}
    assert {p.key.id for p in s.keys if p.key.kind == "faction"} <= factions
    platters = [name for _, name in s.platters]
    assert len(platters) == d.platters == len(set(platters))
    assert set(platters) <= {p.name for p in GAME.pieces.platters if p.set in sets}
    assert all(0 <= p.rotation < GAME.pieces.rotations for p in s.keys)
    # split maps: every section has an adventure key and a Dome key (p. 4)
    for section in range(1, d.sections + 1):
        here = [p.key for p in s.keys if p.slot.section == section]
        assert any(k.adventure for k in here) and any(k.kind == "dome" for k in here)
    # teams: dealt = heroes + 6, a third (rounded up) per Reinforce until all are in (p. 3, 7)
    assert s.dealt == heroes + 6
    assert sum(s.entry) == heroes and s.entry[0] == math.ceil(heroes / 3)
    assert s.rounds == 10
    assert generate(GAME, design, seed, heroes=heroes) == s  # same seed, same set-up


def test_different_seeds_give_different_maps() -> None:
    maps = {tuple(p.key.id for p in generate(GAME, "quad", seed).keys) for seed in range(20)}
    assert len(maps) > 15


def test_setup_refuses_what_the_rulebook_does_not_allow() -> None:
    with pytest.raises(SetupError, match="10-12 heroes"):
        generate(GAME, "quad", 1, heroes=8)
    with pytest.raises(SetupError, match="designs: standard"):
        generate(GAME, "hexagon", 1)
    with pytest.raises(SetupError, match="lengths: intro"):
        generate(GAME, "standard", 1, length="marathon")
    assert generate(GAME, "standard", 1, length="expert").rounds == 12


@pytest.mark.slow
def test_setup_command_writes_the_same_sheet_for_the_same_seed(tmp_path: Path) -> None:
    svgs = []
    for run in ("a", "b"):
        proc = toolkit(
            "setup",
            "worldspanner",
            "--design",
            "quad",
            "--seed",
            "42",
            "--out",
            str(tmp_path / run),
        )
        assert proc.returncode == 0, proc.stderr
        assert "Quad map, seed 42: 10 heroes per team, deal 16 each" in proc.stdout
        svgs.append((tmp_path / run / "worldspanner/setup/quad-seed-42.svg").read_bytes())
        assert (tmp_path / run / "worldspanner/setup/quad-seed-42.pdf").stat().st_size > 0
    assert svgs[0] == svgs[1]
    svg = svgs[0].decode()
    keys = re.findall(r'class="space key" data-slot="(\w+)" data-key="([\w-]+)"', svg)
    quad = next(d for d in GAME.designs if d.id == "quad")
    assert len(keys) == len(quad.layout) and len({k for _, k in keys}) == len(keys)
    subprocess.run(["xmllint", "--noout", "--nonet", "-"], input=svgs[0], check=True)
    other = toolkit(
        "setup", "worldspanner", "--design", "quad", "--seed", "43", "--out", str(tmp_path / "a")
    )
    assert (tmp_path / "a/worldspanner/setup/quad-seed-43.svg").read_bytes() != svgs[0]
    assert other.returncode == 0


def test_setup_command_reports_a_bad_design() -> None:
    proc = toolkit(
        "setup",
        "worldspanner",
        "--design",
        "hexagon",
        "--seed",
        "1",
        "--out",
        "/nonexistent-never-written",
    )
    assert proc.returncode == 2
    assert "quad-split" in proc.stderr


@pytest.fixture
def kit(shipped_kit: Path) -> Path:
    """The worldspanner kit of the run's shared build (read only)."""
    return shipped_kit / "build" / "worldspanner"


def test_hero_cards_are_poker_size_with_every_hero(kit: Path) -> None:
    faces = kit / "cards/heroes-faces.pdf"
    with pikepdf.open(faces) as pdf:
        assert len(pdf.pages) == len(IX.heroes)
        for page in pdf.pages:
            trim = [float(v) for v in page.trimbox]
            bleed = [float(v) for v in page.bleedbox]
            assert trim[2] - trim[0] == pytest.approx(63.5 * MM, abs=0.2)
            assert trim[3] - trim[1] == pytest.approx(88 * MM, abs=0.2)
            assert bleed[2] - bleed[0] == pytest.approx(69.5 * MM, abs=0.2)
    text = pdf_text(faces)
    for h in IX.heroes:
        assert h.name.upper() in text.upper()
        assert IX.faction_name(h.faction) in text
    with pikepdf.open(kit / "cards/heroes-a4.pdf") as pdf:  # 9-up, fronts then backs
        assert len(pdf.pages) == 2 * math.ceil(len(IX.heroes) / 9)


def test_player_aid_names_every_rating(kit: Path) -> None:
    text = pdf_text(kit / "cards/player-aid-faces.pdf")
    first = text.split("\f")[0]
    for r in GAME.ratings:
        assert r.name in first and r.symbol in first
    with pikepdf.open(kit / "cards/player-aid-faces.pdf") as pdf:
        assert len(pdf.pages) == 6  # the component table's player aid cards


def test_decks_come_from_content(kit: Path) -> None:
    for deck in IX.challenges:
        with pikepdf.open(kit / f"cards/challenge-{deck.team}-faces.pdf") as pdf:
            assert len(pdf.pages) == len(deck.cards)
    quests = pdf_text(kit / "cards/quests-faces.pdf")
    for q in IX.quests:
        for c in q.cards:
            assert c.name.upper() in quests.upper()


def test_reference_and_setup_sheets(kit: Path) -> None:
    ref = pdf_text(kit / "reference/vista-keys.pdf")
    for v in GAME.pieces.vista_keys:
        assert v.name in ref and v.effect.split()[-1] in ref
    for d in GAME.designs:
        assert (kit / f"setup/{d.id}-seed-1.svg").exists()
        with pikepdf.open(kit / f"setup/{d.id}-seed-1.pdf") as pdf:
            box = [float(v) for v in pdf.pages[0].mediabox]
            assert box[2] == pytest.approx(210 * MM, abs=0.5)
    guide = (kit / "kit/PRINT.md").read_text()
    assert all(
        f"`{p.relative_to(kit)}`" in guide
        for p in kit.rglob("*.pdf")
        if p.parent.parent.name != "cards"
    )  # each card alone is not to print
    balance = (kit / "kit/balance.md").read_text()
    for h in IX.heroes:
        assert f"| {h.name} |" in balance


def test_gallery_has_a_coverage_page_that_agrees_with_check(kit: Path) -> None:
    page = (kit / "kit" / "coverage.html").read_text(encoding="utf-8")
    index = (kit / "index.html").read_text(encoding="utf-8")
    assert 'href="kit/coverage.html"' in index and "What is left to write" in index
    shown = int(re.search(r'data-placeholders="(\d+)"', page)[1])
    check = toolkit("check", "--game", "worldspanner").stdout
    assert f"; {shown} values are still placeholders" in check
    assert "heroes/madame-aurelie.yaml" in page and "ratings.speed" in page


def test_adding_worldspanner_left_forty_factions_alone() -> None:
    proc = toolkit("check", "--game", "forty-factions")
    assert proc.returncode == 0
    assert "187 files checked, 0 errors" in proc.stdout + proc.stderr


def test_print_guide_bill_of_materials_and_gallery(kit: Path) -> None:
    rows = check_bill(kit)
    paths = {r[1] for r in rows}
    assert "cards/elite-a4.pdf" in paths and "counters/counters-a4.pdf" in paths
    # the treasure decks as the component table counts them, 9-up, fronts and backs
    elite = next(r for r in rows if r[1] == "cards/elite-a4.pdf")
    assert elite[2] == 2 * math.ceil(sum(IX.component("elite-card")) / 9)
    check_gallery(
        kit,
        {
            "Elite Card": ["cards/elite-*"],
            "Hero Card": ["cards/heroes-*"],
            "Set-up sheet": ["setup/*"],
        },
    )
