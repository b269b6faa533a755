"""Load stage: a plain YAML scalar's type and value, by the YAML 1.2 core schema.

So `no` stays text and `1.10` is a number the schema can complain about; a whole number of
more than `MAX_INT_DIGITS` digits is a `bigint`, refused by the validator rather than
computed with. The loaders resolve only plain values: a quoted YAML scalar is text.
"""

from __future__ import annotations

import re

MAX_INT_DIGITS = 18

_NULL = re.compile(r"~|null|Null|NULL")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"[-+]?[0-9]+")
_INT_OCT = re.compile(r"0o[0-7]+")
_INT_HEX = re.compile(r"0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")
_FLOAT_SPECIAL = {
    ".inf": float("inf"),
    ".Inf": float("inf"),
    ".INF": float("inf"),
    "+.inf": float("inf"),
    "+.Inf": float("inf"),
    "+.INF": float("inf"),
    "-.inf": float("-inf"),
    "-.Inf": float("-inf"),
    "-.INF": float("-inf"),
    ".nan": float("nan"),
    ".NaN": float("nan"),
    ".NAN": float("nan"),
}


def resolve_plain(raw: str) -> tuple[str, object]:
    """Resolve a plain scalar by the YAML 1.2 core schema: (type, value)."""
    if raw == "" or _NULL.fullmatch(raw):
        return "null", None
    if raw in _BOOL:
        return "bool", _BOOL[raw]
    if _INT.fullmatch(raw):
        digits = raw.lstrip("+-")
        if len(digits) > MAX_INT_DIGITS:
            return "bigint", None
        return "int", int(raw)
    if _INT_OCT.fullmatch(raw):
        return ("int", int(raw[2:], 8)) if len(raw) <= MAX_INT_DIGITS else ("bigint", None)
    if _INT_HEX.fullmatch(raw):
        return ("int", int(raw[2:], 16)) if len(raw) <= MAX_INT_DIGITS else ("bigint", None)
    if raw in _FLOAT_SPECIAL:
        return "float", _FLOAT_SPECIAL[raw]
    if _FLOAT.fullmatch(raw) and any(c.isdigit() for c in raw):
        return "float", float(raw)
    return "str", raw
