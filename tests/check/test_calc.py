"""`toolkit calc`, as a user runs it: the contract names, JSON value and rule, the listing of
every game's procedures, and usage errors that name the parameter (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.shipped import copy_content, edit, toolkit


def calc_json(*args: str) -> dict:
    proc = toolkit("calc", *args, "--format", "json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout)


def test_gathering_chance_contract() -> None:
    """`forty-factions gathering-chance turn=N totems=N last=N`: JSON value is the highest d12
    roll that holds the Gathering (SC3.2.2's example: 3), 0 or less when it cannot be held."""
    data = calc_json("forty-factions", "gathering-chance", "turn=8", "totems=10", "last=3")
    assert data["value"] == 3 and "SC3.2.2" in data["rule"]
    assert calc_json("forty-factions", "gathering-chance", "turn=8", "totems=10")["value"] == 10
    none = calc_json("forty-factions", "gathering-chance", "turn=4", "totems=2", "last=3")
    assert none["value"] <= 0


def test_activation_cost_contract() -> None:
    """`forty-factions activation-cost activations=N`: JSON value is the VPs paid, positive."""
    data = calc_json("forty-factions", "activation-cost", "activations=3")
    assert data["value"] == 3 and "12.1.1" in data["rule"]
    assert calc_json("forty-factions", "activation-cost", "activations=1")["value"] == 0


def test_text_answer_shows_arithmetic_and_rule() -> None:
    proc = toolkit("calc", "forty-factions", "gathering-chance", "turn=8", "totems=10", "last=3")
    assert proc.returncode == 0
    assert "10 - (12 - 5) = 3" in proc.stdout and "rule: SC3.2.2" in proc.stdout


def test_list_names_every_game_and_procedure() -> None:
    proc = toolkit("calc", "--list")
    assert proc.returncode == 0, proc.stderr
    for game in ("forty-factions", "god-emperor", "worldspanner"):
        assert f"({game})" in proc.stdout
    for name in (
        "gathering-chance",
        "activation-cost",
        "council-control",
        "battle",
        "rewards",
        "round-clock",
        "challenge",
        "reinforce",
        "glory",
    ):
        assert f"\n  {name}  " in proc.stdout
    one = toolkit("calc", "god-emperor", "--list")
    assert "(god-emperor)" in one.stdout and "(forty-factions)" not in one.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["forty-factions", "gathering-chance", "turn=8"], "totems"),
        (["forty-factions", "gathering-chance", "turn=8", "totems=ten"], "totems"),
        (["forty-factions", "gathering-chance", "turn=8", "totems=3", "last=9"], "last"),
        (["forty-factions", "activation-cost", "activations=-2"], "activations"),
        (["forty-factions", "activation-cost", "activations=2", "colour=red"], "colour"),
        (["forty-factions", "activation-cost", "activations"], "activations"),
        (["forty-factions", "gathering-chanse", "turn=8"], "gathering-chance"),
        (["forty-factions"], "name a procedure"),
        (["no-such-game", "x"], "no-such-game"),
        ([], "--list"),
    ],
)
def test_usage_errors_exit_2_naming_the_parameter(args: list[str], needle: str) -> None:
    proc = toolkit("calc", *args)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert needle in proc.stderr and "Traceback" not in proc.stderr


def test_content_that_breaks_a_rule_computes_nothing(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    edit(content / "forty-factions" / "boards" / "gathering.yaml", "plot: 30", "plot: 300")
    proc = toolkit(
        "calc",
        "--content",
        str(content),
        "forty-factions",
        "gathering-chance",
        "turn=8",
        "totems=10",
    )
    assert proc.returncode == 1
    assert "FF-REF-PLOT" in proc.stderr and "nothing computed" in proc.stderr


def test_answers_follow_the_content(tmp_path: Path) -> None:
    """A number changed in the content changes the answer: no rule number is in the code."""
    content = copy_content(tmp_path)
    edit(
        content / "forty-factions" / "game.yaml",
        "play_costs: {activation: 1,",
        "play_costs: {activation: 2,",
    )
    edit(
        content / "forty-factions" / "boards" / "gathering.yaml", "since_last: 12", "since_last: 10"
    )
    ff = ("--content", str(content), "forty-factions")
    assert calc_json(*ff, "activation-cost", "activations=3")["value"] == 6
    assert calc_json(*ff, "gathering-chance", "turn=8", "totems=10", "last=3")["value"] == 5


def test_list_as_json_names_each_procedure_its_rule_and_parameters() -> None:
    games = calc_json("--list")
    assert [g["game"] for g in games] == ["forty-factions", "god-emperor", "worldspanner"]
    ff = {p["name"]: p for p in games[0]["procedures"]}
    assert ff["gathering-chance"]["rule"].startswith("SC3.2.2")
    assert [q["name"] for q in ff["gathering-chance"]["params"]] == [
        "turn",
        "totems",
        "last",
        "turns",
    ]
