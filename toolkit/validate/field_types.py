"""Validate stage: what a declared field type takes, read from its annotation.

The kind of YAML node a type takes, whether it takes an empty value, the model it holds,
and the type in words, as the validator's messages (`expected`) and an editor's (`wanted`)
say it. No I/O here.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, get_args, get_origin

from toolkit.validate.declare import Model, fields_of


def expected(tp: Any) -> str:
    """What a value of the type is, in words, for the validator's messages (`a whole
    number`, `one of 'a', 'b'`)."""
    origin = get_origin(tp)
    if tp is str:
        return "text"
    if tp is int:
        return "a whole number"
    if tp is float:
        return "a number"
    if tp is bool:
        return "true or false"
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in get_args(tp))
    if origin is list:
        return "a list"
    if origin is dict:
        return "a mapping"
    if isinstance(tp, type) and issubclass(tp, Model):
        return "a mapping"
    if origin in (types.UnionType, typing.Union):
        return " or ".join(expected(a) for a in get_args(tp) if a is not type(None))
    return str(tp)


def model_of(tp: Any) -> type[Model] | None:
    """The model a field holds (directly, in a list or as an optional), if any."""
    if isinstance(tp, type) and issubclass(tp, Model):
        return tp
    if get_origin(tp) in (list, types.UnionType, typing.Union):
        for arg in get_args(tp):
            inner = model_of(arg)
            if inner is not None:
                return inner
    return None


def node_kind(tp: Any) -> str:
    """The kind of YAML node the type takes: `sequence`, `mapping` or `scalar`."""
    origin = get_origin(tp)
    if origin is list:
        return "sequence"
    if origin is dict or (isinstance(tp, type) and issubclass(tp, Model)):
        return "mapping"
    return "scalar"


def accepts_null(tp: Any) -> bool:
    """Does the type take an empty value as itself (`T | None`), not as the default?"""
    return get_origin(tp) in (types.UnionType, typing.Union) and type(None) in get_args(tp)


def wants_str(tp: Any) -> bool:
    """Does the type take text (so that a number or true/false given is worth quoting)?"""
    if tp is str:
        return True
    if get_origin(tp) in (types.UnionType, typing.Union):
        return any(wants_str(a) for a in get_args(tp))
    return False


def wanted(tp: Any, meta: dict[str, Any]) -> str:
    """What a field takes, in words, for the message an editor shows when a value does not
    fit (`a list, each a whole number or an enemy id`)."""
    origin, ref = get_origin(tp), meta.get("ref")
    if origin in (types.UnionType, typing.Union):
        return " or ".join(wanted(a, meta) for a in get_args(tp) if a is not type(None))
    if origin is list:
        return "a list, each " + wanted(get_args(tp)[0], meta)
    if origin is Literal:
        return " or ".join(f"`{a}`" for a in get_args(tp))
    if isinstance(tp, type) and issubclass(tp, Model):
        return "a mapping of " + ", ".join(fi.name for fi in fields_of(tp))
    article = "an" if ref and ref[0] in "aeiou" else "a"
    if tp is str and ref:
        return f"{article} {ref} id"
    if tp is int and ref:
        return f"{article} {ref} number"
    return expected(tp)
