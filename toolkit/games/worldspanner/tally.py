"""The companion page's tally data: glory at the end of the game and its tie-breaker, each
decision tabulated by calling the glory procedures (Victory), so the page's script only
looks up and adds."""

from __future__ import annotations

from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.procedures import game as gm

MAX_MARKERS = 9
MAX_TRIBUTE = 40
MAX_COUNT = 40  # gold, defeated heroes, wounds


def tally_data(ix: Index) -> dict[str, object]:
    g = ix.game.glory
    top = len(ix.game.factions) * g.per_key + g.tribute + g.no_one_deep_down  # the most glory

    def table(n: int, fn) -> list[list[object]]:  # type: ignore[no-untyped-def]
        return [[fn(w, b) for b in range(n + 1)] for w in range(n + 1)]

    return {
        "keys": [{"id": f.id, "name": f.name} for f in ix.game.factions],
        "glory": {"key": g.per_key, "tribute": g.tribute, "deep": g.no_one_deep_down},
        "most_markers": table(MAX_MARKERS, gm.most),
        "most_tribute": table(MAX_TRIBUTE, gm.most),
        "deep_down": [gm.deep_down(n) for n in range(13)],
        "winner": table(top, gm.most),
        "ties": [
            {
                "what": what,
                "table": table(MAX_COUNT, lambda w, b, what=what: gm.tie_break(what, w, b)),
            }
            for what, _ in gm.TIE_BREAKS
        ],
        "max": {"markers": MAX_MARKERS, "tribute": MAX_TRIBUTE, "count": MAX_COUNT},
    }
