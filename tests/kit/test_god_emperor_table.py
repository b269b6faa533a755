"""God Emperor at the table (issue 35): what a Control team sees when it prints the kit and
sets the game up. A minion back per House, blank badges with spares for Funerals and rank
boxes that can change, War Orders four to a page on A4 and Letter, a set-up checklist
computed from the content, and Master Minions marked as the placeholder they are.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
import yaml

from tests.support.printguide import ROW, check_bill
from tests.support.shipped import CONTENT, copy_rules, edit, pdf_text, toolkit
from toolkit.games.god_emperor.models import SPARES

GE = CONTENT / "god-emperor"
GAME = yaml.safe_load((GE / "game.yaml").read_text())
CAST = yaml.safe_load((GE / "cast.yaml").read_text())
COURT = yaml.safe_load((GE / "court.yaml").read_text())
UG = yaml.safe_load((GE / "underground.yaml").read_text())
HOUSES = [h["name"] for h in GAME["houses"]]


def _build(out: Path, *args: str, content: Path = CONTENT) -> Path:
    """Build the kit (a --draft of content that breaks the rules exits 1, built)."""
    proc = toolkit(
        "build", "--content", str(content), "--game", "god-emperor", "--out", str(out), *args
    )
    assert proc.returncode == (1 if "--draft" in args else 0), proc.stdout + proc.stderr
    return out / "god-emperor"


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped God Emperor kit on A4 (read only)."""
    return _build(tmp_path_factory.mktemp("ge-table"))


def _pages(pdf: Path) -> list[str]:
    return pdf_text(pdf).split("\f")[: _count(pdf)]


def _count(pdf: Path) -> int:
    with pikepdf.open(pdf) as doc:
        return len(doc.pages)


def _copy(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(GE, content / "god-emperor")
    copy_rules(tmp_path)
    return content


# ------------------------------------------------------------------ a minion back per House


@pytest.mark.slow
def test_each_house_has_its_own_minion_back(kit: Path) -> None:
    backs = _pages(kit / "cards/backs.pdf")
    minion = [p for p in backs if "MINION" in p.upper()]
    named = [h for h in HOUSES for p in minion if f"HOUSE {h.upper()}" in p.upper()]
    assert sorted(named) == sorted(HOUSES)  # one back per House, each once
    assert len(backs) == len(HOUSES) + 2  # and the Scheme and Favor backs


def test_minion_sheets_put_each_card_on_its_house_back(kit: Path) -> None:
    """On the n-up sheet every fronts page is followed by its backs page: the Houses whose
    minions a fronts page holds are the Houses whose backs the next page prints."""
    pages = _pages(kit / "cards/minions-a4.pdf")
    assert len(pages) % 2 == 0
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        faces = {h for h in HOUSES if f"HOUSE {h.upper()}" in front.upper()}  # its band
        backs = {h for h in HOUSES if f"HOUSE {h.upper()}" in back.upper()}
        assert faces and faces == backs, (front[:80], back[:80])


@pytest.mark.slow
def test_print_shop_file_pairs_each_minion_with_its_house_back(tmp_path: Path) -> None:
    kit = _build(tmp_path, "--preset", "pod", "--only", "cards/minions*")
    pages = _pages(kit / "cards/minions-pod.pdf")
    pairs = list(zip(pages[::2], pages[1::2], strict=True))  # each card's back, then its face
    assert len(pairs) == _count(kit / "cards/minions-faces.pdf")
    for back, face in pairs:
        assert [h for h in HOUSES if f"HOUSE {h.upper()}" in back.upper()] == [
            h
            for h in HOUSES
            if f"HOUSE {h.upper()}" in face.upper()  # the face's band
        ]


# ------------------------------------------------------------------ badges and status strips


def test_sample_cast_prints_blank_badges_and_funeral_spares(kit: Path) -> None:
    players = CAST["players"]
    assert "players" in CAST["placeholders"]  # the shipped cast is a sample
    spares = CAST.get("spares", SPARES) * len(HOUSES)
    badges = pdf_text(kit / "badges/badges-a4.pdf")
    assert not any(p["name"] in badges for p in players)  # no invented name printed
    assert badges.count("Name") == len(players) + spares  # a line to write each in
    assert badges.upper().count("FUNERAL SPARE") == spares
    assert _count(kit / "badges/badges-a4.pdf") == math.ceil((len(players) + spares) / 10)
    for h in HOUSES:
        assert badges.upper().count(f"HOUSE {h.upper()}") == (
            sum(p["house"] == h.lower() for p in players) + spares // len(HOUSES)
        )
    strips = pdf_text(kit / "badges/status-strips-a4.pdf")
    assert strips.count("Wounds") == len(players) + spares
    rows = {r[1]: r for r in check_bill(kit)}
    assert rows["badges/badges-a4.pdf"][2] == _count(kit / "badges/badges-a4.pdf")


def test_a_given_cast_prints_its_names_and_spares_stay_blank(tmp_path: Path) -> None:
    content = _copy(tmp_path)
    (content / "god-emperor/cast.yaml").unlink()
    (content / "god-emperor/cast.csv").write_text(
        "name,house,rank\nAda Lovelace,cat,2\nJo Smith,wolf,\n"
    )
    kit = _build(tmp_path / "b", "--only", "badges/*", content=content)
    badges = pdf_text(kit / "badges/badges-a4.pdf")
    assert "Ada Lovelace" in badges and "Jo Smith" in badges
    spares = SPARES * len(HOUSES)  # cast.csv gives no spares: the default
    assert badges.count("Name") == badges.upper().count("FUNERAL SPARE") == spares
    # every rank box printed, none filled: the strip reads 1 to 5 for every player
    ranks = GAME["status"]["ranks"]
    row = "Rank " + " ".join(str(r) for r in range(1, ranks + 1))
    assert pdf_text(kit / "badges/status-strips-a4.pdf").count(row) == 2 + spares


# ------------------------------------------------------------------ War Orders, 4 to a page


def _words(pdf: Path, page: int) -> tuple[float, float, list[tuple[str, float, float]]]:
    """A page's size and its words with their centres, as pdftotext -bbox reads them."""
    html = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    w, h = (float(x) for x in re.search(r'<page width="([\d.]+)" height="([\d.]+)"', html).groups())
    words = [
        (t, (float(x0) + float(x1)) / 2, (float(y0) + float(y1)) / 2)
        for x0, y0, x1, y1, t in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
            html,
        )
    ]
    return w, h, words


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_war_orders_four_and_schemes_two_whole_forms_to_a_page(paper: str, tmp_path: Path) -> None:
    kit = _build(tmp_path, "--paper", paper, "--only", "forms/*", "--only", "kit/*")
    pdf = kit / "forms/war-orders.pdf"
    assert _count(pdf) == len(HOUSES)  # a page per House
    first_word = "Player"  # the form's first line, and its last: the last region listed
    last_region = GAME["provinces"][-1]["regions"][-1]
    for n, house in enumerate(HOUSES, 1):
        w, h, words = _words(pdf, n)
        assert sum(t == house for t, _, _ in words) >= 4
        quarter = {(x > w / 2, y > h / 2) for t, x, y in words if t == first_word}
        ends = {(x > w / 2, y > h / 2) for t, x, y in words if t == last_region}
        # four forms, each whole inside its own quarter: first and last lines in each
        assert len(quarter) == len(ends) == 4, (house, quarter, ends)
    # the Scheme form: two A5 halves of a turned page, each from its title to its last line
    w, h, words = _words(kit / "forms/scheme.pdf", 1)
    assert w > h
    halves = {x > w / 2 for t, x, y in words if t == "details"}
    assert halves == {x > w / 2 for t, x, y in words if t == "Player"} == {False, True}
    assert all(y < h for t, _, y in words)
    forms = len(CAST["players"]) * GAME["rounds"]["count"] // 3  # a form a player a month
    sheets = {
        "forms/war-orders.pdf": len(HOUSES) * math.ceil(forms / len(HOUSES) / 4),
        "forms/scheme.pdf": math.ceil(forms / 2),
        "forms/court-proposal.pdf": forms,  # its list takes a whole page
    }
    guide = (kit / "kit/PRINT.md").read_text().splitlines()
    rows = {m[2]: int(m[7]) for m in map(ROW.match, guide) if m}
    assert {k: rows[k] for k in sheets} == sheets


