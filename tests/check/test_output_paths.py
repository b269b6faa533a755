"""Where outputs go (issue 18): one output a path in every game (case 3), names a file
system can hold, `--only` and `--expansions` that select nothing (case 10)."""

from __future__ import annotations

import json
import shutil
from functools import partial
from pathlib import Path

import pytest

from tests.support.shipped import DIAG, copy_content, toolkit
from toolkit.core.outputs import Output

WS = "worldspanner"


def _out(path: str, *sources: str) -> Output:
    return Output(path, "sheet", sources, partial(lambda s: b""))


def test_two_challenge_decks_of_one_team_are_a_clash_naming_both_files(tmp_path: Path) -> None:
    """Case 3: `white.yaml` and `white-2.yaml` both make `cards/challenge-white-*.pdf`."""
    content = copy_content(tmp_path)
    decks = content / WS / "challenges"
    shutil.copy(decks / "white.yaml", decks / "white-2.yaml")
    proc = toolkit("check", "--content", str(content), "--game", WS)
    assert proc.returncode == 1, proc.stdout
    (line,) = [ln for ln in proc.stdout.splitlines() if "CONTENT-OUTPUT-CLASH" in ln]
    m = DIAG.match(line)
    assert m and m["sev"] == "error" and m["line"] == "1"
    assert {Path(m["path"]).name} | {"white-2.yaml"} == {"white.yaml", "white-2.yaml"}
    assert "white-2.yaml" in line and "cards/challenge-white-faces.pdf" in line
    out = tmp_path / "out"
    proc = toolkit("build", "--content", str(content), "--game", WS, "--out", str(out))
    assert proc.returncode == 1 and "CONTENT-OUTPUT-CLASH" in proc.stdout
    assert not (out / WS).exists()  # nothing built, nothing lost


def test_the_clash_check_is_the_cores_for_any_game() -> None:
    from toolkit.check.output_paths import path_findings

    outputs = [
        _out("cards/a.pdf", "x/one.yaml", "game.yaml"),
        _out("cards/b.pdf", "x/one.yaml", "game.yaml"),
        _out("cards/a.pdf", "x/two.yaml", "game.yaml"),
        _out("kit/guide.md", "game.yaml"),
        _out("kit/guide.md", "game.yaml"),
    ]
    found = path_findings(outputs)
    assert [(d.code, d.loc.path) for d in found] == [
        ("CONTENT-OUTPUT-CLASH", "x/two.yaml"),
        ("CONTENT-OUTPUT-CLASH", "game.yaml"),
    ]
    assert "x/one.yaml and this file" in found[0].message and "cards/a.pdf" in found[0].message
    assert "two outputs of this file" in found[1].message
    assert path_findings(outputs[:2] + outputs[3:4]) == []


@pytest.mark.slow
def test_every_shipped_game_lists_one_output_a_path() -> None:
    from toolkit.check.output_paths import path_findings
    from toolkit.commands import api
    from toolkit.core.outputs import BuildOptions

    _, loaded = api.check_games(Path("content"), None, False)
    assert len(loaded) == 3
    for pack, content in loaded:
        for options in (BuildOptions(), BuildOptions(preset="pod", paper="letter")):
            outputs = pack.outputs(content, options)
            assert outputs and path_findings(outputs) == [], pack.id


def test_an_output_name_too_long_for_a_file_system_is_a_content_error(tmp_path: Path) -> None:
    """A faction file whose name makes a sheet (and its gallery picture) longer than a file
    name may be: reported by `check`, before a build fails on it."""
    from toolkit.check.output_paths import MAX_NAME_BYTES

    content = copy_content(tmp_path)
    plots = content / "forty-factions" / "plots"
    (victim,) = plots.glob("007-*.yaml")
    long = plots / f"007-{'x' * (MAX_NAME_BYTES - 7)}.yaml"  # its sheet: one byte too long
    victim.rename(long)
    proc = toolkit(
        "check", "--content", str(content), "--game", "forty-factions", "--format", "json"
    )
    assert proc.returncode == 1
    hits = [r for r in json.loads(proc.stdout) if r["code"] == "CONTENT-OUTPUT-NAME"]
    assert [Path(h["path"]).name for h in hits] == [long.name]
    assert f"{MAX_NAME_BYTES + 1} bytes" in hits[0]["message"]


@pytest.mark.slow
def test_only_that_matches_nothing_is_a_usage_error_with_did_you_mean(tmp_path: Path) -> None:
    """Case 10: `--only 'shets/*'` built nothing and exited 0."""
    out = tmp_path / "out"
    proc = toolkit("build", "--game", WS, "--only", "shets/*", "--out", str(out))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stderr.strip().splitlines() == [
        "Error: --only 'shets/*' matches no output; did you mean 'setup/*'?"
    ]
    proc = toolkit("build", "--game", "forty-factions", "--only", "shets/*", "--out", str(out))
    assert proc.returncode == 2 and "did you mean 'sheets/*'" in proc.stderr
    proc = toolkit("build", "--game", WS, "--only", "qqqqqq", "--out", str(out))
    assert proc.returncode == 2 and "it takes an output kind" in proc.stderr
    assert not out.exists()


@pytest.mark.slow
def test_only_given_twice_builds_what_either_matches_in_any_game(tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = toolkit(
        "build",
        "--only",
        "setup/quad-seed-1.svg",
        "--only",
        "boards/law-board.svg",
        "--out",
        str(out),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    built = sorted(str(p.relative_to(out)) for p in out.rglob("*.*") if p.parent.name != "kit")
    assert built == ["god-emperor/boards/law-board.svg", "worldspanner/setup/quad-seed-1.svg"]
    # every pattern must match something: the one that does not is named
    proc = toolkit(
        "build",
        "--only",
        "setup/quad-seed-1.svg",
        "--only",
        "shets/*",
        "--out",
        str(tmp_path / "other"),
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "--only 'shets/*' matches no output; did you mean 'sheets/*'" in proc.stderr
    assert not (tmp_path / "other").exists()


@pytest.mark.parametrize(
    ("game", "codes", "says"),
    [
        (WS, "bogus", "Worldspanner Factions has no expansions"),
        ("forty-factions", "bogus", "unknown expansion 'bogus'; the expansions are"),
        ("forty-factions", "base,50f", "unknown expansion '50f' (did you mean '50F'?)"),
        (None, "SC,bogus", "unknown expansion 'bogus'"),
    ],
)
def test_an_unknown_expansion_is_a_usage_error(
    tmp_path: Path, game: str | None, codes: str, says: str
) -> None:
    """Case 10: `--expansions bogus` was ignored."""
    out = tmp_path / "out"
    where = ["--game", game] if game else []
    proc = toolkit("build", *where, "--expansions", codes, "--only", "kit/*", "--out", str(out))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert says in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_known_expansions_still_build(tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = toolkit(
        "build",
        "--game",
        "forty-factions",
        "--expansions",
        "base,SC",
        "--only",
        "kit/PRINT.md",
        "--out",
        str(out),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (out / "forty-factions" / "kit" / "PRINT.md").exists()


def test_an_empty_only_is_a_usage_error() -> None:
    proc = toolkit("build", "--game", "worldspanner", "--only", "", "--out", "/nonexistent-x")
    assert proc.returncode == 2 and "--only" in proc.stderr
    assert not Path("/nonexistent-x").exists()


@pytest.mark.parametrize("out", ["/", "content", "content/worldspanner"])
def test_schemas_are_never_written_over_content_or_root(out: str) -> None:
    proc = toolkit("schema", "--game", "worldspanner", "--out", out)
    assert proc.returncode == 2 and "folder of its own" in proc.stderr
