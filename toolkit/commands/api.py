"""The orchestrator: load -> validate -> model -> check, one game after another.

The CLI makes one call here per command; this module decides the order of the
stages and stops before rendering when content has errors.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import gc
import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from toolkit.check.coverage import game_coverage
from toolkit.check.output_paths import (
    check_out_folder,
    path_findings,
    unknown_expansions,
    unmatched_only,
)
from toolkit.check.runner import placeholder_count
from toolkit.commands.baseline import baseline_of
from toolkit.commands.build import (
    build_outputs,
    fingerprint,
    output_key,
    overflow_finding,
    warm_batch,
    warm_outputs,
)
from toolkit.commands.check import check as check  # `toolkit check`, the API's too
from toolkit.commands.checking import check_games, check_one, load_game
from toolkit.core.diagnostics import Diagnostic, Loc, Report, display_path, error, from_record
from toolkit.core.errors import ToolkitError
from toolkit.core.marks import tally
from toolkit.core.outputs import BuildOptions, Output, RenderFailure, TextOverflow
from toolkit.core.overrides import search_path
from toolkit.edit.fixes import apply, stale_placeholders
from toolkit.edit.rename import RenameError
from toolkit.edit.rename import prepare as prepare_rename
from toolkit.edit.scaffold import ScaffoldError, choose
from toolkit.edit.scaffold import prepare as prepare_new
from toolkit.games import GamePack
from toolkit.kit.coverage_page import render_page
from toolkit.kit.facts import disagreements
from toolkit.kit.manifest import Manifest
from toolkit.kit.shops import profile
from toolkit.load.game_folders import discover_games
from toolkit.model.components import Components, gallery_groups
from toolkit.model.content import ContentSet
from toolkit.render.board_style import BoardStyleError
from toolkit.render.boards import board_file, board_svg
from toolkit.render.session import Session
from toolkit.render.svg import SVGTextError
from toolkit.render.templates import TEMPLATES, TemplateProblem
from toolkit.speed import content_cache, kept_builds, warm_worker

if TYPE_CHECKING:
    from toolkit.check.coverage import GameCoverage
    from toolkit.check.procedures import Procedure
    from toolkit.core.outputs import BuildOptions, Output
    from toolkit.edit.fixes import Edited, Fix
    from toolkit.edit.rename import Renaming
    from toolkit.edit.scaffold import Made
    from toolkit.speed.warm_worker import WarmWorker


def check_layout(
    content_dir: Path,
    game: str | None = None,
    strict: bool = False,
    kit: Path | None = None,
    since: str | None = None,
) -> Report:
    """`check`, then lay out every output that can say whether it fits its page (a sheet
    too long for one page), without writing anything: what `build` would refuse, found
    before it. Games with errors are not laid out. Where `kit` (a build's --out) holds an
    output built with the default options from the same data, what its build found is
    told again and the output is not laid out (`laid_out`)."""

    report, loaded = check_games(
        content_dir, game, strict, baseline=baseline_of(content_dir, game, since)
    )
    code = fingerprint(content_dir) if kit is not None else ""  # read once for every game
    for pack, content in loaded:
        if pack.outputs is None or not content.complete:
            continue
        if any(
            report.is_failure(d) and pack.id in Path(str(d.loc.path)).parts
            for d in report.diagnostics
        ):
            continue
        options = BuildOptions()
        session = Session(options=options, content_root=content.root)
        fits = [o for o in pack.outputs(content, options) if o.fit is not None]
        known = laid_out(kit / pack.id, fits, options, code) if kit is not None else {}
        for output in fits:
            if output.path in known:
                report.extend(known[output.path])
                continue
            session.warnings = []
            try:
                output.fit(session)
            except RenderFailure as exc:
                report.extend([exc.diagnostic])
            except TextOverflow as exc:
                report.extend([overflow_finding(output, exc)])
            report.extend(session.warnings)
    return report


def laid_out(
    game_out: Path, outputs: list[Output], options: BuildOptions, code: str
) -> dict[str, list[Diagnostic]]:
    """What the kit in `game_out` found when it built each of `outputs` from the same data
    with the same options and code (`code`, the renderer's `fingerprint`; its manifest's
    key): a sheet built there fitted its page (one that did not was never recorded), with
    these findings (a text set smaller)."""

    manifest = Manifest.open(game_out)  # what a link there names is not read
    if not manifest.entries:
        return {}
    memo: dict[int, str] = {}
    found = {}
    for o in outputs:
        entry = manifest.entries.get(o.path)
        if entry is not None and entry["key"] == output_key(o, options, code, memo):
            records = entry.get("findings")
            kept = [from_record(r) for r in records] if isinstance(records, list) else []
            found[o.path] = [d for d in kept if d is not None]
    return found


def fix(content_dir: Path, game: str | None = None) -> tuple[list[Edited], list[Fix]]:
    """The mechanical fixes of every game's findings (or one game's), applied to the files'
    text but not written (`toolkit.edit.fixes.write` does): the files changed, and the fixes to
    make by hand (a file that would not round-trip unchanged)."""

    todo: list[Fix] = []
    for gid in discover_games(content_dir, game):
        loaded = load_game(content_dir, gid, Report())
        if loaded is None:
            continue
        pack, content = loaded
        todo += stale_placeholders(content)
        if pack.fixes is not None and content.complete:
            todo += pack.fixes(content)
    return apply(todo)


def new(content_dir: Path, game: str, kind: str | None, params: dict[str, str]) -> Made:
    """Plan a new card of `kind` (`toolkit new`): the new file and the edits of the others,
    nothing written (`toolkit.edit.scaffold.write` does). The game's content must load."""

    discover_games(content_dir, game)
    report = Report()
    loaded = load_game(content_dir, game, report)
    if loaded is None:
        raise ScaffoldError(f"no game pack named '{game}'")
    pack, content = loaded
    scaffold = choose(pack.scaffolds, kind, game)
    if not content.complete:
        raise ScaffoldError(
            f"{len(content.failed)} file(s) of {game} do not load "
            f"({', '.join(sorted(content.failed))}): `toolkit check` says why; "
            "fix them first"
        )
    return prepare_new(content, scaffold, params, content_dir.parent / "schemas")


