"""The plan of a build: each checked game's outputs listed for this build's options (a
draft's stamped, a print shop's PDF/X), checked as one kit (one truth across its facts, one
output a path) and narrowed to what `--only` asks for. Nothing is rendered here."""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from functools import partial

from toolkit.audit.textfit import overflow_at_field
from toolkit.check.coverage import game_coverage
from toolkit.check.output_paths import path_findings, unmatched_only
from toolkit.commands.build_check import Checked
from toolkit.core.diagnostics import Diagnostic, Loc, display_path, error
from toolkit.core.errors import ToolkitError
from toolkit.core.marks import tally
from toolkit.core.outputs import BuildOptions, Output, TextOverflow
from toolkit.games import GamePack
from toolkit.kit.coverage_page import render_page
from toolkit.kit.facts import disagreements
from toolkit.kit.shops import profile
from toolkit.model.content import ContentSet
from toolkit.render.board_style import BoardStyleError
from toolkit.render.svg import SVGTextError
from toolkit.render.templates import TemplateProblem

# each game to build, with its content and every output of its kit
Plan = list[tuple[GamePack, ContentSet, list[Output]]]


def plan_games(checked: Checked, options: BuildOptions, errors: list[Diagnostic]) -> Plan:
    """Every output of each loaded game, for `options`; what listing them finds (a board's
    text the fonts cannot print, facts the outputs disagree on, two outputs at one path)
    goes to the game's findings and to the report. `errors`: the check's, for which a draft
    is stamped (a game whose outputs cannot even be listed while they remain is noted)."""
    plan = []
    for pack, content in checked.loaded:
        if pack.outputs is None:
            continue
        listed = _listed(pack, content, options, checked, errors)
        if listed is None:
            continue
        root = display_path(content.root)
        own = [d for d in errors if d.loc.path == root or d.loc.path.startswith(f"{root}/")]
        listed = _variants(listed, pack, content, options, own)
        # one truth across the kit: every output's facts, the whole kit's, before any render
        checked.found[pack.id].extend(disagreements(listed))
        plan.append((pack, content, [*listed, coverage_output(pack, content)]))
    for pack, _content, outputs in plan:
        checked.found[pack.id].extend(path_findings(outputs))
        checked.report.extend(checked.found[pack.id].diagnostics)
    return plan


def _listed(
    pack: GamePack,
    content: ContentSet,
    options: BuildOptions,
    checked: Checked,
    errors: list[Diagnostic],
) -> list[Output] | None:
    """The game's outputs as its pack lists them, counting the placeholder values their
    pages print; None when they cannot be listed (said in the report)."""
    assert pack.outputs is not None
    report = checked.report
    try:
        with tally() as printed:  # the placeholder values its pages print
            listed = pack.outputs(content, options)
        checked.found[pack.id].printed = len(printed)
        report.printed += len(printed)
    except TextOverflow as exc:  # a board's label too long for its space
        report.extend([overflow_at_field(exc, content.files, display_path(content.root))])
        return None
    except SVGTextError as exc:  # a board's text the fonts cannot print (a missing glyph)
        report.extend([error(Loc(display_path(content.root)), "RENDER-TEXT", str(exc))])
        return None
    except (BoardStyleError, TemplateProblem) as exc:  # board.css or a board template
        report.extend([error(Loc(display_path(content.root)), "RENDER-STYLE", str(exc))])
        return None
    except Exception as exc:  # content that breaks a rule may not even lay out
        if not errors:
            raise
        report.notes.append(
            f"note: {pack.id}: no draft: its outputs cannot be laid out "
            f"while these errors remain ({type(exc).__name__}: {exc})"
        )
        return None
    return listed


def _variants(
    listed: list[Output],
    pack: GamePack,
    content: ContentSet,
    options: BuildOptions,
    own: list[Diagnostic],
) -> list[Output]:
    """The outputs as this build makes them: a draft of a game with errors of its `own`
    stamps every page and adds a cover listing them; a print shop's kit (`--preset pod`)
    makes every PDF in it PDF/X-4."""
    if options.draft and own:  # a game with no error of its own builds as it would
        # pikepdf and reportlab: 0.15 s to import, only for a draft of content with errors
        from toolkit.render.draft import cover_output, stamped_outputs

        listed = [*stamped_outputs(listed, own), cover_output(pack.title, content.files, own)]
    if options.preset == "pod":  # a print shop's kit: every PDF in it is PDF/X-4
        # WeasyPrint and pikepdf: 0.7 s to import, only for a print shop's PDF/X
        from toolkit.render.pdfx import for_print_shop

        listed = for_print_shop(listed)
    return listed


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


def check_selection(plan: Plan, options: BuildOptions) -> None:
    """Refuse (a usage error) an `--export` profile no deck of the kit fits, and an `--only`
    pattern that matches no output of any game built."""
    if options.export and not any(o.kind == "export" for *_, outputs in plan for o in outputs):
        raise no_export(options.export, [p.id for p, *_ in plan])
    for pattern in options.only or ():  # each pattern must match in some game built
        if not any(select(outputs, (pattern,)) for *_, outputs in plan):
            raise unmatched_only(pattern, [o for *_, outputs in plan for o in outputs])


def no_export(pid: str, games: list[str]) -> ToolkitError:
    """A usage error: no card of the games built is the profile's size."""

    p = profile(pid)
    size = f"{p.trim[0]:.1f} x {p.trim[1]:.1f} mm"
    return ToolkitError(
        f"--export {pid}: {p.title} prints {size} cards; no deck of "
        f"{', '.join(games) or 'the kit'} is that size (within 1 mm)"
    )


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


def chosen(outputs: list[Output], only: Sequence[str] | None) -> list[Output]:
    """The outputs of a game to build: those `--only` asks for, with a draft's list of
    errors (it comes with whatever part of the kit is asked for) and the parts of each
    output assembled from others (a deck from its sheets; rebuilt only if stale)."""
    picked = list(select(outputs, only))
    parts = {p for o in picked for p in o.parts}
    taken = {o.path for o in picked}  # by path: comparing outputs whole is slow
    picked += [o for o in outputs if o.path not in taken and (o.kind == "draft" or o.path in parts)]
    return picked
