"""The God Emperor pack: each checker rule broken once (the rules text's own
inconsistencies among them, restored as printed), and the kit read back: badges and
strips against the cast, forms against the Houses, the war map against the provinces.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pytest
import yaml

from tests.support.pdfcheck import colour_spaces
from tests.support.printguide import check_bill, check_gallery
from tests.support.shipped import (
    CONTENT,
    RULES,
    assert_finding,
    copy_rules,
    designers,
    edit,
    line_after,
    pdf_text,
    toolkit,
)
from toolkit.games.god_emperor.models import SPARES

GE = CONTENT / "god-emperor"
GAME, COURT, UG, FAV, MAP, CAST = (
    "game.yaml",
    "court.yaml",
    "underground.yaml",
    "favors.yaml",
    "map.yaml",
    "cast.yaml",
)
DATA = {name: yaml.safe_load((GE / name).read_text()) for name in (GAME, CAST)}
HOUSES = [h["name"] for h in DATA[GAME]["houses"]]


def _drop_block(rel: str, first: str, lines: int) -> tuple[str, str, str]:
    """An edit removing `lines` lines starting at the line holding `first`."""
    text = (GE / rel).read_text().splitlines(keepends=True)
    i = next(n for n, ln in enumerate(text) if first in ln)
    return rel, "".join(text[i : i + lines]), ""


@dataclass
class Case:
    code: str
    edits: list[tuple[str, str, str]]
    at: tuple[str, str | None, str]


WEST = "Aka, Fog, Uhh, Pig, Mok, Dom, Zen, Aah, Amn, Zit, Cry, Ode"
NORTH = "Eel, Vor, Old, Age, Dea, Kri, Civ, Bat, Hag, Big, All, Orr"
EAST = "Bog, Fat, Sus, Vol, Pet, Lum, Die, Chi, Non, Ice, New, Mil, Elf, End"
# the region lists as printed (L252-253), Bat kept once
PRINTED_NORTH = "Eel, Vor, Old, Age, Dea, Kri, Civ, Bat, Chi, Big, All, End"
PRINTED_EAST = "Bog, Fat, Sus, Vol, Pet, Lum, Die, Hag, Non, Ice, New, Mil, Elf, Orr"
CASES = {
    # the rules text's own inconsistencies, restored as printed (erratum or waiver removed)
    "printed-zen-twice": Case(
        "GE-REGION-UNIQUE",
        [
            (
                GAME,
                f"regions: [{WEST}]",
                "regions: [Aka, Fog, Uhh, Pig, Mok, Dom, Zen, Aah, Amn, Zit, Zen, Cry, Ode]",
            ),
            _drop_block(GAME, "  - field: provinces.0.regions", 6),
        ],
        (GAME, "id: west", "regions:"),
    ),
    "printed-bat-in-two-provinces": Case(
        "GE-REGION-PROVINCE",
        [
            (GAME, f"regions: [{EAST}]", f"regions: [{EAST[:-5]}, Bat, Orr]"),
            _drop_block(GAME, "  - field: provinces.2.regions", 8),
        ],
        (GAME, "id: east", "regions:"),
    ),
    "printed-host-castles": Case(
        "GE-SCHEDULE-HOST",
        [
            (GAME, f"regions: [{NORTH}]", f"regions: [{PRINTED_NORTH}]"),
            (GAME, f"regions: [{EAST}]", f"regions: [{PRINTED_EAST}]"),
            _drop_block(GAME, "  - field: provinces.1.regions", 12),
        ],
        (GAME, None, "{month: 2,"),
    ),
    "printed-month-eleven": Case(
        "GE-SCHEDULE-MONTH",
        [_drop_block(GAME, "  - rule: GE-SCHEDULE-MONTH", 5)],
        (GAME, None, "{month: 11,"),
    ),
    "printed-court-timeline": Case(
        "GE-TIMING", [_drop_block(GAME, "  - rule: GE-TIMING", 6)], (GAME, "id: court", "- {name:")
    ),
    "printed-silk-hand": Case(
        "GE-FAVOR-BUILDING",
        [
            (FAV, "faction: spice-lords\n", "faction: silk-hand\n"),
            _drop_block(FAV, "  - field: war_buildings.0.faction", 7),
        ],
        (FAV, "war_buildings:", "faction: silk-hand"),
    ),
    "printed-roads-name": Case(
        "GE-FAVOR-BUILDING",
        [
            (FAV, "  - name: Trade Route", "  - name: Roads"),
            _drop_block(FAV, "  - field: war_buildings.0.name", 7),
        ],
        (FAV, "war_buildings:", "- name: Roads"),
    ),
    "printed-capture-twice": Case(
        "GE-UNIQUE",
        [
            (UG, 'name: "Capture a Building"', 'name: "Capture"'),
            (UG, 'name: "Capture a Hostage"', 'name: "Capture"'),
        ],
        (UG, None, "id: capture-hostage"),
    ),
    # each rule, broken as a designer might
    "host-unknown": Case(
        "GE-REF", [(GAME, "host: wolf,", "host: wolves,")], (GAME, None, "{month: 2,")
    ),
    "four-houses-in-west": Case(  # Wolf and its castle moved west, the schedule left east
        "GE-PROVINCE-HOUSES",
        [
            (
                GAME,
                "{id: wolf, name: Wolf, province: east, castle: Chi",
                "{id: wolf, name: Wolf, province: west, castle: Mok",
            )
        ],
        (GAME, "provinces:", "- id: west"),
    ),
    "cat-moved-east": Case(  # its castle and the schedule's months 1, 4, 7 left in the West
        "GE-HOUSE-PROVINCE",
        [(GAME, "{id: cat, name: Cat, province: west", "{id: cat, name: Cat, province: east")],
        (GAME, None, "{id: cat, name: Cat"),
    ),
    "two-neutral-castles-in-zit": Case(
        "GE-CASTLE-REGION",
        [(GAME, "{region: Lum, kind: neutral", "{region: Zit, kind: neutral")],
        (GAME, "{region: Kri, kind: neutral", "{region: Zit, kind: neutral"),
    ),
    "law-five-names-wolf": Case(
        "GE-LAW-HOUSES",
        [(COURT, "Snake owns one hostage from Eagle.", "Snake owns one hostage from Wolf.")],
        (COURT, None, "Snake owns one hostage from Wolf."),
    ),
    "favor-card-of-no-faction": Case(
        "GE-FAVOR-FACTION",
        [(FAV, '{name: "Caravan", faction: spice-lords', '{name: "Caravan", faction: spice-lord')],
        (FAV, None, '{name: "Caravan"'),
    ),
    "free-proposal": Case(
        "GE-COST",
        [(COURT, 'name: "Remove", cost: 3', 'name: "Remove", cost: 0')],
        (COURT, None, 'name: "Remove"'),
    ),
    "trap-with-cost": Case(
        "GE-COST",
        [(UG, 'name: "Ambush", cost: 0', 'name: "Ambush", cost: 2')],
        (UG, None, '"Ambush"'),
    ),
    "faction-without-building": Case(
        "GE-FAVOR-BUILDING",
        [
            (
                FAV,
                'building: "Arena", effect: "Your House may now challenge players to Duels in '
                'the Court."',
                'building: ""',
            )
        ],
        (FAV, None, "id: outcasts"),
    ),
    "deck-too-small": Case(
        "GE-MINIONS",
        [(UG, "{rank: 1, draws: 4}", "{rank: 1, draws: 40}")],
        (UG, "deck:", "- {kind: rock"),
    ),
    "rock-beats-rock": Case(
        "GE-MINIONS", [(UG, "beats: {rock: scissors,", "beats: {rock: rock,")], (UG, None, "beats:")
    ),
    "rank-draws-more": Case(
        "GE-MINIONS", [(UG, "{rank: 2, draws: 3}", "{rank: 2, draws: 5}")], (UG, None, "{rank: 2")
    ),
    "fourteen-laws": Case(
        # the laws are the rules' thirteen: the count is the slip, told at the count
        "GE-LAWS",
        [(COURT, "laws_stated: 13", "laws_stated: 14")],
        (COURT, None, "laws_stated: 14"),
    ),
    "phases-too-long": Case(
        "GE-TIMING",
        [(GAME, "{name: Planning, minutes: 10", "{name: Planning, minutes: 12")],
        (GAME, "phases:", "{name: Ceremony"),
    ),
    "region-off-the-map": Case("GE-MAP", [(MAP, "  Zen: {", "  Zem: {")], (MAP, None, "Zem:")),
    "road-between-strangers": Case(
        "GE-MAP", [(MAP, "  - [Ode, Non]", "  - [Ode, Elf]")], (MAP, None, "[Ode, Elf]")
    ),
    "player-of-no-house": Case(
        "GE-CAST", [(CAST, "house: cat}", "house: lion}")], (CAST, None, "house: lion")
    ),
    "no-court-marker": Case(
        "GE-COMP-PLACE",
        [("components.yaml", "  - id: court-marker\n", "  - id: court-token\n")],
        ("components.yaml", None, "  - {id: badge"),
    ),
    "too-few-immortals": Case(
        "GE-COMP-COUNT",
        [("components.yaml", "count: immortals", "count: 2  # broken")],
        ("components.yaml", None, "# broken"),
    ),
    "no-pistols": Case(
        "GE-COMP-LIST",
        [("components.yaml", "{id: duel-pistol,", "{id: revolver,")],
        ("components.yaml", None, "  - {id: badge"),
    ),
    "bad-formula": Case(
        "GE-COMP-FORMULA",
        [("components.yaml", "count: neutral_castles * 2", "count: neutral_forts * 2")],
        ("components.yaml", None, "neutral_forts"),
    ),
    "two-rat-king-favors": Case(
        "GE-COMP-DECK",
        [
            (
                "favors.yaml",
                'Favors step", location: "War Map", copies: 6}\n  - {name: "Burnt',
                'Favors step", location: "War Map", copies: 1}\n  - {name: "Burnt',
            ),
            (
                "favors.yaml",
                'history.", timing: "Any time", location: "Anywhere", copies: 6}',
                'history.", timing: "Any time", location: "Anywhere", copies: 1}',
            ),
        ],
        ("favors.yaml", None, "- {id: rat-king"),
    ),
    "one-scheme-deck": Case(
        "GE-COMP-DECK",
        [("underground.yaml", "scheme_decks: 3", "scheme_decks: 1")],
        ("underground.yaml", None, "scheme_decks: 1"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_rule_is_enforced(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    content = tmp_path / "content"
    shutil.copytree(GE, content / "god-emperor")
    copy_rules(content.parent)
    for rel, old, new in case.edits:
        edit(content / "god-emperor" / rel, old, new)
    rel, anchor, needle = case.at
    target = content / "god-emperor" / rel
    assert_finding(content, target, line_after(target, anchor, needle), case.code)


def test_every_rule_code_has_a_case() -> None:
    from toolkit.games.god_emperor.rules import RULES

    untested = set(RULES) - {c.code for c in CASES.values()}
    assert not untested, f"rules without a breaking case: {sorted(untested)}"


def test_shipped_content_resolves_every_inconsistency_openly() -> None:
    proc = toolkit("check", "--game", "god-emperor", "--format", "json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    import json

    records = json.loads(proc.stdout)
    assert all(r["waived"] for r in records), records  # every finding carries its reason
    assert {r["code"] for r in records} == {"GE-SCHEDULE-MONTH", "GE-TIMING"}
    errata = sum(
        len(yaml.safe_load((GE / f).read_text()).get("errata", [])) for f in (GAME, COURT, UG, FAV)
    )
    assert errata >= 8  # Zen, Bat, Chi/End/Hag/Orr, Sword(s), hese, Capture x2, Silk Hand, Roads


def test_cast_as_csv_and_the_errors_it_can_have(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(GE, content / "god-emperor")
    copy_rules(content.parent)
    folder = content / "god-emperor"
    (folder / "cast.yaml").unlink()
    (folder / "cast.csv").write_text('name,house,rank\n"Smith, Jo",cat,1\nAda Lovelace,wolf,\n')
    proc = toolkit(
        "build", "--content", str(content), "--out", str(tmp_path / "b"), "--only", "badges/*"
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    text = pdf_text(tmp_path / "b/god-emperor/badges/badges-a4.pdf")
    assert "Smith, Jo" in text and "Ada Lovelace" in text
    (folder / "cast.csv").write_text("name,house\nSolo,cat,extra\n")
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1 and "cast.csv:2:1: error[CSV-ROW]" in proc.stdout
    (folder / "cast.csv").write_text("name,house\nSolo,cat\n")
    shutil.copy(GE / "cast.yaml", folder / "cast.yaml")
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1 and "CONTENT-DUPLICATE" in proc.stdout


@pytest.mark.slow
def test_a_200_player_cast_builds_a_badge_and_strip_each(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(GE, content / "god-emperor")
    copy_rules(content.parent)
    ids = [h["id"] for h in DATA[GAME]["houses"]]
    rows = [f"Player {n:03d},{ids[n % 9]}," for n in range(200)]
    (content / "god-emperor" / "cast.yaml").unlink()
    (content / "god-emperor" / "cast.csv").write_text("name,house,rank\n" + "\n".join(rows))
    # 200 players, nine Houses: more than five a House is an error (five ranks)
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1 and "GE-CAST" in proc.stdout
    (content / "god-emperor" / "game.yaml").write_text(
        (content / "god-emperor" / "game.yaml").read_text().replace("ranks: 5", "ranks: 25")
    )
    designers(content / "god-emperor" / "game.yaml", "status.ranks")  # not the rules' five
    proc = toolkit(
        "build", "--content", str(content), "--out", str(tmp_path / "b"), "--only", "badges/*"
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    seats = 200 + SPARES * len(ids)  # a cast.csv gives no spares: each House the default
    with pikepdf.open(tmp_path / "b/god-emperor/badges/badges-a4.pdf") as pdf:
        assert len(pdf.pages) == math.ceil(seats / 10)
    strips = pdf_text(tmp_path / "b/god-emperor/badges/status-strips-a4.pdf")
    assert strips.count("Wounds") == seats


def test_print_shop_preset_gives_each_deck_as_pdfx(tmp_path: Path) -> None:
    args = ["--game", "god-emperor", "--preset", "pod", "--only", "cards/favors*"]
    proc = toolkit("build", "--content", str(CONTENT), "--out", str(tmp_path), *args)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    cards = tmp_path / "god-emperor" / "cards"
    files = sorted(p.name for p in cards.iterdir() if p.is_file())  # not each card alone
    assert files == ["favors-faces.pdf", "favors-pod.pdf"]
    with pikepdf.open(cards / "favors-faces.pdf") as faces:
        count = len(faces.pages)  # one card a page
    with pikepdf.open(cards / "favors-pod.pdf") as pdf:
        assert len(pdf.pages) == 2 * count  # each card's back, then its face
        assert "/OutputIntents" in pdf.Root and set(colour_spaces(pdf)) == {"/DeviceCMYK"}


@pytest.fixture
def kit(shipped_kit: Path) -> Path:
    """The god-emperor kit of the run's shared build (read only)."""
    return shipped_kit / "build" / "god-emperor"


