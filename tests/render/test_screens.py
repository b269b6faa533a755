"""The DM screens, references and companion pages, as a DM reads them: landscape panels that
state every procedure with its rule, printed from the procedures (a number changed in the
content is the number printed), and a companion page that works offline in Chromium and
computes what the Python procedures compute."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlencode

import pikepdf
import pytest

from tests.support.shipped import copy_content, edit, pdf_text, toolkit

GAMES = ("forty-factions", "god-emperor", "worldspanner")


def build_references(
    content: Path, out: Path, game: str, *extra: str, only: str = "reference"
) -> Path:
    """Build a game's references, DM screen and companion page (the `reference` group), or
    `only` one of them."""
    proc = toolkit(
        "build",
        "--content",
        str(content),
        "--game",
        game,
        "--only",
        only,
        "--out",
        str(out),
        *extra,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out / game


@pytest.fixture
def built(shipped_kit: Path) -> dict[str, Path]:
    """Each game's folder of the run's shared kit (read only)."""
    return {g: shipped_kit / "build" / g for g in GAMES}


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game", GAMES)
def test_dm_screen_is_landscape_with_panels_citing_rules(built: dict[str, Path], game: str) -> None:
    pdf = built[game] / "reference" / "dm-screen.pdf"
    with pikepdf.open(pdf) as doc:
        assert 1 <= len(doc.pages) <= 3
        for page in doc.pages:
            box = [float(v) for v in page.mediabox]
            assert box[2] - box[0] > box[3] - box[1]  # landscape
    text = flat(pdf_text(pdf))
    from toolkit.commands import api
    from toolkit.core.diagnostics import Report
    from toolkit.games import load_pack

    module = __import__(f"toolkit.games.{game.replace('-', '_')}.screen", fromlist=["panels"])
    index = __import__(f"toolkit.games.{game.replace('-', '_')}.index", fromlist=["Index"])
    loaded = api.load_game(Path("content"), game, Report())
    assert loaded is not None and load_pack(game).procedures is not None
    for panel in module.panels(index.Index.build(loaded[1])):
        assert flat(panel.title).upper() in text.upper()
        for step in panel.steps:
            # pdftotext may set a wrapped rule reference apart from its step, and joins a
            # word hyphenated at a line's end without its hyphen ("RolePlaying")
            said = flat(step.text).replace("-", "")
            assert said in text.replace("-", "") and f"({flat(step.rule)})" in text, step.text
        for table in panel.tables:
            assert flat(table.caption) in text


def test_forty_factions_screen_fixes_every_omission(built: dict[str, Path]) -> None:
    """The issue's list: the Gathering term, the last-turn Gathering and the Plot's exception
    (SC3.2.2-3); the Congress cap (DD3.2.4); the five Temples and LAMMIA/MORCOR (DD3.3.4); the
    costs of 12.1.1-12.1.3; the end conditions (5.2, DD3.3.6); the role-play range (12.5.1);
    a majority of the votes cast (10.3.5). Each in the screen and in the reference."""
    for name in ("dm-screen.pdf", "dm-reference.pdf"):
        text = flat(pdf_text(built["forty-factions"] / "reference" / name))
        for needle in (
            "subtract 12 less the Game Turns since the last one; one called by the Gathering "
            "of the Tribes Plot does not count. (SC3.2.2)",
            "one is held automatically. (SC3.2.3)",
            "at most the number of seats held by Activated Factions",
            "Temple of YHWRC, Temple of LAMMIA, Temple of ULULO, Temple of RABBAT, Temple of "
            "MORCOR each score",
            "Temple of LAMMIA: +1 VP if any Area is at Level 3 or more of Delirium",
            "Temple of MORCOR: +1 VP if any Area is at Level 3 or more of Despair",
            "(12.1.1)",
            "(12.1.2)",
            "(12.1.3)",
            "Number of Game Turns played (5.2.1)",
            "(5.2.5)",
            "the game ends immediately, with no final Council Phase. (DD3.3.6)",
            "usually -1 to 3 VP",
            "more than half of the votes cast; neutral seats that abstain are not counted",
        ):
            assert needle in text, (name, needle)
        assert "majority 21" not in text


def test_council_board_counts_votes_cast(tmp_path: Path) -> None:
    proc = toolkit(
        "build", "--game", "forty-factions", "--only", "boards/council.svg", "--out", str(tmp_path)
    )
    assert proc.returncode == 0, proc.stdout
    svg = (tmp_path / "forty-factions" / "boards" / "council.svg").read_text()
    text = flat(re.sub(r"<[^>]+>", " ", svg))
    assert "Majority: more than half of the votes cast (21 if all 40 vote)" in text
    assert "majority 21" not in text


def test_god_emperor_control_reference_has_battle_rewards_and_regeneration(
    built: dict[str, Path],
) -> None:
    for name in ("control.pdf", "dm-screen.pdf"):
        text = flat(pdf_text(built["god-emperor"] / "reference" / name))
        for needle in (
            "Attack: +1 per own unit, +1 per unit of a House that chose to ally with "
            "it, +1 if it holds the region's castle. (L179-183)",
            "A tie: the tied forces are massacred",
            "1 Power per castle it controls (a flag there) after the first",
            "Whenever its region is empty of units it regenerates 1. (L189)",
            # how much extra time round 1 has the rules do not say (L76): marked
            "round 1 is allotted extra time: 60 minutes †",
        ):
            assert needle in text, (name, needle)


@pytest.mark.slow
def test_printed_numbers_follow_the_content(tmp_path: Path) -> None:
    """A number changed in a copy of the content is the number on the screen: an Area's VP
    (waived as a house rule), the Madness table, the Gathering's term."""
    content = copy_content(tmp_path)
    game = content / "forty-factions" / "game.yaml"
    row = "    locations: 11\n    vp: {}\n    single_pawn_vp: 1\n    source: 12.2.1, 12.2.2\n"
    edit(game, row.format(1), row.format(4))
    edit(game, "area_totals: {locations: 77, vp: 9}", "area_totals: {locations: 77, vp: 12}")
    house_rule = "reason: A house rule makes the Upper West Side worth 4.\n"
    game.write_text(
        game.read_text()
        + "waive:\n  - rule: FF-CANON\n    at: [areas.1.vp, area_totals.vp]\n    "
        + house_rule
        # the rules state both values (12.2.1): a departure from them is waived too
        + "  - rule: RULES-VALUE\n    at: [areas.1.vp, area_totals.vp]\n    "
        + house_rule
    )
    madness = content / "forty-factions" / "boards" / "madness.yaml"
    edit(madness, "{low: 10, high: 10, vp: 6}", "{low: 10, high: 10, vp: 17}")
    madness.write_text(
        madness.read_text()
        + "waive:\n  - {rule: RULES-VALUE, at: [vp.3.vp], reason: A house rule.}\n"
    )
    gathering = content / "forty-factions" / "boards" / "gathering.yaml"
    edit(gathering, "since_last: 12", "since_last: 9")
    gathering.write_text(
        gathering.read_text()
        + "waive:\n  - {rule: RULES-VALUE, at: [since_last], reason: A house rule.}\n"
    )
    out = build_references(
        content, tmp_path / "build", "forty-factions", only="reference/dm-screen.pdf"
    )
    pdf = out / "reference" / "dm-screen.pdf"
    assert "subtract 9 less the Game Turns since the last one" in flat(pdf_text(pdf))
    rows = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    # the Areas table: Locations, VP, with DD, with SC, one pawn
    assert re.search(r"Upper West Side\s+11\s+4\s+4\s+4\s+1\b", rows)
    # the Madness table at Level 10, for the five Temples (LAMMIA and MORCOR with their bonus)
    assert re.search(r"\b10\s+17\s+17 \+1G\s+17\s+17\s+17 \+1E", rows)
    # 13 Totems: 13 - (9 - turns since), 'all' from 12 (the die) up; 'none' and 1 to 9 since
    assert re.search(r"\b13\s+all\s+5\s+6\s+7\s+8\s+9\s+10\s+11\s+all\s+all\b", rows)


