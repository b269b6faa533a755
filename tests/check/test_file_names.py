"""A file's name and its number and name agree (issue 18, case 5): swapping the contents of
`001-temple-of-zakel.yaml` and `002-navy.yaml` passed, and each sheet was then written under
the other faction's name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.shipped import copy_content, faction_file, shown, toolkit
from toolkit.check.file_names import numbered_stem, slug


def test_swapped_contents_are_reported_in_both_files_and_nothing_is_built(
    tmp_path: Path,
) -> None:
    content = copy_content(tmp_path)
    zakel, navy = faction_file(content, 1), faction_file(content, 2)
    a, b = zakel.read_bytes(), navy.read_bytes()
    zakel.write_bytes(b)
    navy.write_bytes(a)
    proc = toolkit("check", "--content", str(content), "--game", "forty-factions")
    assert proc.returncode == 1
    hits = [ln for ln in proc.stdout.splitlines() if "FF-FILE-NAME" in ln]
    assert len(hits) == 2
    assert (
        f"{shown(zakel)}:2:1: error[FF-FILE-NAME]: the file is named {zakel.name}, but its number "
        "and name make it 002-navy.yaml" in hits[0]
    )
    out = tmp_path / "out"
    proc = toolkit(
        "build",
        "--content",
        str(content),
        "--game",
        "forty-factions",
        "--only",
        "sheets/factions/00[12]-*",
        "--out",
        str(out),
    )
    assert proc.returncode == 1 and not out.exists()


def test_a_renamed_faction_must_rename_its_file(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    navy = faction_file(content, 2)
    navy.write_text(navy.read_text().replace("name: Navy", "name: Royal Navy"))
    proc = toolkit("check", "--content", str(content), "--game", "forty-factions")
    assert proc.returncode == 1 and "make it 002-royal-navy.yaml" in proc.stdout


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("Thieves' Guild of Tehmor", "thieves-guild-of-tehmor"),
        ("Temple of ZAKEL", "temple-of-zakel"),
        ("Zoë’s  Circle (SC)", "zoes-circle-sc"),
        ("-- ", ""),
    ],
)
def test_slugs(name: str, stem: str) -> None:
    assert slug(name) == stem
    assert numbered_stem(7, name) == f"007-{stem}"
