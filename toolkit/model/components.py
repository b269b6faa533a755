"""Model and check stage, for any game: counting a game's components and checking
`content/<game>/components.yaml` against what its pack knows.

The list and the pack's `Setting` are declared in `toolkit.model.component_models`; a count
is evaluated by `toolkit.model.formulas`. The checks' codes carry the pack's prefix
(`FF-COMP-PLACE`), so every game's rules table lists its own (`rule_args`). No file I/O here.
"""

from __future__ import annotations

import contextlib
import difflib
from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, Loc, error
from toolkit.model.component_models import Component, Components, Item, Need, Place, Setting
from toolkit.model.formulas import FormulaError, evaluate

# What other modules import from here: the checks and counts, and (declared beside them)
# the models and the formula they read.
__all__ = [
    "TITLES",
    "Component",
    "Components",
    "FormulaError",
    "Item",
    "Need",
    "Place",
    "Setting",
    "bring_rows",
    "check_components",
    "counts_of",
    "evaluate",
    "figures_of",
    "gallery_groups",
    "rule_args",
    "total",
    "where",
]


def figures_of(doc: Components, setting: Setting) -> dict[str, int]:
    """The figures counts are evaluated with: the game's, then the kit's own."""
    return {**doc.figures, **setting.figures}


def total(c: Component, setting: Setting, figures: dict[str, int]) -> int:
    """How many of a component the kit has (per item when `each`, summed)."""
    if not c.each:
        return evaluate(c.count, figures)
    return sum(evaluate(c.count, {**figures, **it.figures}) for it in setting.items[c.each])


# ------------------------------------------------------------------ checks

TITLES = {
    "PLACE": (
        "A reserved place names a component",
        "Every place a board or sheet reserves for a component (a phase track, a chits "
        "box, the Overlord's place, a hostage slot) names a component that "
        "components.yaml lists, so the kit has a piece to put there.",
        "- {id: phase-counter, name: Phase counter, kind: counter, ...}",
    ),
    "COUNT": (
        "Enough of each component",
        "A component's count must meet what the rules require of it (a count the rules "
        "state, a piece per player or House, enough chits for the most that can be "
        "placed at once).",
        "count: players * 20",
    ),
    "DECK": (
        "A deck is large enough for its draws, and as large as the rules count it",
        "A deck must hold at least as many cards as the rules draw from it before it can "
        "be reshuffled, or as a building or exchange needs of one kind; a deck whose size "
        "the rules' component table states must hold exactly that many.",
        "copies: 3",
    ),
    "FORMULA": (
        "A count is a valid formula",
        "A count is a number or integer arithmetic of the game's figures (`players`, "
        "`houses`, ...); `each` names a list the game has; ids are unique.",
        "count: houses * 3",
    ),
    "LIST": (
        "Every component the rules list is in the kit",
        "Each component the rules list (a component table, or the components the rules "
        "name in their set-up) has an entry in components.yaml, printed or brought.",
        "- {id: wound-marker, name: Wound Marker, kind: marker, ...}",
    ),
}


def rule_args(prefix: str, source: str) -> list[tuple[str, str, str, str, str]]:
    """(code, title, source, explanation, example) of the core component rules, for a pack's
    RULES table (the pack makes its own `Rule` records of them)."""
    return [(f"{prefix}-COMP-{k}", t, source, e, x) for k, (t, e, x) in TITLES.items()]


def check_components(doc: Components, setting: Setting, prefix: str) -> Iterator[Diagnostic]:
    """Places, requirements, formulas and the rules' list against components.yaml."""
    by_id: dict[str, int] = {}
    for i, c in enumerate(doc.components):
        if c.id in by_id:
            yield error(
                doc.loc_of("components", i, "id"),
                f"{prefix}-COMP-FORMULA",
                f"component `{c.id}` is listed twice",
            )
        by_id.setdefault(c.id, i)
    for name in sorted(set(doc.figures) & set(setting.figures)):
        yield error(
            doc.loc_of("figures", name),
            f"{prefix}-COMP-FORMULA",
            f"`{name}` is a figure of the game ({setting.figures[name]}); the kit cannot set it",
        )
    for i, c in enumerate(doc.components):
        if c.piece is not None and c.piece.art.endswith(".svg"):
            yield error(
                doc.loc_of("components", i, "piece", "art"),
                "CONTENT-ART",
                f"picture {c.piece.art}: a counter face takes PNG or JPEG art (it is "
                "drawn by reportlab, which places pictures, not SVG drawings)",
            )
    counts: dict[str, int] = {}
    yield from _counted(doc, setting, prefix, counts)
    yield from _asked_for(doc, setting, prefix, by_id, counts)