def test_badges_and_strips_one_per_player(kit: Path) -> None:
    players = DATA[CAST]["players"]
    seats = len(players) + DATA[CAST]["spares"] * len(HOUSES)  # and each House's spares
    badges = pdf_text(kit / "badges/badges-a4.pdf")
    for house in HOUSES:
        assert f"House {house}".upper() in badges.upper()
    with pikepdf.open(kit / "badges/badges-a4.pdf") as pdf:
        assert len(pdf.pages) == math.ceil(seats / 10)  # 10-up, single-sided
    strips = pdf_text(kit / "badges/status-strips-a4.pdf")
    assert strips.count("Wounds") == seats


def test_forms_list_every_house(kit: Path) -> None:
    war = pdf_text(kit / "forms/war-orders.pdf").split("\f")
    pages = [p for p in war if p.strip()]
    assert len(pages) == len(HOUSES)
    for house, page in zip(HOUSES, pages, strict=True):
        assert f"House {house}".upper() in page.upper()
        for other in HOUSES:
            assert other in page
        assert "Betray Sovereign" in page
    for form in ("court-proposal", "scheme"):
        text = pdf_text(kit / f"forms/{form}.pdf")
        for house in HOUSES:
            assert re.search(rf"\b{house}\b", text), (form, house)
    court = pdf_text(kit / "forms/court-proposal.pdf")
    assert "Execution" in court and "Crackdown" in court


