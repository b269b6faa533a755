"""`toolkit build`, the orchestrator: check -> stop on errors -> list each game's outputs ->
render what is stale -> write it, one game after another.

A pack describes its outputs as `Output` records: a path under `build/<game>/`, a kind,
the files it depends on and a render function that returns bytes. This module owns the
order; each step is its own module: the check, or a kept build's record
(`build_check`), the plan of outputs (`build_plan`), their keys and staleness
(`output_keys`, `kit_record`), the processes that render them (`rendering`,
`render_worker`) and the writing (`kit_record`: atomic, only outputs that rendered
cleanly; a failed output keeps its previous version and the build exits 1).
"""

from __future__ import annotations

import time
from pathlib import Path

from toolkit.check.output_paths import check_out_folder, unknown_expansions
from toolkit.commands.build_check import Checked, check_or_keep
from toolkit.commands.build_plan import Plan, check_selection, chosen, plan_games
from toolkit.commands.build_types import BuildResult
from toolkit.commands.kit_record import KitRecord, sort_outputs
from toolkit.commands.output_keys import current, fingerprint, kit_keys
from toolkit.commands.render_output import render_output
from toolkit.commands.render_worker import warm_batch
from toolkit.commands.rendering import render_stale
from toolkit.commands.schedule import group_outputs
from toolkit.core.diagnostics import Report, display_path
from toolkit.core.outputs import BuildOptions, Output
from toolkit.kit.gallery import build_gallery
from toolkit.kit.manifest import Manifest
from toolkit.model.components import Components, gallery_groups
from toolkit.render.session import Session
from toolkit.render.templates import TEMPLATES
from toolkit.speed import kept_builds, warm_worker
from toolkit.speed.warm_worker import WarmWorker


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
    """`build`, with the warm worker (if any) started."""
    check_out_folder(options.out, content_dir, TEMPLATES)
    code = fingerprint(content_dir)  # the renderer's digest, read once for every game
    checked = check_or_keep(content_dir, game, options, code, keep)
    report = checked.report
    errors = [d for d in report.sorted() if report.is_failure(d)]
    refusal = _refusal(checked, options)
    if refusal is not None:
        report.notes.append(refusal)
        return report
    plan = plan_games(checked, options, errors)
    if report.errors > len(errors) or (report.failed and not options.draft):
        report.notes.append("note: nothing built: fix the errors above first")
        return report
    check_selection(plan, options)
    _build_plan(plan, checked, options, warm, code)
    return report


def _refusal(checked: Checked, options: BuildOptions) -> str | None:
    """Why nothing is built after the check, if so: errors (unless a draft), or a draft of
    content that does not even load. An expansion no game knows is a usage error."""
    if checked.report.failed and not options.draft:
        return (
            "note: nothing built: fix the errors above first (or build a "
            "stamped draft with --draft)"
        )
    if options.draft and not all(content.complete for _pack, content in checked.loaded):
        return (
            "note: nothing built: a draft needs every file to load and "
            "validate; fix the YAML and schema errors above first"
        )
    if options.expansions is not None:
        known = {
            pack.title: list(pack.expansions(content)) if pack.expansions else []
            for pack, content in checked.loaded
        }
        wrong = unknown_expansions(options.expansions, known)
        if wrong is not None:
            raise wrong
    return None


def _build_plan(
    plan: Plan, checked: Checked, options: BuildOptions, warm: WarmWorker | None, code: str
) -> None:
    """Build each planned game's kit, telling the games kept whole in their place (the
    game folders' sorted order)."""
    report, kept = checked.report, checked.kept
    for pack, content, outputs in plan:
        report.notes += [note for gid, note in kept if gid < pack.id]
        kept = [(gid, note) for gid, note in kept if gid > pack.id]
        found = checked.found[pack.id]
        result = build_outputs(
            pack.id,
            chosen(outputs, options.only),
            options,
            content.root,
            report,
            pack.title,
            [o.path for o in outputs],
            gallery_groups(content.one("components", Components)),
            warm,
            code,
            (found.key, found) if found.key else None,
        )
        report.built += result.built
    report.notes += [note for _gid, note in kept]


