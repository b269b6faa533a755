"""CSV content (issue 18, case 7): the same size limits as YAML, without a traceback (a
cell over 131,072 characters raised `_csv.Error` and ended `--watch`), and every cell at
the line it is on, after a quoted cell that spans several lines too."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.shipped import CONTENT, DIAG, copy_rules, toolkit
from toolkit.load.csv import load_csv_bytes
from toolkit.load.yaml import MAX_SCALAR_CHARS


def _cast(tmp_path: Path, text: str) -> Path:
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "god-emperor", content / "god-emperor")
    copy_rules(content.parent)
    (content / "god-emperor" / "cast.yaml").unlink()
    (content / "god-emperor" / "cast.csv").write_text(text, encoding="utf-8")
    return content


def _findings(stdout: str) -> list[tuple[str, int, int, str]]:
    lines = [ln for ln in stdout.splitlines() if "(waived" not in ln]
    return [
        (Path(m["path"]).name, int(m["line"]), int(m["col"]), m["code"])
        for m in map(DIAG.match, lines)
        if m
    ]


def test_a_cell_over_the_csv_modules_limit_is_a_finding_not_a_traceback(tmp_path: Path) -> None:
    content = _cast(tmp_path, "name,house,rank\nAda,cat,1\n" + "B" * 131_073 + ",cat,2\n")
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert _findings(proc.stdout) == [("cast.csv", 3, 1, "CSV-SIZE")]
    assert f"longer than the {MAX_SCALAR_CHARS} allowed" in proc.stdout


def test_a_cell_is_held_to_the_yaml_value_limit() -> None:
    ok = load_csv_bytes(b"name\n" + b"x" * MAX_SCALAR_CHARS + b"\n", "rows", "t.csv")
    assert ok.root is not None and not ok.diagnostics
    big = load_csv_bytes(b'name\n"' + b"x" * (MAX_SCALAR_CHARS + 1) + b'"\n', "rows", "t.csv")
    assert big.root is None and [(d.code, d.loc.line, d.loc.col) for d in big.diagnostics] == [
        ("CSV-SIZE", 2, 1)
    ]


def test_line_numbers_after_a_quoted_cell_over_three_lines(tmp_path: Path) -> None:
    """The issue's own: an error on physical line 9 was reported at line 7."""
    text = (
        'name,house,rank\nAda,cat,1\n"Bea\nthe\nBold",cat,2\nCy,cat,3\nDi,swords,1\n'
        "Ed,swords,2\nZed,wolfz,1\n"
    )
    assert text.splitlines()[8].startswith("Zed")
    content = _cast(tmp_path, text)
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1
    assert _findings(proc.stdout) == [("cast.csv", 9, 5, "GE-CAST")]


def test_an_unclosed_quote_is_a_finding_at_the_quote() -> None:
    result = load_csv_bytes(b'name,house\nAda,cat\n"Bea,cat\nCy,cat\n', "rows", "t.csv")
    assert [(d.code, d.loc.line, d.loc.col) for d in result.diagnostics] == [("CSV-SYNTAX", 3, 1)]


CELLS = st.text(alphabet=st.sampled_from('ab ,"\n\r\t é'), max_size=8)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.lists(CELLS, min_size=1, max_size=4), min_size=1, max_size=6),
    st.sampled_from(["\n", "\r\n"]),
)
def test_cells_read_as_the_csv_module_reads_them(rows: list[list[str]], end: str) -> None:
    from toolkit.load.csv import _csv_records

    out = io.StringIO(newline="")
    csv.writer(out, lineterminator=end).writerows(rows)
    text = out.getvalue()
    records = _csv_records(text, "t.csv")
    assert isinstance(records, list)
    expected = list(csv.reader(io.StringIO(text, newline="")))
    assert [[c for c, _ in r] for r in records] == [r or [""] for r in expected]
    for record in records:  # each cell starts where the text has it: quoted, or as it is
        for cell, offset in record:
            assert text.startswith('"', offset) or text.startswith(cell, offset)


def test_a_column_named_twice_is_a_finding_not_lost_data() -> None:
    data = b"name,house,house\nAda,cat,wolf\n"
    result = load_csv_bytes(data, "players", "cast.csv")
    assert result.root is None
    [problem] = result.diagnostics
    assert problem.code == "CSV-HEADER" and "`house` is named twice" in problem.message
    assert (problem.loc.line, problem.loc.col) == (1, 12)
