"""Model and check stage, for any game: `content/<game>/components.yaml`, every physical piece.

A game's components list names every piece the rules put on the table (boards, decks,
pawns, counters, chits, dice, chips), each with the rules section that names it, a count
(a number, or a formula of the game's figures: players, Houses, teams, cast size) and
whether the kit prints it or the players bring it. A piece the kit prints as a counter,
chit, token, pawn or standee says how (`piece:`); its face comes from the game's counter
template (`templates/<game>/counters.svg.j2`, see `toolkit.render.counters`).

The pack tells the core what it knows about its game (`Setting`): the figures the counts
may use, the lists a component may be printed once per item of (player colours, Houses,
totem animals), the places its boards and sheets reserve for a component, and what the
rules require of a count. The core checks the list against those; the codes carry the
pack's prefix (`FF-COMP-PLACE`), so every game's rules table lists its own.
No file I/O here.
"""

from __future__ import annotations

import ast
import contextlib
import difflib
import math
import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from toolkit.core.diagnostics import Diagnostic, Loc, error
from toolkit.load.art import ART_REF
from toolkit.model.content import Document
from toolkit.validate.schema import Model, model, spec

SLUG = r"[a-z0-9]+(-[a-z0-9]+)*"
COLOUR = r"#[0-9a-fA-F]{6}"
KINDS = (
    "board",
    "sheet",
    "card",
    "deck",
    "form",
    "counter",
    "chit",
    "token",
    "marker",
    "pawn",
    "standee",
    "tile",
    "die",
    "chip",
    "other",
)
PIECES = ("counter", "chit", "token", "marker", "pawn", "standee", "tile")


@model
class Piece(Model):
    """How the kit prints a counter, chit, token, pawn or standee."""

    shape: Literal["round", "square", "hex", "rect", "standee"] = spec(
        "Round, square or hex counter, a rectangle (`size` by `height`), or a fold-over "
        "standee (a `size` by `height` panel, printed twice with a base)."
    )
    size: float = spec("Diameter, side, hex width across flats, or width; mm.", ge=8, le=180)
    height: float = spec(
        "Height of a rectangle or a standee's panel, mm; 0: as `size`.", 0, ge=0, le=250
    )
    sides: Literal[1, 2] = spec("1: single-sided; 2: a back is printed (duplex).", 1)
    face: str = spec(
        "The macro of the game's counter template that draws the face.", pattern=r"[a-z_][a-z0-9_]*"
    )
    back: str = spec(
        "The macro that draws the back (double-sided pieces); empty: the face.",
        "",
        pattern=r"[a-z_][a-z0-9_]*",
    )
    art: str = spec(
        "A picture under art/ (PNG or JPEG) that the face places where its macro "
        "draws `<image>`; empty: none.",
        "",
        pattern=ART_REF,
    )


@model
class Component(Model):
    """One kind of physical piece the rules name or imply."""

    id: str = spec("Slug, e.g. `phase-counter`.", pattern=SLUG)
    name: str = spec("Name as the rules (or the kit) call it.", max_len=60)
    kind: Literal[KINDS] = spec("What it is.")  # type: ignore[valid-type]
    source: str = spec("The rules section(s) that name or imply it, e.g. `2.1.1.2`.")
    count: int | str = spec(
        "How many: a number, or a formula of the game's figures (`players * 20`, "
        "`houses`, `max(4, cast // 9)`); with `each`, how many per item."
    )
    each: str = spec(
        "Print the count once per item of this list of the game (`houses`, "
        "`player-colours`, ...); empty: once.",
        "",
        pattern=SLUG,
    )
    supply: Literal["print", "bring"] = spec("The kit prints it, or the players bring it.")
    label: str = spec(
        "Text on the face (a value such as `1` or `+40`); empty: the item's.", "", max_len=24
    )
    piece: Piece | None = spec("How a printed counter, chit, pawn or standee is printed.", None)
    printed_by: str = spec(
        "The kit files that print it (cards, boards, sheets): paths or "
        "patterns, separated by spaces, e.g. `cards/favors-*.pdf`.",
        "",
    )
    implied: bool = spec("The rules use it but never list it: `note` says why it is here.", False)
    note: str = spec("Why it is in the kit, or how to use it.", "")

    def _problems(self) -> Iterator[tuple[str, str]]:
        if self.supply == "print" and self.kind in PIECES and self.piece is None:
            yield "piece", f"a printed {self.kind} needs `piece:` (shape, size, face)"
        if self.supply == "print" and self.kind not in PIECES and not self.printed_by:
            yield "printed_by", f"a printed {self.kind} names the kit file that prints it"
        if self.implied and not self.note:
            yield "note", "an implied component says why the kit adds it (`note`)"