def rename(content_dir: Path, game: str, old: str, new: str) -> tuple[list[Edited], Renaming]:
    """Plan `toolkit rename`: the edited files' text and the files to move, nothing written
    (`toolkit.edit.rename.write` does). The game's content must load."""

    discover_games(content_dir, game)
    loaded = load_game(content_dir, game, Report())
    if loaded is None:
        raise RenameError(f"no game pack named '{game}'")
    pack, content = loaded
    if pack.renames is None:
        raise RenameError(f"{game} has nothing `toolkit rename` can rename")
    if not content.complete:
        raise RenameError(
            f"{len(content.failed)} file(s) of {game} do not load: `toolkit "
            "check` says why; fix them first"
        )
    return prepare_rename(pack.renames(content, old, new))


def no_export(pid: str, games: list[str]) -> ToolkitError:
    """A usage error: no card of the games built is the profile's size."""

    p = profile(pid)
    size = f"{p.trim[0]:.1f} x {p.trim[1]:.1f} mm"
    return ToolkitError(
        f"--export {pid}: {p.title} prints {size} cards; no deck of "
        f"{', '.join(games) or 'the kit'} is that size (within 1 mm)"
    )


def build(content_dir: Path, game: str | None, options: BuildOptions, keep: bool = True) -> Report:
    """Check, then render and write every output of every game (or one game).

    Refuses to render anything while an error remains (exit 1), so no sheet is
    ever printed from content that breaks the rules. With more than one job, a renderer
    process warms while the content is checked (`toolkit.speed.warm_worker`). A game none of
    whose inputs changed since its last build into the folder is told from that build's
    record without being loaded (`toolkit.speed.kept_builds`), unless `keep` is False.
    """

    warm = None
    if options.jobs != 1 and not options.paths_only:
        warm = warm_worker.start(warm_batch)
    try:
        return _build(content_dir, game, options, warm, keep)
    finally:
        if warm is not None:
            warm.close()


