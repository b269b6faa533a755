"""The designer's commands that write content files: `new`, `rename`, and `schema` (the
editor schemas, which list every card)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import click

from toolkit.cli.options import (
    content_option,
    content_options,
    diff_option,
    from_project,
    out_option,
)
from toolkit.cli.runner import api, finish, recovered
from toolkit.commands.check import check as check_content
from toolkit.commands.reports import new_file_diff
from toolkit.core.diagnostics import display_path
from toolkit.edit import scaffold
from toolkit.edit.fixes import Edited
from toolkit.games import UnknownGame, load_pack


def _schemas() -> ModuleType:
    """`toolkit.commands.schemas`, imported by the commands that write the editor schemas."""
    # it imports the orchestrator (+25 ms, `runner.api`): not for `toolkit check`
    from toolkit.commands import schemas

    return schemas


@click.command()
@click.argument("game")
@click.argument("kind", required=False)
@click.argument("params", nargs=-1, metavar="[NAME=VALUE]...")
@content_option
@diff_option("Print the new file and the other files' changes as a diff, and write nothing.")
@from_project
def new(game: str, kind: str | None, params: tuple[str, ...], content: Path, diff: bool) -> None:
    """Add a card to a game: a new content file with every value the rules decide filled in
    and every other value a marked placeholder, and the other files it changes (a number
    range, a new suit) edited keeping every byte they do not change. Then the game is checked.

    \b
    Examples:
      toolkit new forty-factions faction name="The Lamplighters" expansion=Promo
      toolkit new forty-factions faction name="Bell Ringers" expansion=FgF suit=Staves
      toolkit new worldspanner hero name="Lamp Warden" faction=smugglers-den
      toolkit new god-emperor favor name="Night Market" faction=spice-lords
    `toolkit new GAME` lists the kinds of card of a game and what each takes.
    """
    if kind is None:  # what the help promises: the game's kinds, and what each takes
        try:
            click.echo(scaffold.listing(load_pack(game).scaffolds, game))
        except UnknownGame:
            raise click.BadParameter(f"no game pack named '{game}'", param_hint="GAME") from None
        return
    recovered(content, writes=not diff)
    made = api().new(content, game, kind, scaffold.parse_params(params))
    if diff:
        if made.text is not None and made.plan.path is not None:
            click.echo(new_file_diff(made.text, made.plan.path))
        for e in made.edited:
            click.echo(e.diff(), nl=False)
        return
    scaffold.write(made, content)
    if made.plan.path is not None:
        click.echo(f"wrote {display_path(made.plan.path)}", err=True)
    _said_then_checked(made.edited, (), made.plan.said, content, game)


@click.command()
@click.argument("game")
@click.argument("old")
@click.argument("new")
@content_option
@diff_option("Print the changes as a diff and write nothing.")
@from_project
def rename(game: str, old: str, new: str, content: Path, diff: bool) -> None:
    """Rename or renumber a card everywhere: its own file, its file's name, and every file
    that refers to it, keeping every byte the change does not touch. Then the game is checked.

    \b
    Examples:
      toolkit rename forty-factions faction:50 N            renumber faction 50 to N
      toolkit rename forty-factions guild-of-caravanserai "Caravan Guild"
      toolkit rename worldspanner lamp-warden "Lamp Keeper"
      toolkit rename worldspanner smugglers-den smugglers-cove   a faction's id
      toolkit rename god-emperor cat lynx                   a House's id
      toolkit rename god-emperor rat-king rat-queen         a favor faction's id
    OLD is a file name, a slug, a name or an id; for Forty Factions also faction:N or plot:N.
    An id is renamed wherever a field names one of its kind (a hero's home, a quest deck and
    its file, the Court's hosts, the cast).
    A card is renumbered within its expansion's numbers (13.1), to a free one: its tarot card
    follows its number (3.1, 3.2), and the number it leaves is free for another card.
    """
    recovered(content, writes=not diff)
    edited, renaming = api().rename(content, game, old, new)
    if diff:
        for e in edited:
            click.echo(e.diff(), nl=False)
        for frm, to in renaming.moves:
            click.echo(f"rename {display_path(frm)} -> {display_path(to)}")
        return
    # it writes the editor schemas too: it imports the orchestrator (+25 ms, `runner.api`)
    from toolkit.commands.rename import write

    schemas = write(content, edited, renaming)
    _said_then_checked(edited, renaming.moves, renaming.said, content, game, schemas)


def _said_then_checked(
    edited: Sequence[Edited],
    moves: Sequence[tuple[Path, Path]],
    said: Sequence[str],
    content: Path,
    game: str,
    schemas: Sequence[Path] | None = None,
) -> None:
    """After `new` or `rename` wrote: what changed and what remains, then the game checked
    (exit 1 while it has errors). `schemas`: the editor schemas the edit wrote with the
    content (`rename`); None: the edit left them to be brought up to date now (`new`)."""
    for e in edited:
        click.echo("\n".join(f"edited {e.path}: {w}" for w in e.done), err=True)
    for frm, to in moves:
        click.echo(f"renamed {display_path(frm)} -> {display_path(to)}", err=True)
    for line in said:
        click.echo(f"  {line}", err=True)
    if schemas is None:
        schemas = _schemas().refresh(content, game)
    for path in schemas:  # they list every card's number and id
        click.echo(f"updated {display_path(path)}: the editor schemas list every card", err=True)
    finish(check_content(content, game))


@click.command()
@content_options
@out_option("schemas", "Folder to write <game>/<kind>.schema.json into.")
def schema(content: Path, game: str | None, out: Path) -> None:
    """Write a JSON Schema for every content kind, for editor validation and completion.

    Point yaml-language-server at them with a first line such as
    `# yaml-language-server: $schema=../../../schemas/forty-factions/faction.schema.json`.
    """
    for path in _schemas().write_all(content, game, out):
        click.echo(path)
