"""The options several commands share, each declared once as a decorator, and the run of a
content command from its project (`from_project`).

Click only: an option's name, type, default and help, and the callbacks that check a
value as it is parsed.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from toolkit.core.assets import inside
from toolkit.write.outfolder import check_out_link

F = TypeVar("F", bound=Callable[..., Any])

CONTENT_HELP = "Folder holding one sub-folder per game."
GAME_HELP = "Game id (forty-factions, ...); default: every game found."


def folder(default: str, help_: str) -> dict[str, Any]:
    """The settings of a `--NAME DIR` folder option (content, output), with its default."""
    return {
        "type": click.Path(path_type=Path, file_okay=False),
        "default": Path(default),
        "show_default": True,
        "help": help_,
    }


def _own_content(ctx: click.Context, param: click.Parameter, value: Path) -> Path:
    """The default `content` folder is the project's own: a symbolic link there (which a
    pull request can commit) would make a check read files outside the project. A folder
    named with --content is the user's choice and is taken as it is."""
    source = ctx.get_parameter_source(param.name or "")
    if source is click.core.ParameterSource.DEFAULT and value.is_symlink():
        raise click.BadParameter(
            f"the project's {value} folder is a symbolic link (to {os.readlink(value)}); "
            "content is read from a real folder: name it with --content if you mean it",
            param_hint="--content",
        )
    return value


def _kit_out(ctx: click.Context, param: click.Parameter, value: Path) -> Path:
    """A kit's `--out` folder may be reached through a link only when the user named it and
    it resolves inside the project (the folder holding the content folder, checked by
    `from_project`): a committed `build -> /elsewhere` never chooses where a kit is written
    (`toolkit.write.outfolder.check_out_link`)."""
    explicit = ctx.get_parameter_source(param.name or "") is not click.core.ParameterSource.DEFAULT
    ctx.meta["kit_out"] = (value, explicit)  # checked against the project (`from_project`)
    return value


def from_project(fn: F) -> F:
    """Run a content command from its project, the folder holding the content folder, so
    that what it reports, writes and records names files as the project does
    (`content/<game>/...`), whichever folder it was started from. Every path the user gave
    is taken from where they gave it, and named from the project when it lies inside it (an
    output folder is `build` from anywhere); the working folder is put back afterwards."""

    @functools.wraps(fn)
    def run(**kwargs: object) -> object:
        content = kwargs.get("content")
        rooted = isinstance(content, Path) and content.absolute().name  # (not the root `/`)
        project = os.path.dirname(os.path.abspath(content)) if rooted else os.getcwd()
        ctx = click.get_current_context(silent=True)
        if ctx is not None and "kit_out" in ctx.meta:  # a committed link never chooses --out
            check_out_link(*ctx.meta["kit_out"], Path(project))
        if not rooted:
            return fn(**kwargs)
        for name, value in kwargs.items():
            if isinstance(value, Path):  # as named from the project (`build`), else whole
                whole = os.path.abspath(value)
                named = os.path.relpath(whole, project) if inside(whole, project) else whole
                kwargs[name] = Path(named)
        here = os.getcwd()
        os.chdir(project)
        try:
            return fn(**kwargs)
        finally:
            os.chdir(here)

    return run  # type: ignore[return-value]


content_option = click.option(
    "--content", "content", callback=_own_content, **folder("content", CONTENT_HELP)
)


def content_options(fn: F) -> F:
    """`--content DIR` and `--game ID`, the command run from the project (`from_project`)."""
    fn = click.option("--game", "game", default=None, metavar="ID", help=GAME_HELP)(
        from_project(fn)
    )
    return content_option(fn)


def out_option(default: str, help_: str) -> Callable[[F], F]:
    """A kit's `--out DIR` folder: one a committed link leads to is refused (`_kit_out`)."""
    return click.option("--out", "out", callback=_kit_out, **folder(default, help_))


def format_option(choices: Sequence[str], help_: str) -> Callable[[F], F]:
    """`--format`, the first of `choices` by default."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(list(choices)),
        default=choices[0],
        show_default=True,
        help=help_,
    )


def diff_option(help_: str) -> Callable[[F], F]:
    """`--diff`: print the changes a designer command would make, and write nothing."""
    return click.option("--diff", "diff", is_flag=True, help=help_)


paper_option = click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default="a4",
    show_default=True,
    help="Paper for every printed output (sheets, board tiles, imposed cards).",
)

proof_option = click.option(
    "--proof",
    is_flag=True,
    help="Mark placeholder values loudly (highlighted, labelled) for the designer.",
)

jobs_option = click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    default=0,
    help="Worker processes (default 0: one per core).",
)
