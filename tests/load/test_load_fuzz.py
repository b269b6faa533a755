"""Property tests: whatever bytes arrive, load + validate never raise, and every answer
is either a tree or at least one well-formed diagnostic."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.core.diagnostics import Severity, format_text
from toolkit.load.nodes import Node
from toolkit.load.yaml import load_bytes
from toolkit.validate.declare import INVALID, Model
from toolkit.validate.schema import spec  # the name ruff knows declares a field
from toolkit.validate.validator import Validator

PATH = "cards/fuzz.yaml"


@dataclass(frozen=True, kw_only=True)
class Stats(Model):
    """Nested numbers."""

    attack: int = spec("Attack.", ge=0)
    defence: int = spec("Defence.", 0, ge=0)


@dataclass(frozen=True, kw_only=True)
class Card(Model):
    """The model every generated document is validated against."""

    name: str = spec("Name.")
    hp: int = spec("Hit points.", ge=0)
    kind: Literal["a", "b"] = spec("Kind.", "a")
    tags: list[str] = spec("Tags.", [])
    stats: Stats | None = spec("Stats.", None)
    values: list[int | str] = spec("Mixed.", [])
    ratio: float = spec("A number.", 1.0, le=10)
    extra: dict[str, int] = spec("Named numbers.", {})


KEYS = ["name", "hp", "kind", "tags", "stats", "values", "ratio", "extra", "attack", "cots"]
ODD_KEYS = ["", "'hp'", '"name"', "? [a]", "1", "~", "na\u202eme", "h\u200bp", "é", "- a"]
VALUES = [
    "",
    "Goblin",
    "3",
    "-1",
    "three",
    "1.10",
    "0x1F",
    "0o17",
    "no",
    "true",
    "~",
    ".inf",
    "1e400",
    "9" * 30,
    "9" * 5000,
    "a",
    "b",
    "[a, 1, [b]]",
    "[1, two, '3']",
    "{attack: 1, defence: 2}",
    "'quoted'",
    '"esc \\x41 \\u00e9"',
    "x" * 300,
]
ODD_VALUES = [
    "[",
    "]",
    "{",
    "}",
    "'unterminated",
    '"bad \\q"',
    "!dice 3",
    "!!str x",
    "!!python/object/apply:os.system [true]",
    "&a 1",
    "*a",
    "|",
    ">-",
    "- x",
    "-",
    "? x",
    ": y",
    "# comment",
    "---",
    "...",
    "%YAML 1.2",
    "a: b: c",
    "x\ty",
    "x\x07y",
    "é\u202e",
    "\ufeff",
    "\uffff",
]
keys = st.sampled_from(KEYS) | st.sampled_from(KEYS) | st.sampled_from(ODD_KEYS)
values = st.sampled_from(VALUES) | st.sampled_from(VALUES) | st.sampled_from(ODD_VALUES)
INDENTS = ["", "", "", "  ", "    ", " ", "\t", "- ", "  - "]
SEPARATORS = [": ", ": ", ": ", ":", " : ", ":\t"]
NEWLINES = ["\n", "\n", "\n", "\r\n", "\r"]

# Free-form lines: keys, values, indentation, flow brackets, quotes, tags, anchors.
line = st.builds(
    lambda indent, key, sep, value: indent + key + sep + value,
    st.sampled_from(INDENTS),
    keys,
    st.sampled_from(SEPARATORS),
    values,
) | st.builds(lambda indent, value: indent + value, st.sampled_from(INDENTS), values)

free_text = st.builds(
    lambda lines, newline, tail: newline.join(lines) + tail,
    st.lists(line, max_size=12),
    st.sampled_from(NEWLINES),
    st.sampled_from(["", "\n"]),
)


def _emit(tree: object, depth: int = 0) -> list[str]:
    """Block YAML for a tree of dicts, lists and raw scalar texts."""
    pad = "  " * depth
    out: list[str] = []
    if isinstance(tree, dict):
        for k, v in tree.items():
            if isinstance(v, (dict, list)) and v:
                out.append(f"{pad}{k}:")
                out.extend(_emit(v, depth + 1))
            else:
                out.append(f"{pad}{k}: {v if isinstance(v, str) else ''}".rstrip())
    else:
        assert isinstance(tree, list)
        for v in tree:
            if isinstance(v, (dict, list)) and v:
                out.append(f"{pad}-")
                out.extend(_emit(v, depth + 1))
            else:
                out.append(f"{pad}- {v if isinstance(v, str) else ''}".rstrip())
    return out


# Well-indented documents built on the model's own keys, so that many reach validation.
tree = st.recursive(
    st.sampled_from(VALUES),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(KEYS), children, max_size=6)
    ),
    max_leaves=20,
)
fields = st.dictionaries(st.sampled_from(KEYS), tree, min_size=1, max_size=8)
structured_text = (fields | fields.map(lambda d: {"name": "Goblin", "hp": "3", **d})).map(
    lambda d: "\n".join(_emit(d)) + "\n"
)
yaml_text = free_text | structured_text | structured_text


@st.composite
def spliced(draw: st.DrawFn) -> bytes:
    """Well-formed text with a few random bytes or an odd line spliced in."""
    data = draw(yaml_text).encode("utf-8")
    at = draw(st.integers(0, len(data)))
    junk = draw(st.binary(max_size=4) | line.map(lambda t: ("\n" + t + "\n").encode()))
    return data[:at] + junk + data[at:]


yaml_bytes = st.one_of(
    yaml_text.map(lambda t: t.encode("utf-8")),
    yaml_text.map(lambda t: t.encode("utf-8")),
    yaml_text.map(lambda t: b"\xef\xbb\xbf" + t.encode("utf-8")),
    yaml_text.map(lambda t: t.encode("utf-16")),
    spliced(),
)


def _breaks(data: bytes) -> int:
    """An upper bound on the line breaks YAML (1.1, as libyaml reads it) could see."""
    return sum(data.count(b) for b in (b"\n", b"\r", b"\xc2\x85", b"\xe2\x80\xa8", b"\xe2\x80\xa9"))


def check(data: bytes) -> None:
    result = load_bytes(data, PATH)
    assert result.path == PATH
    # Either a tree or a reason, never both, never neither.
    assert (result.root is None) == bool(result.diagnostics)
    diags = list(result.diagnostics)
    if result.root is not None:
        assert isinstance(result.root, Node)
        validator = Validator()
        obj = validator.model(Card, result.root)
        assert (obj is INVALID) == bool(validator.diagnostics)
        if obj is not INVALID:
            assert isinstance(obj, Card)
        for d in validator.diagnostics:
            assert d.code.startswith("SCHEMA-")
        diags += validator.diagnostics
    else:
        for d in result.diagnostics:
            assert d.code.startswith("YAML-")
    for d in diags:
        assert d.loc.path == PATH
        assert d.severity is Severity.ERROR
        assert d.message
        assert d.loc.line >= 1 or (d.loc.line == 0 and d.loc.col == 0), d
        assert d.loc.col >= 0 if d.loc.line == 0 else d.loc.col >= 1, d
        assert d.loc.line <= _breaks(data) + 2, d
        assert format_text(d).startswith(f"{PATH}:")


FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(st.binary(max_size=512))
def test_random_bytes_never_raise(data: bytes) -> None:
    check(data)


@pytest.mark.slow
@FAST
@given(yaml_bytes)
def test_yaml_like_text_never_raises(data: bytes) -> None:
    check(data)


@FAST
@given(
    st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20)),
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.sampled_from(KEYS[:10]), children, max_size=5)
        ),
        max_leaves=25,
    )
)
def test_any_json_shaped_document_never_raises(doc: object) -> None:
    check(json.dumps({"name": "Goblin", "hp": 1, "stats": doc}).encode())
    check(json.dumps(doc, ensure_ascii=False).encode())
