"""The command line: a thin click adapter, one API call per command.

Exit codes: 0 success, 1 content breaks a rule or the schema, 2 usage or I/O
problem. Heavy modules (rendering) are imported inside the commands that need
them, so `toolkit --help` and `toolkit check` start fast.
"""

from __future__ import annotations

import atexit
import contextlib
import difflib
import functools
import gc
import json
import os
import pkgutil
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import click

from toolkit import games
from toolkit.check.coverage import as_json, as_text
from toolkit.check.procedures import format_json, format_list, format_text, list_json
from toolkit.commands.check import check as check_content
from toolkit.commands.clean import clean_cache
from toolkit.commands.explain import find_rule, format_rule
from toolkit.commands.init import init_repository
from toolkit.commands.serve import serving
from toolkit.core.assets import inside
from toolkit.core.diagnostics import Report, display_path, render
from toolkit.core.errors import ToolkitError
from toolkit.core.outputs import BuildOptions
from toolkit.edit.transaction import EditError, recover
from toolkit.games import UnknownGame, load_pack
from toolkit.kit.shops import profile
from toolkit.write.outfolder import check_out_link

if TYPE_CHECKING:
    from toolkit.edit.fixes import Edited

CONTENT_HELP = "Folder holding one sub-folder per game."
MAX_SEED = 2**64 - 1  # a seed names its sheet's files: a 251-digit one would not fit
GAME_HELP = "Game id (forty-factions, ...); default: every game found."


def _api() -> ModuleType:
    """The orchestrator (`toolkit.commands.api`), imported by the commands that run it, not
    with this module: `toolkit check` and `--help` never import the renderer (WeasyPrint
    alone takes a second to import)."""
    # the orchestrator imports the renderer (WeasyPrint, 1.1 s): not for `check`
    from toolkit.commands import api

    return api


def _folder(default: str, help_: str) -> dict[str, object]:
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
    `_from_project`): a committed `build -> /elsewhere` never chooses where a kit is written
    (`toolkit.write.outfolder.check_out_link`)."""
    explicit = ctx.get_parameter_source(param.name or "") is not click.core.ParameterSource.DEFAULT
    ctx.meta["kit_out"] = (value, explicit)  # checked against the project (`_from_project`)
    return value


def _kit_folder(default: str, help_: str) -> dict[str, object]:
    """The settings of a kit's `--out DIR` option (`_folder`, checked by `_kit_out`)."""
    return {**_folder(default, help_), "callback": _kit_out}


def _from_project(fn):  # type: ignore[no-untyped-def]
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

    return run


def _content_options(fn):  # type: ignore[no-untyped-def]
    fn = _from_project(fn)
    fn = click.option("--game", "game", default=None, metavar="ID", help=GAME_HELP)(fn)
    return click.option(
        "--content", "content", callback=_own_content, **_folder("content", CONTENT_HELP)
    )(fn)


# `toolkit check` runs on every commit (a pre-commit hook), so a plain check is as brief as
# Python allows: it allocates little and then exits, so it runs without the cycle collector
# (`main` turns it off, every other command turns it back on) and leaves without tearing
# the interpreter down (`_leave`): about 40 ms of a cold check's 0.3 s, when measured.
_BRIEF = {"exit": False}


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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


