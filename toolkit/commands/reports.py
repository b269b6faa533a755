"""The text a command prints besides its diagnostics: the --final note of a build, an
audit's tally, a new file's diff, the rules procedures' list, a did-you-mean.

Formatting only, for the command line to print: no click, no I/O here.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Sequence
from pathlib import Path

from toolkit.check.procedures import Procedure, format_list, list_json
from toolkit.core.diagnostics import Report, render
from toolkit.edit.fixes import diff_names
from toolkit.games import GamePack

Bound = Sequence[tuple[GamePack, Sequence[Procedure]]]  # each game's procedures, bound


def final_note(report: Report) -> str | None:
    """What a `--final` kit prints of its placeholder values without their mark, as a
    note; None when it prints none or the build failed. The count is what the kit's pages
    print (a value on a sheet and its card counts once), not the content's: a placeholder
    no output prints is on no page."""
    if not report.placeholders or report.failed:
        return None
    one = "value" if report.printed == 1 else "values"
    return (
        f"note: --final: the kit prints {report.printed} placeholder {one} without their "
        f"mark (the content holds {report.placeholders})"
    )


def audit_text(report: Report, outputs: int) -> str:
    """An audit's findings, one a line, then how many outputs were audited and found at
    fault (in place of `toolkit check`'s summary line)."""
    lines = render(report, "text").splitlines()[:-1]
    lines.append(f"{outputs} outputs audited, {report.errors} finding(s)")
    return "\n".join(lines)


def new_file_diff(text: str, path: Path) -> str:
    """A new content file as a diff from nothing (`toolkit new --diff`)."""
    lines = text.splitlines(keepends=True)
    return "".join(difflib.unified_diff([], lines, "/dev/null", diff_names(path)[1]))


def procedure_list(bound: Bound, fmt: str) -> str:
    """Every game's rules procedures with their parameters (`toolkit calc --list`), as
    text blocks or (`fmt` json) one JSON array."""
    if fmt == "json":
        games = [list_json(pack.id, procs) for pack, procs in bound]
        return json.dumps(games, indent=2, ensure_ascii=False)
    return "\n\n".join(format_list(pack.title, pack.id, procs) for pack, procs in bound)


def did_you_mean(name: str, names: Sequence[str]) -> str:
    """The end of a message about an unknown `name`: the closest of `names`, else all."""
    hit = difflib.get_close_matches(name, list(names), n=1)
    return f"; did you mean '{hit[0]}'?" if hit else f" (it has: {', '.join(names)})"
