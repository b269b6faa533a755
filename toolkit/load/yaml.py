"""Load stage: bytes of one YAML file -> a tree of positioned nodes, or diagnostics.

Nothing here knows a schema or a game. The file is read once, checked as text
(UTF-8, no control or bidi characters, size), then parsed with libyaml's event
stream: events carry 0-based marks, so every node gets a 1-based line and column
for free, with no round-trip loader. Parsing events (never constructing Python
objects) also means no tag can run code; we go further and refuse every explicit
tag, anchor and alias, every duplicate key and any nesting past `MAX_DEPTH`.

Plain scalars are resolved by the YAML 1.2 core schema (so `no` stays text and
`1.10` is a number the schema can complain about), quoted scalars are text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from toolkit.core.diagnostics import Diagnostic, Loc, error
from toolkit.load.messages import explain

try:  # libyaml is in every PyYAML wheel; the pure parser is the slow fallback
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

MAX_FILE_BYTES = 1_000_000
MAX_SCALAR_CHARS = 50_000
MAX_DEPTH = 32
MAX_NODES = 100_000
MAX_INT_DIGITS = 18

# C0 controls other than tab, LF and CR, plus DEL and the C1 block: never valid in content text.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]")
_BREAK = re.compile(r"\r\n|\r|\n")
# Bidi embeddings/overrides/isolates and invisible characters ("Trojan Source", CVE-2021-42574).
_INVISIBLE = re.compile(r"[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad]")

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


class Node:
    """Base of the positioned tree."""

    __slots__ = ("loc",)
    kind = "node"

    def __init__(self, loc: Loc) -> None:
        self.loc = loc


class Scalar(Node):
    """A scalar with its resolved value; `type` is one of null, bool, int, float, str, bigint."""

    __slots__ = ("raw", "type", "value")
    kind = "scalar"

    def __init__(self, loc: Loc, raw: str, type_: str, value: object) -> None:
        super().__init__(loc)
        self.raw = raw
        self.type = type_
        self.value = value

    def __repr__(self) -> str:
        return f"Scalar({self.raw!r} @ {self.loc})"


class Mapping(Node):
    """A mapping; keys are the keys' text, in file order, each with its key node."""

    __slots__ = ("items",)
    kind = "mapping"

    def __init__(self, loc: Loc) -> None:
        super().__init__(loc)
        self.items: dict[str, tuple[Scalar, Node]] = {}


class Sequence(Node):
    """A sequence of nodes."""

    __slots__ = ("items",)
    kind = "sequence"

    def __init__(self, loc: Loc) -> None:
        super().__init__(loc)
        self.items: list[Node] = []


@dataclass
class LoadResult:
    """The tree of one file (None when it could not be read) and what went wrong."""

    path: str
    root: Node | None
    diagnostics: list[Diagnostic]


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


def _line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset; CR, LF and CRLF all break lines."""
    line, start = 1, 0
    for m in _BREAK.finditer(text, 0, offset):
        line, start = line + 1, m.end()
    return line, offset - start + 1


def _byte_line_col(data: bytes, offset: int) -> tuple[int, int]:
    """Line and column (in characters) of a byte offset into possibly broken UTF-8."""
    return _line_col(
        data[: offset + 1].decode("utf-8", "replace"), len(data[:offset].decode("utf-8", "replace"))
    )


def _decode(path: str, data: bytes) -> tuple[str | None, list[Diagnostic]]:
    """Bytes -> text, UTF-8 only (a UTF-8 byte-order mark is tolerated and dropped)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or data[:4] in (
        b"\x00\x00\xfe\xff",
        b"\xff\xfe\x00\x00",
    ):
        return None, [
            error(
                Loc(path, 1, 1),
                "YAML-ENCODING",
                "file is UTF-16 or UTF-32 (byte-order mark found); content files must be "
                "saved as UTF-8",
            )
        ]
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    nul = data.find(b"\x00")
    if nul >= 0:
        line, col = _byte_line_col(data, nul)
        return None, [
            error(
                Loc(path, line, col),
                "YAML-ENCODING",
                f"NUL byte at offset {nul}: this is not a UTF-8 text file "
                "(UTF-16 without a byte-order mark, or binary); save it as UTF-8",
            )
        ]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        off = exc.start
        line, col = _byte_line_col(data, off)
        return None, [
            error(
                Loc(path, line, col),
                "YAML-ENCODING",
                f"not valid UTF-8: byte 0x{data[off]:02X} at offset {off}; "
                "content files must be saved as UTF-8",
            )
        ]