def test_war_map_is_semantic(kit: Path) -> None:
    svg = (kit / "boards/war-map.svg").read_text()
    regions = re.findall(r'class="space region" data-region="(\w+)" data-province="(\w+)"', svg)
    want = {r: p["id"] for p in DATA[GAME]["provinces"] for r in p["regions"]}
    assert dict(regions) == want
    assert len(re.findall(r'class="castle"', svg)) == len(DATA[GAME]["castles"])
    assert 'class="mountain"' in svg and 'class="space capital"' in svg
    assert re.search(r'class="space tunnel"', svg) and re.search(r'class="space road"', svg)
    subprocess.run(["xmllint", "--noout", "--nonet", str(kit / "boards/war-map.svg")], check=True)
    assert (kit / "boards/war-map-tiles-a4.pdf").stat().st_size > 0


def test_print_guide_lists_every_pdf_with_copies_for_the_cast(kit: Path) -> None:
    guide = (kit / "kit/PRINT.md").read_text()
    pdfs = sorted(
        str(p.relative_to(kit)) for p in kit.rglob("*.pdf") if p.parent.parent.name != "cards"
    )  # each card alone is not to print
    assert pdfs and all(f"`{p}`" in guide for p in pdfs)
    players = len(DATA[CAST]["players"])
    assert f"up to {players * 10 // 3}" in guide  # forms: players x months / 3 rooms
    rows = {r[1]: r for r in check_bill(kit)}
    assert rows["forms/court-proposal.pdf"][4] == players * 10 // 3
    assert rows["counters/counters-a4.pdf"][5] and not rows["counters/tokens-a4.pdf"][5]
    check_gallery(
        kit,
        {
            "Favor cards": ["cards/favors-*"],
            "Law Board": ["boards/law-board*"],
            "House playmat": ["playmats/houses.pdf"],
        },
    )