def _build(
    content_dir: Path,
    game: str | None,
    options: BuildOptions,
    warm: WarmWorker | None,
    keep: bool = True,
) -> Report:

    check_out_folder(options.out, content_dir, TEMPLATES)
    code = fingerprint(content_dir)  # the renderer's digest, read once for every game
    report, loaded, found, kept = _check_or_keep(content_dir, game, options, code, keep)
    errors = [d for d in report.sorted() if report.is_failure(d)]
    if report.failed and not options.draft:
        report.notes.append(
            "note: nothing built: fix the errors above first (or build a "
            "stamped draft with --draft)"
        )
        return report
    if options.draft and not all(content.complete for _pack, content in loaded):
        report.notes.append(
            "note: nothing built: a draft needs every file to load and "
            "validate; fix the YAML and schema errors above first"
        )
        return report
    if options.expansions is not None:
        known = {
            pack.title: list(pack.expansions(content)) if pack.expansions else []
            for pack, content in loaded
        }
        wrong = unknown_expansions(options.expansions, known)
        if wrong is not None:
            raise wrong
    plan = []
    for pack, content in loaded:
        if pack.outputs is None:
            continue
        try:
            with tally() as printed:  # the placeholder values its pages print
                listed = pack.outputs(content, options)
            found[pack.id].printed = len(printed)
            report.printed += len(printed)
        except SVGTextError as exc:  # a board's text the fonts cannot print (a missing glyph)
            report.extend([error(Loc(display_path(content.root)), "RENDER-TEXT", str(exc))])
            continue
        except (BoardStyleError, TemplateProblem) as exc:  # board.css or a board template
            report.extend([error(Loc(display_path(content.root)), "RENDER-STYLE", str(exc))])
            continue
        except Exception as exc:  # content that breaks a rule may not even lay out
            if not errors:
                raise
            report.notes.append(
                f"note: {pack.id}: no draft: its outputs cannot be laid out "
                f"while these errors remain ({type(exc).__name__}: {exc})"
            )
            continue
        root = display_path(content.root)
        own = [d for d in errors if d.loc.path == root or d.loc.path.startswith(f"{root}/")]
        if options.draft and own:  # a game with no error of its own builds as it would
            # pikepdf and WeasyPrint (1.2 s to import): only where a page is drawn
            from toolkit.render.draft import cover_output, stamped_outputs

            listed = [*stamped_outputs(listed, own), cover_output(pack.title, content.files, own)]
        if options.preset == "pod":  # a print shop's kit: every PDF in it is PDF/X-4
            # WeasyPrint and pikepdf (1.2 s to import): only for a print shop's PDF/X
            from toolkit.render.pdfx import for_print_shop

            listed = for_print_shop(listed)
        # one truth across the kit: every output's facts, the whole kit's, before any render
        found[pack.id].extend(disagreements(listed))
        plan.append((pack, content, [*listed, coverage_output(pack, content)]))
    for pack, _content, outputs in plan:
        found[pack.id].extend(path_findings(outputs))
        report.extend(found[pack.id].diagnostics)
    if report.errors > len(errors) or (report.failed and not options.draft):
        report.notes.append("note: nothing built: fix the errors above first")
        return report
    if options.export and not any(o.kind == "export" for *_, outputs in plan for o in outputs):
        raise no_export(options.export, [p.id for p, *_ in plan])
    for pattern in options.only or ():  # each pattern must match in some game built
        if not any(select(outputs, (pattern,)) for *_, outputs in plan):
            raise unmatched_only(pattern, [o for *_, outputs in plan for o in outputs])
    for pack, content, outputs in plan:
        # the games kept whole are told in their place: the game folders' (sorted) order
        report.notes += [note for gid, note in kept if gid < pack.id]
        kept = [(gid, note) for gid, note in kept if gid > pack.id]
        chosen = list(select(outputs, options.only))
        # a draft's list of errors comes with whatever part of the kit is asked for; a deck
        # is assembled from its sheets: they come with it (rebuilt only if stale)
        parts = {p for o in chosen for p in o.parts}
        taken = {o.path for o in chosen}  # by path: comparing outputs whole is slow
        chosen += [
            o for o in outputs if o.path not in taken and (o.kind == "draft" or o.path in parts)
        ]
        groups = gallery_groups(content.one("components", Components))
        seal = (found[pack.id].key, found[pack.id]) if found[pack.id].key else None
        result = build_outputs(
            pack.id,
            chosen,
            options,
            content.root,
            report,
            pack.title,
            [o.path for o in outputs],
            groups,
            warm,
            code,
            seal,
        )
        report.built += result.built
    report.notes += [note for _gid, note in kept]
    return report


