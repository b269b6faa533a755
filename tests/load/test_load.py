"""Load stage (`toolkit.load.yaml`, `toolkit.load.scalars`): every way a content file can be
refused, with its exact rule code and 1-based `line:col`, and the YAML 1.2 core scalar
resolution.

Positions are libyaml's 0-based marks plus one; each expected value below was worked
out by hand from the input (the comment next to it says how) and agrees with libyaml.
Reliability cases 1-7 (see RELIABILITY.md) live here; case 8 and 25 are in
`test_schema.py`.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from toolkit.core.diagnostics import Diagnostic, Severity, format_text
from toolkit.load.nodes import LoadResult, Mapping, Scalar, Sequence
from toolkit.load.scalars import resolve_plain
from toolkit.load.yaml import MAX_DEPTH, MAX_FILE_BYTES, MAX_SCALAR_CHARS, load_bytes, load_file

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "load"
PATH = "cards/x.yaml"


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def where(result: LoadResult) -> list[tuple[str, int, int]]:
    """(code, line, col) of every diagnostic, in the order reported."""
    return [(d.code, d.loc.line, d.loc.col) for d in result.diagnostics]


def refused(data: bytes, path: str = PATH) -> list[Diagnostic]:
    """Load `data`, insist it was refused (no tree at all), return the diagnostics."""
    result = load_bytes(data, path)
    assert result.root is None, f"expected a refusal, got a tree for {data[:60]!r}"
    assert result.diagnostics, "a refusal must say why"
    for d in result.diagnostics:
        assert d.severity is Severity.ERROR
        assert d.loc.path == path
    return result.diagnostics


def only(data: bytes, path: str = PATH) -> Diagnostic:
    """The single diagnostic a refused input produces."""
    diags = refused(data, path)
    assert len(diags) == 1, [format_text(d) for d in diags]
    return diags[0]


def at(d: Diagnostic) -> tuple[str, int, int]:
    return d.code, d.loc.line, d.loc.col


# ---------------------------------------------------------------------------------------
# Case 1: syntax errors


def test_unclosed_flow_list_points_at_where_libyaml_gave_up() -> None:
    # `a: [1, 2` then end of file: libyaml reaches the stream end (line 2, col 1)
    # still inside the flow sequence.
    d = only(b"a: [1, 2\n")
    assert at(d) == ("YAML-SYNTAX", 2, 1)
    assert format_text(d) == (
        "cards/x.yaml:2:1: error[YAML-SYNTAX]: the list opened with `[` on line 1 is not "
        "closed: end it with `]` (items are separated by commas; a value that holds a comma "
        "or colon goes in quotes)"
    )


def test_unclosed_flow_list_followed_by_more_keys() -> None:
    # Line 2 `tags: [brute, green` never closes; inside the flow list `green` runs on
    # into `hp` (a plain scalar may span lines there), and the `:` of `hp: 3`
    # (line 3, col 3) is where a ',' or ']' was required.
    d = only(fixture("unclosed-flow-list.yaml"))
    assert at(d) == ("YAML-SYNTAX", 3, 3)
    assert d.message.startswith("the list opened with `[` on line 2 is not closed: end it")


def test_tab_indentation_at_top_level() -> None:
    # The tab is the first character of line 2.
    d = only(b"a:\n\tb: 1\n")
    assert at(d) == ("YAML-SYNTAX", 2, 1)
    assert d.message.startswith("line 2 is indented with a tab; YAML indents with spaces only")


def test_tab_indentation_inside_a_mapping() -> None:
    # `card:` / `  name: Goblin` / `<TAB>hp: 3`: the tab opens line 3.
    d = only(fixture("tab-indentation.yaml"))
    assert at(d) == ("YAML-SYNTAX", 3, 1)
    assert "tab" in d.message


# ---------------------------------------------------------------------------------------
# Case 2: duplicate keys, never last-or-first-wins


def test_duplicate_key_names_both_lines() -> None:
    d = only(b"name: Goblin\nhp: 3\nname: Orc\n")
    assert at(d) == ("YAML-DUPLICATE-KEY", 3, 1)
    assert d.message == "duplicate key 'name': line 3 repeats the key first given on line 1"


def test_every_duplicate_in_a_file_is_reported() -> None:
    # name: lines 1 and 3; hp: lines 2 and 5.
    diags = refused(fixture("duplicate-keys.yaml"))
    assert [at(d) for d in diags] == [
        ("YAML-DUPLICATE-KEY", 3, 1),
        ("YAML-DUPLICATE-KEY", 5, 1),
    ]
    assert "line 3 repeats the key first given on line 1" in diags[0].message
    assert "line 5 repeats the key first given on line 2" in diags[1].message


def test_duplicate_key_in_a_nested_mapping() -> None:
    d = only(b"card:\n  hp: 1\n  hp: 2\n")
    assert at(d) == ("YAML-DUPLICATE-KEY", 3, 3)
    assert "line 3 repeats the key first given on line 2" in d.message


def test_duplicate_key_quoted_and_plain_are_the_same_key() -> None:
    d = only(b"a: 1\n'a': 2\n")
    assert at(d) == ("YAML-DUPLICATE-KEY", 2, 1)


def test_third_occurrence_of_a_key_names_the_first_line() -> None:
    # Lines 1, 2 and 3 all say `name:`; the key was first given on line 1 both times.
    diags = refused(b"name: a\nname: b\nname: c\n")
    assert [at(d) for d in diags] == [
        ("YAML-DUPLICATE-KEY", 2, 1),
        ("YAML-DUPLICATE-KEY", 3, 1),
    ]
    assert diags[0].message.endswith("line 2 repeats the key first given on line 1")
    assert diags[1].message.endswith("line 3 repeats the key first given on line 1")


# ---------------------------------------------------------------------------------------
# Case 3: tags are refused, and never run code


def _python_payload(canary: Path) -> bytes:
    command = json.dumps("touch " + shlex.quote(str(canary)))  # a YAML double-quoted scalar
    return f"name: Goblin\nhp: !!python/object/apply:os.system [{command}]\n".encode()


def test_python_object_tag_is_refused_and_not_executed(tmp_path: Path) -> None:
    canary = tmp_path / "CANARY"
    # The tag starts at col 5 of line 2 (`hp: !!python/...`).
    d = only(_python_payload(canary))
    assert at(d) == ("YAML-TAG", 2, 5)
    assert "python/object/apply:os.system" in d.message
    assert not canary.exists(), "the tag ran a shell command"


def test_the_canary_payload_is_live_under_an_unsafe_loader(tmp_path: Path) -> None:
    """Control for the test above: the very same bytes do run the command when a YAML
    loader constructs Python objects, so a missing canary there means something."""
    canary = tmp_path / "CANARY"
    yaml.unsafe_load(_python_payload(canary))
    assert canary.exists()


@pytest.mark.parametrize(
    ("data", "col", "tag"),
    [
        (b"name: Goblin\nhp: !dice 3\n", 5, "!dice"),  # custom local tag
        (b"name: Goblin\nflavour: !!str x\n", 10, "tag:yaml.org,2002:str"),  # core tag
        (b"name: Goblin\nhp: !dice [3, 6]\n", 5, "!dice"),  # tag on a collection
    ],
    ids=["custom-tag", "str-tag", "tagged-list"],
)
def test_explicit_tags_are_refused(data: bytes, col: int, tag: str) -> None:
    d = only(data)
    assert at(d) == ("YAML-TAG", 2, col)
    assert f"tag {tag} is not allowed" in d.message


# ---------------------------------------------------------------------------------------
# Case 4: anchors and aliases (billion laughs, recursion)


def test_anchor_is_refused() -> None:
    # `stats: &base` on line 2: the anchor is at col 8.
    d = only(fixture("anchor-and-alias.yaml"))
    assert at(d) == ("YAML-ANCHOR", 2, 8)
    assert "&base" in d.message


def test_alias_without_anchor_is_refused() -> None:
    d = only(b"name: Goblin\nelite: *base\n")
    assert at(d) == ("YAML-ALIAS", 2, 8)
    assert "*base" in d.message


def test_recursive_alias_is_refused_not_turned_into_a_list() -> None:
    d = only(b"a: &a [1, *a]\n")
    assert at(d) == ("YAML-ANCHOR", 1, 4)


def test_billion_laughs_is_refused_quickly_at_line_1() -> None:
    data = fixture("billion-laughs.yaml")
    start = time.perf_counter()
    d = only(data)
    assert time.perf_counter() - start < 1.0
    assert at(d) == ("YAML-ANCHOR", 1, 4)  # `a: &a [...]`


_BOMB_CHILD = r"""
import json, resource, sys, time
limit = int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from toolkit.load.yaml import load_bytes
data = open(sys.argv[1], "rb").read()
start = time.perf_counter()
result = load_bytes(data, "bomb.yaml")
elapsed = time.perf_counter() - start
print(json.dumps({
    "root": result.root is not None,
    "diags": [[d.code, d.loc.line, d.loc.col] for d in result.diagnostics],
    "elapsed": elapsed,
    "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
}))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS semantics are Linux's")
def test_billion_laughs_under_a_memory_limit() -> None:
    """The same document in a fresh process whose address space is capped at 500 MB
    (`ulimit -v`): an expanding loader would die with MemoryError; ours answers at once."""
    limit = 500 * 1024 * 1024
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-c", _BOMB_CHILD, str(FIXTURES / "billion-laughs.yaml"), str(limit)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    out = json.loads(proc.stdout)
    assert out["root"] is False
    assert out["diags"] == [["YAML-ANCHOR", 1, 4]]
    # rejected at the first anchor: no expansion happens (a time limit would be a timed test)
    # The memory bound is the RLIMIT_AS above: an expanding loader dies of MemoryError.
    # (ru_maxrss is no measure here: Linux carries the parent's peak across fork and exec.)