@cli.command()
@_content_options
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "github"]),
    default="text",
    show_default=True,
    help="text: compiler-style lines; json: an array of records; github: Actions annotations.",
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
@click.option(
    "--diff",
    "diff",
    is_flag=True,
    help="With --fix: print the changes as a diff and write nothing.",
)
@click.option(
    "--layout",
    is_flag=True,
    help="Also lay out every sheet (nothing is written) and report one that will "
    "not fit its page, as build would. A sheet the kit in --out built from the "
    "same data is not laid out again: what its build found is told.",
)
@click.option(
    "--out",
    "out",
    **_kit_folder(
        "build", "With --layout: the kit folder of your last `toolkit build` (read, never written)."
    ),
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
    if fix or layout or explain is not None:  # these run longer (--layout lays out sheets)
        gc.enable()
    else:
        _BRIEF["exit"] = True
    if explain is not None:
        click.echo(format_rule(find_rule(explain, content, game)))
        return

    if diff and not fix:
        raise click.UsageError("--diff shows what --fix would change: give both")
    _recovered(content, writes=fix and not diff)
    if fix or layout:  # a plain check reads kept results without importing the game packs
        api = _api()
    if fix:
        # ruamel.yaml takes 0.1 s to import: only for `--fix`
        from toolkit.edit.fixes import write

        edited, by_hand = api.fix(content, game)
        if (
            not diff
        ):  # all the files or none (`toolkit.edit.transaction`): said as fixed once written
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
    if layout:
        report = api.check_layout(content, game, strict, kit=out, since=since)
    else:  # the check command alone, without the orchestrator (`toolkit.commands.check`)
        report = check_content(content, game, strict, since)
    out = render(report, fmt, verbose=verbose)
    click.echo(out)
    if fmt == "json":
        click.echo(report.summary(), err=True)
    sys.exit(1 if report.failed else 0)


@cli.command()
@_content_options
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: a table per game; json: per game its totals and files.",
)
def coverage(content: Path, game: str | None, fmt: str) -> None:
    """Show what is left to write, per game and per file: values that are still
    placeholders, fields a designer writes that are empty, fields that carry the rules'
    own text (a source, an erratum), and values that are neither.

    Files with the most left to write come first; the placeholder total is the one
    `toolkit check` reports. `toolkit build` puts the same table in each game's gallery
    (kit/coverage.html). Exit 1 when a file does not load (it is not counted).
    """
    api = _api()

    report, games = api.coverage(content, game)
    click.echo(as_json(games) if fmt == "json" else as_text(games))
    if report.failed:
        click.echo(render(report, "text"), err=True)
    sys.exit(1 if report.failed else 0)


