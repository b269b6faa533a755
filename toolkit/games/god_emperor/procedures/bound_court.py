"""The God Emperor procedures of the Court (L270-316, L396), bound to the content: a law's
cost, the pool, paying for a law, a vote and an Uprising. The arithmetic is in `court`; here
each gets its parameters, checked against the content's proposals and Houses, and its rule.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import toolkit.games.god_emperor.procedures.court as court
from toolkit.check.procedures import Param, ParamError, Procedure, Result, Step
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.models import Court


def bound(ix: Index) -> list[Procedure]:
    """The Court's procedures, bound to the content (none without a Court); they share the
    Court's printed statement."""
    c = ix.court
    if c is None:
        return []
    houses = tuple(ix.houses)
    statement = court.court_statement(c)
    return [
        _cost(c, statement),
        _pool(c, houses, statement),
        _payment(c, houses, statement),
        _vote(statement),
        _uprising(c, statement),
    ]


def _cost(c: Court, statement: tuple[Step, ...]) -> Procedure:
    """L270-302: what a Court proposal or Court Military Action costs."""
    items = {p.id: p for p in (*c.proposals, *c.military_actions)}

    def proposal_cost(proposal: str, amount: int = 1) -> Result:
        return court.cost(items[proposal], amount)

    return Procedure(
        "court-cost",
        "A law's cost",
        "L270-302",
        "what a Court proposal or Court Military Action costs",
        (
            Param("proposal", "the proposal or Military Action", "choice", choices=tuple(items)),
            Param(
                "amount",
                "how many of what it is priced per (Power, units, months...)",
                optional=True,
                low=1,
                high=99,
            ),
        ),
        proposal_cost,
        statement,
    )


def _pool(c: Court, houses: tuple[str, ...], statement: tuple[Step, ...]) -> Procedure:
    """L304, L316: the most the Houses at Court can pay for a law."""
    return Procedure(
        "court-pool",
        "The Court's pool",
        "L304, L316",
        "the most the Houses at Court can pay for a law",
        (Param("houses", "Houses at the Court", low=1, high=len(houses)),),
        lambda houses: court.pool(c, houses),
        statement,
    )


def _payment(c: Court, houses: tuple[str, ...], statement: tuple[Step, ...]) -> Procedure:
    """L316: whether payments cover a law's cost within each House's share of the pool."""

    def pay(cost: int, payments: Mapping[str, str]) -> Result:
        paid = {}
        for house, text in payments.items():
            paid[house] = _power_favor(text)
        return court.payment(c, cost, paid)

    return Procedure(
        "court-payment",
        "Paying for a law",
        "L316",
        "whether payments cover a law's cost within each House's share of the pool",
        (
            Param("cost", "the law's cost", low=0, high=99),
            Param(
                "payments",
                "what each House pays, e.g. cat:1p,swords:1p2f",
                "map",
                choices=houses,
                example="HOUSE:NpNf,...",
            ),
        ),
        pay,
        statement,
    )


def _power_favor(text: str) -> tuple[int, int]:
    """`1p2f` -> (1, 2): Power and Favor paid by one House."""

    m = re.fullmatch(r"\s*(?:(\d+)\s*p)?\s*(?:(\d+)\s*f)?\s*", text.lower())
    if not m or not (m[1] or m[2]):
        raise ParamError("payments", f"expected Power and Favor as e.g. 1p2f, got {text!r}")
    return int(m[1] or 0), int(m[2] or 0)


def _vote(statement: tuple[Step, ...]) -> Procedure:
    """L314: whether a proposal becomes a Commandment."""

    def vote(for_: int, assembled: int) -> Result:
        if for_ > assembled:
            raise ParamError("for", f"more votes than the {assembled} assembled")
        return court.court_vote(for_, assembled)

    return Procedure(
        "court-vote",
        "A vote at Court",
        "L314",
        "whether a proposal becomes a Commandment",
        (
            Param("for", "assembled players voting for it", low=0, high=999),
            Param("assembled", "players assembled at the Court", low=1, high=999),
        ),
        vote,
        statement,
    )


def _uprising(c: Court, statement: tuple[Step, ...]) -> Procedure:
    """L396: whether an Uprising casts out the Sovereign."""

    def rise(standing: int, assembled: int) -> Result:
        if standing > assembled:
            raise ParamError("standing", f"more than the {assembled} assembled")
        return court.uprising(c, standing, assembled)

    return Procedure(
        "uprising",
        "An Uprising",
        "L396",
        "whether an Uprising casts out the Sovereign",
        (
            Param("standing", "players standing, the declarer included", low=0, high=999),
            Param("assembled", "players assembled at the Court", low=1, high=999),
        ),
        rise,
        statement,
    )
