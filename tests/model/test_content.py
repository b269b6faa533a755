"""The shipped Forty Factions content carries every fact the rules state, exactly.

The rules texts are read independently here (their tab-separated tables) and
compared with the content files: every faction and plot appears in exactly one
file, with the rules' number, name, tarot card, Alleyman's card and expansion;
where the content differs from the printed text, an erratum must record the
printed value.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.support.shipped import FF, RULES

RULES_DIR = RULES
BASE = RULES_DIR / "forty-factions-base-rules.md"


def test_rules_texts_are_the_shared_ones() -> None:
    """The repository's copy of the rules texts is the project's shared one, where that is
    at hand (a developer's checkout beside ../shared); CI reads the copy."""
    shared = RULES_DIR.parent.parent / "shared" / "rules"
    assert BASE.exists(), f"rules texts not found in {RULES_DIR}"
    if not shared.is_dir():
        pytest.skip("no ../shared/rules beside this checkout to compare with")
    for text in sorted(shared.iterdir()):
        assert (RULES_DIR / text.name).read_bytes() == text.read_bytes(), (
            f"rules/{text.name} differs from {text}: copy the shared text into rules/"
        )


SECTION_EXPANSION = [
    ("13.1.1 Fifty Factions", "50F"),
    ("13.1.2 Sacred Circles", "SC"),
    ("13.1.3 Doorways to Dreams", "DD"),
    ("13.1.4", "Promo"),
    ("13.1.5", "FgF"),
]


def _rules_cards() -> dict[tuple[str, int], dict[str, str]]:
    cards: dict[tuple[str, int], dict[str, str]] = {}
    kind, expansion = "", "base"
    for raw in BASE.read_text(encoding="utf-8").splitlines():
        line = re.sub(r"</?b>", "", raw)
        for marker, code in SECTION_EXPANSION:
            if marker in line and line.lstrip().startswith("#"):
                expansion = code
        cols = line.split("\t")
        if cols[0] == "No.":
            kind = "plot" if cols[1].startswith("Plot") else "faction"
        elif len(cols) == 4 and cols[0].isdigit():
            key = (kind, int(cols[0]))
            assert key not in cards, key
            cards[key] = {
                "name": cols[1].strip(),
                "tarot": cols[2].strip(),
                "alleyman": cols[3].strip(),
                "expansion": expansion,
            }
    return cards


def _content() -> dict[str, list[tuple[Path, dict]]]:
    out: dict[str, list[tuple[Path, dict]]] = {"faction": [], "plot": []}
    for kind, folder in (("faction", "factions"), ("plot", "plots")):
        for f in sorted((FF / folder).glob("*.yaml")):
            out[kind].append((f, yaml.safe_load(f.read_text(encoding="utf-8"))))
    return out


RULES = _rules_cards() if BASE.exists() else {}
CONTENT = _content()


def test_rules_list_114_factions_and_66_plots() -> None:
    assert sorted(n for k, n in RULES if k == "faction") == list(range(1, 115))
    assert sorted(n for k, n in RULES if k == "plot") == list(range(1, 67))


@pytest.mark.parametrize("key", sorted(RULES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_every_card_in_exactly_one_file_as_stated(key: tuple[str, int]) -> None:
    kind, number = key
    stated = RULES[key]
    files = [(f, d) for f, d in CONTENT[kind] if d["number"] == number]
    assert len(files) == 1, f"{kind} {number} is in {len(files)} files"
    path, doc = files[0]
    named = [f for f, d in CONTENT[kind] if d["name"] == stated["name"] and d["number"] == number]
    assert named == [path]
    assert path.name.startswith(f"{number:03d}-")
    assert doc["expansion"] == stated["expansion"]
    errata = {e["field"]: e for e in doc.get("errata", [])}
    for field in ("name", "tarot", "alleyman"):
        if doc[field] == stated[field]:
            # an erratum may only record another print of the value (a name printed two ways)
            other = errata.get(field)
            assert other is None or other["printed"] != stated[field], (
                f"{path.name}: erratum for a value that was not changed"
            )
        else:
            # A corrected typo: the erratum must quote exactly what the rules print.
            assert field in errata, f"{path.name}: {field} differs from the rules without a note"
            assert errata[field]["printed"] == stated[field]
            assert errata[field]["note"].strip()


def test_no_card_file_without_a_card_in_the_rules() -> None:
    for kind, docs in CONTENT.items():
        for path, doc in docs:
            assert (kind, doc["number"]) in RULES, path


def _table_rows(text: str, first: str, count: int) -> list[list[str]]:
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.split("\t")[0].strip() == first)
    return [ln.split("\t") for ln in lines[start : start + count]]


def test_area_table_matches_rules_12_2_1() -> None:
    game = yaml.safe_load((FF / "game.yaml").read_text(encoding="utf-8"))
    text = BASE.read_text(encoding="utf-8")
    start = text.index("12.2.1")
    rows = re.findall(r"^\t?([A-Z][A-Za-z :]+)\t(\d+)\t(\d+)$", text[start:], re.M)[:7]
    areas = {a["name"]: a for a in game["areas"]}
    for name, locations, vp in rows[:6]:
        assert areas[name]["locations"] == int(locations)
        assert areas[name]["vp"] == int(vp)
    total_name, total_locations, total_vp = rows[6]
    assert total_name.startswith("Totals")
    assert game["area_totals"]["vp"] == int(total_vp)
    row_sum = sum(int(r[1]) for r in rows[:6])
    # The rules print a total that is not the sum of the rows: the content must say so.
    if row_sum != int(total_locations):
        assert game["area_totals"]["locations"] == row_sum
        (fix,) = [e for e in game["errata"] if e["field"] == "area_totals.locations"]
        assert fix["printed"] == total_locations


def test_party_seats_match_rules_10_3_1() -> None:
    game = yaml.safe_load((FF / "game.yaml").read_text(encoding="utf-8"))
    text = BASE.read_text(encoding="utf-8")
    block = text[text.index("10.3.1 Each Political Party") :][:400]
    stated = dict(
        re.findall(
            r"^(Militant|Liberal|Conservative|Mercantile|Independent)[^\t]*\t(\d+)", block, re.M
        )
    )
    seats = {p["name"].split()[0]: p["seats"] for p in game["parties"] if p["body"] == "council"}
    assert seats == {k: int(v) for k, v in stated.items()}
    assert game["council"]["seats"] == int(re.search(r"^\t(\d+)$", block, re.M)[1]) == 40


def test_expansion_numbers_match_sacred_circles_and_doorways_rules() -> None:
    sc = (RULES_DIR / "forty-factions-sacred-circles.txt").read_text(encoding="utf-8")
    dd = (RULES_DIR / "forty-factions-doorways-to-dreams.txt").read_text(encoding="utf-8")
    forests = yaml.safe_load((FF / "boards" / "sacred-circles.yaml").read_text())["forests"]
    m = re.search(r"Grasslands \((\d+) Sacred Circles\): (\d)VP", sc)
    assert forests[0]["sacred_circles"] == int(m[1])
    m = re.search(r"Great Desert \((\d+) Sacred Circles \+ (\d+) Lesser Circles\): \*\*(\d)VP", sc)
    assert (forests[1]["sacred_circles"], forests[1]["lesser_circles"]) == (int(m[1]), int(m[2]))
    gathering = yaml.safe_load((FF / "boards" / "gathering.yaml").read_text())
    assert f"rolls d{gathering['die']}" in sc
    assert len(gathering["totems"]) == 13 and "12 Totems plus 1 central Totem" in sc
    congress = yaml.safe_load((FF / "boards" / "congress.yaml").read_text())
    assert f"{congress['chance_per_seat']}% per Activated Faction" in dd
    assert f"{congress['chance_per_seat_all_mad']}% per Activated Faction" in dd
    madness = yaml.safe_load((FF / "boards" / "madness.yaml").read_text())
    table = re.findall(r"^(\d+)(?:-(\d+))?\t(\d+)", dd[dd.index("Level of Madness\tVPs") :], re.M)
    rows = [(int(lo), int(hi or lo), int(vp)) for lo, hi, vp in table[:4]]
    assert rows == [(r["low"], r["high"], r["vp"]) for r in madness["vp"]]
    assert f"maximum of {madness['max_level']}" in dd
