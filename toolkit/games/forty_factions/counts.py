"""Counts the rules fix and the faction files must meet: the Council's (10.1.3, 10.2.1,
10.3.1) here, and how a message names who states a count.

A count in game.yaml or a board file that differs from the rules is one error, at that
count (FF-CANON), with what it upsets as notes under it. The faction files are then held to
the rules' count, not to the changed one: a changed party count is never reported again as
a dozen factions told to take or give up a seat they rightly hold. A waived difference is a
house rule, and then the faction files are held to the file's count.
"""

from __future__ import annotations

from collections.abc import Iterator

import toolkit.games.forty_factions.canon as canon
from toolkit.check.rules import accepted
from toolkit.core.diagnostics import Diagnostic, Note, error
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Party

BASE = "base"


def _differs(ix: Index, value: int, want: int | None, *path: str | int) -> bool:
    """Does game.yaml's `value` at `path` differ from the rules' `want`, unwaived?"""
    if want is None or value == want:
        return False
    return not accepted(ix.game, "FF-CANON", ix.game.loc_of(*path))


def council_size(ix: Index) -> int:
    """The Council seats the faction files must add up to: game.yaml's, or 10.1.3's Forty
    while game.yaml differs from it unwaived."""
    seats = ix.game.council.seats
    if _differs(ix, seats, canon.COUNCIL_SEATS, "council", "seats"):
        return canon.COUNCIL_SEATS
    return seats


def stated(due: int, written: int, rules: int | None, file: str, section: str) -> str:
    """Who states the count `due` that the faction files miss, for a message: the file that
    holds it (`written`) and the rules (`rules`, None when they give none), each with its
    own number, so a message never gives the rules a number only the file has."""
    if due != written:
        return f"{section} gives {due} ({file}'s {written} is not it)"
    if rules is None or rules == due:
        return f"{file} gives {due}, as {section} does"
    return f"{file} gives {due} (a house rule: {section} gives {rules})"


def _council_parties(ix: Index) -> list[tuple[int, Party]]:
    return [(i, p) for i, p in enumerate(ix.game.parties) if p.body == "council"]


def party_seats(ix: Index) -> dict[str, int]:
    """The seats each Council party's factions are held to: game.yaml's count, or 10.3.1's
    while game.yaml differs from it unwaived (FF-CANON reports that count, once)."""
    out = {}
    for i, p in _council_parties(ix):
        want = canon.PARTY_SEATS.get(p.id)
        held_to_rules = want is not None and _differs(ix, p.seats, want, "parties", i, "seats")
        out[p.id] = want if held_to_rules and want is not None else p.seats
    return out


def _base_seats(ix: Index) -> dict[str, int]:
    """Council seats the base game's faction files give each party."""
    held: dict[str, int] = {}
    for f in ix.faction_list:
        if f.seats.council and f.expansion == BASE:
            held[f.politics] = held.get(f.politics, 0) + 1
    return held


def _party_findings(ix: Index) -> Iterator[Diagnostic]:
    """The party counts that differ from 10.3.1: one error at the first, the others (a swap
    changes two) and what the change upsets as notes under it."""
    off = [
        (p, canon.PARTY_SEATS[p.id])
        for p in ix.game.parties
        if canon.PARTY_SEATS.get(p.id) not in (None, p.seats)
    ]
    if not off:
        return
    first, want = off[0]
    if len(off) == 1:
        message = f"the {first.name} holds {want} seats (10.3.1), not {first.seats}"
    else:
        have = ", ".join(f"{p.name} {p.seats}" for p, _w in off)
        rules = ", ".join(f"the {p.name} {w}" for p, w in off)
        message = f"the parties' seats here are {have}; 10.3.1 gives {rules}"
    notes = [
        Note(f"the {p.name} has {p.seats} seats here, {w} in 10.3.1", p.loc_of("seats"))
        for p, w in off[1:]
    ]
    held, due = _base_seats(ix), party_seats(ix)
    kept = [(p, w) for p, w in off if held.get(p.id, 0) == w == due.get(p.id)]
    if kept:
        counts = " and ".join(f"the {p.name} {w}" for p, w in kept)
        notes.append(
            Note(
                f"the base game's faction files give {counts} seats, as 10.3.1 does: they "
                "are held to the rules, not to this count (waive FF-CANON here, with the "
                "reason, to make it a house rule they must follow)"
            )
        )
    total = sum(p.seats for _i, p in _council_parties(ix))
    council = ix.game.council
    if total != council.seats:
        notes.append(
            Note(
                f"with it, the parties' seats add up to {total}; the Council has "
                f"{council.seats} (10.1.3)",
                council.loc_of("seats"),
            )
        )
    yield error(first.loc_of("seats"), "FF-CANON", message, notes)


def check_canon(ix: Index) -> Iterator[Diagnostic]:
    """game.yaml keeps the Council numbers the rules fix."""
    council = ix.game.council
    if council.seats != canon.COUNCIL_SEATS:
        held = sum(_base_seats(ix).values())
        notes = []
        if held == canon.COUNCIL_SEATS == council_size(ix):
            notes.append(
                Note(
                    f"the base game's faction files hold {held} Council seats, as 10.1.3 "
                    "has: they are held to it, not to this count (waive FF-CANON here, with "
                    "the reason, to make it a house rule they must follow)"
                )
            )
        yield error(
            council.loc_of("seats"),
            "FF-CANON",
            f"the Council has {canon.COUNCIL_SEATS} seats (10.1.2, 10.1.3), not {council.seats}",
            notes,
        )
    if council.two_thirds != canon.TWO_THIRDS:
        yield error(
            council.loc_of("two_thirds"),
            "FF-CANON",
            f"a two-thirds majority of the Council is {canon.TWO_THIRDS} (10.2.1), "
            f"not {council.two_thirds}",
        )
    yield from _party_findings(ix)
    council_ids = {p.id for _i, p in _council_parties(ix)}
    missing = sorted(set(canon.PARTY_SEATS) - council_ids)
    if missing:
        yield error(
            ix.game.loc_of("parties"),
            "FF-CANON",
            f"the Council parties of 10.3.1 are missing: {', '.join(missing)}",
        )
