"""A long-lived process (`--watch`) re-reads only the content files that changed."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.shipped import CONTENT
from toolkit.content import load_content
from toolkit.games.worldspanner import KINDS
from toolkit.games.worldspanner.models import Hero


def _heroes(folder: Path) -> dict[str, Hero]:
    content, diags = load_content("worldspanner", folder, KINDS)
    assert not diags
    return {Path(h.loc.path).name: h for h in content.of("hero", Hero)}


def test_unchanged_files_are_reused_and_an_edit_of_the_same_size_is_seen(tmp_path: Path) -> None:
    folder = tmp_path / "worldspanner"
    shutil.copytree(CONTENT / "worldspanner", folder)
    first = _heroes(folder)
    lazar = folder / "heroes" / "lazar.yaml"
    lazar.write_text(lazar.read_text().replace("name: Lazar", "name: Lazor"))  # same size
    second = _heroes(folder)
    assert second["lazar.yaml"].name == "Lazor"
    assert second["blackbeard.yaml"] is first["blackbeard.yaml"]  # not parsed again
    good = lazar.read_text()
    lazar.write_text(good.replace("health: 5", "health: five"))  # a schema error is never cached
    _, diags = load_content("worldspanner", folder, KINDS)
    assert [d.code for d in diags] == ["SCHEMA-TYPE"]
    lazar.write_text(good)
    assert _heroes(folder)["lazar.yaml"].health == 5