@cli.command()
@_content_options
@click.option(
    "--out",
    "out",
    **_kit_folder(
        "build",
        "Output folder, a folder of its own; each game's kit "
        "goes to <out>/<game>/, where only the files its "
        "kit/manifest.json lists are ever overwritten or deleted.",
    ),
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default="a4",
    show_default=True,
    help="Paper for every printed output (sheets, imposed cards).",
)
@click.option(
    "--only",
    metavar="KIND",
    multiple=True,
    help="Build only outputs of one kind (sheet, deck, card-faces, card-sheet, card-backs, "
    "board, board-tiles, tts, ...), or of one group (reference), or whose path matches a "
    "pattern such as 'sheets/factions/018-*'; give it again for more (--only boards/council* "
    "--only sheets/plots.pdf). A pattern that matches nothing is an error.",
)
@click.option(
    "--proof",
    is_flag=True,
    help="Mark placeholder values loudly (highlighted, labelled) for the designer.",
)
@click.option(
    "--draft",
    is_flag=True,
    help="Build even while rule errors remain: each page made from a file with an error "
    "carries a DRAFT band with its codes, kit/draft.pdf lists them all; still exits 1.",
)
@click.option(
    "--final",
    is_flag=True,
    help="Print placeholder values without their mark (by default each carries a "
    "discreet † explained on its sheet); the summary says how many there are.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    default=0,
    help="Worker processes (default 0: one per core).",
)
@click.option("--force", is_flag=True, help="Rebuild every output, even those up to date.")
@click.option(
    "--expansions",
    metavar="CODES",
    default=None,
    help="Comma-separated expansions to include, e.g. base,50F,SC (default: all). The base "
    "game is always in.",
)
@click.option("--watch", is_flag=True, help="Rebuild on every save, keeping the renderer warm.")
@click.option(
    "--preset",
    type=click.Choice(["home", "pod"]),
    default="home",
    show_default=True,
    help="home: cards n-up with crop marks, mirrored duplex backs and a calibration sheet; "
    "pod: one card a page with bleed (3 mm, or --bleed), back before face, CMYK PDF/X-4, "
    "for a print shop.",
)
@click.option(
    "--bleed",
    metavar="MM",
    type=click.FloatRange(min=0, max=12.7),
    default=None,
    help="Bleed around every card in the card files (faces, backs, card sheets, pod, TTS), "
    "in mm, 0 to 12.7 (default: 3).",
)
@click.option(
    "--export",
    "export",
    metavar="PROFILE",
    default=None,
    help="Also write every card as a print shop asks, under export/<PROFILE>/: "
    "tgc-poker, tgc-tarot (The Game Crafter), mpc-poker, mpc-tarot (MakePlayingCards): one "
    "PNG a face and back at the shop's pixel size, dpi and bleed; dtc-poker, dtc-tarot "
    "(DriveThruCards): one CMYK PDF a deck, face then back. The profile's bleed applies, "
    "not --bleed. Profiles: toolkit/templates/common/print-shops.yaml.",
)
@click.option(
    "--tts-url",
    metavar="URL",
    default=None,
    help="Where the Tabletop Simulator saved objects (tts/<deck>.json) find the deck PNGs: "
    "the https:// folder you uploaded tts/ to, or file:///path/to/<out>/<game>/tts/ on your "
    "machine (default: the PNG's name, beside the JSON).",
)
@click.option(
    "--back-offset",
    metavar="X,Y",
    default="0,0",
    show_default=True,
    help="Shift every duplex backs page by X mm right and Y mm down (as seen on the back), "
    "to correct a home printer; measure it with cards/duplex-calibration-<paper>.pdf.",
)
@click.option(
    "--backs",
    type=click.Choice(["uniform", "expansion"]),
    default="uniform",
    show_default=True,
    help="uniform: every card of a deck kind has the same back, so the DM may slip "
    "expansion cards in unseen (Forty Factions 13.2.1.2); the faces still name their "
    "expansion. expansion: each back also names its card's expansion (or Set), so the decks "
    "sort apart face down. Applies to every card file.",
)
def build(
    content: Path,
    game: str | None,
    out: Path,
    paper: str,
    only: tuple[str, ...],
    proof: bool,
    draft: bool,
    final: bool,
    jobs: int,
    force: bool,
    expansions: str | None,
    watch: bool,
    back_offset: str,
    preset: str,
    backs: str,
    bleed: float | None,
    export: str | None,
    tts_url: str | None,
) -> None:
    """Check the content, then build the print kit under <out>/<game>/.

    Refuses to build (exit 1) while any error remains. A sheet that does not fit
    on one page is an error naming the sheet and the field that overflows.
    Only what changed is rebuilt (kit/manifest.json records what each output was
    made from); outputs of deleted content files are removed.
    """
    _recovered(content, writes=False)  # a rename a kill cut short: finished or undone first
    api = _api()

    chosen = (
        frozenset(c.strip() for c in expansions.split(",") if c.strip())
        if expansions is not None
        else None
    )
    if any(not pattern.strip() for pattern in only):
        raise click.BadParameter(
            "give a kind or a path pattern (an empty one would mean "
            "everything: leave --only out for that)",
            param_hint="--only",
        )
    try:
        dx, dy = (float(v) for v in back_offset.split(","))
    except ValueError:
        raise click.BadParameter(
            "expected two numbers in mm, e.g. 1.5,-0.5", param_hint="--back-offset"
        ) from None
    if abs(dx) > 20 or abs(dy) > 20:
        raise click.BadParameter("at most 20 mm either way", param_hint="--back-offset")
    if proof and final:
        raise click.UsageError("--proof marks placeholders and --final hides them: choose one")
    if draft and final:
        raise click.UsageError("a --draft is never --final: choose one")
    options = BuildOptions(
        out=out,
        paper=paper,
        proof=proof,
        final=final,
        draft=draft,
        only=only or None,
        jobs=jobs,
        force=force,
        expansions=chosen,
        back_offset=(dx, dy),
        preset=preset,
        backs=backs,
        bleed=bleed,
        export=export,
        tts_url=tts_url,
    )
    if tts_url is not None and not tts_url.startswith(("https://", "http://", "file:///")):
        raise click.BadParameter(
            "expected an https://, http:// or file:/// address", param_hint="--tts-url"
        )
    if export is not None:
        profile(export)  # an unknown profile is a usage error, with a did-you-mean
    if watch:

        def echo(report: object) -> None:
            click.echo(render(report, "text", hide_waived=True))  # type: ignore[arg-type]
            click.echo("watching for changes (Ctrl-C to stop)", err=True)

        def trouble(message: str) -> None:
            click.echo(f"Error: {message}", err=True)

        try:
            api.watch(content, game, options, echo, trouble=trouble)
        except KeyboardInterrupt:
            click.echo("stopped watching", err=True)
        return
    report = api.build(content, game, options)
    if final and report.placeholders and not report.failed:
        # what the kit's pages print of them (a value on a sheet and its card counts once),
        # not the content's count: a placeholder no output prints is on no page
        one = "value" if report.printed == 1 else "values"
        report.notes.append(
            f"note: --final: the kit prints {report.printed} placeholder "
            f"{one} without their mark (the content holds "
            f"{report.placeholders})"
        )
    click.echo(render(report, "text", hide_waived=True))
    sys.exit(1 if report.failed else 0)