def _scan_text(path: str, text: str) -> list[Diagnostic]:
    """Characters YAML would accept silently or choke on without a position."""
    out: list[Diagnostic] = []
    for m in _CONTROL.finditer(text):
        line, col = _line_col(text, m.start())
        out.append(
            error(
                Loc(path, line, col),
                "YAML-CONTROL-CHAR",
                f"control character U+{ord(m.group()):04X} is not allowed in content",
            )
        )
    for m in _INVISIBLE.finditer(text):
        line, col = _line_col(text, m.start())
        out.append(
            error(
                Loc(path, line, col),
                "YAML-INVISIBLE-CHAR",
                f"invisible or bidirectional-control character U+{ord(m.group()):04X} "
                "can make text read differently from what it is; remove it",
            )
        )
    return out


def read_limited(file: Path, path: str) -> bytes | LoadResult:
    """A content file's bytes, or the refusal of a file over the size limit."""
    with open(file, "rb") as fh:
        data = fh.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        return LoadResult(
            path,
            None,
            [
                error(
                    Loc(path, 1, 1),
                    "YAML-SIZE",
                    f"file is larger than {MAX_FILE_BYTES // 1000} kB; "
                    "one card or board per file is far smaller",
                )
            ],
        )
    return data


def load_file(file: Path, shown: str | None = None) -> LoadResult:
    """Read and parse one content file. Never raises for bad content; OSError propagates."""
    path = shown if shown is not None else str(file)
    data = read_limited(file, path)
    if isinstance(data, LoadResult):
        return data
    return load_bytes(data, path)


def checked_text(data: bytes, path: str) -> str | LoadResult:
    """The file's text, or the refusal of bytes that are not clean UTF-8 (any format)."""
    text, diags = _decode(path, data)
    if text is None:
        return LoadResult(path, None, diags)
    diags = _scan_text(path, text)
    if diags:
        return LoadResult(path, None, diags)
    return text


def load_bytes(data: bytes, path: str) -> LoadResult:
    """Parse bytes as one YAML document with positions (see module docstring)."""
    text = checked_text(data, path)
    if isinstance(text, LoadResult):
        return text
    builder = _Builder(path)
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if not builder.feed(event):
                break
    except yaml.MarkedYAMLError as exc:
        if "maximum nesting depth" in str(exc.problem):  # libyaml's own limit came first
            mark = exc.problem_mark or exc.context_mark
            line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            builder.diagnostics.append(
                error(
                    Loc(path, line, col),
                    "YAML-DEPTH",
                    f"nesting deeper than {MAX_DEPTH} levels (max_depth); content needs far less",
                )
            )
            return LoadResult(path, None, builder.diagnostics)
        said = explain(text, exc)  # in plain words: the line, and what to type instead
        builder.diagnostics.append(
            error(Loc(path, said.line, said.col), "YAML-SYNTAX", said.message)
        )
        return LoadResult(path, None, builder.diagnostics)
    except yaml.YAMLError as exc:  # ReaderError: no mark, only a position
        # libyaml reports a byte offset into the UTF-8 encoding of the text
        pos = getattr(exc, "position", 0) or 0
        chars = len(text.encode("utf-8")[:pos].decode("utf-8", "ignore"))
        line, col = _line_col(text, min(chars, len(text)))
        reason = getattr(exc, "reason", None) or str(exc).splitlines()[0]
        builder.diagnostics.append(
            error(Loc(path, line, col), "YAML-SYNTAX", f"parse error: {reason}")
        )
        return LoadResult(path, None, builder.diagnostics)
    if builder.diagnostics:
        return LoadResult(path, None, builder.diagnostics)
    if builder.root is None or (isinstance(builder.root, Scalar) and builder.root.type == "null"):
        return LoadResult(
            path, None, [error(Loc(path, 1, 1), "YAML-EMPTY", "file holds no content")]
        )
    return LoadResult(path, builder.root, [])


