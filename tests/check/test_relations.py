"""Relations the rules state, as rules, and messages that point at the cause (issue 33,
items 3 and 6).

Each case breaks a copy of the shipped content as a designer would, runs `toolkit check`
in a fresh process and asserts what the designer reads: the rule code, the file and line
(and column) of the value at fault, the wording, and, for a change that upsets other
files, one error at the changed value with its consequences as notes under it, never
errors telling a correct file to change.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from tests.support.shipped import RULES, copy_content, edit, faction_file, line_of, toolkit
from toolkit.core.diagnostics import (
    Diagnostic,
    Loc,
    Note,
    Report,
    error,
    format_github,
    format_text,
    from_record,
    nearest,
    render,
    to_record,
)
from toolkit.games.god_emperor import canon as ge_canon
from toolkit.games.worldspanner import canon as ws_canon


def _records(content: Path, game: str) -> list[dict]:
    """Every unwaived finding of `game`, as `--format json` gives them, but the citation
    checks' (RULES-*), which judge each cited value against its passage on their own: a
    number changed here may also differ from its passage, at the same value."""
    proc = toolkit("check", "--content", str(content), "--game", game, "--format", "json")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    return [
        r
        for r in json.loads(proc.stdout)
        if r["waived"] is None and not r["code"].startswith("RULES-")
    ]


def _only(records: list[dict], code: str) -> dict:
    """The one finding of `code`."""
    hits = [r for r in records if r["code"] == code]
    assert len(hits) == 1, f"{len(hits)} {code}: " + "; ".join(
        f"{r['code']}@{Path(r['path']).name}:{r['line']}" for r in records
    )
    return hits[0]


def _at(record: dict, path: Path, line: int, col: int | None = None) -> None:
    assert (Path(record["path"]).name, record["line"]) == (path.name, line), record
    if col is not None:
        assert record["column"] == col, record


def _col(path: Path, line: int, needle: str) -> int:
    """1-based column of `needle` on `line` of `path`."""
    return path.read_text(encoding="utf-8").splitlines()[line - 1].index(needle) + 1


def _notes(record: dict) -> list[tuple[str, int, str]]:
    return [
        (Path(n["path"]).name if n["path"] else "", n["line"], n["message"])
        for n in record["notes"]
    ]


def _stated(game: Path, sid: str) -> dict:
    """A `stated:` entry of Worldspanner's game.yaml, as the file holds it now."""
    entries = yaml.safe_load(game.read_text(encoding="utf-8"))["stated"]
    return next(s for s in entries if s["id"] == sid)


def _codes(records: list[dict]) -> set[str]:
    return {r["code"] for r in records}


# ------------------------------------------------------------------ notes in every format


def _with_notes() -> Diagnostic:
    return error(
        Loc("content/g/game.yaml", 4, 12),
        "FF-CANON",
        "the Mercantile Party holds 9 seats (10.3.1), not 10",
        [
            Note("the faction files give it 9", None),
            Note("the parties add up to 41", Loc("content/g/game.yaml", 9, 10)),
        ],
    )


def test_notes_print_under_their_finding_in_text_json_and_github() -> None:
    d = _with_notes()
    assert format_text(d).splitlines() == [
        "content/g/game.yaml:4:12: error[FF-CANON]: the Mercantile Party holds 9 seats "
        "(10.3.1), not 10",
        "  note: the faction files give it 9",
        "  content/g/game.yaml:9:10: note: the parties add up to 41",
    ]
    record = to_record(d)
    assert record["notes"] == [
        {"path": "", "line": 0, "column": 0, "message": "the faction files give it 9"},
        {
            "path": "content/g/game.yaml",
            "line": 9,
            "column": 10,
            "message": "the parties add up to 41",
        },
    ]
    back = from_record(json.loads(json.dumps(record)))
    assert back is not None and back.notes == d.notes and back == d
    assert format_github(d) == (
        "::error file=content/g/game.yaml,line=4,col=12,title=FF-CANON::the Mercantile Party "
        "holds 9 seats (10.3.1), not 10%0Anote: the faction files give it 9%0A"
        "content/g/game.yaml:9:10: note: the parties add up to 41"
    )
    # a waived finding keeps its notes; a note is never counted as a finding
    report = Report()
    report.extend([d.with_waiver("a house rule")])
    text = render(report, "text")
    assert "(waived: a house rule)\n  note: the faction files give it 9" in text
    assert report.errors == 0 and report.waived == 1
    assert from_record({**record, "notes": [{"path": 3}]}) is None  # a broken record