@cli.command()
@click.argument("game")
@click.argument("kind", required=False)
@click.argument("params", nargs=-1, metavar="[NAME=VALUE]...")
@click.option("--content", "content", callback=_own_content, **_folder("content", CONTENT_HELP))
@click.option(
    "--diff",
    is_flag=True,
    help="Print the new file and the other files' changes as a diff, and write nothing.",
)
@_from_project
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

    api = _api()
    # ruamel.yaml takes 0.1 s to import: only for `new`
    from toolkit.edit.scaffold import listing, parse_params, write

    if kind is None:  # what the help promises: the game's kinds, and what each takes
        try:
            click.echo(listing(load_pack(game).scaffolds, game))
        except UnknownGame:
            raise click.BadParameter(f"no game pack named '{game}'", param_hint="GAME") from None
        return
    _recovered(content, writes=not diff)
    made = api.new(content, game, kind, parse_params(params))
    if diff:
        if made.text is not None and made.plan.path is not None:
            # ruamel.yaml takes 0.1 s to import: only for `--fix`
            from toolkit.edit.fixes import diff_names

            click.echo(
                "".join(
                    difflib.unified_diff(
                        [],
                        made.text.splitlines(keepends=True),
                        "/dev/null",
                        diff_names(made.plan.path)[1],
                    )
                )
            )
        for e in made.edited:
            click.echo(e.diff(), nl=False)
        return
    write(made, content)
    if made.plan.path is not None:
        click.echo(f"wrote {display_path(made.plan.path)}", err=True)
    _said_then_checked(made.edited, (), made.plan.said, content, game)


def _recovered(content: Path, writes: bool) -> None:
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
        # the orchestrator and the renderer (2 s to import): only after `new`
        from toolkit.commands.schemas import refresh

        schemas = refresh(content, game)
    for path in schemas:  # they list every card's number and id
        click.echo(f"updated {display_path(path)}: the editor schemas list every card", err=True)
    report = check_content(content, game)
    click.echo(render(report, "text", hide_waived=True))
    sys.exit(1 if report.failed else 0)


@cli.command()
@_content_options
@click.option("--out", "out", **_kit_folder("build", "Folder the kit is built into and served."))
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port on 127.0.0.1 (0: any free port).",
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default="a4",
    show_default=True,
    help="Paper size of the sheets and tiles.",
)
@click.option("--proof", is_flag=True, help="Mark placeholder values loudly.")
def serve(content: Path, game: str | None, out: Path, port: int, paper: str, proof: bool) -> None:
    """Build the kit, serve its gallery on this machine, and rebuild and reload the open
    pages on every save (content or templates), as `mkdocs serve` does.

    The server listens on 127.0.0.1 only and writes nothing but the build; the reload script
    is added to the pages as they are served, never to the files.
    """
    api = _api()

    options = BuildOptions(out=out, paper=paper, proof=proof)
    try:
        server, rebuilds = serving(out, port, lambda line: click.echo(line, err=True))
    except OSError as exc:
        raise click.UsageError(
            f"cannot listen on 127.0.0.1:{port} ({exc.strerror}): choose another --port"
        ) from None

    def echo(report: object) -> None:
        click.echo(render(report, "text", hide_waived=True))  # type: ignore[arg-type]
        rebuilds.done(report.summary())  # type: ignore[attr-defined]

    def trouble(message: str) -> None:
        click.echo(f"Error: {message}", err=True)

    try:
        api.watch(content, game, options, echo, trouble=trouble)
    except KeyboardInterrupt:
        click.echo("stopped serving", err=True)
    finally:
        server.shutdown()