@model
class Components(Document):
    """components.yaml: every physical component of the game."""

    figures: dict[str, int] = spec(
        "Figures the kit is printed for that the content does not fix (e.g. `players: 8`); "
        "a figure of the game itself (Houses, cast size) cannot be set here.",
        {},
    )
    components: list[Component] = spec("Every component.", min_items=1)


# ------------------------------------------------------------------ what a pack tells the core


@dataclass(frozen=True)
class Item:
    """One item of a list a component is printed once per (a player colour, a House)."""

    label: str
    colour: str = "#ffffff"
    figures: dict[str, int] = field(default_factory=dict)  # its own figures (`need`)
    # a letter or two unique in its list, printed so that the set reads without colour
    # (`toolkit.model.marks`); empty: the core derives one from the labels
    mark: str = ""


@dataclass(frozen=True)
class Place:
    """A place a board or sheet reserves for a component (the Overlord's place)."""

    component: str
    where: str  # e.g. "the Council board's Overlord's place (10.2.1)"


@dataclass(frozen=True)
class Need:
    """What the rules require of a component's count, and why."""

    component: str
    count: int
    why: str


@dataclass(frozen=True)
class Setting:
    """What a pack knows about its components: figures, lists, places, requirements."""

    figures: dict[str, int]
    items: dict[str, tuple[Item, ...]] = field(default_factory=dict)
    places: tuple[Place, ...] = ()
    needs: tuple[Need, ...] = ()
    listed: tuple[tuple[str, str], ...] = ()  # (id, rules section): components the rules list


# ------------------------------------------------------------------ formulas

_OPS: dict[type, Callable[[int, int], int]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
_FUNCS: dict[str, Callable[..., int]] = {"max": max, "min": min}


class FormulaError(ValueError):
    """A count formula that is not arithmetic of known figures."""


def evaluate(formula: int | str, figures: dict[str, int]) -> int:
    """A count: a number, or integer arithmetic of named figures (`+ - * // %`, `/` rounding
    up, `max`, `min`). Parsed, never executed: anything else is a FormulaError."""
    if isinstance(formula, int):
        return formula
    if len(formula) > 200:
        raise FormulaError("formula longer than 200 characters")
    try:
        tree = ast.parse(formula, mode="eval")
    except SyntaxError:
        raise FormulaError(f"`{formula}` is not a formula") from None
    return _eval(tree.body, figures)


def _eval(node: ast.AST, figures: dict[str, int]) -> int:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        if node.id not in figures:
            known = ", ".join(sorted(figures)) or "none"
            raise FormulaError(f"unknown figure `{node.id}` (known: {known})")
        return figures[node.id]
    if isinstance(node, ast.BinOp):
        a, b = _eval(node.left, figures), _eval(node.right, figures)
        if isinstance(node.op, ast.Div):
            if b == 0:
                raise FormulaError("division by zero")
            return math.ceil(a / b)
        op = _OPS.get(type(node.op))
        if op is None:
            raise FormulaError("only + - * / // % are allowed")
        if isinstance(node.op, (ast.FloorDiv, ast.Mod)) and b == 0:
            raise FormulaError("division by zero")
        value = op(a, b)
        if abs(value) > 10**6:
            raise FormulaError("a count over a million")
        return value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_eval(node.operand, figures)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _FUNCS
        and node.args
        and not node.keywords
    ):
        return _FUNCS[node.func.id](*(_eval(a, figures) for a in node.args))
    raise FormulaError("only numbers, figures, + - * / // %, max() and min() are allowed")


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
        "A deck is large enough for its draws",
        "A deck must hold at least as many cards as the rules draw from it before it can "
        "be reshuffled, or as a building or exchange needs of one kind.",
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
    clash = sorted(set(doc.figures) & set(setting.figures))
    for name in clash:
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
    figures = figures_of(doc, setting)
    counts: dict[str, int] = {}
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
            i = by_id[need.component]
            yield error(
                doc.loc_of("components", i, "count"),
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