class _Builder:
    """Turns the event stream into nodes, refusing what content must not use."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.stack: list[Node] = []
        self.pending_key: list[Scalar | None] = []
        self.root: Node | None = None
        self.documents = 0
        self.nodes = 0
        self.diagnostics: list[Diagnostic] = []
        self.duplicates: set[int] = set()  # ids of repeated key nodes, whose values are dropped

    def _loc(self, event: yaml.Event) -> Loc:
        m = event.start_mark
        return Loc(self.path, m.line + 1, m.column + 1)

    def _fail(self, event: yaml.Event, code: str, message: str) -> bool:
        self.diagnostics.append(error(self._loc(event), code, message))
        return False

    def feed(self, event: yaml.Event) -> bool:
        """Take one event; False stops the parse (after a fatal finding)."""
        if isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                return self._fail(
                    event, "YAML-MULTIDOC", "more than one YAML document ('---') in one file"
                )
            return True
        if isinstance(event, yaml.AliasEvent):
            return self._fail(
                event,
                "YAML-ALIAS",
                f"alias *{event.anchor} is not allowed: write the value out in full",
            )
        if isinstance(event, yaml.NodeEvent):
            if event.anchor is not None:
                return self._fail(
                    event,
                    "YAML-ANCHOR",
                    f"anchor &{event.anchor} is not allowed: content files use no "
                    "anchors or aliases",
                )
            tag = getattr(event, "tag", None)
            if tag is not None:
                return self._fail(
                    event,
                    "YAML-TAG",
                    f"tag {tag} is not allowed: content is plain data (no tags)",
                )
            self.nodes += 1
            if self.nodes > MAX_NODES:
                return self._fail(event, "YAML-SIZE", f"more than {MAX_NODES} values in one file")
        if isinstance(event, yaml.ScalarEvent):
            return self._scalar(event)
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if len(self.stack) >= MAX_DEPTH:
                return self._fail(
                    event,
                    "YAML-DEPTH",
                    f"nesting deeper than {MAX_DEPTH} levels (max_depth); content needs far less",
                )
            node: Node = (
                Mapping(self._loc(event))
                if isinstance(event, yaml.MappingStartEvent)
                else Sequence(self._loc(event))
            )
            if not self._attach(node, event):
                return False
            self.stack.append(node)
            self.pending_key.append(None)
            return True
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            self.stack.pop()
            self.pending_key.pop()
            return True
        return True

    def _scalar(self, event: yaml.ScalarEvent) -> bool:
        raw = event.value
        if len(raw) > MAX_SCALAR_CHARS:
            return self._fail(
                event,
                "YAML-SIZE",
                f"value of {len(raw)} characters is longer than the {MAX_SCALAR_CHARS} allowed",
            )
        if event.implicit[0] and event.style in ("", None):
            type_, value = resolve_plain(raw)
        else:
            type_, value = "str", raw
        return self._attach(Scalar(self._loc(event), raw, type_, value), event)

    def _attach(self, node: Node, event: yaml.Event) -> bool:
        if not self.stack:
            self.root = node
            return True
        parent = self.stack[-1]
        if isinstance(parent, Sequence):
            parent.items.append(node)
            return True
        assert isinstance(parent, Mapping)
        key = self.pending_key[-1]
        if key is None:
            if not isinstance(node, Scalar):
                return self._fail(
                    event, "YAML-KEY", "a mapping key must be plain text, not a list or mapping"
                )
            if node.raw in parent.items:
                # Not fatal: every duplicate in the file is reported in one run.
                first = parent.items[node.raw][0].loc
                self._fail(
                    event,
                    "YAML-DUPLICATE-KEY",
                    f"duplicate key '{node.raw}': line {node.loc.line} repeats the key "
                    f"first given on line {first.line}",
                )
                self.duplicates.add(id(node))
            self.pending_key[-1] = node
            return True
        if id(key) not in self.duplicates:
            parent.items[key.raw] = (key, node)
        self.pending_key[-1] = None
        return True