def test_a_missing_name_is_told_with_the_nearest_few() -> None:
    few = ["rat-king", "outcasts", "spice-lords"]
    assert nearest("spice-lord", few) == "rat-king, outcasts, spice-lords"  # all, in order
    many = [f"faction-{n}" for n in "abcdefgh"] + ["spice-lords"]
    got = nearest("spice-lord", many, few=3)
    assert got.startswith("spice-lords, ") and got.endswith("(and 6 more)")
    assert got.count(",") == 2


# ------------------------------------------------------------------ item 3: relations


def test_steel_bastion_opposing_dreadmark_is_an_error_naming_the_rulebooks_two(
    tmp_path: Path,
) -> None:
    """p. 14 names Steel Bastion's opposing factions (the homes of Adventurers and Icons):
    another in its list is an error there, and the one-way oppositions it makes are notes
    under it, not warnings of their own."""
    content = copy_content(tmp_path)
    game = content / "worldspanner" / "game.yaml"
    was = "opposing: [lostlight-society, celestial-theatre]"
    edit(game, was, "opposing: [lostlight-society, dreadmark]")
    records = _records(content, "worldspanner")
    got = _only(records, "WS-OPPOSE-STATED")
    line = line_of(game, "opposing: [lostlight-society, dreadmark]")
    _at(got, game, line, _col(game, line, "dreadmark"))
    assert got["message"] == (
        "Steel Bastion opposes Dreadmark here, but p. 14, 003:1267-1269 names its opposing "
        "factions: Lostlight Society (Adventurers) and Celestial Theatre (Icons) ('But "
        "Adventurers and Icons are met with suspicion')"
    )
    theatre = line_of(game, "opposing: [steel-bastion, green-vale]")
    assert _notes(got) == [
        (
            game.name,
            line,
            "Steel Bastion opposes Dreadmark, but Dreadmark does not oppose Steel Bastion",
        ),
        (
            game.name,
            theatre,
            "Celestial Theatre opposes Steel Bastion, but Steel Bastion does not oppose "
            "Celestial Theatre",
        ),
    ]
    assert "WS-OPPOSE-MUTUAL" not in _codes(records)
    # the other factions' lists are placeholders: a one-way one there is still a warning
    edit(game, "opposing: [lostlight-society, dreadmark]", was)
    edit(game, "opposing: [watchman-keep, hope-hospice]", "opposing: [watchman-keep, green-vale]")
    proc = toolkit("check", "--content", str(content), "--game", "worldspanner", "--format", "json")
    found = json.loads(proc.stdout)
    assert "WS-OPPOSE-STATED" not in _codes(found) and "WS-OPPOSE-MUTUAL" in _codes(found)


def test_a_waived_stated_opposition_leaves_its_one_way_oppositions_warnings(
    tmp_path: Path,
) -> None:
    """Waived, Steel Bastion's other list is a house rule: the one-way oppositions it makes
    are the other factions' to answer, warnings as for any faction."""
    content = copy_content(tmp_path)
    game = content / "worldspanner" / "game.yaml"
    edit(
        game,
        "opposing: [lostlight-society, celestial-theatre]",
        "opposing: [lostlight-society, dreadmark]",
    )
    assert "\nwaive:" not in game.read_text(encoding="utf-8")
    edit(
        game,
        "\nerrata:\n",
        "\nwaive:\n  - {rule: WS-OPPOSE-STATED, reason: A house rule for our league.}\nerrata:\n",
    )
    proc = toolkit("check", "--content", str(content), "--game", "worldspanner", "--format", "json")
    found = json.loads(proc.stdout)
    (stated,) = [r for r in found if r["code"] == "WS-OPPOSE-STATED"]
    assert stated["waived"] == "A house rule for our league." and stated["notes"] == []
    one_way = sorted(r["line"] for r in found if r["code"] == "WS-OPPOSE-MUTUAL")
    assert one_way == sorted(
        [
            line_of(game, "opposing: [lostlight-society, dreadmark]"),
            line_of(game, "opposing: [steel-bastion, green-vale]"),
        ]
    )


