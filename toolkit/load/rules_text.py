"""Load stage: the rules texts a game names (`rules_texts:` in its game.yaml), each read once
and indexed by line and numbered section, and the references content writes resolved to
the lines they cite.

A reference (the forms `toolkit.validate.sources` holds) cites lines of one text:

- `000:481`, `000:272-278`: lines of the text the game names `000`;
- `L257`, `L400-412`: lines of a game's only text (God Emperor names one);
- `10.3.2.2.1`, `SC3.1.3`: a numbered section with its sub-sections, in the first text
  (in the order game.yaml names them) whose sections hold it; `DD3.3.4.1-2` (or
  `DD3.3.4.1-DD3.3.4.2`) runs through the later section; `5.3 note 1` is the footnote
  marked `<sup>1</sup>` after it;
- `p. 13`, a page: nothing, since a text has no page marks.

Which line starts which section is the game's own numbering: its pack says (a
`SectionOf`). Texts are read from inside the project (the content folder's parent) and
nowhere else (`toolkit.core.assets`); never from the network. No rules are judged here.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.core.assets import AssetError, read_asset
from toolkit.core.diagnostics import Diagnostic, Loc, error

# A rules text's path as game.yaml writes it: relative to the project, every part plain
# (no `..`, no absolute path, nothing hidden), e.g. `rules/god-emperor-megagame-rules.txt`.
TEXT_PATH = r"[A-Za-z0-9_][A-Za-z0-9._-]*(/[A-Za-z0-9_][A-Za-z0-9._-]*)*"
TEXT_ID = re.compile(r"\d{3}")
RULES_TEXTS_DOC = (
    "The rules texts the content cites: a text's number in citations (`000` in `000:481`) "
    "-> its path inside the project (the folder holding the content folder), e.g. "
    "`004: rules/god-emperor-megagame-rules.txt`. A game with one text may cite its lines "
    "as `L257`. `toolkit check` verifies every cited value against these texts."
)

SectionOf = Callable[[str, str], "str | None"]  # (text id, line) -> the section it starts


def no_sections(text_id: str, line: str) -> str | None:
    """A game whose texts are cited by line only: no line starts a section."""
    return None


# a line that starts a section loses its number (so the 1 of `10.3.2.2.1` is no value)
_NUMBER_PREFIX = re.compile(r"^[\s#*•-]*[A-Z]{0,3}\d+(?:\.\d+)*\.?\**")
# Why a reference to a text that could not be read cites nothing: the text's one RULES-TEXT
# error says so, and its citations are not verified (nor reported one by one) until it can.
UNREAD = "which cannot be read (said above)"
_LINES = re.compile(r"(\d{3}):(\d+)(?:-(\d+))?")
_SHORT = re.compile(r"L(\d+)(?:-(\d+))?")
_SECTION = re.compile(
    r"((?:[A-Z]{1,3})?\d+(?:\.\d+)*)(?:-((?:[A-Z]{1,3})?\d+(?:\.\d+)*))?(?: note (\d+))?"
)
_PAGE = re.compile(r"p\. \d+(?:-\d+)?")


@dataclass(frozen=True)
class RulesText:
    """One rules text: its lines, and where each numbered section runs."""

    id: str
    path: str  # as game.yaml writes it
    digest: str  # sha256 of its bytes: what a kept check result was read against
    lines: tuple[str, ...]
    sections: Mapping[str, tuple[int, int]]  # section id -> (first line, last line)
    starts: Mapping[int, str]  # line -> the section it starts
    inner: tuple[str | None, ...]  # line - 1 -> the innermost section that holds it

    def section_at(self, line: int) -> str | None:
        """The innermost section whose own paragraphs hold a line."""
        return self.inner[line - 1] if 1 <= line <= len(self.inner) else None

    def line(self, n: int) -> str:
        """Line `n` (1-based) as a citation reads it: a section's number taken off."""
        text = self.lines[n - 1]
        return _NUMBER_PREFIX.sub("", text, count=1) if n in self.starts else text


