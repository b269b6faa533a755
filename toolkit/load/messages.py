"""Load stage, messages: libyaml's parse errors said in plain words.

libyaml reports where it gave up and why in parser terms ("mapping values are not
allowed in this context", "found character that cannot start any token"). A designer
needs to know which line is wrong and what to type instead: a tab to replace with
spaces, a line indented 3 spaces among keys that use 2, a list left open, a colon inside
a value that needs quotes. `explain` reads the text around the error and says so; what it
cannot recognise keeps libyaml's words. No I/O, no game knowledge here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml


@dataclass(frozen=True)
class Explained:
    """A parse error in plain words: 1-based line and column, and the message."""

    line: int
    col: int
    message: str


_KEY = re.compile(r"(?:-\s+)*([^\s#:'\"\[\]{},][^:#]*?|\"[^\"]*\"|'[^']*'):(?:\s|$)")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _key_col(line: str) -> int:
    """The column a line's key starts at: after its indent and any `- ` of a list item."""
    m = re.match(r"[ ]*(?:-[ ]+)*", line)
    return m.end() if m else 0


def _spaces(n: int) -> str:
    return f"{n} space{'' if n == 1 else 's'}"


def _key_of(line: str) -> str | None:
    """The key a line starts, if it starts one (`  - name: x` -> `name`)."""
    m = _KEY.match(line.strip())
    return m.group(1).strip("'\"") if m else None


def _opens(line: str) -> bool:
    """Does the line end with a key whose value is on the lines below (`seats:`, a comment
    after it aside)?"""
    return line.split(" #", 1)[0].rstrip().endswith(":")


def _first_colon(line: str) -> int:
    """Index of the colon that ends a line's key (-1 when none)."""
    m = re.search(r":(?=\s|$)", line)
    return m.start() if m else -1


def _content_lines(lines: list[str], before: int) -> list[tuple[int, str]]:
    """(index, text) of the non-blank, non-comment lines before index `before`, nearest first."""
    out = []
    for i in range(min(before, len(lines)) - 1, -1, -1):
        stripped = lines[i].strip()
        if stripped and not stripped.startswith("#"):
            out.append((i, lines[i]))
    return out


def _tab(lines: list[str], row: int) -> Explained | None:
    """A tab in the indentation of the line libyaml stopped at (or the one before it)."""
    for i in (row, row - 1):
        if 0 <= i < len(lines):
            lead = lines[i][: len(lines[i]) - len(lines[i].lstrip(" \t"))]
            if "\t" in lead:
                around = [_indent(t) for _j, t in _content_lines(lines, i) if "\t" not in t[:8]]
                uses = next((n for n in around if n > 0), 2)
                return Explained(
                    i + 1,
                    lead.index("\t") + 1,
                    f"line {i + 1} is indented with a tab; YAML indents with spaces only: "
                    f"replace the tab with spaces (the lines around it use {_spaces(uses)} a "
                    "level)",
                )
    return None


def _siblings(lines: list[str], row: int, items: bool = False) -> list[tuple[int, int, str]]:
    """(line number, indent, key) of the keyed lines before `row`, nearest first. With
    `items` (the line in question is a `-` item), a list item's indent is its dash's, where
    the item's own `-` must line up."""
    out = []
    for i, text in _content_lines(lines, row):
        key = _key_of(text)
        if items and text.lstrip().startswith("- "):
            out.append((i + 1, _indent(text), text.strip()[:16]))
        elif key is not None:
            out.append((i + 1, _key_col(text), key))
    return out


