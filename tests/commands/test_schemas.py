"""The JSON Schemas editors use: committed, current, and agreeing with the validator."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml

from tests.support.shipped import CONTENT, FF, ROOT, copy_content, faction_file, toolkit
from toolkit.commands.schemas import render_all

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


def test_schemas_offer_the_values_the_content_declares(tmp_path) -> None:
    """Editors complete an area, party, category, expansion or enemy from the game's own
    content; a value the content does not declare (`lower-eastside`) fails in the editor."""
    schema = json.loads((ROOT / "schemas" / "forty-factions" / "faction.schema.json").read_text())
    game = yaml.safe_load((FF / "game.yaml").read_text(encoding="utf-8"))
    props = schema["properties"]
    assert set(props["politics"]["enum"]) == {p["id"] for p in game["parties"]}
    assert set(props["category"]["enum"]) == {c["id"] for c in game["categories"]}
    assert set(props["expansion"]["enum"]) == {e["code"] for e in game["expansions"]}
    area = schema["$defs"]["Location"]["properties"]["area"]["enum"]
    assert set(area) == {a["id"] for a in game["areas"]}
    # the Plot that calls a Congress or an Extraordinary Gathering: a plot number
    plots = {
        yaml.safe_load(f.read_text(encoding="utf-8"))["number"]
        for f in (FF / "plots").glob("*.yaml")
    }
    for side in ("congress", "gathering"):
        written = json.loads((ROOT / "schemas/forty-factions" / f"{side}.schema.json").read_text())
        calls = written["properties"]["plot"]["anyOf"]
        assert [set(c["enum"]) for c in calls if "enum" in c] == [plots], side
    data = yaml.safe_load(faction_file(CONTENT, 5).read_text(encoding="utf-8"))
    data["locations"][0]["area"] = "lower-eastside"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
    # a party added to game.yaml is offered once the schemas are written again
    content = copy_content(tmp_path)
    game_file = content / "forty-factions" / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    first = text.index("\n  - id:", text.index("parties:"))
    game_file.write_text(
        text[:first] + "\n  - {id: greens, name: Green Party, body: council, "
        "seats: 0}" + text[first:],
        encoding="utf-8",
    )
    fresh = json.loads(render_all(content, "forty-factions")["forty-factions/faction.schema.json"])
    assert "greens" in fresh["properties"]["politics"]["enum"]


def _any_ofs(node, path=""):  # type: ignore[no-untyped-def]
    """Every sub-schema with alternatives (`anyOf`), with its place."""
    if isinstance(node, dict):
        if "anyOf" in node:
            yield path, node
        for k, v in node.items():
            yield from _any_ofs(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _any_ofs(v, f"{path}/{i}")


def test_an_editor_says_what_a_field_takes_instead_of_no_alternative_fits() -> None:
    """A value that fits none of a field's alternatives reads "must be a list, each a faction
    number or ..." (yaml-language-server shows `errorMessage`), not "is not valid under any
    of the given schemas"."""
    schema = json.loads((ROOT / "schemas" / "forty-factions" / "faction.schema.json").read_text())
    places = list(_any_ofs(schema))
    assert places and all(node.get("errorMessage", "").startswith("must be ") for _, node in places)
    enemies = schema["properties"]["enemies"]
    assert "an enemy number or an enemy id" in enemies["errorMessage"]
    # the message is about the value that jsonschema finds fitting no alternative
    errors = list(
        jsonschema.Draft202012Validator(schema).iter_errors(
            {**yaml.safe_load(faction_file(CONTENT, 5).read_text()), "enemies": "the navy"}
        )
    )
    (err,) = [e for e in errors if list(e.path) == ["enemies"]]
    assert err.validator == "anyOf" and err.schema["errorMessage"] == enemies["errorMessage"]


def test_worldspanner_schemas_offer_the_factions_the_content_declares() -> None:
    """A hero's and a quest deck's faction complete from game.yaml's nine factions; one the
    content does not declare (`smugglers-dem`) fails in the editor."""
    game = yaml.safe_load((CONTENT / "worldspanner" / "game.yaml").read_text(encoding="utf-8"))
    ids = {f["id"] for f in game["factions"]}
    for kind in ("hero", "quest-deck"):
        schema = json.loads((ROOT / "schemas/worldspanner" / f"{kind}.schema.json").read_text())
        assert set(schema["properties"]["faction"]["enum"]) == ids, kind
    hero = yaml.safe_load((CONTENT / "worldspanner/heroes/lazar.yaml").read_text())
    schema = json.loads((ROOT / "schemas/worldspanner/hero.schema.json").read_text())
    jsonschema.validate(hero, schema, cls=jsonschema.Draft202012Validator)
    hero["faction"] = "smugglers-dem"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(hero, schema, cls=jsonschema.Draft202012Validator)
