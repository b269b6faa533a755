"""One look-up table over the Worldspanner content, shared by checks and outputs."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from toolkit.games.worldspanner.map_models import MapPiece
from toolkit.games.worldspanner.models import (
    ChallengeDeck,
    Faction,
    Game,
    Hero,
    QuestDeck,
    TreasureDeck,
)
from toolkit.model.components import Components
from toolkit.model.content import ContentSet


@dataclass(frozen=True)
class Index:
    """The game file, every hero, quest deck and challenge deck, by id."""

    game: Game
    heroes: list[Hero]
    quests: list[QuestDeck]
    challenges: list[ChallengeDeck]
    treasure: list[TreasureDeck] = field(default_factory=list)
    components: Components | None = None
    pieces: list[MapPiece] = field(default_factory=list)  # map/*.yaml, in file order

    @classmethod
    def build(cls, content: ContentSet) -> Index | None:
        """None when game.yaml is missing (its own error is already reported)."""
        game = content.one("game", Game)
        if game is None:
            return None
        heroes = sorted(content.of("hero", Hero), key=lambda h: (h.faction, h.name))
        quests = sorted(content.of("quest-deck", QuestDeck), key=lambda q: q.faction)
        challenges = sorted(content.of("challenge-deck", ChallengeDeck), key=lambda c: c.team)
        order = {"war": 0, "secret": 1, "elite": 2}
        treasure = sorted(content.of("treasure-deck", TreasureDeck), key=lambda d: order[d.deck])
        pieces = sorted(content.of("map-piece", MapPiece), key=lambda p: p.loc.path)
        return cls(
            game,
            heroes,
            quests,
            challenges,
            treasure,
            content.one("components", Components),
            pieces,
        )

    @cached_property  # derived once: the checks look it up in loops
    def factions(self) -> dict[str, Faction]:
        return {f.id: f for f in self.game.factions}

    @cached_property
    def map_pieces(self) -> dict[str, MapPiece]:
        """Each map piece's file by the piece it draws (the first file, if two draw it)."""
        out: dict[str, MapPiece] = {}
        for p in self.pieces:
            out.setdefault(p.id, p)
        return out

    @cached_property
    def domes(self) -> dict[str, int]:
        """Each Dome key's number, by piece id (p. 7: its Domes carry it)."""
        return {d.id: d.domes for d in self.game.pieces.dome_keys}

    def faction_name(self, fid: str) -> str:
        f = self.factions.get(fid)
        return f.name if f else fid

    def component(self, cid: str) -> list[int]:
        """A component table row's counts per set (zeros when the row is missing)."""
        for c in self.game.components:
            if c.id == cid:
                return list(c.counts)
        return [0] * len(self.game.sets)

    def in_sets(self, cid: str, sets: list[int]) -> int:
        """How many of a component the given sets contain together."""
        counts = self.component(cid)
        return sum(counts[s - 1] for s in sets if 0 < s <= len(counts))

    def value(self, hero: Hero) -> float:
        """A hero's value under the cost model of game.yaml (the balance report)."""
        b = self.game.balance
        v = sum(b.weights.get(r, 0.0) * n for r, n in hero.ratings.items())
        v += b.weights.get("health", 0.0) * hero.health
        loot = hero.start_loot
        for k in ("gold", "war", "secret", "elite", "boost"):
            v += b.loot.get(k, 0.0) * getattr(loot, k)
        return v + b.per_bonus * len(hero.bonuses)