@dataclass(frozen=True)
class Cited:
    """What one reference cites: lines of one text."""

    ref: str
    text: RulesText
    numbers: tuple[int, ...]

    @property
    def passage(self) -> str:
        """The cited lines, one a line, each without the section number it starts with."""
        return "\n".join(self.text.line(n) for n in self.numbers)


@dataclass
class RulesTexts:
    """A game's rules texts, by the number citations give them."""

    texts: dict[str, RulesText] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)  # named, but not readable (said)

    @property
    def inputs(self) -> tuple[tuple[str, str], ...]:
        """(path, sha256) of every text read: what a result kept between runs depends on
        besides the content folder (`toolkit.speed.check_cache`)."""
        return tuple(sorted((t.path, t.digest) for t in self.texts.values()))

    def resolve(self, ref: str) -> Cited | str:
        """The lines one reference cites, or why it cites none."""
        ref = ref.strip()
        m = _LINES.fullmatch(ref)
        if m:
            return self._lines(ref, m[1], int(m[2]), int(m[3] or m[2]))
        m = _SHORT.fullmatch(ref)
        if m:
            if len(self.texts) + len(self.missing) != 1:
                return f"{ref} names no text: this game has {self._count()}; write `NNN:{m[1]}`"
            (only,) = [*self.texts, *self.missing]
            return self._lines(ref, only, int(m[1]), int(m[2] or m[1]))
        if _PAGE.fullmatch(ref):
            return (
                f"{ref} cannot be checked: the rules texts have no page marks; cite the "
                "lines that state it (`NNN:L-M`)"
            )
        m = _SECTION.fullmatch(ref)
        if m:
            return self._section(ref, m[1], m[2], m[3])
        return f"{ref!r} is not a rules reference"

    def _count(self) -> str:
        n = len(self.texts) + len(self.missing)
        return "no rules text" if n == 0 else f"{n} rules texts"

    def _lines(self, ref: str, text_id: str, first: int, last: int) -> Cited | str:
        text = self.texts.get(text_id)
        if text is None:
            if text_id in self.missing:
                return f"{ref} cites rules text {text_id}, {UNREAD}"
            return f"{ref} cites rules text {text_id}, which `rules_texts` in game.yaml lacks"
        if not 1 <= first <= last <= len(text.lines):
            return f"{ref} cites no line of {text.path}, which has {len(text.lines)} lines"
        return Cited(ref, text, tuple(range(first, last + 1)))

    def _section(self, ref: str, sid: str, to: str | None, note: str | None) -> Cited | str:
        text = next((t for t in self.texts.values() if sid in t.sections), None)
        if text is None:
            return f"{ref} is no numbered section of {self._named()}"
        first, last = text.sections[sid]
        if to:  # DD3.3.4.1-2 (or DD3.3.4.1-DD3.3.4.2): through the later section
            head = sid.rpartition(".")[0]
            later = to if "." in to or not to.isdigit() else (f"{head}.{to}" if head else to)
            if later not in text.sections or text.sections[later][0] < first:
                return f"{ref}: {later} is no later section of {text.path}"
            last = max(last, text.sections[later][1])
        if note:  # a footnote: the first line after the section's start with its mark
            mark = f"<sup>{note}</sup>"
            for n in range(first, len(text.lines) + 1):
                if text.lines[n - 1].lstrip().startswith(mark):
                    return Cited(ref, text, (n,))
            return f"{ref}: {text.path} has no footnote {note} after {sid}"
        return Cited(ref, text, tuple(range(first, last + 1)))

    def _named(self) -> str:
        return ", ".join(t.path for t in self.texts.values()) or "the rules texts (none named)"


