"""Validate stage: positioned YAML nodes -> typed, frozen model objects, plus JSON Schema.

Each content kind is declared once, as a frozen dataclass whose fields carry a
doc line and constraints (`spec(...)`). The same declaration drives validation
(every problem collected, with `file:line:col`, "did you mean" for typos) and
the JSON Schema that editors use. No I/O here.

Supported field types: str, int, float, bool, Literal[...], list[T], dict[str, T],
nested models, and unions whose members differ in kind (`T | None`,
`int | str`, `list[X] | Literal["variable"]`).
"""

from __future__ import annotations

import dataclasses
import difflib
import math
import re
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import MISSING, dataclass, field
from typing import Any, Literal, TypeVar, get_args, get_origin

from toolkit.core.diagnostics import Diagnostic, Loc, error
from toolkit.load.yaml import MAX_INT_DIGITS, Mapping, Node, Scalar, Sequence

M = TypeVar("M", bound="Model")
# A float is held to the size a whole number may have (the loader's 18 digits): content
# numbers multiplied and added by a rule or a report then stay finite, never `inf`.
MAX_FLOAT = 10.0**MAX_INT_DIGITS


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


INVALID: Any = _Invalid()

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


def _expected(tp: Any) -> str:
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
        return " or ".join(_expected(a) for a in get_args(tp) if a is not type(None))
    return str(tp)


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
            inner = _model_of(fi.type)
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
                and not _accepts_null(fi.type)
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
        if isinstance(node, Scalar) and node.type in ("int", "float", "bool") and _wants_str(tp):
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
            f"`{where}` must be {_expected(tp)}, got {_describe(node)}{hint}",
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
        fitting = [a for a in options if _node_kind(a) == node.kind]
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


def _model_of(tp: Any) -> type[Model] | None:
    """The model a field holds (directly, in a list or as an optional), if any."""
    if isinstance(tp, type) and issubclass(tp, Model):
        return tp
    if get_origin(tp) in (list, types.UnionType, typing.Union):
        for arg in get_args(tp):
            inner = _model_of(arg)
            if inner is not None:
                return inner
    return None


def _node_kind(tp: Any) -> str:
    origin = get_origin(tp)
    if origin is list:
        return "sequence"
    if origin is dict or (isinstance(tp, type) and issubclass(tp, Model)):
        return "mapping"
    return "scalar"


def _accepts_null(tp: Any) -> bool:
    return get_origin(tp) in (types.UnionType, typing.Union) and type(None) in get_args(tp)


def _wants_str(tp: Any) -> bool:
    if tp is str:
        return True
    if get_origin(tp) in (types.UnionType, typing.Union):
        return any(_wants_str(a) for a in get_args(tp))
    return False


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


# ---------------------------------------------------------------------------------------
# JSON Schema, generated from the same declarations


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
    return _expected(tp)


class _SchemaBuilder:
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
            (item_tp,) = get_args(tp)
            item_meta = {k: v for k, v in meta.items() if k not in ("min_items", "max_items")}
            out: dict[str, Any] = {"type": "array", "items": self.of_type(item_tp, item_meta)}
            if meta.get("min_items") is not None:
                out["minItems"] = meta["min_items"]
            if meta.get("max_items") is not None:
                out["maxItems"] = meta["max_items"]
            return out
        if origin is dict:
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
        if origin is Literal:
            return {"enum": list(get_args(tp))}
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
        props: dict[str, Any] = {}
        required = []
        for fi in fields_of(cls):
            sub = self.of_type(fi.type, fi.meta)
            if not fi.required:
                # An empty value means "the default" (see `spec`).
                if not _accepts_null(fi.type):
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
