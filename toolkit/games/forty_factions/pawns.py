"""Colours: the pawn colours of set-up (5.6) and the parties' colours on the Council board.

The table of 5.6 gives each colour to the factions whose holder should take it, in
priority order; the content carries it as data (its misprints corrected by errata in
game.yaml) and the checker holds it to the rules. A colour stands for one thing: no
faction takes two colours, no two rows print alike, and no two parties share a colour.
"""

from __future__ import annotations

from collections.abc import Iterator

import toolkit.games.forty_factions.canon as canon
from toolkit.core.diagnostics import Diagnostic, error
from toolkit.games.forty_factions.index import Index

CODE = "FF-PAWN-COLOUR"


def check_table(ix: Index) -> Iterator[Diagnostic]:
    """The rows of 5.6, each colour once, each faction under one colour."""
    rows = ix.game.setup.pawn_colours
    setup = ix.game.setup
    want = dict(canon.PAWN_COLOURS)
    have = {r.colour: r for r in rows}
    for colour, factions in canon.PAWN_COLOURS:
        row = have.get(colour)
        if row is None:
            yield error(
                setup.loc_of("pawn_colours"),
                CODE,
                f"the table of 5.6 gives {colour} to factions "
                f"{', '.join(map(str, factions))}; the row is missing",
            )
        elif tuple(row.factions) != factions:
            names = ", ".join(ix.name(n) for n in factions)
            yield error(
                row.loc_of("factions"),
                CODE,
                f"5.6 gives {colour} pawns to {names}, in that order, not to "
                f"{', '.join(map(str, row.factions))}",
            )
    first_colour: dict[int, str] = {}
    seen_css: dict[str, str] = {}
    for i, row in enumerate(rows):
        if row.colour not in want:
            yield error(
                row.loc_of("colour"),
                CODE,
                f"5.6 has no {row.colour!r} row (its colours: {', '.join(want)})",
            )
        elif have[row.colour] is not row:
            yield error(row.loc_of("colour"), CODE, f"{row.colour} is listed twice")
        css = row.css.lower()
        if css in seen_css:
            yield error(
                row.loc_of("css"),
                CODE,
                f"{row.colour} pawns print as {row.css}, as {seen_css[css]} ones do: "
                "two players' pawns would look alike",
            )
        seen_css.setdefault(css, row.colour)
        for j, number in enumerate(row.factions):
            if number in first_colour and first_colour[number] != row.colour:
                yield error(
                    setup.loc_of("pawn_colours", i, "factions", j),
                    CODE,
                    f"{ix.name(number)} already takes {first_colour[number]} pawns; a "
                    "faction is listed under one colour",
                )
            first_colour.setdefault(number, row.colour)


def check_parties(ix: Index) -> Iterator[Diagnostic]:
    """No two Council parties print their seats in one colour."""
    seen: dict[str, str] = {}
    for i, party in enumerate(ix.game.parties):
        if not party.colour:
            continue
        key = party.colour.lower()
        if key in seen:
            yield error(
                ix.game.loc_of("parties", i, "colour"),
                CODE,
                f"the {party.name} and the {seen[key]} share the colour {party.colour}; "
                "the Council board tells parties apart by colour",
            )
        else:
            seen[key] = party.name


def check(ix: Index) -> Iterator[Diagnostic]:
    """All colour rules."""
    yield from check_table(ix)
    yield from check_parties(ix)
