"""Forty Factions at the table (issue 35): the DM screen states the Activation Phase's Enemy
rule, the Plots and Role-Playing Phases and the Cards Phase's theft from the procedures,
with their rules; PRINT.md cites the rule a quoted phrase comes from; a sheet cites a
passage once."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tests.check.test_procedures_ff import calc, ix, procs
from tests.support.shipped import CONTENT, RULES, pdf_text, toolkit
from toolkit.games.forty_factions.procedures import phases
from toolkit.games.forty_factions.screen import panels


def value(name: str, *args: str) -> object:
    return calc(name, *args).value  # type: ignore[attr-defined]


def flat(text: str) -> str:
    return " ".join(text.split())


@cache
def built(tmp: Path) -> Path:
    out = tmp / "out"
    proc = toolkit(
        "build",
        "--content",
        str(CONTENT),
        "--game",
        "forty-factions",
        "--out",
        str(out),
        "--only",
        "reference/dm-screen.pdf",
        "--only",
        "sheets/factions/018-*",
        "--only",
        "kit/PRINT.md",
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out / "forty-factions"


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory.mktemp("ff-gaps"))


def test_enemy_rule_at_activation_follows_the_content() -> None:
    index = ix()
    pairs = [
        (f, e)
        for f in index.faction_list
        for e in index.faction_list
        if e.number != f.number and phases.enemy_of(f, e)
    ]
    assert pairs
    f, e = pairs[0]
    friend = next(o for o in index.faction_list if o is not f and not phases.enemy_of(f, o))
    assert value("may-activate", f"faction={f.number}", f"activated={e.number}") is False
    assert value("may-activate", f"faction={f.number}", f"activated={friend.number}") is True
    both = procs()["may-activate"]([f"faction={f.number}", f"activated={friend.number},{e.number}"])
    assert both[1].details["enemies"] == [e.number] and "6.2.2" in both[1].rule


@pytest.mark.parametrize(
    ("stolen", "blocked", "block", "outcome"),
    [
        ("yes", "no", "no", "no"),  # once per game (11.1.2)
        ("no", "yes", "no", "no"),  # not again this Game Turn once blocked (11.1.1)
        ("no", "no", "yes", "blocked"),  # (11.1.1, 11.1.3)
        ("no", "no", "no", "stolen"),
    ],
)
def test_thieves_guild_theft(stolen: str, blocked: str, block: str, outcome: str) -> None:
    got = value(
        "theft", f"stolen-before={stolen}", f"blocked-this-turn={blocked}", f"block={block}"
    )
    assert got == outcome


def test_no_plot_no_role_playing_phase() -> None:
    assert value("roleplay-held", "played=0", "outstanding=0") is False
    assert value("roleplay-held", "played=0", "outstanding=1") is True  # 9.2
    assert value("roleplay-held", "played=2", "outstanding=0") is True


@pytest.mark.slow
def test_dm_screen_prints_the_missing_phases_with_their_rules(kit: Path) -> None:
    text = flat(pdf_text(kit / "reference" / "dm-screen.pdf"))
    index = ix()
    by_id = {p.id: p for p in panels(index)}
    for pid, rules in (
        ("activation", ("6.2.2", "6.3.1", "6.3.4", "8.6", "8.7")),
        ("roleplay", ("6.4.3", "9.5", "12.5.2")),
        ("cards", ("11.1.1", "11.1.2", "11.1.5")),
    ):
        panel = by_id[pid]
        assert flat(panel.title).upper() in text.upper()
        cited = " ".join(s.rule for s in panel.steps)
        for rule in rules:
            assert rule in cited, (pid, rule)
        for step in panel.steps:  # (pdftotext joins a word hyphenated at a line's end)
            said = flat(step.text).replace("-", "")
            assert said in text.replace("-", "") and f"({flat(step.rule)})" in text, step.text
    for guild in phases.thieves_guilds(index):  # named from the content
        assert f"{guild.name} ({guild.number})" in text
    for plot in phases.plots_citing(index, "8.6"):
        assert f"{plot.name} ({plot.number})" in text
    low, high = index.game.roleplay_vp.low, index.game.roleplay_vp.high
    assert f"usually {low} to {high} VP" in text  # (test_screens: in the reference too)


def test_a_sheet_cites_a_passage_once(kit: Path) -> None:
    (sheet,) = (kit / "sheets" / "factions").glob("018-*.pdf")
    text = flat(pdf_text(sheet))
    assert "(11.1)" in text
    assert not re.search(r"\(([0-9.]+)\)\. \(\1\)", text), text


def test_print_md_cites_the_section_a_quoted_phrase_comes_from(kit: Path) -> None:
    rules = (RULES / "forty-factions-base-rules.md").read_text(encoding="utf-8")
    section_of: dict[str, str] = {}
    for line in rules.splitlines():
        m = re.match(r"\s*- ([0-9]+(?:\.[0-9]+)+) ", line)
        if m:
            section_of[line] = m.group(1)
    guide = (kit / "kit" / "PRINT.md").read_text(encoding="utf-8")
    checked = 0
    for row in guide.splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) != 4:
            continue
        for quote in re.findall(r"'([^']{8,})'", cells[3]):
            where = [s for line, s in section_of.items() if quote in line]
            if where:
                checked += 1
                assert cells[2] in where, (cells[0], cells[2], where)
    assert checked  # the DM's dice: 'rolling dice for success' (9.5)
