"""`toolkit rename` (issue 17): a card renamed or renumbered in its file, its file's name and
every file that refers to it, every other byte kept, and the game checked after."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tests.support.faults import journal_of, killed_after, planted_journal
from tests.support.shipped import copy_content, copy_rules, faction_file, toolkit


def _rename(content: Path, *args: str):  # type: ignore[no-untyped-def]
    return toolkit("rename", *args, "--content", str(content))


def _snapshot(content: Path) -> dict[str, bytes]:
    return {str(p.relative_to(content)): p.read_bytes() for p in content.rglob("*") if p.is_file()}


def _named(path: Path, project: Path) -> tuple[str, ...]:
    """How a message may name `path`: as given, or from its project (the folder holding the
    content folder, where the content commands run)."""
    if not path.is_relative_to(project):  # the edit journal, in the state folder
        return (str(path),)
    return (str(path), path.relative_to(project).as_posix())


def _changed_lines(before: bytes, after: bytes) -> list[tuple[str, str]]:
    """(old, new) for each line that differs; the files must keep their line count."""
    old, new = before.decode().splitlines(), after.decode().splitlines()
    assert len(old) == len(new)
    return [(a, b) for a, b in zip(old, new, strict=True) if a != b]


def _uncited(text: bytes, field: str) -> bytes:
    """A card file with `field`'s `sources:` entry gone and `field` listed under
    `placeholders:` (a flow list, as the shipped cards write it)."""
    lines = [ln for ln in text.decode().split("\n") if not ln.startswith(f"  {field}: ")]
    return "\n".join(
        ln[:-1] + f", {field}]" if ln.startswith("placeholders: [") else ln for ln in lines
    ).encode()


def test_renaming_a_faction_moves_its_file_and_checks_clean(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    before = _snapshot(content)
    old = faction_file(content, 50)
    proc = _rename(content, "forty-factions", old.stem, "Caravan Guild")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 errors" in proc.stdout
    # its old name was the rules': the command says so
    assert "gives 'Guild of Caravanserai' as the rules' name" in proc.stderr
    new = old.with_name("050-caravan-guild.yaml")
    assert not old.exists() and new.exists()
    key = str(old.relative_to(content))
    # the name and, as the rules no longer state it, its citation: it is the designer's now
    assert new.read_bytes() == _uncited(
        before[key].replace(b"name: Guild of Caravanserai", b"name: Caravan Guild"), "name"
    )
    after = _snapshot(content)
    assert {k for k in after if after[k] != before.get(k)} == {str(new.relative_to(content))}


def test_renumbering_a_faction_changes_every_reference_and_nothing_else(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    faction_file(content, 55).unlink()  # a free number of the base game's (1-56)
    before = _snapshot(content)
    proc = _rename(content, "forty-factions", "faction:42", "faction:55")
    assert "FF-REF-FACTION" not in proc.stdout  # no reference left behind
    after = _snapshot(content)
    moved = "forty-factions/factions/055-conservative-party.yaml"
    assert moved in after and "forty-factions/factions/042-conservative-party.yaml" not in after
    changed = {k for k in after if after[k] != before.get(k)} - {moved}
    # the files that name faction 42 as a faction: enemies, the party's leader, pawn colours
    assert changed == {
        "forty-factions/game.yaml",
        "forty-factions/factions/014-anarchist-movement.yaml",
        "forty-factions/factions/028-reform-party.yaml",
    }
    for key in changed:
        for a, b in _changed_lines(before[key], after[key]):
            assert b == a.replace("42", "55"), (key, a, b)  # only the number, in place
    # its card follows its number: 55 is the Two of Coins of the base deck (3.1)
    # the number and the card that follows it, no longer the rules': the designer's now
    was = before["forty-factions/factions/042-conservative-party.yaml"]
    was = was.replace(b"number: 42", b"number: 55")
    was = was.replace(b"tarot: Ace of Batons", b"tarot: Two of Coins")
    assert after[moved] == _uncited(_uncited(was, "tarot"), "number")
    # the plot numbered 42 and the Congress board that names plot 42 are untouched
    assert (
        after["forty-factions/boards/congress.yaml"]
        == before["forty-factions/boards/congress.yaml"]
    )
    # the number it left is said, and is the check's one deck finding
    assert (
        "faction 42 is free now" in proc.stderr
        and "Ace of Batons is now Two of Coins" in proc.stderr
    )
    deck = [ln for ln in proc.stdout.splitlines() if "[FF-DECK-" in ln]
    assert len(deck) == 1 and "FF-DECK-MISSING" in deck[0] and "no file for 42" in deck[0]


def test_a_card_is_renumbered_within_its_expansions_numbers_only(tmp_path: Path) -> None:
    """Outside its expansion's range the number would break the deck (13.1): refused with
    the range and what to do, and nothing written."""
    content = copy_content(tmp_path)
    before = _snapshot(content)
    out = _rename(content, "forty-factions", "faction:42", "115")
    assert out.returncode == 2
    assert "faction 115 is outside base's faction numbers (1-56, 13.1)" in out.stderr
    assert "keeps its expansion" in out.stderr and "all are taken" in out.stderr
    kind = _rename(content, "forty-factions", "faction:42", "plot:45")
    assert kind.returncode == 2 and "it cannot become plot 45" in kind.stderr
    assert _snapshot(content) == before


def test_a_hero_and_a_favor_faction_are_renamed(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    before = _snapshot(content)
    hero = _rename(content, "worldspanner", "Blackbeard", "Redbeard")
    assert hero.returncode == 0, hero.stdout + hero.stderr
    assert (content / "worldspanner" / "heroes" / "redbeard.yaml").exists()
    assert not (content / "worldspanner" / "heroes" / "blackbeard.yaml").exists()
    favor = _rename(content, "god-emperor", "rat-king", "rat-queen")
    assert favor.returncode == 0, favor.stdout + favor.stderr
    key = "god-emperor/favors.yaml"
    lines = _changed_lines(before[key], (content / key).read_bytes())
    assert len(lines) == 4 and all(b == a.replace("rat-king", "rat-queen") for a, b in lines)


def test_a_faction_and_a_house_id_are_renamed_everywhere_and_nothing_else(tmp_path: Path) -> None:
    """A Worldspanner faction's id: in game.yaml, every hero and quest deck naming it, the
    factions opposing it, its map key, and the file names of its quest deck and key. A God
    Emperor House's id: in game.yaml (its entry, the Court's hosts and proposers) and the
    cast. Each changed line is the old line with the id replaced, and the game checks clean
    after."""
    import re

    content = copy_content(tmp_path)
    before = _snapshot(content)
    faction = _rename(content, "worldspanner", "smugglers-den", "smugglers-cove")
    assert faction.returncode == 0 and "0 errors" in faction.stdout, faction.stdout + faction.stderr
    house = _rename(content, "god-emperor", "cat", "lynx")
    assert house.returncode == 0 and "0 errors" in house.stdout, house.stdout + house.stderr
    after = _snapshot(content)
    # the faction's quest deck and its map key are named by its id
    moves = {
        f"worldspanner/{kind}/smugglers-den.yaml": f"worldspanner/{kind}/smugglers-cove.yaml"
        for kind in ("quests", "map")
    }
    assert not set(moves) & set(after) and set(moves.values()) <= set(after)
    changed = {k for k in after if after[k] != before.get(k)} - set(moves.values())

    def names_one(key: str, data: bytes) -> bool:  # a value naming the faction or the House
        if key.startswith("worldspanner/"):
            return b"smugglers-den" in data
        return key.startswith("god-emperor/") and bool(re.search(rb"(: |\[|, )cat\b", data))

    named = {k for k, data in before.items() if k.endswith(".yaml") and names_one(k, data)}
    assert changed | set(moves) == named
    for key in (*changed, *moves):
        now = after[moves.get(key, key)]
        for a, b in _changed_lines(before[key], now):
            assert b in (
                a.replace("smugglers-den", "smugglers-cove"),
                re.sub(r"\bcat\b", "lynx", a),
            ), (key, a, b)


def test_what_cannot_be_renamed_is_said_and_nothing_is_written(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    before = _snapshot(content)
    both = _rename(content, "forty-factions", "50", "115")
    assert both.returncode == 2 and "faction:50 or plot:50" in both.stderr
    taken = _rename(content, "forty-factions", "faction:50", "51")
    assert taken.returncode == 2 and "exists already" in taken.stderr
    unknown = _rename(content, "forty-factions", "no-such-guild", "X")
    assert unknown.returncode == 2 and "names nothing" in unknown.stderr
    twin = _rename(content, "forty-factions", "guild-of-caravanserai", "dwarves")
    assert twin.returncode == 2 and "is named 'Dwarves' already" in twin.stderr
    meant = _rename(content, "forty-factions", "faction:42", "abc")
    assert meant.returncode == 2 and "'abc' is not a number" in meant.stderr
    for old, new in (("cat", "spice-lords"), ("rat-king", "cat")):  # one id, one meaning
        both = _rename(content, "god-emperor", old, new)
        assert both.returncode == 2 and "a House's or favor faction's id already" in both.stderr
    nothing = _rename(content, "worldspanner", "no-such", "x")
    assert nothing.returncode == 2 and "names no hero nor faction" in nothing.stderr
    diff = _rename(content, "god-emperor", "rat-king", "rat-queen", "--diff")
    assert diff.returncode == 0 and "+    faction: rat-queen" in diff.stdout
    assert _snapshot(content) == before


def test_a_renamed_value_keeps_its_comment_where_the_designer_put_it(tmp_path: Path) -> None:
    """The comment after a renamed value keeps its two spaces; it is not pushed out to the
    column the longer old value put it at."""
    content = copy_content(tmp_path)
    f = faction_file(content, 50)
    text = f.read_text()
    f.write_text(
        text.replace(
            "name: Guild of Caravanserai\n", 'name: "Guild of Caravanserai"  # as printed in 1997\n'
        )
    )
    proc = _rename(content, "forty-factions", f.stem, "Caravan Guild")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    new = f.with_name("050-caravan-guild.yaml").read_text()
    # that one line changed, and only its value (and the citation the rules no longer back)
    before = text.replace(
        "name: Guild of Caravanserai\n", 'name: "Guild of Caravanserai"  # as printed in 1997\n'
    )
    renamed = before.replace('"Guild of Caravanserai"', '"Caravan Guild"')
    assert new == _uncited(renamed.encode(), "name").decode()


# Case 44: a rename that fails or is killed midway leaves the content as before or as after,
# never between; case 45: it keeps each file's mode and refuses a file with hard links.

FACTION = ("worldspanner", "smugglers-den", "smugglers-cove")  # game.yaml, 2 heroes, a move


def _worldspanner(folder: Path) -> Path:
    """A content folder holding a copy of the shipped Worldspanner content only."""
    import shutil

    from tests.support.shipped import CONTENT

    shutil.copytree(CONTENT / "worldspanner", folder / "content" / "worldspanner")
    copy_rules(folder)
    return folder / "content"


def _renamed(tmp_path: Path) -> dict[str, bytes]:
    """The Worldspanner content after an uninterrupted rename of the faction."""
    content = _worldspanner(tmp_path / "after")
    done = _rename(content, *FACTION)
    assert done.returncode == 0, done.stdout + done.stderr
    return _snapshot(content)


def _immutable(path: Path, on: bool) -> bool:
    """`chattr +i` (or -i) on a file; False where the file system or user cannot."""
    import shutil
    import subprocess

    if shutil.which("chattr") is None:
        return False
    flag = "+i" if on else "-i"
    return subprocess.run(["chattr", flag, str(path)], capture_output=True).returncode == 0


def test_a_rename_stopped_by_an_immutable_file_changes_nothing(tmp_path: Path) -> None:
    """The last file of the rename cannot be changed (`chattr +i`): one line naming it,
    exit 2, every other file as it was, and the game still checks clean."""
    import pytest

    content = _worldspanner(tmp_path)
    quest = content / "worldspanner" / "quests" / "smugglers-den.yaml"
    before = _snapshot(content)
    if not _immutable(quest, True):
        pytest.skip("chattr +i is not possible here")
    try:
        out = _rename(content, *FACTION)
    finally:
        _immutable(quest, False)
    assert out.returncode == 2, out.stdout + out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert any(
        out.stderr.startswith(f"Error: cannot write {n}: Operation not permitted; ")
        for n in _named(quest, content.parent)
    ), out.stderr
    assert "--out" not in out.stderr and "chattr -i" in out.stderr, out.stderr
    assert "the edit was undone: every file is as it was" in out.stderr
    assert _snapshot(content) == before
    check = toolkit("check", "--content", str(content), "--game", "worldspanner")
    assert check.returncode == 0 and "0 errors" in check.stdout, check.stdout + check.stderr


@pytest.mark.slow
def test_a_rename_keeps_each_files_mode_and_refuses_a_file_with_hard_links(
    tmp_path: Path,
) -> None:
    """Edited and moved files keep their modes (0600, 0440, 0444: never 0644); a file with a
    second hard link is refused before anything is written, and the link stays."""
    import os

    content = _worldspanner(tmp_path)
    ws = content / "worldspanner"
    modes = {
        "heroes/blackbeard.yaml": 0o600,
        "game.yaml": 0o440,
        "quests/smugglers-den.yaml": 0o444,
    }
    for rel, mode in modes.items():
        os.chmod(ws / rel, mode)
    done = _rename(content, *FACTION)
    assert done.returncode == 0, done.stdout + done.stderr
    modes["quests/smugglers-cove.yaml"] = modes.pop("quests/smugglers-den.yaml")
    assert {rel: os.stat(ws / rel).st_mode & 0o777 for rel in modes} == modes
    assert os.stat(ws / "heroes" / "nell-quickfingers.yaml").st_mode & 0o777 == 0o644
    nell = ws / "heroes" / "nell-quickfingers.yaml"
    os.link(nell, tmp_path / "nell-elsewhere.yaml")
    before = _snapshot(content)
    back = _rename(content, "worldspanner", "smugglers-cove", "smugglers-den")
    assert back.returncode == 2, back.stdout + back.stderr
    # the content finder refuses a hard-linked file (its other name may lie outside the
    # project), so the rename stops before planning anything
    assert back.stderr == (
        "Error: 1 file(s) of worldspanner do not load: `toolkit check` says why; fix them first\n"
    ), back.stderr
    assert _snapshot(content) == before
    assert os.stat(nell).st_ino == os.stat(tmp_path / "nell-elsewhere.yaml").st_ino


def test_a_journal_that_leads_out_or_is_malformed_is_reported_and_not_followed(
    tmp_path: Path,
) -> None:
    """A journal naming a file out of the content folder (by `..`, through a link inside
    it), or that is not JSON (nested too deep), is not followed: `check` warns in one line
    and checks; `rename` refuses (exit 2); the file outside is untouched."""
    import os

    outside = tmp_path / "outside"
    outside.mkdir()
    canary = outside / "canary.yaml"
    canary.write_text("canary\n")
    for case, why in (
        ("../outside/canary.yaml", "is not plain"),
        ("escape/canary.yaml", "leads through a link"),
        ("[" * 100_000, "is not JSON"),
    ):
        content = _worldspanner(tmp_path / why.replace(" ", "-"))
        os.symlink(outside, content / "escape")
        planted_journal(content, "worldspanner/game.yaml" if case.startswith("[") else case, 1)
        if case.startswith("["):
            (journal_of(content) / "journal.json").write_text(case)
        before = _snapshot(content)
        shown = journal_of(content)
        check = toolkit("check", "--content", str(content), "--game", "worldspanner")
        assert check.returncode == 0, check.stdout + check.stderr
        (warned,) = [ln for ln in check.stderr.splitlines() if ln.startswith("warning:")]
        assert any(
            warned.startswith(f"warning: {n} is not an edit journal the toolkit can follow (")
            for n in _named(shown, content.parent)
        )
        assert why in warned, warned
        assert "not followed" in warned
        refused = _rename(content, *FACTION)
        assert refused.returncode == 2 and any(
            refused.stderr.startswith(f"Error: {n} is not") for n in _named(shown, content.parent)
        )
        assert canary.read_text() == "canary\n" and _snapshot(content) == before


@pytest.mark.slow
def test_a_build_after_a_killed_rename_finishes_it_first(tmp_path: Path) -> None:
    """The next command after the kill is a build: it finds the journal, finishes the
    rename (said in one line), and builds the game as the rename leaves it."""
    content = _worldspanner(tmp_path / "p")
    killed = killed_after(content, 3, "rename", *FACTION, "--content", str(content))
    assert killed.returncode == -9, killed.stdout + killed.stderr
    built = toolkit(
        "build",
        "--content",
        str(content),
        "--game",
        "worldspanner",
        "--only",
        "kit/*",
        "--out",
        str(tmp_path / "out"),
    )
    assert built.returncode == 0, built.stdout + built.stderr
    said = [ln for ln in built.stderr.splitlines() if "interrupted" in ln]
    assert len(said) == 1 and said[0].startswith("note: finished an edit"), built.stderr
    assert not journal_of(content).exists()
    assert _snapshot(content) == _renamed(tmp_path / "after")


def test_a_journal_committed_in_the_content_folder_is_never_followed(tmp_path: Path) -> None:
    """A pull request commits `content/.toolkit-edit/` (an older toolkit kept its journal
    there), meaning to turn a file into other bytes before CI checks it: `check` reads no
    journal there, changes nothing, and checks the content as committed."""
    content = _worldspanner(tmp_path / "p")
    game = content / "worldspanner" / "game.yaml"
    committed = game.read_bytes()
    folder = content / ".toolkit-edit"
    folder.mkdir()
    (folder / "0.new").write_bytes(b"pwned\n")
    entry = {
        "path": "worldspanner/game.yaml",
        "before": hashlib.sha256(committed).hexdigest(),
        "after": hashlib.sha256(b"pwned\n").hexdigest(),
        "mode": 0o644,
    }
    record = {"kind": "toolkit-edit-journal", "version": 2, "state": "replacing"}
    (folder / "journal.json").write_text(json.dumps({**record, "files": [entry]}))
    before = _snapshot(content)
    check = toolkit("check", "--content", str(content), "--game", "worldspanner")
    assert check.returncode == 0, check.stdout + check.stderr
    assert "interrupted" not in check.stderr, check.stderr
    assert game.read_bytes() == committed and _snapshot(content) == before
