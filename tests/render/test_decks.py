"""Decks as a DM prints them: `--backs uniform|expansion` on every card file, and the number
of decks (and copies) the content asks for in every card file, Tabletop Simulator sheet and
page count."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pikepdf
import pytest
import yaml

from tests.support.shipped import CONTENT, copy_content, edit, pdf_text, seeded, toolkit
from toolkit.core.outputs import BuildOptions
from toolkit.games import load_pack
from toolkit.model.content import load_content

FF_CODES = ("50F", "SC", "DD", "FgF", "Fifty Factions", "Base Game", "BASE")


def _outputs(game: str, content: Path = CONTENT, **options: object) -> dict:
    pack = load_pack(game)
    cs, _ = load_content(game, content / game, pack.kinds)
    return {o.path: o for o in pack.outputs(cs, BuildOptions(**options))}


def _plots() -> list[dict]:
    return [
        yaml.safe_load(p.read_text())
        for p in sorted((CONTENT / "forty-factions" / "plots").glob("*.yaml"))
    ]


@pytest.mark.slow
@pytest.mark.parametrize("backs", ["uniform", "expansion"])
def test_forty_factions_backs_name_the_expansion_only_when_asked(
    shipped_kit: Path, tmp_path: Path, backs: str
) -> None:
    seeded(shipped_kit, tmp_path, "forty-factions")
    proc = toolkit(
        "build",
        "--game",
        "forty-factions",
        "--only",
        "cards/plots-a4.pdf",
        "--backs",
        backs,
        "--out",
        str(tmp_path),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    pages = pdf_text(tmp_path / "forty-factions" / "cards" / "plots-a4.pdf").split("\f")
    plots = _plots()
    for k in range(0, len(plots), 4):  # a fronts page, then its backs page
        fronts, behind = pages[k // 2], pages[k // 2 + 1]
        codes = {("BASE" if p["expansion"] == "base" else p["expansion"]) for p in plots[k : k + 4]}
        assert all(c in fronts for c in codes)  # the faces always say it (13.2.1.1)
        assert behind.count("PLOT") >= len(plots[k : k + 4])
        if backs == "uniform":  # nothing on a back tells an expansion card (13.2.1.2)
            assert not any(c in behind for c in FF_CODES), behind
        else:
            assert all(c in behind for c in codes), (codes, behind)
    with pikepdf.open(tmp_path / "forty-factions" / "cards" / "plots-a4.pdf") as pdf:
        assert len(pdf.pages) == 2 * math.ceil(len(plots) / 4)


@pytest.mark.slow
def test_worldspanner_hero_backs_carry_their_set_only_when_asked(
    shipped_kit: Path, tmp_path: Path
) -> None:
    """With `--backs expansion` each hero's back names its set; the kit as built by default
    (`--backs uniform`) names none."""
    seeded(shipped_kit, tmp_path / "expansion", "worldspanner")
    proc = toolkit(
        "build",
        "--game",
        "worldspanner",
        "--only",
        "cards/heroes-a4.pdf",
        "--backs",
        "expansion",
        "--out",
        str(tmp_path / "expansion"),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    sets = {
        yaml.safe_load(h.read_text())["set"]
        for h in (CONTENT / "worldspanner" / "heroes").glob("*.yaml")
    }
    # the backs pages: every second page
    plain = " ".join(
        pdf_text(shipped_kit / "build/worldspanner/cards/heroes-a4.pdf").split("\f")[1::2]
    )
    coded = " ".join(
        pdf_text(tmp_path / "expansion/worldspanner/cards/heroes-a4.pdf").split("\f")[1::2]
    )
    assert "SET" not in plain.replace(" ", "").upper()
    for n in sets:
        assert f"SET {n}" in coded or f"S E T {n}" in coded, coded


def test_backs_and_tts_sheets_follow_the_backs_option() -> None:
    uniform = _outputs("forty-factions")
    coded = _outputs("forty-factions", backs="expansion")
    assert len(uniform["cards/backs.pdf"].render.args[1]) == 2  # a Faction and a Plot back
    expansions = {(b.kind, b.expansion) for b in coded["cards/backs.pdf"].render.args[1]}
    assert ("plot", "FgF") in expansions and ("faction", "SC") in expansions
    # a TTS sheet has one hidden back: with expansion backs, one expansion a sheet
    for path, o in coded.items():
        if re.fullmatch(r"tts/\w+-\d+\.png", path):  # a deck sheet (not its back or JSON)
            pages, back, _path = o.render.args  # the cards' own pages, as the kit prints them
            cards = [coded[page].render.args[1] for page in pages]
            assert {c.expansion for c in cards} == {back.expansion}, path
    assert sum(1 for p in coded if p.startswith("tts/")) > sum(
        1 for p in uniform if p.startswith("tts/")
    )


@pytest.mark.slow
def test_every_forty_factions_card_file_prints_each_deck_the_content_asks_for(
    shipped_kit: Path, tmp_path: Path
) -> None:
    content = copy_content(tmp_path)
    edit(
        content / "forty-factions" / "components.yaml",
        'kind: deck, source: "3", count: 1,',
        'kind: deck, source: "3", count: 2,',
    )
    one, two = _outputs("forty-factions"), _outputs("forty-factions", content)
    for path in (
        "cards/factions-faces.pdf",
        "cards/plots-faces.pdf",
        "cards/factions-a4.pdf",
        "cards/plots-a4.pdf",
    ):
        assert len(two[path].render.args[1]) == 2 * len(one[path].render.args[1]), path
    pod = _outputs("forty-factions", content, preset="pod")
    assert len(pod["cards/plots-pod.pdf"].render.args[1]) == 2 * len(_plots())
    tts = [o for p, o in two.items() if re.fullmatch(r"tts/factions-\d+\.png", p)]
    assert sum(len(o.render.args[0]) for o in tts) == 2 * 114
    # the page count a DM prints: two decks of 66 Plots, 4-up, fronts and backs
    seeded(shipped_kit, tmp_path / "out", "forty-factions")
    proc = toolkit(
        "build",
        "--content",
        str(content),
        "--game",
        "forty-factions",
        "--only",
        "cards/plots-a4.pdf",
        "--out",
        str(tmp_path / "out"),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    with pikepdf.open(tmp_path / "out/forty-factions/cards/plots-a4.pdf") as pdf:
        assert len(pdf.pages) == 2 * math.ceil(2 * len(_plots()) / 4)
