"""Validate stage: the JSON Schema of a content kind, generated from its declaration.

yaml-language-server reads it to validate and complete while a designer types: the same
fields, docs and constraints as the validator's, with the values the game's content
declares for a `ref` field as an `enum`. No I/O here.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, get_args, get_origin

from toolkit.validate.declare import Model, fields_of
from toolkit.validate.field_types import accepts_null, wanted


class _SchemaBuilder:
    """Builds one document's schema; each model it meets becomes one of its `$defs`."""

    def __init__(self, enums: dict[str, list[Any]] | None = None) -> None:
        self.defs: dict[str, Any] = {}
        self.enums = enums or {}

    def _values(self, meta: dict[str, Any], tp: type) -> list[Any] | None:
        """The values the content declares for a field's `ref`, of the field's type."""
        values = self.enums.get(meta.get("ref") or "")
        picked = [v for v in values or () if type(v) is tp]
        return picked or None

    def _one_enum(self, tp: Any, meta: dict[str, Any]) -> dict[str, Any] | None:
        """A union of plain values naming one closed set (`int | str`: a faction number or
        a category id) as one `enum`: yaml-language-server, finding a value in neither of
        two enums, would list both in full in its message instead of `errorMessage`."""
        args = [a for a in get_args(tp) if a is not type(None)]
        if len(args) < 2 or any(a not in (str, int) for a in args):
            return None
        values = [v for v in self.enums.get(meta.get("ref") or "") or () if type(v) in args]
        if not values:
            return None
        out = _enum(values, tp, meta)
        if len(args) < len(get_args(tp)):  # `None` too: the enum or null
            out["enum"] = [*values, None]
        return out

    def of_type(self, tp: Any, meta: dict[str, Any]) -> dict[str, Any]:
        """The schema of a value of type `tp`, with the constraints `meta` declares."""
        origin = get_origin(tp)
        if origin in (types.UnionType, typing.Union) and (one := self._one_enum(tp, meta)):
            return one
        if origin in (types.UnionType, typing.Union):
            subs = [
                {"type": "null"} if a is type(None) else self.of_type(a, meta) for a in get_args(tp)
            ]
            # what an editor says when no alternative fits, instead of "is not valid under
            # any of the given schemas" (yaml-language-server reads `errorMessage`)
            return {"anyOf": subs, "errorMessage": f"must be {wanted(tp, meta)}"}
        if isinstance(tp, type) and issubclass(tp, Model):
            name = tp.__name__
            if name not in self.defs:
                self.defs[name] = {}  # reserve against recursion
                self.defs[name] = self.object(tp)
            return {"$ref": f"#/$defs/{name}"}
        if origin is list:
            return self._array(tp, meta)
        if origin is dict:
            return self._mapping(tp, meta)
        if origin is Literal:
            return {"enum": list(get_args(tp))}
        return self._plain(tp, meta)

    def _array(self, tp: Any, meta: dict[str, Any]) -> dict[str, Any]:
        (item_tp,) = get_args(tp)
        item_meta = {k: v for k, v in meta.items() if k not in ("min_items", "max_items")}
        out: dict[str, Any] = {"type": "array", "items": self.of_type(item_tp, item_meta)}
        if meta.get("min_items") is not None:
            out["minItems"] = meta["min_items"]
        if meta.get("max_items") is not None:
            out["maxItems"] = meta["max_items"]
        return out

    def _mapping(self, tp: Any, meta: dict[str, Any]) -> dict[str, Any]:
        _k, item_tp = get_args(tp)
        item = self.of_type(item_tp, {k: v for k, v in meta.items() if k != "keys"})
        keys = self.enums.get(meta.get("keys") or "")
        if not keys:
            return {"type": "object", "additionalProperties": item}
        # the content's closed set of keys, each a property an editor offers; any other
        # key is a typo it marks ("Property spede is not allowed")
        return {
            "type": "object",
            "properties": {str(k): item for k in keys},
            "additionalProperties": False,
        }

    def _plain(self, tp: Any, meta: dict[str, Any]) -> dict[str, Any]:
        """Text, true/false or a number, with its pattern, bounds and closed set."""
        out: dict[str, Any]
        if tp is str:
            out = {"type": "string"}
            if meta.get("pattern") is not None:
                out["pattern"] = "^(?:" + meta["pattern"].pattern + ")$"
            if (values := self._values(meta, str)) is not None:
                out |= _enum(values, tp, meta)
            if meta.get("max_len") is not None:
                out["maxLength"] = meta["max_len"]
            return out
        if tp is bool:
            return {"type": "boolean"}
        if tp is int or tp is float:
            out = {"type": "integer" if tp is int else "number"}
            if meta.get("ge") is not None:
                out["minimum"] = meta["ge"]
            if meta.get("le") is not None:
                out["maximum"] = meta["le"]
            if tp is int and (values := self._values(meta, int)) is not None:
                out |= _enum(values, tp, meta)
            return out
        raise TypeError(f"unsupported field type {tp!r}")

    def object(self, cls: type[Model]) -> dict[str, Any]:
        """A model's schema: its fields as properties (an optional one also empty), no
        other key."""
        props: dict[str, Any] = {}
        required = []
        for fi in fields_of(cls):
            sub = self.of_type(fi.type, fi.meta)
            if not fi.required:
                # An empty value means "the default" (see `spec`).
                if not accepts_null(fi.type):
                    sub = {
                        "anyOf": [sub, {"type": "null"}],
                        "errorMessage": f"must be "
                        f"{wanted(fi.type, fi.meta)}, or empty for the default",
                    }
                else:
                    sub["errorMessage"] += ", or empty for the default"
                sub["default"] = _jsonable(fi.default)
            else:
                required.append(fi.name)
            props[fi.name] = {"description": fi.doc, **sub}
        out: dict[str, Any] = {
            "type": "object",
            "description": (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else "",
            "properties": props,
            "additionalProperties": False,
        }
        if required:
            out["required"] = required
        return out


def _enum(values: list[Any], tp: Any, meta: dict[str, Any]) -> dict[str, Any]:
    """A closed set as a schema: `enum` (what an editor completes from), and an
    `errorMessage` (yaml-language-server shows it for a value outside the set, other
    validators ignore it) that names a long set by its ends, not by each of its values."""
    if len(values) <= 12:
        shown = ", ".join(str(v) for v in values)
    else:
        shown = f"{values[0]}, {values[1]}, …, {values[-1]}; {len(values)} in all"
    return {
        "enum": values,
        "errorMessage": f"must be {wanted(tp, meta)} the content declares ({shown})",
    }


def _jsonable(value: Any) -> Any:
    if isinstance(value, Model):
        return {fi.name: _jsonable(getattr(value, fi.name)) for fi in fields_of(type(value))}
    return value


def json_schema(
    cls: type[Model], schema_id: str, title: str, enums: dict[str, list[Any]] | None = None
) -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) for one content kind, for yaml-language-server;
    `enums` gives the values a `ref` field may take (what the game's content declares)."""
    builder = _SchemaBuilder(enums)
    root = builder.object(cls)
    doc: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": schema_id,
        "title": title,
        **root,
    }
    if builder.defs:
        doc["$defs"] = dict(sorted(builder.defs.items()))
    return doc
