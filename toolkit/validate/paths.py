"""Validate stage: values inside a validated model, found by their field path.

A path is a sequence of field names, list indexes and mapping keys (`seats.council`,
`locations.1.area`): what a diagnostic, a waiver's `at` and a fix name a value by.
No I/O here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from toolkit.validate.declare import FieldInfo, Model, fields_of


def walk(obj: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every (path, value) inside a model object, depth first; used to resolve field paths."""
    yield path, obj
    if isinstance(obj, Model):
        for fi in fields_of(type(obj)):
            yield from walk(getattr(obj, fi.name), (*path, fi.name))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from walk(v, (*path, i))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk(v, (*path, k))


def marked_fields(
    obj: Any, wanted: Callable[[FieldInfo], bool], path: tuple[str | int, ...] = ()
) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """(path, value) of every field inside a model object, nested models and lists too,
    whose declaration `wanted` accepts (an art slot; a field naming a faction)."""
    if isinstance(obj, Model):
        for fi in fields_of(type(obj)):
            value = getattr(obj, fi.name)
            if wanted(fi):
                yield (*path, fi.name), value
            elif isinstance(value, (Model, list)):  # a plain value holds no field
                yield from marked_fields(value, wanted, (*path, fi.name))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            if isinstance(v, (Model, list)):
                yield from marked_fields(v, wanted, (*path, i))


def resolve_path(obj: Any, dotted: str) -> tuple[bool, Any]:
    """Follow a dotted field path (`seats.council`, `locations.1.area`) into a model."""
    cur = obj
    for part in dotted.split("."):
        if isinstance(cur, Model) and part in {fi.name for fi in fields_of(type(cur))}:
            cur = getattr(cur, part)
        elif isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        elif isinstance(cur, dict) and part in cur:
            cur = cur[part]
        else:
            return False, None
    return True, cur