def test_law_board_reference_playmats_and_decks(kit: Path) -> None:
    laws = (kit / "boards/law-board.svg").read_text()
    assert len(re.findall(r'class="law"', laws)) == 13
    ref = pdf_text(kit / "reference/control.pdf")
    for needle in (
        "10:30",
        "Ceremony",
        "Planning",
        "Movement",
        "Action",
        "Return",
        "Remove",
        "Execution",
        "Assassinate",
        "Spy Tower",
        "Trade Route",
    ):
        assert needle in ref, needle
    assert "one more than the 14-minute Action phase" in ref  # the waiver's reason, quoted
    mats = pdf_text(kit / "playmats/houses.pdf")
    for house in HOUSES:
        assert f"House {house}".upper() in mats.upper()
    assert mats.upper().count("HOSTAGES") >= len(HOUSES)
    ug = yaml.safe_load((GE / UG).read_text())
    per_house = sum(m["count"] for m in ug["deck"]) + sum(m["count"] for m in ug["masters"])
    with pikepdf.open(kit / "cards/minions-faces.pdf") as pdf:
        assert len(pdf.pages) == per_house * len(HOUSES)
    with pikepdf.open(kit / "cards/schemes-faces.pdf") as pdf:
        # every copy of every scheme, in each Underground table's deck (L496)
        copies = sum(sc.get("copies", 1) for sc in ug["schemes"])
        assert len(pdf.pages) == copies * ug["scheme_decks"] >= 3 * len(ug["schemes"])


