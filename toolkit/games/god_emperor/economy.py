"""Checks on costs, favors and buildings, the minion deck, and the cast."""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, Note, did_you_mean, error, nearest
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.models import Cost, Favors, Underground
from toolkit.validate.schema import Model


def _costs(doc: Model, field: str, items: list[Cost]) -> Iterator[Diagnostic]:
    names = Counter(c.name for c in items)
    for i, c in enumerate(items):
        if names[c.name] > 1:
            yield error(
                doc.loc_of(field, i, "name"),
                "GE-UNIQUE",
                f"'{c.name}' is named {names[c.name]} times in `{field}`; a form must "
                "name one of them",
            )
        if c.trap and c.cost:
            yield error(
                doc.loc_of(field, i, "cost"),
                "GE-COST",
                f"trap '{c.name}' has a cost ({c.cost}); traps have none",
            )
        elif not c.trap and c.cost < 1:
            yield error(
                doc.loc_of(field, i, "cost"),
                "GE-COST",
                f"'{c.name}' costs {c.cost}; every proposal, action and scheme costs at least 1",
            )


def check_costs(ix: Index) -> Iterator[Diagnostic]:
    """Costs positive (traps none); names once per list."""
    if ix.court is not None:
        yield from _costs(ix.court, "proposals", ix.court.proposals)
        yield from _costs(ix.court, "military_actions", ix.court.military_actions)
    if ix.underground is not None:
        yield from _costs(ix.underground, "schemes", ix.underground.schemes)


def check_favors(ix: Index) -> Iterator[Diagnostic]:
    """Every favor faction has its building; War Room buildings are factions' buildings."""
    fv = ix.favors
    if fv is None:
        return
    factions = {f.id: f for f in fv.factions}
    buildings = Counter(f.building for f in fv.factions if f.building)
    for i, f in enumerate(fv.factions):
        if not f.building or not f.effect:
            yield error(
                fv.loc_of("factions", i),
                "GE-FAVOR-BUILDING",
                f"{f.name} names no building (or not what it does): "
                f"{fv.favors_to_build} favors of a faction buy its building (L532)",
            )
        elif buildings[f.building] > 1:
            yield error(
                fv.loc_of("factions", i, "building"),
                "GE-FAVOR-BUILDING",
                f"{f.building} is the building of {buildings[f.building]} factions",
            )
    for i, b in enumerate(fv.war_buildings):
        f = factions.get(b.faction)
        if f is None:
            yield error(
                fv.loc_of("war_buildings", i, "faction"),
                "GE-FAVOR-BUILDING",
                f"{b.name} is built from '{b.faction}', which is not one of the "
                f"favor factions ({', '.join(factions)})",
            )
        elif f.building != b.name:
            yield error(
                fv.loc_of("war_buildings", i, "name"),
                "GE-FAVOR-BUILDING",
                f"{f.name}'s building is {f.building}, not {b.name}",
            )
    yield from _favor_deck(ix)


def meant_faction(fv: Favors, faction: str) -> str | None:
    """The favor faction a card naming `faction` means: itself, or the one it misspells
    (the closest by spelling); None when it is near none."""
    ids = [f.id for f in fv.factions]
    if faction in ids:
        return faction
    hit = difflib.get_close_matches(faction, ids, n=1)
    return hit[0] if hit else None


def favor_counts(fv: Favors) -> Counter[str]:
    """Favor cards per faction, a misspelt faction's cards counted for the faction they
    mean: the misspelling is GE-FAVOR-FACTION's one error, not a deck short as well."""
    per = Counter({f.id: 0 for f in fv.factions})
    for c in fv.cards:
        meant = meant_faction(fv, c.faction)
        if meant is not None:
            per[meant] += c.copies
    return per


def _favor_deck(ix: Index) -> Iterator[Diagnostic]:
    """Each favor card names a favor faction (L525, L530-538), told with the factions
    nearest what it names; and, as a note, the building a card counted for no faction
    would leave short of the favors it costs (L532)."""
    fv = ix.favors
    assert fv is not None
    factions = {f.id: f for f in fv.factions}
    per = favor_counts(fv)
    for i, c in enumerate(fv.cards):
        if c.faction in factions:
            continue
        notes = []
        meant = meant_faction(fv, c.faction)
        if meant is not None and per[meant] - c.copies < fv.favors_to_build:
            f = factions[meant]
            notes.append(
                Note(
                    f"counted for no faction, it would leave {f.name} "
                    f"{per[meant] - c.copies} favors, fewer than the {fv.favors_to_build} "
                    f"its {f.building} costs (L532)",
                    fv.loc_of("factions", list(factions).index(meant)),
                )
            )
        yield error(
            fv.loc_of("cards", i, "faction"),
            "GE-FAVOR-FACTION",
            f"favor card '{c.name}' names faction '{c.faction}', which is not a favor "
            f"faction of favors.yaml (L530-538); the factions: {nearest(c.faction, factions)}",
            notes,
        )