def _over_indented(lines: list[str], row: int, col: int) -> Explained | None:
    """`council: 1` then `   conclave: 1`: the second line is read as more of the first's
    value, and its colon as a key where no key may be."""
    text = lines[row]
    key = _key_of(text)
    if key is None or col != _first_colon(text):
        return None
    prev = _content_lines(lines, row)
    if not prev:
        return None
    p_row, p_text = prev[0]
    p_key = _key_of(p_text)
    here, there = _indent(text), _key_col(p_text)
    if p_key is None or here <= there or _opens(p_text):
        return None
    above = _content_lines(lines, p_row)
    parent = _key_of(above[0][1]) if above else None
    if parent is not None and _opens(above[0][1]) and _key_col(above[0][1]) == there:
        # `seats:` / `council: 1` / `  conclave: 1`: the line out of step is the one above,
        # moved out from under the key that opens the mapping `conclave` is still in
        return Explained(
            p_row + 1,
            there + 1,
            f"line {p_row + 1}, `{p_key}`, is indented {_spaces(there)}, as `{parent}` above "
            f"it, but `{key}` after it {here}: `{p_key}` belongs under `{parent}` with "
            f"`{key}`; indent it {_spaces(here)} (lined up with `{parent}`, YAML reads it "
            f"as a key beside `{parent}`, which is then empty)",
        )
    if parent is not None and _opens(above[0][1]):
        odd = _odd_first(lines, above[0][0], p_row, here, "keys")
        if odd is not None:
            return odd
    out = _moved_out(lines, row, here)
    if out is not None:
        return out
    return Explained(
        row + 1,
        here + 1,
        f"line {row + 1} is indented {_spaces(here)}, the keys around it use {there} "
        f"(line {p_row + 1}, `{p_key}`): line `{key}` up with `{p_key}` to make it a field "
        f"beside it (indented further, YAML reads it as more of the value of `{p_key}`)",
    )


def _colon_in_value(lines: list[str], row: int, col: int) -> Explained | None:
    """`name: Guild: East`: a second `: ` inside a plain value."""
    text = lines[row]
    key = _key_of(text)
    if key is None:
        return None
    start = _first_colon(text) + 1
    value = text[start:].split(" #")[0].strip()
    if col < start or not value:
        return None
    return Explained(
        row + 1,
        col + 1,
        f"the value of `{key}` holds ': ', which YAML reads as the start of another key; "
        f'put the value in quotes: {key}: "{value}"',
    )


def _under_indented(lines: list[str], row: int, what: str) -> Explained | None:
    """A line between two levels: indented less than the keys (or `-` items) above it, but
    more than their parent's."""
    text = lines[row]
    here = _indent(text)
    levels: list[tuple[int, int, str]] = []
    item = text.lstrip().startswith("- ")
    what = "lines" if item else what  # a `-` item lines up with items, its parent with keys
    for line_no, indent, key in _siblings(lines, row, item):
        if all(indent != lv for lv, _n, _k in levels):
            levels.append((indent, line_no, key))
        if indent == 0:
            break
    above = [lv for lv in levels if lv[0] > here]
    below = [lv for lv in levels if lv[0] < here]
    if not above:  # deeper than the line before: that line is the one out of step?
        prev = _content_lines(lines, row)
        odd = (
            _odd_first(lines, prev[1][0], prev[0][0], here, what)
            if len(prev) > 1 and _opens(prev[1][1])
            else None
        )
        return odd or _moved_out(lines, row, here)
    if not below:
        return None
    inner, outer = min(above), max(below)
    key = _key_of(text) or text.strip()[:20]
    opener = next(((n, i, k) for n, i, k in _siblings(lines, inner[1] - 1) if i < inner[0]), None)
    parent = opener[2] if opener else None
    if opener is not None and opener[1] == outer[0]:
        odd = _odd_first(lines, opener[0] - 1, inner[1] - 1, here, "items" if item else "keys")
        if odd is not None:
            return odd
    under = f" to put it under `{parent}`" if parent else ""
    return Explained(
        row + 1,
        here + 1,
        f"line {row + 1} is indented {_spaces(here)}, but the {what} around it use "
        f"{inner[0]} (line {inner[1]}, `{inner[2]}`) or {outer[0]} (line {outer[1]}, "
        f"`{outer[2]}`): indent `{key}` {_spaces(inner[0])}{under}, or {_spaces(outer[0])} "
        f"to line it up with `{outer[2]}`",
    )