# ------------------------------------------------------------------ one truth across the kit


def test_every_paper_puts_each_house_castle_in_the_same_province(kit: Path) -> None:
    """The playmats, the war map, the War Orders and the Control reference agree on where
    each House's castle lies (the rules' region lists and schedule disagree; the content's
    erratum settles it once for every output)."""
    mats = re.sub(r"\s+", "", pdf_text(kit / "playmats/houses.pdf"))
    svg = (kit / "boards/war-map.svg").read_text()
    on_map = dict(re.findall(r'data-region="(\w+)" data-province="(\w+)"', svg))
    orders = pdf_text(kit / "forms/war-orders.pdf").split("\f")[0]
    listed = {
        r: p
        for p, regions in re.findall(r"(The \w+): ((?:[A-Z][a-z]+, )*[A-Z][a-z]+)", orders)
        for r in regions.split(", ")
    }
    control = pdf_text(kit / "reference/control.pdf")
    names = {p["id"]: p["name"] for p in DATA[GAME]["provinces"]}
    for h in DATA[GAME]["houses"]:
        province, castle = names[h["province"]], h["castle"]
        assert f"House{h['name']}{province}·castlein{castle}".replace(" ", "") in mats, h
        assert names[on_map[castle]] == province, (castle, on_map[castle], province)
        assert listed[castle] == province, (castle, listed[castle], province)
    for month in DATA[GAME]["schedule"][:9]:  # a province's month, hosted in its castle
        row = f"{month['month']} {names[month['province']]} "
        assert row in control and names[on_map[month["region"]]] == names[month["province"]]


