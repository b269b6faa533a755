"""Validate stage: positioned YAML nodes -> typed, frozen model objects.

`Validator` reads a node tree against a model class (`toolkit.validate.declare`),
collecting every problem with its `file:line:col`, "did you mean" for typos, and where a
misplaced key belongs. No I/O here.
"""

from __future__ import annotations

import difflib
import math
import re
import types
import typing
from typing import Any, Literal, get_args, get_origin

from toolkit.core.diagnostics import Diagnostic, Loc, error
from toolkit.load.nodes import Mapping, Node, Scalar, Sequence
from toolkit.load.scalars import MAX_INT_DIGITS
from toolkit.validate.declare import INVALID, FieldInfo, M, Model, fields_of
from toolkit.validate.field_types import accepts_null, expected, model_of, node_kind, wants_str

# A float is held to the size a whole number may have (the loader's 18 digits): content
# numbers multiplied and added by a rule or a report then stay finite, never `inf`.
MAX_FLOAT = 10.0**MAX_INT_DIGITS

_KIND_WORD = {"scalar": "a single value", "mapping": "a mapping (key: value)", "sequence": "a list"}


def _describe(node: Node) -> str:
    if isinstance(node, Scalar):
        shown = node.raw if len(node.raw) <= 40 else node.raw[:37] + "..."
        word = {
            "null": "an empty value",
            "bool": "true/false",
            "int": "a whole number",
            "float": "a number",
            "str": "text",
            "bigint": f"a {len(node.raw)}-digit number",
        }[node.type]
        return f"{word} ({shown!r})" if node.type != "null" else word
    return _KIND_WORD[node.kind]


def choices(allowed: tuple[Any, ...], near: object, few: int = 6) -> str:
    """The allowed values as a message lists them: all of a short list; of a long one, the
    few nearest `near` (numerically for numbers, by spelling otherwise) and how many in all."""
    if len(allowed) <= few + 2:
        return ", ".join(repr(a) for a in allowed)
    if isinstance(near, int | float) and all(isinstance(a, int | float) for a in allowed):
        nearest = sorted(allowed, key=lambda a: (abs(a - near), a))[:few]
    else:
        spelt = difflib.get_close_matches(str(near), [str(a) for a in allowed], n=few, cutoff=0)
        nearest = [a for a in allowed if str(a) in spelt]
    shown = [a for a in allowed if a in nearest]  # in the list's own order
    return ", ".join(repr(a) for a in shown) + f", … ({len(allowed)} in all)"


