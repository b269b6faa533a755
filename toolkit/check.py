"""Check stage: run a pack's rule checks on a validated `ContentSet`, then apply waivers.

The core's own checks here are game-independent: placeholder and erratum paths
must name real fields, an erratum must still differ from what the rules print,
and waivers must be specific, reasoned and used. Rule checks only run on a
content set in which every file validated: a missing file would otherwise show
up as a flood of false "unknown reference" findings.
"""

from __future__ import annotations

from collections import defaultdict

from toolkit.content import ContentSet, Document
from toolkit.diagnostics import Diagnostic, Loc, display_path, error
from toolkit.games import GamePack
from toolkit.schema import resolve_path

CORE_CODES = frozenset(
    {
        "PLACEHOLDER-PATH",
        "ERRATA-PATH",
        "ERRATA-STALE",
        "WAIVER-REASON",
        "WAIVER-BLANKET",
        "WAIVER-UNKNOWN-RULE",
        "WAIVER-UNUSED",
    }
)


def _meta_checks(doc: Document) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for i, dotted in enumerate(doc.placeholders):
        ok, _ = resolve_path(doc, dotted)
        if not ok:
            out.append(
                error(
                    doc.loc_of("placeholders", i),
                    "PLACEHOLDER-PATH",
                    f"placeholder `{dotted}` names no value in this file",
                )
            )
    for i, erratum in enumerate(doc.errata):
        ok, value = resolve_path(doc, erratum.field)
        if not ok:
            out.append(
                error(
                    erratum.loc_of("field"),
                    "ERRATA-PATH",
                    f"erratum for `{erratum.field}` names no value in this file",
                )
            )
        elif str(value) == erratum.printed:
            out.append(
                error(
                    doc.loc_of("errata", i),
                    "ERRATA-STALE",
                    f"`{erratum.field}` equals what the rules print ({erratum.printed!r}); "
                    "either the correction was undone or the erratum is no longer needed",
                )
            )
    return out


def _apply_waivers(
    pack: GamePack, docs: list[Document], found: list[Diagnostic]
) -> list[Diagnostic]:
    """Mark findings waived by their file's waivers; report bad and unused waivers."""
    by_file: dict[str, list[int]] = defaultdict(list)
    for i, d in enumerate(found):
        by_file[d.loc.path].append(i)
    out = list(found)
    for doc in docs:
        path = doc.loc.path
        for i, waiver in enumerate(doc.waive):
            where = doc.loc_of("waive", i)
            if (
                not waiver.rule
                or any(c in waiver.rule for c in "*?[")
                or waiver.rule.lower()
                in (
                    "all",
                    "any",
                )
            ):
                out.append(
                    error(
                        waiver.loc_of("rule"),
                        "WAIVER-BLANKET",
                        f"waiver `{waiver.rule}` is a blanket waiver; name one rule code",
                    )
                )
                continue
            if waiver.rule not in pack.rules:
                out.append(
                    error(
                        waiver.loc_of("rule"),
                        "WAIVER-UNKNOWN-RULE",
                        f"no rule `{waiver.rule}` exists in {pack.id}; "
                        "`toolkit check --explain CODE` lists them",
                    )
                )
                continue
            if not waiver.reason.strip():
                out.append(
                    error(
                        where,
                        "WAIVER-REASON",
                        f"waiver of {waiver.rule} gives no reason; say why the finding is "
                        "acceptable",
                    )
                )
                continue
            hits = [j for j in by_file.get(path, []) if found[j].code == waiver.rule]
            if waiver.at:  # only the findings on the named values (same place, or same line)
                spots = [doc.loc_of(*a.split(".")) for a in waiver.at]
                hits = [
                    j
                    for j in hits
                    if any(found[j].loc == s or found[j].loc.line == s.line for s in spots)
                ]
            if not hits:
                out.append(
                    error(
                        waiver.loc_of("rule"),
                        "WAIVER-UNUSED",
                        f"waiver of {waiver.rule} matches no finding in this file; remove it",
                    )
                )
            for j in hits:
                out[j] = found[j].with_waiver(waiver.reason.strip())
    return out


def run_checks(pack: GamePack, content: ContentSet) -> list[Diagnostic]:
    """All rule findings for one game's content, with waivers applied."""
    docs = list(content.all())
    found: list[Diagnostic] = []
    for doc in docs:
        found.extend(_meta_checks(doc))
    for check in pack.checks:
        try:
            found.extend(check(content))
        except Exception as exc:  # a bug in a check must not hide the other findings
            found.append(
                error(
                    Loc(display_path(content.root)),
                    "CHECK-CRASH",
                    f"check {check.__name__} failed ({type(exc).__name__}: {exc}); this is a "
                    "toolkit bug, please report it with the content that triggers it",
                )
            )
    return _apply_waivers(pack, docs, found)


def placeholder_count(content: ContentSet) -> int:
    """How many values of the content are still marked as placeholders."""
    return sum(len(doc.placeholders) for doc in content.all())
