"""Load stage: a content file's bytes -> clean text, or the diagnostics that refuse them.

Any format (YAML, CSV) is read as UTF-8 only. A file that is not (UTF-16 or UTF-32, a NUL
byte, invalid UTF-8) is refused at the first fault; clean UTF-8 is refused at every control
character and every invisible or bidirectional-control character ("Trojan Source",
CVE-2021-42574), each with its line and column.
"""

from __future__ import annotations

import re

from toolkit.core.diagnostics import Diagnostic, Loc, error
from toolkit.load.nodes import LoadResult

# C0 controls other than tab, LF and CR, plus DEL and the C1 block: never valid in content text.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]")
_BREAK = re.compile(r"\r\n|\r|\n")
# Bidi embeddings/overrides/isolates and invisible characters ("Trojan Source", CVE-2021-42574).
_INVISIBLE = re.compile(r"[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad]")


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset; CR, LF and CRLF all break lines."""
    line, start = 1, 0
    for m in _BREAK.finditer(text, 0, offset):
        line, start = line + 1, m.end()
    return line, offset - start + 1


def _byte_line_col(data: bytes, offset: int) -> tuple[int, int]:
    """Line and column (in characters) of a byte offset into possibly broken UTF-8."""
    return line_col(
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
        line, col = line_col(text, m.start())
        out.append(
            error(
                Loc(path, line, col),
                "YAML-CONTROL-CHAR",
                f"control character U+{ord(m.group()):04X} is not allowed in content",
            )
        )
    for m in _INVISIBLE.finditer(text):
        line, col = line_col(text, m.start())
        out.append(
            error(
                Loc(path, line, col),
                "YAML-INVISIBLE-CHAR",
                f"invisible or bidirectional-control character U+{ord(m.group()):04X} "
                "can make text read differently from what it is; remove it",
            )
        )
    return out


def checked_text(data: bytes, path: str) -> str | LoadResult:
    """The file's text, or the refusal of bytes that are not clean UTF-8 (any format)."""
    text, diags = _decode(path, data)
    if text is None:
        return LoadResult(path, None, diags)
    diags = _scan_text(path, text)
    if diags:
        return LoadResult(path, None, diags)
    return text
