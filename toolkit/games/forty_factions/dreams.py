"""Side boards of Doorways to Dreams (DD3.1-DD3.3): the Hall of Mirrors, the Congress of
Dreams and the Madness Indicator."""

from __future__ import annotations

from collections.abc import Iterator

import toolkit.games.forty_factions.canon as canon
from toolkit.core.diagnostics import Diagnostic, Note, error
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Hall, HallOfMirrors, Madness


def runs(numbers: list[int]) -> str:
    """`1-9, 11, 13` for sorted numbers: how a message names a set of mirrors."""
    parts: list[str] = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        parts.append(f"{numbers[i]}-{numbers[j]}" if j > i else f"{numbers[i]}")
        i = j + 1
    return ", ".join(parts) or "none"


def _hall_mirrors(h: HallOfMirrors, hall: Hall) -> Iterator[Diagnostic]:
    """A hall's `mirrors` count and its mirrors' numbers, each told at its own value: 12
    mirrors a hall, numbered 1-12 (DD3.1.5)."""
    per_hall = canon.MIRRORS_PER_HALL
    numbers = sorted(m.number for m in h.mirrors if m.side == hall.side)
    if hall.mirrors != per_hall:
        listed = (
            [
                Note(
                    f"the file lists {per_hall} mirrors of the {hall.name}, numbered "
                    f"1-{per_hall}, as DD3.1.5 has them",
                    hall.loc,
                )
            ]
            if numbers == list(range(1, per_hall + 1))
            else []
        )
        yield error(
            hall.loc_of("mirrors"),
            "FF-DD-MIRRORS",
            f"`mirrors: {hall.mirrors}`, but the {hall.name} has {per_hall} mirrors (DD3.1.5)",
            listed,
        )
    if numbers != list(range(1, per_hall + 1)):
        twice = sorted({n for n in numbers if numbers.count(n) > 1})
        missing = [n for n in range(1, per_hall + 1) if n not in numbers]
        extra = sorted({n for n in numbers if not 1 <= n <= per_hall})
        what = [
            f"no mirror {runs(missing)}" if missing else "",
            f"mirror {runs(twice)} twice" if twice else "",
            f"a mirror {runs(extra)}" if extra else "",
        ]
        yield error(
            hall.loc,
            "FF-DD-MIRRORS",
            f"the mirrors of the {hall.name} in the file are numbered "
            f"{runs(sorted(set(numbers)))}: "
            f"{'; '.join(w for w in what if w)}; a hall has {per_hall} mirrors numbered "
            f"1-{per_hall} (DD3.1.5)",
        )


def check_mirrors(ix: Index) -> Iterator[Diagnostic]:
    """12 mirrors a hall; circles name factions that declare that Otherworld (DD3.1)."""
    h = ix.mirrors
    if h is None:
        return
    domain_of = {hall.side: hall.domain for hall in h.halls}
    for hall in h.halls:
        yield from _hall_mirrors(h, hall)
    if {hall.side for hall in h.halls} != {"light", "dark"}:
        yield error(h.loc_of("halls"), "FF-DD-MIRRORS", "one light and one dark hall (DD3.1.1)")
    placed: set[tuple[int, str]] = set()
    for m in h.mirrors:
        for i, number in enumerate(m.circles):
            f = ix.factions.get(number)
            if f is None:
                continue
            worlds = {(w.name, w.domain) for w in f.otherworlds if not w.bracketed}
            if (m.otherworld, domain_of.get(m.side, "")) not in worlds:
                yield error(
                    m.loc_of("circles", i),
                    "FF-DD-CIRCLE",
                    f"{ix.name(number)} has a numbered circle by the mirror to "
                    f"'{m.otherworld}', but its sheet names no such Otherworld in that Domain "
                    "(DD3.1.2)",
                )
            placed.add((number, m.otherworld))
        if len(set(m.circles)) != len(m.circles):
            yield error(m.loc_of("circles"), "FF-DD-CIRCLE", "a faction has one circle a mirror")
    for i, hidden in enumerate(h.hidden):
        f = ix.factions.get(hidden.faction) if hidden.faction is not None else None
        if f is None:
            continue
        if f.expansion != "FgF":
            yield error(
                hidden.loc_of("faction"),
                "FF-DD-CIRCLE",
                f"the hidden mirrors at the hall ends are for Forgotten Factions (DD3.1.2.3); "
                f"{ix.name(f.number)} is {f.expansion}",
            )
        if hidden.otherworld not in {w.name for w in f.otherworlds}:
            yield error(
                h.loc_of("hidden", i),
                "FF-DD-CIRCLE",
                f"{ix.name(f.number)} names no Otherworld '{hidden.otherworld}' (DD3.1.2)",
            )
        placed.add((f.number, hidden.otherworld))
    for f in ix.faction_list:
        for j, w in enumerate(f.otherworlds):
            if not w.bracketed and (f.number, w.name) not in placed:
                yield error(
                    f.loc_of("otherworlds", j),
                    "FF-DD-OTHERWORLD",
                    f"{ix.name(f.number)} names the Otherworld '{w.name}', but no mirror of the "
                    "Hall of Mirrors has its numbered circle; mark it `bracketed: true` if it is "
                    "reached only through play (DD3.1.2.4)",
                )


