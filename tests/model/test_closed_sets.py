"""The closed sets each pack declares as data (`CLOSED_SETS`): every set a field names has a
declaration, and every declaration reads values from the shipped content."""

from __future__ import annotations

import importlib
import typing
from typing import Any

import pytest
import yaml

from tests.support.shipped import CONTENT
from toolkit.commands.checking import load_game
from toolkit.core.diagnostics import Report
from toolkit.games import load_pack, module_name
from toolkit.model.closed_sets import closed_sets
from toolkit.validate.declare import Model, fields_of

GAMES = ("forty-factions", "worldspanner", "god-emperor")


def _named(cls: type[Model], seen: set[type]) -> set[str]:
    """Every closed set a field of `cls` or of a model inside it names (`ref`, `keys`)."""
    if cls in seen:
        return set()
    seen.add(cls)
    out: set[str] = set()
    for fi in fields_of(cls):
        out |= {fi.meta[k] for k in ("ref", "keys") if fi.meta.get(k)}
        todo: list[Any] = [fi.type]
        while todo:
            tp = todo.pop()
            todo += typing.get_args(tp)
            if isinstance(tp, type) and issubclass(tp, Model):
                out |= _named(tp, seen)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_set_a_field_names_is_declared_and_found_in_the_content(game: str) -> None:
    pack = load_pack(game)
    table = importlib.import_module(module_name(game)).CLOSED_SETS
    seen: set[type] = set()
    named = set().union(*(_named(kind.model, seen) for kind in pack.kinds))
    assert named - set(table) == set(), "fields name sets the pack does not declare"
    loaded = load_game(CONTENT, game, Report())
    assert loaded is not None
    assert pack.enums is not None
    values = pack.enums(loaded[1])
    assert {name for name, v in values.items() if not v} == set(), "sets with no value"


def test_a_set_reads_its_places_in_order_once_each_and_its_own_values() -> None:
    game = yaml.safe_load((CONTENT / "worldspanner/game.yaml").read_text(encoding="utf-8"))
    loaded = load_game(CONTENT, "worldspanner", Report())
    assert loaded is not None
    read = closed_sets({"challenged": ("game:ratings.id", "=gold", "=speed")})
    ratings = [r["id"] for r in game["ratings"]]
    assert "speed" in ratings
    assert read(loaded[1]) == {"challenged": [*ratings, "gold"]}
    bonuses = closed_sets({"b": ("game:bonus_groups.bonuses",)})(loaded[1])["b"]
    assert bonuses == list(dict.fromkeys(b for g in game["bonus_groups"] for b in g["bonuses"]))
