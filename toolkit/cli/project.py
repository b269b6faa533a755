"""The commands about a project and its built kit rather than its content: `init` (a
designer's own repository), `audit` (the built outputs), `clean` (the user cache)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from toolkit.cli.options import content_option, jobs_option
from toolkit.commands.clean import clean_cache
from toolkit.commands.init import init_repository
from toolkit.commands.reports import audit_text
from toolkit.core.diagnostics import Report


@click.command()
@click.argument("folder", type=click.Path(path_type=Path))
@click.option(
    "--game",
    "new_game",
    metavar="ID",
    default=None,
    help="A new game of this pack (forty-factions, worldspanner, god-emperor): the game of "
    "--content without its cards (game.yaml and its other files carry the rules' facts the "
    "checks use), each card folder empty.",
)
@click.option(
    "--from",
    "game",
    metavar="GAME",
    default=None,
    help="The game to start from (forty-factions, worldspanner, god-emperor): a copy of its "
    "content in the --content folder, cards and all.",
)
@content_option
@click.option(
    "--toolkit-repo",
    metavar="URL",
    default=None,
    help="Where pre-commit and CI install the toolkit from (a git URL or a local folder); "
    "default: where this toolkit was installed from.",
)
@click.option(
    "--toolkit-rev",
    metavar="REV",
    default=None,
    help="The toolkit's tag or commit to install; default: the installed toolkit's commit.",
)
def init(
    folder: Path,
    new_game: str | None,
    game: str | None,
    content: Path,
    toolkit_repo: str | None,
    toolkit_rev: str | None,
) -> None:
    """Create FOLDER, a designer's own content repository: a new game of a pack (--game ID)
    or a copy of a game of --content (--from GAME); give exactly one of the two.

    It holds content/GAME/, rules/ (the rules texts the game cites), the editor schemas
    (schemas/GAME/), .pre-commit-config.yaml (the toolkit-check hook),
    .github/workflows/content.yml (check, then build the kit as an artifact), .gitignore
    and README.md. With --game, content/GAME/ is the shipped game without its cards:
    game.yaml and every other file that is not a card, as shipped, and an empty folder
    for each kind of card (`toolkit new GAME KIND name=...` writes a card; `toolkit check`
    says what the rules still need). Its templates/ folder, if you add one, overrides the
    toolkit's templates file by file. FOLDER must be new or empty; nothing is written
    outside it.
    """
    if (new_game is None) == (game is None):
        raise click.UsageError(
            "give exactly one of --game ID (a new game of that pack: its scaffolding, no "
            "cards) and --from GAME (a copy of a shipped game, cards and all)"
        )
    chosen = new_game or game or ""
    written = init_repository(
        folder, content, chosen, toolkit_repo, toolkit_rev, empty=new_game is not None
    )
    files = [p for p in written if not p.endswith("/")]
    folders = len(written) - len(files)
    made = f"{len(files)} files" + (f", {folders} empty card folders" if folders else "")
    then = f"toolkit new {chosen}  (the kinds of card to write)" if new_game else "toolkit check"
    click.echo(f"{folder}: {made}; next: cd {folder} && git init && {then}")


@click.command()
@click.argument(
    "folder", type=click.Path(path_type=Path, file_okay=False, exists=True), default="build"
)
@click.option(
    "--no-visual", is_flag=True, help="Structure and policy only: do not rasterise the pages."
)
@jobs_option
def audit(folder: Path, no_visual: bool, jobs: int) -> None:
    """Audit built outputs, every PDF and SVG under FOLDER.

    \b
    Structure: qpdf and poppler read each PDF cleanly; no attachments, scripts or
    launch actions; every font embedded; every SVG well-formed, nothing external.
    What each page shows (rasterised at low resolution):
      AUDIT-BLANK-PAGE   a page with no ink
      AUDIT-RENDERERS    poppler, MuPDF and Ghostscript disagree (page count, a blank
                         page, ink) or fail
      AUDIT-TILES        a tile of a board does not show its part of the board
      AUDIT-TEXT-*       text out of its box (OVERFLOW), into another shape (OVERLAP),
                         on other text (COLLIDE), off the page or trim (OFF-PAGE)
    SVGs are drawn by librsvg and held to the same. Exit 1 on any finding.
    """
    # pikepdf and Pillow, +65 ms: only for `toolkit audit`
    from toolkit.audit import outputs

    report = Report()
    report.extend(outputs.audit(folder, visual=not no_visual, jobs=jobs))
    click.echo(audit_text(report, len(outputs.audit_outputs(folder))))
    sys.exit(1 if report.failed else 0)


@click.command()
@click.option(
    "--cache",
    "cache",
    is_flag=True,
    help="Empty the user cache ($XDG_CACHE_HOME/toolkit, else ~/.cache/toolkit).",
)
def clean(cache: bool) -> None:
    """Remove what the toolkit keeps outside the project.

    \b
    --cache  empty the user cache: validated documents, kept check results and compiled
             templates (only time is lost: the next run makes them again). The cache is
             capped at TOOLKIT_CACHE_MAX_MB megabytes (default 200), oldest files first.
    """
    if not cache:
        raise click.UsageError("say what to clean: `toolkit clean --cache` empties the user cache")
    click.echo(clean_cache())
