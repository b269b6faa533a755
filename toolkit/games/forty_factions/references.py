"""Reference integrity: every number or id in Forty Factions content names something that
exists (a faction, plot, area, party, category or expansion). No rule arithmetic here."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.check.runner import reference_problem
from toolkit.core.diagnostics import Diagnostic, Loc, did_you_mean, error
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import (
    Congress,
    Faction,
    Game,
    Gathering,
    HallOfMirrors,
    Madness,
    Passage,
    Plot,
    SacredCircles,
)
from toolkit.model.content import ContentSet
from toolkit.validate.schema import Model


class _Refs:
    """Collects unresolved references with the position of the value at fault."""

    def __init__(self, ix: Index) -> None:
        self.ix = ix
        self.out: list[Diagnostic] = []

    def faction(self, loc: Loc, number: int | None, what: str) -> None:
        if number is not None and number not in self.ix.factions:
            self.out.append(
                error(loc, "FF-REF-FACTION", f"{what} {number} names no faction in the content")
            )

    def plot(self, loc: Loc, number: int | None, what: str) -> None:
        if number is not None and number not in self.ix.plots:
            self.out.append(
                error(loc, "FF-REF-PLOT", f"{what} {number} names no plot in the content")
            )

    def _slug(self, loc: Loc, value: str, known: set[str], code: str, what: str) -> None:
        if value and value not in known:
            # the ids to choose from, where they are few enough to read (the parties and
            # categories; the areas and Forests are many: the closest one is named)
            among = f" ({', '.join(sorted(known))})" if len(known) <= 12 else ""
            self.out.append(
                error(
                    loc,
                    code,
                    f"{what} '{value}' is not defined in game.yaml"
                    f"{among}{did_you_mean(value, known)}",
                )
            )

    def area(self, loc: Loc, value: str, what: str = "area") -> None:
        self._slug(loc, value, self.ix.areas, "FF-REF-AREA", what)

    def party(self, loc: Loc, value: str, what: str = "politics") -> None:
        self._slug(loc, value, self.ix.parties, "FF-REF-PARTY", what)

    def category(self, loc: Loc, value: str, what: str = "category") -> None:
        self._slug(loc, value, self.ix.categories, "FF-REF-CATEGORY", what)

    def expansion(self, loc: Loc, value: str, what: str = "expansion") -> None:
        self._slug(loc, value, self.ix.expansions, "FF-REF-EXPANSION", what)

    def source(self, loc: Loc, refs: str, what: str = "source") -> None:
        if refs:
            bad = reference_problem(loc, what, refs)
            if bad is not None:
                self.out.append(bad)

    def factions(self, owner: Model, field: str, numbers: list[int], what: str) -> None:
        for i, n in enumerate(numbers):
            self.faction(owner.loc_of(field, i), n, what)


def _faction_refs(r: _Refs, f: Faction) -> None:
    r.expansion(f.loc_of("expansion"), f.expansion)
    r.party(f.loc_of("politics"), f.politics)
    r.category(f.loc_of("category"), f.category)
    for i, enemy in enumerate(f.enemies):
        loc = f.loc_of("enemies", i)
        if isinstance(enemy, int):
            r.faction(loc, enemy, "enemy")
        else:
            r.category(loc, enemy, "enemy category")
    for loc_ in f.location_list:
        r.area(loc_.loc_of("area"), loc_.area)
        r.expansion(loc_.loc_of("expansion"), loc_.expansion)
        r.faction(loc_.loc_of("shared_with"), loc_.shared_with, "shared_with")
    for world in f.otherworlds:
        r.area(world.loc_of("domain"), world.domain, "domain")
    _passage_refs(r, f)


PROSE_FIELDS = ("timeframe", "resources", "random_event", "background", "notes", "specify")


def _passage_refs(r: _Refs, card: Faction | Plot) -> None:
    """Passages: their expansion exists, their source is a rules reference; a quoted rules
    passage says where it is from."""
    found: list[Passage] = []
    for field in PROSE_FIELDS:
        value = getattr(card, field, "")
        if isinstance(value, list):
            found.extend(p for p in value if not isinstance(p, str))
    for p in card.rules:
        if not p.source:
            why = "a passage under `rules:` quotes the rules: give its `source` (a section "
            r.out.append(
                error(
                    p.loc_of("text"),
                    "FF-RULES-PASSAGE",
                    why + "such as SC3.2.10, or a line such as 000:798)",
                )
            )
    for p in (*found, *card.rules):
        r.expansion(p.loc_of("expansion"), p.expansion)
        r.source(p.loc_of("source"), p.source)


def _game_refs(r: _Refs, g: Game) -> None:
    for item in (*g.expansions, *g.areas, *g.parties):
        r.source(item.loc_of("source"), item.source)
    for area in g.areas:
        r.expansion(area.loc_of("expansion"), area.expansion)
        for code in area.vp_with:
            r.expansion(area.loc_of("vp_with", code), code)
    for party in g.parties:
        r.expansion(party.loc_of("expansion"), party.expansion)
        r.faction(party.loc_of("faction"), party.faction, "party faction")
        for i, other in enumerate(party.enemies):
            r.party(party.loc_of("enemies", i), other, "enemy party")
    for cat in g.categories:
        r.expansion(cat.loc_of("expansion"), cat.expansion)
    r.party(g.council.loc_of("overlord_party"), g.council.overlord_party, "overlord party")
    r.category(g.conclave.loc_of("category"), g.conclave.category, "conclave category")
    for suit in g.decks.suits:
        r.expansion(suit.loc_of("expansion"), suit.expansion)
    for rng in (*g.decks.faction_numbers, *g.decks.plot_numbers):
        for i, code in enumerate(rng.expansions):
            r.expansion(rng.loc_of("expansions", i), code)
    for colour in g.setup.pawn_colours:
        r.factions(colour, "factions", colour.factions, "pawn colour faction")


def _board_refs(r: _Refs, content: ContentSet) -> None:
    for sc in content.of("sacred-circles", SacredCircles):
        for forest in sc.forests:
            r.area(forest.loc_of("area"), forest.area, "forest")
            r.source(forest.loc_of("source"), forest.source)
            r.factions(forest, "lesser_holders", forest.lesser_holders, "lesser circle holder")
    for g in content.of("gathering", Gathering):
        for totem in g.totems:
            r.faction(totem.loc_of("faction"), totem.faction, "totem tribe")
            if totem.rival is not None:
                r.faction(totem.rival.loc_of("faction"), totem.rival.faction, "rival tribe")
            r.factions(totem, "influence", totem.influence, "influence")
        r.factions(g, "influence_any", g.influence_any, "influence")
        r.plot(g.loc_of("plot"), g.plot, "Gathering plot")
    for h in content.of("hall-of-mirrors", HallOfMirrors):
        for hall in h.halls:
            r.area(hall.loc_of("domain"), hall.domain, "domain")
        for mirror in h.mirrors:
            r.factions(mirror, "circles", mirror.circles, "numbered circle")
        for hidden in h.hidden:
            r.faction(hidden.loc_of("faction"), hidden.faction, "hidden mirror faction")
    for c in content.of("congress", Congress):
        r.factions(c, "circles", c.circles, "numbered circle")
        r.plot(c.loc_of("plot"), c.plot, "Congress plot")
    for m in content.of("madness", Madness):
        for i, area in enumerate(m.areas):
            r.area(m.loc_of("areas", i), area)
        r.factions(m, "scoring_factions", m.scoring_factions, "scoring temple")
        for bonus in m.bonuses:
            r.faction(bonus.loc_of("faction"), bonus.faction, "bonus temple")


def check_references(ix: Index, content: ContentSet) -> Iterator[Diagnostic]:
    """Every reference in the content resolves."""
    r = _Refs(ix)
    walk(r, ix, content)
    yield from r.out


class Found(_Refs):
    """Where the content names one faction or plot by its number (what `toolkit rename`
    changes): the very references the check resolves, so the two never disagree."""

    def __init__(self, ix: Index, kind: str, number: int) -> None:
        super().__init__(ix)
        self.kind, self.number = kind, number
        self.at: list[Loc] = []

    def faction(self, loc: Loc, number: int | None, what: str) -> None:
        if self.kind == "faction" and number == self.number:
            self.at.append(loc)

    def plot(self, loc: Loc, number: int | None, what: str) -> None:
        if self.kind == "plot" and number == self.number:
            self.at.append(loc)

    def _slug(self, loc: Loc, value: str, known: set[str], code: str, what: str) -> None:
        return None

    def source(self, loc: Loc, refs: str, what: str = "source") -> None:
        return None


def walk(r: _Refs, ix: Index, content: ContentSet) -> None:
    """Every reference of the content, each handed to `r` with its position."""
    _game_refs(r, ix.game)
    for f in content.of("faction", Faction):
        _faction_refs(r, f)
    for p in content.of("plot", Plot):
        r.expansion(p.loc_of("expansion"), p.expansion)
        _passage_refs(r, p)
    _board_refs(r, content)
