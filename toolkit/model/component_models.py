"""Model stage, for any game: what `content/<game>/components.yaml` declares, and what a
pack tells the core about its components.

A game's components list names every piece the rules put on the table (boards, decks,
pawns, counters, chits, dice, chips), each with the rules section that names it, a count
(a number, or a formula of the game's figures: players, Houses, teams, cast size) and
whether the kit prints it or the players bring it. A piece the kit prints as a counter,
chit, token, pawn or standee says how (`piece:`); its face comes from the game's counter
template (`templates/<game>/counters.svg.j2`, see `toolkit.render.counters`).

The pack tells the core what it knows about its game (`Setting`): the figures the counts
may use, the lists a component may be printed once per item of (player colours, Houses,
totem animals), the places its boards and sheets reserve for a component, and what the
rules require of a count. `toolkit.model.components` counts and checks the list against
them. No file I/O here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from toolkit.load.art import ART_REF
from toolkit.model.content import Document
from toolkit.validate.declare import Model, model, spec

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
