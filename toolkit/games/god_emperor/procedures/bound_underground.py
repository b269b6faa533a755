"""The God Emperor procedures of the Underground (L438-487), bound to the content: a scheme's
cost, minion draws and a contest of minions. The arithmetic is in `court`; here each gets its
parameters, checked against the content's schemes and minion deck, and its rule.
"""

from __future__ import annotations

import toolkit.games.god_emperor.procedures.court as court
from toolkit.check.procedures import Param, Procedure, Result, Step
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.models import Underground

MINION = "KIND-COLOUR, e.g. rock-red"


def bound(ix: Index) -> list[Procedure]:
    """The Underground's procedures, bound to the content (none without an Underground); they
    share the Underground's printed statement."""
    ug = ix.underground
    if ug is None:
        return []
    statement = court.underground_statement(ug)
    return [_scheme_cost(ug, statement), _draws(ug, statement), _contest(ug, statement)]


def _scheme_cost(ug: Underground, statement: tuple[Step, ...]) -> Procedure:
    """L438-463: the advancement a scheme needs to complete."""
    schemes = {s.id: s for s in ug.schemes}
    return Procedure(
        "scheme-cost",
        "A scheme's cost",
        "L438-463",
        "the advancement a scheme needs to complete",
        (
            Param("scheme", "the scheme", "choice", choices=tuple(schemes)),
            Param(
                "amount",
                "how many of what it is priced per (units, votes)",
                optional=True,
                low=1,
                high=99,
            ),
            Param(
                "crackdown",
                "a Crackdown law doubles this scheme's cost (L289)",
                "flag",
                optional=True,
            ),
        ),
        lambda scheme, amount=1, crackdown=False: court.cost(schemes[scheme], amount, crackdown),
        statement,
    )


def _draws(ug: Underground, statement: tuple[Step, ...]) -> Procedure:
    """L470-475: the minions a player draws by rank in the House."""
    return Procedure(
        "minion-draws",
        "Minion draws",
        "L470-475",
        "the minions a player draws by rank in the House",
        (
            Param(
                "rank",
                "the player's rank in the House, 1 the highest",
                low=1,
                high=max(d.rank for d in ug.draws),
            ),
        ),
        lambda rank: court.draws(ug, rank),
        statement,
    )


def _contest(ug: Underground, statement: tuple[Step, ...]) -> Procedure:
    """L481-487: which minion wins an attack on a scheme's protection."""
    kinds = sorted({m.kind for m in ug.deck})
    colours = sorted({m.colour for m in ug.deck})
    cards = tuple(f"{k}-{c}" for k in kinds for c in colours)

    def contest(attacker: str, defender: str) -> Result:
        a, d = attacker.split("-"), defender.split("-")
        return court.contest(ug, (a[0], a[1]), (d[0], d[1]))

    return Procedure(
        "minion-contest",
        "Minion against minion",
        "L481-487",
        "which minion wins an attack on a scheme's protection",
        (
            Param("attacker", f"the attacker's minion ({MINION})", "choice", choices=cards),
            Param("defender", f"the defender's minion ({MINION})", "choice", choices=cards),
        ),
        contest,
        statement,
    )
