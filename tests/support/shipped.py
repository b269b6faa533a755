"""Helpers for tests that work on (copies of) the shipped content."""

from __future__ import annotations

import atexit
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.forked import Zygote

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
FF = CONTENT / "forty-factions"
# The rules texts the content is checked against, kept in the repository so that every test
# that reads them runs everywhere (CI included); TOOLKIT_RULES_DIR points elsewhere.
RULES = Path(os.environ.get("TOOLKIT_RULES_DIR", ROOT / "rules"))


_COPIES: dict[str, Path] = {}


@contextmanager
def edited_game(game: str, files: dict[Path, str]) -> Iterator[Path]:
    """A content folder holding a copy of one game's shipped content with `files` (paths in
    the game's folder -> text) written, put back as shipped afterwards. The copy is made
    once per process and shared by every example of a property test: the files an example
    leaves as shipped are the documents the checker validated before, as in a `--watch`
    process, so an example costs what its own edit costs."""
    root = _COPIES.get(game)
    if root is None:
        root = Path(tempfile.mkdtemp(prefix="toolkit-examples-")) / "content"
        shutil.copytree(CONTENT / game, root / game)
        copy_rules(root.parent)
        atexit.register(shutil.rmtree, root.parent, True)
        _COPIES[game] = root
    try:
        for rel, text in files.items():
            (root / game / rel).write_text(text, encoding="utf-8")
        yield root
    finally:
        for rel in files:
            shutil.copyfile(CONTENT / game / rel, root / game / rel)


def copy_content(tmp_path: Path) -> Path:
    """A private copy of the shipped content folder to break, with the rules texts its
    game.yaml files name beside it (`tmp_path/rules`), as in the repository."""
    dest = tmp_path / "content"
    shutil.copytree(CONTENT, dest)
    copy_rules(tmp_path)
    return dest


def copy_rules(project: Path) -> Path:
    """The rules texts the shipped games cite, copied into `project/rules` (the content
    folder's parent is the project: `toolkit check` reads them there)."""
    dest = project / "rules"
    if not dest.exists():
        shutil.copytree(RULES, dest)
    return dest


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace `old` by `new` in a content file, insisting that `old` is there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def designers(path: Path, dotted: str) -> None:
    """Make the value at `dotted` the designer's, as one marks a house rule: its `sources:`
    entry (if it has one; else its item's `source:` cited it) goes and it is listed under
    `placeholders:` (a block or a flow list), so that `toolkit check` no longer reads it
    against the passage it cited."""
    lines = path.read_text(encoding="utf-8").split("\n")
    cited = [i for i, ln in enumerate(lines) if re.match(rf"  {re.escape(dotted)}: ", ln)]
    assert len(cited) <= 1, f"{dotted} has {len(cited)} `sources:` entries in {path}"
    for i in cited:
        del lines[i]
    at = next(i for i, ln in enumerate(lines) if ln.startswith("placeholders:"))
    if lines[at].rstrip().endswith("]"):
        lines[at] = lines[at].rstrip()[:-1] + f", {dotted}]"
    else:
        lines.insert(at + 1, f"  - {dotted}")
    path.write_text("\n".join(lines), encoding="utf-8")


def shown(path: Path) -> str:
    """A content path as the toolkit names it: from the project, the folder holding the
    content folder (the nearest folder called `content` above it)."""
    parts = path.absolute().parts
    at = len(parts) - 1 - parts[::-1].index("content")
    return Path(*parts[at:]).as_posix()


def line_of(path: Path, needle: str) -> int:
    """1-based line of the first line containing `needle`."""
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(f"{needle!r} not in {path}")


def toolkit(
    *args: str, cwd: Path = ROOT, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the CLI in a fresh process, as a user would: a child forked from this worker's
    warm toolkit process (`tests.support.forked`), or a new interpreter with TOOLKIT_TEST_COLD=1.
    `env`: the environment, when not this process's."""
    env = dict(os.environ if env is None else env, PYTHONPATH=str(ROOT))
    # a hang guard, not a speed test: a whole kit of three games takes minutes on a busy
    # shared machine
    timeout = 900
    if os.environ.get("TOOLKIT_TEST_COLD"):
        return subprocess.run(
            [sys.executable, "-m", "toolkit", *args],
            cwd=cwd,
            capture_output=True,
            text=True,
            env=env,
            timeout=timeout,
        )
    return _zygote().run(list(args), cwd, env, timeout)


_ZYGOTE: Zygote | None = None


def _zygote() -> Zygote:
    global _ZYGOTE
    if _ZYGOTE is None:
        _ZYGOTE = Zygote(ROOT)
    return _ZYGOTE


def seeded(kit: Path, out: Path, game: str) -> Path:
    """`out` (a build's --out) starting as the run's kit of `game` (`conftest.shipped_kit`):
    a build into it renders only what its content and options change, as a designer's
    build does."""
    shutil.copytree(kit / "build" / game, out / game, symlinks=True)
    return out


def faction_file(content: Path, number: int) -> Path:
    (hit,) = (content / "forty-factions" / "factions").glob(f"{number:03d}-*.yaml")
    return hit


DIAG = re.compile(
    r"^(?P<path>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning)\[(?P<code>[A-Z0-9-]+)\]: "
)


def line_after(path: Path, anchor: str | None, needle: str) -> int:
    """1-based line of the first `needle` at or after the first `anchor` line."""
    started = anchor is None
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        started = started or anchor in line
        if started and needle in line:
            return i
    raise AssertionError(f"{needle!r} after {anchor!r} not in {path}")


def assert_finding(content: Path, target: Path, line: int, code: str, exit_code: int = 1) -> None:
    """`toolkit check` of the game `target` belongs to exits `exit_code` and reports `code`
    at target:line (the other games of `content` are left unchecked: they are as shipped)."""
    import json

    game = target.resolve().relative_to(content.resolve()).parts[0]
    proc = toolkit("check", "--content", str(content), "--game", game, "--format", "json")
    assert proc.returncode == exit_code, proc.stdout + proc.stderr
    records = [r for r in json.loads(proc.stdout) if r["waived"] is None]
    hits = [(Path(r["path"]).name, r["line"]) for r in records if r["code"] == code]
    assert (target.name, line) in hits, (
        f"expected {code} at {target.name}:{line}; got "
        + "; ".join(f"{r['code']}@{Path(r['path']).name}:{r['line']}" for r in records)
    )


def pdf_text(pdf: Path) -> str:
    """A PDF's text as pdftotext reads it: pages split by form feeds, words by one space."""
    raw = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return "\f".join(" ".join(page.split()) for page in raw.split("\f"))


def build_game(game: str, out: Path) -> Path:
    """Build one game's whole kit from the shipped content into `out`; its folder."""
    proc = toolkit("build", "--game", game, "--out", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out / game