# ---------------------------------------------------------------------------------------
# Case 5: nesting depth


def _block_nest(levels: int) -> bytes:
    lines = [" " * i + "a:" for i in range(levels - 1)]
    lines.append(" " * (levels - 1) + "a: 1")
    return ("\n".join(lines) + "\n").encode()


def test_block_nesting_250_levels_is_refused_at_the_first_level_too_deep() -> None:
    # Line k opens mapping number k at col k (k-1 spaces of indentation); mapping
    # MAX_DEPTH + 1 = 33 is the first one too deep: line 33, col 33.
    assert MAX_DEPTH == 32
    d = only(_block_nest(250))
    assert at(d) == ("YAML-DEPTH", 33, 33)
    assert "max_depth" in d.message


def test_flow_nesting_5000_levels_is_refused_without_recursion_error() -> None:
    # One line of 5000 `[`: the 33rd bracket (col 33) opens the 33rd level.
    d = only(b"[" * 5000 + b"]" * 5000)
    assert at(d) == ("YAML-DEPTH", 1, 33)


def test_nesting_exactly_at_the_limit_is_accepted() -> None:
    flow = load_bytes(b"a: " + b"[" * (MAX_DEPTH - 1) + b"]" * (MAX_DEPTH - 1) + b"\n", PATH)
    assert flow.diagnostics == []
    block = load_bytes(_block_nest(MAX_DEPTH), PATH)
    assert block.diagnostics == []
    node = block.root
    for _ in range(MAX_DEPTH - 1):
        assert isinstance(node, Mapping)
        node = node.items["a"][1]
    assert isinstance(node, Mapping)
    leaf = node.items["a"][1]
    assert isinstance(leaf, Scalar)
    assert leaf.value == 1
    assert (leaf.loc.line, leaf.loc.col) == (MAX_DEPTH, MAX_DEPTH + 3)


