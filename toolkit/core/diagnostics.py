"""Diagnostics: what every stage reports about content, and the one place they are formatted.

Content problems are never exceptions: each stage returns `Diagnostic` records,
the CLI sorts them by file and line and prints them in one run (compiler style,
1-based line and column, a stable rule code).
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum


class Severity(StrEnum):
    """How bad a finding is; `--strict` turns warnings into errors."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True, order=True)
class Loc:
    """A place in a content file: path as shown to the user, 1-based line and column.

    Line 0 means "the file as a whole" (for example an unreadable file); column 0, "the
    whole line" (an output's page: `path:page`).
    """

    path: str
    line: int = 0
    col: int = 0

    def __reduce__(self) -> tuple[type[Loc], tuple[str, int, int]]:
        # pickled as a call (the validated documents' cache holds thousands): a frozen slots
        # class would otherwise be restored field by field in Python, three times slower
        return Loc, (self.path, self.line, self.col)

    def __str__(self) -> str:
        if self.line <= 0:
            return self.path
        if self.col <= 0:
            return f"{self.path}:{self.line}"
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True, slots=True)
class Note:
    """What a finding brings with it, printed under it: a consequence of the value at fault
    (a count it upsets, a file it would otherwise set wrong), at the place it shows, if one.
    A note is never a finding of its own: the value it names is not the one to change."""

    message: str
    loc: Loc | None = None

    def __str__(self) -> str:
        return f"{self.loc}: note: {self.message}" if self.loc else f"note: {self.message}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding: where, how bad, which rule, and what the rules require; and, under it,
    the notes of what it upsets elsewhere (one root cause, not a finding per consequence)."""

    loc: Loc
    severity: Severity
    code: str
    message: str
    waived: str | None = field(default=None, compare=False)  # the waiver's reason, if waived
    notes: tuple[Note, ...] = field(default=(), compare=False)

    @property
    def counts_as_error(self) -> bool:
        """True for an unwaived error (warnings count too under --strict; see `Report`)."""
        return self.severity is Severity.ERROR and self.waived is None

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.loc.path, self.loc.line, self.loc.col, self.code, self.message)

    def with_waiver(self, reason: str) -> Diagnostic:
        return Diagnostic(self.loc, self.severity, self.code, self.message, reason, self.notes)

    def with_notes(self, notes: Iterable[Note]) -> Diagnostic:
        """The same finding with `notes` added under it."""
        more = (*self.notes, *notes)
        return Diagnostic(self.loc, self.severity, self.code, self.message, self.waived, more)


def error(loc: Loc, code: str, message: str, notes: Iterable[Note] = ()) -> Diagnostic:
    """Shorthand for an error diagnostic (with the notes of what it upsets, if any)."""
    return Diagnostic(loc, Severity.ERROR, code, message, notes=tuple(notes))


def warning(loc: Loc, code: str, message: str, notes: Iterable[Note] = ()) -> Diagnostic:
    """Shorthand for a warning diagnostic."""
    return Diagnostic(loc, Severity.WARNING, code, message, notes=tuple(notes))


def did_you_mean(value: str, known: Iterable[str]) -> str:
    """`; did you mean 'cat'?` for a value close to one the content declares, else ""."""

    hit = difflib.get_close_matches(value, sorted(known), n=1)
    return f"; did you mean '{hit[0]}'?" if hit else ""


def nearest(value: str, known: Iterable[str], few: int = 5) -> str:
    """The values `value` could have meant, to end a message with: all of `known` when they
    are `few` or fewer, else the `few` nearest to it (by spelling, then in order) and how
    many more there are: `rat-king, outcasts, spice-lords, ... (and 4 more)`."""
    names = list(dict.fromkeys(known))
    if len(names) > few:

        def distance(name: str) -> float:
            return -difflib.SequenceMatcher(None, value.casefold(), name.casefold()).ratio()

        order = {name: i for i, name in enumerate(names)}
        names = sorted(names, key=lambda n: (distance(n), order[n]))[:few]
        rest = len(order) - few
        return f"{', '.join(names)} (and {rest} more)"
    return ", ".join(names)


def display_path(path: str | os.PathLike[str]) -> str:
    """The path as a user and CI annotations want it: relative to the working directory
    when the file lies under it, with forward slashes."""
    p = os.fspath(path)
    rel = os.path.normpath(p) if p and not os.path.isabs(p) else ""
    if not rel or rel.startswith(".."):  # (a relative path not climbing out is its own)
        try:
            rel = os.path.relpath(p)
        except ValueError:  # another drive on Windows
            rel = p
    if rel.startswith(".."):
        rel = p
    return rel.replace(os.sep, "/")


def project_path(shown: str, game_dir: str | os.PathLike[str]) -> str:
    """A content file's shown path as the project names it, whatever the working folder:
    relative to the folder above the content folder (`content/<game>/...`), for what a
    build records (the manifest's sources, the coverage page). A path outside the project
    (a template's label) is kept as it is."""
    if shown.startswith("templates/"):  # a template's label: the toolkit's, not the cwd's
        return shown
    project = os.path.dirname(os.path.dirname(os.path.abspath(game_dir)))
    absolute = os.path.abspath(shown)
    if absolute == project or not absolute.startswith(project.rstrip(os.sep) + os.sep):
        return shown
    return os.path.relpath(absolute, project).replace(os.sep, "/")


@dataclass
class GameResult:
    """What checking one game adds to a report."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: int = 0
    placeholders: int = 0
    notes: list[str] = field(default_factory=list)
    printed: int = 0  # (a check prints nothing: `Report.merge` takes either)
    # files outside the game's folder its findings depend on (a rules text): (path in the
    # project, sha256), for a result kept between runs to be trusted only while they hold
    inputs: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Report:
    """All diagnostics of one run plus the facts the summary line needs."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: int = 0
    placeholders: int = 0
    printed: int = 0  # the placeholder values the kit built prints (`toolkit.core.marks.tally`)
    built: int = 0
    strict: bool = False
    notes: list[str] = field(default_factory=list)
    inputs: list[tuple[str, str]] = field(default_factory=list)  # see `GameResult.inputs`

    def merge(self, part: Report | GameResult) -> None:
        """Add one game's findings and counts (what checking it found, or found before)."""
        self.extend(part.diagnostics)
        self.files += part.files
        self.placeholders += part.placeholders
        self.printed += part.printed
        self.notes += part.notes
        self.inputs += part.inputs

    def extend(self, diags: Iterable[Diagnostic]) -> None:
        """Add findings; one already reported (a deck repeats its sheet's) is not added twice."""
        seen = set(self.diagnostics)
        for d in diags:
            if d not in seen:
                seen.add(d)
                self.diagnostics.append(d)

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.diagnostics, key=Diagnostic.sort_key)

    def is_failure(self, d: Diagnostic) -> bool:
        if d.waived is not None:
            return False
        return d.severity is Severity.ERROR or (self.strict and d.severity is Severity.WARNING)

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.waived is None and d.severity is Severity.ERROR)

    @property
    def warnings(self) -> int:
        return sum(
            1 for d in self.diagnostics if d.waived is None and d.severity is Severity.WARNING
        )

    @property
    def waived(self) -> int:
        return sum(1 for d in self.diagnostics if d.waived is not None)

    @property
    def failed(self) -> bool:
        return any(self.is_failure(d) for d in self.diagnostics)

    def summary(self) -> str:
        """One line: files, errors, warnings, waived findings, placeholders."""
        parts = [
            f"{self.files} file{'s' if self.files != 1 else ''} checked",
            _plural(self.errors, "error"),
            _plural(self.warnings, "warning"),
        ]
        if self.waived:
            parts.append(f"{self.waived} waived")
        word = "value is" if self.placeholders == 1 else "values are"
        return ", ".join(parts) + f"; {self.placeholders} {word} still placeholders"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def waiver_reason(reason: str, verbose: bool = False) -> str:
    """A waiver's reason as a report line shows it: its first sentence, cut to the nearest
    word under 80 characters (the whole reason with `verbose`)."""
    if verbose:
        return reason
    first = " ".join(reason.split(". ", 1)[0].split())
    if len(first) <= 80:
        return first
    return first[:80].rsplit(" ", 1)[0] + "…"


