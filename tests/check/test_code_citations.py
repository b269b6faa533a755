"""Citations in code: every rule reference a game pack prints names lines of that game's
rules texts, read as `toolkit check` reads them (`toolkit.load.rules_text`), and the
passage it names holds what is printed beside it.

- Every reference written in a pack's code where it prints one (a procedure's rule, a
  step's, a table's, a panel's, a result's, a rule's source) and every God Emperor line
  (`L304`) anywhere in its code resolves to lines of the texts.
- Every statement the packs print with a reference (the procedures' statements and the
  DM screens' and Control references' panels, steps and tables) is held by the passage:
  most of its numbers (some are computed from the content: "with all 40 seats voting, 21")
  and some of the words that carry its sense, as `toolkit.check.wording` reads them.

A rulebook page (`p. 14`, Worldspanner) cannot be checked: the texts have no page marks.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.rules_text import texts
from tests.support.shipped import CONTENT, ROOT
from toolkit.check.procedures import Step
from toolkit.check.wording import says_number, says_time, words
from toolkit.commands.checking import load_game
from toolkit.core.diagnostics import Report
from toolkit.load.rules_text import Cited
from toolkit.validate.sources import ONE

GAMES = ("forty-factions", "worldspanner", "god-emperor")
PAGE = re.compile(r"p\. \d+(?:-\d+)?")
REF = re.compile(ONE)
# where each printed form takes its reference: (position, keyword)
PRINTS = {
    "Step": (1, "rule"),
    "Table": (3, "rule"),
    "Panel": (2, "rule"),
    "Procedure": (2, "rule"),
    "Result": (3, "rule"),
    "Rule": (2, "source"),
}
GE_LINE = re.compile(r"(?<![\w:.])L\d+(?:-\d+)?(?![\w:])")
NUMBER = re.compile(r"(?<![\w.])[+-]?\d+(?:\.\d+)?(?!\w|\.\d)")
CLOCK = re.compile(r"\d{1,2}:\d{2}")
# a card's number after its name, `Rat Cult (40)`, names it; a step's own number, `1. `
NOT_VALUES = re.compile(r"\(\d+\)|^\s*\d+[.:)]\s")


def _pack_dir(game: str) -> Path:
    return ROOT / "toolkit" / "games" / game.replace("-", "_")


def _written(game: str) -> Iterator[tuple[str, str]]:
    """(where, reference list) of every reference the pack's code writes where it prints
    one, and every God Emperor line cited anywhere in its code."""
    for path in sorted(_pack_dir(game).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name in PRINTS:
                    at, key = PRINTS[name]
                    arg = next((k.value for k in node.keywords if k.arg == key), None)
                    if arg is None and len(node.args) > at:
                        arg = node.args[at]
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        yield f"{rel}:{node.lineno} {name}", arg.value
            if game == "god-emperor" and isinstance(node, ast.Constant) and type(node.value) is str:
                for m in GE_LINE.finditer(node.value):
                    yield f"{rel}:{node.lineno}", m[0]


def _refs(refs: str) -> list[str]:
    """The references of a list that the texts can show (a page, or prose, they cannot)."""
    return [
        r.strip()
        for r in refs.split(",")
        if REF.fullmatch(r.strip()) and not PAGE.fullmatch(r.strip())
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_reference_the_code_writes_names_lines_of_the_rules(game: str) -> None:
    found = list(_written(game))
    checked = [(where, ref) for where, refs in found for ref in _refs(refs)]
    # Worldspanner's code cites rulebook pages, which no text shows: its lines are few
    least = 1 if game == "worldspanner" else 50
    assert len(checked) > least, f"{game}: only {len(checked)} references found in its code"
    bad = [
        f"{where}: {ref}: {got}"
        for where, ref in checked
        if not isinstance(got := texts(game).resolve(ref), Cited)
    ]
    assert not bad, "\n".join(bad)


def _statements(game: str) -> Iterator[tuple[str, str, str]]:
    """(where, statement, reference) of everything the game's procedures and screen
    panels print beside a reference."""
    pack, content = load_game(CONTENT, game, Report())
    module = pack.procedures
    assert module is not None
    for p in module(content):
        yield f"procedure {p.name}", f"{p.title}. {p.summary}", p.rule
        for s in p.statement:
            yield f"procedure {p.name}", s.text, s.rule
    name = f"toolkit.games.{game.replace('-', '_')}"
    ix = importlib.import_module(f"{name}.index").Index.build(content)
    for panel in importlib.import_module(f"{name}.screen").panels(ix):
        yield f"panel {panel.id}", panel.title, panel.rule
        for s in (*panel.steps, *panel.notes):
            assert isinstance(s, Step)
            yield f"panel {panel.id}", s.text, s.rule
        for t in panel.tables:
            yield f"panel {panel.id} table", t.caption, t.rule


def _holds(passage: str, statement: str) -> str:
    """Why the passage does not hold the statement ("" when it does)."""
    times = CLOCK.findall(statement)
    plain = NOT_VALUES.sub(" ", CLOCK.sub(" ", statement))
    numbers = NUMBER.findall(plain)
    missing = [n for n in numbers if not says_number(passage, abs(float(n)))]
    missing += [t for t in times if not says_time(passage, t)]
    if len(missing) * 2 > len(numbers) + len(times):
        return f"it does not state {', '.join(missing)}"
    mine = words(statement)
    if mine and len(mine & words(passage)) < 0.2 * len(mine):
        return f"it shares too few of the words {sorted(mine)}"
    return ""


@pytest.mark.parametrize("game", GAMES)
def test_every_printed_statement_is_held_by_the_passage_it_cites(game: str) -> None:
    seen, bad, checked = set(), [], 0
    for where, statement, refs in _statements(game):
        if (statement, refs) in seen or not _refs(refs):
            continue
        seen.add((statement, refs))
        cited = [texts(game).resolve(r) for r in _refs(refs)]
        if not all(isinstance(c, Cited) for c in cited):
            continue  # said by the test above
        checked += 1
        why = _holds("\n".join(c.passage for c in cited if isinstance(c, Cited)), statement)
        if why:
            bad.append(f"{where} ({refs}): {why}: {statement!r}")
    assert checked > (20 if game != "worldspanner" else 2), f"{game}: {checked} checked"
    assert not bad, "\n".join(bad)


def test_the_god_emperor_court_cites_the_lines_that_say_it() -> None:
    """Issue 33: the Court's pool is at L304, explaining a proposal at L306-310, the vote
    at L314; court.yaml's pool and Immortals cite L304 and L195."""
    pack, content = load_game(CONTENT, "god-emperor", Report())
    assert pack.procedures is not None
    (pool,) = [p for p in pack.procedures(content) if p.name == "court-pool"]

    def rule(start: str) -> str:
        return next(s.rule for s in pool.statement if s.text.startswith(start))

    assert rule("When the Court assembles") == "L304"
    assert rule("The Sovereign (or Court Control) chooses") == "L306-310"
    assert rule("A majority of the assembled players") == "L314"
    assert pool.rule == "L304, L316"
    court = (CONTENT / "god-emperor" / "court.yaml").read_text(encoding="utf-8")
    assert 'pool: "L304"' in court and 'immortal_attack: "L195"' in court
    about = [ln for ln in court.splitlines() if "pool" in ln or "mmortal" in ln]
    assert about and not [ln for ln in about if re.search(r"\bL(302|196)\b", ln)], about