@pytest.mark.slow
def test_letter_paper_screen_is_landscape_letter(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    out = build_references(
        content,
        tmp_path / "build",
        "forty-factions",
        "--paper",
        "letter",
        only="reference/dm-screen.pdf",
    )
    with pikepdf.open(out / "reference" / "dm-screen.pdf") as doc:
        box = [float(v) for v in doc.pages[0].mediabox]
        assert (round(box[2] - box[0]), round(box[3] - box[1])) == (792, 612)


# ------------------------------------------------------------------ the companion page


def chromium(url: str, profile: Path) -> tuple[str, str]:
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
            f"--user-data-dir={profile}",
            "--virtual-time-budget=5000",
            "--enable-logging=stderr",
            "--v=0",
            "--dump-dom",
            url,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return proc.stdout, proc.stderr


def outputs(dom: str) -> dict[str, dict[str, str]]:
    out = {}
    for m in re.finditer(r"<output ([^>]*)>", dom):
        attrs = dict(re.findall(r'([a-z-]+)="([^"]*)"', m[1]))
        out[attrs.get("id", "")] = attrs
    return out


@pytest.mark.parametrize("game", GAMES)
def test_companion_page_is_offline_and_searchable(
    built: dict[str, Path], game: str, tmp_path: Path
) -> None:
    page = built[game] / "companion.html"
    html = page.read_text()
    assert "Content-Security-Policy" in html and "default-src 'none'" in html
    assert not re.search(r"<(script|link|img|iframe)[^>]+(src|href)=", html)
    assert "http://" not in html and "https://" not in html
    dom, log = chromium(
        page.as_uri()
        + "#q="
        + {"forty-factions": "Old%20Town", "god-emperor": "Immortal", "worldspanner": "Wound"}[
            game
        ],
        tmp_path / "p",
    )
    assert 'data-search="ready"' in dom and 'data-tally="ready"' in dom, log[-2000:]
    m = re.search(r'id="search-count" data-matches="(\d+)"', dom)
    assert m and int(m[1]) > 0
    assert re.search(r'class="[^"]*hidden', dom)  # rows without the query are hidden
    assert not re.search(r"CONSOLE.*(Uncaught|Error|Refused)", log), log


@pytest.mark.slow
def test_companion_tally_matches_the_procedures(built: dict[str, Path], tmp_path: Path) -> None:
    """The page's tally gives what `toolkit calc` gives for the same state: its script only
    looks up tables the procedures computed."""
    state = {
        "sides": "red,blue,green",
        "a.old-town.red": "3",
        "a.old-town.blue": "3",
        "a.upper-east-side.green": "1",
        "a.environs.red": "2",
        "a.environs.blue": "1",
        "l.forest-great-desert.blue": "3",
        "a.forest-great-desert.red": "1",
        "c.liberal.red": "5",
        "c.liberal.blue": "2",
        "c.conservative.blue": "1",
        "lead.conservative": "blue",
        "c.militant.green": "4",
        "overlord": "blue",
        "m.old-town": "10",
        "al.old-town": "G",
        "m.environs": "4",
        "al.environs": "E",
        "t.95": "green",
        "x.SC": "no",
    }
    dom, log = chromium(
        (built["forty-factions"] / "companion.html").as_uri() + "#" + urlencode(state),
        tmp_path / "p",
    )
    got = outputs(dom)
    assert got, log[-2000:]

    def calc(*args: str) -> dict:
        proc = toolkit("calc", "forty-factions", *args, "--format", "json")
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)

    play = "expansions=base,50F,DD,Promo,FgF"  # SC left out, as on the page
    for area, pawns in (
        ("old-town", "red:3,blue:3"),
        ("upper-east-side", "green:1"),
        ("environs", "red:2,blue:1"),
    ):
        want = calc("area-control", f"area={area}", f"pawns={pawns}", play)
        assert got[f"area-{area}"]["data-vp"] == str(want["value"]), area
        assert got[f"area-{area}"]["data-side"] == (want["details"]["side"] or "")
    assert got["area-forest-great-desert"]["data-vp"] == "0"  # SC is not in play
    council = calc(
        "council-control",
        "liberal=red:5,blue:2",
        "conservative=blue:1",
        "leaders=conservative:blue",
        "militant=green:4",
        "overlord=blue",
    )
    assert got["council-result"]["data-kind"] == council["details"]["control"]
    assert got["council-result"]["data-side"] == (council["details"]["side"] or "")
    assert got["council-result"]["data-vp"] == str(council["value"])
    assert got["council-result"]["data-cast"] == str(council["details"]["cast"])
    madness = calc("madness-vp", "levels=old-town:10G,environs:4E")
    for number, vp in madness["details"]["temples"].items():
        assert got[f"temple-{number}"]["data-vp"] == str(vp), number
    assert got["total-green"]["data-vp"] == str(
        int(got["area-upper-east-side"]["data-vp"]) + madness["details"]["temples"]["95"]
    )


