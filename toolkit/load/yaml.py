"""Load stage: bytes of one YAML file -> a tree of positioned nodes, or diagnostics.

Nothing here knows a schema or a game. The file is read once, checked as text
(`toolkit.load.text_checks`: UTF-8, no control or bidi characters, size), then parsed with
libyaml's event stream: events carry 0-based marks, so every node (`toolkit.load.nodes`)
gets a 1-based line and column for free, with no round-trip loader. Parsing events (never
constructing Python objects) also means no tag can run code; we go further and refuse
every explicit tag, anchor and alias, every duplicate key and any nesting past `MAX_DEPTH`.

Plain scalars are resolved by the YAML 1.2 core schema (`toolkit.load.scalars`), quoted
scalars are text.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from toolkit.core.diagnostics import Diagnostic, Loc, error
from toolkit.load.messages import explain
from toolkit.load.nodes import LoadResult, Mapping, Node, Scalar, Sequence
from toolkit.load.scalars import MAX_INT_DIGITS, resolve_plain
from toolkit.load.text_checks import checked_text, line_col

try:  # libyaml is in every PyYAML wheel; the pure parser is the slow fallback
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

# What other modules import from here: the loader's own names, and (defined beside it) the
# tree's, the scalars' and the text checks' that it uses.
__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_INT_DIGITS",
    "MAX_NODES",
    "MAX_SCALAR_CHARS",
    "LoadResult",
    "Mapping",
    "Node",
    "Scalar",
    "Sequence",
    "checked_text",
    "load_bytes",
    "load_file",
    "read_limited",
    "resolve_plain",
]

MAX_FILE_BYTES = 1_000_000
MAX_SCALAR_CHARS = 50_000
MAX_DEPTH = 32
MAX_NODES = 100_000


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
    except yaml.YAMLError as exc:
        builder.diagnostics.append(_parse_error(path, text, exc))
        return LoadResult(path, None, builder.diagnostics)
    if builder.diagnostics:
        return LoadResult(path, None, builder.diagnostics)
    if builder.root is None or (isinstance(builder.root, Scalar) and builder.root.type == "null"):
        return LoadResult(
            path, None, [error(Loc(path, 1, 1), "YAML-EMPTY", "file holds no content")]
        )
    return LoadResult(path, builder.root, [])


def _parse_error(path: str, text: str, exc: yaml.YAMLError) -> Diagnostic:
    """What a parse failure says, at its line and column: too deep, a syntax error in plain
    words, or (a reader error, which has no mark) the character it stopped at."""
    if isinstance(exc, yaml.MarkedYAMLError):
        if "maximum nesting depth" in str(exc.problem):  # libyaml's own limit came first
            mark = exc.problem_mark or exc.context_mark
            line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            return error(
                Loc(path, line, col),
                "YAML-DEPTH",
                f"nesting deeper than {MAX_DEPTH} levels (max_depth); content needs far less",
            )
        said = explain(text, exc)  # in plain words: the line, and what to type instead
        return error(Loc(path, said.line, said.col), "YAML-SYNTAX", said.message)
    # ReaderError: no mark, only a position; libyaml reports a byte offset into the UTF-8
    # encoding of the text
    pos = getattr(exc, "position", 0) or 0
    chars = len(text.encode("utf-8")[:pos].decode("utf-8", "ignore"))
    line, col = line_col(text, min(chars, len(text)))
    reason = getattr(exc, "reason", None) or str(exc).splitlines()[0]
    return error(Loc(path, line, col), "YAML-SYNTAX", f"parse error: {reason}")


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
        if isinstance(event, yaml.NodeEvent) and not self._node_allowed(event):
            return False
        if isinstance(event, yaml.ScalarEvent):
            return self._scalar(event)
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            return self._open(event)
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            self.stack.pop()
            self.pending_key.pop()
            return True
        return True

    def _node_allowed(self, event: yaml.NodeEvent) -> bool:
        """A node without an anchor or a tag, within the file's number of values."""
        if event.anchor is not None:
            return self._fail(
                event,
                "YAML-ANCHOR",
                f"anchor &{event.anchor} is not allowed: content files use no anchors or aliases",
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
        return True

    def _open(self, event: yaml.MappingStartEvent | yaml.SequenceStartEvent) -> bool:
        """A mapping or a sequence begins: attached to its parent, then the one filled."""
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