def format_text(d: Diagnostic, strict: bool = False, verbose: bool = False) -> str:
    """`path:line:col: error[CODE]: message`, as compilers print it; each note under it on a
    line of its own, indented, as `path:line:col: note: message` (no code: a note is not a
    finding, and a reader of `error[`/`warning[` lines never counts it). A waived finding is
    a `note[CODE]` line with its waiver's reason: it fails nothing, so it reads as no error."""
    sev = d.severity.value
    if strict and d.severity is Severity.WARNING:
        sev = "error"
    tail = ""
    if d.waived is not None:
        sev, tail = "note", f" (waived: {waiver_reason(d.waived, verbose)})"
    return "\n".join([f"{d.loc}: {sev}[{d.code}]: {d.message}{tail}", *(f"  {n}" for n in d.notes)])


def _note_record(n: Note) -> dict[str, object]:
    loc = n.loc or Loc("")
    return {"path": loc.path, "line": loc.line, "column": loc.col, "message": n.message}


def to_record(d: Diagnostic) -> dict[str, object]:
    """The JSON form of a diagnostic (stable keys; `--format json`); `notes` lists what it
    upsets elsewhere, each with its place (path "" and line 0 for none)."""
    return {
        "path": d.loc.path,
        "line": d.loc.line,
        "column": d.loc.col,
        "severity": d.severity.value,
        "code": d.code,
        "message": d.message,
        "waived": d.waived,
        "notes": [_note_record(n) for n in d.notes],
    }


