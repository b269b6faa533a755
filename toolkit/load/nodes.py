"""Load stage: the positioned tree a content file is parsed into, and a file's result.

Every node knows the 1-based line and column it starts at (`loc`); a mapping keeps its keys
in file order with their own nodes, so a message can point at a key or at its value. The
YAML loader (`toolkit.load.yaml`) and the CSV loader (`toolkit.load.csv`) build these; the
validator reads them. Nothing here knows a schema or a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.core.diagnostics import Diagnostic, Loc


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
