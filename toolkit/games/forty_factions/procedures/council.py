"""Voting on the Council (10.3) and the VPs for its Control (12.3).

A *side* is a player or an Alliance. The state is the pawns each side has on each party's
seats, which side holds each party's own faction (Activated), the Overlord's side, and a
Coalition if one is agreed. Pure functions; every answer shows its count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from toolkit.check.procedures import Result, Step
from toolkit.games.forty_factions.models import Council, Party


@dataclass(frozen=True)
class CouncilState:
    """Who holds what on the Council at the Council Phase."""

    pawns: Mapping[str, Mapping[str, int]]  # party id -> side -> pawns on its seats
    leaders: Mapping[str, str] = field(default_factory=dict)  # party id -> side holding its faction
    overlord: str | None = None  # the side whose Activated faction holds the Overlord
    coalition: tuple[str, ...] = ()  # sides agreeing a Coalition (10.3.6)
    holiday: bool = False  # a public holiday: no Council VPs (12.3.1)


def allocates_neutrals(party: Party) -> bool:
    """Whether a party's neutral seats can be voted (10.3.2.2.1-3): those of the parties
    whose own faction holds a seat (Reform, Conservative, Free Trade); the neutral seats of
    the others (the Militants, whose Anarchist Movement holds none, and the Independent)
    always abstain (10.3.2.2.4, 10.3.3)."""
    return party.faction is not None and party.faction_holds_seat


@dataclass(frozen=True)
class PartyCount:
    """One party's votes after its neutral seats are allocated (10.3.2)."""

    party: Party
    votes: dict[str, int]  # side -> votes, neutral seats included
    neutral: int
    neutral_to: str | None  # the side voting the neutral seats; None: they abstain
    why: str
    controller: str | None  # a side with a simple majority of the party's votes (10.3.6)


def neutral_holder(
    party: Party, pawns: Mapping[str, int], leader: str | None
) -> tuple[str | None, str]:
    """Who votes a party's neutral seats, and why (10.3.2.2)."""
    if not allocates_neutrals(party):
        return None, "always abstain (10.3.2.2.4)"
    if leader is not None:
        return leader, f"{leader} holds the party's faction (10.3.2.2.1)"
    placed = sum(pawns.values())
    for side, n in pawns.items():
        if 2 * n > placed:
            return side, f"{side} holds {n} of the {placed} seats with pawns (10.3.2.2.2)"
    return None, "no simple majority of the seats with pawns: they abstain (10.3.2.2.3)"


def count_party(party: Party, pawns: Mapping[str, int], leader: str | None) -> PartyCount:
    """10.3.2 for one party."""
    neutral = party.seats - sum(pawns.values())
    to, why = neutral_holder(party, pawns, leader)
    votes = {s: n for s, n in pawns.items() if n}
    if to is not None and neutral:
        votes[to] = votes.get(to, 0) + neutral
    cast = sum(votes.values())
    controller = next((s for s, n in votes.items() if controls_party(n, cast)), None)
    return PartyCount(party, votes, neutral, to if neutral else None, why, controller)


def controls_party(votes: int, cast: int) -> bool:
    """10.3.6: a side controls a party when it holds a simple majority of the party's votes
    cast (its pawns and the neutral seats it votes)."""
    return 2 * votes > cast


def majority(votes: int, cast: int, casting: bool) -> bool:
    """10.3.4-10.3.5: more than half of the votes cast, or exactly half with the Overlord's
    casting vote. Neutral votes that abstain are not cast."""
    return 2 * votes > cast or (casting and cast > 0 and 2 * votes == cast)


def minority(best: int, second: int) -> bool:
    """10.3.5: without a Majority, the greatest number of votes has Minority Control; a tie
    for it gives Minority Control to nobody (the rules name no winner)."""
    return best > second and best > 0


def needed(cast: int, casting: bool) -> int:
    """The fewest votes that give Majority Control when `cast` votes are cast."""
    return next(v for v in range(cast + 1) if majority(v, cast, casting)) if cast else 0


def _coalition_problem(counts: Sequence[PartyCount], coalition: Sequence[str]) -> str:
    """Why a Coalition may not be formed (10.3.6), or ''."""
    if len(coalition) < 2:
        return "a Coalition needs two or more sides"
    for side in coalition:
        leads = [c for c in counts if c.controller == side]
        seat_only = [c for c in counts if side in c.votes and not allocates_neutrals(c.party)]
        if not leads and not seat_only:
            return (
                f"{side} controls a simple majority of no party's votes, nor holds Militant "
                "or Independent seats"
            )
    led = {c.party.id: c.controller for c in counts if c.controller in coalition}
    for c in counts:
        for enemy in c.party.enemies:
            a, b = led.get(c.party.id), led.get(enemy)
            if a and b:
                return f"{c.party.name} and its Enemy party may never form a Coalition"
    return ""