def _moved_out(lines: list[str], row: int, here: int) -> Explained | None:
    """`  intro: 6` / `normal: 8` / `  three_players: 9`: the line before this one (at index
    `row`, indented `here`) is shallower than the keys on either side of it, which line up:
    it is the one moved out of their mapping."""
    prev = _content_lines(lines, row)
    if len(prev) < 2:
        return None
    (p_row, p_text), (a_row, a_text) = prev[0], prev[1]
    key, p_key, a_key = _key_of(lines[row]), _key_of(p_text), _key_of(a_text)
    there = _indent(p_text)
    if (
        None in (key, p_key, a_key)
        or there >= here
        or _key_col(a_text) != here
        or _opens(a_text)
        or p_text.lstrip().startswith("- ")
    ):
        return None
    return Explained(
        p_row + 1,
        there + 1,
        f"line {p_row + 1}, `{p_key}`, is indented {_spaces(there)}, but the keys around it "
        f"use {here} (line {a_row + 1}, `{a_key}`, and line {row + 1}, `{key}`): indent "
        f"`{p_key}` {_spaces(here)} to keep it with them (at {there}, YAML ends their mapping "
        "there)",
    )


def _odd_first(lines: list[str], opener: int, first: int, then: int, what: str) -> Explained | None:
    """`seats:` / `   council: 1` / `  conclave: 0`: when the first line under a key (at
    index `first`, right after the key's line at `opener`) is out of the file's step and the
    line after it (indented `then`) keeps it, the first line is the one to mend: its indent
    is what the others were held to."""
    text = lines[first]
    if _content_lines(lines, first)[:1] != [(opener, lines[opener])]:
        return None  # not the first line under its key
    start, dash = _key_col(lines[opener]), text.lstrip().startswith("- ")
    if (what == "keys") == dash:
        return None  # a key after `- ` lines up with its item's keys, not the file's step
    steps = _steps(lines, first) or {2}  # no other level to go by: the usual 2 spaces
    there = _indent(text)
    if then - start not in steps or there - start in steps:
        return None
    name = _key_of(text) or text.strip()[:20]
    parent = _key_of(lines[opener])
    return Explained(
        first + 1,
        there + 1,
        f"line {first + 1}, `{name}`, is indented {_spaces(there)}, but the line after it "
        f"{then}, as this file indents a level: the first of the {what} under `{parent}` sets "
        f"the indent the others must keep; indent `{name}` {_spaces(then)}",
    )


def _steps(lines: list[str], skip: int) -> set[int]:
    """How far this file indents a level: the first line under each key that opens a
    mapping or list, against that key (the one at line index `skip` aside)."""
    out = set()
    opening: str | None = None  # the last key line that opens a level, until its first line
    for i, text in enumerate(lines):
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if opening is not None and i != skip and _indent(text) > _key_col(opening):
            out.add(_indent(text) - _key_col(opening))
        opening = text if _opens(text) else None
    return out


def _item_key(lines: list[str], row: int) -> Explained | None:
    """`  - id: west` / `   name: The West`: a key of a list item's mapping out of line with
    the item's first key (which starts after the `- `)."""
    text = lines[row]
    key = _key_of(text)
    if key is None or text.lstrip().startswith("- "):
        return None
    here = _indent(text)
    between = []  # the lines after the item's `- ` line: its other keys, or deeper
    for i, above in _content_lines(lines, row):
        if above.lstrip().startswith("- ") and _key_of(above) is not None:
            item_line = i
            break
        between.append(above)
    else:
        return None
    above, col = lines[item_line], _key_col(lines[item_line])
    if any(_indent(t) < col for t in between):
        return None  # a key that left the item before this line: something else
    i, dash = item_line, _indent(above)
    if here == col or here < dash:
        return None  # lined up with the item's keys, or out of the list altogether
    new_item = (
        f", or make it an item of its own: `- {key}:` lined up with line {i + 1}'s `-`"
        if here == dash
        else ""
    )
    return Explained(
        row + 1,
        here + 1,
        f"line {row + 1}, `{key}`, is indented {_spaces(here)}, but the keys of the list item "
        f"on line {i + 1} start at {col} (`{_key_of(above)}`, after its `- `): indent `{key}` "
        f"{_spaces(col)} to keep it in that item{new_item}",
    )