# ---------------------------------------------------------------------------------------
# Case 6: encodings, NUL and control characters


def test_latin1_byte_is_an_encoding_error_with_line_col_and_offset() -> None:
    # Line 2 is `flavour: caf\xe9`: 12 characters before the bad byte -> col 13;
    # byte offset = 13 (line 1 with its newline) + 12 = 25.
    d = only("name: Goblin\nflavour: café\n".encode("latin-1"))
    assert at(d) == ("YAML-ENCODING", 2, 13)
    assert "offset 25" in d.message
    assert "0xE9" in d.message
    assert format_text(d).startswith("cards/x.yaml:2:13: error[YAML-ENCODING]: ")


def test_encoding_error_column_counts_characters_not_bytes() -> None:
    # `name: Öl` then Latin-1 `é`: `Ö` is two bytes but one column -> col 9, offset 9.
    d = only("name: Öl".encode() + b"\xe9\n")
    assert at(d) == ("YAML-ENCODING", 1, 9)
    assert "offset 9" in d.message


def test_utf16_with_bom_is_refused() -> None:
    data = "name: Goblin\nhp: 3\n".encode("utf-16")  # starts with a BOM
    assert data[:2] in (b"\xff\xfe", b"\xfe\xff")
    d = only(data)
    assert at(d) == ("YAML-ENCODING", 1, 1)
    assert "UTF-16" in d.message
    assert "UTF-8" in d.message


