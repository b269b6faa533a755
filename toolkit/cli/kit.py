"""The commands that build the print kit: `build`, and `serve` (built, served, rebuilt)."""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.cli.options import content_options, jobs_option, out_option, paper_option, proof_option
from toolkit.cli.runner import api, finish, recovered, watching
from toolkit.commands.reports import final_note
from toolkit.commands.serve import serving
from toolkit.core.outputs import BuildOptions
from toolkit.kit.shops import profile


def _patterns(
    ctx: click.Context, param: click.Parameter, value: tuple[str, ...]
) -> tuple[str, ...] | None:
    """`--only`: the kinds and path patterns given, None for every output."""
    if any(not pattern.strip() for pattern in value):
        raise click.BadParameter(
            "give a kind or a path pattern (an empty one would mean "
            "everything: leave --only out for that)",
            param_hint="--only",
        )
    return value or None


def _expansions(
    ctx: click.Context, param: click.Parameter, value: str | None
) -> frozenset[str] | None:
    """`--expansions base,50F`: the codes named, None for every expansion."""
    if value is None:
        return None
    return frozenset(c.strip() for c in value.split(",") if c.strip())


def _offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    """`--back-offset X,Y`: the shift in mm, each way at most 20 mm."""
    try:
        dx, dy = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter(
            "expected two numbers in mm, e.g. 1.5,-0.5", param_hint="--back-offset"
        ) from None
    if abs(dx) > 20 or abs(dy) > 20:
        raise click.BadParameter("at most 20 mm either way", param_hint="--back-offset")
    return dx, dy


def _url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """`--tts-url`: a web or file address."""
    if value is not None and not value.startswith(("https://", "http://", "file:///")):
        raise click.BadParameter(
            "expected an https://, http:// or file:/// address", param_hint="--tts-url"
        )
    return value


def _profile(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """`--export PROFILE`: a print shop's profile; an unknown one is a usage error with a
    did-you-mean (`toolkit.kit.shops.profile`)."""
    if value is not None:
        profile(value)
    return value


@click.command()
@content_options
@out_option(
    "build",
    "Output folder, a folder of its own; each game's kit "
    "goes to <out>/<game>/, where only the files its "
    "kit/manifest.json lists are ever overwritten or deleted.",
)
@paper_option
@click.option(
    "--only",
    metavar="KIND",
    multiple=True,
    callback=_patterns,
    help="Build only outputs of one kind (sheet, deck, card-faces, card-sheet, card-backs, "
    "board, board-tiles, tts, ...), or of one group (reference), or whose path matches a "
    "pattern such as 'sheets/factions/018-*'; give it again for more (--only boards/council* "
    "--only sheets/plots.pdf). A pattern that matches nothing is an error.",
)
@proof_option
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
@jobs_option
@click.option("--force", is_flag=True, help="Rebuild every output, even those up to date.")
@click.option(
    "--expansions",
    metavar="CODES",
    default=None,
    callback=_expansions,
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
    callback=_profile,
    help="Also write every card as a print shop asks, under export/<PROFILE>/: "
    "tgc-poker, tgc-tarot (The Game Crafter), mpc-poker, mpc-tarot (MakePlayingCards): one "
    "PNG a face and back at the shop's pixel size, dpi and bleed; dtc-poker, dtc-tarot "
    "(DriveThruCards): one CMYK PDF/X-1a:2003 a deck, face then back. The profile's "
    "bleed applies, not --bleed. Profiles: toolkit/templates/common/print-shops.yaml.",
)
@click.option(
    "--tts-url",
    metavar="URL",
    default=None,
    callback=_url,
    help="Where the Tabletop Simulator saved objects (tts/<deck>.json) find the deck PNGs: "
    "the https:// folder you uploaded tts/ to, or file:///path/to/<out>/<game>/tts/ on your "
    "machine (default: the PNG's name, beside the JSON).",
)
@click.option(
    "--back-offset",
    metavar="X,Y",
    default="0,0",
    show_default=True,
    callback=_offset,
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
    only: tuple[str, ...] | None,
    proof: bool,
    draft: bool,
    final: bool,
    jobs: int,
    force: bool,
    expansions: frozenset[str] | None,
    watch: bool,
    preset: str,
    bleed: float | None,
    export: str | None,
    tts_url: str | None,
    back_offset: tuple[float, float],
    backs: str,
) -> None:
    """Check the content, then build the print kit under <out>/<game>/.

    Refuses to build (exit 1) while any error remains. A sheet that does not fit
    on one page is an error naming the sheet and the field that overflows.
    Only what changed is rebuilt (kit/manifest.json records what each output was
    made from); outputs of deleted content files are removed.
    """
    recovered(content, writes=False)  # a rename a kill cut short: finished or undone first
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
        only=only,
        jobs=jobs,
        force=force,
        expansions=expansions,
        back_offset=back_offset,
        preset=preset,
        backs=backs,
        bleed=bleed,
        export=export,
        tts_url=tts_url,
    )
    if watch:
        said = "watching for changes (Ctrl-C to stop)"
        watching(content, game, options, lambda _: click.echo(said, err=True), "stopped watching")
        return
    report = api().build(content, game, options)
    note = final_note(report) if final else None
    if note is not None:
        report.notes.append(note)
    finish(report)


@click.command()
@content_options
@out_option("build", "Folder the kit is built into and served.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port on 127.0.0.1 (0: any free port).",
)
@paper_option
@proof_option
def serve(content: Path, game: str | None, out: Path, port: int, paper: str, proof: bool) -> None:
    """Build the kit, serve its gallery on this machine, and rebuild and reload the open
    pages on every save (content or templates), as `mkdocs serve` does.

    The server listens on 127.0.0.1 only and writes nothing but the build; the reload script
    is added to the pages as they are served, never to the files.
    """
    options = BuildOptions(out=out, paper=paper, proof=proof)
    try:
        server, rebuilds = serving(out, port, lambda line: click.echo(line, err=True))
    except OSError as exc:
        raise click.UsageError(
            f"cannot listen on 127.0.0.1:{port} ({exc.strerror}): choose another --port"
        ) from None
    try:
        watching(
            content,
            game,
            options,
            lambda report: rebuilds.done(report.summary()),
            "stopped serving",
        )
    finally:
        server.shutdown()
