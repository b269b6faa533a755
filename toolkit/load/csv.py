"""Load stage for CSV tables (a cast list): bytes -> the same positioned tree as YAML.

The same text checks as YAML apply (`toolkit.load.yaml`: UTF-8, no control or invisible
characters, the file size), and a cell is a value, held to the same length. The CSV is
read here rather than by the `csv` module, so that every cell keeps the line and column it
starts at (a quoted cell may span lines) and no cell size raises.
"""

from __future__ import annotations

import bisect
import re

from toolkit.core.diagnostics import Diagnostic, Loc, error
from toolkit.load.yaml import (
    MAX_SCALAR_CHARS,
    LoadResult,
    Mapping,
    Scalar,
    Sequence,
    checked_text,
    resolve_plain,
)

_CSV_SEP = re.compile(r"[,\r\n]")
_BREAK = re.compile(r"\r\n|\r|\n")


class _Lines:
    """1-based line and column of a character offset, by bisection (a table may be long)."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in _BREAK.finditer(text)]

    def __call__(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


Record = list[tuple[str, int]]  # a CSV record: each cell and the offset it starts at
Row = tuple[Record, int]  # a record that is not blank, and the line it starts on


def load_csv_bytes(data: bytes, field: str, path: str) -> LoadResult:
    """A CSV table as `{field: [row, ...]}` with positions: the header row names the
    keys, each later row is a mapping; cells resolve as YAML plain scalars (so `3` is an
    int). The same encoding, size and character checks as YAML apply: a cell is a value,
    at most `MAX_SCALAR_CHARS` long. Every cell keeps the line and column it starts at,
    a quoted cell over several lines included."""
    text = checked_text(data, path)
    if isinstance(text, LoadResult):
        return text
    records = _csv_records(text, path)
    if isinstance(records, Diagnostic):
        return LoadResult(path, None, [records])
    where = _Lines(text)
    problems = _oversized(records, where, path)
    if problems:
        return LoadResult(path, None, problems)
    rows = [(r, where(r[0][1])[0]) for r in records if any(c.strip() for c, _ in r)]
    header = _header(rows, where, path)
    if isinstance(header, Diagnostic):
        return LoadResult(path, None, [header])
    return _table(rows, header, where, field, path)


def _oversized(records: list[Record], where: _Lines, path: str) -> list[Diagnostic]:
    """A finding for each cell longer than a value may be."""
    problems: list[Diagnostic] = []
    for record in records:
        for cell, offset in record:
            if len(cell) > MAX_SCALAR_CHARS:
                line, col = where(offset)
                problems.append(
                    error(
                        Loc(path, line, col),
                        "CSV-SIZE",
                        f"cell of {len(cell)} characters is longer than the "
                        f"{MAX_SCALAR_CHARS} allowed",
                    )
                )
    return problems


def _header(rows: list[Row], where: _Lines, path: str) -> list[str] | Diagnostic:
    """The column names of the first row, which must be the file's first line and name
    each column once; else the finding."""
    if not rows or rows[0][1] != 1:
        return error(Loc(path, 1, 1), "CSV-HEADER", "the first row must name the columns")
    header = [h.strip() for h, _ in rows[0][0]]
    for i, name in enumerate(header):
        if name in header[:i]:  # a second column of one name would silently replace the first
            return error(
                Loc(path, 1, where(rows[0][0][i][1])[1]),
                "CSV-HEADER",
                f"the column `{name}` is named twice: name each column once",
            )
    return header


def _table(rows: list[Row], header: list[str], where: _Lines, field: str, path: str) -> LoadResult:
    """The rows after the header as `{field: [row, ...]}`, each a mapping by column; a row
    with another number of cells is a finding."""
    problems: list[Diagnostic] = []
    root = Mapping(Loc(path, 1, 1))
    table = Sequence(Loc(path, 2, 1))
    root.items[field] = (Scalar(Loc(path, 1, 1), field, "str", field), table)
    for record, n in rows[1:]:
        if len(record) != len(header):
            problems.append(
                error(
                    Loc(path, n, 1),
                    "CSV-ROW",
                    f"row has {len(record)} cells; the header names {len(header)}",
                )
            )
            continue
        item = Mapping(Loc(path, n, 1))
        for key, (cell, offset) in zip(header, record, strict=True):
            at = Loc(path, *where(offset))
            raw = cell.strip()
            type_, value = resolve_plain(raw) if raw else ("null", None)
            if type_ not in ("int", "null"):
                type_, value = "str", raw  # names like `No` or `1e3` stay text
            item.items[key] = (Scalar(at, key, "str", key), Scalar(at, raw, type_, value))
        table.items.append(item)
    if problems:
        return LoadResult(path, None, problems)
    return LoadResult(path, root, [])


def _csv_records(text: str, path: str) -> list[Record] | Diagnostic:
    """The records of CSV text (comma-separated, `"` quotes, `""` a quote inside them, as
    spreadsheets write it), each cell with the offset it starts at; a quote left open is
    a finding (at the quote). No size limit of its own: the caller checks each cell."""
    records: list[Record] = []
    record: Record = []
    i, n = 0, len(text)
    while i < n:  # at the start of a cell
        start, value = i, ""
        if text[i] == '"':  # a quoted cell, up to its closing quote
            close = text.find('"', i + 1)
            while close >= 0 and text.startswith('""', close):
                close = text.find('"', close + 2)
            if close < 0:
                line, col = _Lines(text)(i)
                return error(
                    Loc(path, line, col),
                    "CSV-SYNTAX",
                    "this quote is never closed: a quoted cell ends with a quote "
                    '("" for a quote inside it)',
                )
            value, i = text[i + 1 : close].replace('""', '"'), close + 1
        m = _CSV_SEP.search(text, i)
        end = m.start() if m else n
        record.append((value + text[i:end], start))
        if m is None or m.group() != ",":
            records.append(record)
            record = []
            i = end + (2 if text.startswith("\r\n", end) else 1)
        else:
            i = end + 1
            if i == n:  # a last, empty cell after a final comma
                records.append([*record, ("", i)])
    return records
