"""The `toolkit` command group, its commands, and the console-script entry point (`main`)."""

from __future__ import annotations

import atexit
import contextlib
import gc
import os
import sys

import click

from toolkit.cli.content import calc, check, coverage
from toolkit.cli.edit import new, rename, schema
from toolkit.cli.kit import build, serve
from toolkit.cli.project import audit, clean, init
from toolkit.cli.runner import QuickExit
from toolkit.cli.setup import setup

# `toolkit check` runs on every commit (a pre-commit hook), so a plain check is as brief as
# Python allows: it allocates little and then exits, so it runs without the cycle collector
# (`main` turns it off, every other command turns it back on) and leaves without tearing
# the interpreter down (`QuickExit`, `_leave`): about 40 ms of a cold check's 0.3 s, when
# measured.


@click.group(
    context_settings={"help_option_names": ["-h", "--help"]},
    commands=[check, coverage, calc, build, serve, new, rename, schema, init, audit, clean, setup],
)
@click.version_option(package_name="toolkit")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Check tabletop-game content kept as YAML against the game's rules, and turn it
    into a print-ready kit.

    \b
    Typical use:
      toolkit check                 check all content, report every problem
      toolkit check --format github annotations for a pull request
      toolkit coverage              what is left to write, per game and file
      toolkit new GAME KIND name=.. a new card, placeholders marked (`toolkit new GAME` lists kinds)
      toolkit rename GAME OLD NEW   renumber or rename a card everywhere
      toolkit build                 the print kit under build/<game>/
      toolkit serve                 the gallery in a browser, rebuilt and reloaded on each save
      toolkit schema                JSON Schemas for editor completion
      toolkit clean --cache         empty the user cache
    """
    if ctx.invoked_subcommand != "check":
        gc.enable()


def main() -> None:
    """Console-script entry point."""
    gc.disable()  # until the command is known (`cli`)
    try:
        cli(prog_name="toolkit")
    except QuickExit as exc:
        _leave(int(exc.code or 0))
    except RecursionError:
        # the walks of content and of outputs keep their own stacks; this is the last guard,
        # for a folder (or a document) nested deeper than a library can follow
        click.echo(
            "Error: something is nested too deep to read (a folder thousands of levels "
            "deep, in the content or the output folder?): remove it, then run this again",
            err=True,
        )
        _leave(2)


def _leave(code: int) -> None:
    """Exit now with `code`, after everything the interpreter runs at exit (`atexit`: the
    documents' cache is written there), without freeing every object one by one first: the
    system takes the memory back at once."""
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        # a reader that went away (`| head`) or a closed stream has nothing more to get
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)