def test_utf32_with_bom_is_refused() -> None:
    d = only("name: Goblin\n".encode("utf-32"))
    assert at(d) == ("YAML-ENCODING", 1, 1)


@pytest.mark.parametrize(
    ("codec", "offset"),
    [("utf-16-le", 1), ("utf-16-be", 0)],  # `n\0a\0...` or `\0n\0a...`
)
def test_utf16_without_bom_is_refused_by_its_nul_bytes(codec: str, offset: int) -> None:
    d = only("name: Goblin\n".encode(codec))
    assert at(d) == ("YAML-ENCODING", 1, offset + 1)
    assert f"NUL byte at offset {offset}" in d.message


def test_nul_byte_in_utf8_text() -> None:
    # `hp: 3\0` on line 2: the NUL is the 6th character; offset 13 + 5 = 18.
    d = only(b"name: Goblin\nhp: 3\x00\n")
    assert at(d) == ("YAML-ENCODING", 2, 6)
    assert "offset 18" in d.message


def test_nul_byte_column_counts_characters_like_other_encoding_errors() -> None:
    # `name: Öl` then NUL: `Ö` is two bytes but one column, as for the invalid-UTF-8
    # byte above -> col 9 (offset 9 is the byte offset, and says so).
    d = only("name: Öl\x00\n".encode())
    assert at(d) == ("YAML-ENCODING", 1, 9)
    assert "offset 9" in d.message


def test_utf8_bom_is_tolerated_and_positions_ignore_it() -> None:
    result = load_bytes(b"\xef\xbb\xbfname: Goblin\nhp: 3\n", PATH)
    assert result.diagnostics == []
    root = result.root
    assert isinstance(root, Mapping)
    key, value = root.items["name"]
    assert (key.loc.line, key.loc.col) == (1, 1)
    assert isinstance(value, Scalar)
    assert value.value == "Goblin"
    assert root.items["hp"][1].value == 3  # type: ignore[attr-defined]


def test_control_character_in_a_value() -> None:
    # Line 2 `flavour: a<BEL>b`: `flavour: a` is 10 characters -> col 11.
    d = only(b"name: Goblin\nflavour: a\x07b\n")
    assert at(d) == ("YAML-CONTROL-CHAR", 2, 11)
    assert "U+0007" in d.message


def test_control_character_position_with_crlf_line_ends() -> None:
    d = only(b"name: Goblin\r\nflavour: a\x07b\r\n")
    assert at(d) == ("YAML-CONTROL-CHAR", 2, 11)


def test_control_character_position_with_cr_line_ends() -> None:
    # YAML (and libyaml, which gives every other position) counts a lone CR as a line
    # break, so the BEL is on line 2, col 11, as in the LF and CRLF variants.
    d = only(b"name: Goblin\rflavour: a\x07b\r")
    assert at(d) == ("YAML-CONTROL-CHAR", 2, 11)


def test_all_control_characters_are_reported() -> None:
    diags = refused(b"name: a\x01b\nflavour: \x1bc\x7f\n")
    assert [at(d) for d in diags] == [
        ("YAML-CONTROL-CHAR", 1, 8),
        ("YAML-CONTROL-CHAR", 2, 10),
        ("YAML-CONTROL-CHAR", 2, 12),
    ]


def test_tab_inside_a_value_is_not_a_control_character() -> None:
    result = load_bytes(b"flavour: a\tb\n", PATH)
    assert result.diagnostics == []


