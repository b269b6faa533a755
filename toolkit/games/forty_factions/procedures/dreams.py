"""Doorways to Dreams: the Congress of Dreams (DD3.2.3-DD3.2.4, DD3.3.6) and Madness
(DD3.3.2, DD3.3.4). Pure functions over the board models and an explicit state."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from toolkit.check.procedures import Result, Step
from toolkit.core.marks import marked
from toolkit.games.forty_factions.models import Congress, Madness


def congress_chance(c: Congress, seats: int, all_mad: bool = False) -> Result:
    """DD3.2.3, DD3.3.6: the percent chance (d100 at or under it) that a Congress of Dreams
    is held, per Activated Faction holding a seat on the Congress."""
    per = c.chance_per_seat_all_mad if all_mad else c.chance_per_seat
    raw = seats * per
    value = min(100, raw)
    steps = [f"{seats} Activated Factions hold a seat: {seats} x {per}% = {raw}%"]
    if all_mad:
        steps.insert(0, "every Area is at Madness 10: the game has ended (DD3.3.6)")
    if raw > 100:
        steps.append("a d100 cannot roll above 100")
    rule = "DD3.3.6" if all_mad else "DD3.2.3"
    answer = (
        f"a Congress of Dreams sits on d100 <= {value}"
        if value
        else "no Congress of Dreams can sit"
    )
    return Result(value, answer, tuple(steps), rule, {"per_seat": per})


def award_cap(roll: int, seats: int) -> int:
    """DD3.2.4: the roll, at most the seats held by Activated Factions."""
    return min(roll, seats)


def congress_award(c: Congress, votes: Mapping[str, int], roll: int) -> Result:
    """DD3.2.4: each Activated Faction with a seat has one vote, Alliances together; the most
    votes takes 1d4 VP, at most the seats held by Activated Factions."""
    seats = sum(votes.values())
    got = award_cap(roll, seats)
    steps = [
        ", ".join(f"{s} {n}" for s, n in sorted(votes.items(), key=lambda kv: -kv[1])),
        f"1d{c.vp_die} rolled {roll}; {seats} seat{'' if seats == 1 else 's'} held by "
        "Activated Factions: "
        f"{got} VP",
    ]
    best = max(votes.values()) if votes else 0
    top = sorted(s for s, n in votes.items() if n == best)
    if not best:
        return Result(
            0, "no votes at the Congress: no VPs", tuple(steps), "DD3.2.4", {"side": None}
        )
    if len(top) > 1:
        return Result(
            got,
            f"{' and '.join(top)} tie: they split {got} VP as they agree, or none is awarded",
            tuple(steps),
            "DD3.2.4",
            {"side": None, "tie": top},
        )
    return Result(
        got, f"{top[0]} has the most votes: {got} VP", tuple(steps), "DD3.2.4", {"side": top[0]}
    )


def congress_statement(c: Congress, plot_name: str) -> tuple[Step, ...]:
    """The printed statement of DD3.2.3-DD3.2.6 and DD3.3.6."""
    steps = [
        Step(
            "At the end of each Council Phase the DM rolls d100: a Congress of Dreams sits on "
            f"a roll at most {c.chance_per_seat}% per Activated Faction holding a seat on it; "
            "it is resolved after every other Council, Conclave and Gathering.",
            "DD3.2.3",
        ),
        Step(
            "Each Activated Faction with a seat has one vote; Alliances vote together. The most "
            f"votes takes 1d{c.vp_die} VP, at most the number of seats held by Activated "
            "Factions. A tie: split as agreed, else no VPs. Not role-played.",
            "DD3.2.4",
        ),
        Step(
            f"If every Area reaches Madness 10 the game ends at once, but a Congress may still "
            f"be held: {c.chance_per_seat_all_mad}% per seat.",
            "DD3.3.6",
        ),
    ]
    if plot_name:
        steps.append(
            Step(
                f"The {plot_name} Plot calls a Congress in the Role-Playing Phase: "
                "role-played; the DM may decide how Unactivated seats vote.",
                "DD3.2.6",
            )
        )
    return tuple(steps)


# ------------------------------------------------------------------ Madness


@dataclass(frozen=True)
class AreaMadness:
    """An Area's Level of Madness and, above 0, its Alignment (G, N or E)."""

    level: int
    alignment: str = ""


def shown(m: Madness, a: AreaMadness) -> str:
    """`Level 4 of Mania (N)`, or `Normality (0)`."""
    if a.level == 0:
        return "Normality (0)"
    names = {al.code: al.name for al in m.alignments}
    return f"Level {a.level} of {names.get(a.alignment, a.alignment)} ({a.alignment})"