def test_a_kit_whose_papers_disagree_is_not_built(tmp_path: Path) -> None:
    """The region lists as printed, with the schedule's contradiction waived instead of
    resolved: the content checks clean, but the war map and War Orders would put Chi in
    the North while the playmats and the reference put it in the East. The build refuses."""
    content = tmp_path / "content"
    shutil.copytree(GE, content / "god-emperor")
    copy_rules(content.parent)
    game = content / "god-emperor" / GAME
    for rel, old, new in [
        (GAME, f"regions: [{NORTH}]", f"regions: [{PRINTED_NORTH}]"),
        (GAME, f"regions: [{EAST}]", f"regions: [{PRINTED_EAST}]"),
        _drop_block(GAME, "  - field: provinces.1.regions", 12),
    ]:
        edit(content / "god-emperor" / rel, old, new)
    edit(
        game,
        "waive:\n",
        "waive:\n  - {rule: GE-SCHEDULE-HOST, at: [schedule.1, schedule.2, "
        "schedule.4, schedule.5], reason: As printed.}\n",
    )
    assert toolkit("check", "--content", str(content)).returncode == 0
    proc = toolkit("build", "--content", str(content), "--out", str(tmp_path / "out"))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    out = proc.stdout + proc.stderr
    assert "error[KIT-FACTS]: the kit disagrees on the province of Chi:" in out
    assert re.search(r"playmats/houses\.pdf, reference/control\.pdf print 'The East'", out)
    assert re.search(r"boards/war-map\.svg, forms/war-orders\.pdf print 'The North'", out)
    assert not (tmp_path / "out" / "god-emperor").exists()
    assert toolkit("check", "--explain", "KIT-FACTS").returncode == 0


# ------------------------------------------------------------------ the Law Board


def _rules_number(pattern: str) -> int:
    words = {"two": 2, "three": 3, "four": 4, "five": 5}
    hit = re.search(pattern, (RULES / "god-emperor-megagame-rules.txt").read_text())
    assert hit, pattern
    return int(hit[1]) if hit[1].isdigit() else words[hit[1]]


def test_law_board_holds_every_commandment_the_court_can_pass(kit: Path) -> None:
    repeats = _rules_number(r"The Proposals section repeats (\w+) times")
    months = _rules_number(r"played over the course of (\d+) rounds")
    svg = (kit / "boards/law-board.svg").read_text()
    slots = [int(n) for n in re.findall(r'class="space commandment" data-slot="(\d+)"', svg)]
    assert slots == list(range(1, repeats * months + 1))
    assert f"Room for {repeats * months}" in svg
    assert not list(kit.glob("boards/law-board-2*"))  # the board holds them all


def test_law_board_extends_onto_numbered_sheets_when_the_court_can_pass_more(
    tmp_path: Path,
) -> None:
    content = tmp_path / "content"
    shutil.copytree(GE, content / "god-emperor")
    copy_rules(content.parent)
    edit(
        content / "god-emperor" / GAME,
        '{name: "Proposals", minutes: 4, repeat: 3,',
        '{name: "Proposals", minutes: 4, repeat: 7,',
    )
    designers(content / "god-emperor" / GAME, "rooms.1.steps.2.repeat")  # seven: a house rule
    proc = toolkit(
        "build",
        "--content",
        str(content),
        "--only",
        "boards/law-board*",
        "--out",
        str(tmp_path / "out"),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    boards = tmp_path / "out" / "god-emperor" / "boards"
    seen = []
    for svg in [boards / "law-board.svg", *sorted(boards.glob("law-board-[0-9].svg"))]:
        seen += [int(n) for n in re.findall(r'data-slot="(\d+)"', svg.read_text())]
    assert seen == list(range(1, 7 * 10 + 1))
    said = " ".join(re.findall(r">([^<>]+)</text>", (boards / "law-board.svg").read_text()))
    assert "Slots 31-70 are on the extension sheet(s)" in said
    assert (boards / "law-board-2.pdf").exists()


def test_a_mistyped_house_is_told_the_house_it_is_close_to(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(GE, content / "god-emperor")
    copy_rules(content.parent)
    cast = content / "god-emperor" / "cast.yaml"
    text = cast.read_text()
    assert "house: cat}" in text
    cast.write_text(text.replace("house: cat}", "house: cta}", 1))
    proc = toolkit("check", "--content", str(content))
    line = text[: text.index("house: cat}")].count("\n") + 1
    (found,) = [ln for ln in proc.stdout.splitlines() if "GE-CAST" in ln]
    assert f"cast.yaml:{line}:" in found and found.endswith("; did you mean 'cat'?")