def control_vp(council: Council, kind: str, pawns: int, holiday: bool) -> int:
    """12.3.1-12.3.2: VPs for Majority or Minority Control (`kind`), at most the single-pawn
    VP when only one pawn is in the Council, none on a public holiday."""
    vp = {"majority": council.vp.majority, "minority": council.vp.minority}.get(kind, 0)
    if pawns == 1:
        vp = min(vp, council.vp.single_pawn)
    return 0 if holiday else vp


def council_control(parties: Sequence[Party], council: Council, state: CouncilState) -> Result:
    """10.3 and 12.3: Majority or Minority Control of the Council and its VPs."""
    counts = [count_party(p, state.pawns.get(p.id, {}), state.leaders.get(p.id)) for p in parties]
    steps: list[str] = []
    votes = _votes(counts, steps)
    cast = sum(votes.values())
    pawns = sum(sum(p.values()) for p in state.pawns.values())
    need = (
        f"Majority Control needs {needed(cast, False)}, or {needed(cast, True)} with the "
        "Overlord's casting vote"
        if cast
        else "no votes are cast: nobody can Control it"
    )
    steps.append(f"votes cast: {cast} (neutral seats that abstain are not counted, 10.3.5); {need}")
    blocs = _blocs(counts, votes, state, steps)
    kind, winner = _control(blocs, cast, state.overlord, steps)
    vp = control_vp(council, kind, pawns, state.holiday)
    if winner and pawns == 1:
        steps.append(f"only one pawn in the Council: {vp} VP (12.3.2)")
    if winner and state.holiday:
        steps.append("a public holiday: no VPs for Control (12.3.1)")
    details = {
        "control": kind,
        "side": winner,
        "votes": votes,
        "cast": cast,
        "controllers": {c.party.id: c.controller for c in counts},
    }
    if winner is None:
        return Result(0, "nobody Controls the Council", tuple(steps), "10.3.5, 12.3", details)
    what = "Majority" if kind == "majority" else "Minority"
    return Result(
        vp,
        f"{winner} has {what} Control of the Council: {vp} VP",
        tuple(steps),
        "10.3.5, 12.3.1",
        details,
    )


def _votes(counts: Sequence[PartyCount], steps: list[str]) -> dict[str, int]:
    """Each side's votes over all parties; a step per party says how its votes fell."""
    votes: dict[str, int] = {}
    for c in counts:
        shown = ", ".join(f"{s} {n}" for s, n in c.votes.items()) or "no votes"
        extra = f"; {c.neutral} neutral: {c.why}" if c.neutral else ""
        steps.append(f"{c.party.name} ({c.party.seats}): {shown}{extra}")
        for s, n in c.votes.items():
            votes[s] = votes.get(s, 0) + n
    return votes


Blocs = dict[str, tuple[list[str], int]]  # a side or Coalition -> its sides, its votes


def _blocs(
    counts: Sequence[PartyCount], votes: Mapping[str, int], state: CouncilState, steps: list[str]
) -> Blocs:
    """The sides that vote as one: each side alone, but the sides of a Coalition that may be
    formed (10.3.6) together; a step says whether the Coalition counts."""
    cast = sum(votes.values())
    blocs = {s: ([s], n) for s, n in votes.items()}
    coalition = tuple(state.coalition)
    if not coalition:
        return blocs
    problem = _coalition_problem(counts, coalition)
    if not problem and any(majority(n, cast, state.overlord == s) for s, n in votes.items()):
        problem = "a side already has Majority Control without one (10.3.6)"
    if problem:
        steps.append(f"Coalition {' + '.join(coalition)} not counted: {problem}")
        return blocs
    joined = sum(votes.get(s, 0) for s in coalition)
    for s in coalition:
        blocs.pop(s, None)
    blocs[" + ".join(coalition)] = (list(coalition), joined)
    steps.append(f"Coalition {' + '.join(coalition)}: {joined} votes (10.3.6)")
    return blocs


