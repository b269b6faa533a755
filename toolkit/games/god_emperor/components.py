"""God Emperor components: the game's figures, the places its boards and mats reserve, what
the rules require of a count, and whether each deck holds the draws the rules make from it.

Line numbers are those of the rules text. The cast scales the kit: a House's minion deck
must hold what all its players draw in one Underground (L470-475), hostage tokens what the
laws give away (L340-346), Favors what the Court's pool and the Rumors hand out in a month
(L174, L304).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, error
from toolkit.games.god_emperor.economy import favor_counts
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.models import SPARES
from toolkit.model.components import (
    Components,
    FormulaError,
    Item,
    Need,
    Place,
    Setting,
    check_components,
    counts_of,
    evaluate,
)

PREFIX = "GE"
_WORD = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_EACH = re.compile(r"owns (\w+) hostages? from each House", re.I)
_ONE = re.compile(r"owns (\w+) hostages? from (\w+)", re.I)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _WORD.get(word.lower(), 0)


def hostages_given(ix: Index) -> dict[str, int]:
    """Hostages the existing laws give away from each House at the start (L340-346)."""
    out = Counter({h: 0 for h in ix.houses})
    names = {h.name.lower(): h.id for h in ix.game.houses}
    for law in ix.court.laws if ix.court else ():
        each = _EACH.search(law.text)
        if each:
            for h in out:
                out[h] += _number(each.group(1))
            continue
        one = _ONE.search(law.text)
        if one and one.group(2).lower() in names:
            out[names[one.group(2).lower()]] += _number(one.group(1))
    return dict(out)


def house_players(ix: Index) -> dict[str, list[int]]:
    """Each House's players' ranks, from the cast."""
    out: dict[str, list[int]] = {h: [] for h in ix.houses}
    for p, rank in ix.players():
        out.setdefault(p.house, []).append(rank)
    return out


def minion_need(ix: Index, ranks: list[int]) -> int:
    """Minions a House's players draw when all go to the Underground (L470-475); a rank past
    the table draws as its last rank does."""
    if ix.underground is None or not ix.underground.draws:
        return 0
    table = {d.rank: d.draws for d in ix.underground.draws}
    last = table[max(table)]
    return sum(table.get(r, last) for r in ranks)


def figures(ix: Index) -> dict[str, int]:
    """The game's own figures, which a count formula may use."""
    g = ix.game
    castles = len(g.castles)
    return {
        "houses": len(g.houses),
        "provinces": len(g.provinces),
        "cast": len(ix.cast.players) if ix.cast else 0,
        "spares": ix.cast.spares if ix.cast else SPARES,  # a House's Funeral badges (L548)
        "castles": castles,
        "neutral_castles": sum(1 for c in g.castles if c.kind == "neutral"),
        "months": g.rounds.count,
        "immortals": ix.court.immortals if ix.court else 0,
    }


def setting(ix: Index, doc: Components | None = None) -> Setting:
    """What the core needs to check and print God Emperor's components."""
    given = hostages_given(ix)
    ranks = house_players(ix)
    houses = tuple(
        Item(
            h.name, h.colour, {"players": len(ranks.get(h.id, [])), "hostages": given.get(h.id, 0)}
        )
        for h in ix.game.houses
    )
    places = (
        Place("house-flag", "the war map's castles (L170: a flag on each castle held)"),
        Place("court-marker", "the war map's host castle (L193: the Court marker)"),
        Place("road-marker", "the war map's Road places (L220)"),
        Place("tunnel-marker", "the war map's Tunnel places (L222)"),
        Place("hostage-token", "the playmat's Hostages and Marriage sections (L556, L565)"),
        Place("law-board", "the Law Board's Commandment slots (L409)"),
    )
    f = figures(ix)
    needs = [
        Need("unit", 3 * f["houses"], "every House starts with 3 units (L129)"),
        Need(
            "house-flag",
            f["castles"] * f["houses"],
            "a flag of every House could stand on every castle (L170, L172)",
        ),
        Need(
            "neutral-garrison", f["neutral_castles"], "a remnant unit on each neutral castle (L189)"
        ),
        Need("immortal", f["immortals"], "four Immortals guard the Court (L195, L324)"),
        Need("court-marker", 1, "one castle has the Court marker each month (L193)"),
        Need(
            "hostage-token",
            sum(given.values()),
            "the existing laws give away hostages from the Houses (L340-346)",
        ),
        Need("badge", f["cast"], "every player checks in with a badge (L27)"),
        Need("status-strip", f["cast"], "and a status strip (L27)"),
        Need("playmat", f["houses"], "a playmat for each House (L556, L565)"),
    ]
    listed = (
        ("badge", "L27"),
        ("status-strip", "L27"),
        ("power-chip", "L34"),
        ("unit", "L129"),
        ("rumor-token", "L133"),
        ("war-orders", "L135"),
        ("house-flag", "L170"),
        ("court-marker", "L193"),
        ("immortal", "L195"),
        ("road-marker", "L220"),
        ("duel-pistol", "L390"),
        ("law-board", "L409"),
        ("scheme-card", "L469"),
        ("minion-card", "L470"),
        ("tunnel-marker", "L535"),
        ("playmat", "L556"),
        ("hostage-token", "L565"),
    )
    return Setting(f, {"houses": houses}, places, tuple(needs), listed)


