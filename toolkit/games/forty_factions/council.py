"""The Council and the Conclave (rules 10.1-10.4, 11.1.5), for every expansion set-up.

The DM chooses the expansions before the game (13.2.1.2) and "there must always
be Forty Seats" (10.1.3): the seat arithmetic is checked for the base game and
every combination of expansions, and each failing set-up is reported once, at
its smallest form, pointing at the seats that break it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import combinations

import toolkit.games.forty_factions.canon as canon
from toolkit.core.diagnostics import Diagnostic, Note, error
from toolkit.games.forty_factions.counts import check_canon, council_size, party_seats
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, Party

BASE = "base"


def setups(ix: Index) -> list[frozenset[str]]:
    """Every set-up a DM may choose: the base game plus any subset of the expansions."""
    extras = sorted(e for e in ix.expansions if e != BASE)
    out = []
    for size in range(len(extras) + 1):
        for combo in combinations(extras, size):
            out.append(frozenset((BASE, *combo)))
    return out


def setup_label(setup: frozenset[str]) -> str:
    """`base+SC+DD`, for messages."""
    return "+".join([BASE, *sorted(setup - {BASE})])


def council_holders(ix: Index, setup: frozenset[str]) -> dict[str, list[Faction]]:
    """Council seat holders by party (their politics) in one set-up."""
    out: dict[str, list[Faction]] = {}
    for f in ix.faction_list:
        if f.seats.council and f.expansion in setup:
            out.setdefault(f.politics, []).append(f)
    return out


def short_name(party: Party) -> str:
    """`Liberal (or Reform) Party` -> `Liberal`, for messages that list several parties."""
    return re.sub(r"\s*\([^)]*\)", "", party.name).removesuffix(" Party").strip()


Part = tuple[Party, int, int]  # a Council party, the seats its factions hold, the seats due


def _mismatch(ix: Index, holders: dict[str, list[Faction]]) -> list[Part]:
    """Council parties whose seat holders differ from the count they are held to
    (`party_seats`): (party, held, due)."""
    due = party_seats(ix)
    out = []
    for party in ix.game.parties:
        if party.body != "council":
            continue
        have = len(holders.get(party.id, []))
        if have != due[party.id]:
            out.append((party, have, due[party.id]))
    return out


def _counts(parts: list[Part]) -> str:
    """`Conservative 10 of 9; Liberal 11 of 12`: held of required, per party."""
    return "; ".join(f"{short_name(p)} {have} of {due}" for p, have, due in parts)


def _base_findings(
    ix: Index, holders: dict[str, list[Faction]], parts: list[Part], total: int
) -> Iterator[Diagnostic]:
    """The base game's seats are wrong: say so at game.yaml's count, and at each faction
    file whose party or seat could be the change (the designer edited one of them)."""
    parts = sorted(parts, key=lambda part: part[1] < part[2])  # the parties over first
    counts = _counts(parts)
    where = parts[0][0].loc_of("seats") if parts else ix.game.council.loc_of("seats")
    changed = list(_changed(ix, holders))
    yield error(
        where,
        "FF-COUNCIL-SEATS",
        _base_head(ix, counts, total)
        + (
            "; the faction file whose change makes the difference is named at its `politics`"
            if changed
            else "; the faction files that make the difference are named at their `politics`"
        ),
    )
    if changed:  # an explicit baseline (--since REV) says which file changed: name that one
        for f, was in changed:
            yield error(
                f.loc_of("politics"),
                "FF-COUNCIL-SEATS",
                f"{ix.name(f.number)} changed: {_seat_words(ix, was)} before it was "
                f"edited, {_seat_words(ix, f)} now, and the Council's parties hold "
                f"{counts}: {_undo(was, f)}",
            )
        return
    yield from _suspects(ix, holders, parts, counts)


def _base_head(ix: Index, counts: str, total: int) -> str:
    """What is wrong with the base game's seats: the total, or how the parties share it."""
    required = council_size(ix)
    due = sum(party_seats(ix).values())
    if total == required and due != required:  # game.yaml's own counts disagree (a house rule)
        return (
            f"Council seats by party in the base game: {counts} (10.3.1); the faction files "
            f"seat {total}, as the Council has, but the parties' counts add up to {due}"
        )
    if total == required:
        return (
            f"Council seats by party in the base game: {counts} (10.3.1); the total, "
            f"{total}, is right, so a seat has moved from one party to another"
        )
    tail = f": {counts} (10.3.1)" if counts else ""
    return f"the base game's Council has {total} seats, the rules require {required} (10.1.3){tail}"


