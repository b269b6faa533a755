"""The JSON Schemas editors use: committed, current, and agreeing with the validator."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml

from tests.shipped import CONTENT, FF, ROOT, copy_content, faction_file, toolkit
from toolkit.schemas import render_all

KIND_OF = {
    "game.yaml": "game",
    "factions": "faction",
    "plots": "plot",
    "components.yaml": "components",
}


def _kind(rel: str) -> str:
    head = rel.split("/")[0]
    if head in KIND_OF:
        return KIND_OF[head]
    return rel.split("/")[1].removesuffix(".yaml")  # boards/<kind>.yaml


def test_committed_schemas_are_current() -> None:
    for name, text in render_all(CONTENT, None).items():
        path = ROOT / "schemas" / name
        assert path.exists(), f"{path} missing: run `make schema`"
        assert path.read_text(encoding="utf-8") == text, f"{path} is stale: run `make schema`"


@pytest.mark.parametrize("path", sorted(FF.rglob("*.yaml")), ids=lambda p: p.name)
def test_every_content_file_satisfies_its_json_schema(path) -> None:
    rel = path.relative_to(FF).as_posix()
    schema = json.loads(
        (ROOT / "schemas" / "forty-factions" / f"{_kind(rel)}.schema.json").read_text()
    )
    jsonschema.validate(
        yaml.safe_load(path.read_text(encoding="utf-8")),
        schema,
        cls=jsonschema.Draft202012Validator,
    )


def test_schema_and_checker_agree_on_a_typo(tmp_path) -> None:
    content = copy_content(tmp_path)
    f = faction_file(content, 5)
    data = yaml.safe_load(f.read_text())
    data["seets"] = data.pop("seats", {"council": 1})
    schema = json.loads((ROOT / "schemas" / "forty-factions" / "faction.schema.json").read_text())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
    f.write_text(yaml.safe_dump(data, sort_keys=False))
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1 and "SCHEMA-UNKNOWN-KEY" in proc.stdout


def test_schema_command_writes_every_kind(tmp_path) -> None:
    proc = toolkit("schema", "--out", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    written = sorted(p.name for p in (tmp_path / "forty-factions").iterdir())
    assert "faction.schema.json" in written and "game.schema.json" in written
    assert "hero.schema.json" in {p.name for p in (tmp_path / "worldspanner").iterdir()}
    every = [p for p in tmp_path.rglob("*.schema.json")]
    assert len(every) == len(render_all(CONTENT, None))
