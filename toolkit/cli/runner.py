"""How a command runs the orchestrator and says what came of it, the same way in every
command: the orchestrator imported on first use, an interrupted edit recovered first, a
report printed with its exit code, a build watched until Ctrl-C."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import NoReturn

import click

from toolkit.core.diagnostics import Report, render
from toolkit.core.outputs import BuildOptions
from toolkit.edit.transaction import EditError, recover


class QuickExit(SystemExit):
    """The end of a plain `toolkit check`: `toolkit.cli.app.main` leaves the process at once,
    without tearing the interpreter down (a pre-commit hook runs it on every commit)."""


def api() -> ModuleType:
    """The orchestrator (`toolkit.commands.api`), imported by the commands that run it, not
    with the command line: `toolkit --help` and a plain `toolkit check` never pay for it."""
    # the orchestrator (render, kit, speed: 45 modules), +25 ms: not for `toolkit check`
    from toolkit.commands import api

    return api


def recovered(content: Path, writes: bool) -> None:
    """An edit of content files that a kill interrupted is finished or undone first
    (`toolkit.edit.transaction`), said in one line. A journal that cannot be followed stops a
    command that writes content, and is a warning to one that only reads it."""
    try:
        said = recover(content)
    except EditError as exc:
        if writes:
            raise
        click.echo(f"warning: {exc.message}", err=True)
        return
    if said is not None:
        click.echo(f"note: {said}", err=True)


def finish(report: Report) -> NoReturn:
    """Print a build's or an edit's report (its waived findings left out) and exit: 1 while
    it has errors, else 0."""
    click.echo(render(report, "text", hide_waived=True))
    sys.exit(1 if report.failed else 0)


def watching(
    content: Path,
    game: str | None,
    options: BuildOptions,
    after: Callable[[Report], None],
    stopped: str,
) -> None:
    """Build, then rebuild on every save until Ctrl-C (`toolkit.commands.api.watch`): each
    build's report is printed, then handed to `after`; a problem met while watching (the
    content folder gone) is an `Error:` line and the watch goes on; `stopped` is said last."""

    def echo(report: Report) -> None:
        click.echo(render(report, "text", hide_waived=True))
        after(report)

    def trouble(message: str) -> None:
        click.echo(f"Error: {message}", err=True)

    try:
        api().watch(content, game, options, echo, trouble=trouble)
    except KeyboardInterrupt:
        click.echo(stopped, err=True)