def _control(
    blocs: Blocs, cast: int, overlord: str | None, steps: list[str]
) -> tuple[str, str | None]:
    """Who Controls the Council (10.3.4-10.3.5): `majority`, `minority` or `none`, and the
    side or Coalition; a step says why."""
    kind, winner = "none", None
    for name, (members, n) in blocs.items():
        if majority(n, cast, overlord in members):
            kind, winner = "majority", name
            tied = 2 * n == cast
            steps.append(
                f"{name}: {n} of {cast}"
                + (
                    ", a tie won by the Overlord's casting vote (10.3.4)"
                    if tied
                    else ", more than half"
                )
                + ": Majority Control"
            )
    if winner is None and blocs:
        ranked = [*sorted((n for _, n in blocs.values()), reverse=True), 0]
        best = ranked[0]
        top = [name for name, (_, n) in blocs.items() if n == best]
        if minority(ranked[0], ranked[1]):
            kind, winner = "minority", top[0]
            steps.append(f"no Majority; {winner} has the most votes ({best}): Minority Control")
        elif best:
            steps.append(
                f"no Majority; {' and '.join(top)} tie for the most votes ({best}): the "
                "rules give no Minority Control to either"
            )
    return kind, winner


def overlord_vote(council: Council, votes_for: int, votes_against: int) -> Result:
    """10.3.8: a change of Overlord needs a two-thirds majority: the content's two-thirds of
    all Forty (27) votes for, or twice as many votes for as against."""
    need = min(council.two_thirds, max(1, 2 * votes_against))
    ok = votes_for >= need
    steps = (
        f"{votes_for} for, {votes_against} against",
        f"needs {council.two_thirds} for, or twice {votes_against} = "
        f"{2 * votes_against} for: at least {need}",
    )
    answer = (
        f"the Overlord is changed ({votes_for} >= {need})"
        if ok
        else f"the Overlord stays in office ({votes_for} < {need})"
    )
    return Result(ok, answer, steps, "10.3.8, 10.2.1", {"needed": need})


def board_statement(council: Council) -> tuple[str, tuple[tuple[int, str], ...]]:
    """What the Council board prints about the votes needed: a line, and the marks on its
    vote bar (the majority when every seat votes, the two-thirds for the Overlord)."""
    full = needed(council.seats, False)
    line = (
        f"Majority: more than half of the votes cast ({full} if all {council.seats} vote). "
        f"Change of Overlord: {council.two_thirds} for, or twice as many for as against "
        "(10.3.5, 10.3.8)"
    )
    return line, ((full, f"{full} if all vote"), (council.two_thirds, "two-thirds"))


def council_statement(
    parties: Sequence[Party], council: Council, names: Mapping[int, str]
) -> tuple[Step, ...]:
    """The printed statement of 10.3 and 12.3, with the content's parties and numbers."""
    voting = [p for p in parties if allocates_neutrals(p)]
    silent = [p for p in parties if not allocates_neutrals(p)]
    leaders = ", ".join(f"{names.get(p.faction or 0, p.name)}" for p in voting)
    seats = council.seats
    return (
        Step(
            "Count each party's votes by Player or Alliance: one per pawn on its seats.", "10.3.2.1"
        ),
        Step(
            f"Neutral seats (no pawn) of the {', '.join(p.name for p in voting)}: voted by "
            f"the side holding the party's own faction ({leaders}), Activated; else by a side "
            "holding a simple majority of that party's seats with pawns; else they abstain.",
            "10.3.2.2.1-3",
        ),
        Step(
            f"Neutral seats of the {' and '.join(p.name for p in silent)} always abstain.",
            "10.3.2.2.4, 10.3.3",
        ),
        Step(
            "Majority Control: more than half of the votes cast; neutral seats that abstain "
            "are not counted. Exactly half wins with the Overlord's casting vote. "
            f"With all {seats} seats voting, {needed(seats, False)}.",
            "10.1.2, 10.3.4, 10.3.5",
        ),
        Step(
            "No Majority: sides with a simple majority of a party's votes may agree "
            "Coalitions between their parties; the Conservatives and Liberals never; Militant "
            "and Independent seats may join one by one.",
            "10.3.6, 10.3.7",
        ),
        Step("Still no Majority: the greatest number of votes has Minority Control.", "10.3.5"),
        Step(
            f"VPs: Majority {council.vp.majority}, Minority {council.vp.minority}; only one "
            f"pawn in the Council: {council.vp.single_pawn}; Overlord {council.vp.overlord} "
            "per Council Phase held; a faction gaining or losing a seat "
            f"±{council.vp.seat_change}. None for Control or Overlord on a public holiday.",
            "12.3.1, 12.3.2",
        ),
        Step(
            f"Change of Overlord, a separate vote: {council.two_thirds} votes for, or twice "
            "as many for as against.",
            "10.3.8",
        ),
    )