def _suspects(
    ix: Index, holders: dict[str, list[Faction]], parts: list[Part], counts: str
) -> Iterator[Diagnostic]:
    """Without a baseline, each base-game faction whose change could make the difference:
    a seat holder of a party over its count, or else a seatless member of one under it."""
    over = [(p, have, n) for p, have, n in parts if have > n]
    under = [(p, have, n) for p, have, n in parts if have < n]
    # a party's own faction, or a faction whose politics the rules state, is not what moved
    own = {p.faction for p in ix.game.parties}
    base = [
        f
        for f in ix.faction_list
        if f.expansion == BASE and f.number not in own and "politics" not in f.sources
    ]
    for party, have, n in over:
        if under:
            to = " or ".join(f"`politics: {p.id}`" for p, _h, _n in under)
            fix = f"if this is the faction that changed, set {to}"
        else:
            fix = "if this is the faction that changed, remove its seat (`seats.council`)"
        for f in [f for f in base if f in holders.get(party.id, [])]:
            yield error(
                f.loc_of("politics"),
                "FF-COUNCIL-SEATS",
                f"{ix.name(f.number)} holds one of {have} Council seats of the "
                f"{short_name(party)} party, which has {n} ({counts}): "
                f"{fix}",
            )
    if not over:
        for party, have, n in under:
            for f in base:
                if f.politics == party.id and not f.seats.council:
                    yield error(
                        f.loc_of("politics"),
                        "FF-COUNCIL-SEATS",
                        f"{ix.name(f.number)} is {short_name(party)} without a Council "
                        f"seat, and the {short_name(party)} party holds {have} of its "
                        f"{n} ({counts}): if this faction lost its seat, "
                        "give it back (`seats: {council: 1}`)",
                    )


def _changed(ix: Index, holders: dict[str, list[Faction]]) -> Iterator[tuple[Faction, Faction]]:
    """The base-game factions whose party or Council seat differs from what their file held
    at the explicit baseline (`toolkit check --since REV`: `Index.baseline`), and whose
    change, taken back, brings the parties' counts closer to game.yaml's. Without a
    baseline, none: the report never depends on what a cache saw."""
    held = {party: len(fs) for party, fs in holders.items()}
    want = party_seats(ix)

    def off(counts: dict[str, int]) -> int:
        return sum(abs(counts.get(p, 0) - n) for p, n in want.items())

    for f in ix.faction_list:
        was = ix.baseline.get(f.loc.path)
        if f.expansion != BASE or was is None or was.number != f.number:
            continue  # not changed since the baseline, or another card's file there
        if (was.politics, was.seats.council) == (f.politics, f.seats.council):
            continue  # an edit that left its seat as it is
        back = dict(held)  # the counts with this file as it was
        if f.seats.council:
            back[f.politics] = back.get(f.politics, 0) - 1
        if was.seats.council:
            back[was.politics] = back.get(was.politics, 0) + 1
        if off(back) < off(held):
            yield f, was


def _seat_words(ix: Index, f: Faction) -> str:
    """`Liberal with a Council seat`, `Mercantile without one`."""
    party = ix.party_by_id.get(f.politics)
    name = short_name(party) if party is not None else f.politics
    return f"{name} {'with a Council seat' if f.seats.council else 'without one'}"


def _undo(was: Faction, f: Faction) -> str:
    """What takes the edit back, if it was not meant."""
    fixes = []
    if was.politics != f.politics:
        fixes.append(f"`politics: {was.politics}`")
    if was.seats.council != f.seats.council:
        fixes.append(f"`seats: {{council: {was.seats.council}}}`")
    return f"if that change was not meant, set {' and '.join(fixes)} again"


def check_council_seats(ix: Index) -> Iterator[Diagnostic]:
    """Forty seats, and each party's count, in every set-up (10.1.3, 10.3.1, 13.2.1.2)."""
    required = council_size(ix)
    failing: list[frozenset[str]] = []
    for setup in setups(ix):
        holders = council_holders(ix, setup)
        total = sum(len(v) for v in holders.values())
        parts = _mismatch(ix, holders)
        if total == required and not parts:
            continue
        if any(prev < setup for prev in failing):
            continue  # already reported in a smaller set-up that this one contains
        failing.append(setup)
        if setup == {BASE}:
            yield from _base_findings(ix, holders, parts, total)
            continue
        detail = f" ({_counts(parts)})" if parts else ""
        extra = [f for f in ix.faction_list if f.seats.council and f.expansion in setup - {BASE}]
        for f in extra:
            yield error(
                f.loc_of("seats", "council"),
                "FF-COUNCIL-SEATS",
                f"with {setup_label(setup)} in play the Council would have {total} seats"
                f"{detail}; there must always be {required} (10.1.3, 13.2.1.2), so an "
                f"expansion faction cannot add a Council seat: remove `seats.council`",
            )


