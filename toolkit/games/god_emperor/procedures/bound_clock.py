"""The God Emperor procedures of the clock (L76-78, L82-118), bound to the content: when a
round and its phases start, and when each step of a room's timeline starts. The arithmetic
is in `clock`; here each gets its parameters, checked against the content's rooms and
rounds, and its rule.
"""

from __future__ import annotations

import toolkit.games.god_emperor.procedures.clock as clock
from toolkit.check.procedures import Param, Procedure
from toolkit.games.god_emperor.index import Index


def bound(ix: Index) -> list[Procedure]:
    """The round's and the rooms' clocks, bound to the content."""
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
