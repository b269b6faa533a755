"""Validate stage (`toolkit.validate.validator`, `toolkit.validate.json_schema`): typed
models from positioned YAML, every problem reported with its rule code and `line:col`, and
the JSON Schema built from the same declarations (reliability cases 8 and 25; see
RELIABILITY.md).

The models are declared here, small, so that the tests depend on the validator only.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import jsonschema
import pytest
import yaml

from tests.support.shipped import CONTENT, copy_content, line_of, toolkit
from toolkit.core.diagnostics import Diagnostic, Loc, Report, render
from toolkit.load.yaml import load_bytes
from toolkit.model.content import ContentKind, Document, load_content
from toolkit.validate.declare import INVALID, Model
from toolkit.validate.json_schema import json_schema
from toolkit.validate.schema import spec  # the name ruff knows declares a field
from toolkit.validate.validator import Validator

PATH = "cards/goblin.yaml"


@dataclass(frozen=True, kw_only=True)
class Stats(Model):
    """Combat numbers of a test card."""

    attack: int = spec("Attack strength.", ge=0)
    defence: int = spec("Defence strength.", 0, ge=0)


@dataclass(frozen=True, kw_only=True)
class Card(Model):
    """A small test card."""

    name: str = spec("Card name.")
    cost: int = spec("Cost to play.", ge=0)
    hp: int = spec("Hit points.", ge=0)
    kind: Literal["a", "b"] = spec("Which kind of card.")
    tags: list[str] = spec("Keywords.", [])
    version: str = spec("Print version.", "1")
    colour: str = spec("Frame colour.", "red")
    stats: Stats | None = spec("Combat numbers, if it fights.", None)
    values: list[int | str] = spec("Numbers or words.", [])


@dataclass(frozen=True, kw_only=True)
class Dial(Model):
    """A model with a numeric choice."""

    size: Literal[1, 2, 3] = spec("Dial size.")


GOOD = """\
name: Goblin
cost: 2
hp: 3
kind: a
tags: [brute, green]
stats:
  attack: 4
