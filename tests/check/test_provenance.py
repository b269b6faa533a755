"""Provenance: a value that claims the rules as its source is stated there.

Reads the rules texts independently of the toolkit (`tests/rules_text.py`) and every
content file with PyYAML (`tests/provenance.py` says how a value is judged). The
Forty Factions content must have every value sourced, corrected by an erratum or listed
as a placeholder; every game's errata must quote what their source prints, and a line a
waiver's reason or an erratum's note cites must print what the reason quotes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.provenance import (
    Names,
    citation_problems,
    component_citation_problems,
    content_files,
    errata_problems,
    judge,
    values,
)
from tests.support.shipped import CONTENT, copy_content, edit, faction_file

GAMES = ("forty-factions", "worldspanner", "god-emperor")


def value_problems(content: Path, game: str = "forty-factions") -> list[str]:
    """Every sourced value of a game whose source does not state it."""
    names = Names(content / game)
    out = []
    for file, doc in content_files(content / game):
        for v in values(file, doc):
            if v.state == "sourced":
                why = judge(v, game, names)
                if why:
                    out.append(f"{file.name}:{v.path}: {why}")
    return out


def text_problems(content: Path, game: str) -> list[str]:
    """Errata that misquote their source; citations in reasons and notes that miss."""
    out: list[str] = []
    for file, doc in content_files(content / game):
        out += errata_problems(file, doc, game)
        out += citation_problems(file, doc, game)
        out += component_citation_problems(file, doc, game)
    return out


def test_forty_factions_every_value_is_sourced_corrected_or_a_placeholder() -> None:
    unsourced = [
        f"{f.name}:{v.path}"
        for f, doc in content_files(CONTENT / "forty-factions")
        for v in values(f, doc)
        if v.state == "unsourced"
    ]
    assert not unsourced, f"{len(unsourced)} values claim no source: {unsourced[:20]}"


def test_forty_factions_every_source_states_its_value() -> None:
    problems = value_problems(CONTENT)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_errata_and_cited_lines_match_the_rules(game: str) -> None:
    problems = text_problems(CONTENT, game)
    assert not problems, "\n".join(problems)


def test_an_invented_value_with_a_false_source_fails(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    zakel = faction_file(content, 1)
    # a value the rules never give, passed off as the card row's
    edit(zakel, "politics: militant\n", "politics: militant\nalignment: Lawful Good\n")
    edit(zakel, "sources:\n", 'sources:\n  alignment: "000:47"\n')
    # a real value given the wrong line: the Anarchists' line does not make 28 Liberal
    reform = faction_file(content, 28)
    edit(reform, 'politics: "000:481"', 'politics: "000:489"')
    # a source that cites nothing
    edit(faction_file(content, 56), 'number: "000:104"', 'number: "000:9999"')
    problems = value_problems(content)
    assert any("001-" in p and "alignment" in p and "'Lawful Good'" in p for p in problems)
    assert any("028-" in p and "politics" in p and "000:489" in p for p in problems)
    assert any("056-" in p and "000:9999" in p for p in problems)
    assert len(problems) == 3, problems


def test_a_value_without_a_source_or_placeholder_is_reported(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    edit(faction_file(content, 28), '  category: "000:481, 000:489"\n', "")
    found = [
        v.path
        for f, doc in content_files(content / "forty-factions")
        if f.name.startswith("028-")
        for v in values(f, doc)
        if v.state == "unsourced"
    ]
    assert found == ["category"]


def test_a_waiver_citing_the_wrong_line_is_reported(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "god-emperor" / "game.yaml"
    edit(game, "(L267) follows", "(L266) follows")
    problems = text_problems(content, "god-emperor")
    assert len(problems) == 1 and "L266" in problems[0] and "004:267" in problems[0], problems


def test_an_erratum_quoting_what_its_source_does_not_print_is_reported(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    edit(
        content / "forty-factions" / "plots" / "019-they-walk-amongst-us.yaml",
        'source: "000:131"',
        'source: "000:130"',
    )
    problems = text_problems(content, "forty-factions")
    assert any("019-" in p and "XVIII The Sun" in p for p in problems), problems


def test_a_line_that_only_mentions_a_value_does_not_source_it(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    # 10.3.2.2.1 lists the three party factions together: it says nothing of enemies
    reform = faction_file(content, 28)
    edit(reform, "placeholders: [locations.0, enemies]", "placeholders: [locations.0]")
    edit(reform, 'politics: "000:481"', 'politics: "000:481"\n  enemies: "000:481"')
    # 10.3.3 is about the Anarchist Movement and says "militant": not of the Navy
    navy = faction_file(content, 2)
    edit(navy, "placeholders: [politics, ", "placeholders: [")
    edit(navy, 'expansion: "000:48"', 'expansion: "000:48"\n  politics: "10.3.3"')
    problems = value_problems(content)
    assert any("028-" in p and "enemies" in p and "names no enemies" in p for p in problems)
    assert any(
        "002-" in p and "politics" in p and "does not name the faction" in p for p in problems
    )
    assert len(problems) == 2, problems


def test_a_component_note_quoting_the_wrong_line_fails(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    components = content / "god-emperor" / "components.yaml"
    edit(components, "'on the War map' (L382)", "'on the War map' (L381)")
    problems = text_problems(content, "god-emperor")
    assert any("note on component" in p and "L381" in p for p in problems), problems
