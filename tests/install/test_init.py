"""`toolkit init`: a designer's own content repository made from a shipped game, as the
designer uses it: checked and built from inside it, its editor schemas where each file's
`$schema` line leads, its pre-commit config and workflow installing the same toolkit, and a
template override there changing the page that uses it and no other."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.support.shipped import CONTENT, ROOT
from toolkit.commands import init as init_command
from toolkit.core.errors import ToolkitError

REPO, REV = "https://example.org/toolkit.git", "v1.2.3"
MODELINE = re.compile(r"#\s*yaml-language-server:\s*\$schema=(\S+)")


def toolkit(
    cwd: Path, *args: str | Path, home: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """`toolkit ARGS` in a fresh interpreter, from `cwd`, with a cache of its own."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TOOLKIT_NO_CACHE")}
    env["XDG_CACHE_HOME"] = str((home or cwd) / ".test-cache")
    return subprocess.run(
        [sys.executable, "-m", "toolkit", *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def init(tmp_path: Path, game: str, *extra: str) -> Path:
    """A repository made by `toolkit init` from the project's shipped `game`."""
    repo = tmp_path / "designer"
    args = ["init", repo, "--from", game, "--content", CONTENT, *extra]
    proc = toolkit(tmp_path, *args, "--toolkit-repo", REPO, "--toolkit-rev", REV)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    return repo


def test_an_init_repository_holds_the_game_its_rules_schemas_and_configs(tmp_path: Path) -> None:
    repo = init(tmp_path, "god-emperor")
    shipped = sorted(
        p.relative_to(CONTENT).as_posix()
        for p in (CONTENT / "god-emperor").rglob("*")
        if p.is_file()
    )
    copied = sorted(
        p.relative_to(repo / "content").as_posix()
        for p in (repo / "content").rglob("*")
        if p.is_file()
    )
    assert copied == shipped
    declared = yaml.safe_load((CONTENT / "god-emperor/game.yaml").read_text())["rules_texts"]
    for path in declared.values():  # each rules text where game.yaml says, as shipped
        assert (repo / path).read_bytes() == (ROOT / path).read_bytes()
    modelines = 0
    for path in (repo / "content").rglob("*.yaml"):  # every `$schema` line leads to a schema
        found = MODELINE.search(path.read_text(encoding="utf-8").split("\n", 1)[0])
        if found:
            modelines += 1
            schema = (path.parent / found.group(1)).resolve()
            assert schema.is_relative_to(repo.resolve() / "schemas"), schema
            assert json.loads(schema.read_text())["$schema"], schema
    assert modelines > 0
    hooks = yaml.safe_load((repo / ".pre-commit-config.yaml").read_text())["repos"]
    assert [(h["repo"], h["rev"], [x["id"] for x in h["hooks"]]) for h in hooks] == [
        (REPO, REV, ["toolkit-check"])
    ]
    workflow = (repo / ".github/workflows/content.yml").read_text()
    steps = yaml.safe_load(workflow)["jobs"]["check-and-build"]["steps"]
    runs = [s.get("run", "") for s in steps]
    assert f"toolkit @ git+{REPO}@{REV}" in workflow
    assert "toolkit check --format github" in runs
    # the artifact is made from the content: a committed build/ is never taken as up to date
    assert any(r.startswith("toolkit build --game ") and "--force" in r for r in runs), runs
    assert any(s.get("uses", "").startswith("actions/upload-artifact") for s in steps)
    assert "build/" in (repo / ".gitignore").read_text().split()
    assert "toolkit build" in (repo / "README.md").read_text()


@pytest.mark.slow
def test_an_init_repository_checks_and_builds_from_inside_it(tmp_path: Path) -> None:
    repo = init(tmp_path, "forty-factions")
    checked = toolkit(repo, "check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert re.search(r"\b0 errors\b", checked.stdout.splitlines()[-1]), checked.stdout
    built = toolkit(repo, "build", "--only", "boards/council.svg")
    assert built.returncode == 0, built.stdout + built.stderr
    assert "forty-factions: 1 built" in built.stdout
    assert (repo / "build/forty-factions/boards/council.svg").stat().st_size > 0


def test_init_refuses_a_folder_that_is_not_empty_and_writes_nothing(tmp_path: Path) -> None:
    used = tmp_path / "used"
    used.mkdir()
    (used / "notes.txt").write_text("mine\n")
    proc = toolkit(
        tmp_path,
        "init",
        used,
        "--from",
        "forty-factions",
        "--content",
        CONTENT,
        "--toolkit-repo",
        REPO,
        "--toolkit-rev",
        REV,
    )
    assert proc.returncode == 2
    assert "not empty" in proc.stderr and "Traceback" not in proc.stderr
    assert [p.name for p in used.iterdir()] == ["notes.txt"]


def test_init_names_the_games_there_when_the_game_is_missing(tmp_path: Path) -> None:
    target = tmp_path / "new"
    proc = toolkit(
        tmp_path,
        "init",
        target,
        "--from",
        "fifty-factions",
        "--content",
        CONTENT,
        "--toolkit-repo",
        REPO,
        "--toolkit-rev",
        REV,
    )
    assert proc.returncode == 2
    assert "no game 'fifty-factions'" in proc.stderr and "forty-factions" in proc.stderr
    assert not target.exists()


def _digests(repo: Path, game: str) -> dict[str, str]:
    manifest = json.loads((repo / "build" / game / "kit/manifest.json").read_text())
    return {o["path"]: o["sha256"] for o in manifest["outputs"]}


@pytest.mark.slow
def test_a_template_override_changes_the_page_that_uses_it_and_no_other(tmp_path: Path) -> None:
    """A file under the repository's templates/ replaces the packaged one of the same path
    (here extending it through `builtin/`): the board it draws changes, and only it."""
    repo = init(tmp_path, "forty-factions")
    only = ["--only", "boards/council.svg", "--only", "boards/congress.svg"]
    only += ["--only", "sheets/factions/001-*"]
    first = toolkit(repo, "build", *only)
    assert first.returncode == 0, first.stdout + first.stderr
    before = _digests(repo, "forty-factions")
    assert len(before) == 3, before

    override = repo / "templates/forty-factions/boards/council.svg.j2"
    override.parent.mkdir(parents=True)
    override.write_text(
        '{% extends "builtin/forty-factions/boards/council.svg.j2" %}\n'
        "{% block body %}{{ super() }}"
        '<text class="designer" x="5" y="5">House edition</text>{% endblock %}\n',
        encoding="utf-8",
    )
    second = toolkit(repo, "build", *only)
    assert second.returncode == 0, second.stdout + second.stderr
    after = _digests(repo, "forty-factions")
    assert [p for p in after if after[p] != before[p]] == ["boards/council.svg"]
    assert "House edition" in (repo / "build/forty-factions/boards/council.svg").read_text()


# ---------------------------------------------------------------- pre-commit, a real client

PRE_COMMIT = ROOT / ".venv/pre-commit/bin/pre-commit"  # `make test` installs it (pip)
# what pre-commit installs the toolkit from: its package and the hook's declaration
HOOK_SOURCES = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "toolkit")
GIT = ["git", "-c", "user.name=Designer", "-c", "user.email=designer@example.org"]


def _git(cwd: Path, *args: str) -> str:
    proc = subprocess.run([*GIT, *args], cwd=cwd, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def _toolkit_snapshot(tmp_path: Path) -> tuple[Path, str]:
    """The toolkit as its working tree is now, committed in a repository of its own:
    pre-commit installs a hook from a commit, and `try-repo` takes along changes to tracked
    files but not new files, which a working tree may hold."""
    snap = tmp_path / "toolkit-src"
    snap.mkdir()
    for name in HOOK_SOURCES:
        if (ROOT / name).is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
            shutil.copytree(ROOT / name, snap / name, ignore=ignore)
        else:
            shutil.copy2(ROOT / name, snap / name)
    _git(snap, "init", "-q")
    _git(snap, "add", "-A")
    _git(snap, "commit", "-qm", "the toolkit under test")
    return snap, _git(snap, "rev-parse", "HEAD")


def _seats(repo: Path, count: int) -> int:
    """Set the Militant Party's seats (Forty Factions game.yaml) and commit; its line."""
    path = repo / "content/forty-factions/game.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    at = lines.index("  - id: militant")
    line = next(i for i in range(at, at + 8) if lines[i].strip().startswith("seats:"))
    lines[line] = re.sub(r"seats: \d+", f"seats: {count}", lines[line])
    path.write_text("\n".join(lines), encoding="utf-8")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", f"Militant Party: {count} seats")
    return line + 1


def _pre_commit(repo: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert PRE_COMMIT.exists(), f"{PRE_COMMIT} is missing: `make test` installs it (pip)"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(PRE_COMMIT_HOME=str(home / "pre-commit"), XDG_CACHE_HOME=str(home / "cache"))
    return subprocess.run(
        [str(PRE_COMMIT), *args], cwd=repo, env=env, capture_output=True, text=True, timeout=600
    )


def _designer_repo(tmp_path: Path, snap: Path, rev: str) -> Path:
    repo = tmp_path / "designer"
    args = ["init", repo, "--from", "forty-factions", "--content", CONTENT]
    made = toolkit(tmp_path, *args, "--toolkit-repo", snap, "--toolkit-rev", rev)
    assert made.returncode == 0, made.stderr
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "from toolkit init")
    return repo


def _seat_error_shown(said: str, line: int) -> None:
    assert "Traceback" not in said, said
    found = re.search(
        rf"^content/forty-factions/game\.yaml:{line}:\d+: error\[[A-Z-]+\]: .*\bseats\b", said, re.M
    )
    assert found, said
    assert not re.search(r"^\S+: error\[[A-Z-]+\]: .*waived", said, re.M), said


@pytest.mark.slow
def test_pre_commit_try_repo_rejects_a_broken_seat_count_at_its_line(tmp_path: Path) -> None:
    """`pre-commit try-repo` installs the toolkit into an environment of its own (not
    editable) and runs the hook on a repository `toolkit init` made: one seat short, the
    hook fails and says where, without a traceback."""
    snap, rev = _toolkit_snapshot(tmp_path)
    repo = _designer_repo(tmp_path, snap, rev)
    line = _seats(repo, 8)
    tried = _pre_commit(repo, tmp_path, "try-repo", str(snap), "toolkit-check", "--all-files")
    assert tried.returncode == 1, tried.stdout + tried.stderr
    assert re.search(r"^toolkit check .*Failed$", tried.stdout, re.M), tried.stdout
    _seat_error_shown(tried.stdout + tried.stderr, line)


@pytest.mark.slow
def test_the_init_pre_commit_config_fails_broken_content_and_passes_it_fixed(
    tmp_path: Path,
) -> None:
    """The `.pre-commit-config.yaml` that `toolkit init` wrote, as `pre-commit run` reads it
    (the toolkit from its repo at its rev): broken content fails, fixed content passes."""
    snap, rev = _toolkit_snapshot(tmp_path)
    repo = _designer_repo(tmp_path, snap, rev)
    shipped = yaml.safe_load((CONTENT / "forty-factions/game.yaml").read_text())
    (militant,) = [p["seats"] for p in shipped["parties"] if p["id"] == "militant"]
    line = _seats(repo, militant - 1)
    broken = _pre_commit(repo, tmp_path, "run", "--all-files")
    assert broken.returncode == 1, broken.stdout + broken.stderr
    _seat_error_shown(broken.stdout + broken.stderr, line)
    _seats(repo, militant)
    fixed = _pre_commit(repo, tmp_path, "run", "--all-files")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert re.search(r"^toolkit check .*Passed$", fixed.stdout, re.M), fixed.stdout


class _Installed:
    """A distribution as importlib.metadata gives it, with the `direct_url.json` pip wrote."""

    def __init__(self, direct_url: dict[str, object] | None) -> None:
        self.text = json.dumps(direct_url) if direct_url is not None else None

    def read_text(self, name: str) -> str | None:
        return self.text if name == "direct_url.json" else None


@pytest.mark.parametrize(
    ("direct_url", "expected"),
    [
        (
            {
                "url": "https://example.org/toolkit.git",
                "vcs_info": {"vcs": "git", "commit_id": "0123abc", "requested_revision": "v2"},
            },
            ("https://example.org/toolkit.git", "0123abc"),
        ),
        ({"url": "file:///tmp/toolkit-1.0.tar.gz", "archive_info": {}}, None),
        (None, None),
    ],
)
def test_where_the_toolkit_comes_from_is_what_pip_recorded_or_asked_for(
    monkeypatch: pytest.MonkeyPatch,
    direct_url: dict[str, object] | None,
    expected: tuple[str, str] | None,
) -> None:
    dists = [_Installed(direct_url)]
    monkeypatch.setattr(init_command.metadata, "distributions", lambda name: iter(dists))
    if expected is None:
        with pytest.raises(ToolkitError, match="--toolkit-repo URL and --toolkit-rev REV"):
            init_command.toolkit_source(None, None)
    else:
        assert init_command.toolkit_source(None, None) == expected
    assert init_command.toolkit_source(REPO, REV) == (REPO, REV)  # the options win


def test_init_follows_no_link_in_the_game_and_leaves_nothing_behind(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(CONTENT / "god-emperor", project / "content/god-emperor")
    shutil.copytree(ROOT / "rules", project / "rules")
    secret = tmp_path / "secret.txt"
    secret.write_text("not content\n")
    (project / "content/god-emperor/notes.txt").symlink_to(secret)
    target = tmp_path / "new"
    proc = toolkit(
        tmp_path,
        "init",
        target,
        "--from",
        "god-emperor",
        "--content",
        project / "content",
        "--toolkit-repo",
        REPO,
        "--toolkit-rev",
        REV,
    )
    assert proc.returncode == 2, proc.stderr
    assert "notes.txt" in proc.stderr and "link" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not target.exists()
