"""The day's clock (L72-78) and the round's (L82-118): when each round, phase and room step
starts. Round 1 is given the time the day has beyond its rounds (L76: 'round 1 will be
allotted extra time'); how it is spent within the round the rules do not say."""

from __future__ import annotations

from toolkit.check.procedures import Result, Step
from toolkit.core.marks import is_placeholder, marked
from toolkit.games.god_emperor.models import Game, Room


def minutes(hhmm: str) -> int:
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def clock(total: int) -> str:
    return f"{total // 60:02d}:{total % 60:02d}"


def extra_time(game: Game) -> int:
    """Minutes round 1 is given beyond the others: the content's number (`rounds.extra`),
    else the day from the first round to the end, less the rounds' own minutes."""
    r = game.rounds
    if r.extra is not None:
        return r.extra
    return minutes(r.end) - minutes(r.first) - r.count * r.minutes


def round_start(game: Game, number: int) -> int:
    """When round `number` begins, in minutes after midnight."""
    r = game.rounds
    start = minutes(r.first)
    if number == 1:
        return start
    return start + r.minutes + extra_time(game) + (number - 2) * r.minutes


def round_clock(game: Game, number: int) -> Result:
    """L76-78, L82-118: when a round and each of its phases start."""
    r = game.rounds
    extra = extra_time(game)
    start = round_start(game, number)
    length = r.minutes + (extra if number == 1 else 0)
    given = (
        f"the other {extra}"
        if r.extra is None
        else f"{extra} more (`rounds.extra`: the rules say only 'extra time', L76)"
    )
    steps = [
        f"the day: {r.first} to {r.end} = {minutes(r.end) - minutes(r.first)} min; "
        f"{r.count} rounds x {r.minutes} = {r.count * r.minutes}; round 1 is given {given}"
    ]
    if number == 1:
        steps.append(
            f"round 1: {clock(start)} to {clock(start + length)}; the rules do not say "
            f"how its {extra} extra minutes are spent"
        )
    else:
        t = start
        for p in game.phases:
            steps.append(f"{clock(t)} {p.name} ({p.minutes:g} min)")
            t += int(p.minutes)
    return Result(
        clock(start),
        f"round {number} runs {clock(start)} to {clock(start + length)}",
        tuple(steps),
        "L76-78, L82-118",
        {"end": clock(start + length)},
    )


def timeline(room: Room) -> list[tuple[str, float, float]]:
    """A room's steps as (name, minutes into the Action phase, minutes), repeats unrolled."""
    out, t = [], 0.0
    for s in room.steps:
        for i in range(s.repeat):
            mark = f" ({i + 1} of {s.repeat})" if s.repeat > 1 else ""
            out.append((f"{s.name}{mark}", t, s.minutes))
            t += s.minutes
    return out


def room_clock(game: Game, room: Room, number: int) -> Result:
    """A room's steps inside the Action phase of a round (L163-175, L398-412, L466-490)."""
    start = round_start(game, number)
    for p in game.phases:
        if p.name == game.action_phase:
            break
        start += int(p.minutes)
    action = next(p for p in game.phases if p.name == game.action_phase)
    steps = [
        f"{clock(int(start + at))} {name} ({length:g} min)" for name, at, length in timeline(room)
    ]
    t = start + sum(length for _, _, length in timeline(room))
    over = t - start - action.minutes
    if over > 0:
        steps.append(f"{over:g} min beyond the {action.minutes:g}-minute {action.name} phase")
    when = "" if number > 1 else " (round 1 has extra time: the clock is indicative)"
    return Result(
        clock(start),
        f"{room.name} in round {number}: from {clock(start)}{when}",
        tuple(steps),
        "L108-114",
        {"end": clock(int(t)), "over": over},
    )


def round_statement(game: Game, marks: bool = True) -> tuple[Step, ...]:
    """The day's rounds as printed; round 1's extra minutes are the content's (`rounds.extra`,
    marked while a placeholder: the rules say only 'extra time'), else the day's rest."""
    r = game.rounds
    if r.extra is None:
        extra = f"round 1 has the {extra_time(game)} minutes left over"
    else:
        held = is_placeholder(game, "rounds.extra") and marks
        extra = "round 1 is allotted extra time: " + marked(f"{r.extra} minutes", held)
    return (
        Step(
            f"{r.count} rounds (months) of {r.minutes} minutes from {r.first}; the game "
            f"concludes at {r.end}; {extra}.",
            "L76-77",
        ),
        *(Step(f"{p.name} ({p.minutes:g} min)", p.source) for p in game.phases),
    )
