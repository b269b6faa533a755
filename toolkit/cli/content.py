"""The commands that read the content and report on it: `check`, `coverage`, `calc`."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import click

from toolkit.check.coverage import as_json, as_text
from toolkit.check.procedures import format_json, format_text
from toolkit.cli.options import (
    content_option,
    content_options,
    diff_option,
    format_option,
    from_project,
    out_option,
)
from toolkit.cli.runner import QuickExit, api, recovered
from toolkit.commands.check import check as check_content
from toolkit.commands.explain import find_rule, format_rule
from toolkit.commands.reports import did_you_mean, procedure_list
from toolkit.core.diagnostics import render
from toolkit.core.errors import ToolkitError
from toolkit.edit.fixes import write


@click.command()
@content_options
@format_option(
    ["text", "json", "github"],
    "text: compiler-style lines; json: an array of records; github: Actions annotations.",
)
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option(
    "--verbose",
    "-v",
    is_flag=True,
    help="Give each waived finding's whole reason (text shows its first sentence).",
)
@click.option(
    "--fix",
    "fix",
    is_flag=True,
    help="Apply the mechanical fixes (an enemy pair made whole, a stale placeholder "
    "entry removed), keeping every untouched byte of each file; then check.",
)
@diff_option("With --fix: print the changes as a diff and write nothing.")
@click.option(
    "--layout",
    is_flag=True,
    help="Also lay out every sheet (nothing is written) and report one that will "
    "not fit its page, as build would. A sheet the kit in --out built from the "
    "same data is not laid out again: what its build found is told.",
)
@out_option(
    "build", "With --layout: the kit folder of your last `toolkit build` (read, never written)."
)
@click.option(
    "--explain",
    "explain",
    metavar="CODE",
    default=None,
    help="Print what a diagnostic code means, its rules section and an example fix.",
)
@click.option(
    "--since",
    "since",
    metavar="REV",
    default=None,
    help="Compare with the content at git revision REV (a commit, branch or tag, "
    "e.g. HEAD): a finding then names the file whose change since REV made it "
    "(a seat moved to another party). Without it, findings name every file that "
    "could have made it; nothing is taken from a cache.",
)
def check(
    content: Path,
    game: str | None,
    fmt: str,
    strict: bool,
    verbose: bool,
    fix: bool,
    diff: bool,
    layout: bool,
    out: Path,
    explain: str | None,
    since: str | None,
) -> None:
    """Check content: YAML, schema, references and the game's rules.

    Every problem in every file is reported in one run, sorted by file and line,
    as `path:line:col: error[CODE]: message`. Exit 0 when there are no errors,
    1 when content breaks the schema or a rule, 2 for usage or I/O problems.
    A file may waive one finding with `waive: [{rule: CODE, reason: "..."}]`: it
    is then a `note[CODE]` line with the reason's first sentence, and fails nothing.
    """
    brief = not (fix or layout or explain is not None)  # these run longer (--layout lays out)
    if not brief:
        gc.enable()  # (a plain check runs without the cycle collector: `toolkit.cli.app`)
    if explain is not None:
        click.echo(format_rule(find_rule(explain, content, game)))
        return
    if diff and not fix:
        raise click.UsageError("--diff shows what --fix would change: give both")
    recovered(content, writes=fix and not diff)
    if fix:
        _fix(content, game, diff)
    if layout:
        report = api().check_layout(content, game, strict, kit=out, since=since)
    else:  # the check command alone, without the orchestrator (`toolkit.commands.check`)
        report = check_content(content, game, strict, since)
    click.echo(render(report, fmt, verbose=verbose))
    if fmt == "json":
        click.echo(report.summary(), err=True)
    code = 1 if report.failed else 0
    if brief:
        raise QuickExit(code)
    sys.exit(code)


def _fix(content: Path, game: str | None, diff: bool) -> None:
    """`check --fix`: write the mechanical fixes, all the files or none
    (`toolkit.edit.transaction`), each said as fixed once written; with `--diff`, print
    them, write nothing and exit (1 when there was something to fix)."""
    edited, by_hand = api().fix(content, game)
    if not diff:
        write(edited, content)
    for e in edited:
        click.echo(
            e.diff() if diff else "\n".join(f"fixed {e.path}: {w}" for w in e.done),
            err=not diff,
        )
    for f in by_hand:
        click.echo(
            f"not fixed {f.path}: {f.what} (the file would not be written back "
            "unchanged elsewhere: edit it by hand)",
            err=True,
        )
    if diff:
        sys.exit(1 if edited else 0)


@click.command()
@content_options
@format_option(["text", "json"], "text: a table per game; json: per game its totals and files.")
def coverage(content: Path, game: str | None, fmt: str) -> None:
    """Show what is left to write, per game and per file: values that are still
    placeholders, fields a designer writes that are empty, fields that carry the rules'
    own text (a source, an erratum), and values that are neither.

    Files with the most left to write come first; the placeholder total is the one
    `toolkit check` reports. `toolkit build` puts the same table in each game's gallery
    (kit/coverage.html). Exit 1 when a file does not load (it is not counted).
    """
    report, games = api().coverage(content, game)
    click.echo(as_json(games) if fmt == "json" else as_text(games))
    if report.failed:
        click.echo(render(report, "text"), err=True)
    sys.exit(1 if report.failed else 0)


@click.command(context_settings={"ignore_unknown_options": False})
@click.argument("game", required=False)
@click.argument("procedure", required=False)
@click.argument("params", nargs=-1, metavar="[NAME=VALUE]...")
@content_option
@format_option(
    ["text", "json"],
    "text: the answer, its arithmetic and rule; json: an "
    "object with value, rule, answer, steps, inputs, details.",
)
@click.option(
    "--list",
    "listing",
    is_flag=True,
    help="List every procedure (of GAME, or of every game) with its parameters.",
)
@from_project
def calc(
    game: str | None,
    procedure: str | None,
    params: tuple[str, ...],
    content: Path,
    fmt: str,
    listing: bool,
) -> None:
    """Answer one rules procedure from the content: the result, its arithmetic and rule.

    \b
    Examples:
      toolkit calc forty-factions gathering-chance turn=8 totems=10 last=3
      toolkit calc forty-factions activation-cost activations=3 --format json
      toolkit calc --list

    A missing or bad parameter is a usage error (exit 2) naming it; content that breaks
    a rule is reported as by `toolkit check` and nothing is computed (exit 1).
    """
    if listing and (procedure or params):
        raise click.UsageError("--list takes at most a GAME, no procedure or parameters")
    if not listing and not game:
        raise click.UsageError("name a GAME and a PROCEDURE, or use --list")
    report, bound = api().procedures(content, game)
    if report.failed:
        click.echo(render(report, "text", hide_waived=True), err=True)
        sys.exit(1)
    if listing:
        click.echo(procedure_list(bound, fmt))
        return
    if not bound:
        raise ToolkitError(f"{game} has no rules procedures")
    pack, procs = bound[0]
    by_name = {p.name: p for p in procs}
    if procedure is None:
        raise click.UsageError(
            f"name a procedure of {pack.id}: {', '.join(by_name)} "
            f"(toolkit calc {pack.id} --list explains each)"
        )
    if procedure not in by_name:
        hint = did_you_mean(procedure, list(by_name))
        raise click.UsageError(f"{pack.id} has no procedure '{procedure}'{hint}")
    proc = by_name[procedure]
    inputs, result = proc(params)
    click.echo(format_json(proc, inputs, result) if fmt == "json" else format_text(proc, result))
