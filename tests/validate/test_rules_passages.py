"""Every passage of the rules that names a card is on that card's sheet (13.2.2.1).

The rules texts are searched, apart from the toolkit, for the names of the cards
(from the content files: full names, the parts of a name written "A / B", a deity
without "Temple of", a tribe's animal, a plot without its article, and the cards the
rules call plots by: Wheel of Fortune, Fool). Each passage found outside the card
tables must be quoted under that card's `rules:` with a source that cites it (or an
identical copy of it, such as SC2.1.3 for 13.2.1.3), and the quotation must be on the
card's sheet PDF, as pdftotext reads it. The pawn-colour table (5.6) is shown in each
named faction's Pawns field instead. A mention that is not a rule of the card (an
example of another rule, the list of Parties) is excluded below, with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from tests.support.rules_text import lines, resolve_all, section_at
from tests.support.shipped import FF, pdf_text

TEXTS = ("000", "001", "002")
# The rules name these plots by their tarot cards (8.6, 8.7, 13.2.1.3).
ALIASES = {
    "Wheel of Fortune": ("p", (10, 32)),
    "Random Event": ("p", (10, 32)),
    "Fool": ("p", (22, 44)),
}
PAWN_TABLE = range(272, 279)  # 000: the table of 5.6
EXCLUDED = {
    ("000:161", "f42"): "4.3.6's list of politics names the Party, not the card",
    ("000:355", "f43"): "7.2.3 uses the Temple of KOROS as an example of a Location trade",
    ("000:355", "f7"): "7.2.3 uses the Temple of SOROK as an example of a Location trade",
    ("000:404", "f35"): "8.4 uses the Temple of FIDAR as an example of specifying a Plot",
    ("000:407", "f6"): "8.7 uses the Temple of WAGREN as an example of a Wild Card",
    ("000:421", "p15"): "9.6: a Faction's request for a demon summoning, not the Plot card",
    ("000:727", "p42"): "13.1.3's introduction: the Congress 'sits Once in a Blue Moon'",
    ("002:44", "p42"): "DD1's introduction, the same sentence as 13.1.3's",
    ("002:78", "f76"): "DD3.1.2.2's 'Time of No Snakes', not the Snake Tribes",
}


@dataclass(frozen=True)
class Mention:
    """A line of the rules that names a card."""

    ref: str  # `000:798`
    card: str  # `p10`, `f42`
    name: str  # the name found

    @property
    def paragraph(self) -> str:
        text_id, line = self.ref.split(":")
        sec = section_at(text_id, int(line))
        cited = resolve_all("forty-factions", sec) if sec else [None]
        return cited[0].passage if cited[0] is not None else lines(text_id)[int(line) - 1]


def _cards() -> dict[str, dict]:
    out = {}
    for kind, folder in (("f", "factions"), ("p", "plots")):
        for f in sorted((FF / folder).glob("*.yaml")):
            d = yaml.safe_load(f.read_text(encoding="utf-8"))
            out[f"{kind}{d['number']}"] = d | {"_file": f}
    return out


CARDS = _cards()


def _names() -> list[tuple[str, str]]:
    names: list[tuple[str, str]] = []
    for key, d in CARDS.items():
        # the name as the card has it, and as an erratum says the rules also print it
        forms = {d["name"], *(e["printed"] for e in d.get("errata") or [] if e["field"] == "name")}
        forms |= {p.strip() for p in re.split(r" / |\(|\)", d["name"]) if len(p.strip()) > 3}
        if key[0] == "f":
            forms |= {re.sub(r"^(Temple of|The) ", "", f) for f in list(forms)}
            forms |= {f[: -len(" Tribes")] for f in list(forms) if f.endswith(" Tribes")}
        else:
            forms |= {re.sub(r"^A ", "", f) for f in list(forms)}
        names += [(form, key) for form in sorted(forms) if len(form) > 2]  # stable test ids
    for form, (kind, numbers) in ALIASES.items():
        names += [(form, f"{kind}{n}") for n in numbers]
    return names


def discover() -> list[Mention]:
    """Every line outside the card tables that names a card, once per card."""
    found: dict[tuple[str, str], Mention] = {}
    patterns = [(re.compile(rf"(?<![A-Za-z]){re.escape(n)}s?(?![a-z])"), n, k) for n, k in _names()]
    for text_id in TEXTS:
        for n, line in enumerate(lines(text_id), 1):
            if re.match(r"\s*(<b>)?(\d+|No\.)(</b>)?\t", line) or line.startswith("\t"):
                continue  # the card lists: a row, its header, a wrapped row
            for pattern, name, key in patterns:
                if pattern.search(line):
                    found.setdefault((f"{text_id}:{n}", key), Mention(f"{text_id}:{n}", key, name))
    return sorted(found.values(), key=lambda m: (m.ref, m.card))


MENTIONS = discover()
CARRIED = [m for m in MENTIONS if (m.ref, m.card) not in EXCLUDED]


def _carrying(m: Mention) -> list[dict]:
    """The card's quoted passages that cite the mention's line or quote its paragraph."""
    text_id, line = m.ref.split(":")
    out = []
    for p in CARDS[m.card].get("rules") or []:
        cited = [c for c in resolve_all("forty-factions", p["source"]) if c is not None]
        if any(c.text.id == text_id and int(line) in c.numbers for c in cited):
            out.append(p)
        elif _letters(p["text"].split("…")[0]) in _letters(m.paragraph):
            out.append(p)  # the same passage printed again (SC2.1.3 is 13.2.1.3)
    return out


def _letters(text: str) -> str:
    """Letters and digits only: pdftotext's line breaks and hyphenation aside."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def test_the_search_finds_the_passages_the_issue_names() -> None:
    found = {(m.ref, m.card) for m in CARRIED}
    for want in (
        ("000:798", "p10"),
        ("000:798", "p22"),
        ("001:146", "p30"),
        ("002:102", "p42"),
        ("002:95", "f96"),
        ("002:110", "f86"),
    ):
        assert want in found, want
    assert all(key in {(m.ref, m.card) for m in MENTIONS} for key in EXCLUDED), "stale exclusion"


