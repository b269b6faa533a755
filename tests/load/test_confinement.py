"""Confinement that content cannot move (issue 18, cases 1 and 2): every read made for
content stays inside the real path of the project (the content folder and the toolkit's
templates), whatever links the content commits: the `assets` folder, a folder in it, the
game folder itself. Each CLI run here records every file the process opens
(`tests.support.hostile.run_recorded`) and fails on any read outside the project."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.hostile import (
    CANARY,
    add_map_art,
    outside_folder,
    outside_reads,
    png,
    run_recorded,
)
from tests.support.shipped import DIAG, copy_content, shown, toolkit
from toolkit.core.assets import AssetError
from toolkit.core.outputs import BuildOptions
from toolkit.render.session import Session


def _findings(stdout: str) -> list[tuple[str, str, str]]:
    """(path, code, message) of every finding printed."""
    out = []
    for line in stdout.splitlines():
        m = DIAG.match(line)
        if m:
            out.append((m["path"], m["code"], line[m.end() :]))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("shape", ["assets-to-outside", "assets-to-root", "folder-in-assets"])
def test_assets_linked_out_are_never_read_or_embedded(tmp_path: Path, shape: str) -> None:
    """Case 1: a committed link (the assets folder, or a folder in it) to an outside
    picture: `check` fails naming it, `build` embeds nothing, and nothing outside the
    project is opened."""
    content = copy_content(tmp_path)
    outside = outside_folder(tmp_path)
    assets = content / "forty-factions" / "assets"
    if shape == "assets-to-outside":
        assets.symlink_to(outside)
        image, linked = "assets/secret.png", assets
    elif shape == "assets-to-root":  # the issue's own: assets -> /, image: assets/<any path>
        assets.symlink_to("/")
        image, linked = "assets" + str(outside / "secret.png"), assets
    else:
        assets.mkdir()
        (assets / "pics").symlink_to(outside)
        image, linked = "assets/pics/secret.png", assets / "pics"
    add_map_art(content, image)
    out = tmp_path / "out"

    proc, opened = run_recorded(
        tmp_path, "check", "--content", str(content), "--game", "forty-factions"
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    found = _findings(proc.stdout)
    assert any(
        p.endswith(str(linked.relative_to(content))) and c == "CONTENT-OUTSIDE" for p, c, _ in found
    ), found
    assert any(c == "FF-MAP-ART" and "outside" in m for _, c, m in found), found

    proc2, opened2 = run_recorded(
        tmp_path,
        "build",
        "--content",
        str(content),
        "--game",
        "forty-factions",
        "--only",
        "boards/main.svg",
        "--jobs",
        "1",
        "--out",
        str(out),
    )
    assert proc2.returncode == 1 and "Traceback" not in proc2.stderr
    assert not (out / "forty-factions" / "boards" / "main.svg").exists()
    assert (
        outside_reads(opened + opened2, content, content.parent / "rules", out, tmp_path / "tmp")
        == []
    )
    assert CANARY not in proc.stdout + proc2.stdout


def test_game_folder_linked_out_is_not_read(tmp_path: Path) -> None:
    """Case 2: `content/worldspanner -> ../outside`: nothing there is read, and nothing of it
    (not even a key) reaches a message."""
    content = copy_content(tmp_path)
    elsewhere = tmp_path / "outside-game"
    (content / "worldspanner").rename(elsewhere)
    (elsewhere / "game.yaml").write_text(f"{CANARY.lower().replace('-', '_')}: 1\n")
    (content / "worldspanner").symlink_to(os.path.relpath(elsewhere, content))
    proc, opened = run_recorded(tmp_path, "check", "--content", str(content))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    found = _findings(proc.stdout)
    assert (shown(content / "worldspanner"), "CONTENT-OUTSIDE") in [(p, c) for p, c, _ in found]
    assert CANARY.lower().replace("-", "_") not in proc.stdout + proc.stderr
    assert outside_reads(opened, content, content.parent / "rules", tmp_path / "tmp") == []
    assert not any(p.startswith(str(elsewhere)) for p in opened)


def test_game_folder_linked_inside_the_content_folder_is_read(tmp_path: Path) -> None:
    """A link that stays inside the project is no escape: the game is checked as usual."""
    content = copy_content(tmp_path)
    (content / "worldspanner").rename(content / "ws-real")
    (content / "worldspanner").symlink_to("ws-real")
    proc, _ = run_recorded(tmp_path, "check", "--content", str(content), "--game", "worldspanner")
    assert proc.returncode == 0, proc.stdout


def test_a_link_that_leads_out_and_comes_back_is_refused(tmp_path: Path) -> None:
    """`assets/a -> /` then `assets/a/<the project>/x.png`: the file is inside, but the way
    to it leads out."""
    from toolkit.core.assets import game_asset

    game = tmp_path / "content" / "game"
    (game / "assets").mkdir(parents=True)
    (game / "assets" / "x.png").write_bytes(b"png")
    (game / "assets" / "a").symlink_to("/")
    assert game_asset(game, "assets/x.png").endswith("x.png")
    back = "assets/a" + str(game / "assets" / "x.png")
    with pytest.raises(AssetError, match="'a' is a link that leads outside"):
        game_asset(game, back)


@pytest.mark.parametrize("hidden", [".git/config", "sub/.env"])
def test_hidden_files_are_refused_even_inside(tmp_path: Path, hidden: str) -> None:
    from toolkit.core.assets import within

    (tmp_path / hidden).parent.mkdir(parents=True)
    (tmp_path / hidden).write_text(CANARY)
    with pytest.raises(AssetError, match="hidden"):
        within(tmp_path / hidden, tmp_path)


def test_a_renders_asset_roots_leave_out_an_assets_folder_linked_out(tmp_path: Path) -> None:
    """The renderer's roots come from `Session.asset_roots`: an assets folder that leads out
    is no root, so WeasyPrint cannot be made to read through it either."""
    from toolkit.core.assets import game_assets
    from toolkit.render.pdf import RenderError

    outside = outside_folder(tmp_path)
    game = tmp_path / "content" / "forty-factions"
    game.mkdir(parents=True)
    (game / "assets").symlink_to(outside)
    with pytest.raises(AssetError, match="assets folder cannot be used"):
        game_assets(game)
    session = Session(BuildOptions(out=tmp_path / "out"), game)
    assert [os.path.realpath(r) for r in session.asset_roots()] == [
        os.path.realpath(Path(__file__).parents[2] / "toolkit" / "templates")
    ]
    url = (game / "assets" / "secret.png").absolute().as_uri()
    with pytest.raises(RenderError, match="refused"):
        session.pdf(f'<html><body><img src="{url}"></body></html>')


def test_the_projects_content_folder_linked_out_is_not_read(tmp_path: Path) -> None:
    """A pull request that replaces the project's `content/` with a link out: the default
    content folder (what CI checks) is refused as a link; nothing outside is read."""
    elsewhere = tmp_path / "outside" / "worldspanner"
    elsewhere.mkdir(parents=True)
    (elsewhere / "game.yaml").write_text(f"{CANARY.lower().replace('-', '_')}: 1\n")
    project = tmp_path / "project"
    project.mkdir()
    (project / "content").symlink_to(tmp_path / "outside")
    proc = toolkit("check", cwd=project)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "symbolic link" in proc.stderr and "Traceback" not in proc.stderr
    assert CANARY.lower().replace("-", "_") not in proc.stdout + proc.stderr


def test_a_hard_linked_picture_is_refused_by_check_and_by_the_renderer(tmp_path: Path) -> None:
    """Case 49: `assets/map.png` hard-linked to a file outside. A hard link has no path of its
    own to vet, so a picture with more than one name is refused: by `check` (FF-MAP-ART) and,
    should anything ask for it, by the renderer's fetcher; a picture with one name beside it
    is read. Only the toolkit's own folders (`own`: an installer may hard-link a package's
    files to its cache) may hold such a file."""
    from toolkit.core.assets import confined
    from toolkit.render.pdf import RenderError

    content = copy_content(tmp_path)
    outside = outside_folder(tmp_path)
    assets = content / "forty-factions" / "assets"
    assets.mkdir()
    os.link(outside / "secret.png", assets / "map.png")
    add_map_art(content, "assets/map.png")
    proc = toolkit("check", "--content", str(content), "--game", "forty-factions")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    found = [(c, m) for _, c, m in _findings(proc.stdout)]
    assert any(c == "FF-MAP-ART" and "a hard link" in m for c, m in found), found
    session = Session(BuildOptions(out=tmp_path / "out"), content / "forty-factions")
    with pytest.raises(RenderError, match="a hard link"):
        session.pdf(f'<html><body><img src="{(assets / "map.png").as_uri()}"></body></html>')
    (assets / "plain.png").write_bytes(png())
    pdf = session.pdf(f'<html><body><img src="{(assets / "plain.png").as_uri()}"></body></html>')
    assert pdf.startswith(b"%PDF") and CANARY.encode() not in pdf
    assert confined(str(assets / "map.png"), [assets], own=[assets]).endswith("map.png")


def test_a_hard_linked_content_file_is_refused_and_never_read(tmp_path: Path) -> None:
    """A hero's YAML hard-linked to a file outside the project (an archive or `ln` makes
    one; git never does): `check` refuses it at its path, in one line, and nothing of the
    outside file is read or echoed."""
    content = copy_content(tmp_path)
    outside = outside_folder(tmp_path) / "secret.yaml"
    outside.write_text(f"name: {CANARY}\n")
    faction = content / "worldspanner" / "heroes" / "secret.yaml"
    faction.parent.mkdir(exist_ok=True)
    os.link(outside, faction)
    check = toolkit("check", "--content", str(content), "--game", "worldspanner")
    assert check.returncode == 1, check.stdout + check.stderr
    assert CANARY not in check.stdout + check.stderr
    found = [(p, c, m) for p, c, m in _findings(check.stdout) if "a hard link" in m]
    assert [(c, p.endswith("heroes/secret.yaml")) for p, c, _ in found] == [
        ("CONTENT-OUTSIDE", True)
    ], check.stdout