def check_minions(ix: Index) -> Iterator[Diagnostic]:
    """Draws by rank, the deck's size and colours, and the Master Minions."""
    ug = ix.underground
    if ug is None:
        return
    yield from _minion_draws(ug)
    yield from _minion_deck(ug)


def _minion_draws(ug: Underground) -> Iterator[Diagnostic]:
    """Ranks from 1, one each, a lower rank drawing no more than a higher one and every
    rank at least one minion; a House's deck serves a full House's month."""
    ranks = [d.rank for d in ug.draws]
    if ranks != list(range(1, len(ranks) + 1)):
        yield error(ug.loc_of("draws"), "GE-MINIONS", f"ranks {ranks}: from 1, one each")
    for i in range(1, len(ug.draws)):
        if ug.draws[i].draws > ug.draws[i - 1].draws:
            yield error(
                ug.loc_of("draws", i, "draws"),
                "GE-MINIONS",
                f"rank {ug.draws[i].rank} draws more than rank {ug.draws[i - 1].rank}",
            )
    for i, d in enumerate(ug.draws):
        if d.draws < 1:
            yield error(
                ug.loc_of("draws", i, "draws"), "GE-MINIONS", f"rank {d.rank} draws no minion"
            )
    size = sum(m.count for m in ug.deck if not m.master)
    month = sum(d.draws for d in ug.draws)
    if size < month:
        yield error(
            ug.loc_of("deck"),
            "GE-MINIONS",
            f"a House deck of {size} minions cannot serve the {month} a full House "
            "draws in a month",
        )


def _minion_deck(ug: Underground) -> Iterator[Diagnostic]:
    """Each kind in red and blue (L485), each beating one other (L482-484), and the Master
    Minions kept out of the deck (L534)."""
    for kind in sorted({m.kind for m in ug.deck}):
        colours = {m.colour for m in ug.deck if m.kind == kind and m.count}
        if colours != {"red", "blue"}:
            yield error(
                ug.loc_of("deck"),
                "GE-MINIONS",
                f"{kind} comes only in {', '.join(sorted(colours)) or 'no colour'}; "
                "the tie rule compares red and blue (L485)",
            )
    kinds = {m.kind for m in (*ug.deck, *ug.masters)}
    beaten = sorted(ug.beats.values())
    if ug.beats and (
        set(ug.beats) != kinds
        or beaten != sorted(kinds)
        or any(k == v for k, v in ug.beats.items())
    ):
        yield error(
            ug.loc_of("beats"),
            "GE-MINIONS",
            f"each of {', '.join(sorted(kinds))} beats one other and is beaten by one (L482-484)",
        )
    for i, m in enumerate(ug.deck):
        if m.master:
            yield error(
                ug.loc_of("deck", i, "master"),
                "GE-MINIONS",
                "Master Minions are not in the deck; a Spy Tower swaps one in (L534)",
            )
    for i, m in enumerate(ug.masters):
        if not m.master:
            yield error(
                ug.loc_of("masters", i, "master"),
                "GE-MINIONS",
                "a Master Minion is marked `master: true`",
            )


def check_cast(ix: Index) -> Iterator[Diagnostic]:
    """Players belong to Houses; no House has more players than ranks."""
    cast = ix.cast
    if cast is None:
        return
    ranks = ix.game.status.ranks
    per_house: Counter[str] = Counter()
    given: dict[tuple[str, int], int] = {}
    for i, p in enumerate(cast.players):
        if p.house not in ix.houses:
            yield error(
                cast.loc_of("players", i, "house"),
                "GE-CAST",
                f"{p.name}'s House '{p.house}' is not a House "
                f"({', '.join(ix.houses)}){did_you_mean(p.house, ix.houses)}",
            )
            continue
        per_house[p.house] += 1
        if per_house[p.house] == ranks + 1:
            yield error(
                cast.loc_of("players", i),
                "GE-CAST",
                f"{ix.houses[p.house].name} has more than {ranks} players; a House's "
                f"ranks run 1-{ranks}",
            )
        if p.rank:
            if p.rank > ranks:
                yield error(
                    cast.loc_of("players", i, "rank"),
                    "GE-CAST",
                    f"rank {p.rank} is below the lowest rank, {ranks}",
                )
            if (p.house, p.rank) in given:
                yield error(
                    cast.loc_of("players", i, "rank"),
                    "GE-CAST",
                    f"{p.name} and player {given[(p.house, p.rank)] + 1} of the cast "
                    f"both hold rank {p.rank} in {ix.houses[p.house].name}",
                )
            given[(p.house, p.rank)] = i