def test_non_character_that_libyaml_rejects_is_placed_by_characters() -> None:
    # U+FFFF passes the control-character scan but libyaml refuses it ("control
    # characters are not allowed"), reporting a *byte* offset. Line 2 is `b: éééé<U+FFFF>`:
    # 7 characters before it -> col 8, even though the `é`s take two bytes each.
    d = only("a: ééééé\nb: éééé\uffffx\n".encode())
    assert d.code in ("YAML-SYNTAX", "YAML-CONTROL-CHAR")
    assert (d.loc.line, d.loc.col) == (2, 8)


# ---------------------------------------------------------------------------------------
# Case 7: invisible and bidirectional-control characters


@pytest.mark.parametrize(
    ("text", "line", "col", "char"),
    [
        ("na\u202eme: Goblin\nhp: 3\n", 1, 3, "U+202E"),  # bidi override in a key
        ("name: Goblin\nflavour: abc\u202edef\n", 2, 13, "U+202E"),  # ... in a value
        ("name: Goblin\nh\u200bp: 3\n", 2, 2, "U+200B"),  # zero-width space in a key
        ("name: Gob\u200blin\nhp: 3\n", 1, 10, "U+200B"),  # ... in a value
        ("name: Öl\u200b\n", 1, 9, "U+200B"),  # columns count characters, not bytes
    ],
    ids=["rlo-key", "rlo-value", "zwsp-key", "zwsp-value", "after-non-ascii"],
)
def test_invisible_characters_are_flagged_with_position(
    text: str, line: int, col: int, char: str
) -> None:
    d = only(text.encode())
    assert at(d) == ("YAML-INVISIBLE-CHAR", line, col)
    assert char in d.message


def test_byte_order_mark_inside_the_text_is_flagged() -> None:
    d = only("name: Goblin\nhp: 3\ufeff\n".encode())
    assert at(d) == ("YAML-INVISIBLE-CHAR", 2, 6)


# ---------------------------------------------------------------------------------------
# Empty files, several documents, sizes, keys


@pytest.mark.parametrize(
    "data",
    [b"", b"\n\n", b"# just a comment\n", fixture("only-comment.yaml"), b"~\n", b"---\n"],
    ids=["empty", "blank-lines", "comment", "comment-fixture", "null", "bare-marker"],
)
def test_empty_file_is_refused(data: bytes) -> None:
    d = only(data)
    assert at(d) == ("YAML-EMPTY", 1, 1)


def test_two_documents_are_refused_at_the_second_marker() -> None:
    d = only(fixture("two-documents.yaml"))
    assert at(d) == ("YAML-MULTIDOC", 3, 1)


def test_explicit_document_start_alone_is_fine() -> None:
    result = load_bytes(b"---\nname: Goblin\n", PATH)
    assert result.diagnostics == []
    assert isinstance(result.root, Mapping)


def test_oversized_file_is_refused_before_parsing(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"items:\n" + b"  - lol\n" * 250_000)  # 2 MB
    assert big.stat().st_size > 2 * MAX_FILE_BYTES - 100
    result = load_file(big, "cards/big.yaml")
    assert result.root is None
    assert [at(d) for d in result.diagnostics] == [("YAML-SIZE", 1, 1)]
    assert result.diagnostics[0].loc.path == "cards/big.yaml"


def test_file_just_under_the_size_limit_loads(tmp_path: Path) -> None:
    ok = tmp_path / "ok.yaml"
    head = b"name: Goblin\n# "
    ok.write_bytes(head + b"x" * (MAX_FILE_BYTES - len(head) - 1) + b"\n")
    assert ok.stat().st_size == MAX_FILE_BYTES
    result = load_file(ok)
    assert result.diagnostics == []
    assert result.path == str(ok)


def test_oversized_scalar_is_refused() -> None:
    # `flavour: ` is 9 characters: the scalar starts at line 2, col 10.
    d = only(b"name: Goblin\nflavour: " + b"x" * 60_000 + b"\n")
    assert at(d) == ("YAML-SIZE", 2, 10)
    assert "60000" in d.message


def test_scalar_at_the_size_limit_is_accepted() -> None:
    result = load_bytes(b"flavour: " + b"x" * MAX_SCALAR_CHARS + b"\n", PATH)
    assert result.diagnostics == []


