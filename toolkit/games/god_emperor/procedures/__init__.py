"""God Emperor rules as code: Control's procedures, bound to the content.

`procedures(content)` gives what `toolkit calc god-emperor` answers and the Control screen
prints: the day's and the round's clock, the Court's costs, pool, votes and Uprising, the
Underground's scheme costs, minion draws and contests, and the War Room's battles, rewards
and neutral castles. House, proposal, scheme and room ids come from the content.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from toolkit.check.procedures import Param, ParamError, Procedure, Result
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.procedures import clock, court, war
from toolkit.model.content import ContentSet

MINION = "KIND-COLOUR, e.g. rock-red"


def procedures(content: ContentSet) -> tuple[Procedure, ...]:
    """Every God Emperor procedure, bound to this content."""
    ix = Index.build(content)
    return () if ix is None else bind(ix)


def bind(ix: Index) -> tuple[Procedure, ...]:
    out = [*_clock(ix), *_war(ix)]
    if ix.court is not None:
        out += _court(ix)
    if ix.underground is not None:
        out += _underground(ix)
    return tuple(out)


def _clock(ix: Index) -> list[Procedure]:
    g = ix.game
    rooms = {r.id: r for r in g.rooms}
    rounds = Param("round", "the round (month)", low=1, high=g.rounds.count)
    return [
        Procedure(
            "round-clock",
            "The round's clock",
            "L76-78, L82-118",
            "when a round and each of its phases start",
            (rounds,),
            lambda round: clock.round_clock(g, round),
            clock.round_statement(g),
        ),
        Procedure(
            "room-clock",
            "A room's clock",
            "L108-114",
            "when each step of a room's timeline starts in a round's Action phase",
            (Param("room", "the room", "choice", choices=tuple(rooms)), rounds),
            lambda room, round: clock.room_clock(g, rooms[room], round),
        ),
    ]


def _houses(ix: Index) -> tuple[str, ...]:
    return tuple(ix.houses)


def _war(ix: Index) -> list[Procedure]:
    w = ix.game.war
    houses = _houses(ix)
    immortal_attack = ix.court.immortal_attack if ix.court else 0
    immortals = ix.court.immortals if ix.court else 0

    def fight(
        units: dict,
        allies: dict | None = None,
        castle: tuple = (),
        remnants: int = 0,
        immortals: int = 0,
        bonus: dict | None = None,
    ) -> Result:
        pairs = set()
        for a, targets in (allies or {}).items():
            for b in str(targets).split("+"):
                if b not in houses:
                    raise ParamError("allies", f"{b!r} is not a House ({', '.join(houses)})")
                if b == a:
                    raise ParamError("allies", f"{a} cannot ally with itself")
                pairs.add((a, b))
        for h in castle:
            if not units.get(h):
                raise ParamError("castle", f"{h} has no units in the region")
        state = war.Battle(
            units,
            frozenset(pairs),
            frozenset(castle),
            remnants,
            immortals,
            immortal_attack,
            bonus or {},
        )
        return war.battle(w, state)

    def reward(
        castles: int, castle_victories: int = 0, rumors: int = 0, rumor_victories: int = 0
    ) -> Result:
        if rumor_victories > rumors:
            raise ParamError("rumor-victories", f"more than the {rumors} Rumors held")
        if castle_victories and not castles:
            raise ParamError(
                "castle-victories",
                "a House overcome on a castle's region counts only if you hold that castle",
            )
        return war.rewards(w, castles, castle_victories, rumors, rumor_victories)

    return [
        Procedure(
            "battle",
            "A battle",
            "L177-185",
            "attack values in one region, the winner and who removes their units",
            (
                Param(
                    "units",
                    "units of each House in the region",
                    "counts",
                    choices=houses,
                    low=0,
                    high=99,
                    example="HOUSE:N,...",
                ),
                Param(
                    "allies",
                    "Houses each House chose to ally with (ticked on its War Orders)",
                    "map",
                    optional=True,
                    choices=houses,
                    example="HOUSE:HOUSE+HOUSE,...",
                ),
                Param(
                    "castle",
                    "Houses holding the region's castle",
                    "list",
                    optional=True,
                    choices=houses,
                ),
                Param(
                    "remnants",
                    "units of the God Emperor's remnants (a neutral castle)",
                    optional=True,
                    low=0,
                    high=99,
                ),
                Param(
                    "immortals",
                    "Immortals fighting (only if attacked)",
                    optional=True,
                    low=0,
                    high=immortals,
                ),
                Param(
                    "bonus",
                    "extra attack (Military Aid, Black Powder, a favor)",
                    "counts",
                    optional=True,
                    choices=houses,
                    low=0,
                    high=9,
                    example="HOUSE:N,...",
                ),
            ),
            fight,
            war.battle_statement(w, immortal_attack),
        ),
        Procedure(
            "rewards",
            "Rewards",
            "L171-174",
            "the Power and Favor a House gains from its castles and Rumors this month",
            (
                Param("castles", "castles the House controls (a flag there)", low=0, high=99),
                Param(
                    "castle-victories",
                    "Houses it overcame in battle on its castles' regions this month",
                    optional=True,
                    low=0,
                    high=99,
                ),
                Param("rumors", "Rumors it holds", optional=True, low=0, high=99),
                Param(
                    "rumor-victories",
                    "Rumors' regions where it overcame a House this month",
                    optional=True,
                    low=0,
                    high=99,
                ),
            ),
            reward,
            war.rewards_statement(w),
        ),
        Procedure(
            "neutral-castle",
            "A neutral castle",
            "L189",
            "the remnants' units in a neutral castle's region after it regenerates",
            (Param("units", "units in the region (of any side)", low=0, high=99),),
            lambda units: war.neutral_castle(w, units),
            war.neutral_statement(w),
        ),
    ]


def _court(ix: Index) -> list[Procedure]:
    c = ix.court
    assert c is not None
    items = {p.id: p for p in (*c.proposals, *c.military_actions)}
    houses = _houses(ix)
    statement = court.court_statement(c)

    def pay(cost: int, payments: Mapping[str, str]) -> Result:
        paid = {}
        for house, text in payments.items():
            paid[house] = _power_favor(text)
        return court.payment(c, cost, paid)

    def vote(for_: int, assembled: int) -> Result:
        if for_ > assembled:
            raise ParamError("for", f"more votes than the {assembled} assembled")
        return court.court_vote(for_, assembled)

    def rise(standing: int, assembled: int) -> Result:
        if standing > assembled:
            raise ParamError("standing", f"more than the {assembled} assembled")
        return court.uprising(c, standing, assembled)

    def proposal_cost(proposal: str, amount: int = 1) -> Result:
        return court.cost(items[proposal], amount)

    return [
        Procedure(
            "court-cost",
            "A law's cost",
            "L270-302",
            "what a Court proposal or Court Military Action costs",
            (
                Param(
                    "proposal", "the proposal or Military Action", "choice", choices=tuple(items)
                ),
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
        ),
        Procedure(
            "court-pool",
            "The Court's pool",
            "L304, L316",
            "the most the Houses at Court can pay for a law",
            (Param("houses", "Houses at the Court", low=1, high=len(houses)),),
            lambda houses: court.pool(c, houses),
            statement,
        ),
        Procedure(
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
        ),
        Procedure(
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
        ),
        Procedure(
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
        ),
    ]


def _power_favor(text: str) -> tuple[int, int]:
    """`1p2f` -> (1, 2): Power and Favor paid by one House."""

    m = re.fullmatch(r"\s*(?:(\d+)\s*p)?\s*(?:(\d+)\s*f)?\s*", text.lower())
    if not m or not (m[1] or m[2]):
        raise ParamError("payments", f"expected Power and Favor as e.g. 1p2f, got {text!r}")
    return int(m[1] or 0), int(m[2] or 0)


def _underground(ix: Index) -> list[Procedure]:
    ug = ix.underground
    assert ug is not None
    schemes = {s.id: s for s in ug.schemes}
    kinds = sorted({m.kind for m in ug.deck})
    colours = sorted({m.colour for m in ug.deck})
    cards = tuple(f"{k}-{c}" for k in kinds for c in colours)
    statement = court.underground_statement(ug)

    def contest(attacker: str, defender: str) -> Result:
        a, d = attacker.split("-"), defender.split("-")
        return court.contest(ug, (a[0], a[1]), (d[0], d[1]))

    return [
        Procedure(
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
            lambda scheme, amount=1, crackdown=False: court.cost(
                schemes[scheme], amount, crackdown
            ),
            statement,
        ),
        Procedure(
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
        ),
        Procedure(
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
        ),
    ]
