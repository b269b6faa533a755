"""One look-up table over the God Emperor content, shared by checks and outputs."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from toolkit.games.god_emperor.models import (
    Cast,
    Court,
    Favors,
    Game,
    House,
    MapLayout,
    Player,
    Underground,
)
from toolkit.model.components import Components
from toolkit.model.content import ContentSet


@dataclass(frozen=True)
class Index:
    """Every document of the game, and the look-ups the checks and the kit share."""

    game: Game
    court: Court | None
    underground: Underground | None
    favors: Favors | None
    layout: MapLayout | None
    cast: Cast | None
    components: Components | None = None

    @classmethod
    def build(cls, content: ContentSet) -> Index | None:
        """None when game.yaml is missing (its own error is already reported)."""
        game = content.one("game", Game)
        if game is None:
            return None
        return cls(
            game,
            content.one("court", Court),
            content.one("underground", Underground),
            content.one("favors", Favors),
            content.one("map-layout", MapLayout),
            content.one("cast", Cast),
            content.one("components", Components),
        )

    @cached_property  # derived once: the checks look it up in loops
    def houses(self) -> dict[str, House]:
        return {h.id: h for h in self.game.houses}

    @cached_property  # derived once: the checks look it up in loops
    def province_of(self) -> dict[str, str]:
        """Region name -> province id (the first province that lists it)."""
        out: dict[str, str] = {}
        for p in self.game.provinces:
            for r in p.regions:
                out.setdefault(r, p.id)
        return out

    def players(self) -> list[tuple[Player, int]]:
        """The cast with each player's rank: as given, else by cast order within the House."""
        if self.cast is None:
            return []
        seen: dict[str, int] = {}
        out = []
        for p in self.cast.players:
            seen[p.house] = seen.get(p.house, 0) + 1
            out.append((p, p.rank or seen[p.house]))
        return out
