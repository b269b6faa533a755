"""Validate stage: the names the other stages and the packs import from here, kept together.

A content kind is declared in `toolkit.validate.declare`, read by `toolkit.validate.validator`,
found into by field path in `toolkit.validate.paths`, and written as a JSON Schema by
`toolkit.validate.json_schema`. Modules outside the validate stage that predate that split
import these names from here; new code imports them from the module that defines them.
"""

from __future__ import annotations

from toolkit.validate.declare import INVALID, FieldInfo, Model, fields_of, model, spec
from toolkit.validate.json_schema import json_schema
from toolkit.validate.paths import marked_fields, resolve_path, walk
from toolkit.validate.validator import Validator

__all__ = [
    "INVALID",
    "FieldInfo",
    "Model",
    "Validator",
    "fields_of",
    "json_schema",
    "marked_fields",
    "model",
    "resolve_path",
    "spec",
    "walk",
]
