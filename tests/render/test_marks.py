"""Placeholder values carry their mark on every game's cards, not only on Forty Factions'
sheets: a Worldspanner hero whose file lists its health, ratings and special ability as
placeholders shows a dagger on each and a legend on the card; a God Emperor favor card
that is a sample does too; a --final kit prints neither."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from tests.support.shipped import CONTENT, copy_rules, pdf_text, toolkit
from toolkit.core.marks import DAGGER, SHORT_LEGEND


def _build(tmp_path: Path, game: str, only: str, *args: str) -> Path:
    out = tmp_path / ("final" if args else "normal")
    proc = toolkit(
        "build",
        "--content",
        "content",
        "--out",
        str(out),
        "--game",
        game,
        "--only",
        only,
        *args,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out / game / only


def _first_page(pdf: Path) -> str:
    return pdf_text(pdf).split("\f")[0]


@pytest.mark.slow
def test_a_hero_card_marks_each_placeholder_value_and_not_when_final(
    shipped_kit: Path, tmp_path: Path
) -> None:
    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    # the first hero card as the run's kit prints it (by default): the first hero file
    # shown, by name
    normal = shipped_kit / "build" / "worldspanner" / "cards" / "heroes-faces.pdf"
    text = _first_page(normal)
    files = sorted((CONTENT / "worldspanner" / "heroes").glob("*.yaml"))
    path, hero = next((p, h) for p in files if (h := yaml.safe_load(p.read_text()))["name"] in text)
    held = set(hero.get("placeholders", []))
    ratings = [k for k in held if k.startswith("ratings.")]
    assert "health" in held and ratings  # the sample hero's file says so
    # a dagger on each rating marked, on the health, and the legend once
    assert text.count(DAGGER) >= len(ratings) + 2, text
    assert text.count(SHORT_LEGEND.removeprefix(DAGGER).strip()) == 1
    assert re.search(rf"\b{hero['health']}\s*{DAGGER}", text), text
    # the same card alone in a --final kit
    alone = f"cards/heroes/*-{path.stem}.pdf"  # numbered in the deck's order
    final = _build(tmp_path, "worldspanner", alone, "--final")
    (card,) = final.parent.glob(final.name)
    plain = _first_page(card)
    assert hero["name"] in plain and DAGGER not in plain and "placeholder" not in plain


@pytest.mark.slow
def test_a_sample_favor_card_is_marked_and_not_when_final(tmp_path: Path) -> None:
    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    favors = yaml.safe_load((CONTENT / "god-emperor" / "favors.yaml").read_text())
    assert "cards" in favors.get("placeholders", [])  # every favor card is a sample
    normal = _first_page(_build(tmp_path, "god-emperor", "cards/favors-faces.pdf"))
    final = _first_page(_build(tmp_path, "god-emperor", "cards/favors-faces.pdf", "--final"))
    assert f"{favors['cards'][0]['name']}{DAGGER}".replace(" ", "") in normal.replace(" ", "")
    assert SHORT_LEGEND.removeprefix(DAGGER).strip() in normal
    assert DAGGER not in final and "placeholder" not in final


@pytest.mark.slow
def test_a_new_factions_card_marks_its_placeholder_alleyman_card(tmp_path: Path) -> None:
    """`toolkit new` leaves the Alleyman's card a placeholder: the new faction's card marks
    it and says what the mark means; a --final kit's card does not."""
    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    made = toolkit(
        "new",
        "forty-factions",
        "faction",
        "name=The Lamplighters",
        "expansion=Promo",
        "--content",
        "content",
        cwd=tmp_path,
    )
    assert made.returncode == 0, made.stdout + made.stderr
    (new,) = (tmp_path / "content/forty-factions/factions").glob("*-the-lamplighters.yaml")
    assert "alleyman" in yaml.safe_load(new.read_text())["placeholders"]
    card = f"cards/factions/{new.stem}.pdf"
    normal = _first_page(_build(tmp_path, "forty-factions", card))
    final = _first_page(_build(tmp_path, "forty-factions", card, "--final"))
    assert re.search(rf"Alleyman.s Tarot: .*{DAGGER}", normal), normal
    assert SHORT_LEGEND.removeprefix(DAGGER).strip() in normal
    assert DAGGER not in final and "placeholder" not in final