def madness_change(m: Madness, spreads: str, state: AreaMadness, action: str) -> Result:
    """DD3.3.2: placing the Location pawn of a Temple of Madness (whose madness is `spreads`)
    raises the Area's Level by 1, to at most the maximum, in the faction's Alignment;
    removing it lowers the Level by 1 in the existing Alignment."""
    if action == "place":
        new = AreaMadness(min(m.max_level, state.level + 1), spreads)
        how = f"pawn placed: {state.level} + 1" + (
            f", at most {m.max_level}" if state.level >= m.max_level else ""
        )
        how += f"; the Alignment becomes {spreads}"
    else:
        level = max(0, state.level - 1)
        new = AreaMadness(level, state.alignment if level else "")
        how = f"pawn removed: {state.level} - 1" + (" (not below 0)" if not state.level else "")
        how += "; the Alignment stays" if level else "; back to Normality"
    return Result(
        new.level,
        f"the Area is now at {shown(m, new)}",
        (f"before: {shown(m, state)}", how),
        "DD3.3.2",
        {"alignment": new.alignment},
    )


def level_vp(m: Madness, level: int) -> int:
    """DD3.3.4.1: VPs for one Area at a Level of Madness (0 at Normality)."""
    return next((r.vp for r in m.vp if r.low <= level <= r.high), 0)


def temple_vp(m: Madness, levels: Mapping[str, AreaMadness], temple: int) -> tuple[int, list[str]]:
    """One Temple's Madness VPs at the end of the game, with how they add up: the table for
    each Area if it scores the table (DD3.3.4.1), and its bonus once if any Area is at the
    bonus's Level in its Alignment (DD3.3.4.2-3)."""
    total, lines = 0, []
    if temple in m.scoring_factions:
        parts = [level_vp(m, a.level) for a in levels.values()]
        total = sum(parts)
        lines.append(f"table: {' + '.join(map(str, parts)) or '0'} = {total}")
    for b in m.bonuses:
        if b.faction != temple:
            continue
        hits = [
            area
            for area, a in levels.items()
            if a.alignment == b.alignment and a.level >= b.min_level
        ]
        if hits:
            total += b.vp
            lines.append(f"bonus +{b.vp}: {hits[0]} is at Level >= {b.min_level} of {b.alignment}")
    return total, lines


def madness_vp(
    m: Madness,
    levels: Mapping[str, AreaMadness],
    names: Mapping[int, str],
    temple: int | None = None,
) -> Result:
    """DD3.3.4: the Madness VPs at the end of the game, for one Temple or for each."""
    steps = [f"{area}: {shown(m, a)} -> {level_vp(m, a.level)} VP" for area, a in levels.items()]
    scorers = list(dict.fromkeys([*m.scoring_factions, *(b.faction for b in m.bonuses)]))
    totals = {}
    for number in scorers:
        total, lines = temple_vp(m, levels, number)
        totals[number] = total
        steps.append(f"{names.get(number, number)}: " + "; ".join(lines) + f" -> {total} VP")
    if temple is not None:
        got = totals.get(temple, 0)
        return Result(
            got,
            f"{names.get(temple, temple)} scores {got} VP for Madness",
            tuple(steps),
            "DD3.3.4",
            {"temples": totals},
        )
    base = sum(level_vp(m, a.level) for a in levels.values())
    return Result(
        base,
        f"each of the {len(m.scoring_factions)} Temples scores {base} VP from "
        "the table, plus its bonus",
        tuple(steps),
        "DD3.3.4.1",
        {"temples": totals},
    )


def madness_statement(
    m: Madness,
    names: Mapping[int, str],
    spreaders: Mapping[int, str],
    held: Collection[int] = (),
) -> tuple[Step, ...]:
    """The printed statement of DD3.3.1-DD3.3.6; the Alignments of the factions `held` (a
    placeholder in their files: the rules give only some) carry the mark."""
    codes = {a.code: a.name for a in m.alignments}
    who = ", ".join(f"{names.get(n, n)} ({marked(a, n in held)})" for n, a in spreaders.items())
    scorers = ", ".join(names.get(n, str(n)) for n in m.scoring_factions)
    steps = [
        Step(
            f"Each Area starts at Normality (0) and runs to {m.max_level}; positive Levels are "
            + ", ".join(f"{c} {n}" for c, n in codes.items())
            + ".",
            "DD3.3.1",
        ),
        Step(
            f"Activating a Temple of Madness and placing its Location pawn: +1 Level in that "
            f"Area, in the faction's Alignment ({who}). Removing the pawn: -1, in the "
            "existing Alignment.",
            "DD3.3.2",
        ),
        Step("Plots and the DM's rulings on role-play may also change it.", "DD3.3.3"),
        Step(
            f"At the end of the game {scorers} each score the table below for every Area.",
            "DD3.3.4.1",
        ),
    ]
    for b in m.bonuses:
        steps.append(
            Step(
                f"{names.get(b.faction, b.faction)}: +{b.vp} VP if any Area is at "
                f"Level {b.min_level} or more of {codes.get(b.alignment, b.alignment)}.",
                "DD3.3.4.2-3",
            )
        )
    steps.append(
        Step(
            "No other faction scores Madness VPs; a correct prediction of the final "
            "Level may earn role-play VPs.",
            "DD3.3.5",
        )
    )
    steps.append(
        Step(
            f"Every Area at {m.max_level}: the game ends immediately, with no final Council Phase.",
            "DD3.3.6",
        )
    )
    return tuple(steps)
