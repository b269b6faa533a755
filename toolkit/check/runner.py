"""Check stage: run a pack's rule checks on a validated `ContentSet`, then apply waivers.

The core's own checks here are game-independent: placeholder and erratum paths
must name real fields, an erratum must still differ from what the rules print,
and waivers must be specific, reasoned and used. Rule checks run on every
file that validated; a rule that needs every file of a kind (a count, a reference,
a complete deck) waits while a file of that kind does not load, since a missing file
would otherwise show up as a flood of false "unknown reference" findings.
"""

from __future__ import annotations

from collections import defaultdict
from functools import partial

from toolkit.check.art import check_backdrops, check_slots
from toolkit.check.provenance import HOUSE_RULES, check_provenance
from toolkit.check.rules import RuleSet, held_back, waiver_covers
from toolkit.core.diagnostics import Diagnostic, Loc, display_path, error
from toolkit.load.icons import check as icon_check
from toolkit.load.rules_text import RulesTexts
from toolkit.model.content import ContentSet, Document, Waiver
from toolkit.validate.schema import Model, resolve_path
from toolkit.validate.sources import covers, is_reference_list

CORE_CODES = frozenset(
    {
        "PLACEHOLDER-PATH",
        "ERRATA-PATH",
        "ERRATA-STALE",
        "SOURCE-PATH",
        "SOURCE-FORMAT",
        "SOURCE-PLACEHOLDER",
        "WAIVER-REASON",
        "WAIVER-BLANKET",
        "WAIVER-UNKNOWN-RULE",
        "WAIVER-UNUSED",
        "CONTENT-ICON",
        "CONTENT-ART",
        "RULES-VALUE",
        "RULES-CITE",
        "RULES-UNSOURCED",
        "RULES-TEXT",
    }
)


