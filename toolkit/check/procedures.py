"""Rules as code, the core's part: the registry type a game pack fills with its procedures.

A procedure is a name, its parameters (each with a meaning and a type), the function that
answers it from the content and an explicit state, and the rule it comes from. This module
parses `name=value` arguments for any procedure, formats the answer (text or JSON) and
lists a game's procedures; it also defines the printed forms a pack builds from its
procedures (steps, tables, panels) for the DM screen, the references and the companion
page. It holds no game knowledge: every name, number and rule comes from a pack.
"""

from __future__ import annotations

import difflib
import json
import keyword
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from toolkit.core.errors import ToolkitError

KINDS = ("int", "flag", "choice", "text", "map", "counts", "list")
KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9_+-]*")
NAME = re.compile(r"[a-z][a-z0-9-]*")


class ParamError(ToolkitError):
    """A missing or bad parameter: a usage error (exit 2) that names the parameter."""

    def __init__(self, param: str, message: str) -> None:
        super().__init__(f"{param}: {message}")
        self.param = param


@dataclass(frozen=True)
class Param:
    """One parameter of a procedure, given on the command line as `name=value`.

    Kinds: `int` (a whole number within `low`..`high`), `flag` (yes/no), `choice` (one of
    `choices`), `text`, `list` (comma-separated items, each one of `choices` if given),
    `map` (`key:value,...`, keys among `choices` if given) and `counts` (a map whose values
    are whole numbers within `low`..`high`)."""

    name: str
    meaning: str
    kind: str = "int"
    optional: bool = False
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    example: str = ""

    def __post_init__(self) -> None:
        assert self.kind in KINDS, self.kind
        assert NAME.fullmatch(self.name), self.name

    @property
    def placeholder(self) -> str:
        """How the value is written: `N`, `yes|no`, `a|b`, `KEY:N,...`."""
        if self.example:
            return self.example
        return {
            "int": "N",
            "flag": "yes|no",
            "choice": "|".join(self.choices) if len(self.choices) <= 4 else "ID",
            "text": "TEXT",
            "list": "ITEM,...",
            "map": "KEY:VALUE,...",
            "counts": "KEY:N,...",
        }[self.kind]

    @property
    def usage(self) -> str:
        text = f"{self.name}={self.placeholder}"
        return f"[{text}]" if self.optional else text

    def parse(self, raw: str) -> object:
        """The value of `raw`, checked; a ParamError naming this parameter otherwise."""
        if self.kind == "int":
            return self._int(raw, "")
        if self.kind == "flag":
            low = raw.strip().lower()
            if low in ("yes", "y", "true", "1"):
                return True
            if low in ("no", "n", "false", "0"):
                return False
            raise ParamError(self.name, f"expected yes or no, got {raw!r}")
        if self.kind == "choice":
            return self._choice(raw.strip(), "")
        if self.kind == "text":
            if not raw.strip():
                raise ParamError(self.name, "expected some text, got nothing")
            return raw.strip()
        items = [p.strip() for p in raw.split(",") if p.strip()]
        if self.kind == "list":
            return tuple(self._choice(i, "") if self.choices else i for i in items)
        out: dict[str, object] = {}
        for item in items:
            key, sep, value = item.partition(":")
            key = key.strip()
            if not sep or not key or not value.strip():
                raise ParamError(self.name, f"expected {self.placeholder}, got {item!r}")
            if self.choices:
                self._choice(key, " key")
            elif not KEY.fullmatch(key):
                raise ParamError(self.name, f"{key!r} is not a name (letters, digits, - or +)")
            if key in out:
                raise ParamError(self.name, f"{key!r} is given twice")
            out[key] = self._int(value, f" ({key})") if self.kind == "counts" else value.strip()
        return out

    def _int(self, raw: str, where: str) -> int:
        try:
            value = int(raw.strip())
        except ValueError:
            raise ParamError(self.name, f"expected a whole number{where}, got {raw!r}") from None
        if self.low is not None and value < self.low:
            raise ParamError(self.name, f"{value}{where} is below {self.low}, the least it can be")
        if self.high is not None and value > self.high:
            raise ParamError(self.name, f"{value}{where} is above {self.high}, the most it can be")
        return value

    def _choice(self, raw: str, what: str) -> str:
        if raw not in self.choices:
            hit = difflib.get_close_matches(raw, self.choices, n=1)
            hint = f"; did you mean {hit[0]!r}?" if hit else f" (one of: {', '.join(self.choices)})"
            raise ParamError(self.name, f"unknown{what} {raw!r}{hint}")
        return raw