def check(ix: Index) -> Iterator[Diagnostic]:
    """components.yaml against the rules, and every deck against its draws."""
    doc = ix.components
    if doc is None:
        return
    s = setting(ix, doc)
    yield from check_components(doc, s, PREFIX)
    yield from check_decks(ix, doc, s)


def check_decks(ix: Index, doc: Components, s: Setting) -> Iterator[Diagnostic]:
    """Favor, Scheme and minion decks large enough for what the rules draw from them."""
    counts = counts_of(doc, s)
    fv, ug = ix.favors, ix.underground
    if fv is not None:
        per = favor_counts(fv)
        for i, fac in enumerate(fv.factions):
            if per[fac.id] < fv.favors_to_build:
                yield error(
                    fv.loc_of("factions", i),
                    f"{PREFIX}-COMP-DECK",
                    f"the Favor deck holds {per[fac.id]} {fac.name} cards; a building "
                    f"needs {fv.favors_to_build} of one faction (L532), so no "
                    f"{fac.building or 'building'} can ever be built",
                )
        month = ix.court.pool.get("favor", 0) * (len(ix.game.houses) + 1) if ix.court else 0
        month += counts.get("rumor-token", 0)
        size = sum(c.copies for c in fv.cards)  # every card dealt, whatever it names
        if size < month:
            yield error(
                fv.loc_of("cards"),
                f"{PREFIX}-COMP-DECK",
                f"the Favor deck holds {size} cards; one month hands out {month} "
                "(2 Favors before every House and the Sovereign at Court, L304, and 1 "
                "for every Rumor held, L174)",
            )
    if ug is not None:
        deck = sum(s_.copies for s_ in ug.schemes)
        table = ix.game.houses_per_province * ug.hand
        if deck < table:
            yield error(
                ug.loc_of("schemes"),
                f"{PREFIX}-COMP-DECK",
                f"a Scheme deck holds {deck} cards; the {ix.game.houses_per_province} "
                f"Houses of a table each draw {ug.hand} (L469): {table}",
            )
        tables = len(ix.game.provinces)
        if ug.scheme_decks < tables:
            yield error(
                ug.loc_of("scheme_decks"),
                f"{PREFIX}-COMP-DECK",
                f"{ug.scheme_decks} Scheme deck(s) for {tables} Underground tables "
                "(L496), each drawing at once (L469)",
            )
        size = sum(m.count for m in ug.deck)
        for h in ix.game.houses:
            ranks = house_players(ix).get(h.id, [])
            try:
                copies = evaluate(ug.minion_decks, {"players": len(ranks)})
            except FormulaError as exc:
                yield error(ug.loc_of("minion_decks"), f"{PREFIX}-COMP-FORMULA", str(exc))
                return
            need = minion_need(ix, ranks)
            if size * copies < need:
                yield error(
                    ug.loc_of("minion_decks"),
                    f"{PREFIX}-COMP-DECK",
                    f"House {h.name}'s minion deck holds {size * copies} cards; its "
                    f"{len(ranks)} players draw {need} in one Underground (L470-475)",
                )


def minion_copies(ix: Index, house: str) -> int:
    """Copies of the minion deck a House gets (1 when the formula cannot be evaluated: the
    checker has reported it)."""
    if ix.underground is None:
        return 1
    try:
        return max(
            1,
            evaluate(
                ix.underground.minion_decks, {"players": len(house_players(ix).get(house, []))}
            ),
        )
    except FormulaError:
        return 1
