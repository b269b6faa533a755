"""Sources: the form of rules references, `sources:` maps, and errata over lists.

The checker holds the form (a reference is a line `000:481`, lines `000:272-278`,
`L257`, a section `10.3.2.2.1` / `SC3.1.3`, a footnote `5.3 note 1` or a page `p. 13`);
`test_provenance.py` holds the substance against the rules texts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.shipped import (
    CONTENT,
    assert_finding,
    copy_content,
    edit,
    faction_file,
    line_after,
    line_of,
    toolkit,
)
from toolkit.validate.sources import is_reference_list, split


@pytest.mark.parametrize(
    "refs",
    [
        "000:481",
        "002:18-20",
        "L257",
        "L400-412",
        "10.3.2.2.1",
        "SC3.1.3",
        "DD3.3.4.1-2",
        "5.3 note 1",
        "p. 13",
        "000:47, SC3.1.3",
        "3",
    ],
)
def test_references_of_every_form_are_accepted(refs: str) -> None:
    assert is_reference_list(refs)


@pytest.mark.parametrize(
    "refs", ["rules 3.2", "SC1 table", "000:", "line 481", "000:481,000:482", "", "see 8.6"]
)
def test_other_text_is_not_a_reference(refs: str) -> None:
    assert not is_reference_list(refs)


def test_split() -> None:
    assert split("000:47, SC3.1.3") == ["000:47", "SC3.1.3"]


def test_source_naming_no_value_is_an_error(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    f = faction_file(content, 28)
    edit(f, "sources:\n", 'sources:\n  alignmnet: "000:74"\n')
    assert_finding(content, f, line_of(f, "alignmnet:"), "SOURCE-PATH")


def test_source_in_another_form_is_an_error(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    f = faction_file(content, 28)
    edit(f, 'politics: "000:481"', "politics: rules 10.3.2.2.1")
    assert_finding(content, f, line_after(f, "sources:", "politics:"), "SOURCE-FORMAT")
    proc = toolkit("check", "--explain", "SOURCE-FORMAT")
    assert proc.returncode == 0 and "000 base rules" in " ".join(proc.stdout.split())


def test_erratum_and_passage_sources_are_references_too(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    plot = content / "forty-factions" / "plots" / "019-they-walk-amongst-us.yaml"
    edit(plot, 'source: "000:131"', "source: rules 3.2")
    assert_finding(content, plot, line_of(plot, "source: rules 3.2"), "SOURCE-FORMAT")
    thirty = content / "forty-factions" / "plots" / "030-gathering-of-the-tribes.yaml"
    edit(thirty, 'source: "SC3.2.3"', "source: the Gathering rules")
    assert_finding(content, thirty, line_of(thirty, "the Gathering rules"), "SOURCE-FORMAT")


def test_a_sourced_value_cannot_be_a_placeholder(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    f = faction_file(content, 28)
    edit(f, "placeholders: [", "placeholders: [politics, ")
    assert_finding(content, f, line_after(f, "sources:", "politics:"), "SOURCE-PLACEHOLDER")


def test_a_placeholder_inside_a_sourced_item_is_fine() -> None:
    # 052: `locations.1` (Misty Circles) is sourced to SC3.1.5, its Forest is a placeholder
    text = (CONTENT / "forty-factions" / "factions").glob("052-*.yaml")
    body = next(text).read_text(encoding="utf-8")
    assert 'locations.1: "001:92"' in body and "locations.1.area" in body
    assert toolkit("check", "--game", "forty-factions").returncode == 0


def test_an_erratum_on_a_list_goes_stale_when_the_list_is_printed_again(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "god-emperor" / "game.yaml"
    edit(
        game,
        "regions: [Aka, Fog, Uhh, Pig, Mok, Dom, Zen, Aah, Amn, Zit, Cry, Ode]",
        "regions: [Aka, Fog, Uhh, Pig, Mok, Dom, Zen, Aah, Amn, Zit, Zen, Cry, Ode]",
    )
    assert_finding(
        content, game, line_after(game, "errata:", "- field: provinces.0.regions"), "ERRATA-STALE"
    )


def test_an_erratum_on_a_list_that_still_corrects_is_quiet() -> None:
    proc = toolkit("check", "--game", "god-emperor")
    assert proc.returncode == 0 and "ERRATA-STALE" not in proc.stdout
