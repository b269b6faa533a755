"""`toolkit init DIR --game ID`: a new game of a pack, as its designer starts it: the shipped
game's rules data and every other file but the cards, each card folder empty; `check` and
`coverage` run there and say what the rules still need at its file and line; `toolkit new`
adds a first card, and `check` and `build` then run."""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from tests.support.shipped import CONTENT, ROOT, toolkit

REPO, REV = "https://example.org/toolkit.git", "v1.2.3"
SUMMARY = re.compile(r"^(?P<files>\d+) files checked, (?P<errors>\d+) errors?")


@dataclass(frozen=True)
class Game:
    """What a designer expects of a new game of one pack."""

    folders: tuple[str, ...]  # the card folders, made empty
    kind: str  # the kind of card `toolkit new` makes first
    name: str
    waiting: tuple[str, ...]  # rule codes that say which cards are still to write


GAMES = {
    "forty-factions": Game(
        ("factions", "plots"), "faction", "The Lamplighters", ("FF-DECK-MISSING",)
    ),
    "worldspanner": Game(
        ("challenges", "heroes", "map", "quests", "treasure"),
        "hero",
        "Lamp Warden",
        ("WS-QUEST-DECK", "WS-COMP-DECK"),
    ),
    "god-emperor": Game((), "favor", "Night Market", ()),
}


