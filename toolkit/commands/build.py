"""Build orchestration: check, then render every output a game pack lists, then write.

A pack describes its outputs as `Output` records: a path under `build/<game>/`,
a kind, the files it depends on and a render function that returns bytes. This
module owns the order (check first, refuse on errors), the rendering session
(one Jinja environment and one set of asset roots per process) and the writing
(atomic, only outputs that rendered cleanly; a failed output keeps its previous
version and the build exits 1).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.core.diagnostics import (
    Diagnostic,
    Loc,
    Report,
    Severity,
    display_path,
    project_path,
    to_record,
)
from toolkit.core.errors import os_failure
from toolkit.core.overrides import overrides_digest
from toolkit.core.resources import PACKAGE

if TYPE_CHECKING:
    from toolkit.speed.warm_worker import WarmWorker
import gc
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from toolkit.core.outputs import (
    DRAFT_LIST,
    BuildOptions,
    MissingPart,
    Output,
    RenderError,
    RenderFailure,
    TextOverflow,
)
from toolkit.core.progress import Progress
from toolkit.kit.manifest import Manifest, file_digest, remember_digest
from toolkit.render.session import Session
from toolkit.render.templates import TemplateProblem
from toolkit.speed import kept_builds


def overflow_finding(output: Output, exc: TextOverflow) -> Diagnostic:
    """RENDER-OVERFLOW at the content value holding the text that ran out of its box (at the
    output's first source when no value holds it)."""
    # pikepdf (0.12 s to import): only when text ran out of its box
    from toolkit.audit.textfit import locate

    at = locate(exc.text, output.sources) or Loc(
        output.sources[0] if output.sources else output.path
    )
    return Diagnostic(at, Severity.ERROR, "RENDER-OVERFLOW", f"{output.path}: {exc}")


def _render_one(session: Session, output: Output) -> tuple[bytes | None, list[Diagnostic]]:
    """Render one output; failures of content become diagnostics, never exceptions (an
    operating-system failure is a `WriteError`: the build stops with one clear line)."""

    session.warnings = []
    session.pages = 0
    where = Loc(output.sources[0] if output.sources else output.path)
    try:
        data = output.render(session)
    except RenderFailure as exc:
        return None, [*session.warnings, exc.diagnostic]
    except MissingPart as exc:  # its own error is reported where it failed
        # told at the content file the missing part is made from (a sheet is named after
        # its file), where the part's own error is
        stem = Path(exc.path).stem
        made_from = next((s for s in output.sources if Path(s).stem == stem), None)
        kept = session.out_dir is not None and (session.out_dir / output.path).is_file()
        return None, [
            *session.warnings,
            Diagnostic(
                Loc(made_from) if made_from else where,
                Severity.ERROR,
                "RENDER-FAILED",
                f"{output.path}: not assembled, {exc}; "
                + ("the previous one is kept" if kept else "none is written"),
            ),
        ]
    except TemplateProblem as exc:
        return None, [
            *session.warnings,
            Diagnostic(where, Severity.ERROR, "RENDER-TEMPLATE", f"{output.path}: {exc}"),
        ]
    except TextOverflow as exc:
        # pikepdf (0.12 s to import): only when text ran out of its box
        from toolkit.audit.textfit import locate

        content = [s for s in output.sources if not s.startswith("templates/")]
        if session.overflow_check and locate(exc.text, content) is None:
            # Text of the template's own (a label laid out past its line on purpose) is the
            # visual audit's to judge; the build fails only on content's text, at its field
            session.overflow_check = False
            try:
                return _render_one(session, output)
            finally:
                session.overflow_check = True
        return None, [*session.warnings, overflow_finding(output, exc)]
    except RenderError as exc:
        return None, [
            *session.warnings,
            Diagnostic(where, Severity.ERROR, "RENDER-FAILED", f"{output.path}: {exc}"),
        ]
    except OSError as exc:  # the machine, not the content: a temporary file, the font cache
        raise os_failure(exc, output.path, "render") from None
    return data, list(session.warnings)


def fingerprint(content_dir: Path | None = None) -> str:
    """A digest of the renderer itself (the package: its code and the templates, fonts and
    profiles shipped in it) and of the project's template overrides beside `content_dir`
    (`toolkit.core.overrides`): when it changes, every output is stale."""
    h = hashlib.sha256(overrides_digest(content_dir).encode())
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            h.update(path.relative_to(PACKAGE).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def output_key(
    output: Output, options: BuildOptions, code: str, memo: dict[int, str] | None = None
) -> str:
    """A digest of everything an output is made from: the data handed to its renderer (the
    sheet as it will print, not just its file, so a renamed enemy re-renders its
    neighbours), the options that change it, and the renderer's own fingerprint. `memo`,
    shared by the keys of one build, holds the text of each object already written out (a
    sheet's view appears in its sheet's and its deck's data)."""
    render = output.render
    memo = {} if memo is None else memo
    what = (render.args, render.keywords) if isinstance(render, partial) else render
    data = _repr(what, memo)
    opts = (
        options.paper,
        options.proof,
        options.final,
        sorted(options.expansions or ()),
        options.back_offset,
        options.preset,
        options.backs,
        options.bleed,
        options.export,
        options.tts_url,
    )
    return hashlib.sha256(f"{code}|{opts}|{output.path}|{data}".encode()).hexdigest()


def kit_keys(outputs: Iterable[Output], options: BuildOptions, code: str) -> dict[str, str]:
    """Each output's key by path (`output_key`); an output assembled from others (a deck)
    also digests its parts' keys, so it is stale whenever one of them is, though its own
    renderer is handed only their paths."""
    memo: dict[int, str] = {}
    outputs = list(outputs)
    keys = {o.path: output_key(o, options, code, memo) for o in outputs}
    for o in outputs:
        if o.parts:
            keys[o.path] = hashlib.sha256(
                "|".join([keys[o.path], *(keys.get(p, "") for p in o.parts)]).encode()
            ).hexdigest()
    return keys


def _repr(value: object, memo: dict[int, str]) -> str:
    """`repr(value)`, with the repr of each object inside tuples computed once per memo
    (the memo's owner keeps the objects alive, so their ids stay theirs)."""
    if type(value) is tuple:
        inner = ", ".join([_repr(v, memo) for v in value])
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    text = memo.get(id(value))
    if text is None:
        text = memo[id(value)] = repr(value)
    return text


# ------------------------------------------------------------------ worker processes

_WORKER: Session | None = None


# where a build's outputs are, the digest of each as it means them, which to hold in memory
Parts = tuple[Path, dict[str, str], frozenset[str]]


def _worker_init(
    options: BuildOptions, content_root: Path, code: str = "", parts: Parts | None = None
) -> None:
    """Set a worker up once: import the renderer, load fonts, keep one session. In one
    process (`--jobs 1`, `--watch`) the session and its layouts stay warm between builds,
    until the options or the templates change (`code`, the renderer's fingerprint): a
    layout cached under the old stylesheet must not print under the new one. `parts`: where
    this build's outputs are and which to hold for the outputs assembled from them (see
    `Session.part`), when this process assembles them."""
    global _WORKER
    import toolkit.render.pdf  # noqa: F401  (WeasyPrint and Pango, once per worker)

    if _WORKER is None or (_WORKER.options, _WORKER.content_root, _WORKER.code) != (
        options,
        content_root,
        code,
    ):
        _WORKER = Session(options=options, content_root=content_root, code=code)
    out_dir, current_, keep = parts or (None, {}, frozenset())
    _WORKER.out_dir, _WORKER.current, _WORKER.keep = out_dir, current_, keep
    _WORKER.rendered = {}


def warm_outputs(
    outputs: list[Output], options: BuildOptions, content_root: Path, stop: Callable[[], bool]
) -> int:
    """Warm this process's renderer as a first save would find it cold (`--watch`, `serve`):
    import it, load the fonts, lay out and write the cheapest output that can be laid out
    alone (`fit`: a sheet), ready the deck assembler, and parse the C types the font
    subsetter asks for, so that the first save's sheet and deck pay no first-use cost.
    Nothing else is laid out ahead: a save lays out its own sheet again anyway, and a
    layout under way when the save comes would hold it up. Stops as soon as `stop()` says a
    save has come. Returns how many outputs were laid out."""
    # pikepdf and WeasyPrint (1.2 s to import): only where a page is drawn
    from toolkit.render import deck_pdf

    # WeasyPrint takes 1.1 s to import: only where a page is laid out
    from toolkit.render.pdf import write_pdf

    _worker_init(options, content_root, fingerprint(content_root.parent))
    assert _WORKER is not None
    done = 0
    for output in sorted((o for o in outputs if o.fit is not None), key=lambda o: o.cost):
        if stop():
            return done
        try:
            laid = output.fit(_WORKER)  # type: ignore[misc]
            if hasattr(laid, "write_pdf"):
                write_pdf(laid)  # the PDF writer's and font subsetter's first use
        except Exception:  # a problem is the build's to report, when it renders the output
            continue
        done += 1
        break
    deck_pdf.ready()
    _ready_subsetter(stop)
    return done


def _ready_subsetter(stop: Callable[[], bool], most: int = 300) -> None:
    """WeasyPrint subsets each font of a PDF it writes with an array of the glyphs it keeps,
    a C type named by its length (`hb_codepoint_t[N]`), which cffi parses (2 ms) the first
    time it meets each length: parse the usual lengths now, while waiting for a save. (If
    WeasyPrint names them otherwise, this only costs the wait.)"""
    # WeasyPrint takes 1.1 s to import: only where a page is laid out
    from weasyprint.text.ffi import ffi

    for n in range(1, most + 1):
        if n % 5 == 0 and stop():
            return
        ffi.typeof(f"hb_codepoint_t[{n}]")


Rendered = tuple[str, bytes | None, list[Diagnostic], int]  # path, data, findings, pages


def _render_group(outputs: list[Output]) -> Iterator[Rendered]:
    """Render one group in this process, yielding each output as soon as it is done."""
    assert _WORKER is not None
    for output in outputs:
        data, diags = _render_one(_WORKER, output)
        if data is not None and output.path in _WORKER.keep:
            _WORKER.rendered[output.path] = data  # for an output assembled from it
        yield output.path, data, diags, _WORKER.pages


def _run_group(outputs: list[Output], parts: Parts | None = None) -> list[Rendered]:
    """A pool worker's task: render one group, then drop its cached layouts (the next group
    this worker gets never needs them, and a deck's hundred layouts would otherwise stay in
    memory for the rest of the build). `parts`: where the outputs it is assembled from are,
    for an output assembled from others (see `Session.part`).

    The layouts a group keeps for its deck are set aside from the garbage collector as
    they are made: each full collection would otherwise scan every layout kept so far, and
    the deck's worker spent a tenth of its time doing so. Nor does a task end with a full
    collection: it scans the whole renderer's heap, and with a task a sheet or a dozen
    cards that was a third of a kit's work (Forty Factions: 37 s of CPU against 26 s; the
    peak memory of a worker 235 MB against 277 MB). Python's own thresholds still collect
    the oldest objects as they grow."""
    assert _WORKER is not None
    if parts is not None:
        _WORKER.out_dir, _WORKER.current, _WORKER.keep = parts
    results = _render_kept(outputs)
    _WORKER.cache.clear()
    _WORKER.rendered.clear()
    return results


def _render_kept(outputs: list[Output]) -> list[Rendered]:
    """Render outputs in this process, each one's objects frozen out of the collector's
    scans as it is made (see `_run_group`), unfrozen at the end."""

    results = []
    for item in _render_group(outputs):
        results.append(item)
        gc.collect(1)
        gc.freeze()
    gc.unfreeze()
    gc.collect(1)
    return results


def warm_batch(
    first: list[Output],
    assembled: list[Output],
    options: BuildOptions,
    content_root: Path,
    code: str,
    parts: Parts | None,
) -> list[Rendered]:
    """The warm worker's job (`toolkit.speed.warm_worker`): set it up, render a batch."""
    _worker_init(options, content_root, code, parts)
    return _run_batch(first, assembled)


def _run_batch(first: list[Output], assembled: list[Output]) -> list[Rendered]:
    """The warm worker's batch (`toolkit.speed.warm_worker`): `first`, then `assembled` (outputs
    made from the others' pages, held in memory), with a fork of this process for a second
    core (`_shares`): this process renders its share while the fork renders the other.
    `_worker_init` has set the session up (parts included)."""
    assert _WORKER is not None
    made_here = {o.path for o in assembled}  # none is made from another (else, in order)
    split = _shares(first, assembled)
    if (
        split is None
        or (os.cpu_count() or 1) < 2
        or not hasattr(os, "fork")
        or any(p in made_here for o in assembled for p in o.parts)
    ):
        return _run_group([*first, *assembled])
    before, theirs, mine = split
    results = _render_kept(before)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the fork: its share, handed back whole (or what went wrong)
        os.close(read)
        try:
            reply: tuple[bool, Any] = (True, _render_kept(theirs))
        except BaseException as exc:
            reply = (False, exc)
        with os.fdopen(write, "wb") as fh:
            pickle.dump(reply, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os._exit(0)
    os.close(write)
    try:
        results += _render_kept(mine)
    finally:
        with os.fdopen(read, "rb") as fh:
            try:
                ok, value = pickle.load(fh)
            except (EOFError, pickle.UnpicklingError):  # the fork died: its share here
                ok, value = True, None
        os.waitpid(pid, 0)
    if not ok:
        raise value
    results += value if value is not None else _render_kept(theirs)
    _WORKER.cache.clear()
    _WORKER.rendered.clear()
    return results


def _shares(
    first: list[Output], assembled: list[Output]
) -> tuple[list[Output], list[Output], list[Output]] | None:
    """How a batch is split between the worker and its fork: what the worker renders before
    forking, the fork's share, and the worker's own after. An output and those assembled
    from it stay in one process (a card, its n-up sheets and its TTS sheet; a sheet and its
    deck): such pieces are shared out whole, the costliest first to the lighter share. A
    batch that is one piece (a card edit that changes no sheet) renders the parts of its
    costliest assembled output first, then shares the assembled outputs whose parts are
    done; the fork takes the costliest. None when there is nothing to share."""
    if not assembled:  # outputs laid out alone: in order, as the build lists them
        return None
    pieces: list[list[Output]] = []
    owner: dict[str, int] = {}
    for o in first:
        owner[o.path] = len(pieces)
        pieces.append([o])
    for o in assembled:
        joined = sorted({owner[p] for p in o.parts if p in owner})
        into = joined[0] if joined else len(pieces)
        if not joined:
            pieces.append([])
        for other in joined[1:]:  # an output made from two pieces joins them
            pieces[into] += pieces[other]
            for x in pieces[other]:
                owner[x.path] = into
            pieces[other] = []
        pieces[into].append(o)
    pieces = [p for p in pieces if p]
    if len(pieces) > 1:
        theirs, mine = [], []
        for piece in sorted(pieces, key=lambda p: -_work(p)):
            (theirs if _work(theirs) < _work(mine) else mine).extend(piece)
        order = {id(o): i for i, o in enumerate([*first, *assembled])}
        return (
            [],
            sorted(theirs, key=lambda o: order[id(o)]),
            sorted(mine, key=lambda o: order[id(o)]),
        )
    if len(assembled) < 2:  # one piece, one output made from the others: in order
        return None
    big = max(assembled, key=lambda o: o.cost)
    need = [o for o in first if o.path in big.parts]
    rest = [o for o in first if o.path not in big.parts]
    done = {o.path for o in need}
    theirs, mine = [big], list(rest)
    for o in sorted((o for o in assembled if o is not big), key=lambda o: -o.cost):
        if set(o.parts) <= done and _work(theirs) < _work(mine):  # to the lighter share
            theirs.append(o)
        else:
            mine.append(o)
    return need, theirs, mine


# Work (in sheet-pages of 40 ms) that the warm worker, alone, finishes before a new pool of
# two would have imported the renderer (half a second) and shared it: beyond it, a pool.
WARM_WORK = 25.0


def _work(group: list[Output]) -> float:
    return sum(o.cost for o in group)


def _groups(outputs: Iterable[Output]) -> list[list[Output]]:
    """Outputs of one group run in one worker, in order (a board's SVG and PDF share its
    drawing); the costliest groups go first so the workers finish together."""
    groups: dict[str, list[Output]] = {}
    for o in outputs:
        groups.setdefault(o.group or o.path, []).append(o)
    return sorted(groups.values(), key=_work, reverse=True)


def _soonest(groups: list[list[Output]]) -> list[list[Output]]:
    """Groups in the order one process renders them for a designer waiting on a save: the
    pages laid out from one content file (a sheet: `fit`) first, then the cheapest first
    (a card's page before a board)."""
    return sorted(groups, key=lambda g: (not any(o.fit for o in g), _work(g)))


def current(manifest: Any, keys: dict[str, str]) -> dict[str, str]:
    """The digest of each output that is on disk as this build means it (written now, or
    found up to date), by path."""
    return {
        path: entry["sha256"]
        for path, entry in manifest.entries.items()
        if keys.get(path) is not None and entry.get("key") == keys[path]
    }


@dataclass
class BuildResult:
    """What one game's build did."""

    built: int = 0
    skipped: int = 0
    failed: int = 0
    removed: int = 0
    seconds: float = 0.0


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
    folder = manifest.folder
    manifest.build = None  # the last build's record holds until this one is sealed
    code = code or fingerprint(content_root.parent)
    result = BuildResult()
    keys = kit_keys(outputs, options, code)
    stale, later, assembled = [], [], []
    for o in outputs:
        entry = manifest.entries.get(o.path)
        fresh = (
            not options.force
            and entry is not None
            and entry.get("key") == keys[o.path]
            and entry.get("sha256") == file_digest(game_out / o.path)
        )
        if o.after:
            later.append((o, fresh))  # decided once the others are done
        elif fresh:
            result.skipped += 1
        elif o.parts:
            assembled.append(o)  # once its parts are on disk
        else:
            stale.append(o)
    if manifest.damaged:
        report.notes.append(
            f"note: {display_path(manifest.path)} was damaged ({manifest.damaged}): what it "
            "did not describe is rebuilt"
        )
        manifest.adopt(game_out, [*(every or [o.path for o in outputs]), "index.html"])
    manifest.game = game
    writing = [o.path for o in stale] + [o.path for o, _fresh in later]
    writing += ["index.html"] if options.only is None else []
    manifest.refuse_strangers(game_out, writing)
    if options.only is None or not options.draft:
        # Outputs no longer produced (a deleted content file) go, with their manifest entry;
        # under --only, only a draft's list of errors once a build is no draft
        wanted = (
            {o.path for o in outputs}
            if options.only is None
            else set(manifest.entries) - {DRAFT_LIST}
        )
        result.removed, kept = manifest.prune(game_out, set(manifest.entries) - wanted)
        report.notes += [
            f"note: kept {display_path(k)}, no longer an output: it changed "
            "since the toolkit wrote it"
            for k in kept
        ]
    by_path = {o.path: o for o in outputs}
    progress = Progress(len(stale) + len(assembled))

    refused: list[str] = []  # outputs that found an error: the build is not kept whole

    def take(path: str, data: bytes | None, diags: list[Diagnostic], pages: int) -> None:
        report.extend(diags)
        if any(report.is_failure(d) for d in diags):
            refused.append(path)
        progress.step(path)
        if data is None:
            result.failed += 1
            return
        folder.write_bytes(path, data)
        digest = hashlib.sha256(data).hexdigest()
        remember_digest(game_out / path, digest)
        o = by_path[path]
        manifest.entries[path] = {
            "path": path,
            "kind": o.kind,
            "pages": pages,
            "paper": options.paper,
            "proof": options.proof,
            "sources": sorted({project_path(src, content_root) for src in o.sources}),
            "sha256": digest,
            "bytes": len(data),
            "key": keys[path],
        }
        if diags:  # a sheet set smaller to fit: `toolkit check --layout` tells it again
            manifest.entries[path]["findings"] = [to_record(d) for d in diags]
        manifest.written.pop(path, None)  # its claim (see `Manifest.claim`) is settled
        result.built += 1

    jobs = options.jobs or os.cpu_count() or 1
    groups = _groups(stale)
    manifest.claim(game_out, writing)
    # where one process renders the parts and assembles: parts held in memory, the others
    # read as found up to date
    parts = (game_out, current(manifest, keys), frozenset(p for o in assembled for p in o.parts))
    try:
        if not groups and not assembled:
            pass  # nothing to render: the renderer is never even imported
        elif warm is not None and (len(groups) <= 1 or sum(map(_work, groups)) <= WARM_WORK):
            # the warm worker: the cheapest first, as below, then what is assembled from them
            batch = [o for group in _soonest(groups) for o in group]
            for item in warm.run(batch, assembled, options, content_root, code, parts):
                take(*item)
            assembled = []
        elif jobs <= 1 or len(groups) <= 1:
            # one process (`--jobs 1`, `--watch`): each file is written as soon as it is
            # rendered, so a changed sheet is on disk before its deck is reassembled
            _worker_init(options, content_root, code, parts)
            for group in [*_soonest(groups), assembled]:  # the edited sheet first
                for item in _render_group(group):
                    take(*item)
            assembled = []
        else:
            with ProcessPoolExecutor(
                max_workers=min(jobs, len(groups)),
                initializer=_worker_init,
                initargs=(options, content_root, code),
            ) as pool:
                # an output assembled from others (a deck, a card sheet, tiles) goes to the
                # pool as soon as its parts are settled (written, failed, or up to date)
                unsettled = {o.path for o in stale}
                futures = {pool.submit(_run_group, g) for g in groups}
                try:
                    while futures:
                        done, futures = wait(futures, return_when=FIRST_COMPLETED)
                        for future in done:
                            for item in future.result():
                                take(*item)
                                unsettled.discard(item[0])
                        ready = [o for o in assembled if unsettled.isdisjoint(o.parts)]
                        if ready:
                            where = (game_out, current(manifest, keys), frozenset())
                            futures |= {pool.submit(_run_group, [o], where) for o in ready}
                            assembled = [o for o in assembled if o not in ready]
                except BaseException:
                    for future in futures:  # a full disk: the groups not started never start
                        future.cancel()
                    raise
        # what reads the others' records (PRINT.md's pages) comes last, when any changed
        changed = bool(result.built or result.removed or result.failed)
        todo = [o for o, fresh in later if not fresh or changed]
        result.skipped += len(later) - len(todo)
        if todo:
            session = Session(
                options=options, content_root=content_root, code=code, kit=dict(manifest.entries)
            )
            for o in todo:
                data, diags = _render_one(session, o)
                take(o.path, data, diags, session.pages)
    except BaseException:
        # Whatever was written is recorded, even when the build is interrupted or the disk
        # fails; if the manifest cannot be written either, the previous one stays whole.
        progress.close()
        manifest.settle(game_out)
        with contextlib.suppress(OSError):
            manifest.write(game)
        raise
    progress.close()
    manifest.settle(game_out)
    gallery_stale = result.built or result.removed or not (game_out / "index.html").exists()
    if options.only is None and gallery_stale:
        # the renderer (WeasyPrint, pikepdf: over 1 s to import), not on a cold path
        from toolkit.kit.gallery import build_gallery

        manifest.write(game)  # what was written is recorded before the gallery is made
        build_gallery(title or game, game_out, manifest, gallery)
    if seal is not None and not result.failed and not refused:
        manifest.build = kept_builds.seal(*seal)
    manifest.write(game)
    result.seconds = time.perf_counter() - start
    report.notes.append(
        f"{game}: {result.built} built, {result.skipped} up to date"
        + (f", {result.failed} failed" if result.failed else "")
        + (f", {result.removed} removed" if result.removed else "")
        + f" in {result.seconds:.1f} s -> {display_path(game_out)}"
    )
    return result