def _note_from(record: object) -> Note:
    if not isinstance(record, dict) or type(record.get("message")) is not str:
        raise TypeError("not a note")
    loc = Loc(str(record["path"]), int(record["line"]), int(record["column"]))
    return Note(record["message"], loc if loc.path else None)


def from_record(record: object) -> Diagnostic | None:
    """A diagnostic from its JSON form (`to_record`), as a manifest keeps a sheet's; None
    for anything else."""
    if not isinstance(record, dict):
        return None
    try:
        loc = Loc(str(record["path"]), int(record["line"]), int(record["column"]))
        severity = Severity(record["severity"])
        waived = record.get("waived")
        notes = record.get("notes", [])
        if not isinstance(notes, list):
            return None
        return Diagnostic(
            loc,
            severity,
            str(record["code"]),
            str(record["message"]),
            waived=str(waived) if waived is not None else None,
            notes=tuple(_note_from(n) for n in notes),
        )
    except (KeyError, TypeError, ValueError):
        return None


def _gh_escape(text: str, prop: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def format_github(d: Diagnostic, strict: bool = False) -> str:
    """A GitHub Actions workflow command, so the finding shows on the right line of the PR."""
    if d.waived is not None:
        kind = "notice"
    elif d.severity is Severity.ERROR or strict:
        kind = "error"
    else:
        kind = "warning"
    props = [f"file={_gh_escape(d.loc.path, True)}"]
    if d.loc.line > 0:
        props.append(f"line={d.loc.line}")
        if d.loc.col > 0:
            props.append(f"col={d.loc.col}")
    props.append(f"title={_gh_escape(d.code, True)}")
    msg = d.message + (f" (waived: {d.waived})" if d.waived is not None else "")
    # an annotation is one message: the notes are its further lines, each naming its place
    msg = "\n".join([msg, *map(str, d.notes)])
    return f"::{kind} {','.join(props)}::{_gh_escape(msg)}"


def render(report: Report, fmt: str, hide_waived: bool = False, verbose: bool = False) -> str:
    """The whole report in one of the three formats (text, json, github); `verbose`: a
    waived finding's whole reason in text."""
    diags: Sequence[Diagnostic] = [
        d for d in report.sorted() if not (hide_waived and d.waived is not None)
    ]
    if fmt == "json":
        return json.dumps([to_record(d) for d in diags], indent=2, ensure_ascii=False)
    if fmt == "github":
        lines = [format_github(d, report.strict) for d in diags]
    else:
        lines = [format_text(d, report.strict, verbose) for d in diags]
    lines.extend(report.notes)
    lines.append(report.summary())
    return "\n".join(lines)