def _init(tmp_path: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    argv = ["init", *map(str, args), "--content", str(CONTENT)]
    return toolkit(*argv, "--toolkit-repo", REPO, "--toolkit-rev", REV, cwd=tmp_path)


def _new_game(tmp_path: Path, game: str) -> Path:
    repo = tmp_path / "designer"
    made = _init(tmp_path, repo, "--game", game)
    assert made.returncode == 0, made.stdout + made.stderr
    assert "Traceback" not in made.stderr
    return repo


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def _files_checked(said: str) -> int:
    """How many content files `toolkit check` says it read (its last line)."""
    found = SUMMARY.match(said.strip().splitlines()[-1])
    assert found, said
    return int(found["files"])


def _names(doc: object) -> set[str]:
    """Every `name:` value of a YAML document: the cards it holds, wherever they stand."""
    if isinstance(doc, dict):
        own = {str(doc["name"])} if "name" in doc else set()
        return own.union(*(_names(v) for v in doc.values()))
    if isinstance(doc, list):
        return set().union(*(_names(v) for v in doc))
    return set()


def _checked(repo: Path) -> tuple[int, list[dict[str, object]], str]:
    """`toolkit check` in `repo`: its exit code, its findings (JSON) and its text output,
    each read as a user would see them (no traceback; every finding at a line of a file)."""
    text = toolkit("check", cwd=repo)
    assert text.returncode in (0, 1), text.stdout + text.stderr
    assert "Traceback" not in text.stdout + text.stderr
    found = toolkit("check", "--format", "json", cwd=repo)
    assert found.returncode == text.returncode, found.stderr
    records = json.loads(found.stdout)
    for r in records:
        path = repo / str(r["path"])
        assert path.is_file(), r
        lines = path.read_text(encoding="utf-8").splitlines()
        assert 1 <= int(str(r["line"])) <= len(lines), r  # a line of the file
        assert f"{r['path']}:{r['line']}:{r['column']}: " in text.stdout, r
    return text.returncode, records, text.stdout


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_init_game_writes_the_shipped_game_without_its_cards(tmp_path: Path, game: str) -> None:
    expect = GAMES[game]
    repo = _new_game(tmp_path, game)
    shipped = _files(CONTENT / game)
    written = _files(repo / "content" / game)
    assert written["game.yaml"] == shipped["game.yaml"]
    cards = [f for f in shipped if f.split("/")[0] in expect.folders]
    assert cards or not expect.folders  # the shipped game has cards there to leave out
    assert written == {f: data for f, data in shipped.items() if f not in cards}
    for folder in expect.folders:  # each card folder there, empty
        assert (repo / "content" / game / folder).is_dir()
        assert not any((repo / "content" / game / folder).iterdir()), folder
    declared = yaml.safe_load(shipped["game.yaml"])["rules_texts"]
    for path in declared.values():  # the rules texts game.yaml cites, as shipped
        assert (repo / path).read_bytes() == (ROOT / path).read_bytes()
    assert json.loads((repo / f"schemas/{game}/game.schema.json").read_text())["$schema"]
    hooks = yaml.safe_load((repo / ".pre-commit-config.yaml").read_text())["repos"]
    assert [(h["repo"], h["rev"]) for h in hooks] == [(REPO, REV)]
    workflow = yaml.safe_load((repo / ".github/workflows/content.yml").read_text())
    runs = [s.get("run", "") for s in workflow["jobs"]["check-and-build"]["steps"]]
    assert "toolkit check --format github" in runs
    assert "build/" in (repo / ".gitignore").read_text().split()
    readme = (repo / "README.md").read_text()
    assert "`game.yaml`" in readme and "the shipped" in readme  # says where game.yaml is from
    for folder in expect.folders:
        assert f"content/{game}/{folder}/" in readme
    named = re.findall(r"schemas/\S+\.schema\.json", readme)
    assert len(named) == len(expect.folders)
    assert all((repo / path).is_file() for path in named), named  # each schema it names
    assert f"toolkit new {game} {expect.kind}" in readme


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_check_and_coverage_in_a_new_game_say_what_is_left_to_write(
    tmp_path: Path, game: str
) -> None:
    expect = GAMES[game]
    repo = _new_game(tmp_path, game)
    code, records, _text = _checked(repo)
    errors = {str(r["code"]) for r in records if r["severity"] == "error" and not r["waived"]}
    assert code == (1 if errors else 0)
    assert set(expect.waiting) <= errors, errors
    if not expect.waiting:
        assert code == 0, records
    covered = toolkit("coverage", cwd=repo)
    assert covered.returncode == 0, covered.stdout + covered.stderr
    assert "Traceback" not in covered.stderr
    for path in (repo / "content" / game).rglob("*.yaml"):  # every content file, listed
        assert path.relative_to(repo).as_posix() in covered.stdout, path


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_new_adds_a_first_card_to_a_new_game_and_check_runs(tmp_path: Path, game: str) -> None:
    expect = GAMES[game]
    repo = _new_game(tmp_path, game)
    _code, _records, before = _checked(repo)
    shipped = _files(repo / "content" / game)
    made = toolkit("new", game, expect.kind, f"name={expect.name}", cwd=repo)
    assert made.returncode in (0, 1), made.stdout + made.stderr
    assert "Traceback" not in made.stdout + made.stderr
    now = _files(repo / "content" / game)
    added = sorted(set(now) - set(shipped))
    changed = sorted(f for f in shipped if now[f] != shipped[f])
    if expect.folders:  # a new file in its card folder, named for the card
        assert len(added) == 1 and added[0].split("/")[0] in expect.folders, added
        assert f"wrote content/{game}/{added[0]}" in made.stdout + made.stderr
    else:  # a card kept in a list of one file: that file edited
        assert not added and changed, made.stdout
    card = added or changed
    assert any(expect.name in _names(yaml.safe_load(now[f])) for f in card), card
    _code, _records, after = _checked(repo)
    assert _files_checked(after) == _files_checked(before) + len(added)


@pytest.mark.slow
def test_build_in_a_new_game_refuses_while_the_rules_want_more_cards(tmp_path: Path) -> None:
    repo = _new_game(tmp_path, "forty-factions")
    made = toolkit("new", "forty-factions", "faction", "name=The Lamplighters", cwd=repo)
    assert "Traceback" not in made.stdout + made.stderr
    built = toolkit("build", cwd=repo)
    assert built.returncode == 1, built.stdout + built.stderr
    assert "Traceback" not in built.stdout + built.stderr
    assert "nothing built" in built.stdout + built.stderr
    assert re.search(
        r"^content/forty-factions/game\.yaml:\d+:\d+: error\[FF-DECK-MISSING\]", built.stdout, re.M
    )
    assert not (repo / "build/forty-factions").exists() or not _files(repo / "build/forty-factions")


@pytest.mark.slow
def test_a_first_favor_of_a_new_god_emperor_game_builds(tmp_path: Path) -> None:
    repo = _new_game(tmp_path, "god-emperor")
    made = toolkit("new", "god-emperor", "favor", "name=Night Market", cwd=repo)
    assert made.returncode == 0, made.stdout + made.stderr
    built = toolkit("build", "--only", "cards/favors/*night-market*", cwd=repo)
    assert built.returncode == 0, built.stdout + built.stderr
    (card,) = (repo / "build/god-emperor/cards/favors").glob("*night-market.pdf")
    assert card.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    "choice", [(), ("--game", "worldspanner", "--from", "worldspanner")], ids=["none", "both"]
)
def test_init_takes_exactly_one_of_game_and_from(tmp_path: Path, choice: tuple[str, ...]) -> None:
    target = tmp_path / "new"
    proc = _init(tmp_path, target, *choice)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "exactly one of --game ID" in proc.stderr and "--from GAME" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not target.exists()


def test_init_game_names_a_game_without_a_pack_and_writes_nothing(tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "fifty-factions").mkdir(parents=True)
    (content / "fifty-factions/game.yaml").write_text("title: Fifty Factions\n")
    target = tmp_path / "new"
    proc = toolkit(
        "init",
        str(target),
        "--game",
        "fifty-factions",
        "--content",
        str(content),
        "--toolkit-repo",
        REPO,
        "--toolkit-rev",
        REV,
        cwd=tmp_path,
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "no game pack named 'fifty-factions'" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not target.exists()