def build_outputs(
    game: str,
    outputs: list[Output],
    options: BuildOptions,
    content_root: Path,
    report: Report,
    title: str = "",
    every: list[str] | None = None,
    gallery: tuple[tuple[str, tuple[str, ...]], ...] = (),
    warm: WarmWorker | None = None,
    code: str | None = None,
    seal: tuple[str, Report] | None = None,
) -> BuildResult:
    """Render what is stale (in parallel), write it atomically, keep the manifest and the
    gallery (its sections by component: `gallery`, see `toolkit.kit.gallery`). `every`: the
    paths of all the game's outputs, when `outputs` is a selection (`--only`); `warm`, a
    renderer already started, is given work it finishes before a new pool would start;
    `code`: the renderer's `fingerprint`, when the caller has it; `seal`: the key of the
    game's build and what its check found, recorded when every output is written
    (`toolkit.speed.kept_builds`)."""

    start = time.perf_counter()
    game_out = options.out / game
    manifest = Manifest.open(game_out)  # no link under <out>/<game>, no entry leading out
    manifest.build = None  # the last build's record holds until this one is sealed
    code = code or fingerprint(content_root.parent)
    keys = kit_keys(outputs, options, code)
    todo = sort_outputs(outputs, manifest, keys, game_out, options.force)
    steps = len(todo.stale) + len(todo.assembled)
    record = KitRecord(game, manifest, options, content_root, keys, report, outputs, steps)
    record.result.skipped = todo.fresh
    record.prepare(todo, every or [o.path for o in outputs])
    # where one process renders the parts and assembles: parts held in memory, the others
    # read as found up to date
    held = frozenset(p for o in todo.assembled for p in o.parts)
    parts = (game_out, current(manifest, keys), held)
    try:
        render_stale(
            group_outputs(todo.stale),
            todo.assembled,
            options,
            content_root,
            code,
            parts,
            lambda: current(manifest, keys),
            record.take,
            warm,
        )
        _render_last(todo.later, record, options, content_root, code)
    except BaseException:
        record.abandon()
        raise
    record.settle()
    _finish(record, title, gallery, seal)
    result = record.result
    result.seconds = time.perf_counter() - start
    report.notes.append(_summary(game, result, game_out))
    return result


def _render_last(
    later: list[tuple[Output, bool]],
    record: KitRecord,
    options: BuildOptions,
    content_root: Path,
    code: str,
) -> None:
    """What reads the others' records (PRINT.md's pages) comes last, when any changed."""
    result = record.result
    changed = bool(result.built or result.removed or result.failed)
    todo = [o for o, fresh in later if not fresh or changed]
    result.skipped += len(later) - len(todo)
    if todo:
        session = Session(
            options=options,
            content_root=content_root,
            code=code,
            kit=dict(record.manifest.entries),
        )
        for o in todo:
            data, diags = render_output(session, o)
            record.take(o.path, data, diags, session.pages)


def _finish(
    record: KitRecord,
    title: str,
    gallery: tuple[tuple[str, tuple[str, ...]], ...],
    seal: tuple[str, Report] | None,
) -> None:
    """The gallery made again when the kit changed, the build sealed when every output was
    written cleanly (`toolkit.speed.kept_builds`), the manifest written."""
    manifest, game_out, result = record.manifest, record.game_out, record.result
    gallery_stale = result.built or result.removed or not (game_out / "index.html").exists()
    if record.options.only is None and gallery_stale:
        manifest.write(record.game)  # what was written is recorded before the gallery is made
        build_gallery(title or record.game, game_out, manifest, gallery)
    if seal is not None and not result.failed and not record.refused:
        manifest.build = kept_builds.seal(*seal)
    manifest.write(record.game)


def _summary(game: str, result: BuildResult, game_out: Path) -> str:
    """The line that tells what one game's build did."""
    return (
        f"{game}: {result.built} built, {result.skipped} up to date"
        + (f", {result.failed} failed" if result.failed else "")
        + (f", {result.removed} removed" if result.removed else "")
        + f" in {result.seconds:.1f} s -> {display_path(game_out)}"
    )
