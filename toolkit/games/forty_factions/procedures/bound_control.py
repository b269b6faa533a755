"""The Forty Factions procedures of Control, bound to the content: of an Area (12.2), of the
Council and a change of Overlord (10.3, 12.3), and of the Conclave (10.4, 12.4). The
arithmetic is in `control` and `council`; here each gets its parameters, checked against
the content (an expansion's Area, a party's seats), and its rule.
"""

from __future__ import annotations

from collections.abc import Mapping

import toolkit.games.forty_factions.procedures.control as control
import toolkit.games.forty_factions.procedures.council as council
from toolkit.check.procedures import Param, ParamError, Procedure, Result
from toolkit.games.forty_factions.game_models import Party
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.procedures.lookups import SIDE, SIDES, names


def bound(ix: Index) -> list[Procedure]:
    """The procedures of Control, bound to the content (`toolkit calc`, the DM screen)."""
    return [_area(ix), _council(ix), _overlord_vote(ix), _conclave(ix)]


def _area(ix: Index) -> Procedure:
    """12.2, 13.2.3.1: who Controls an Area, Forest or Domain, and its VPs."""
    g = ix.game
    expansions = tuple(e.code for e in g.expansions)
    scoring = tuple(a.id for a in g.areas if a.scoring)
    forests = {f.area: f for f in ix.sacred_circles.forests} if ix.sacred_circles else {}
    single = min((a.single_pawn_vp for a in g.areas if a.single_pawn_vp is not None), default=1)

    def area(
        area: str,
        pawns: dict,
        lesser: dict | None = None,
        expansions: tuple[str, ...] | None = None,
    ) -> Result:
        chosen = expansions if expansions is not None else tuple(e.code for e in g.expansions)
        need = ix.area_by_id[area].expansion
        if need and need not in chosen:
            raise ParamError("area", f"{area} is in play only with {need} (add it to expansions=)")
        forest = forests.get(area)
        if lesser and not (forest and forest.lesser_circles):
            raise ParamError("lesser", f"{area} has no Lesser Circles (SC3.1.3)")
        return control.area_control(ix.area_by_id[area], chosen, pawns, lesser, forest)

    return Procedure(
        "area-control",
        "Control of an Area",
        "12.2, 13.2.3.1",
        "who Controls an Area (or Forest, or Domain) and the VPs it gives",
        (
            Param("area", "the Area, Forest or Domain", "choice", choices=scoring),
            Param(
                "pawns",
                f"pawns of each side on its Locations ({SIDE})",
                "counts",
                low=0,
                high=99,
                example=SIDES,
            ),
            Param(
                "lesser",
                "SC3.1.3: pawns of each side on Lesser Circles",
                "counts",
                optional=True,
                low=0,
                high=9,
                example="SIDE:N,...",
            ),
            Param(
                "expansions",
                "expansions in play (default: all the content has)",
                "list",
                optional=True,
                choices=expansions,
            ),
        ),
        area,
        control.area_statement(single),
    )


def _council(ix: Index) -> Procedure:
    """10.3, 12.3: Majority or Minority Control of the Council."""
    g = ix.game
    parties = [p for p in g.parties if p.body == "council"]

    def council_run(**kw: object) -> Result:
        return council.council_control(parties, g.council, _council_state(parties, kw))

    return Procedure(
        "council-control",
        "Control of the Council",
        "10.3, 12.3",
        "Majority or Minority Control of the Council, with only the votes cast counted",
        _council_params(parties),
        council_run,
        council.council_statement(parties, g.council, names(ix)),
    )