def _list_item(lines: list[str], row: int, ctx: yaml.Mark | None) -> Explained | None:
    """A `-` item out of line with the items of its list."""
    if ctx is None or not 0 <= ctx.line < len(lines):
        return None
    want = ctx.column
    text = lines[row]
    here = _indent(text)
    if here == want:
        return None
    return Explained(
        row + 1,
        here + 1,
        f"line {row + 1} is indented {_spaces(here)}, but the items of the list that starts "
        f"on line {ctx.line + 1} use {want}: line its `-` up with theirs",
    )


def _unclosed(
    lines: list[str], row: int, col: int, ctx: yaml.Mark | None, problem: str
) -> Explained | None:
    """A `[` or `{` never closed, or a quote never closed (said where libyaml gave up,
    naming the line it was opened on)."""
    if ctx is None or not 0 <= ctx.line < len(lines):
        return None
    if "flow sequence" in problem or "flow mapping" in problem:
        opener, closer = ("[", "]") if "sequence" in problem else ("{", "}")
        what = "list" if opener == "[" else "mapping"
        return Explained(
            row + 1,
            col + 1,
            f"the {what} opened with `{opener}` on line {ctx.line + 1} is not closed: end it "
            f"with `{closer}` (items are separated by commas; a value that holds a comma or "
            "colon goes in quotes)",
        )
    if "quoted scalar" in problem:
        quote = lines[ctx.line][ctx.column] if ctx.column < len(lines[ctx.line]) else "'"
        return Explained(
            row + 1,
            col + 1,
            f"the quote {quote} opened on line {ctx.line + 1} is never closed: close it with "
            f"{quote} (inside single quotes, write '' for an apostrophe)",
        )
    return None


def explain(text: str, exc: yaml.MarkedYAMLError) -> Explained:
    """libyaml's error on `text`, said in plain words where the mistake is recognised."""
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line, mark.column) if mark is not None else (0, 0)
    lines = text.splitlines() or [""]
    if line >= len(lines):  # past the last line: the end of the file
        lines.append("")
    problem = exc.problem or "invalid YAML"
    context = exc.context or ""
    ctx = exc.context_mark
    hit: Explained | None = None
    if "tab" in problem or "cannot start any token" in problem:
        hit = _tab(lines, line)
        if hit is None and "cannot start any token" in problem and col < len(lines[line]):
            ch = lines[line][col]
            hit = Explained(
                line + 1,
                col + 1,
                f"a value cannot start with `{ch}` unless it "
                "is in quotes: put the whole value in quotes",
            )
    elif "mapping values are not allowed" in problem:
        hit = _over_indented(lines, line, col) or _colon_in_value(lines, line, col)
    elif "did not find expected key" in problem and "block mapping" in context:
        hit = _item_key(lines, line) or _under_indented(lines, line, "keys")
    elif "expected '-' indicator" in problem:
        hit = (
            _item_key(lines, line)
            or _list_item(lines, line, ctx)
            or _under_indented(lines, line, "items")
        )
    elif "flow" in context or "quoted scalar" in context:
        hit = _unclosed(lines, line, col, ctx, context)
    if hit is not None:
        return hit
    tail = f" ({context})" if context else ""
    return Explained(line + 1, col + 1, f"parse error: {problem}{tail}")