@cli.command()
@click.argument("game")
@click.argument("old")
@click.argument("new")
@click.option("--content", "content", callback=_own_content, **_folder("content", CONTENT_HELP))
@click.option("--diff", is_flag=True, help="Print the changes as a diff and write nothing.")
@_from_project
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
    api = _api()
    # the orchestrator and the renderer (2 s to import): only for `rename`
    from toolkit.commands.rename import write

    _recovered(content, writes=not diff)
    edited, renaming = api.rename(content, game, old, new)
    if diff:
        for e in edited:
            click.echo(e.diff(), nl=False)
        for frm, to in renaming.moves:
            click.echo(f"rename {display_path(frm)} -> {display_path(to)}")
        return
    schemas = write(content, edited, renaming)
    _said_then_checked(edited, renaming.moves, renaming.said, content, game, schemas)


@cli.command()
@_content_options
@click.option(
    "--out", "out", **_kit_folder("schemas", "Folder to write <game>/<kind>.schema.json into.")
)
def schema(content: Path, game: str | None, out: Path) -> None:
    """Write a JSON Schema for every content kind, for editor validation and completion.

    Point yaml-language-server at them with a first line such as
    `# yaml-language-server: $schema=../../../schemas/forty-factions/faction.schema.json`.
    """
    # the orchestrator imports the renderer (WeasyPrint, 1.1 s): not for `check`
    from toolkit.commands import schemas

    for path in schemas.write_all(content, game, out):
        click.echo(path)


@cli.command()
@click.argument("folder", type=click.Path(path_type=Path))
@click.option(
    "--from",
    "game",
    required=True,
    metavar="GAME",
    help="The game to start from (forty-factions, worldspanner, god-emperor): a copy of its "
    "content in the --content folder.",
)
@click.option("--content", "content", callback=_own_content, **_folder("content", CONTENT_HELP))
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
    folder: Path, game: str, content: Path, toolkit_repo: str | None, toolkit_rev: str | None
) -> None:
    """Create FOLDER, a designer's own content repository, from a game of --content.

    It holds content/GAME/ (a copy), rules/ (the rules texts the game cites), the editor
    schemas (schemas/GAME/), .pre-commit-config.yaml (the toolkit-check hook),
    .github/workflows/content.yml (check, then build the kit as an artifact), .gitignore
    and README.md. Its templates/ folder, if you add one, overrides the toolkit's templates
    file by file. FOLDER must be new or empty; nothing is written outside it.
    """
    written = init_repository(folder, content, game, toolkit_repo, toolkit_rev)
    click.echo(f"{folder}: {len(written)} files; next: cd {folder} && git init && toolkit check")


@cli.command()
@click.argument(
    "folder", type=click.Path(path_type=Path, file_okay=False, exists=True), default="build"
)
@click.option(
    "--no-visual", is_flag=True, help="Structure and policy only: do not rasterise the pages."
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    default=0,
    help="Worker processes (default 0: one per core).",
)
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
    # pikepdf, Pillow and the rasteriser: only for `toolkit audit`
    from toolkit.audit.outputs import audit as run_audit

    # pikepdf, Pillow and the rasteriser: only for `toolkit audit`
    from toolkit.audit.outputs import audit_outputs

    report = Report()
    report.extend(run_audit(folder, visual=not no_visual, jobs=jobs))
    files = len(audit_outputs(folder))
    lines = render(report, "text").splitlines()[:-1]  # the findings, without check's summary
    lines.append(f"{files} outputs audited, {report.errors} finding(s)")
    click.echo("\n".join(lines))
    sys.exit(1 if report.failed else 0)