@pytest.mark.parametrize("mention", CARRIED, ids=lambda m: f"{m.ref}-{m.card}-{m.name}")
def test_passage_is_carried_by_its_card(mention: Mention) -> None:
    if mention.ref.startswith("000:") and int(mention.ref[4:]) in PAWN_TABLE:
        return  # the pawn colour: shown from game.yaml's table (test_pawn_colours_on_sheets)
    assert _carrying(mention), (
        f"{CARDS[mention.card]['_file'].name} quotes no passage for {mention.ref} "
        f"({mention.name}): {lines(mention.ref[:3])[int(mention.ref[4:]) - 1].strip()[:120]}"
    )


@pytest.fixture(scope="module")
def sheets(shipped_kit: Path) -> dict[str, str]:
    """The sheets of every card a passage names, as the run's kit printed them, as text."""
    out = shipped_kit / "build" / "forty-factions"
    paths = {}
    for key in {m.card for m in CARRIED}:
        folder = "factions" if key[0] == "f" else "plots"
        paths[key] = out / "sheets" / folder / f"{CARDS[key]['_file'].stem}.pdf"
    return {k: pdf_text(p) for k, p in paths.items()}


@pytest.mark.parametrize("mention", CARRIED, ids=lambda m: f"{m.ref}-{m.card}-{m.name}")
def test_passage_is_on_the_card_sheet(mention: Mention, sheets: dict[str, str]) -> None:
    text = _letters(sheets[mention.card])
    if mention.ref.startswith("000:") and int(mention.ref[4:]) in PAWN_TABLE:
        colour = lines("000")[int(mention.ref[4:]) - 1].split("\t")[0]
        assert _letters("Pawns" + re.sub(r"</?b>", "", colour)) in text
        return
    passages = _carrying(mention)
    assert passages
    for p in passages:
        for piece in p["text"].split("…"):
            assert _letters(piece) in text, f"not on the sheet of {mention.card}: {piece[:80]}"
        assert _letters(f"({p['source']})") in text


def test_pawn_colours_on_sheets(sheets: dict[str, str]) -> None:
    game = yaml.safe_load((FF / "game.yaml").read_text(encoding="utf-8"))
    for row in game["setup"]["pawn_colours"]:
        for number in row["factions"]:
            if f"f{number}" in sheets:
                assert _letters(f"Pawns {row['colour']}") in _letters(sheets[f"f{number}"])
