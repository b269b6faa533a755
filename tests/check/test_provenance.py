"""Provenance at check time: `toolkit check` reads every value that cites the rules against
the passage it cites, and says so at the value, quoting the passage (RULES-VALUE); a
citation that names no line is RULES-CITE; a value of the rules that cites nothing and is
no placeholder is RULES-UNSOURCED, a warning. The texts are the ones each game.yaml names
(`rules_texts:`), read from inside the project only; the result is the same with a cache
as without, and a rules text edited is read again.

Every test runs the toolkit's own check (the CLI, or `api.check` in-process for the
property test); the values to change are the ones the toolkit reports as cited
(`cited_values`), and what each is changed to is chosen here, independently: a number
the cited passage does not print, as digits or as a word.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.support.shipped import (
    CONTENT,
    copy_content,
    edit,
    edited_game,
    faction_file,
    line_of,
    toolkit,
)
from toolkit.check.claims import Claim
from toolkit.check.provenance import cited_values, game_texts
from toolkit.commands import api
from toolkit.commands.checking import load_game
from toolkit.core.diagnostics import Report
from toolkit.games.forty_factions.provenance import FACTION_REFS
from toolkit.validate.declare import fields_of

GAMES = ("forty-factions", "worldspanner", "god-emperor")
# numbers that stand for a faction (Forty Factions): read by the faction's name, so another
# faction the same passage names is stated there too; they are not counts to change
NAMED = FACTION_REFS | {"plot"}
CODES = {"RULES-VALUE", "RULES-CITE", "RULES-UNSOURCED", "RULES-TEXT"}
GE = CONTENT / "god-emperor"


def _check(content: Path, game: str, *more: str, env: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    """`toolkit check --format json` of one game: the exit code and the unwaived records."""
    proc = toolkit(
        "check", "--content", str(content), "--game", game, "--format", "json", *more, env=env
    )
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr
    return proc.returncode, [r for r in json.loads(proc.stdout) if r["waived"] is None]


def _at(records: list[dict], code: str, path: Path, line: int) -> list[dict]:
    return [
        r
        for r in records
        if r["code"] == code and r["path"].endswith(path.name) and r["line"] == line
    ]


def test_the_shipped_content_states_every_value_it_cites() -> None:
    report = api.check(CONTENT)
    found = [d for d in report.diagnostics if d.code in CODES]
    assert not found, "\n".join(f"{d.loc}: {d.code}: {d.message}" for d in found)
    for game in GAMES:  # and the check is not vacuous: each game cites hundreds of values
        assert len(_claims(game)) > 100, game


def test_a_cost_changed_from_the_rules_is_an_error_at_the_value_quoting_it(tmp_path: Path) -> None:
    """Issue 33: court.yaml's Tax costs 6 (L278, 'Tax (6 cost)'); a designer's 5 fails."""
    content = copy_content(tmp_path)
    court = content / "god-emperor" / "court.yaml"
    edit(court, 'name: "Tax", cost: 6,', 'name: "Tax", cost: 5,')
    code, records = _check(content, "god-emperor")
    line = line_of(court, 'name: "Tax"')
    (hit,) = _at(records, "RULES-VALUE", court, line)
    assert code == 1
    assert hit["column"] == court.read_text().splitlines()[line - 1].index("cost: 5") + 7
    assert hit["message"].startswith("Tax's cost is 5 here; L278 says \"Tax (6 cost): Institute")


def test_a_house_rule_is_a_waiver_of_the_value_with_its_reason(tmp_path: Path) -> None:
    """A designer who makes Tax cost 5 on purpose waives the finding at that value: it is
    listed as waived, the check passes; the waiver is spent there and nowhere else."""
    content = copy_content(tmp_path)
    court = content / "god-emperor" / "court.yaml"
    edit(court, 'name: "Tax", cost: 6,', 'name: "Tax", cost: 5,')
    edit(court, 'name: "Fines", cost: 1,', 'name: "Fines", cost: 2,')
    court.write_text(
        court.read_text()
        + "waive:\n  - {rule: RULES-VALUE, at: [proposals.3.cost], reason: Our Tax is cheaper.}\n"
    )
    proc = toolkit("check", "--content", str(content), "--game", "god-emperor", "--format", "json")
    records = json.loads(proc.stdout)
    tax = _at(records, "RULES-VALUE", court, line_of(court, 'name: "Tax"'))
    fines = _at(records, "RULES-VALUE", court, line_of(court, 'name: "Fines"'))
    assert [r["waived"] for r in tax] == ["Our Tax is cheaper."]
    assert [r["waived"] for r in fines] == [None] and proc.returncode == 1


def test_a_madness_vp_changed_from_the_rules_is_an_error_quoting_the_table(tmp_path: Path) -> None:
    """Issue 33: boards/madness.yaml's levels 6-9 score 3 VPs (DD3.3.4.1, its table's
    `6-9  3`); 4 fails, at the value, quoting the row under the heading naming its columns."""
    content = copy_content(tmp_path)
    madness = content / "forty-factions" / "boards" / "madness.yaml"
    edit(madness, "{low: 6, high: 9, vp: 3}", "{low: 6, high: 9, vp: 4}")
    code, records = _check(content, "forty-factions")
    (hit,) = _at(records, "RULES-VALUE", madness, line_of(madness, "{low: 6, high: 9"))
    assert code == 1
    assert (
        hit["message"] == '`vp.2.vp` is 4 here; DD3.3.4.1 says "Level of Madness | VPs … 6-9 | 3"'
    )


def test_a_citation_of_a_line_that_does_not_exist_is_an_error(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    court = content / "god-emperor" / "court.yaml"
    edit(court, "source: L278}", "source: L9999}")
    navy = faction_file(content, 56)
    edit(navy, 'number: "000:104"', 'number: "000:9999"')
    _code, records = _check(content, "god-emperor")
    (hit,) = _at(records, "RULES-CITE", court, line_of(court, 'name: "Tax"'))
    assert "L9999 cites no line of rules/god-emperor-megagame-rules.txt" in hit["message"]
    code, records = _check(content, "forty-factions")
    (hit,) = _at(records, "RULES-CITE", navy, line_of(navy, '"000:9999"'))
    assert code == 1 and "000:9999" in hit["message"]
    # a value whose citation names nothing is not also said to be unsourced, nor judged
    assert not [r for r in records if r["path"].endswith(navy.name) and r["code"] != "RULES-CITE"]


def test_a_page_alone_cannot_be_checked_but_may_stand_beside_lines(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "worldspanner" / "game.yaml"
    edit(game, 'source: "p. 19, 003:1722-1728"', 'source: "p. 19"')
    code, records = _check(content, "worldspanner")
    (hit,) = _at(records, "RULES-CITE", game, line_of(game, 'source: "p. 19"'))
    assert code == 1 and "a page cannot be checked" in hit["message"]


def test_a_value_citing_nothing_warns_and_fails_under_strict(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    reform = faction_file(content, 28)
    edit(reform, '  category: "000:481, 000:489"\n', "")
    code, records = _check(content, "forty-factions")
    (hit,) = _at(records, "RULES-UNSOURCED", reform, line_of(reform, "category: political"))
    assert code == 0 and hit["severity"] == "warning"
    assert hit["message"].startswith("Reform Party's category is 'political-parties' here")
    code, _records = _check(content, "forty-factions", "--strict")
    assert code == 1


def test_an_invented_value_given_a_source_and_a_wrong_line_fail(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    zakel = faction_file(content, 1)
    # a value the rules never give, passed off as the card row's
    edit(zakel, "politics: militant\n", "politics: militant\nalignment: Lawful Good\n")
    edit(zakel, "sources:\n", 'sources:\n  alignment: "000:47"\n')
    # a real value given the wrong line: the Anarchists' line does not make 28 Liberal
    reform = faction_file(content, 28)
    edit(reform, 'politics: "000:481"', 'politics: "000:489"')
    _code, records = _check(content, "forty-factions")
    found = {(Path(r["path"]).name[:4], r["line"]) for r in records if r["code"] == "RULES-VALUE"}
    assert found == {
        ("001-", line_of(zakel, "alignment: Lawful")),
        ("028-", line_of(reform, "politics: liberal")),
    }


def test_a_line_that_only_mentions_a_value_does_not_state_it(tmp_path: Path) -> None:
    """10.3.2.2.1 names the three party factions together (it says nothing of enemies);
    10.3.3 says "militant" of the Anarchist Movement, not of the Navy."""
    content = copy_content(tmp_path)
    reform = faction_file(content, 28)
    edit(reform, "placeholders: [locations.0, enemies]", "placeholders: [locations.0]")
    edit(reform, 'politics: "000:481"', 'politics: "000:481"\n  enemies: "000:481"')
    navy = faction_file(content, 2)
    edit(navy, "placeholders: [politics, ", "placeholders: [")
    edit(navy, 'expansion: "000:48"', 'expansion: "000:48"\n  politics: "10.3.3"')
    _code, records = _check(content, "forty-factions")
    messages = {r["message"] for r in records if r["code"] == "RULES-VALUE"}
    assert messages == {
        "Reform Party's enemies.0 is 42 here; 000:481 names no enemies",
        "Navy's politics is 'militant' here; 10.3.3 does not name the Navy",
    }


def test_an_erratum_quoting_what_its_source_does_not_print_fails(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    plot = content / "forty-factions" / "plots" / "019-they-walk-amongst-us.yaml"
    edit(plot, 'source: "000:131"', 'source: "000:130"')
    _code, records = _check(content, "forty-factions")
    (hit,) = [r for r in records if r["path"].endswith(plot.name)]
    assert hit["code"] == "RULES-VALUE" and "XVIII The Sun" in hit["message"]


def test_a_quotation_in_a_reason_or_note_citing_the_wrong_line_fails(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    game = content / "god-emperor" / "game.yaml"
    edit(game, "(L267) follows", "(L266) follows")
    components = content / "god-emperor" / "components.yaml"
    edit(components, "'on the War map' (L382)", "'on the War map' (L381)")
    _code, records = _check(content, "god-emperor")
    found = [(Path(r["path"]).name, r["message"]) for r in records if r["code"] == "RULES-VALUE"]
    assert len(found) == 2, found
    assert any(f == "game.yaml" and "L266" in m and "(it is at 004:267)" in m for f, m in found)
    assert any(f == "components.yaml" and "L381" in m for f, m in found)


def test_a_rules_text_outside_the_project_or_missing_is_refused(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    outside = tmp_path.parent / f"{tmp_path.name}-outside.txt"
    outside.write_text("Tax (5 cost)\n", encoding="utf-8")
    (tmp_path / "rules" / "god-emperor-megagame-rules.txt").unlink()
    (tmp_path / "rules" / "god-emperor-megagame-rules.txt").symlink_to(outside)
    edit(content / "worldspanner" / "game.yaml", "rules/worldspanner-", "rules/gone-")
    code, records = _check(content, "god-emperor")
    (text,) = [r for r in records if r["code"] == "RULES-TEXT"]
    assert code == 1 and "leads outside" in text["message"]
    assert text["path"].endswith("god-emperor/game.yaml")
    code, records = _check(content, "worldspanner")
    (text,) = [r for r in records if r["code"] == "RULES-TEXT"]
    assert code == 1 and "rules/gone-factions-rulebook.md" in text["message"]
    # the path must be written inside the project: the schema refuses one that climbs out
    edit(content / "worldspanner" / "game.yaml", "rules/gone-", "../rules/worldspanner-")
    code, records = _check(content, "worldspanner")
    assert code == 1 and any(r["code"] == "SCHEMA-VALUE" for r in records)


def test_the_rules_codes_are_explained() -> None:
    for code in sorted(CODES):
        proc = toolkit("check", "--explain", code)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.startswith(f"{code}: ")


@pytest.mark.slow
def test_the_result_is_the_same_with_a_cache_and_a_rules_text_edit_is_read(
    tmp_path: Path,
) -> None:
    """The same report with no cache and with one (cold, then kept); an edit to a rules
    text, outside every content folder, is read again: the kept result is not used."""
    content = copy_content(tmp_path)

    def env(cached: bool) -> dict[str, str]:
        out = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
        if cached:
            out.pop("TOOLKIT_NO_CACHE", None)
        else:
            out["TOOLKIT_NO_CACHE"] = "1"
        return out

    def run(cached: bool) -> tuple[int, str]:
        proc = toolkit("check", "--content", str(content), env=env(cached))
        return proc.returncode, proc.stdout

    plain = run(False)
    assert plain[0] == 0
    assert run(True) == plain and run(True) == plain  # cold, then kept
    assert any((tmp_path / "cache").rglob("*")), "nothing was kept: no cache was compared"
    rules = tmp_path / "rules" / "god-emperor-megagame-rules.txt"
    text = rules.read_text(encoding="utf-8")
    assert "(6 cost): Institute" in text
    rules.write_text(text.replace("(6 cost): Institute", "(7 cost): Institute"), encoding="utf-8")
    edited = run(False)
    assert edited[0] == 1 and "Tax's cost is 6 here; L278 says \"Tax (7 cost)" in edited[1]
    assert run(True) == edited


# ------------------------------------------------------------------ the property test


@cache
def _claims(game: str) -> tuple[Claim, ...]:
    """The whole numbers each game cites, as the toolkit reads their citations."""
    pack, content = load_game(CONTENT, game, Report())
    assert pack.provenance is not None
    texts, said = game_texts(content, pack.provenance)
    assert not said
    return tuple(
        c
        for c in cited_values(content, pack.provenance, texts)
        if type(c.value) is int and not c.quotation and c.key not in NAMED
    )


# number words, ordinals and the like: a replacement the passage prints in none of these
# forms is one the rules do not state there
_WORDS = {
    0: "zero no none not nothing", 1: "one once single first", 2: "two both twice double second",
    3: "three thrice third", 4: "four fourth", 5: "five fifth", 6: "six sixth",
    7: "seven seventh", 8: "eight eighth", 9: "nine ninth", 10: "ten tenth", 11: "eleven",
    12: "twelve dozen", 13: "thirteen", 14: "fourteen", 15: "fifteen", 16: "sixteen",
    20: "twenty", 30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 100: "hundred",
}  # fmt: skip


def _prints(passage: str, n: int) -> bool:
    """Does the passage print the number, as digits (a sign aside) or as a word?"""
    if re.search(rf"(?<!\d){abs(n)}(?!\d)", passage):
        return True
    words = set(re.findall(r"[a-z]+", passage.lower()))
    return any(w in words or w + "s" in words for w in _WORDS.get(abs(n), "").split())


def _replacement(claim: Claim) -> int | None:
    """The nearest whole number the cited passage does not print, within the field's
    bounds; None when there is none near."""
    field = claim.path[len(claim.owner_path)]
    meta = next(fi.meta for fi in fields_of(type(claim.owner)) if fi.name == field)
    low = meta.get("ge") if meta.get("ge") is not None else (claim.value if claim.value < 0 else 0)
    high = meta.get("le") if meta.get("le") is not None else claim.value + 40
    value = int(claim.value)  # type: ignore[call-overload]
    for step in range(1, 41):
        for n in (value + step, value - step):
            if low <= n <= high and not _prints(claim.text, n):
                return n
    return None


def _letters(text: str) -> str:
    """Letters and digits only: the passage's markup (`<sup>`), spacing and a table's tabs
    aside, as a message quotes it."""
    return re.sub(r"[^a-z0-9]", "", re.sub(r"</?\w+>", "", text).lower())


@pytest.mark.slow
@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_cited_number_changed_is_an_error_at_it_quoting_the_passage(
    data: st.DataObject,
) -> None:
    game = data.draw(st.sampled_from(GAMES))
    claim = data.draw(st.sampled_from(_claims(game)))
    new = _replacement(claim)
    assume(new is not None)
    loc = claim.doc.loc_of(*claim.path)
    path = Path(loc.path)
    rel = path.resolve().relative_to((CONTENT / game).resolve())
    lines = path.read_text(encoding="utf-8").split("\n")
    row = lines[loc.line - 1]
    token = re.match(r"-?\d+", row[loc.col - 1 :])
    assert token is not None and int(token[0]) == claim.value, (row, loc)
    lines[loc.line - 1] = row[: loc.col - 1] + str(new) + row[loc.col - 1 + len(token[0]) :]
    with edited_game(game, {rel: "\n".join(lines)}) as content:
        report = api.check(content, game)
    mine = [d for d in report.diagnostics if Path(d.loc.path).name == path.name]
    assume(not any(d.code.startswith(("SCHEMA-", "YAML-")) for d in mine))  # not a legal value
    hits = [d for d in mine if d.code == "RULES-VALUE" and d.loc.line == loc.line]
    assert hits, f"{rel}:{loc.line}: {claim.value} -> {new} ({claim.refs}) passed"
    said = [d for d in hits if f" is {new} here" in d.message]
    assert said, [d.message for d in hits]
    quoted = re.search(r'(?: says|states no number:) "(.*)"$', said[0].message)
    assert quoted, said[0].message
    quote = quoted[1]
    for piece in quote.split("…"):
        assert _letters(piece) in _letters(claim.text), (piece, claim.text)