values: [1, two, '3']
"""


def validate(text: str, cls: type[Model] = Card, path: str = PATH) -> tuple[Any, list[Diagnostic]]:
    result = load_bytes(text.encode(), path)
    assert result.diagnostics == [], result.diagnostics
    assert result.root is not None
    validator = Validator()
    obj = validator.model(cls, result.root)
    # A result and its diagnostics always agree.
    assert (obj is INVALID) == bool(validator.diagnostics)
    return obj, validator.diagnostics


def at(d: Diagnostic) -> tuple[str, int, int]:
    return d.code, d.loc.line, d.loc.col


def lc(loc: Loc) -> tuple[int, int]:
    return loc.line, loc.col


# ---------------------------------------------------------------------------------------
# A valid document


def test_valid_document_gives_the_object_with_its_values() -> None:
    card, diags = validate(GOOD)
    assert diags == []
    assert isinstance(card, Card)
    assert card.name == "Goblin"
    assert (card.cost, card.hp, card.kind) == (2, 3, "a")
    assert card.tags == ["brute", "green"]
    assert card.stats == Stats(attack=4, defence=0)
    assert card.values == [1, "two", "3"]
    assert [type(v) for v in card.values] == [int, str, str]  # quoted '3' stays text
    assert (card.version, card.colour) == ("1", "red")  # defaults


def test_valid_document_remembers_where_each_value_is() -> None:
    card, _ = validate(GOOD)
    assert card.loc == Loc(PATH, 1, 1)
    assert lc(card.loc_of("name")) == (1, 7)
    assert lc(card.loc_of("hp")) == (3, 5)
    assert lc(card.loc_of("tags", 0)) == (5, 8)
    assert lc(card.loc_of("tags", 1)) == (5, 15)
    assert lc(card.loc_of("stats")) == (7, 3)
    assert lc(card.loc_of("stats", "attack")) == (7, 11)
    assert lc(card.stats.loc_of("attack")) == (7, 11)
    assert lc(card.loc_of("values", 2)) == (8, 18)
    # A value the file does not give falls back to the nearest enclosing position.
    assert lc(card.loc_of("version")) == (1, 1)
    assert lc(card.loc_of("tags", 7)) == (5, 7)
    assert card.loc_of("name").path == PATH


def test_empty_value_of_a_field_with_a_default_means_the_default() -> None:
    card, diags = validate(
        "name: Goblin\ncost: 2\nhp: 3\nkind: b\ntags:\nversion:\ncolour:\nstats:\nvalues:\n"
    )
    assert diags == []
    assert card.tags == []
    assert card.version == "1"
    assert card.colour == "red"
    assert card.stats is None
    assert card.values == []


def test_empty_value_of_a_nested_default() -> None:
    card, diags = validate(
        "name: Goblin\ncost: 2\nhp: 3\nkind: b\nstats:\n  attack: 1\n  defence:\n"
    )
    assert diags == []
    assert card.stats == Stats(attack=1, defence=0)


def test_empty_value_of_a_required_field_is_a_type_error() -> None:
    # libyaml places an empty value right after the colon: line 1, col 6.
    _, diags = validate("name:\ncost: 2\nhp: 3\nkind: a\n")
    assert [at(d) for d in diags] == [("SCHEMA-TYPE", 1, 6)]
    assert "`name` must be text, got an empty value" in diags[0].message


# ---------------------------------------------------------------------------------------
# Case 8: one kind of problem at a time


def test_typo_key_is_reported_with_a_suggestion() -> None:
    _, diags = validate("name: Goblin\ncots: 2\nhp: 3\nkind: a\n")
    assert [at(d) for d in diags] == [("SCHEMA-UNKNOWN-KEY", 2, 1), ("SCHEMA-MISSING", 1, 1)]
    assert "unknown field `cots` in card; did you mean `cost`?" in diags[0].message
    assert "missing required field `cost`" in diags[1].message


def test_typo_key_next_to_the_real_key_is_not_ignored() -> None:
    _, diags = validate("name: Goblin\ncost: 2\ncots: 2\nhp: 3\nkind: a\n")
    assert [at(d) for d in diags] == [("SCHEMA-UNKNOWN-KEY", 3, 1)]
    assert "did you mean `cost`?" in diags[0].message


def test_unknown_key_without_a_close_match_lists_the_fields() -> None:
    _, diags = validate("name: Goblin\ncost: 2\nhp: 3\nkind: a\nzzz: 1\n")
    assert [at(d) for d in diags] == [("SCHEMA-UNKNOWN-KEY", 5, 1)]
    assert "did you mean" not in diags[0].message
    assert "fields: name, cost, hp, kind, tags, version, colour, stats, values" in diags[0].message


def test_unknown_key_in_a_nested_model() -> None:
    _, diags = validate(
        "name: Goblin\ncost: 2\nhp: 3\nkind: a\nstats:\n  attack: 1\n  defense: 2\n"
    )
    assert [at(d) for d in diags] == [("SCHEMA-UNKNOWN-KEY", 7, 3)]
    assert "unknown field `defense` in stats; did you mean `defence`?" in diags[0].message


def test_word_for_a_number_is_a_type_error_at_the_value() -> None:
    _, diags = validate("name: Goblin\ncost: 2\nhp: three\nkind: a\n")
    assert [at(d) for d in diags] == [("SCHEMA-TYPE", 3, 5)]
    assert diags[0].message == "`hp` must be a whole number, got text ('three')"


def test_number_for_text_suggests_quoting() -> None:
    # `version: 1.10` is the number 1.1 in YAML; the message must say how to keep "1.10".
    _, diags = validate("name: Goblin\ncost: 2\nhp: 3\nkind: a\nversion: 1.10\n")
    assert [at(d) for d in diags] == [("SCHEMA-TYPE", 5, 10)]
    assert "`version` must be text, got a number ('1.10')" in diags[0].message
    assert 'quote it ("1.10")' in diags[0].message


def test_quoted_version_is_text() -> None:
    card, diags = validate("name: Goblin\ncost: 2\nhp: 3\nkind: a\nversion: '1.10'\n")
    assert diags == []
    assert card.version == "1.10"


@pytest.mark.parametrize(
    ("text", "line", "col", "where"),
    [
        ("name: Goblin\ncost: 2\nhp: {n}\nkind: a\n", 3, 5, "`hp`"),
        ("name: Goblin\ncost: 2\nhp: 3\nkind: a\nvalues: [1, {n}]\n", 5, 13, "`values[1]`"),
        ("name: Goblin\ncost: 2\nhp: 3\nkind: a\nversion: -{n}\n", 5, 10, "`version`"),
    ],
    ids=["int-field", "int-or-str-list", "str-field"],
)
def test_5000_digit_number_is_a_type_error_not_a_traceback(
    text: str, line: int, col: int, where: str
) -> None:
    _, diags = validate(text.format(n="9" * 5000))
    assert [at(d) for d in diags] == [("SCHEMA-TYPE", line, col)]
    assert diags[0].message == f"{where} is a 5000-digit number, far too large"


def test_missing_required_key_is_reported_at_the_mapping() -> None:
    # The mapping starts on line 2 (after a comment), col 1.
    _, diags = validate("# a goblin\nname: Goblin\ncost: 2\nkind: a\n")
    assert [at(d) for d in diags] == [("SCHEMA-MISSING", 2, 1)]
    assert diags[0].message == "missing required field `hp`: Hit points."


def test_missing_required_key_of_a_nested_model() -> None:
    _, diags = validate("name: Goblin\ncost: 2\nhp: 3\nkind: a\nstats:\n  defence: 1\n")
    assert [at(d) for d in diags] == [("SCHEMA-MISSING", 6, 3)]
    assert "missing required field `stats.attack`" in diags[0].message


def test_every_required_key_missing() -> None:
    _, diags = validate("tags: [x]\n")
    assert [at(d) for d in diags] == [("SCHEMA-MISSING", 1, 1)] * 4
    assert [d.message.split("`")[1] for d in diags] == ["name", "cost", "hp", "kind"]


@pytest.mark.parametrize(
    ("line", "code", "col", "needle"),
    [
        ("hp: -1", "SCHEMA-VALUE", 5, "`hp` must be at least 0, got -1"),
        ("kind: c", "SCHEMA-VALUE", 7, "`kind` must be one of 'a', 'b', got 'c'"),
        ("kind: 1", "SCHEMA-VALUE", 7, "`kind` must be one of 'a', 'b', got '1'"),
        ("tags: brute", "SCHEMA-TYPE", 7, "`tags` must be a list, got text ('brute')"),
        ("tags: [brute, 3]", "SCHEMA-TYPE", 15, "`tags[1]` must be text"),
        ("stats: 4", "SCHEMA-TYPE", 8, "`stats` must be a mapping, got a whole number"),
        ("hp: 2.5", "SCHEMA-TYPE", 5, "`hp` must be a whole number, got a number ('2.5')"),
        ("hp: true", "SCHEMA-TYPE", 5, "`hp` must be a whole number, got true/false"),
        ("hp: yes", "SCHEMA-TYPE", 5, "`hp` must be a whole number, got text ('yes')"),
    ],
)
def test_single_value_problems(line: str, code: str, col: int, needle: str) -> None:
    base = {"name": "name: Goblin", "cost": "cost: 2", "hp": "hp: 3", "kind": "kind: a"}
    base[line.split(":")[0]] = line
    text = "\n".join(base.values()) + "\n"
    row = list(base.values()).index(line) + 1
    _, diags = validate(text)
    assert [at(d) for d in diags] == [(code, row, col)]
    assert needle in diags[0].message


@pytest.mark.parametrize(
    ("text", "got"), [("Goblin\n", "text ('Goblin')"), ("- a\n- b\n", "a list")]
)
def test_file_that_is_not_a_mapping(text: str, got: str) -> None:
    _, diags = validate(text)
    assert [at(d) for d in diags] == [("SCHEMA-TYPE", 1, 1)]
    assert diags[0].message == f"this file must be a mapping of fields, got {got}"


def test_numeric_choice_accepts_its_numbers() -> None:
    dial, diags = validate("size: 2\n", Dial)
    assert diags == []
    assert dial.size == 2


def test_numeric_choice_rejects_true() -> None:
    # `true` is a boolean, not the number 1 (the JSON Schema's enum agrees, see below).
    dial, diags = validate("size: true\n", Dial)
    assert [at(d) for d in diags] == [("SCHEMA-VALUE", 1, 7)]
    assert dial is INVALID


# ---------------------------------------------------------------------------------------
# All problems of a document at once, sorted


MANY = """\
name: 12
cots: 2
hp: -1
kind: c
stats:
  atack: 1
