"""Look-up tables over one Forty Factions content set, built once for all checks."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from toolkit.games.forty_factions.models import (
    Area,
    Category,
    Congress,
    Faction,
    Game,
    Gathering,
    HallOfMirrors,
    Madness,
    Party,
    Plot,
    SacredCircles,
)
from toolkit.model.content import ContentSet


@dataclass
class Index:
    """Look-up tables built once from the content set."""

    game: Game
    factions: dict[int, Faction]
    plots: dict[int, Plot]
    areas: set[str]
    parties: set[str]
    categories: set[str]
    expansions: set[str]
    faction_list: list[Faction] = field(default_factory=list)
    plot_list: list[Plot] = field(default_factory=list)
    area_by_id: dict[str, Area] = field(default_factory=dict)
    party_by_id: dict[str, Party] = field(default_factory=dict)
    category_by_id: dict[str, Category] = field(default_factory=dict)
    sacred_circles: SacredCircles | None = None
    gathering: Gathering | None = None
    mirrors: HallOfMirrors | None = None
    congress: Congress | None = None
    madness: Madness | None = None
    root: Path | None = None  # the game's content folder (pictures live in its assets/)
    # each faction file that changed since an explicit baseline (`toolkit check --since REV`)
    # as it was there, by path (`ContentSet.baseline`): a seat miscount names the faction
    # whose change made it. Empty without --since (never from a cache)
    baseline: dict[str, Faction] = field(default_factory=dict)

    def name(self, number: int) -> str:
        """`City Watch (31)`, for messages."""
        f = self.factions.get(number)
        return f"{f.name} ({number})" if f else f"faction {number}"

    @classmethod
    def build(cls, content: ContentSet) -> Index | None:
        game = content.one("game", Game)
        if game is None:
            return None
        factions: dict[int, Faction] = {}
        for f in content.of("faction", Faction):
            factions.setdefault(f.number, f)
        plots: dict[int, Plot] = {}
        for p in content.of("plot", Plot):
            plots.setdefault(p.number, p)
        return cls(
            game=game,
            factions=factions,
            plots=plots,
            areas={a.id for a in game.areas},
            parties={p.id for p in game.parties},
            categories={c.id for c in game.categories},
            expansions={e.code for e in game.expansions},
            faction_list=sorted(content.of("faction", Faction), key=lambda f: f.number),
            plot_list=sorted(content.of("plot", Plot), key=lambda p: p.number),
            area_by_id={a.id: a for a in game.areas},
            party_by_id={p.id: p for p in game.parties},
            category_by_id={c.id: c for c in game.categories},
            sacred_circles=content.one("sacred-circles", SacredCircles),
            gathering=content.one("gathering", Gathering),
            mirrors=content.one("hall-of-mirrors", HallOfMirrors),
            congress=content.one("congress", Congress),
            madness=content.one("madness", Madness),
            root=content.root,
            baseline={p: was for p, was in content.baseline.items() if isinstance(was, Faction)},
        )