def _council_state(parties: list[Party], kw: Mapping[str, object]) -> council.CouncilState:
    """The Council's state from the parameters given: no party with more pawns than its
    seats, and each party faction's holder with a pawn on its party's seats."""
    pawns = {p.id: kw.get(p.id) or {} for p in parties}
    for p in parties:
        if sum(pawns[p.id].values()) > p.seats:  # type: ignore[attr-defined]
            raise ParamError(p.id, f"more pawns than the party's {p.seats} seats")
    leaders: Mapping[str, str] = kw.get("leaders") or {}  # type: ignore[assignment]
    for party_id, side in leaders.items():
        if not pawns[party_id].get(side):  # type: ignore[attr-defined]
            raise ParamError(
                "leaders",
                f"{side} holds the {party_id} party's faction but "
                f"has no pawn on its seats: give {party_id}={side}:N",
            )
    coalition = tuple(s for s in str(kw.get("coalition") or "").split("+") if s)
    return council.CouncilState(
        pawns,
        leaders,
        kw.get("overlord"),  # type: ignore[arg-type]
        coalition,  # type: ignore[arg-type]
        bool(kw.get("holiday")),
    )


def _council_params(parties: list[Party]) -> tuple[Param, ...]:
    """The pawns on each party's seats, then who holds the party factions, the Overlord's
    faction and a Coalition, and whether it is a holiday."""
    leader_parties = tuple(p.id for p in parties if council.allocates_neutrals(p))
    party_params = tuple(
        Param(
            p.id,
            f"pawns of each side on the {p.name}'s seats, {p.seats} ({SIDE})",
            "counts",
            optional=True,
            low=0,
            high=p.seats,
            example=SIDES,
        )
        for p in parties
    )
    return (
        *party_params,
        Param(
            "leaders",
            "10.3.2.2.1: the side holding each party's own faction, Activated",
            "map",
            optional=True,
            choices=leader_parties,
            example="PARTY:SIDE,...",
        ),
        Param(
            "overlord",
            "10.3.4: the side holding the Overlord's faction (casting vote)",
            "text",
            optional=True,
            example="SIDE",
        ),
        Param(
            "coalition",
            "10.3.6: sides agreeing a Coalition",
            "text",
            optional=True,
            example="SIDE+SIDE",
        ),
        Param("holiday", "a public holiday: no Council VPs (12.3.1)", "flag", optional=True),
    )


def _overlord_vote(ix: Index) -> Procedure:
    """10.3.8: whether a resolution to change the Overlord passes."""
    g = ix.game
    parties = [p for p in g.parties if p.body == "council"]

    def vote(**kw: int) -> Result:
        votes_for, against = kw["for_"], kw["against"]
        if votes_for + against > g.council.seats:
            raise ParamError(
                "against", f"{votes_for} + {against} votes exceed the {g.council.seats} seats"
            )
        return council.overlord_vote(g.council, votes_for, against)

    return Procedure(
        "overlord-vote",
        "Change of Overlord",
        "10.3.8",
        "whether a resolution to change the Overlord passes",
        (
            Param("for", "votes for the resolution", low=0, high=g.council.seats),
            Param("against", "votes against it", low=0, high=g.council.seats),
        ),
        vote,
        council.council_statement(parties, g.council, names(ix))[-1:],
    )


def _conclave(ix: Index) -> Procedure:
    """10.4.5, 12.4: who Controls the Secret Conclave of the Thieves' Guilds."""
    g = ix.game
    conclave_seats = sum(f.seats.conclave for f in ix.faction_list)

    def conclave(seats: dict) -> Result:
        if sum(seats.values()) > conclave_seats:
            raise ParamError("seats", f"the Conclave has {conclave_seats} seats")
        return control.conclave_control(g.conclave, seats)

    return Procedure(
        "conclave-control",
        "Control of the Conclave",
        "10.4.5, 12.4",
        "who Controls the Secret Conclave of the Thieves' Guilds",
        (
            Param(
                "seats",
                f"Conclave seats each side holds through Activated Thieves' Guilds ({SIDE})",
                "counts",
                low=0,
                high=conclave_seats,
                example=SIDES,
            ),
        ),
        conclave,
        control.conclave_statement(g.conclave),
    )