values: [1, [2]]
version: 1.10
"""


def test_all_problems_in_one_document_are_reported_together_in_sorted_order() -> None:
    _, diags = validate(MANY)
    report = Report(diagnostics=list(diags), files=1)
    assert [at(d) for d in report.sorted()] == [
        ("SCHEMA-MISSING", 1, 1),  # cost
        ("SCHEMA-TYPE", 1, 7),  # name: 12
        ("SCHEMA-UNKNOWN-KEY", 2, 1),  # cots
        ("SCHEMA-VALUE", 3, 5),  # hp: -1
        ("SCHEMA-VALUE", 4, 7),  # kind: c
        ("SCHEMA-MISSING", 6, 3),  # stats.attack
        ("SCHEMA-UNKNOWN-KEY", 6, 3),  # atack
        ("SCHEMA-TYPE", 7, 13),  # values[1] is a list
        ("SCHEMA-TYPE", 8, 10),  # version: 1.10
    ]
    lines = render(report, "text").splitlines()
    assert (
        lines[0]
        == f"{PATH}:1:1: error[SCHEMA-MISSING]: missing required field `cost`: Cost to play."
    )
    assert lines[1].startswith(f"{PATH}:1:7: error[SCHEMA-TYPE]: `name` must be text")
    assert lines[-1].startswith("1 file checked, 9 errors, 0 warnings")


# ---------------------------------------------------------------------------------------
# Case 25: many errors across many files, in one run


@dataclass(frozen=True, kw_only=True)
class CardDoc(Document):
    """A card file."""

    name: str = spec("Card name.")
    hp: int = spec("Hit points.", ge=0)


def test_errors_across_many_files_are_all_reported_sorted(tmp_path: Path) -> None:
    game = tmp_path / "game"
    cards = game / "cards"
    cards.mkdir(parents=True)
    (cards / "d-syntax.yaml").write_text("name: [Goblin\n")
    (cards / "a-schema.yaml").write_text("name: Goblin\nhp: three\ncots: 1\n")
    (cards / "c-good.yaml").write_text("name: Orc\nhp: 5\n")
    (cards / "b-dup.yaml").write_text("name: Imp\nhp: 1\nname: Imp\nhp: -2\n")
    (cards / "e-schema.yaml").write_text("nme: Troll\nhp: -3\n")
    kinds = (ContentKind(name="card", pattern="cards/*.yaml", model=CardDoc),)

    content, diags = load_content("game", game, kinds)

    shown = {p.rsplit("/", 1)[-1]: p for p in content.files}
    assert sorted(shown) == [
        "a-schema.yaml",
        "b-dup.yaml",
        "c-good.yaml",
        "d-syntax.yaml",
        "e-schema.yaml",
    ]
    assert content.failed == {shown[n] for n in shown if n != "c-good.yaml"}
    (good,) = content.of("card", CardDoc)
    assert (good.name, good.hp) == ("Orc", 5)

    report = Report(diagnostics=diags, files=len(content.files))
    got = [(d.loc.path.rsplit("/", 1)[-1], *at(d)) for d in report.sorted()]
    assert got == [
        ("a-schema.yaml", "SCHEMA-TYPE", 2, 5),
        ("a-schema.yaml", "SCHEMA-UNKNOWN-KEY", 3, 1),
        ("b-dup.yaml", "YAML-DUPLICATE-KEY", 3, 1),
        ("b-dup.yaml", "YAML-DUPLICATE-KEY", 4, 1),
        ("d-syntax.yaml", "YAML-SYNTAX", 2, 1),
        ("e-schema.yaml", "SCHEMA-MISSING", 1, 1),
        ("e-schema.yaml", "SCHEMA-UNKNOWN-KEY", 1, 1),
        ("e-schema.yaml", "SCHEMA-VALUE", 2, 5),
    ]
    assert report.failed
    text = render(report, "text").splitlines()
    assert text[-1] == "5 files checked, 8 errors, 0 warnings; 0 values are still placeholders"
    assert "did you mean `name`?" in text[-3]


# ---------------------------------------------------------------------------------------
# JSON Schema from the same declarations


@pytest.fixture(scope="module")
def card_schema() -> dict[str, Any]:
    schema = json_schema(Card, "https://example.test/card.schema.json", "Test card")
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


def _json_valid(schema: dict[str, Any], instance: object) -> bool:
    return jsonschema.Draft202012Validator(schema).is_valid(instance)


def test_json_schema_describes_the_model(card_schema: dict[str, Any]) -> None:
    assert card_schema["$id"] == "https://example.test/card.schema.json"
    assert card_schema["title"] == "Test card"
    assert card_schema["required"] == ["name", "cost", "hp", "kind"]
    assert card_schema["additionalProperties"] is False
    assert card_schema["properties"]["hp"]["description"] == "Hit points."
    assert card_schema["properties"]["hp"]["minimum"] == 0
    assert card_schema["properties"]["colour"]["default"] == "red"
    assert card_schema["$defs"]["Stats"]["required"] == ["attack"]


def test_json_schema_accepts_a_good_document(card_schema: dict[str, Any]) -> None:
    instance = yaml.safe_load(GOOD)
    jsonschema.validate(instance, card_schema, cls=jsonschema.Draft202012Validator)
    # Empty values stand for the defaults, in the schema as in the validator.
    assert _json_valid(card_schema, {**instance, "colour": None, "stats": None, "tags": None})


@pytest.mark.parametrize(
    ("change", "drop"),
    [
        ({"cots": 2}, "cost"),  # typo'd key
        ({"hp": -1}, None),
        ({"hp": "three"}, None),
        ({"kind": "c"}, None),
        ({"version": 1.1}, None),  # `version: 1.10` unquoted
        ({"stats": {"atack": 1}}, None),
        ({"values": [1, [2]]}, None),
        ({}, "name"),
    ],
)
def test_json_schema_rejects_what_the_validator_rejects(
    card_schema: dict[str, Any], change: dict[str, Any], drop: str | None
) -> None:
    instance = {**yaml.safe_load(GOOD), **change}
    if drop:
        del instance[drop]
    assert not _json_valid(card_schema, instance)
    _, diags = validate(yaml.safe_dump(instance, sort_keys=False))
    assert diags, "the validator must reject it too"


def test_json_schema_of_a_numeric_choice_rejects_true() -> None:
    schema = json_schema(Dial, "https://example.test/dial.schema.json", "Dial")
    assert _json_valid(schema, {"size": 2})
    assert not _json_valid(schema, {"size": True})


def test_a_model_compares_hashes_and_prints_by_its_values_as_a_dataclass_would() -> None:
    import dataclasses

    from toolkit.games.forty_factions.card_models import Location, Seats

    here, there = Seats(council=1, _locs={"": Loc("a.yaml", 3, 1)}), Seats(council=1)
    assert here == there and hash(here) == hash(there)  # where a value came from aside
    assert here != Seats(council=0) and Seats() != Location(name="x", area="x")
    assert repr(here) == "Seats(council=1, conclave=0, congress=0)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        here.council = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        Seats(1)  # type: ignore[misc]  # keyword-only
    # the same answers a dataclass declared the usual way gives
    plain = dataclasses.make_dataclass(
        "Seats", [("council", int, 0), ("conclave", int, 0), ("congress", int, 0)], frozen=True
    )
    assert repr(here) == repr(plain(council=1))
    assert hash(here) == hash(plain(council=1))


# ---------------------------------------------------------------------------------------
# Numbers too large to compute with (issue 31, reliability case 51)


@dataclass(frozen=True, kw_only=True)
class Costs(Model):
    """Float fields of every shape, without declared bounds."""

    rate: float = spec("A rate.", 1.0)
    weights: dict[str, float] = spec("Weights by id.", {})
    steps: list[float] = spec("Steps.", [])
    limit: float | None = spec("A limit, if any.", None)


# each: a line of the document, the column of its value, what the message says
TOO_LARGE = [
    ("rate: 1.79e308", 7, "`rate` is 1.79e308, too large to compute with"),
    ("rate: -1e300", 7, "`rate` is -1e300, too large to compute with"),
    ("rate: 1.0e18", 7, "`rate` is 1.0e18, too large to compute with"),
    ("weights: {speed: 1.79e308}", 18, "`weights.speed` is 1.79e308, too large"),
    ("steps: [1, 2.5, 9e99]", 17, "`steps[2]` is 9e99, too large"),
    ("limit: 1.5e200", 8, "`limit` is 1.5e200, too large"),
    ("rate: 1e309", 7, "`rate` must be finite"),
    ("rate: .inf", 7, "`rate` must be finite"),
    ("rate: -.inf", 7, "`rate` must be finite"),
    ("rate: .nan", 7, "`rate` must be finite"),
    ("weights: {speed: .NaN}", 18, "`weights.speed` must be finite"),
    ("limit: .inf", 8, "`limit` must be finite"),
]


def test_a_float_too_large_to_compute_with_is_a_schema_error() -> None:
    """Every float field, whatever its shape, holds a finite number no larger than a whole
    number may be (18 digits): a product of such numbers cannot overflow to `inf`."""
    for line, col, needle in TOO_LARGE:
        _, diags = validate(f"# costs\n{line}\n", Costs)
        assert [at(d) for d in diags] == [("SCHEMA-VALUE", 2, col)], (line, diags)
        assert needle in diags[0].message, (line, diags[0].message)
    # as large as a whole number may be, or as small as a float may be, is a number
    costs, diags = validate(
        "rate: 9.99e17\nweights: {a: -9.99e17, b: 1.5}\nsteps: [0.5, 1e-300]\n",
        Costs,
    )
    assert diags == []
    assert costs.rate == 9.99e17 and costs.weights["b"] == 1.5 and costs.steps == [0.5, 1e-300]


def test_worldspanner_balance_weights_are_bounded_by_what_they_mean(tmp_path: Path) -> None:
    """A weight is points per rating step: 1.79e308 (inf once multiplied) or 1000 is a
    schema error at the value, the check fails and no `inf` reaches the balance report."""
    content = copy_content(tmp_path)
    game = content / "worldspanner" / "game.yaml"
    anchor = "weights: {speed: 1.5,"
    row = line_of(game, anchor)
    col = game.read_text(encoding="utf-8").splitlines()[row - 1].index("1.5,") + 1
    for value, needle in (
        ("1.79e308", "too large to compute with"),
        ("1000", "must be at least -100 and at most 100, got 1000"),
        ("-1e3", "must be at least -100 and at most 100, got -1e3"),
    ):
        game.write_text(
            (CONTENT / "worldspanner" / "game.yaml")
            .read_text(encoding="utf-8")
            .replace(anchor, f"weights: {{speed: {value},"),
            encoding="utf-8",
        )
        proc = toolkit("check", "--content", str(content), "--game", "worldspanner")
        assert proc.returncode == 1, proc.stdout + proc.stderr
        finding = f"game.yaml:{row}:{col}: error[SCHEMA-VALUE]: `balance.weights.speed` "
        assert finding in proc.stdout and needle in proc.stdout, proc.stdout
        assert "Traceback" not in proc.stderr