COALITIONS = {
    # Liberal and Conservative are Enemy parties: their controllers' Coalition is refused
    "enemies": (
        {
            "c.liberal.red": "5",
            "c.liberal.green": "1",
            "c.conservative.blue": "4",
            "c.mercantile.green": "3",
            "coal.red": "yes",
            "coal.blue": "yes",
        },
        (
            "liberal=red:5,green:1",
            "conservative=blue:4",
            "mercantile=green:3",
            "coalition=red+blue",
        ),
    ),
    # green controls no party's majority and holds no Militant or Independent seat
    "no-majority": (
        {
            "c.liberal.red": "5",
            "c.conservative.blue": "4",
            "c.conservative.green": "3",
            "c.mercantile.green": "1",
            "c.mercantile.blue": "2",
            "coal.blue": "yes",
            "coal.green": "yes",
        },
        (
            "liberal=red:5",
            "conservative=blue:4,green:3",
            "mercantile=green:1,blue:2",
            "coalition=blue+green",
        ),
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", COALITIONS)
def test_companion_refuses_the_coalitions_calc_refuses(
    built: dict[str, Path], tmp_path: Path, case: str
) -> None:
    page_state, args = COALITIONS[case]
    dom, log = chromium(
        (built["forty-factions"] / "companion.html").as_uri()
        + "#"
        + urlencode({"sides": "red,blue,green", **page_state}),
        tmp_path / "p",
    )
    got = outputs(dom)["council-result"]
    proc = toolkit("calc", "forty-factions", "council-control", *args, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    want = json.loads(proc.stdout)
    assert any("not counted" in step for step in want["steps"]), want
    assert got.get("data-refused"), log[-2000:]
    assert (got["data-kind"], got["data-side"], got["data-vp"]) == (
        want["details"]["control"],
        want["details"]["side"] or "",
        str(want["value"]),
    )


@pytest.mark.slow
def test_god_emperor_and_worldspanner_tallies_match(built: dict[str, Path], tmp_path: Path) -> None:
    dom, _ = chromium(
        (built["god-emperor"] / "companion.html").as_uri()
        + "#castles.cat=3&victories.cat=2&rumors.cat=2&won.cat=1",
        tmp_path / "g",
    )
    got = outputs(dom)
    proc = toolkit(
        "calc",
        "god-emperor",
        "rewards",
        "castles=3",
        "castle-victories=2",
        "rumors=2",
        "rumor-victories=1",
        "--format",
        "json",
    )
    want = json.loads(proc.stdout)
    assert got["power-cat"]["data-value"] == str(want["value"])
    assert got["favor-cat"]["data-value"] == str(want["details"]["favor"])
    state = {
        "white.dreadmark": 2,
        "black.dreadmark": 1,
        "white.hope-hospice": 1,
        "black.hope-hospice": 1,
        "white.crown-district": 1,
        "black.green-vale": 1,
        "white.tribute": 2,
        "white.underpit": 1,
    }
    dom, _ = chromium(
        (built["worldspanner"] / "companion.html").as_uri() + "#" + urlencode(state), tmp_path / "w"
    )
    got = outputs(dom)
    assert (got["glory-white"]["data-value"], got["glory-black"]["data-value"]) == ("3", "2")
    assert got["winner"]["data-value"] == "white"
    tied = {"white.dreadmark": 1, "black.green-vale": 1, "white.defeated": 1, "black.defeated": 3}
    dom, _ = chromium(
        (built["worldspanner"] / "companion.html").as_uri() + "#" + urlencode(tied), tmp_path / "w2"
    )
    assert outputs(dom)["winner"]["data-value"] == "white"  # fewer heroes defeated
