"""Messages that say what to change, where the designer changed it (issue 17, part 3).

Each case breaks a copy of the shipped content as a designer would, runs `toolkit check`
in a fresh process and asserts the file:line of the finding and its wording.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.support.shipped import (
    CONTENT,
    copy_content,
    edit,
    faction_file,
    line_of,
    seeded,
    toolkit,
)
from toolkit.load.yaml import load_bytes


def _records(content: Path, game: str = "forty-factions") -> list[dict]:
    proc = toolkit("check", "--content", str(content), "--game", game, "--format", "json")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    return [r for r in json.loads(proc.stdout) if r["waived"] is None]


def _at(records: list[dict], path: Path, line: int, code: str) -> dict:
    hits = [
        r
        for r in records
        if Path(r["path"]).name == path.name and r["line"] == line and r["code"] == code
    ]
    assert hits, f"no {code} at {path.name}:{line}; got " + "; ".join(
        f"{r['code']}@{Path(r['path']).name}:{r['line']}" for r in records
    )
    return hits[0]


def test_party_seat_miscount_names_parties_and_the_faction_files(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    moved = faction_file(content, 46)
    edit(moved, "politics: liberal", "politics: conservative")
    records = _records(content)
    game = content / "forty-factions" / "game.yaml"
    conservative = line_of(game, "faction: 42") - 1  # its `seats: 9` line
    top = _at(records, game, conservative, "FF-COUNCIL-SEATS")
    assert "Conservative 10 of 9; Liberal 11 of 12" in top["message"]
    here = _at(records, moved, line_of(moved, "politics:"), "FF-COUNCIL-SEATS")
    assert here["message"] == (
        "Associated Guilds of Beggars, Buskers and Rumourmongers (46) holds one of 10 Council "
        "seats of the Conservative party, which has 9 (Conservative 10 of 9; Liberal 11 of "
        "12): if this is the faction that changed, set `politics: liberal`"
    )
    # the party's own faction (42) is never the one asked to move
    party_own = faction_file(content, 42)
    assert not [r for r in records if Path(r["path"]).name == party_own.name]


def _git(where: Path, *args: str) -> None:
    import subprocess

    subprocess.run(
        [
            "git",
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@example.org",
            "-c",
            "commit.gpgsign=false",
            *args,
        ],
        cwd=where,
        check=True,
        capture_output=True,
        timeout=60,
    )


@pytest.mark.slow
def test_a_seat_miscount_names_the_faction_whose_edit_made_it(tmp_path: Path) -> None:
    """With an explicit baseline (`--since REV`, a git revision), the one faction whose party
    changed since REV is named, with the value that takes the edit back; without it, every
    candidate is (above), whatever a cache saw before."""
    import os

    content = copy_content(tmp_path)
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "the designer's last commit: clean")
    env = {k: v for k, v in os.environ.items() if k != "TOOLKIT_NO_CACHE"}
    env.update(XDG_CACHE_HOME=str(tmp_path / "cache"))

    def seats(*args: str) -> list[dict]:
        proc = toolkit(
            "check",
            "--content",
            str(content),
            "--game",
            "forty-factions",
            "--format",
            "json",
            *args,
            cwd=tmp_path,
            env=env,
        )
        assert proc.returncode == 1, proc.stdout + proc.stderr
        return [r for r in json.loads(proc.stdout) if r["code"] == "FF-COUNCIL-SEATS"]

    assert toolkit("check", "--content", str(content), cwd=tmp_path, env=env).returncode == 0
    moved = faction_file(content, 46)
    game = content / "forty-factions" / "game.yaml"
    edit(moved, "politics: liberal", "politics: conservative")
    for n in range(3):  # and again, after edits of its text that move no seat
        found = seats("--since", "HEAD")
        assert sorted((Path(r["path"]).name, r["line"]) for r in found) == sorted([
            (moved.name, line_of(moved, "politics:")),
            (game.name, line_of(game, "faction: 42") - 1),
        ])  # fmt: skip
        (here,) = [r for r in found if Path(r["path"]).name == moved.name]
        assert here["message"] == (
            "Associated Guilds of Beggars, Buskers and Rumourmongers (46) changed: Liberal with "
            "a Council seat before it was edited, Conservative with a Council seat now, and the "
            "Council's parties hold Conservative 10 of 9; Liberal 11 of 12: if that change was "
            "not meant, set `politics: liberal` again"
        )
        # without --since, with the cache that saw the edit: every candidate, no history
        plain = seats()
        assert not any("changed:" in r["message"] for r in plain)
        assert len({Path(r["path"]).name for r in plain}) > 2
        text = moved.read_text(encoding="utf-8")
        moved.write_text(
            text.replace("\nname:", f"\n# an edit ({n}) that moves no seat\nname:", 1),
            encoding="utf-8",
        )
    # committed: the edit is no change since HEAD, but it is since the commit before
    _git(tmp_path, "commit", "-q", "-a", "-m", "46 moved")
    assert not any("changed:" in r["message"] for r in seats("--since", "HEAD"))
    blamed = {Path(r["path"]).name for r in seats("--since", "HEAD~1")} - {game.name}
    assert blamed == {moved.name}
    # 46 put back, then another faction moved: the file put back is not the one blamed
    edit(moved, "politics: conservative", "politics: liberal")
    army = faction_file(content, 3)
    edit(army, "politics: militant", "politics: liberal")
    found = seats("--since", "HEAD~1")
    assert {Path(r["path"]).name for r in found} - {game.name} == {army.name}, found
    assert any("Army" in r["message"] and "changed:" in r["message"] for r in found), found


def test_a_lost_seat_points_at_the_party_factions_without_one(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    lost = faction_file(content, 47)
    edit(lost, "  council: 1\n", "")
    records = _records(content)
    here = _at(records, lost, line_of(lost, "politics:"), "FF-COUNCIL-SEATS")
    assert "is Mercantile without a Council seat" in here["message"]
    assert "Mercantile 8 of 9" in here["message"]
    assert "give it back (`seats: {council: 1}`)" in here["message"]


def test_one_sided_enemy_names_the_other_file_and_line(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    naming = faction_file(content, 18)
    edit(naming, "enemies: [31, 88]", "enemies: [31, 88, 5]")
    other = faction_file(content, 5)  # has no `enemies` yet: it goes below `category`
    records = _records(content)
    found = _at(records, naming, line_of(naming, "enemies:"), "FF-ENEMY-SYMMETRY")
    below = line_of(other, "category:") + 1
    assert found["message"] == (
        "Thieves' Guild of Tehmor (18) names Mercenaries' Guild (5) as an enemy, but "
        "Mercenaries' Guild (5) names neither 18 nor its category 'thieves-guilds' (4.3.8: "
        "enmity holds both ways): add `enemies: [18]` below `category` at "
        f"{other.relative_to(tmp_path)}:{below} "
        "(`toolkit check --fix` does), or remove 5 here"
    )


def test_one_sided_enemy_with_a_list_names_that_list(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    naming = faction_file(content, 4)
    edit(naming, "enemies: [31]", "enemies: [31, 25]")
    other = faction_file(content, 25)  # Elves: `enemies: [53]`
    records = _records(content)
    found = _at(records, naming, line_of(naming, "enemies:"), "FF-ENEMY-SYMMETRY")
    assert found["message"].endswith(
        f"add 4 to `enemies` at {other.relative_to(tmp_path)}:{line_of(other, 'enemies:')}:10 "
        "(`toolkit check --fix` does), or remove 25 here"
    )


def test_yaml_tab_indentation_and_wrong_level_in_plain_words(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    tab, over, wrong, under, out = (faction_file(content, n) for n in (5, 6, 7, 9, 10))
    edit(tab, "seats:\n  council: 1\n", "seats:\n\tcouncil: 1\n")
    edit(over, "seats:\n  council: 1\n", "seats:\n  council: 1\n   conclave: 0\n")
    edit(wrong, "seats:\n  council: 1\n", "seats:\ncouncil: 1\n")
    edit(under, "seats:\n  council: 1\n", "seats:\n  council: 1\n conclave: 0\n")
    # one key moved out from under `seats:`, the next one still beneath it
    edit(out, "seats:\n  council: 1\n", "seats:\ncouncil: 1\n  conclave: 0\n")
    records = _records(content)

    line = line_of(out, "council: 1")
    got = _at(records, out, line, "YAML-SYNTAX")
    assert got["column"] == 1
    assert got["message"] == (
        f"line {line}, `council`, is indented 0 spaces, as `seats` above it, but `conclave` "
        "after it 2: `council` belongs under `seats` with `conclave`; indent it 2 spaces "
        "(lined up with `seats`, YAML reads it as a key beside `seats`, which is then empty)"
    )

    line = line_of(tab, "\tcouncil")
    got = _at(records, tab, line, "YAML-SYNTAX")
    assert got["column"] == 1
    assert got["message"].startswith(
        f"line {line} is indented with a tab; YAML indents with spaces only: replace the tab "
        "with spaces"
    )

    line = line_of(over, "   conclave")
    got = _at(records, over, line, "YAML-SYNTAX")
    assert got["message"] == (
        f"line {line} is indented 3 spaces, the keys around it use 2 (line {line - 1}, "
        "`council`): line `conclave` up with `council` to make it a field beside it (indented "
        "further, YAML reads it as more of the value of `council`)"
    )

    line = line_of(wrong, "council: 1")
    got = _at(records, wrong, line, "SCHEMA-UNKNOWN-KEY")
    assert got["message"] == (
        "unknown field `council` in faction: `council` belongs under `seats` (a field of "
        "seats); indent it beneath `seats:`"
    )

    line = line_of(under, " conclave")
    got = _at(records, under, line, "YAML-SYNTAX")
    assert got["message"] == (
        f"line {line} is indented 1 space, but the keys around it use 2 (line {line - 1}, "
        f"`council`) or 0 (line {line - 2}, `seats`): indent `conclave` 2 spaces to put it "
        "under `seats`, or 0 spaces to line it up with `seats`"
    )


def test_a_first_key_indented_out_of_step_is_the_line_told(tmp_path: Path) -> None:
    """`seats:` then `council` at 3 spaces and `conclave` at 2 (the file's step): libyaml
    stops at `conclave`, but the line to mend is `council`, and mending it makes the file
    load."""
    content = copy_content(tmp_path)
    oddly = faction_file(content, 15)
    edit(oddly, "seats:\n  council: 1\n", "seats:\n   council: 1\n  conclave: 0\n")
    line = line_of(oddly, "   council: 1")
    got = _at(_records(content), oddly, line, "YAML-SYNTAX")
    assert got["column"] == 4
    assert got["message"] == (
        f"line {line}, `council`, is indented 3 spaces, but the line after it 2, as this file "
        "indents a level: the first of the keys under `seats` sets the indent the others must "
        "keep; indent `council` 2 spaces"
    )
    edit(oddly, "   council: 1", "  council: 1")  # as the message says
    again = toolkit("check", "--content", str(content), "--game", "forty-factions")
    assert again.returncode == 0, again.stdout + again.stderr


_SEATS = "seats:\n  council: 1\n  conclave: 1\n"


def _moved_out(key: str, before: str, after: str) -> str:
    """What a key moved from 2 spaces to 0 is told ({n}: its line; {p}, {a}: around it)."""
    return (
        f"line {{n}}, `{key}`, is indented 0 spaces, but the keys around it use 2 (line "
        f"{{p}}, `{before}`, and line {{a}}, `{after}`): indent `{key}` 2 spaces to keep it "
        "with them (at 0, YAML ends their mapping there)"
    )


_PROVINCE = "  - id: west\n    name: The West\n"
_PLACEHOLDERS = "placeholders:\n  - faction\n  - set\n"


@pytest.mark.parametrize(("file", "was", "now", "told", "mended"), [
    ("forty-factions/factions/046-*.yaml", _SEATS, "seats:\n council: 1\n  conclave: 1\n",
     "line {n}, `council`, is indented 1 space, but the line after it 2, as this file indents "
     "a level: the first of the keys under `seats` sets the indent the others must keep; "
     "indent `council` 2 spaces", (" council", "  council")),
    ("god-emperor/game.yaml", _PROVINCE, "  - id: west\n   name: The West\n",
     "line {n}, `name`, is indented 3 spaces, but the keys of the list item on line {p} start "
     "at 4 (`id`, after its `- `): indent `name` 4 spaces to keep it in that item",
     ("   name: The West", "    name: The West")),
    ("god-emperor/game.yaml", _PROVINCE, "  - id: west\n  name: The West\n",
     "line {n}, `name`, is indented 2 spaces, but the keys of the list item on line {p} start "
     "at 4 (`id`, after its `- `): indent `name` 4 spaces to keep it in that item, or make it "
     "an item of its own: `- name:` lined up with line {p}'s `-`",
     ("  name: The West", "    name: The West")),
    ("worldspanner/heroes/blackbeard.yaml", _PLACEHOLDERS,
     "placeholders:\n   - faction\n  - set\n",
     "line {n}, `- faction`, is indented 3 spaces, but the line after it 2, as this file "
     "indents a level: the first of the items under `placeholders` sets the indent the others "
     "must keep; indent `- faction` 2 spaces", ("   - faction", "  - faction")),
    ("worldspanner/game.yaml", "  intro: 6\n  normal: 8\n", "  intro: 6\nnormal: 8\n",
     _moved_out("normal", "intro", "three_players"), ("normal: 8", "  normal: 8")),
    ("god-emperor/game.yaml", "  start_castles: 1\n  orders: 2", "  start_castles: 1\norders: 2",
     _moved_out("orders", "start_castles", "attack"), ("\norders: 2", "\n  orders: 2")),
    ("god-emperor/game.yaml", "(L127-237)\n  start_units", "(L127-237)\n start_units",
     "line {n}, `start_units`, is indented 1 space, but the line after it 2, as this file "
     "indents a level: the first of the keys under `war` sets the indent the others must keep; "
     "indent `start_units` 2 spaces", (" start_units", "  start_units")),
])  # fmt: skip
def test_an_indent_out_of_step_is_told_at_the_line_that_moved(
    file: str, was: str, now: str, told: str, mended: tuple[str, str]
) -> None:
    """The line the designer moved is the one told, with the indent to give it, whichever
    line libyaml stopped at; and giving it that indent makes the file load."""
    (path,) = sorted(CONTENT.glob(file))
    text = path.read_text(encoding="utf-8")
    assert was in text
    broken = text.replace(was, now, 1)
    n = broken[: broken.index(mended[0].lstrip("\n"))].count("\n") + 1  # the line moved
    (got,) = load_bytes(broken.encode(), "x.yaml").diagnostics
    assert (got.code, got.loc.line) == ("YAML-SYNTAX", n)
    assert got.message == told.format(n=n, p=n - 1, a=n + 1)
    assert load_bytes(broken.replace(*mended, 1).encode(), "x.yaml").root is not None


def test_a_list_item_indented_between_levels_is_told_its_items_indent(tmp_path: Path) -> None:
    """A `-` item indented 1 space under items at 2: the message names the items' indent
    (their dash's column, not their keys'), and doing what it says makes the file load."""
    content = copy_content(tmp_path)
    navy = faction_file(content, 2)
    edit(navy, "  - {name: Harbour Fort", " - {name: Harbour Fort")
    line = line_of(navy, " - {name: Harbour Fort")
    got = _at(_records(content), navy, line, "YAML-SYNTAX")
    assert got["message"] == (
        f"line {line} is indented 1 space, but the lines around it use 2 (line {line - 1}, "
        f"`- {{name: Naval D`) or 0 (line {line - 2}, `locations`): indent `- {{name` 2 "
        "spaces to put it under `locations`, or 0 spaces to line it up with `locations`"
    )
    edit(navy, " - {name: Harbour Fort", "  - {name: Harbour Fort")  # as the message says
    again = toolkit("check", "--content", str(content), "--game", "forty-factions")
    assert again.returncode == 0, again.stdout + again.stderr


def test_a_field_indented_into_the_wrong_mapping_says_where_it_belongs(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    f = faction_file(content, 9)
    edit(
        f,
        "seats:\n  council: 1\nlocations:",
        "seats:\n  council: 1\n  category: temples\nlocations:",
    )
    edit(f, "category: temples\nseats:", "seats:")
    records = _records(content)
    got = _at(records, f, line_of(f, "  category: temples"), "SCHEMA-UNKNOWN-KEY")
    assert got["message"] == (
        "unknown field `category` in seats: `category` is a field of the top level of the "
        "file, not of `seats`; outdent it to line up with `seats:`"
    )


@pytest.mark.parametrize(
    ("text", "line", "col", "message"),
    [
        (b"name: Guild: East\n", 1, 12,
         "the value of `name` holds ': ', which YAML reads as the start of another key; put "
         'the value in quotes: name: "Guild: East"'),
        (b"name: 'Guild\nnumber: 3\n", 3, 1,
         "the quote ' opened on line 1 is never closed: close it with ' (inside single "
         "quotes, write '' for an apostrophe)"),
        (b"locations:\n  - name: a\n    area: b\n   - name: c\n", 4, 4,
         "line 4 is indented 3 spaces, but the items of the list that starts on line 2 use 2: "
         "line its `-` up with theirs"),
        (b"notes: @here\n", 1, 8,
         "a value cannot start with `@` unless it is in quotes: put the whole value in quotes"),
    ],
)  # fmt: skip
def test_other_syntax_errors_in_plain_words(text: bytes, line: int, col: int, message: str) -> None:
    (d,) = load_bytes(text, "x.yaml").diagnostics
    assert (d.code, d.loc.line, d.loc.col, d.message) == ("YAML-SYNTAX", line, col, message)


def test_a_schema_error_does_not_hide_rule_checks_on_the_rest(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    broken = faction_file(content, 46)
    edit(broken, "number: 46", 'number: "x46"')
    selfish = faction_file(content, 18)
    edit(selfish, "enemies: [31, 88]", "enemies: [31, 88, 18, 5]")
    proc = toolkit("check", "--content", str(content), "--game", "forty-factions")
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    codes = {ln.split("[", 1)[1].split("]", 1)[0] for ln in lines if "error[" in ln}
    assert "SCHEMA-TYPE" in codes
    assert "FF-ENEMY-SELF" in codes  # a rule check ran on the files that validated
    # an enmity between two files that loaded is judged on them alone: the 18 -> 5 one
    # that 5 does not answer is found, at the value that names it
    (one_sided,) = [ln for ln in lines if "error[FF-ENEMY-SYMMETRY]" in ln]
    at = line_of(selfish, "enemies:")
    shown = selfish.relative_to(tmp_path)
    assert one_sided.startswith(f"{shown}:{at}:") and "Mercenaries" in one_sided
    # no false finding from the file that did not load: its number, seat and enemies are
    # missing from the rest, and the rules that count them wait
    assert not codes & {
        "FF-DECK-MISSING",
        "FF-COUNCIL-SEATS",
        "FF-REF-FACTION",
        "FF-AREA-COUNT",
        "WAIVER-UNUSED",
    }
    note = next(ln for ln in lines if ln.startswith("note: forty-factions:"))
    assert f"wait until {broken.relative_to(tmp_path)} loads and validates:" in note
    assert "FF-COUNCIL-SEATS" in note and "FF-DECK-MISSING" in note
    assert "FF-ENEMY-SYMMETRY" not in note


def test_a_plot_that_does_not_load_holds_only_the_rules_that_need_every_plot(
    tmp_path: Path,
) -> None:
    """A broken plot file waits the rules that count or name plots; the side boards' rules
    and the spelling rule still run on the rest (a missing plot cannot make them false)."""
    content = copy_content(tmp_path)
    plot = next((content / "forty-factions" / "plots").glob("003-*.yaml"))
    edit(plot, "number: 3", 'number: "x3"')
    temple = faction_file(content, 86)
    edit(temple, "{name: High Temple of YHWRC,", "{name: High Temple of YHWHRC,")
    proc = toolkit("check", "--content", str(content), "--game", "forty-factions")
    lines = proc.stdout.splitlines()
    (spelt,) = [ln for ln in lines if "error[FF-NAME-SPELLING]" in ln]
    at = line_of(temple, "High Temple of YHWHRC")
    assert spelt.startswith(f"{temple.relative_to(tmp_path)}:{at}:")
    note = next(ln for ln in lines if ln.startswith("note: forty-factions:"))
    held = set(note.split(": ")[-1].split(", "))
    assert {"FF-REF-PLOT", "FF-DECK-MISSING"} <= held
    assert not held & {"FF-NAME-SPELLING", "FF-SC-CIRCLES", "FF-DD-MIRRORS", "FF-COUNCIL-SEATS"}


@pytest.mark.slow
def test_check_layout_finds_a_sheet_too_long_before_build(
    shipped_kit: Path, tmp_path: Path
) -> None:
    """An over-long text passes `check` (it is valid content) but not `check --layout`,
    which lays out the sheets without writing and points at the field, as build would."""
    content = copy_content(tmp_path)
    kit = seeded(shipped_kit, tmp_path / "build", "forty-factions")  # the designer's last build
    before = {p: p.read_bytes() for p in kit.rglob("*") if p.is_file()}
    f = faction_file(content, 5)
    long = " ".join(["The Mercenaries' Guild remembers every debt."] * 260)
    f.write_text(f.read_text() + f"background: {long}\n")
    args = ("--content", "content", "--game", "forty-factions")  # as the kit was built
    plain = toolkit("check", *args, cwd=tmp_path)
    assert plain.returncode == 0, plain.stdout
    proc = toolkit("check", *args, "--layout", "--out", "build", cwd=tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    n = f.read_text().splitlines().index(f"background: {long}") + 1
    line = next(ln for ln in proc.stdout.splitlines() if "RENDER-OVERFLOW" in ln)
    assert line.startswith(f"{f.relative_to(tmp_path)}:{n}:") and "`background`" in line
    # nothing written: the kit as it was, and no other file
    assert {p: p.read_bytes() for p in kit.rglob("*") if p.is_file()} == before
    assert not [p for p in tmp_path.rglob("*.pdf") if kit not in p.parents]


@pytest.mark.slow
def test_check_layout_tells_again_what_the_kits_build_found_for_an_unchanged_sheet(
    shipped_kit: Path, tmp_path: Path
) -> None:
    """A sheet the kit built from the same data is not laid out again: what its build found
    (here, a text set smaller to fit) is told from the kit's manifest; once the sheet's data
    changes, it is laid out again."""
    content = copy_content(tmp_path)
    kit = seeded(shipped_kit, tmp_path / "build", "forty-factions")
    f = faction_file(content, 5)
    text = f.read_text()
    debt = "The Mercenaries' Guild remembers every debt."
    f.write_text(text + "background: " + " ".join([debt] * 60) + "\n")  # a little too long
    args = ("--content", "content", "--game", "forty-factions")  # as the kit was built
    built = toolkit(
        "build", *args, "--out", "build", "--only", f"sheets/factions/{f.stem}.pdf", cwd=tmp_path
    )
    assert built.returncode == 0 and "RENDER-SHRUNK" in built.stdout, built.stdout
    manifest = kit / "forty-factions" / "kit" / "manifest.json"
    data = json.loads(manifest.read_text())
    (entry,) = [o for o in data["outputs"] if o["path"] == f"sheets/factions/{f.stem}.pdf"]
    (found,) = entry["findings"]
    assert found["code"] == "RENDER-SHRUNK"
    # what the check tells is the record's: mark it to see where the words come from
    found["message"] += " (as the kit recorded it)"
    manifest.write_text(json.dumps(data))
    layout = toolkit("check", *args, "--layout", "--out", "build", cwd=tmp_path)
    assert layout.returncode == 0, layout.stdout + layout.stderr
    assert "RENDER-SHRUNK" in layout.stdout and "(as the kit recorded it)" in layout.stdout
    # the sheet's data changed since that build: laid out again, found again
    f.write_text(text + "background: " + " ".join([debt] * 61) + "\n")
    layout = toolkit("check", *args, "--layout", "--out", "build", cwd=tmp_path)
    assert "RENDER-SHRUNK" in layout.stdout and "recorded" not in layout.stdout, layout.stdout


def test_an_unknown_party_names_the_parties_and_the_one_meant(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    bookmakers = faction_file(content, 19)
    edit(bookmakers, "politics: liberal", "politics: liberals")
    got = _at(_records(content), bookmakers, line_of(bookmakers, "politics:"), "FF-REF-PARTY")
    parties = sorted(
        p["id"]
        for p in yaml.safe_load((content / "forty-factions/game.yaml").read_text())["parties"]
    )
    assert got["message"] == (
        f"politics 'liberals' is not defined in game.yaml "
        f"({', '.join(parties)}); did you mean 'liberal'?"
    )
