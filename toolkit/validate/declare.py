"""Validate stage: how a content kind is declared, and reading a declaration back.

Each content kind is declared once, as a frozen dataclass whose fields carry a doc line and
constraints (`spec(...)`, `@model`, `Model`). The validator (`toolkit.validate.validator`)
and the JSON Schema (`toolkit.validate.json_schema`) both read the declaration through
`fields_of`. No I/O here.

Supported field types: str, int, float, bool, Literal[...], list[T], dict[str, T],
nested models, and unions whose members differ in kind (`T | None`,
`int | str`, `list[X] | Literal["variable"]`).
"""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Iterable
from dataclasses import MISSING, dataclass, field
from typing import Any, TypeVar

from toolkit.core.diagnostics import Loc

M = TypeVar("M", bound="Model")


def spec(
    doc: str,
    default: Any = MISSING,
    *,
    pattern: str | None = None,
    ge: float | None = None,
    le: float | None = None,
    min_items: int | None = None,
    max_items: int | None = None,
    max_len: int | None = None,
    ref: str | None = None,
    keys: str | None = None,
) -> Any:
    """Declare a content field: its doc line (shown by editors), default and constraints.
    `ref` names what the value refers to (`area`, `faction` ...): the written schemas list
    the values the game's content declares for it, for editors to complete. `keys` does the
    same for the keys of a mapping (`ratings: {speed: 5}`: `keys="rating"`).

    A field without a default is required. A field with a default also accepts an
    empty value (`background:`), which means "the default".
    """
    meta = {
        "doc": doc,
        "pattern": re.compile(pattern) if pattern else None,
        "ge": ge,
        "le": le,
        "min_items": min_items,
        "max_items": max_items,
        "max_len": max_len,
        "ref": ref,
        "keys": keys,
    }
    if default is MISSING:
        return field(metadata=meta)
    if isinstance(default, (list, dict)):
        if default:
            raise ValueError("mutable defaults must be empty")
        factory = type(default)
        return field(default_factory=factory, metadata=meta)
    return field(default=default, metadata=meta)


@typing.dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
def model(cls: type[M]) -> type[M]:
    """Declare a content model: a frozen, keyword-only dataclass (what `Model` says) whose
    equality, hash and repr are `Model`'s, one set for every model rather than code compiled
    for each (a game pack declares dozens: a cold `toolkit check` imports them all)."""
    return dataclass(frozen=True, kw_only=True, eq=False, repr=False)(cls)


@model
class Model:
    """Base of every content model: frozen, keyword-only, and remembering where each
    value came from (`loc_of`). Two models are equal when they are of the same class and
    their fields are (where each value came from aside), as dataclasses compare."""

    _locs: dict[str, Loc] = field(default_factory=dict, repr=False, compare=False)

    def _compared(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f.name) for f in _compared_fields(type(self)))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._compared() == other._compared()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._compared())

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.repr
        )
        return f"{self.__class__.__qualname__}({shown})"

    # Cross-field checks a model makes about itself: (field path, message) pairs.
    def _problems(self) -> Iterable[tuple[str, str]]:
        return ()

    @property
    def loc(self) -> Loc:
        """Where this object starts in its file."""
        return self._locs.get("", Loc("<unknown>"))

    def loc_of(self, *path: str | int) -> Loc:
        """Where the value at `path` (field names and list indexes) is; falls back to the
        nearest enclosing value that has a position."""
        parts = [str(p) for p in path]
        if len(parts) > 1 and parts[0] in {fi.name for fi in fields_of(type(self))}:
            # Nested models keep their own positions: delegate the rest of the path.
            child: Any = getattr(self, parts[0])
            rest = parts[1:]
            if isinstance(child, list) and rest[0].isdigit() and int(rest[0]) < len(child):
                child, rest = child[int(rest[0])], rest[1:]
            if isinstance(child, Model) and child._locs:  # a default instance has none
                return child.loc_of(*rest)
        while parts:
            hit = self._locs.get(".".join(parts))
            if hit is not None:
                return hit
            parts.pop()
        return self.loc


_COMPARED: dict[type, tuple[dataclasses.Field[Any], ...]] = {}


def _compared_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    """The fields a model's equality and hash read (`compare=True`), per class (cached)."""
    got = _COMPARED.get(cls)
    if got is None:
        got = _COMPARED[cls] = tuple(f for f in dataclasses.fields(cls) if f.compare)
    return got


@dataclass(frozen=True)
class FieldInfo:
    """One declared field, as the validator and the JSON Schema read it."""

    name: str
    type: Any
    doc: str
    required: bool
    default: Any
    meta: dict[str, Any]


_FIELDS: dict[type, tuple[FieldInfo, ...]] = {}


def fields_of(cls: type[Model]) -> tuple[FieldInfo, ...]:
    """The declared content fields of a model class, in declaration order (cached)."""
    cached = _FIELDS.get(cls)
    if cached is not None:
        return cached
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if f.name.startswith("_"):
            continue
        if f.default is not MISSING:
            default = f.default
        elif f.default_factory is not MISSING:
            default = f.default_factory()
        else:
            default = MISSING
        out.append(
            FieldInfo(
                name=f.name,
                type=hints[f.name],
                doc=f.metadata.get("doc", ""),
                required=default is MISSING,
                default=default,
                meta=dict(f.metadata),
            )
        )
    result = tuple(out)
    _FIELDS[cls] = result
    return result


class _Invalid:
    def __repr__(self) -> str:
        return "INVALID"


# What the validator returns for a value it reported: a model holding it is not built.
INVALID: Any = _Invalid()