def read_rules_texts(
    project: Path,
    declared: Mapping[str, str],
    locate: Callable[[str], Loc],
    section_of: SectionOf = no_sections,
) -> tuple[RulesTexts, list[Diagnostic]]:
    """The rules texts a game names (`declared`: text number -> path in the project), read
    and indexed; a text that cannot be read is RULES-TEXT at its entry (`locate(number)`).
    Each text is indexed once for its bytes: a long-lived process reads it again only when
    it changed."""
    texts = RulesTexts()
    diags: list[Diagnostic] = []
    for text_id, path in declared.items():
        if not TEXT_ID.fullmatch(text_id):
            texts.missing.add(text_id)
            diags.append(
                error(
                    locate(text_id),
                    "RULES-TEXT",
                    f"rules text number {text_id!r} is not three digits (`000`): citations "
                    "name a text as `NNN:line`",
                )
            )
            continue
        try:
            data = read_asset(str(project / path), [project])
        except AssetError as exc:
            texts.missing.add(text_id)
            diags.append(error(locate(text_id), "RULES-TEXT", f"cannot read {path}: {exc}"))
            continue
        try:
            texts.texts[text_id] = _indexed(text_id, path, data, section_of)
        except UnicodeDecodeError:
            texts.missing.add(text_id)
            diags.append(error(locate(text_id), "RULES-TEXT", f"{path} is not UTF-8 text"))
    return texts, diags


def unchanged(project: Path, inputs: Iterable[tuple[str, str]]) -> bool:
    """Whether each rules text a result was read against (`RulesTexts.inputs`: path in the
    project, sha256) is still what it was, read as a check reads it: a kept result holds
    only while they do."""
    for path, digest in inputs:
        try:
            data = read_asset(str(project / path), [project])
        except AssetError:
            return False
        if hashlib.sha256(data).hexdigest() != digest:
            return False
    return True


# texts indexed, by what makes the index: a `--watch` process indexes an unchanged text once
_INDEXED: dict[tuple[str, str, str, SectionOf], RulesText] = {}


def _indexed(text_id: str, path: str, data: bytes, section_of: SectionOf) -> RulesText:
    digest = hashlib.sha256(data).hexdigest()
    stamp = (text_id, path, digest, section_of)
    got = _INDEXED.get(stamp)
    if got is None:
        if len(_INDEXED) > 64:  # the texts of a few games, edited now and then
            _INDEXED.clear()
        lines = tuple(data.decode("utf-8").removeprefix("\ufeff").splitlines())
        starts = {n: s for n, s in _starts(text_id, lines, section_of)}
        sections = _sections(starts, len(lines))
        got = _INDEXED[stamp] = RulesText(
            text_id, path, digest, lines, sections, starts, _innermost(sections, len(lines))
        )
    return got


def _innermost(sections: Mapping[str, tuple[int, int]], total: int) -> tuple[str | None, ...]:
    """Each line's innermost section: a section inside another starts later, so filling the
    sections' lines in the order they start leaves each line its innermost."""
    inner: list[str | None] = [None] * total
    for sid, (first, last) in sorted(sections.items(), key=lambda kv: kv[1][0]):
        inner[first - 1 : last] = [sid] * (last - first + 1)
    return tuple(inner)


def _starts(text_id: str, lines: tuple[str, ...], section_of: SectionOf) -> list[tuple[int, str]]:
    out = []
    for n, line in enumerate(lines, 1):
        sid = section_of(text_id, line)
        if sid is not None:
            out.append((n, sid))
    return out


def _sections(starts: Mapping[int, str], total: int) -> dict[str, tuple[int, int]]:
    """Section id -> (first line, last line): a section runs to the next one that is not
    inside it, so it holds its sub-sections. The first of two sections of one id counts."""
    ordered = sorted(starts.items())
    out: dict[str, tuple[int, int]] = {}
    for i, (n, sid) in enumerate(ordered):
        end = total
        for m, later in ordered[i + 1 :]:
            if not later.startswith(sid + "."):
                end = m - 1
                break
        out.setdefault(sid, (n, end))
    return out