# ------------------------------------------------------------------ Control's set-up checklist


def test_setup_checklist_gives_every_house_its_start_with_the_rules_lines(kit: Path) -> None:
    text = pdf_text(kit / "reference/control-setup.pdf")
    units = GAME["war"]["start_units"]
    for h in GAME["houses"]:
        assert re.search(rf"{h['name']} {h['castle']} {units} ", text), h["name"]
    each = int(re.search(r"owns (\d+) hostages from each House", str(COURT["laws"])).group(1))
    assert f"{each} of each House, {each * len(HOUSES)} in all" in text
    assert COURT["sources"]["laws.3"] in text  # the law's line, as the content cites it
    assert GAME["sources"]["war.start_units"] in text
    host = GAME["schedule"][0]["region"]
    assert f"on {host}" in text and f"beside {host}" in text
    assert "†" in text and "not in the rules" in text  # starting Power: a placeholder


@pytest.mark.slow
def test_setup_checklist_follows_the_content(tmp_path: Path) -> None:
    """Nothing on the checklist is typed in its template: change the content (against the
    rules, so as a draft), the page changes with it; a --final kit prints no mark."""
    content = _copy(tmp_path)
    game, court = content / "god-emperor/game.yaml", content / "god-emperor/court.yaml"
    edit(game, "  start_units: 3 ", "  start_units: 5 ")
    edit(game, "  power: 0\n", "  power: 7\n")
    edit(court, "immortals: 4 ", "immortals: 6 ")
    edit(court, "owns 4 hostages from each House", "owns 2 hostages from each House")
    only = ("--only", "reference/control-setup.pdf")
    kit = _build(tmp_path / "b", "--draft", *only, content=content)
    text = pdf_text(kit / "reference/control-setup.pdf")
    assert re.search(rf"{HOUSES[0]} \w+ 5 7 ", text)
    assert "Immortals 6" in text
    assert f"2 of each House, {2 * len(HOUSES)} in all" in text
    final = _build(tmp_path / "f", "--final", *only)
    assert "†" not in pdf_text(final / "reference/control-setup.pdf")


# ------------------------------------------------------------------ Master Minions


def test_master_minions_print_as_the_placeholder_they_are(kit: Path) -> None:
    assert "master_play" in UG["placeholders"]
    play = " ".join(UG["master_play"].split())
    cards = pdf_text(kit / "cards/minions-faces.pdf")
    masters = sum(m["count"] for m in UG["masters"]) * len(HOUSES)
    assert cards.count("Master Minion (Spy Tower)") == masters
    assert cards.count(play + " †") == masters
    ref = pdf_text(kit / "reference/control.pdf")
    assert "Master Minions (Spy Tower): " + play + "†" in ref