@dataclass
class _Found(Report):
    """What one game's check found, and the key of its build (`toolkit.speed.kept_builds`)."""

    key: str = ""


Checked = tuple[
    Report, list[tuple[GamePack, ContentSet]], dict[str, "_Found"], list[tuple[str, str]]
]


def _check_or_keep(
    content_dir: Path, game: str | None, options: BuildOptions, code: str, keep: bool = True
) -> Checked:
    """Check every game (or one) for a build, as `_check`; a game whose last build into
    this folder was made from the same inputs and left every file as it was is told from
    that build's record instead of being loaded (`toolkit.speed.kept_builds`). The report, the
    games loaded, what each loaded game's check found, and each game kept with its line."""

    report = Report(strict=False)
    loaded, found, kept = [], {}, []
    keeping = keep and kept_builds.eligible(options)
    for gid in discover_games(content_dir, game):
        start = time.perf_counter()
        key = kept_builds.game_key(content_dir, gid, options, code) if keeping else None
        if key is not None:
            game_out = options.out / gid
            project = content_dir.absolute().parent
            same = kept_builds.recall(Manifest.open(game_out), game_out, key, project)
            if same is not None:
                report.merge(same.found)
                kept.append(
                    (
                        gid,
                        f"{gid}: 0 built, {same.outputs} up to date in "
                        f"{time.perf_counter() - start:.1f} s -> "
                        f"{display_path(game_out)}",
                    )
                )
                continue
        part = _Found(key=key or "")
        # the paths of the outputs are checked later, for this build's own options
        one = check_one(content_dir, gid, part, listing=False)
        report.merge(part)
        if one is not None:
            loaded.append(one)
            found[one[0].id] = part
    return report, loaded, found, kept


def coverage(content_dir: Path, game: str | None = None) -> tuple[Report, list[GameCoverage]]:
    """What is left to write in every game (or one): placeholders, empty fields, values
    from the rules, per file (see `toolkit.check.coverage`). The report holds load errors."""

    report = Report()
    out = []
    for gid in discover_games(content_dir, game):
        loaded = load_game(content_dir, gid, report)
        if loaded is None:
            continue
        pack, content = loaded
        report.placeholders += placeholder_count(content)
        out.append(game_coverage(content, pack.kinds))
    return report, out


def coverage_output(pack: GamePack, content: ContentSet) -> Output:
    """kit/coverage.html: the coverage page of the game's gallery."""

    data = game_coverage(content, pack.kinds)
    sources = (*content.files, "templates/common/coverage.html.j2")
    return Output(
        "kit/coverage.html",
        "coverage",
        sources,
        partial(render_page, pack.title, data),
        group="reference",
        cost=0,
    )


def setup(
    content_dir: Path, game: str, seed: int, params: dict[str, object], out: Path
) -> tuple[Report, list[Path], str]:
    """Check a game's content, then generate a set-up sheet and write it as SVG and PDF
    under <out>/<game>/setup/ (recorded in the game's manifest as the toolkit's; a file of
    the user's there is never overwritten). Refuses (an error in the report) while content
    has errors."""

    check_out_folder(out, content_dir, TEMPLATES)
    report, loaded = check_games(content_dir, game, strict=False)
    if report.failed or not loaded:
        report.notes.append("note: no set-up drawn: fix the errors above first")
        return report, [], ""
    pack, content = loaded[0]
    if pack.setup is None:
        raise ToolkitError(f"{pack.title} has no set-up generator")
    sheet = pack.setup.run(content, seed, params)
    game_out = out / game
    manifest = Manifest.open(game_out)
    session = Session(BuildOptions(out=out), content.root)
    files = {f"setup/{sheet.name}.svg": board_svg(sheet.svg, session)}  # its fonts embedded
    manifest.refuse_strangers(game_out, [*files, f"setup/{sheet.name}.pdf"])
    files[f"setup/{sheet.name}.pdf"] = board_file(
        sheet.svg, sheet.size[0], sheet.size[1], sheet.title, session
    )
    for rel, data in files.items():
        manifest.folder.write_bytes(rel, data)
        manifest.written[rel] = hashlib.sha256(data).hexdigest()
    manifest.write(game)
    return report, [game_out / rel for rel in files], sheet.summary


