"""`toolkit check --layout`: the check, then every output that can say whether it fits its
page laid out (a sheet too long for one page), without writing anything: what `build`
would refuse, found before it."""

from __future__ import annotations

from pathlib import Path

from toolkit.commands.baseline import baseline_of
from toolkit.commands.checking import check_games
from toolkit.commands.output_keys import fingerprint, output_key
from toolkit.commands.render_output import overflow_finding
from toolkit.core.diagnostics import Diagnostic, Report, from_record
from toolkit.core.outputs import BuildOptions, Output, RenderFailure, TextOverflow
from toolkit.kit.manifest import Manifest
from toolkit.render.session import Session


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