def printed_form(value: object) -> str:
    """A value as the rules would print it, for comparing with an erratum's `printed`: a
    list is its items joined by ", " (the way the rules print a list in running text)."""
    if isinstance(value, list):
        return ", ".join(printed_form(v) for v in value)
    if isinstance(value, Model):
        return repr(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _same_print(value: object, printed: str) -> bool:
    """Does the value read as the printed text (spacing and a list's separators aside)?"""

    def norm(text: str) -> str:
        return " ".join(text.replace(",", ", ").split())

    return norm(printed_form(value)) == norm(printed)


def reference_problem(loc: Loc, where: str, refs: str) -> Diagnostic | None:
    """SOURCE-FORMAT when `refs` is not a rules reference list (see `toolkit.validate.sources`)."""
    if is_reference_list(refs):
        return None
    return error(
        loc,
        "SOURCE-FORMAT",
        f"{where} {refs!r} is not a rules reference: write a line of a rules text "
        "(`000:481`, `002:18-20`), a section (`10.3.2.2.1`, `SC3.1.3`) or a page (`p. 13`), "
        "several separated by commas",
    )


def _source_checks(doc: Document) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for dotted, refs in doc.sources.items():
        where = doc.loc_of("sources", dotted)
        ok, _ = resolve_path(doc, dotted)
        if not ok:
            out.append(
                error(where, "SOURCE-PATH", f"`sources` names `{dotted}`, no value of this file")
            )
            continue
        bad = reference_problem(where, f"the source of `{dotted}`", refs)
        if bad is not None:
            out.append(bad)
        # a placeholder inside a sourced item is fine (`locations.0` sourced, its `.area` not)
        clash = [p for p in doc.placeholders if covers(dotted, p)]
        if clash:
            out.append(
                error(
                    where,
                    "SOURCE-PLACEHOLDER",
                    f"`{dotted}` claims a rules source but `{clash[0]}` is listed as a "
                    "placeholder; a value is either stated by the rules or a placeholder",
                )
            )
    for erratum in doc.errata:
        bad = reference_problem(erratum.loc_of("source"), "erratum source", erratum.source)
        if bad is not None:
            out.append(bad)
    return out


def _meta_checks(doc: Document) -> list[Diagnostic]:
    out: list[Diagnostic] = _source_checks(doc)
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
        elif _same_print(value, erratum.printed):
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
    pack: RuleSet, docs: list[Document], found: list[Diagnostic]
) -> list[Diagnostic]:
    """Mark findings waived by their file's waivers; report bad and unused waivers."""
    by_file: dict[str, list[int]] = defaultdict(list)
    for i, d in enumerate(found):
        by_file[d.loc.path].append(i)
    out = list(found)
    for doc in docs:
        path = doc.loc.path
        for i, waiver in enumerate(doc.waive):
            problem = _waiver_problem(pack, doc, i, waiver)
            if problem is not None:
                out.append(problem)
                continue
            # with `at`, only the findings on the named values (same place, or same line)
            hits = [
                j
                for j in by_file.get(path, [])
                if found[j].code == waiver.rule and waiver_covers(doc, waiver, found[j].loc)
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


def _waiver_problem(pack: RuleSet, doc: Document, i: int, waiver: Waiver) -> Diagnostic | None:
    """Why `doc`'s waiver `i` waives nothing: a blanket waiver, an unknown rule, no reason;
    or None."""
    if (
        not waiver.rule
        or any(c in waiver.rule for c in "*?[")
        or waiver.rule.lower() in ("all", "any")
    ):
        return error(
            waiver.loc_of("rule"),
            "WAIVER-BLANKET",
            f"waiver `{waiver.rule}` is a blanket waiver; name one rule code",
        )
    if waiver.rule not in pack.rules and waiver.rule not in HOUSE_RULES:
        return error(
            waiver.loc_of("rule"),
            "WAIVER-UNKNOWN-RULE",
            f"no rule `{waiver.rule}` exists in {pack.id}; "
            "`toolkit check --explain CODE` lists them",
        )
    if not waiver.reason.strip():
        return error(
            doc.loc_of("waive", i),
            "WAIVER-REASON",
            f"waiver of {waiver.rule} gives no reason; say why the finding is acceptable",
        )
    return None


def held_codes(pack: RuleSet, content: ContentSet) -> list[str]:
    """The rule codes whose findings wait for files that did not load (see `Rule.needs`)."""
    return [code for code, rule in pack.rules.items() if held_back(rule, content.failed_kinds)]


def run_checks(
    pack: RuleSet, content: ContentSet, texts: RulesTexts | None = None
) -> list[Diagnostic]:
    """All rule findings for one game's content, with waivers applied; `texts`: the game's
    rules texts, read (`toolkit.check.provenance.game_texts`), against which every cited
    value is read (none: no value is).

    When some files did not load, the rules still run on the rest; the findings of a rule
    that needs every file of a kind that failed are dropped (they could be false: "no file
    for 46"). No waiver is called unused then: the finding it waives may be one that the
    file which did not load holds back (game.yaml, without which no rule runs) or is half
    of (a tarot card given twice), and the file with the waiver is not wrong. Waivers are
    judged unused once every file loads and validates."""
    docs = list(content.all())
    held = set(held_codes(pack, content))
    found: list[Diagnostic] = []
    for doc in docs:
        found.extend(_meta_checks(doc))
    found.extend(icon_check(content.root, docs))
    found.extend(check_slots(content.root, docs))
    found.extend(check_backdrops(content.root))
    checks = list(pack.checks)
    if pack.provenance is not None and texts is not None:
        checks.append(partial(check_provenance, hook=pack.provenance, texts=texts))
    for check in checks:
        try:
            found.extend(check(content))
        except Exception as exc:  # a bug in a check must not hide the other findings
            found.append(
                error(
                    Loc(display_path(content.root)),
                    "CHECK-CRASH",
                    f"check {getattr(check, '__name__', 'check_provenance')} failed "
                    f"({type(exc).__name__}: {exc}); this is a "
                    "toolkit bug, please report it with the content that triggers it",
                )
            )
    found = [d for d in found if d.code not in held]
    return [
        d
        for d in _apply_waivers(pack, docs, found)
        if content.complete or d.code != "WAIVER-UNUSED"
    ]


def placeholder_count(content: ContentSet) -> int:
    """How many values of the content are still marked as placeholders."""
    return sum(len(doc.placeholders) for doc in content.all())