class Validator:
    """Validates node trees against model classes, collecting every problem."""

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        self._parents: list[tuple[type[Model], str]] = []  # the models being validated

    def _err(self, loc: Loc, code: str, message: str) -> Any:
        self.diagnostics.append(error(loc, code, message))
        return INVALID

    def model(self, cls: type[M], node: Node, where: str = "") -> M:
        """Build `cls` from a mapping node, or return INVALID after reporting why."""
        if not isinstance(node, Mapping):
            label = f"`{where}`" if where else "this file"
            return self._err(
                node.loc,
                "SCHEMA-TYPE",
                f"{label} must be a mapping of fields, got {_describe(node)}",
            )
        infos = fields_of(cls)
        by_name = {fi.name: fi for fi in infos}
        values: dict[str, Any] = {}
        locs: dict[str, Loc] = {"": node.loc}
        ok = True
        for key, (key_node, _value) in node.items.items():
            if key not in by_name:
                ok = False
                self._err(key_node.loc, "SCHEMA-UNKNOWN-KEY", self._unknown(cls, key, where))
        self._parents.append((cls, where))
        try:
            return self._fields(cls, node, where, infos, values, locs, ok)
        finally:
            self._parents.pop()

    def _unknown(self, cls: type[Model], key: str, where: str) -> str:
        """What to say about a key `cls` does not have: the field it belongs under (one
        level down), the level it belongs at (an enclosing one), or a close spelling."""
        names = [fi.name for fi in fields_of(cls)]
        head = f"unknown field `{key}` in {cls.__name__.lower()}"
        for fi in fields_of(cls):
            inner = model_of(fi.type)
            if inner is not None and key in {f.name for f in fields_of(inner)}:
                return (
                    f"{head}: `{key}` belongs under `{fi.name}` (a field of "
                    f"{inner.__name__.lower()}); indent it beneath `{fi.name}:`"
                )
        for parent, at in reversed(self._parents):
            if key in {f.name for f in fields_of(parent)}:
                level = f"`{at}`" if at else "the top level of the file"
                rest = where[len(at) :].lstrip(".") if at else where
                beside = re.split(r"[.\[]", rest)[0]
                return (
                    f"{head}: `{key}` is a field of {level}, not of `{where}`; outdent it "
                    f"to line up with `{beside}:`"
                )
        hint = difflib.get_close_matches(key, names, n=1, cutoff=0.6)
        did = f"; did you mean `{hint[0]}`?" if hint else ""
        return f"{head}{did} (fields: {', '.join(names)})"

    def _fields(
        self,
        cls: type[M],
        node: Mapping,
        where: str,
        infos: tuple[FieldInfo, ...],
        values: dict[str, Any],
        locs: dict[str, Loc],
        ok: bool,
    ) -> M:
        for fi in infos:
            item = node.items.get(fi.name)
            path = f"{where}.{fi.name}" if where else fi.name
            if item is None:
                if fi.required:
                    ok = False
                    self._err(
                        node.loc,
                        "SCHEMA-MISSING",
                        f"missing required field `{path}`: {fi.doc}",
                    )
                else:
                    values[fi.name] = fi.default
                continue
            value_node = item[1]
            locs[fi.name] = value_node.loc
            if (
                not fi.required
                and isinstance(value_node, Scalar)
                and value_node.type == "null"
                and not accepts_null(fi.type)
            ):
                values[fi.name] = fi.default
                continue
            value = self.value(fi.type, value_node, fi.meta, path, locs, fi.name)
            if value is INVALID:
                ok = False
            values[fi.name] = value
        if not ok:
            return INVALID
        obj = cls(_locs=locs, **values)
        for sub, message in obj._problems():
            self._err(obj.loc_of(*sub.split(".")), "SCHEMA-VALUE", message)
            ok = False
        return obj if ok else INVALID

    def value(
        self,
        tp: Any,
        node: Node,
        meta: dict[str, Any],
        where: str,
        locs: dict[str, Loc],
        key: str,
    ) -> Any:
        """Validate one value of type `tp`; `locs`/`key` record positions of list/dict items."""
        origin = get_origin(tp)
        if origin in (types.UnionType, typing.Union):
            return self._union(tp, node, meta, where, locs, key)
        if isinstance(tp, type) and issubclass(tp, Model):
            return self.model(tp, node, where)
        if origin is list:
            (item_tp,) = get_args(tp)
            if not isinstance(node, Sequence):
                return self._type_error(node, tp, where)
            n = len(node.items)
            if meta.get("min_items") is not None and n < meta["min_items"]:
                return self._err(
                    node.loc,
                    "SCHEMA-VALUE",
                    f"`{where}` needs at least {meta['min_items']} item(s), has {n}",
                )
            if meta.get("max_items") is not None and n > meta["max_items"]:
                return self._err(
                    node.loc,
                    "SCHEMA-VALUE",
                    f"`{where}` allows at most {meta['max_items']} item(s), has {n}",
                )
            out = []
            bad = False
            item_meta = {k: v for k, v in meta.items() if k not in ("min_items", "max_items")}
            for i, child in enumerate(node.items):
                locs[f"{key}.{i}"] = child.loc
                v = self.value(item_tp, child, item_meta, f"{where}[{i}]", locs, f"{key}.{i}")
                bad = bad or v is INVALID
                out.append(v)
            return INVALID if bad else out
        if origin is dict:
            _k, item_tp = get_args(tp)
            if not isinstance(node, Mapping):
                return self._type_error(node, tp, where)
            out_d = {}
            bad = False
            for k, (_kn, child) in node.items.items():
                locs[f"{key}.{k}"] = child.loc
                v = self.value(item_tp, child, meta, f"{where}.{k}", locs, f"{key}.{k}")
                bad = bad or v is INVALID
                out_d[k] = v
            return INVALID if bad else out_d
        if not isinstance(node, Scalar):
            return self._type_error(node, tp, where)
        return self._scalar(tp, node, meta, where)

    def _type_error(self, node: Node, tp: Any, where: str) -> Any:
        hint = ""
        if isinstance(node, Scalar) and node.type in ("int", "float", "bool") and wants_str(tp):
            hint = f'; quote it ("{node.raw}") to keep it as text'
        if isinstance(node, Scalar) and node.type == "bigint":
            return self._err(
                node.loc,
                "SCHEMA-TYPE",
                f"`{where}` is a {len(node.raw.lstrip('+-'))}-digit number, far too large",
            )
        return self._err(
            node.loc,
            "SCHEMA-TYPE",
            f"`{where}` must be {expected(tp)}, got {_describe(node)}{hint}",
        )

    def _scalar(self, tp: Any, node: Scalar, meta: dict[str, Any], where: str) -> Any:
        origin = get_origin(tp)
        if origin is Literal:
            allowed = get_args(tp)
            value = (
                node.raw
                if node.type == "str" or all(isinstance(a, str) for a in allowed)
                else node.value
            )
            # `true == 1` in Python: a choice matches only a value of the same type
            if node.type == "null" or not any(
                type(a) is type(value) and a == value for a in allowed
            ):
                hint = difflib.get_close_matches(str(node.raw), [str(a) for a in allowed], n=1)
                did = f"; did you mean {hint[0]!r}?" if hint else ""
                return self._err(
                    node.loc,
                    "SCHEMA-VALUE",
                    f"`{where}` must be one of {choices(allowed, value)}, got {node.raw!r}{did}",
                )
            return value
        if tp is str:
            if node.type != "str":
                return self._type_error(node, tp, where)
            text: str = node.value  # type: ignore[assignment]
            max_len = meta.get("max_len")
            if max_len is not None and len(text) > max_len:
                return self._err(
                    node.loc,
                    "SCHEMA-VALUE",
                    f"`{where}` is {len(text)} characters long; at most {max_len} fit",
                )
            pattern = meta.get("pattern")
            if pattern is not None and not pattern.fullmatch(text):
                return self._err(
                    node.loc,
                    "SCHEMA-VALUE",
                    f"`{where}` value {text!r} does not match the allowed form {pattern.pattern}",
                )
            return text
        if tp is bool:
            if node.type != "bool":
                return self._type_error(node, tp, where)
            return node.value
        if tp is int or tp is float:
            return self._number(tp, node, meta, where)
        raise TypeError(f"unsupported field type {tp!r}")  # a bug in a model, not content

    def _number(self, tp: Any, node: Scalar, meta: dict[str, Any], where: str) -> Any:
        """A whole number or a float: finite, no larger than a whole number may be, and
        within the field's declared bounds."""
        if not (node.type == "int" or (tp is float and node.type == "float")):
            return self._type_error(node, tp, where)
        number = node.value
        assert isinstance(number, (int, float))
        if isinstance(number, float) and not math.isfinite(number):
            return self._err(node.loc, "SCHEMA-VALUE", f"`{where}` must be finite")
        if isinstance(number, float) and abs(number) >= MAX_FLOAT:
            return self._err(
                node.loc,
                "SCHEMA-VALUE",
                f"`{where}` is {node.raw}, too large to compute with (a number has "
                f"at most {MAX_INT_DIGITS} digits before the point)",
            )
        ge, le = meta.get("ge"), meta.get("le")
        if (ge is not None and number < ge) or (le is not None and number > le):
            lo = "" if ge is None else f"at least {ge:g}"
            hi = "" if le is None else f"at most {le:g}"
            rng = " and ".join(p for p in (lo, hi) if p)
            return self._err(node.loc, "SCHEMA-VALUE", f"`{where}` must be {rng}, got {node.raw}")
        return number

    def _union(
        self,
        tp: Any,
        node: Node,
        meta: dict[str, Any],
        where: str,
        locs: dict[str, Loc],
        key: str,
    ) -> Any:
        options = [a for a in get_args(tp) if a is not type(None)]
        if isinstance(node, Scalar) and node.type == "null" and len(options) < len(get_args(tp)):
            return None
        fitting = [a for a in options if node_kind(a) == node.kind]
        if not fitting:
            return self._type_error(node, tp, where)
        if len(fitting) == 1:
            return self.value(fitting[0], node, meta, where, locs, key)
        # Several scalar options: take the first that accepts the value, silently.
        for option in fitting:
            probe = Validator()
            trial = probe.value(option, node, meta, where, dict(locs), key)
            if trial is not INVALID:
                return self.value(option, node, meta, where, locs, key)
        return self._type_error(node, tp, where)
