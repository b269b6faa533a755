"""The Forty Factions procedures of the Grasslander Gathering (Sacred Circles, SC3.2), bound
to the content: whether a Gathering is held, and who controls it. The arithmetic is in
`gathering`; here each gets its parameters, checked against the board's Totems, and its
rule.
"""

from __future__ import annotations

import toolkit.games.forty_factions.procedures.gathering as gathering
from toolkit.check.procedures import Param, ParamError, Procedure, Result
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.procedures.lookups import plot_name
from toolkit.games.forty_factions.side_board_models import Gathering


def bound(ix: Index) -> list[Procedure]:
    """The Gathering's procedures, bound to the content (none without its board)."""
    gb = ix.gathering
    if gb is None:
        return []
    return [_chance(gb, plot_name(ix, gb.plot)), _vote(gb)]


def _chance(gb: Gathering, plot: str) -> Procedure:
    """SC3.2.2-SC3.2.3: the highest roll that holds a Gathering this Game Turn."""

    def chance(turn: int, totems: int, last: int | None = None, turns: int | None = None) -> Result:
        if last is not None and last >= turn:
            raise ParamError(
                "last",
                f"the last Gathering (Game Turn {last}) must come before this Game Turn ({turn})",
            )
        if turns is not None and turn > turns:
            raise ParamError("turns", f"Game Turn {turn} is after the game's last, {turns}")
        return gathering.gathering_chance(gb, turn, totems, last, turns, plot)

    return Procedure(
        "gathering-chance",
        "Is a Grasslander Gathering held?",
        "SC3.2.2-SC3.2.3",
        f"the highest d{gb.die} roll that holds a Gathering this Game Turn (0 or less: none)",
        (
            Param("turn", "the current Game Turn", low=1),
            Param("totems", "Totems with a pawn placed on them", low=0, high=len(gb.totems)),
            Param(
                "last",
                "the Game Turn of the last Gathering held, not counting one called "
                f"by {plot or 'the Plot'}; omit if none has been held",
                optional=True,
                low=1,
            ),
            Param(
                "turns",
                "the game's length in Game Turns, if it ends on a number of them "
                "(SC3.2.3: on the last, one is held automatically)",
                optional=True,
                low=1,
            ),
        ),
        chance,
        gathering.chance_statement(gb, plot),
    )


def _vote(gb: Gathering) -> Procedure:
    """SC3.2.7: who controls the Gathering, from the chits placed."""
    animals = tuple(
        dict.fromkeys(
            [t.animal.lower() for t in gb.totems]
            + [t.rival.animal.lower() for t in gb.totems if t.rival]
        )
    )

    def vote(chits: dict, strongest: str, final: dict | None = None) -> Result:
        _check_chits(gb, chits, strongest, final)
        return gathering.gathering_vote(gb, chits, strongest, final)

    return Procedure(
        "gathering-vote",
        "Control of the Gathering",
        "SC3.2.7",
        "who controls the Grasslander Gathering, from the chits placed",
        (
            Param(
                "chits",
                "chits placed by each speaking Totem",
                "counts",
                choices=animals,
                low=1,
                high=99,
                example="TOTEM:N,...",
            ),
            Param(
                "strongest",
                "the Totem drawn from the cup (SC3.2.7.4)",
                "choice",
                choices=animals,
            ),
            Param(
                "final",
                "the chits after the supports (SC3.2.7.6), if no clear majority",
                "counts",
                optional=True,
                choices=animals,
                low=0,
                high=99,
                example="TOTEM:N,...",
            ),
        ),
        vote,
        gathering.vote_statement(gb),
    )


def _check_chits(gb: Gathering, chits: dict, strongest: str, final: dict | None) -> None:
    """The chits as the board allows them: one to all Totems speak, a Totem and its rival
    never both, the strongest among them, and the final chits adding up to those placed."""
    if not chits:
        raise ParamError("chits", "at least one Totem must speak")
    if len(chits) > len(gb.totems):
        raise ParamError("chits", f"at most {len(gb.totems)} Totems speak")
    for t in gb.totems:  # FgF: a Totem is one tribe's or its rival's, never both
        pair = (t.animal.lower(), t.rival.animal.lower()) if t.rival is not None else ()
        if pair and all(animal in chits for animal in pair):
            raise ParamError(
                "chits",
                f"{pair[0]} and {pair[1]} share one Totem, "
                "held by whichever tribe was Activated first (SC3.1.5, "
                "SC3.2.5.1): give chits to one of them",
            )
    if strongest not in chits:
        raise ParamError("strongest", f"{strongest} does not speak (give it chits=)")
    if final is not None:
        total = sum(chits.values()) + len(gb.totems) - len(chits)
        if set(final) - set(chits):
            raise ParamError("final", "only speaking Totems hold chits")
        if sum(final.values()) != total:
            raise ParamError(
                "final",
                f"the chits add up to {sum(final.values())}, but "
                f"{total} were placed (Neutral Totems' included)",
            )
