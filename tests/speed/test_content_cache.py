"""A long-lived process (`--watch`) re-reads only the content files that changed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.shipped import CONTENT, copy_rules
from toolkit.games.worldspanner import KINDS
from toolkit.games.worldspanner.card_models import Hero
from toolkit.model.content import load_content


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


def _check(content: Path, cache: Path, cwd: Path):  # type: ignore[no-untyped-def]
    import os
    import subprocess
    import sys

    from tests.support.shipped import ROOT

    env = {k: v for k, v in os.environ.items() if k != "TOOLKIT_NO_CACHE"}
    env.update(XDG_CACHE_HOME=str(cache), PYTHONPATH=str(ROOT))
    for kept in cache.glob("toolkit/check-*.pickle"):  # the documents are tried here, not
        kept.unlink()  # the check's kept results (tests/speed/test_check_cache.py)
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "toolkit",
            "check",
            "--content",
            str(content),
            "--game",
            "worldspanner",
        ],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.slow
def test_a_cold_check_reuses_the_documents_the_last_one_validated(tmp_path: Path) -> None:
    """Between processes, validated documents are kept in the user's cache folder (only
    this user may write it), and an edited file is read again."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "worldspanner", content / "worldspanner")
    copy_rules(tmp_path)  # the texts its citations are read against
    cache = tmp_path / "cache"
    first = _check(content, cache, tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    (kept,) = (cache / "toolkit").glob("content-worldspanner-*.pickle")
    assert oct(kept.stat().st_mode & 0o777) == "0o600"
    assert oct((cache / "toolkit").stat().st_mode & 0o777) == "0o700"
    second = _check(content, cache, tmp_path)
    assert second.stdout == first.stdout and second.returncode == 0
    lazar = content / "worldspanner" / "heroes" / "lazar.yaml"
    lazar.write_text(lazar.read_text().replace("health: 5", "health: five"))
    third = _check(content, cache, tmp_path)
    assert third.returncode == 1 and "lazar.yaml" in third.stdout and "health" in third.stdout


@pytest.mark.slow
def test_a_cache_others_may_write_is_never_loaded(tmp_path: Path) -> None:
    """The cache is a pickle: one that another user (or a group) could have written would
    run their code, so it is ignored; so is a damaged one."""
    from tests.support.hostile import code_running_pickle

    content = tmp_path / "content"
    shutil.copytree(CONTENT / "worldspanner", content / "worldspanner")
    copy_rules(tmp_path)  # the texts its citations are read against
    cache = tmp_path / "cache"
    assert _check(content, cache, tmp_path).returncode == 0
    (kept,) = (cache / "toolkit").glob("content-worldspanner-*.pickle")
    marker = tmp_path / "ran"
    kept.write_bytes(code_running_pickle(marker))
    kept.chmod(0o620)  # group-writable
    assert _check(content, cache, tmp_path).returncode == 0
    assert not marker.exists()
    kept.chmod(0o600)
    (cache / "toolkit").chmod(0o777)  # a folder anyone may write into
    assert _check(content, cache, tmp_path).returncode == 0
    assert not marker.exists()
    (cache / "toolkit").chmod(0o700)
    kept.write_bytes(b"damaged")
    assert _check(content, cache, tmp_path).returncode == 0


def test_templates_are_compiled_once_into_a_private_cache_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Jinja's compiled templates go to the user's cache when only this user may write
    there (they are loaded as code), and nowhere when someone else could."""
    import os

    from toolkit.render.templates import environment, render

    monkeypatch.delenv("TOOLKIT_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "hello.j2").write_text("Hello {{ who }}")
    env = environment(templates)
    assert render(env, "hello.j2", who="you") == "Hello you"
    kept = tmp_path / "cache" / "toolkit" / "templates"
    assert _disk(env) is not None and len(list(kept.iterdir())) == 1
    assert render(environment(templates), "hello.j2", who="again") == "Hello again"
    os.chmod(kept, 0o777)  # now anyone could plant compiled code there
    assert _disk(environment(templates)) is None
    monkeypatch.setenv("TOOLKIT_NO_CACHE", "1")
    os.chmod(kept, 0o700)
    assert _disk(environment(templates)) is None


def _disk(env: object) -> object:
    return env.bytecode_cache.folder  # type: ignore[attr-defined]


def test_a_template_is_compiled_once_a_process_and_again_when_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the cache folder off, a build's second environment (each session makes one)
    takes the templates the first compiled, from memory; an edited template is compiled
    again, never its old code."""
    import jinja2

    from toolkit.render.templates import environment, render

    monkeypatch.setenv("TOOLKIT_NO_CACHE", "1")
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "hello.j2").write_text("Hello {{ who }}")
    compiled = []
    real = jinja2.Environment.compile

    def counting(self: jinja2.Environment, *args: object, **kw: object) -> object:
        compiled.append(args[1] if len(args) > 1 else kw.get("name"))
        return real(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    assert render(environment(templates), "hello.j2", who="you") == "Hello you"
    assert render(environment(templates), "hello.j2", who="again") == "Hello again"
    assert compiled == ["hello.j2"]
    (templates / "hello.j2").write_text("Goodbye {{ who }}")
    assert render(environment(templates), "hello.j2", who="you") == "Goodbye you"
    assert compiled == ["hello.j2", "hello.j2"]


def _wrong_field(doc: object) -> object:
    """The document with its first field of a type no content value has."""
    import dataclasses

    from toolkit.validate.declare import fields_of

    first = fields_of(type(doc))[0].name  # type: ignore[arg-type]
    return dataclasses.replace(doc, **{first: b"\x00not a value"})  # type: ignore[type-var]


# Well-formed cache files holding what a reader does not expect, each for every entry
_WRONG_SHAPES = {
    "a field of another type": lambda e: {k: _wrong_field(d) for k, d in e.items()},
    "another model's document": lambda e: {
        k: next(d for d in e.values() if type(d) is not k[2]) for k in e
    },
    "not a document": lambda e: dict.fromkeys(e, "a document"),
}


@pytest.mark.slow
@pytest.mark.parametrize("shape", list(_WRONG_SHAPES))
def test_kept_documents_of_the_wrong_shape_are_misses(tmp_path: Path, shape: str) -> None:
    """A kept document that is not what its key says, down to its fields' types, is read
    again from its file: the report is the one an empty cache gives."""
    import pickle

    content = tmp_path / "content"
    shutil.copytree(CONTENT / "worldspanner", content / "worldspanner")
    copy_rules(tmp_path)  # the texts its citations are read against
    lazar = content / "worldspanner" / "heroes" / "lazar.yaml"
    lazar.write_text(lazar.read_text().replace("health: 5", "health: five"))
    cache = tmp_path / "cache"
    first = _check(content, cache, tmp_path)  # kept
    assert first.returncode == 1 and "health" in first.stdout, first.stderr
    (kept,) = (cache / "toolkit").glob("content-*.pickle")
    data = pickle.loads(kept.read_bytes())
    assert data["value"]
    data["value"] = _WRONG_SHAPES[shape](data["value"])
    kept.write_bytes(pickle.dumps(data))
    again = _check(content, cache, tmp_path)
    empty = _check(content, tmp_path / "empty", tmp_path)
    assert "Traceback" not in again.stderr, again.stderr
    said = (again.returncode, again.stdout, again.stderr)
    assert said == (empty.returncode, empty.stdout, empty.stderr)


@pytest.mark.parametrize("game", ["forty-factions", "god-emperor", "worldspanner"])
def test_kept_entries_are_taken_only_when_they_are_what_their_keys_say(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """Every document a game's check keeps is taken back (the shipped content's every
    value is of its field's type); a document of the wrong shape, or under a key of another
    shape, is left out, and the rest kept. Only the documents as they are now are kept:
    never what a file held before (a report does not depend on the edits a cache saw)."""
    import importlib

    from toolkit.core import store
    from toolkit.speed import content_cache
    from toolkit.validate.kept import kept_documents

    monkeypatch.delenv("TOOLKIT_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    disk = content_cache.DiskStore()
    monkeypatch.setattr(store, "_STORE", disk)  # as a command keeps them

    def taken_back() -> dict[object, object]:
        return kept_documents(disk.get(folder, "content"))

    folder = tmp_path / game
    shutil.copytree(CONTENT / game, folder)
    kinds = importlib.import_module(f"toolkit.games.{game.replace('-', '_')}").KINDS
    load_content(game, folder, kinds)
    content_cache.flush()
    path = content_cache.game_file(folder, "content")
    data = content_cache.read(path)
    good = dict(data["value"])
    assert len(good) > 1 and taken_back() == good
    stamp, doc = next(iter(good.items()))
    other = next(k for k in good if k[2] is not stamp[2])  # a file of another kind
    entries = {**good, stamp: _wrong_field(doc), (*other[:2], "model", other[3]): doc}
    assert set(data) == {"version", "value"}  # no earlier versions of any file
    content_cache.write(path, {**data, "value": entries})
    assert taken_back() == {k: v for k, v in good.items() if k != stamp}


@pytest.mark.parametrize("damage", ["not a pickle after the mark", "not code"])
def test_a_damaged_compiled_template_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    """A compiled template in the cache that is damaged, or well formed but holding no code,
    is a miss: the template is compiled again, never a traceback."""
    import marshal
    import pickle

    import jinja2.bccache

    from toolkit.render import templates as render_module
    from toolkit.render.templates import environment, render

    monkeypatch.delenv("TOOLKIT_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "hello.j2").write_text("Hello {{ who }}")
    assert render(environment(templates), "hello.j2", who="you") == "Hello you"
    (kept,) = (tmp_path / "cache" / "toolkit" / "templates").iterdir()
    mark = jinja2.bccache.bc_magic
    checksum = pickle.loads(kept.read_bytes()[len(mark) :])  # (what follows is not read)
    written = {
        "not a pickle after the mark": mark + b"\x80\x05garbage",
        "not code": mark + pickle.dumps(checksum, 2) + marshal.dumps(42),
    }[damage]
    kept.write_bytes(written)
    monkeypatch.setattr(render_module, "_COMPILED", {})  # a new process: only the disk
    assert render(environment(templates), "hello.j2", who="again") == "Hello again"