def test_list_as_mapping_key_is_refused() -> None:
    # `? [a]`: the key (a flow list) starts at col 3.
    d = only(fixture("mapping-as-key.yaml"))
    assert at(d) == ("YAML-KEY", 1, 3)


def test_mapping_as_flow_mapping_key_is_refused() -> None:
    d = only(b"name: Goblin\nstats: {{a: 1}: 2}\n")
    assert at(d) == ("YAML-KEY", 2, 9)


# ---------------------------------------------------------------------------------------
# A good file: the tree and its positions


def test_valid_file_gives_a_positioned_tree() -> None:
    result = load_bytes(b"name: Goblin\ntags: [brute, 'green']\nstats:\n  hp: 3\n", PATH)
    assert result.diagnostics == []
    assert result.path == PATH
    root = result.root
    assert isinstance(root, Mapping)
    assert list(root.items) == ["name", "tags", "stats"]
    assert (root.loc.line, root.loc.col) == (1, 1)
    tags = root.items["tags"][1]
    assert isinstance(tags, Sequence)
    assert [(n.loc.line, n.loc.col) for n in tags.items] == [(2, 8), (2, 15)]
    stats_key, stats = root.items["stats"]
    assert (stats_key.loc.line, stats_key.loc.col) == (3, 1)
    assert isinstance(stats, Mapping)
    hp = stats.items["hp"][1]
    assert isinstance(hp, Scalar)
    assert (hp.loc.line, hp.loc.col, hp.type, hp.value) == (4, 7, "int", 3)


# ---------------------------------------------------------------------------------------
# Scalar resolution: YAML 1.2 core schema


@pytest.mark.parametrize(
    ("raw", "type_", "value"),
    [
        ("no", "str", "no"),
        ("yes", "str", "yes"),
        ("on", "str", "on"),
        ("off", "str", "off"),
        ("y", "str", "y"),
        ("1.10", "float", 1.1),
        ("0x1F", "int", 31),
        ("0o17", "int", 15),
        ("017", "int", 17),  # not octal in YAML 1.2
        ("-42", "int", -42),
        ("+7", "int", 7),
        ("1e3", "float", 1000.0),
        (".5", "float", 0.5),
        ("-.inf", "float", float("-inf")),
        ("1_000", "str", "1_000"),  # no underscores in 1.2 numbers
        ("1:20", "str", "1:20"),  # no sexagesimal either
        ("true", "bool", True),
        ("False", "bool", False),
        ("~", "null", None),
        ("null", "null", None),
        ("", "null", None),
        ("Goblin", "str", "Goblin"),
    ],
)
def test_plain_scalars_resolve_by_the_core_schema(raw: str, type_: str, value: object) -> None:
    assert resolve_plain(raw) == (type_, value)


def test_huge_integer_is_bigint_without_raising() -> None:
    digits = "7" * 5000  # int() of this raises ValueError (int max str digits)
    assert resolve_plain(digits) == ("bigint", None)
    result = load_bytes(f"hp: {digits}\n".encode(), PATH)
    assert result.diagnostics == []
    assert isinstance(result.root, Mapping)
    hp = result.root.items["hp"][1]
    assert isinstance(hp, Scalar)
    assert (hp.type, hp.raw) == ("bigint", digits)


def test_scalar_types_through_the_loader() -> None:
    text = b"a: no\nb: yes\nc: on\nd: 1.10\ne: 0x1F\nf: '1.10'\ng: \"no\"\nh: |\n  42\n"
    result = load_bytes(text, PATH)
    assert result.diagnostics == []
    root = result.root
    assert isinstance(root, Mapping)
    got = {k: (v.type, v.value) for k, (_key, v) in root.items.items()}  # type: ignore[union-attr]
    assert got == {
        "a": ("str", "no"),
        "b": ("str", "yes"),
        "c": ("str", "on"),
        "d": ("float", 1.1),
        "e": ("int", 31),
        "f": ("str", "1.10"),  # quoted scalars are always text
        "g": ("str", "no"),
        "h": ("str", "42\n"),  # so are block scalars
    }
    assert root.items["d"][1].raw == "1.10"  # type: ignore[attr-defined]