@dataclass(frozen=True)
class Result:
    """A procedure's answer: the value, a sentence, the arithmetic, the rule."""

    value: object
    answer: str
    steps: tuple[str, ...] = ()
    rule: str = ""
    details: Mapping[str, object] = field(default_factory=dict)

    def as_json(self, procedure: str, inputs: Mapping[str, object]) -> dict[str, object]:
        return {
            "procedure": procedure,
            "value": self.value,
            "rule": self.rule,
            "answer": self.answer,
            "steps": list(self.steps),
            "inputs": dict(inputs),
            "details": dict(self.details),
        }


@dataclass(frozen=True)
class Step:
    """One printed step of a procedure, with the rule it comes from."""

    text: str
    rule: str = ""


@dataclass(frozen=True)
class Procedure:
    """A rules procedure bound to one game's content: call it with parsed parameters."""

    name: str
    title: str
    rule: str
    summary: str
    params: tuple[Param, ...]
    run: Callable[..., Result]  # run(**parsed parameters)
    statement: tuple[Step, ...] = ()  # the procedure as the DM screen prints it

    def __post_init__(self) -> None:
        assert NAME.fullmatch(self.name), self.name

    def parse(self, args: Sequence[str]) -> dict[str, object]:
        """`name=value` arguments -> parsed parameters; every problem names its parameter."""
        by_name = {p.name: p for p in self.params}
        given: dict[str, object] = {}
        for arg in args:
            name, sep, raw = arg.partition("=")
            name = name.strip()
            if not sep:
                raise ParamError(name or arg, f"expected name=value, got {arg!r}")
            param = by_name.get(name)
            if param is None:
                known = ", ".join(by_name) or "none"
                raise ParamError(
                    name, f"{self.name} takes no parameter {name!r} (it takes: {known})"
                )
            if name in given:
                raise ParamError(name, "given twice")
            given[name] = param.parse(raw)
        for p in self.params:
            if p.name not in given and not p.optional:
                raise ParamError(p.name, f"missing: {p.meaning} (write {p.name}={p.placeholder})")
        return given

    def __call__(self, args: Sequence[str]) -> tuple[dict[str, object], Result]:
        inputs = self.parse(args)
        kwargs = {argument(p.name): inputs[p.name] for p in self.params if p.name in inputs}
        return inputs, self.run(**kwargs)


def argument(name: str) -> str:
    """A parameter's name as a Python keyword argument: `best-vp` -> `best_vp`, `for` ->
    `for_`."""

    arg = name.replace("-", "_")
    return f"{arg}_" if keyword.iskeyword(arg) else arg


Procedures = Callable[[object], tuple[Procedure, ...]]  # a pack's procedures over its content


def format_text(proc: Procedure, result: Result) -> str:
    """The answer as a person reads it: the sentence, the arithmetic, the rule."""
    lines = [result.answer]
    lines += [f"  {s}" for s in result.steps]
    lines.append(f"rule: {result.rule or proc.rule}")
    return "\n".join(lines)


def format_json(proc: Procedure, inputs: Mapping[str, object], result: Result) -> str:
    data = result.as_json(proc.name, inputs)
    data["rule"] = result.rule or proc.rule
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False)


def format_list(title: str, game: str, procs: Sequence[Procedure]) -> str:
    """Every procedure of a game with its parameters and their meaning."""
    lines = [f"{title} ({game}): {len(procs)} procedures"]
    for p in procs:
        lines.append("")
        lines.append(f"  {p.name}  {' '.join(q.usage for q in p.params)}".rstrip())
        lines.append(f"      {p.summary} ({p.rule})")
        for q in p.params:
            among = ""
            if q.choices and q.kind in ("choice", "list"):
                among = f"; one of: {', '.join(q.choices)}"
            elif q.choices:
                among = f"; keys: {', '.join(q.choices)}"
            lines.append(f"      {q.name}: {q.meaning}{among}{' (optional)' if q.optional else ''}")
    return "\n".join(lines)


def list_json(game: str, procs: Sequence[Procedure]) -> dict[str, object]:
    """Every procedure of a game, its rule and parameters, as `--list --format json` gives."""
    return {
        "game": game,
        "procedures": [
            {
                "name": p.name,
                "title": p.title,
                "rule": p.rule,
                "summary": p.summary,
                "params": [
                    {
                        "name": q.name,
                        "meaning": q.meaning,
                        "kind": q.kind,
                        "optional": q.optional,
                        "choices": list(q.choices or ()),
                    }
                    for q in p.params
                ],
            }
            for p in procs
        ],
    }


# ------------------------------------------------------------------ printed forms


@dataclass(frozen=True)
class Table:
    """A look-up table computed by a procedure: a caption, column heads (the first heads the
    column of row labels; none for a table that labels its rows only), rows of cells."""

    caption: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    rule: str = ""
    note: str = ""


@dataclass(frozen=True)
class Panel:
    """One panel of a DM screen: a procedure's steps and the tables computed from it."""

    id: str
    title: str
    rule: str
    steps: tuple[Step, ...] = ()
    tables: tuple[Table, ...] = ()
    notes: tuple[Step, ...] = ()