@cli.command(context_settings={"ignore_unknown_options": False})
@click.argument("game", required=False)
@click.argument("procedure", required=False)
@click.argument("params", nargs=-1, metavar="[NAME=VALUE]...")
@click.option("--content", "content", callback=_own_content, **_folder("content", CONTENT_HELP))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: the answer, its arithmetic and rule; json: an "
    "object with value, rule, answer, steps, inputs, details.",
)
@click.option(
    "--list",
    "listing",
    is_flag=True,
    help="List every procedure (of GAME, or of every game) with its parameters.",
)
@_from_project
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
    api = _api()

    if listing and (procedure or params):
        raise click.UsageError("--list takes at most a GAME, no procedure or parameters")
    if not listing and not game:
        raise click.UsageError("name a GAME and a PROCEDURE, or use --list")
    report, bound = api.procedures(content, game)
    if report.failed:
        click.echo(render(report, "text", hide_waived=True), err=True)
        sys.exit(1)
    if listing and fmt == "json":
        games = [list_json(pack.id, procs) for pack, procs in bound]
        click.echo(json.dumps(games, indent=2, ensure_ascii=False))
        return
    if listing:
        blocks = [format_list(pack.title, pack.id, procs) for pack, procs in bound]
        click.echo("\n\n".join(blocks))
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
    proc = by_name.get(procedure)
    if proc is None:
        hit = difflib.get_close_matches(procedure, list(by_name), n=1)
        hint = f"; did you mean '{hit[0]}'?" if hit else f" (it has: {', '.join(by_name)})"
        raise click.UsageError(f"{pack.id} has no procedure '{procedure}'{hint}")
    inputs, result = proc(params)
    click.echo(format_json(proc, inputs, result) if fmt == "json" else format_text(proc, result))


class _SetupGroup(click.Group):
    """`toolkit setup <game> ...`: one sub-command per game pack with a set-up generator,
    its options declared by the pack (so the core names no game's options)."""

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
        hook = pack.setup

        def run(content: Path, out: Path, seed: int | None, **params: object) -> None:
            api = _api()

            chosen = seed if seed is not None else secrets.randbelow(1_000_000)
            report, paths, summary = api.setup(content, name, chosen, params, out)
            if report.failed:
                click.echo(render(report, "text", hide_waived=True))
                sys.exit(1)
            click.echo(summary)
            for path in paths:
                click.echo(f"wrote {path}")

        params: list[click.Parameter] = [
            click.Option(["--content"], **_folder("content", CONTENT_HELP)),
            click.Option(
                ["--out"],
                **_kit_folder("build", "Output folder; sheets go to <out>/<game>/setup/."),
            ),
            click.Option(
                ["--seed"],
                type=click.IntRange(min=0, max=MAX_SEED),
                default=None,
                help="Random seed: the same seed gives the same set-up "
                "(default: a new one, printed on the sheet).",
            ),
        ]
        for opt in hook.options:
            params.append(
                click.Option(
                    [f"--{opt.name}"],
                    type=opt.type,
                    default=opt.default,
                    show_default=opt.default is not None,
                    help=opt.help,
                )
            )
        return click.Command(name, params=params, callback=_from_project(run), help=hook.help)


@cli.command()
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


@cli.group(cls=_SetupGroup)
def setup() -> None:
    """Draw a random set-up for a game and write it as a sheet (SVG and PDF).

    \b
    Example:
      toolkit setup worldspanner --design quad --seed 42
    """


def main() -> None:
    """Console-script entry point."""
    gc.disable()  # until the command is known (`_BRIEF`)
    try:
        cli(prog_name="toolkit")
    except SystemExit as exc:
        if _BRIEF["exit"]:
            _leave(exc.code)
        raise


def _leave(code: object) -> None:
    """Exit now with `code` as `sys.exit` would, after everything the interpreter runs at
    exit (`atexit`: the documents' cache is written there), without freeing every object
    one by one first: the system takes the memory back at once."""
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        # a reader that went away (`| head`) or a closed stream has nothing more to get
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code or 0)
