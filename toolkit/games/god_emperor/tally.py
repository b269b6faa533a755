"""The companion page's tally data for Control: each House's Power and Favor from its castles
and Rumors this month, tabulated by calling the rewards procedure (L171-174), so the page's
script only looks up and adds."""

from __future__ import annotations

from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.procedures import war

MAX_CASTLES = 20
MAX_VICTORIES = 8
MAX_RUMORS = 12


def tally_data(ix: Index) -> dict[str, object]:
    w = ix.game.war
    power = [
        [war.rewards(w, c, v if c else 0).value for v in range(MAX_VICTORIES + 1)]
        for c in range(MAX_CASTLES + 1)
    ]
    favor = [
        [
            war.rewards(w, 0, 0, r, v).details["favor"] if v <= r else None
            for v in range(MAX_RUMORS + 1)
        ]
        for r in range(MAX_RUMORS + 1)
    ]
    return {
        "houses": [{"id": h.id, "name": h.name} for h in ix.game.houses],
        "power": power,
        "favor": favor,
        "max": {"castles": MAX_CASTLES, "victories": MAX_VICTORIES, "rumors": MAX_RUMORS},
    }
