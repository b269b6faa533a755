"""The Forty Factions procedures of Doorways to Dreams, bound to the content: whether the
Congress of Dreams sits and its VPs (DD3.2), and the Madness Indicator, its changes and its
VPs at the end (DD3.3). The arithmetic is in `dreams`; here each gets its parameters,
checked against the boards, and its rule.
"""

from __future__ import annotations

import toolkit.games.forty_factions.procedures.dreams as dreams
from toolkit.check.procedures import Param, ParamError, Procedure, Result
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.procedures.lookups import (
    SIDE,
    SIDES,
    congress_seats,
    names,
    parse_levels,
    plot_name,
    spreaders,
)


def bound(ix: Index) -> list[Procedure]:
    """The Congress's and the Madness Indicator's procedures, bound to the content (none
    for a board the content does not have)."""
    out = []
    if ix.congress is not None:
        out += _congress(ix)
    if ix.madness is not None:
        out += [_madness_change(ix), _madness_vp(ix)]
    return out


def _congress(ix: Index) -> list[Procedure]:
    """DD3.2.3-DD3.2.4: whether the Congress of Dreams sits, and who wins its VPs."""
    c = ix.congress
    assert c is not None
    seats = congress_seats(ix)
    statement = dreams.congress_statement(c, plot_name(ix, c.plot))

    def award(votes: dict, roll: int) -> Result:
        if sum(votes.values()) > seats:
            raise ParamError("votes", f"the Congress has {seats} seats")
        return dreams.congress_award(c, votes, roll)

    return [
        Procedure(
            "congress-chance",
            "Does the Congress of Dreams sit?",
            "DD3.2.3, DD3.3.6",
            "the d100 roll at or under which a Congress of Dreams is held",
            (
                Param(
                    "seats", "Activated Factions holding a seat on the Congress", low=0, high=seats
                ),
                Param("all-mad", "every Area is at Madness 10 (DD3.3.6)", "flag", optional=True),
            ),
            lambda seats, all_mad=False: dreams.congress_chance(c, seats, all_mad),
            statement,
        ),
        Procedure(
            "congress-award",
            "Control of the Congress",
            "DD3.2.4",
            f"the VPs of the Congress: the most votes, 1d{c.vp_die} at most the seats held",
            (
                Param(
                    "votes",
                    f"votes of each side: one per Activated Faction with a seat ({SIDE})",
                    "counts",
                    low=0,
                    high=seats,
                    example=SIDES,
                ),
                Param("roll", f"the 1d{c.vp_die} rolled", low=1, high=c.vp_die),
            ),
            award,
            statement,
        ),
    ]


def _madness_change(ix: Index) -> Procedure:
    """DD3.3.2: an Area's Level of Madness after a Temple's Location pawn comes or goes."""
    m = ix.madness
    assert m is not None
    spread = spreaders(ix)

    def change(faction: str, level: int, action: str, alignment: str | None = None) -> Result:
        if level > 0 and not alignment:
            raise ParamError(
                "alignment",
                f"a Level above 0 has an Alignment: give "
                f"alignment={'|'.join(a.code for a in m.alignments)}",
            )
        state = dreams.AreaMadness(level, alignment if level else "")
        return dreams.madness_change(m, spread[int(faction)], state, action)

    return Procedure(
        "madness-change",
        "A Temple of Madness placed or removed",
        "DD3.3.2",
        "an Area's Level of Madness after a Temple of Madness's Location pawn is placed or removed",
        (
            Param(
                "faction",
                "the Temple's faction number: "
                + ", ".join(f"{n} {ix.factions[n].name}" for n in spread),
                "choice",
                choices=tuple(str(n) for n in spread),
            ),
            Param("level", "the Area's Level of Madness before", low=0, high=m.max_level),
            Param(
                "alignment",
                "the Area's Alignment before (above Level 0)",
                "choice",
                optional=True,
                choices=tuple(a.code for a in m.alignments),
            ),
            Param(
                "action",
                "the Location pawn is placed or removed",
                "choice",
                choices=("place", "remove"),
            ),
        ),
        change,
        dreams.madness_statement(m, names(ix), spread),
    )


def _madness_vp(ix: Index) -> Procedure:
    """DD3.3.4: the VPs the Temples score for the Levels of Madness at the end."""
    m = ix.madness
    assert m is not None
    temples = tuple(
        str(n) for n in dict.fromkeys([*m.scoring_factions, *(b.faction for b in m.bonuses)])
    )

    def vp(levels: dict, temple: str | None = None) -> Result:
        return dreams.madness_vp(
            m, parse_levels(ix, levels), names(ix), int(temple) if temple else None
        )

    return Procedure(
        "madness-vp",
        "Madness VPs at the end",
        "DD3.3.4",
        "the VPs the Temples score for the Levels of Madness at the end of the game",
        (
            Param(
                "levels",
                "each Area's Level and Alignment, e.g. old-town:6G (others: 0)",
                "map",
                choices=tuple(m.areas),
                example="AREA:LEVEL,...",
            ),
            Param(
                "temple",
                "one scoring Temple's faction number (default: all)",
                "choice",
                optional=True,
                choices=temples,
            ),
        ),
        vp,
        dreams.madness_statement(m, names(ix), spreaders(ix)),
    )