def check_party_factions(ix: Index) -> Iterator[Diagnostic]:
    """Party factions belong to their party; the Anarchists hold no seat (10.3.2.2.1, 10.3.3)."""
    for party in ix.game.parties:
        f = ix.factions.get(party.faction) if party.faction is not None else None
        if f is None:
            continue
        if f.politics != party.id:
            yield error(
                f.loc_of("politics"),
                "FF-COUNCIL-PARTY-FACTION",
                f"{ix.name(f.number)} is the party faction of the {party.name} (game.yaml), so "
                f"its politics must be '{party.id}', not '{f.politics}' (10.3.2.2.1, 10.3.3)",
            )
        want = 1 if party.faction_holds_seat else 0
        if f.seats.council != want:
            why = (
                "holds no Seat and gives no votes in the Council (10.3.3)"
                if not want
                else "holds its party's Seat (10.3.2.2.1)"
            )
            yield error(
                f.loc_of("seats", "council") if f.seats.council else f.loc_of("seats"),
                "FF-COUNCIL-PARTY-FACTION",
                f"{ix.name(f.number)} {why}: council must be {want}",
            )


def check_seat_politics(ix: Index) -> Iterator[Diagnostic]:
    """A Council seat belongs to a Council party (4.3.6, 10.3.2)."""
    for f in ix.faction_list:
        party = ix.party_by_id.get(f.politics)
        if f.seats.council and party is not None and party.body != "council":
            yield error(
                f.loc_of("seats", "council"),
                "FF-COUNCIL-POLITICS",
                f"{ix.name(f.number)} holds a Council seat but its politics '{f.politics}' is "
                f"not a Council party; a seat counts for its holder's party (10.3.2.1)",
            )


def check_party_enemies(ix: Index) -> Iterator[Diagnostic]:
    """Party enmity is mutual, and the Conservatives and Liberals are Enemies for Coalitions
    (10.3.6). A party of that pair not naming the other is the value at fault: one error at
    its list, the other's (right) entry and its own one-sided entries as notes under it."""
    pair = set(canon.PARTY_ENEMIES)
    faulty = {
        p.id for p in ix.game.parties if p.id in pair and not (pair - {p.id}) <= set(p.enemies)
    }
    for party in ix.game.parties:
        if party.id in faulty:
            yield _pair_finding(ix, party, next(iter(pair - {party.id})))
            continue
        for i, other_id in enumerate(party.enemies):
            other = ix.party_by_id.get(other_id)
            if other is None or party.id in other.enemies or other.id in faulty:
                continue
            yield error(
                party.loc_of("enemies", i),
                "FF-PARTY-ENEMIES",
                f"the {party.name} names the {other.name} as an enemy, but not the other "
                "way round; enmity between parties is mutual (10.3.6)",
            )


def _pair_finding(ix: Index, party: Party, other_id: str) -> Diagnostic:
    """The error at a party of 10.3.6's pair whose `enemies` leaves out the other."""
    other = ix.party_by_id.get(other_id)
    other_name = other.name if other is not None else other_id
    lone = [
        (i, e)
        for i, e in enumerate(party.enemies)
        if e in ix.party_by_id and party.id not in ix.party_by_id[e].enemies
    ]
    notes = [
        Note(f"the {ix.party_by_id[e].name} does not name the {party.name} back", None)
        for _, e in lone
    ]
    if other is not None and party.id in other.enemies:
        right = Note(
            f"the {other.name} names the {party.name} as an enemy, as the rules do: "
            "it needs no change",
            other.loc_of("enemies", other.enemies.index(party.id)),
        )
        notes.insert(0, right)
    if lone:
        loc = party.loc_of("enemies", lone[0][0])
    else:
        loc = party.loc_of("enemies") if party.enemies else party.loc
    return error(
        loc,
        "FF-PARTY-ENEMIES",
        f"the rules make the {party.name} and the {other_name} Enemies, who may never form "
        f"a Coalition (10.3.6): list '{other_id}' in the {party.name}'s `enemies`",
        notes=notes,
    )

    # 10.3.6 makes the Parties Enemies "for this purpose" (Coalitions) and allows Coalitions
    # that "include Activated factions who are Enemies of each other": it does not make the
    # party factions (28, 42) each other's Enemies on their sheets, so nothing is asked of them.


def check_conclave(ix: Index) -> Iterator[Diagnostic]:
    """Conclave seats only for Thieves' Guilds, or factions that may act as one (10.4.2, 11.1.5)."""
    category = ix.game.conclave.category
    for f in ix.faction_list:
        if f.seats.conclave and f.category != category and not f.thieves_guild:
            yield error(
                f.loc_of("seats", "conclave"),
                "FF-CONCLAVE",
                f"{ix.name(f.number)} holds a Conclave seat but is not a Thieves' Guild; only "
                "Thieves' Guilds sit on the Conclave (10.4.2), or a faction whose sheet says it "
                "may act as one (`thieves_guild: true`, 11.1.5)",
            )


def check(ix: Index) -> Iterator[Diagnostic]:
    """All Council and Conclave rules."""
    yield from check_canon(ix)
    yield from check_council_seats(ix)
    yield from check_party_factions(ix)
    yield from check_seat_politics(ix)
    yield from check_party_enemies(ix)
    yield from check_conclave(ix)