def _counted(
    doc: Components, setting: Setting, prefix: str, counts: dict[str, int]
) -> Iterator[Diagnostic]:
    """Each component's count into `counts`; a formula that does not evaluate, or a list
    `each` names that the game does not have, is an error."""
    figures = figures_of(doc, setting)
    for i, c in enumerate(doc.components):
        if c.each and c.each not in setting.items:
            yield error(
                doc.loc_of("components", i, "each"),
                f"{prefix}-COMP-FORMULA",
                f"`each: {c.each}` names no list of this game (lists: "
                f"{', '.join(sorted(setting.items)) or 'none'})",
            )
            continue
        try:
            counts[c.id] = total(c, setting, figures)
        except FormulaError as exc:
            yield error(
                doc.loc_of("components", i, "count"), f"{prefix}-COMP-FORMULA", f"{c.id}: {exc}"
            )


def _asked_for(
    doc: Components,
    setting: Setting,
    prefix: str,
    by_id: dict[str, int],
    counts: dict[str, int],
) -> Iterator[Diagnostic]:
    """What the pack asks of the list: the components its places hold, the counts the rules
    require, and every component the rules list."""
    top = doc.loc_of("components")
    wanted = {p.component for p in setting.places} | {n.component for n in setting.needs}
    unused = sorted(set(by_id) - wanted)

    def missing(component: str) -> tuple[Loc, str]:
        """Where to point for a missing component, and a hint: a listed component nothing
        asks for, spelt nearly the same, is most likely it, misspelt."""
        near = difflib.get_close_matches(component, unused, n=1, cutoff=0.8)
        if not near:
            return top, ""
        return (
            doc.loc_of("components", by_id[near[0]], "id"),
            f"; did you mean `{near[0]}` (listed here, asked for by nothing)?",
        )

    for place in setting.places:
        if place.component not in by_id:
            where, hint = missing(place.component)
            yield error(
                where,
                f"{prefix}-COMP-PLACE",
                f"{place.where} holds a `{place.component}`, which components.yaml "
                f"does not list{hint}",
            )
    for need in setting.needs:
        if need.component not in by_id:
            where, hint = missing(need.component)
            yield error(
                where,
                f"{prefix}-COMP-COUNT",
                f"`{need.component}` is missing: {need.why} ({need.count} needed){hint}",
            )
            continue
        have = counts.get(need.component)
        if have is not None and have < need.count:
            yield error(
                doc.loc_of("components", by_id[need.component], "count"),
                f"{prefix}-COMP-COUNT",
                f"{need.component}: {have}, fewer than the {need.count} needed: {need.why}",
            )
    for cid, source in setting.listed:
        if cid not in by_id:
            yield error(
                top,
                f"{prefix}-COMP-LIST",
                f"the rules list `{cid}` ({source}); components.yaml has no such component",
            )


def counts_of(doc: Components, setting: Setting) -> dict[str, int]:
    """Each component's count, for the components whose formula evaluates."""
    figures = figures_of(doc, setting)
    out = {}
    for c in doc.components:
        if c.each and c.each not in setting.items:
            continue
        with contextlib.suppress(FormulaError):
            out[c.id] = total(c, setting, figures)
    return out


def where(doc: Components, cid: str) -> Loc:
    """The position of a component's count (or of the list when it is missing)."""
    for i, c in enumerate(doc.components):
        if c.id == cid:
            return doc.loc_of("components", i, "count")
    return doc.loc_of("components")


def bring_rows(doc: Components, setting: Setting) -> tuple[tuple[str, int, str, str], ...]:
    """What the players bring (name, count, rules source, note), for kit/PRINT.md; a count
    the rules do not give (listed in `placeholders:`) says so."""
    counts = counts_of(doc, setting)
    guessed = set(doc.placeholders)
    return tuple(
        (
            c.name,
            counts.get(c.id, 0),
            c.source,
            c.note
            + (
                " (How many is a placeholder: the rules give no number.)"
                if f"components.{i}.count" in guessed
                else ""
            ),
        )
        for i, c in enumerate(doc.components)
        if c.supply == "bring"
    )


def gallery_groups(doc: Components | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(section title, path patterns) for the gallery: each component the kit prints with its
    files (`printed_by`), then the counter sheets, which hold every printed piece."""
    if doc is None:
        return ()
    out = [
        (c.name, tuple(c.printed_by.split()))
        for c in doc.components
        if c.supply == "print" and c.printed_by
    ]
    pieces = [c.name for c in doc.components if c.supply == "print" and c.piece is not None]
    if pieces:
        out.append(
            (f"Counters, tokens and standees: {len(pieces)} kinds of piece", ("counters/*",))
        )
    return tuple(out)