def check_congress(ix: Index) -> Iterator[Diagnostic]:
    """Numbered circles at the Congress only for factions that hold a seat (DD3.2.2)."""
    c = ix.congress
    if c is None:
        return
    for i, number in enumerate(c.circles):
        f = ix.factions.get(number)
        if f is not None and not f.seats.congress:
            yield error(
                c.loc_of("circles", i),
                "FF-DD-CONGRESS",
                f"{ix.name(number)} has a numbered circle at the Congress of Dreams but its "
                "sheet gives it no seat there (DD3.2.2)",
            )
    if len(set(c.circles)) != len(c.circles):
        yield error(c.loc_of("circles"), "FF-DD-CONGRESS", "a faction has one numbered circle")


def check_madness(ix: Index) -> Iterator[Diagnostic]:
    """Levels 0-10 in alignments G, N, E; the VP table covers 1-10; scorers are temples."""
    m = ix.madness
    if m is None:
        return
    yield from _madness_scale(m)
    base_areas = [a.id for a in ix.game.areas if a.board == "main"]
    if sorted(m.areas) != sorted(base_areas):
        yield error(
            m.loc_of("areas"),
            "FF-DD-MADNESS",
            "each Area of Tehmor on the base board has a Level of Madness (DD3.3.1)",
        )
    yield from _madness_scorers(ix, m)


def _madness_scale(m: Madness) -> Iterator[Diagnostic]:
    """The Levels 0-10, their alignments G, N and E, and a VP table covering each positive
    Level once (DD3.3.1, DD3.3.4.1)."""
    if m.max_level != canon.MADNESS_MAX:
        yield error(
            m.loc_of("max_level"),
            "FF-DD-MADNESS",
            f"Madness runs from 0 to {canon.MADNESS_MAX} (DD3.3.1), not to {m.max_level}",
        )
    codes = tuple(a.code for a in m.alignments)
    if sorted(codes) != sorted(canon.MADNESS_ALIGNMENTS) or len(set(codes)) != len(codes):
        yield error(
            m.loc_of("alignments"),
            "FF-DD-MADNESS",
            "positive Levels of Madness are aligned G (Delirium), N (Mania) or E (Despair) "
            "(DD3.3.1)",
        )
    covered = []
    for row in m.vp:
        covered.extend(range(row.low, row.high + 1))
    if sorted(covered) != list(range(1, m.max_level + 1)):
        yield error(
            m.loc_of("vp"),
            "FF-DD-MADNESS",
            f"the VP table must cover each Level 1-{m.max_level} exactly once (DD3.3.4.1)",
        )


def _madness_scorers(ix: Index, m: Madness) -> Iterator[Diagnostic]:
    """The Temples that score Madness and their bonuses (DD3.3.4), and the alignment each
    Temple's Location pawn brings (DD3.3.2)."""
    if tuple(sorted(m.scoring_factions)) != tuple(sorted(canon.MADNESS_SCORERS)):
        named = ", ".join(ix.name(n) for n in canon.MADNESS_SCORERS)
        yield error(
            m.loc_of("scoring_factions"),
            "FF-DD-MADNESS",
            f"DD3.3.4.1 awards the Madness VPs to {named}",
        )
    bonuses = tuple(sorted((b.faction, b.alignment) for b in m.bonuses))
    if bonuses != tuple(sorted(canon.MADNESS_BONUSES)):
        yield error(
            m.loc_of("bonuses"),
            "FF-DD-MADNESS",
            "DD3.3.4.2-3 give LAMMIA (92) +1 VP in Delirium (G) and MORCOR (95) +1 VP "
            "in Despair (E)",
        )
    for number, alignment in canon.MADNESS_OF.items():
        f = ix.factions.get(number)
        if f is not None and f.madness != alignment:
            yield error(
                f.loc_of("madness") if f.madness else f.loc_of("name"),
                "FF-DD-MADNESS",
                f"placing {ix.name(number)}'s Location pawn makes an Area's Madness "
                f"{alignment} (DD3.3.2): `madness: {alignment}`",
            )
    temples = {f.number for f in ix.faction_list if f.category == "temples"}
    for i, number in enumerate(m.scoring_factions):
        if number in ix.factions and number not in temples:
            yield error(
                m.loc_of("scoring_factions", i),
                "FF-DD-MADNESS",
                f"{ix.name(number)} scores Madness but is not a Temple (DD3.3.4.1)",
            )


def check(ix: Index) -> Iterator[Diagnostic]:
    """All Doorways to Dreams side-board rules."""
    yield from check_mirrors(ix)
    yield from check_congress(ix)
    yield from check_madness(ix)