def test_a_faction_key_without_its_quest_deck(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    (content / "worldspanner" / "quests" / "hope-hospice.yaml").unlink()
    records = _records(content, "worldspanner")
    got = _only(records, "WS-QUEST-DECK")
    game = content / "worldspanner" / "game.yaml"
    _at(got, game, line_of(game, "- id: hope-hospice"))
    assert got["message"] == (
        "Hope Hospice's Faction key has no Quest deck: no file of quests/ has `faction: "
        "hope-hospice`; 'Each Faction key has a matching Quest deck' (003:337): write "
        "quests/hope-hospice.yaml"
    )


def test_two_neutral_castles_in_one_region(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "god-emperor" / "game.yaml"
    edit(game, "{region: Kri, kind: neutral", "{region: Zit, kind: neutral")
    got = _only(_records(content, "god-emperor"), "GE-CASTLE-REGION")
    first = line_of(game, "{region: Zit, kind: neutral")
    line = first + 1
    _at(got, game, line, _col(game, line, "Zit"))
    assert got["message"] == (
        f"a neutral castle in Zit, which already has a neutral castle (castles.9, line "
        f"{first}); a region holds one castle: 'Each neutral castle has one unit ... If the "
        "region is ever empty of units, it will regenerate one unit' (L189)"
    )


def test_a_law_naming_another_house_than_the_rules_print(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    court = content / "god-emperor" / "court.yaml"
    edit(court, "Snake owns one hostage from Eagle.", "Snake owns one hostage from Wolf.")
    got = _only(_records(content, "god-emperor"), "GE-LAW-HOUSES")
    _at(got, court, line_of(court, "Snake owns one hostage from Wolf."))
    assert got["message"] == (
        "law 5 names Snake and Wolf here; the rules print it naming Snake and Eagle (L342)"
    )


def test_a_law_naming_a_house_the_game_does_not_have(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "god-emperor" / "game.yaml"
    edit(game, "{id: eagle, name: Eagle,", "{id: eagle, name: Hawk,")
    court = content / "god-emperor" / "court.yaml"
    found = [r for r in _records(content, "god-emperor") if r["code"] == "GE-LAW-HOUSES"]
    assert [(Path(r["path"]).name, r["line"]) for r in found] == [
        (court.name, line_of(court, "Snake owns one hostage from Eagle.")),
        (court.name, line_of(court, "Eagle shall send food to Ram.")),
    ]
    assert found[0]["message"] == (
        "law 5 names Eagle, as the rules print it (L342), but no House of game.yaml is named "
        "Eagle; the Houses: Cat, Swords, Snake, Wolf, Hawk, Bear, Ram, Unicorn, Octopus"
    )


def test_a_favor_card_naming_a_missing_faction_ends_with_the_factions(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    favors = content / "god-emperor" / "favors.yaml"
    edit(favors, '{name: "Caravan", faction: spice-lords', '{name: "Caravan", faction: spice-lord')
    records = _records(content, "god-emperor")
    got = _only(records, "GE-FAVOR-FACTION")
    line = line_of(favors, '{name: "Caravan"')
    _at(got, favors, line, _col(favors, line, "spice-lord"))
    assert got["message"] == (
        "favor card 'Caravan' names faction 'spice-lord', which is not a favor faction of "
        "favors.yaml (L530-538); the factions: our-lady-of-the-infinite-repose, rat-king, "
        "spice-lords, cult-of-the-god-emperor, outcasts"
    )
    assert not got["message"].endswith("which is not one")
    assert got["notes"] == []  # the Spice Lords keep 6 favors: their Trade Route is not short
    assert "GE-REF" not in _codes(records) and "GE-COMP-DECK" not in _codes(records)


def test_a_favor_card_counted_for_no_faction_notes_the_building_it_leaves_short(
    tmp_path: Path,
) -> None:
    """With 2 copies of each card, a misspelt one leaves its faction 2 favors: the deck's
    count is a note under the misspelling, not a GE-COMP-DECK error of its own."""
    content = copy_content(tmp_path)
    favors = content / "god-emperor" / "favors.yaml"
    edit(favors, "copies: 6}", "copies: 2}", count=99)
    edit(favors, '{name: "Caravan", faction: spice-lords', '{name: "Caravan", faction: spice-lord')
    records = _records(content, "god-emperor")
    got = _only(records, "GE-FAVOR-FACTION")
    assert _notes(got) == [
        (
            favors.name,
            line_of(favors, "id: spice-lords,"),
            "counted for no faction, it would leave The Spice Lords 2 favors, fewer than the "
            "3 its Trade Route costs (L532)",
        )
    ]
    assert not [r for r in records if r["code"] == "GE-COMP-DECK" and "Spice" in r["message"]]


def test_an_expansion_range_overlapping_another(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "forty-factions" / "game.yaml"
    edit(
        game,
        "{expansions: [FgF], first: 101, last: 114}",
        "{expansions: [FgF], first: 100, last: 114}",
    )
    got = _only(_records(content, "forty-factions"), "FF-DECK-OVERLAP")
    line = line_of(game, "{expansions: [FgF], first: 100")
    _at(got, game, line, _col(game, line, "100"))
    assert got["message"] == (
        "FgF factions 100-114 overlap Promo factions 99-100 at 100, the number of Pirates "
        "(100, Promo); each expansion numbers its cards in a range of its own (13.1)"
    )


def test_the_range_taking_in_another_expansions_card_is_the_one_told(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "forty-factions" / "game.yaml"
    edit(
        game,
        "{expansions: [Promo], first: 99, last: 100}",
        "{expansions: [Promo], first: 99, last: 101}",
    )
    got = _only(_records(content, "forty-factions"), "FF-DECK-OVERLAP")
    line = line_of(game, "{expansions: [Promo]")
    _at(got, game, line, _col(game, line, "101"))
    assert "Armourers' Guild (101, FgF)" in got["message"]


@pytest.mark.parametrize(
    "code", ["WS-OPPOSE-STATED", "WS-QUEST-DECK", "GE-CASTLE-REGION", "GE-LAW-HOUSES",
             "GE-FAVOR-FACTION", "GE-HOUSE-PROVINCE", "FF-DECK-OVERLAP"],
)  # fmt: skip
def test_each_relation_is_explained(code: str) -> None:
    proc = toolkit("check", "--explain", code)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.startswith(f"{code}: ") and "Source: " in proc.stdout


def test_the_relations_quote_the_rules_as_printed() -> None:
    """The facts the relation rules hold the content to are where they say in the rules."""
    ws = (RULES / "worldspanner-factions-rulebook.md").read_text(encoding="utf-8").splitlines()
    assert "Steel Bastion is home to Warriors." in ws[1267 - 1]
    assert ws_canon.STATED_OPPOSITION_QUOTE in ws[1269 - 1]
    assert "Each Faction key has a matching Quest deck" in ws[337 - 1]
    ge = (RULES / "god-emperor-megagame-rules.txt").read_text(encoding="utf-8").splitlines()
    houses = {"Cat", "Swords", "Snake", "Wolf", "Eagle", "Bear", "Ram", "Unicorn", "Octopus"}
    for number, (line, named) in ge_canon.LAWS.items():
        text = ge[line - 1].strip()
        assert text.startswith(f"{number}. "), (number, text)
        assert [w for w in re.findall(r"[A-Z][a-z]+", text) if w in houses] == list(named)
    assert "If the region is ever empty of units, it will regenerate one unit" in ge[189 - 1]


# ------------------------------------------------------------------ item 6: the cause


def test_a_party_count_changed_in_game_yaml_is_one_error_there(tmp_path: Path) -> None:
    """Mercantile 9 -> 10: the faction files seat 9, as 10.3.1 does; no faction (Kuntax,
    the Dwarves) is told to take a seat."""
    content = copy_content(tmp_path)
    game = content / "forty-factions" / "game.yaml"
    edit(game, "    seats: 9\n    faction: 56", "    seats: 10\n    faction: 56")
    records = _records(content, "forty-factions")
    assert not [r for r in records if "/factions/" in r["path"]], records
    assert "FF-COUNCIL-SEATS" not in _codes(records)
    got = _only(records, "FF-CANON")
    line = line_of(game, "faction: 56") - 1
    _at(got, game, line, _col(game, line, "10"))
    assert got["message"] == "the Mercantile (or Free Trade) Party holds 9 seats (10.3.1), not 10"
    assert _notes(got) == [
        (
            "",
            0,
            "the base game's faction files give the Mercantile (or Free Trade) Party 9 seats, "
            "as 10.3.1 does: they are held to the rules, not to this count (waive FF-CANON "
            "here, with the reason, to make it a house rule they must follow)",
        ),
        (
            game.name,
            line_of(game, "seats: 40"),
            "with it, the parties' seats add up to 41; the Council has 40 (10.1.3)",
        ),
    ]


def test_a_waived_party_count_is_a_house_rule_the_faction_files_follow(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "forty-factions" / "game.yaml"
    edit(game, "    seats: 9\n    faction: 56", "    seats: 10\n    faction: 56")
    assert "\nwaive:" not in game.read_text(encoding="utf-8")
    with game.open("a", encoding="utf-8") as out:
        out.write(
            "waive:\n  - rule: FF-CANON\n    at: [parties.3.seats]\n"
            "    reason: A house rule, a tenth Mercantile seat.\n"
        )
    records = _records(content, "forty-factions")
    told = {Path(r["path"]).name for r in records if r["code"] == "FF-COUNCIL-SEATS"}
    assert {faction_file(content, 44).name, faction_file(content, 53).name} <= told
    top = next(
        r for r in records if r["code"] == "FF-COUNCIL-SEATS" and r["path"].endswith("game.yaml")
    )
    assert (
        "the faction files seat 40, as the Council has, but the parties' counts add up to 41"
        in top["message"]
    )


def test_two_party_counts_swapped_are_one_error_at_game_yaml(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "forty-factions" / "game.yaml"
    edit(game, "    seats: 9\n    faction: 14", "    seats: 12\n    faction: 14")
    edit(game, "    seats: 12\n    faction: 28", "    seats: 9\n    faction: 28")
    records = _records(content, "forty-factions")
    assert not [r for r in records if "/factions/" in r["path"]], records
    got = _only(records, "FF-CANON")
    _at(got, game, line_of(game, "faction: 14") - 1)
    assert got["message"] == (
        "the parties' seats here are Militant Party 12, Liberal (or Reform) Party 9; 10.3.1 "
        "gives the Militant Party 9, the Liberal (or Reform) Party 12"
    )
    liberal = line_of(game, "faction: 28") - 1
    assert _notes(got)[0] == (
        game.name,
        liberal,
        "the Liberal (or Reform) Party has 9 seats here, 12 in 10.3.1",
    )
    assert "FF-COUNCIL-SEATS" not in _codes(records)


def test_a_changed_difference_range_is_one_error_at_the_value(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "worldspanner" / "game.yaml"
    edit(game, "min_difference: -6", "min_difference: -5")
    records = _records(content, "worldspanner")
    assert "WS-CHALLENGE" not in _codes(records)  # the 12 cards keep their 13 faces
    got = _only(records, "WS-CANON")
    line = line_of(game, "min_difference: -5")
    _at(got, game, line, _col(game, line, "-5"))
    assert got["message"] == "the difference range is -5..6; the rulebook fixes -6..+6 (p. 14)"
    assert _notes(got) == [
        (
            "",
            0,
            "the 12 challenge cards of challenges/ have 13 faces each, one per difference "
            "-6..+6, as p. 14 has them: they are held to it, not to this range (waive WS-CANON "
            "here, with the reason, to make it a house rule they must follow)",
        )
    ]


def test_a_house_moved_to_another_province_is_named_at_the_edit(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "god-emperor" / "game.yaml"
    edit(game, "{id: cat, name: Cat, province: west", "{id: cat, name: Cat, province: east")
    records = _records(content, "god-emperor")
    assert not _codes(records) & {"GE-PROVINCE-HOUSES", "GE-SCHEDULE-HOST"}
    got = _only(records, "GE-HOUSE-PROVINCE")
    line = line_of(game, "{id: cat, name: Cat")
    _at(got, game, line, _col(game, line, "east"))
    assert got["message"] == (
        "Cat is in The East here, but its castle, Amn, lies in The West, and the schedule "
        "seats Cat at The West's table (months 1, 4, 7; L257-265): `province: west`"
    )
    assert _notes(got) == [
        (
            game.name,
            line_of(game, "- id: west"),
            "with it, The West seats 2 Houses (Swords, Snake); each province's table seats 3",
        ),
        (
            game.name,
            line_of(game, "- id: east"),
            "with it, The East seats 4 Houses (Cat, Wolf, Eagle, Bear); each province's table "
            "seats 3",
        ),
        (
            game.name,
            line_of(game, "{month: 1,"),
            "the schedule seats Cat at The West's table in months 1, 4, 7, as L257-265 print "
            "it: the schedule is held to it, not to this province (waive GE-HOUSE-PROVINCE "
            "here, with the reason, to make it a house rule it must follow)",
        ),
    ]


def test_an_area_count_changed_in_game_yaml_names_who_states_what(tmp_path: Path) -> None:
    """Old Town 15 -> 16 in game.yaml: one FF-CANON there (the faction files place 15, as
    the table does); a location moved between Areas: FF-AREA-COUNT says game.yaml and the
    table give 15, never that the table gives what only game.yaml says."""
    content = copy_content(tmp_path)
    game = content / "forty-factions" / "game.yaml"
    old_town = "  - id: old-town\n    name: Old Town\n    board: main\n    locations: 15"
    edit(game, old_town, old_town.replace("15", "16"))
    records = _records(content, "forty-factions")
    assert not _codes(records) & {"FF-AREA-COUNT", "FF-AREA-TOTAL"}
    got = _only(records, "FF-CANON")
    _at(got, game, line_of(game, "locations: 16"))
    assert got["message"] == "Old Town has 15 Locations in the table of 12.2.1, not 16"
    assert [n[2] for n in _notes(got)] == [
        "the faction files place 15 base-game Locations in Old Town, as the table does: they "
        "are held to it, not to this count (waive FF-CANON here, with the reason, to make it "
        "a house rule they must follow)",
        "with it, the Areas sum to 78; the totals row says 77",
    ]
    edit(game, old_town.replace("15", "16"), old_town)
    edit(
        faction_file(content, 2),
        "{name: Naval Dockyard, area: old-town}",
        "{name: Naval Dockyard, area: environs}",
    )
    got = next(
        r for r in _records(content, "forty-factions") if r["message"].startswith("Old Town")
    )
    assert got["code"] == "FF-AREA-COUNT"
    assert got["message"] == (
        "Old Town has 14 base-game locations in the faction files; game.yaml gives 15, as the "
        "table of 12.2.1 does; locations of expansions do not count (2.5)"
    )


def test_a_forest_count_changed_in_its_board_file_is_one_error_there(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    board = content / "forty-factions" / "boards" / "sacred-circles.yaml"
    edit(board, "sacred_circles: 13", "sacred_circles: 14")
    records = _records(content, "forty-factions")
    assert "FF-SC-CIRCLES" not in _codes(records)
    got = _only(records, "FF-CANON")
    line = line_of(board, "sacred_circles: 14")
    _at(got, board, line, _col(board, line, "14"))
    assert got["message"] == "forest-grasslands has 13 Sacred Circles (SC3.1.1), not 14"
    # a circle moved out of the Forest: the board file and SC3.1.1 both give 13
    edit(board, "sacred_circles: 14", "sacred_circles: 13")
    edit(faction_file(content, 84), "area: forest-grasslands", "area: forest-great-desert")
    records = _records(content, "forty-factions")
    got = next(
        r for r in records if r["code"] == "FF-SC-CIRCLES" and "grasslands has" in r["message"]
    )
    assert got["message"].startswith(
        "forest-grasslands has 12 sacred circles in the faction files; the board file gives "
        "13, as SC3.1.1 does: Misty Circles (52), "
    )


def test_a_hall_mirror_count_is_told_at_the_count(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    hall = content / "forty-factions" / "boards" / "hall-of-mirrors.yaml"
    edit(hall, "domain: domain-dreams, mirrors: 12", "domain: domain-dreams, mirrors: 11")
    got = _only(_records(content, "forty-factions"), "FF-DD-MIRRORS")
    line = line_of(hall, "mirrors: 11")
    _at(got, hall, line, _col(hall, line, "11"))
    assert got["message"] == "`mirrors: 11`, but the Hall of Mirrors has 12 mirrors (DD3.1.5)"
    assert [n[2] for n in _notes(got)] == [
        "the file lists 12 mirrors of the Hall of Mirrors, numbered 1-12, as DD3.1.5 has them"
    ]


def test_a_missing_mirror_is_named(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    hall = content / "forty-factions" / "boards" / "hall-of-mirrors.yaml"
    text = hall.read_text(encoding="utf-8")
    (twelve,) = [ln for ln in text.splitlines() if ln.startswith("  - {number: 12, side: light")]
    edit(hall, twelve + "\n", "")
    got = _only(_records(content, "forty-factions"), "FF-DD-MIRRORS")
    assert got["message"] == (
        "the mirrors of the Hall of Mirrors in the file are numbered 1-11: no mirror 12; a "
        "hall has 12 mirrors numbered 1-12 (DD3.1.5)"
    )


def test_a_stated_number_is_told_with_what_the_rulebook_states(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "worldspanner" / "game.yaml"
    edit(game, 'value: 3, text: "With eight', 'value: 2, text: "With eight')
    got = _only(_records(content, "worldspanner"), "WS-STATED")
    line = line_of(game, 'value: 2, text: "With eight')
    _at(got, game, line, _col(game, line, "2, text"))
    source = _stated(game, "reinforce-8-heroes")["source"]
    assert got["message"] == (
        "heroes brought on in round 1 with 8 a team: 2 here, but the rules give 3 (1/3 of 8, "
        f"rounded up), and the rulebook says so ({source}): 'With eight heroes per team, bring "
        "on three heroes in round 1'"
    )
    assert "rulebook states 2" not in got["message"]


def test_a_changed_reinforce_share_notes_the_rulebooks_sums(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "worldspanner" / "game.yaml"
    edit(game, "reinforce_divisor: 3", "reinforce_divisor: 4")
    records = _records(content, "worldspanner")
    assert not _codes(records) & {"WS-STATED", "WS-DESIGN"}
    got = _only(records, "WS-CANON")
    assert got["message"] == "the Reinforce share is 1/4; the rulebook fixes 1/3 (p. 7)"
    actions = _stated(game, "actions-10-rounds-8-heroes")["source"]
    eight = _stated(game, "reinforce-8-heroes")["source"]
    assert [(n[1], n[2]) for n in _notes(got)] == [
        (
            line_of(game, "value: 65"),
            "with it, actions-10-rounds-8-heroes comes to 60, where the rulebook states 65 "
            f"({actions}): 'You have only 65 actions in a 10-turn, 8-hero game.'",
        ),
        (
            line_of(game, 'value: 3, text: "With eight'),
            f"with it, reinforce-8-heroes comes to 2, where the rulebook states 3 ({eight}): "
            "'With eight heroes per team, bring on three heroes in round 1'",
        ),
    ]


def test_a_suit_starting_one_card_late_is_one_error_at_its_first_card(tmp_path: Path) -> None:
    """Pentacles' first card moved from 85 to 86 in game.yaml: the fourteen faction files
    it numbers are right, so the one error is at `first`, each faction a note under it."""
    content = copy_content(tmp_path)
    game = content / "forty-factions" / "game.yaml"
    edit(
        game,
        "{name: Pentacles, expansion: DD, first: 85}",
        "{name: Pentacles, expansion: DD, first: 86}",
    )
    got = _only(_records(content, "forty-factions"), "FF-DECK-SUIT")
    line = line_of(game, "{name: Pentacles, expansion: DD, first: 86}")
    _at(got, game, line, _col(game, line, "86"))
    assert (
        "Pentacles starts at 86 here, but its 14 factions are numbered from 85" in (got["message"])
    )
    notes = _notes(got)
    assert [(n[0][:3], n[2]) for n in notes][:2] == [
        ("085", "King of Pentacles is faction 85"),
        ("086", "Queen of Pentacles is faction 86"),
    ]
    assert len(notes) == 14 and {n[0][:3] for n in notes} == {f"{n:03}" for n in range(85, 99)}


def test_a_wrong_count_of_sentences_is_told_at_the_count_not_the_laws(tmp_path: Path) -> None:
    """`laws_stated: 13` made 12 while the thirteen laws stand: GE-LAWS names the count as
    the slip (the rules print thirteen sentences), never the correct laws."""
    content = copy_content(tmp_path)
    court = content / "god-emperor" / "court.yaml"
    edit(court, "laws_stated: 13", "laws_stated: 12")
    got = _only(_records(content, "god-emperor"), "GE-LAWS")
    _at(got, court, line_of(court, "laws_stated: 12"))
    assert got["message"] == (
        "laws_stated is 12 here, but the rules print 13 sentences (L334-362), as the 13 laws "
        "here do: check this value"
    )
