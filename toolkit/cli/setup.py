"""`toolkit setup <game> ...`: random set-ups, one sub-command per game pack that draws
them, its options declared by the pack (so the command line names no game's options)."""

from __future__ import annotations

import pkgutil
import secrets
import sys
from pathlib import Path

import click

from toolkit import games
from toolkit.cli.options import content_option, from_project, out_option
from toolkit.cli.runner import api
from toolkit.core.diagnostics import render

MAX_SEED = 2**64 - 1  # a seed names its sheet's files: a 251-digit one would not fit


class _SetupGroup(click.Group):
    """One sub-command per game pack with a set-up generator (`GamePack.setup`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = []
        for mod in pkgutil.iter_modules(games.__path__):
            game_id = mod.name.replace("_", "-")
            try:
                if games.load_pack(game_id).setup is not None:
                    names.append(game_id)
            except games.UnknownGame:
                continue
        return sorted(names)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        try:
            pack = games.load_pack(name)
        except games.UnknownGame:
            return None
        if pack.setup is None:
            return None

        def run(content: Path, out: Path, seed: int | None, **params: object) -> None:
            chosen = seed if seed is not None else secrets.randbelow(1_000_000)
            report, paths, summary = api().setup(content, name, chosen, params, out)
            if report.failed:
                click.echo(render(report, "text", hide_waived=True))
                sys.exit(1)
            click.echo(summary)
            for path in paths:
                click.echo(f"wrote {path}")

        command = from_project(run)
        for opt in reversed(pack.setup.options):  # the pack's own, after the common three
            command = click.option(
                f"--{opt.name}",
                type=opt.type,
                default=opt.default,
                show_default=opt.default is not None,
                help=opt.help,
            )(command)
        command = click.option(
            "--seed",
            type=click.IntRange(min=0, max=MAX_SEED),
            default=None,
            help="Random seed: the same seed gives the same set-up "
            "(default: a new one, printed on the sheet).",
        )(command)
        command = out_option("build", "Output folder; sheets go to <out>/<game>/setup/.")(command)
        return click.command(name, help=pack.setup.help)(content_option(command))


@click.group(cls=_SetupGroup)
def setup() -> None:
    """Draw a random set-up for a game and write it as a sheet (SVG and PDF).

    \b
    Example:
      toolkit setup worldspanner --design quad --seed 42
    """
