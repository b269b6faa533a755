"""Validate stage: is a kept value what its type says it is, all the way down? A document
taken back from the store (`toolkit.core.store`) is used only if it is exactly what the
schema's validator makes; anything else is a miss."""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from functools import partial
from typing import Any, Literal, get_args, get_origin

from toolkit.core.diagnostics import Loc
from toolkit.validate.schema import Model, fields_of


def kept_documents(value: object) -> dict[Any, Any]:
    """The documents of a kept `content` part (stamp -> document: (path, kind, model,
    digest) -> a document of that model), or none; an entry of another shape is left out."""
    if not isinstance(value, dict):
        return {}
    return {
        stamp: doc
        for stamp, doc in value.items()
        if _is_stamp(stamp, 4) and isinstance(stamp[3], bytes) and conforms(doc, stamp[2])
    }


def _is_stamp(key: object, size: int) -> bool:
    """A key of `size` starting (path shown, kind name, model class)."""
    return (
        isinstance(key, tuple)
        and len(key) == size
        and type(key[0]) is str
        and type(key[1]) is str
        and isinstance(key[2], type)
        and issubclass(key[2], Model)
    )


def conforms(value: object, tp: Any) -> bool:
    """Whether `value` is of the content type `tp` all the way down, as the schema's
    validator makes them (`toolkit.validate.schema`): a model of exactly that class with every field
    of its declared type, and where each value came from (`Loc`s); a list, a mapping, a
    union, a literal choice, a scalar. (It goes only as deep as the type does: a value that
    holds itself is not followed round.)"""
    check = _CHECKS.get(tp)
    if check is None:
        check = _CHECKS[tp] = _check_of(tp)
    return check(value)


# how a value of each type is checked (`conforms`), made once per type: a cold check takes
# back thousands of documents
_CHECKS: dict[Any, Callable[[object], bool]] = {}
_MISSING = object()


def _check_of(tp: Any) -> Callable[[object], bool]:
    origin, args = get_origin(tp), get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return lambda v: any(conforms(v, option) for option in args)
    if origin is Literal:
        return lambda v: any(type(choice) is type(v) and choice == v for choice in args)
    if origin is list:
        return lambda v: type(v) is list and all(conforms(item, args[0]) for item in v)
    if origin is dict:
        return lambda v: (
            type(v) is dict
            and all(conforms(k, args[0]) and conforms(x, args[1]) for k, x in v.items())
        )
    if tp is float:
        return lambda v: type(v) in (int, float)  # a float field holds what YAML wrote: 3 or 3.5
    if isinstance(tp, type) and issubclass(tp, Model):
        return partial(_is_model, tp)
    return lambda v: type(v) is tp  # str, int, bool, None


def _is_model(cls: type[Model], value: object) -> bool:
    if type(value) is not cls:
        return False
    locs = getattr(value, "_locs", None)
    if type(locs) is not dict or not all(type(k) is str and is_loc(v) for k, v in locs.items()):
        return False
    return all(conforms(getattr(value, f.name, _MISSING), f.type) for f in fields_of(cls))


def is_loc(value: object) -> bool:
    """Whether `value` is a `Loc` holding a path and two line numbers."""
    return (
        type(value) is Loc
        and type(value.path) is str
        and type(value.line) is int
        and type(value.col) is int
    )