def procedures(
    content_dir: Path, game: str | None
) -> tuple[Report, list[tuple[GamePack, tuple[Procedure, ...]]]]:
    """Check a game's content (or every game's), then bind each game's rules procedures to
    it (`toolkit calc`). Nothing is bound while the content has errors: no answer is ever
    computed from content that breaks the rules."""
    report, loaded = check_games(content_dir, game, strict=False)
    if report.failed:
        report.notes.append("note: nothing computed: fix the errors above first")
        return report, []
    return report, [
        (pack, pack.procedures(content)) for pack, content in loaded if pack.procedures is not None
    ]


def select(outputs: list[Output], only: Sequence[str] | None) -> list[Output]:
    """The outputs `--only` asks for: those matching any of its path patterns, output kinds
    or groups."""

    if not only:
        return outputs
    return [
        o
        for o in outputs
        if any(fnmatch.fnmatchcase(o.path, p) or p in (o.kind, o.group) for p in only)
    ]


def watch(
    content_dir: Path,
    game: str | None,
    options: BuildOptions,
    echo: Callable[[Report], None],
    interval: float = 0.3,
    rounds: int | None = None,
    trouble: Callable[[str], None] | None = None,
) -> None:
    """Build, then rebuild whenever a content file or template changes, in this process:
    the renderer stays warm (fonts loaded, templates compiled, boards drawn), so a changed
    sheet is laid out alone and its deck reassembled from the sheets' files. Changes are heard
    from the kernel's file events where it has them (see `toolkit.commands.changes`).

    A problem of the first build (a usage error, a missing folder) ends the watch; after
    that, one (the content folder moved away, a full disk) is told to `trouble` and the
    watch goes on, so the build runs again once the folder is back or the disk has room."""

    # the orchestrator imports the renderer (WeasyPrint, 1.1 s): not for `check`
    from toolkit.commands.changes import Changes

    options = dataclasses.replace(options, jobs=1)
    changes = Changes([content_dir, *search_path(content_dir)], interval)  # overrides too
    try:
        # every game loaded and checked, even one its last build could tell: this process
        # warms with it, for the first save
        echo(build(content_dir, game, options, keep=False))
        content_cache.flush()
        warm(content_dir, game, options, changes.stirred)
        # a save that stopped the warm-up is rebuilt first; the collection waits for after
        settle(collect=not changes.stirred())
        done = 0
        while rounds is None or done < rounds:
            if not changes.wait(timeout=1.0):
                continue
            done += 1
            if trouble is not None and not content_dir.is_dir():
                trouble(
                    f"the content folder {display_path(content_dir)} is gone (moved or "
                    "deleted); watching for it to come back"
                )
                continue
            try:
                # one game watched: a save is to it (or to a template), never kept whole
                echo(build(content_dir, game, options, keep=game is None))
            except ToolkitError as exc:
                if trouble is None:
                    raise
                trouble(f"{exc.message} (still watching: the build runs again on the next change)")
            content_cache.flush()  # after the rebuild: off the way of the edited sheet
            settle()
    finally:
        changes.close()


def warm(
    content_dir: Path, game: str | None, options: BuildOptions, stop: Callable[[], bool]
) -> int:
    """Warm this process's renderer for every game (`toolkit.commands.build.warm_outputs`: its
    fonts, a sheet laid out and written, the deck assembler), so that the first save after
    `--watch` starts is rebuilt as fast as the later ones; stops as soon as `stop()` (a save
    has come). How many outputs were laid out."""

    done = 0
    for gid in discover_games(content_dir, game):
        loaded = load_game(content_dir, gid, Report())
        if loaded is None or loaded[0].outputs is None or not loaded[1].complete:
            continue
        pack, content = loaded
        try:
            outputs = select(pack.outputs(content, options), options.only)  # type: ignore[misc]
        except Exception:  # content the build refused: nothing to warm
            continue
        done += warm_outputs(outputs, options, content.root, stop)
        if stop():
            break
    return done


def settle(collect: bool = True) -> None:
    """Collect garbage while waiting for the next save, then set the survivors (the warm
    layouts and fonts) aside: a full collection in the middle of a rebuild would scan them
    all, a pause of about a fifth of a second. Without `collect` (a save is waiting), they
    are only set aside."""

    gc.unfreeze()
    if collect:
        gc.collect()
    gc.freeze()
