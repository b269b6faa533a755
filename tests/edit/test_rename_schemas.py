"""`toolkit rename` and the project's editor schemas (`schemas/<game>/*.schema.json`, which
list the content's ids): they are written in the one transaction with the content files, so
a failure at any file, content or schema, leaves every one of them as it was, byte for byte;
a kill midway is finished or undone by the next `check` or `rename`, schemas and all; a
journal naming anything of the project but its schemas is not followed; and a file that
cannot be written is named with advice that fits a file edited where it stands (no
`--out`)."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.edit.test_rename import _immutable
from tests.support.faults import FailingWrites, journal_of, killed_after, planted_journal
from tests.support.hostile import run_recorded
from tests.support.shipped import CONTENT, copy_rules, toolkit

FACTION = ("worldspanner", "smugglers-den", "smugglers-cove")
# the schemas that list Worldspanner's faction ids, which the rename changes
CHANGED = {"game.schema.json", "hero.schema.json", "quest-deck.schema.json"}


def _project(folder: Path) -> Path:
    """A project holding a copy of the shipped Worldspanner content and its editor schemas,
    as `toolkit schema` writes them for that content; its content folder."""
    from toolkit.commands.schemas import render_all

    content = folder / "content"
    shutil.copytree(CONTENT / "worldspanner", content / "worldspanner")
    copy_rules(content.parent)
    for name, text in render_all(content, "worldspanner").items():
        (folder / "schemas" / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / "schemas" / name).write_text(text, encoding="utf-8")
    return content


def _snapshot(content: Path) -> dict[str, bytes]:
    """Every file of the project, content and schemas (and a journal, were one left)."""
    project = content.parent
    return {
        p.relative_to(project).as_posix(): p.read_bytes()
        for p in sorted(project.rglob("*"))
        if p.is_file()
    }


def _named(path: Path, project: Path) -> tuple[str, ...]:
    """How a message may name `path`: as given, or from its project (where the content
    commands run)."""
    if not path.is_relative_to(project):  # the edit journal, in the state folder
        return (str(path),)
    return (str(path), path.relative_to(project).as_posix())


def _rename(content: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return toolkit("rename", *args, "--content", str(content))


def _renamed(folder: Path) -> dict[str, bytes]:
    """The project after an uninterrupted rename of the faction."""
    content = _project(folder)
    done = _rename(content, *FACTION)
    assert done.returncode == 0, done.stdout + done.stderr
    return _snapshot(content)


@pytest.mark.slow
def test_a_rename_writes_the_schemas_it_changes_as_toolkit_schema_would(tmp_path: Path) -> None:
    """The schemas listing the faction's id are rewritten with the content, each as `toolkit
    schema` writes it for the renamed content, each said once; no other schema changes."""
    content = _project(tmp_path)
    before = _snapshot(content)
    proc = _rename(content, *FACTION)
    assert proc.returncode == 0 and "0 errors" in proc.stdout, proc.stdout + proc.stderr
    after = _snapshot(content)
    changed = {k for k in after if after[k] != before.get(k) and k.startswith("schemas/")}
    assert changed == {f"schemas/worldspanner/{n}" for n in CHANGED}
    fresh = tmp_path / "fresh"
    made = toolkit("schema", "--content", str(content), "--out", str(fresh))
    assert made.returncode == 0, made.stdout + made.stderr
    for path in sorted(fresh.rglob("*.json")):
        assert after[f"schemas/{path.relative_to(fresh).as_posix()}"] == path.read_bytes(), path
    game = json.loads(after["schemas/worldspanner/hero.schema.json"])
    assert "smugglers-cove" in json.dumps(game) and "smugglers-den" not in json.dumps(game)
    said = [ln for ln in proc.stderr.splitlines() if ln.startswith("updated ")]
    assert sorted(Path(ln.split(":")[0].split()[1]).name for ln in said) == sorted(CHANGED)


# EPERM takes the same path and advice (`test_the_advice_for_a_file_edited_where_it_stands...`)
@pytest.mark.slow
@pytest.mark.parametrize("code", [errno.EACCES])
def test_a_rename_failing_at_any_file_content_or_schema_changes_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    """The replacement or removal of each file of the rename in turn (k = 1..n: seven
    content files, then three schemas) fails with a permission error: one `Error:` line
    naming that file, with advice about making it writable and none about --out, exit 2,
    and every content file and schema as before, byte for byte. Past the last file, the
    rename goes through."""
    from click.testing import CliRunner

    from toolkit.cli import cli

    content = _project(tmp_path / "p")
    project = content.parent
    before = _snapshot(content)
    writes = FailingWrites(monkeypatch, (content / "worldspanner", project / "schemas"), code)
    args = ["rename", *FACTION, "--content", str(content)]
    failed_at = []
    for k in range(1, 30):
        writes.arm(k)
        out = CliRunner().invoke(cli, args)
        if writes.at is None:  # every file written before the k-th: the rename is done
            break
        failed_at.append(Path(writes.at))
        assert out.exit_code == 2, (k, out.output)
        (line,) = [ln for ln in out.output.splitlines() if ln.startswith("Error:")]
        at = Path(writes.at)
        assert any(
            line.startswith(f"Error: cannot write {n}: {os.strerror(code)}; ")
            for n in _named(at, project)
        ), line
        assert "the edit was undone: every file is as it was" in line, line
        assert "--out" not in line and "writable" in line, line
        assert _snapshot(content) == before, f"the project changed when file {k} ({at}) failed"
    assert out.exit_code == 0, out.output
    schemas = {p.name for p in failed_at if p.parent.parent.name == "schemas"}
    assert schemas == CHANGED, failed_at  # each schema of the rename failed once, in turn
    assert len(failed_at) == 7 + len(CHANGED), failed_at
    assert _snapshot(content) == _renamed(tmp_path / "after")


@pytest.mark.slow
def test_a_schema_that_cannot_be_written_stops_the_rename_and_changes_nothing(
    tmp_path: Path,
) -> None:
    """A folder where a schema file should be: refused before anything is written, naming
    it. A schema file that cannot be replaced (`chattr +i`, after the content files were
    replaced): the content files are put back. Either way one `Error:` line naming the
    schema (exit 2), no advice about --out, every file as before, and no journal left;
    once the schema is writable again the rename goes through."""
    content = _project(tmp_path)
    project = content.parent
    hero = project / "schemas" / "worldspanner" / "hero.schema.json"
    kept = hero.read_bytes()
    hero.unlink()
    (hero / "stray").mkdir(parents=True)
    before = _snapshot(content)
    out = _rename(content, *FACTION)
    assert out.returncode == 2, out.stdout + out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    assert out.stderr in {
        f"Error: cannot edit {n}: a folder stands where the file must go: "
        "move it away; nothing was changed\n"
        for n in _named(hero, project)
    }
    assert _snapshot(content) == before and (hero / "stray").is_dir()
    assert not journal_of(content).exists()

    shutil.rmtree(hero)
    hero.write_bytes(kept)
    before = _snapshot(content)
    if not _immutable(hero, True):
        pytest.skip("chattr +i is not possible here")
    try:
        out = _rename(content, *FACTION)
    finally:
        _immutable(hero, False)
    assert out.returncode == 2, out.stdout + out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    assert any(
        out.stderr.startswith(
            f"Error: cannot write {n}: Operation not permitted; the "
            "edit was undone: every file is as it was; "
        )
        for n in _named(hero, project)
    ), out.stderr
    assert "--out" not in out.stderr and "chattr -i" in out.stderr, out.stderr
    assert _snapshot(content) == before
    assert not journal_of(content).exists()
    again = _rename(content, *FACTION)
    assert again.returncode == 0, again.stdout + again.stderr
    assert _snapshot(content) == _renamed(tmp_path / "after")


@pytest.mark.slow
def test_a_rename_killed_midway_is_finished_or_undone_schemas_and_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rename is killed (SIGKILL) right after each of its writes in the project in turn
    (the journal's, the seven content files', the three schemas', the journal's removal);
    the next `check` (or the rename run again) finishes or undoes it and says which: the
    content and the schemas are then all as before or all as after, with no journal left."""
    before, after = None, _renamed(tmp_path / "after")
    notes = []
    for k in range(1, 60):
        content = _project(tmp_path / str(k))
        # the journal kept in the project for this test, so that its writes are kill points
        monkeypatch.setenv("XDG_STATE_HOME", str(content.parent / "state"))
        before = before or _snapshot(content)
        killed = killed_after(content.parent, k, "rename", *FACTION, "--content", str(content))
        if killed.returncode == 0:  # finished before its k-th write: every point was tried
            break
        assert killed.returncode == -9, killed.stdout + killed.stderr
        pending = journal_of(content).exists()  # killed before it removed its journal
        if k % 2:
            nxt = toolkit("check", "--content", str(content), "--game", "worldspanner")
        else:
            nxt = _rename(content, *FACTION)
        now = _snapshot(content)
        assert now in (before, after), (
            f"killed after write {k}: the project is half renamed: "
            + ", ".join(sorted(f for f in now if now[f] not in (before.get(f), after.get(f))))
        )
        assert not journal_of(content).exists(), k
        said = [ln for ln in nxt.stderr.splitlines() if "interrupted" in ln]
        notes += said
        assert all("7 content files and 3 editor schemas" in ln for ln in said), said
        if k % 2:
            assert nxt.returncode == 0 and "0 errors" in nxt.stdout, nxt.stdout + nxt.stderr
            if now == after and pending:  # finished (said, unless only its journal was left)
                assert len(said) <= 1, said
                assert all(ln.startswith("note: finished an edit") for ln in said), said
        else:  # run again: done now, or it names nothing any more (it was finished)
            assert now == after, nxt.stdout + nxt.stderr
    assert k > 2 + 7 + len(CHANGED), "the rename writes its journal, seven files, three schemas"
    assert any(
        "finished an edit of 7 content files and 3 editor schemas interrupted midway" in ln
        for ln in notes
    ), notes


@pytest.mark.parametrize(
    ("path", "version", "why"),
    [
        ("../../outside/canary.yaml", 2, "is not plain"),  # out of the project
        ("../Makefile", 2, "is not plain"),  # the project's own files
        ("../schemas/../../outside/canary.schema.json", 2, "is not plain"),
        ("../schemas/worldspanner/../../../outside/canary.schema.json", 2, "is not plain"),
        ("../schemas/worldspanner/canary.yaml", 2, "is not plain"),  # not a schema
        ("../schemas/worldspanner/.canary.schema.json", 2, "is not plain"),  # hidden
        ("../schemas/worldspanner/hero.schema.json", 1, "is not plain"),  # version 1: content
        ("../schemas/escape/canary.schema.json", 2, "leads through a link"),
        ("../linked/worldspanner/canary.yaml", 2, "is not plain"),  # a link to the schemas
    ],
)
def test_a_journal_naming_more_of_the_project_than_its_schemas_is_not_followed(
    tmp_path: Path, path: str, version: int, why: str
) -> None:
    """A journal may name, out of the content folder, only a schema of the project
    (`../schemas/<game>/<name>.schema.json`, no link on the way): any other path, or a
    schema path in a version-1 journal, is not followed (each names a file that holds the
    bytes the journal expects, which following it would overwrite). `check` warns in one line and
    checks; `rename` refuses (exit 2); nothing is changed, outside nor inside."""
    content = _project(tmp_path / "p")
    project = content.parent
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "canary.schema.json").write_text("canary\n")
    (outside / "canary.yaml").write_text("canary\n")
    (project / "Makefile").write_text("canary\n")
    (project / "schemas" / "worldspanner" / "canary.yaml").write_text("canary\n")
    (project / "schemas" / "worldspanner" / ".canary.schema.json").write_text("canary\n")
    os.symlink(outside, project / "schemas" / "escape")
    os.symlink(project / "schemas", project / "linked")
    (project / "schemas" / "worldspanner" / "hero.schema.json").write_text("canary\n")
    planted_journal(content, path, version)
    outside_before = {p.name: p.read_bytes() for p in outside.iterdir()}
    before = _snapshot(content)
    shown = journal_of(content)
    check = toolkit("check", "--content", str(content), "--game", "worldspanner")
    assert check.returncode == 0, check.stdout + check.stderr
    (warned,) = [ln for ln in check.stderr.splitlines() if ln.startswith("warning:")]
    assert any(
        warned.startswith(f"warning: {n} is not an edit journal the toolkit can follow (")
        for n in _named(shown, project)
    ), warned
    assert why in warned and "not followed" in warned, warned
    refused = _rename(content, *FACTION)
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert any(
        refused.stderr.startswith(f"Error: {n} is not an edit journal")
        for n in _named(shown, project)
    ), refused.stderr
    assert {p.name: p.read_bytes() for p in outside.iterdir()} == outside_before
    assert _snapshot(content) == before


def test_a_journal_naming_a_schema_of_the_project_is_followed(tmp_path: Path) -> None:
    """The one path out of the content folder a journal may name: a schema of the project,
    finished as any content file is (its copy checked against the journal's digest)."""
    content = _project(tmp_path)
    hero = content.parent / "schemas" / "worldspanner" / "hero.schema.json"
    hero.write_text("canary\n")
    planted_journal(content, "../schemas/worldspanner/hero.schema.json", 2)
    check = toolkit("check", "--content", str(content), "--game", "worldspanner")
    assert check.returncode == 0, check.stdout + check.stderr
    assert "note: finished an edit of 0 content files" not in check.stderr
    assert "finished an edit of 1 editor schemas interrupted midway" in check.stderr
    assert hero.read_bytes() == b"pwned\n" and not journal_of(content).exists()


def test_the_advice_for_a_file_edited_where_it_stands_is_about_that_file() -> None:
    """A permission error on a content file or a schema: what to do is to make it (or its
    folder) writable; there is no --out to choose (that advice is a build's)."""
    from toolkit.core.errors import edit_advice, os_failure

    for code in (errno.EPERM, errno.EACCES, errno.EROFS):
        assert "--out" not in edit_advice(code) and "writable" in edit_advice(code), code
    assert "--out" in str(os_failure(OSError(errno.EACCES, "Permission denied"), "build/x"))


def test_refreshing_schemas_that_cannot_be_written_names_the_schema_and_changes_none(
    tmp_path: Path,
) -> None:
    """`refresh` (what `new` calls after it wrote) writes the schemas all together or none:
    a folder where one should be is refused naming it, with no word of --out, and no other
    schema is written."""
    from toolkit.commands.schemas import refresh
    from toolkit.core.errors import ToolkitError

    content = _project(tmp_path)
    folder = content.parent / "schemas" / "worldspanner"
    for name in CHANGED:  # stale: each to be rewritten
        (folder / name).write_text("stale\n")
    (folder / "hero.schema.json").unlink()
    (folder / "hero.schema.json").mkdir()
    before = _snapshot(content)
    with pytest.raises(ToolkitError) as caught:
        refresh(content, "worldspanner")
    message = caught.value.message
    assert message.startswith(f"cannot edit {folder / 'hero.schema.json'}: a folder stands"), (
        message
    )
    assert "--out" not in message
    assert _snapshot(content) == before


@pytest.mark.parametrize("linked", ["schemas/worldspanner", "schemas"])
def test_a_committed_link_at_the_schemas_folder_is_refused_before_any_read(
    tmp_path: Path, linked: str
) -> None:
    """A pull request commits `schemas/worldspanner` (or `schemas`) as a link out of the
    project: `rename` stops at once (exit 2), in one line naming that link; no file behind
    it is opened, and nothing is changed, inside or outside."""
    content = _project(tmp_path / "p")
    project = content.parent
    outside = tmp_path / "outside"
    shutil.move(project / linked, outside)
    (project / linked).symlink_to(outside)
    before, outside_before = (
        _snapshot(content),
        {p: p.read_bytes() for p in outside.rglob("*") if p.is_file()},
    )
    proc, opened = run_recorded(tmp_path, "rename", *FACTION, "--content", str(content))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert any(
        proc.stderr.startswith(f"Error: {n} is a link (to {outside})")
        for n in _named(project / linked, project)
    ), proc.stderr
    assert not [p for p in opened if p.startswith(str(outside))], opened
    assert _snapshot(content) == before
    assert {p: p.read_bytes() for p in outside.rglob("*") if p.is_file()} == outside_before
