"""Checks on the game's time: the Court's schedule, the laws, phases, rooms and the day."""

from __future__ import annotations

import re
from collections.abc import Iterator

import toolkit.games.god_emperor.canon as canon
from toolkit.core.diagnostics import Diagnostic, error
from toolkit.games.god_emperor.geography import seats
from toolkit.games.god_emperor.index import Index


def _minutes(hhmm: str) -> int:
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def check_schedule(ix: Index) -> Iterator[Diagnostic]:
    """Months in order; each host castle in its province and the host's home."""
    g = ix.game
    seat = seats(ix)  # a moved House's table is GE-HOUSE-PROVINCE's, told once
    months = [s.month for s in g.schedule]
    # only the order wrong (each month there once): a fix the toolkit can make
    sortable = len(set(months)) == len(months) and sorted(months) != months
    for i, s in enumerate(g.schedule):
        if s.month != i + 1 or s.month > g.rounds.count:
            why = (
                f"after the game's last round ({g.rounds.count})"
                if s.month > g.rounds.count
                else f"where month {i + 1} belongs"
            )
            if sortable and s.month <= g.rounds.count:
                why += "; `toolkit check --fix` puts the schedule in month order"
            yield error(
                g.loc_of("schedule", i, "month"), "GE-SCHEDULE-MONTH", f"month {s.month} is {why}"
            )
        yield from _month_host(ix, i, seat)


def _month_host(ix: Index, i: int, seat: dict[str, str]) -> Iterator[Diagnostic]:
    """The `i`th month of the schedule: the Houses and province it names exist; its host
    castle lies in the province and is the host's; the proposers are the Houses the province
    seats (`seat`: each House's province, L249-253)."""
    g = ix.game
    houses = ix.houses
    province_of = ix.province_of
    names = {p.id: p.name for p in g.provinces}
    s = g.schedule[i]
    for j, hid in enumerate([s.host, *s.proposers]):
        if hid and hid not in houses:
            path = ("host",) if j == 0 else ("proposers", j - 1)
            yield error(
                g.loc_of("schedule", i, *path),
                "GE-REF",
                f"month {s.month} names House '{hid}', which is not a House",
            )
    if s.province and s.province not in names:
        yield error(
            g.loc_of("schedule", i, "province"),
            "GE-REF",
            f"month {s.month}'s province '{s.province}' is not a province",
        )
        return
    if not s.province or s.host not in houses:
        return
    if s.region and province_of.get(s.region, s.province) != s.province:
        yield error(
            g.loc_of("schedule", i, "region"),
            "GE-SCHEDULE-HOST",
            f"month {s.month}: {names[s.province]} hosts the Court in {s.region}, "
            f"which lies in {names[province_of[s.region]]} (L249-253)",
        )
    host = houses[s.host]
    if s.region and host.castle != s.region:
        yield error(
            g.loc_of("schedule", i, "region"),
            "GE-SCHEDULE-HOST",
            f"month {s.month}: {host.name} hosts in {s.region}, but its castle is in {host.castle}",
        )
    table = sorted(h.id for h in g.houses if seat[h.id] == s.province)
    if sorted(s.proposers) != table:
        yield error(
            g.loc_of("schedule", i, "proposers"),
            "GE-SCHEDULE-HOST",
            f"month {s.month}: the proposers are {', '.join(s.proposers)}, but "
            f"{names[s.province]} seats {', '.join(table)}",
        )


def check_laws(ix: Index) -> Iterator[Diagnostic]:
    """The laws are numbered 1..n and as many as the rules say (L332)."""
    court = ix.court
    if court is None:
        return
    for i, law in enumerate(court.laws):
        if law.number != i + 1:
            yield error(
                court.loc_of("laws", i, "number"),
                "GE-LAWS",
                f"law {law.number} stands where law {i + 1} belongs",
            )
    stated = len(canon.LAWS)  # the sentences the rules print (L334-362)
    if court.laws_stated != stated and len(court.laws) == stated:
        # the count is the slip, not the laws: said at the count (one root cause)
        yield error(
            court.loc_of("laws_stated"),
            "GE-LAWS",
            f"laws_stated is {court.laws_stated} here, but the rules print {stated} sentences "
            f"(L334-362), as the {stated} laws here do: check this value",
        )
    elif len(court.laws) != court.laws_stated:
        yield error(
            court.loc_of("laws"),
            "GE-LAWS",
            f"{len(court.laws)} laws; the rules say he spoke {court.laws_stated} sentences (L332)",
        )


def _named(text: str, names: set[str]) -> list[str]:
    """The House names a law's text names, in order (a name is a capitalised word)."""
    return [w for w in re.findall(r"\b[A-Z][a-z]+\b", text) if w in names]


def check_law_houses(ix: Index) -> Iterator[Diagnostic]:
    """Each of the God Emperor's sentences names the Houses the rules print in it (L342-362),
    and each is a House of game.yaml."""
    court = ix.court
    if court is None:
        return
    houses = [h.name for h in ix.game.houses]
    known = set(houses) | {n for _line, named in canon.LAWS.values() for n in named}
    for i, law in enumerate(court.laws):
        printed = canon.LAWS.get(law.number)
        if printed is None:
            continue  # a law the rules do not print: GE-LAWS counts them
        line, want = printed
        at = court.loc_of("laws", i, "text")
        have = _named(law.text, known)
        if have != list(want):
            says = " and ".join(want) or "no House"
            yield error(
                at,
                "GE-LAW-HOUSES",
                f"law {law.number} names {' and '.join(have) or 'no House'} here; the rules "
                f"print it naming {says} (L{line})",
            )
            continue
        for name in want:
            if name not in houses:
                yield error(
                    at,
                    "GE-LAW-HOUSES",
                    f"law {law.number} names {name}, as the rules print it (L{line}), but no "
                    f"House of game.yaml is named {name}; the Houses: {', '.join(houses)}",
                )


def check_timing(ix: Index) -> Iterator[Diagnostic]:
    """Phases fill the round; rooms fit the Action phase; the rounds fit the day."""
    g = ix.game
    total = sum(p.minutes * p.repeat for p in g.phases)
    if total != g.rounds.minutes:
        yield error(
            g.loc_of("phases"),
            "GE-TIMING",
            f"the phases take {total:g} minutes; a round is {g.rounds.minutes}",
        )
    action = next((p for p in g.phases if p.name == g.action_phase), None)
    if action is None:
        yield error(g.loc_of("action_phase"), "GE-REF", f"no phase is named {g.action_phase!r}")
        return
    for i, room in enumerate(g.rooms):
        used = sum(s.minutes * s.repeat for s in room.steps)
        if used > action.minutes:
            yield error(
                g.loc_of("rooms", i, "steps"),
                "GE-TIMING",
                f"{room.name}'s timeline takes {used:g} minutes, more than the "
                f"{action.minutes:g}-minute {action.name} phase",
            )
    start, end = _minutes(g.rounds.first), _minutes(g.rounds.end)
    if start + g.rounds.count * g.rounds.minutes > end:
        yield error(
            g.loc_of("rounds"),
            "GE-TIMING",
            f"{g.rounds.count} rounds of {g.rounds.minutes} minutes from "
            f"{g.rounds.first} run past {g.rounds.end}",
        )
    times = [_minutes(m.time) for m in g.timetable]
    for i in range(1, len(times)):
        if times[i] < times[i - 1]:
            yield error(
                g.loc_of("timetable", i, "time"),
                "GE-TIMING",
                f"{g.timetable[i].time} comes before {g.timetable[i - 1].time}",
            )
