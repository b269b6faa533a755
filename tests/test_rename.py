"""`toolkit rename` (issue 17): a card renamed or renumbered in its file, its file's name and
every file that refers to it, every other byte kept, and the game checked after."""

from __future__ import annotations

from pathlib import Path

from tests.shipped import copy_content, faction_file, toolkit


def _rename(content: Path, *args: str):  # type: ignore[no-untyped-def]
    return toolkit("rename", *args, "--content", str(content))


def _snapshot(content: Path) -> dict[str, bytes]:
    return {str(p.relative_to(content)): p.read_bytes() for p in content.rglob("*") if p.is_file()}


def _changed_lines(before: bytes, after: bytes) -> list[tuple[str, str]]:
    """(old, new) for each line that differs; the files must keep their line count."""
    old, new = before.decode().splitlines(), after.decode().splitlines()
    assert len(old) == len(new)
    return [(a, b) for a, b in zip(old, new, strict=True) if a != b]


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
    assert _changed_lines(before[key], new.read_bytes()) == [
        ("name: Guild of Caravanserai", "name: Caravan Guild")
    ]
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
    card = _changed_lines(before["forty-factions/factions/042-conservative-party.yaml"],
                          after[moved])  # fmt: skip
    assert card == [("number: 42", "number: 55"), ("tarot: Ace of Batons", "tarot: Two of Coins")]
    # the plot numbered 42 and the Congress board that names plot 42 are untouched
    assert after["forty-factions/boards/congress.yaml"] == before["forty-factions/boards/"
                                                                  "congress.yaml"]  # fmt: skip
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
    factions opposing it, and the quest deck's file name. A God Emperor House's id: in
    game.yaml (its entry, the Court's hosts and proposers) and the cast. Each changed line
    is the old line with the id replaced, and the game checks clean after."""
    import re

    content = copy_content(tmp_path)
    before = _snapshot(content)
    faction = _rename(content, "worldspanner", "smugglers-den", "smugglers-cove")
    assert faction.returncode == 0 and "0 errors" in faction.stdout, faction.stdout + faction.stderr
    house = _rename(content, "god-emperor", "cat", "lynx")
    assert house.returncode == 0 and "0 errors" in house.stdout, house.stdout + house.stderr
    after = _snapshot(content)
    moved = ("worldspanner/quests/smugglers-den.yaml", "worldspanner/quests/smugglers-cove.yaml")
    assert moved[0] not in after and moved[1] in after
    changed = {k for k in after if after[k] != before.get(k)} - {moved[1]}

    def names_one(key: str, data: bytes) -> bool:  # a value naming the faction or the House
        if key.startswith("worldspanner/"):
            return b"smugglers-den" in data
        return key.startswith("god-emperor/") and bool(re.search(rb"(: |\[|, )cat\b", data))

    named = {k for k, data in before.items() if k.endswith(".yaml") and names_one(k, data)}
    assert changed | {moved[0]} == named
    for key in (*changed, moved[0]):
        now = after[moved[1] if key == moved[0] else key]
        for a, b in _changed_lines(before[key], now):
            assert b in (a.replace("smugglers-den", "smugglers-cove"),
                         re.sub(r"\bcat\b", "lynx", a)), (key, a, b)  # fmt: skip


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
    f.write_text(text.replace("name: Guild of Caravanserai\n",
                              'name: "Guild of Caravanserai"  # as printed in 1997\n'))  # fmt: skip
    proc = _rename(content, "forty-factions", f.stem, "Caravan Guild")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    new = f.with_name("050-caravan-guild.yaml").read_text()
    # that one line changed, and only its value
    before = text.replace("name: Guild of Caravanserai\n",
                          'name: "Guild of Caravanserai"  # as printed in 1997\n')  # fmt: skip
    assert new == before.replace('"Guild of Caravanserai"', '"Caravan Guild"')
