"""The Anarea *Forty Factions* game pack: content kinds, rule checks, rules."""

from __future__ import annotations

from toolkit.content import ContentKind
from toolkit.games import GamePack, Rule
from toolkit.games.forty_factions.models import (
    Congress,
    Faction,
    Game,
    Gathering,
    HallOfMirrors,
    Madness,
    Plot,
    SacredCircles,
)
from toolkit.games.forty_factions.references import check_references

KINDS = (
    ContentKind("game", "game.yaml", Game, singleton=True,
                doc="the game file (areas, parties, decks, set-up)"),
    ContentKind("faction", "factions/*.yaml", Faction, doc="one Faction Information Sheet"),
    ContentKind("plot", "plots/*.yaml", Plot, doc="one Plot Information Sheet"),
    ContentKind("sacred-circles", "boards/sacred-circles.yaml", SacredCircles, singleton=True,
                doc="the SC Forests side board"),
    ContentKind("gathering", "boards/gathering.yaml", Gathering, singleton=True,
                doc="the SC Grasslander Gathering side board"),
    ContentKind("hall-of-mirrors", "boards/hall-of-mirrors.yaml", HallOfMirrors,
                singleton=True, doc="the DD Hall of Mirrors side board"),
    ContentKind("congress", "boards/congress.yaml", Congress, singleton=True,
                doc="the DD Congress of Dreams side board"),
    ContentKind("madness", "boards/madness.yaml", Madness, singleton=True,
                doc="the DD Madness Indicator"),
)  # fmt: skip

_REF = "every reference names something that exists"
RULES = {
    r.code: r
    for r in (
        Rule("FF-REF-FACTION", "Faction reference resolves", "4.3.8",
             f"{_REF}: a faction number used as an enemy, party faction, totem, circle or "
             "colour must be the number of a faction file.",
             "enemies: [31]   # 31 = City Watch, factions/031-city-watch.yaml"),
        Rule("FF-REF-AREA", "Area reference resolves", "4.3.11, 12.2",
             f"{_REF}: a location's area must be an area id of game.yaml.",
             "area: old-town"),
        Rule("FF-REF-PARTY", "Politics reference resolves", "4.3.6",
             f"{_REF}: politics must be a party id of game.yaml.", "politics: liberal"),
        Rule("FF-REF-CATEGORY", "Category reference resolves", "4.3.7",
             f"{_REF}: a category (or enemy category) must be a category id of game.yaml.",
             "category: temples"),
        Rule("FF-REF-EXPANSION", "Expansion reference resolves", "13.1",
             f"{_REF}: an expansion code must be one of game.yaml's expansions.",
             "expansion: SC"),
    )
}  # fmt: skip

PACK = GamePack(
    id="forty-factions",
    title="Anarea Forty Factions",
    kinds=KINDS,
    checks=(check_references,),
    rules=RULES,
)
