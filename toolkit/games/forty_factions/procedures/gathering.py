"""The Grasslander Gathering (SC3.2): whether one is held (SC3.2.2-SC3.2.3) and who controls
it once the chits are placed (SC3.2.7). Pure functions over the Gathering board's model."""

from __future__ import annotations

from collections.abc import Mapping

from toolkit.check.procedures import Result, Step
from toolkit.games.forty_factions.models import Gathering


def gathering_target(g: Gathering, turn: int, totems: int, last: int | None) -> int:
    """The number to roll at or under on the die, before the die's faces bound it: the
    totems with a pawn, less (since_last - Game Turns since the last Gathering) once one has
    been held (SC3.2.2)."""
    if last is None:
        return totems
    # Ruling: SC3.2.2 subtracts; once `since_last` Game Turns have passed there is nothing
    # left to subtract (taken literally, a Gathering long ago would add to the chance)
    return totems - max(0, g.since_last - (turn - last))


def gathering_chance(
    g: Gathering,
    turn: int,
    totems: int,
    last: int | None = None,
    turns: int | None = None,
    plot_name: str = "",
) -> Result:
    """SC3.2.2-SC3.2.3: the highest roll on the die that holds a Gathering at the end of this
    Council Phase (0 or less: it cannot be held). `last` is the Game Turn of the last
    Gathering held, not counting one called by the Plot; `turns` the game's length, when it
    ends on a number of Game Turns."""
    die = g.die
    called = f" (one called by {plot_name} does not count)" if plot_name else ""
    if last is None and turns is not None and turn >= turns:
        steps = (f"Game Turn {turn} is the last and no Gathering has been held{called}",)
        return Result(
            die,
            f"the Gathering is held automatically: every roll of d{die}",
            steps,
            "SC3.2.3",
            {"target": die, "automatic": True, "chance": 1.0},
        )
    target = gathering_target(g, turn, totems, last)
    steps = [f"{totems} totems with a pawn on them"]
    if last is not None:
        since = turn - last
        steps.append(
            f"last Gathering held on Game Turn {last}{called}: {turn} - {last} = {since} "
            f"Game Turns since"
        )
        if since >= g.since_last:
            steps.append(
                f"{since} >= {g.since_last} Game Turns since: nothing is subtracted "
                "(ruling: SC3.2.2 subtracts, never adds)"
            )
        else:
            steps.append(f"{totems} - ({g.since_last} - {since}) = {target}")
    else:
        steps.append(f"no Gathering held yet{called}: nothing is subtracted")
    value = min(target, die)
    chance = max(0, value) / die
    if value <= 0:
        steps.append(f"a roll of d{die} <= {target} is impossible")
        answer = "no Gathering can be held this Game Turn"
    else:
        steps.append(f"roll d{die} <= {value}: {chance:.0%}")
        answer = f"a Gathering is held on a d{die} roll of {value} or less"
    return Result(
        value,
        answer,
        tuple(steps),
        "SC3.2.2",
        {"target": target, "automatic": False, "chance": round(chance, 4)},
    )


def chance_statement(g: Gathering, plot_name: str) -> tuple[Step, ...]:
    """The printed statement of SC3.2.2-SC3.2.3."""
    called = f"; one called by the {plot_name} Plot does not count" if plot_name else ""
    return (
        Step(
            f"At the end of each Council Phase the DM rolls d{g.die}: a Gathering is held on a "
            "roll at most the number of Totems with a pawn on them.",
            "SC3.2.2",
        ),
        Step(
            f"Once a Gathering has been held, subtract {g.since_last} less the Game Turns since "
            f"the last one{called}.",
            "SC3.2.2",
        ),
        Step(
            "On the last Game Turn, if no Gathering has been held (again not counting the "
            "Plot's), one is held automatically.",
            "SC3.2.3",
        ),
    )


def gathering_vote(
    g: Gathering, chits: Mapping[str, int], strongest: str, final: Mapping[str, int] | None = None
) -> Result:
    """SC3.2.7: control of the Gathering. `chits` are the chits placed by each speaking
    Totem (those controlled by Activated Factions), `strongest` the Totem drawn from the cup,
    `final` the chits after the speaking Totems chose whom to support (SC3.2.7.6)."""
    vp = g.vp
    speaking = len(chits)
    neutral = len(g.totems) - speaking
    steps = [f"{speaking} Totems speak; {neutral} are Neutral (SC3.2.7.1)"]
    if speaking == 1:
        (only,) = chits
        steps.append(f"only {only} is controlled: it is the Strongest Spirit Guide (SC3.2.7.2)")
        return Result(
            vp.sole_totem,
            f"{only} controls the Gathering: {vp.sole_totem} VP",
            tuple(steps),
            "SC3.2.7.2",
            {"totem": only},
        )
    counted = dict(chits)
    counted[strongest] = counted.get(strongest, 0) + neutral
    total = sum(counted.values())
    steps.append(
        f"{strongest} is drawn and sways the {neutral} Neutral Totems: "
        + ", ".join(f"{t} {n}" for t, n in counted.items())
        + f" of {total} (SC3.2.7.5)"
    )
    if 2 * counted[strongest] > total:
        return Result(
            vp.control,
            f"{strongest} controls the Gathering: {vp.control} VP",
            (*steps, f"{counted[strongest]} is a clear majority of {total}"),
            "SC3.2.7.5",
            {"totem": strongest},
        )
    steps.append(
        f"{counted[strongest]} of {total} is no clear majority: each speaking Totem "
        "stays in the contest or supports another (SC3.2.7.6)"
    )
    if final is None:
        return Result(
            0,
            "not yet decided: give the chits after the supports as final=",
            tuple(steps),
            "SC3.2.7.6",
            {"totem": None, "decided": False},
        )
    return _supported(g, final, total, steps)


def _supported(g: Gathering, final: Mapping[str, int], total: int, steps: list[str]) -> Result:
    """SC3.2.7.7: control of the Gathering from the chits after the supports (`final`), of
    `total` chits placed."""
    vp = g.vp
    steps.append("after the supports: " + ", ".join(f"{t} {n}" for t, n in final.items()))
    best = max(final.values())
    top = [t for t, n in final.items() if n == best]
    if 2 * best > total:
        return Result(
            vp.control,
            f"{top[0]} controls the Gathering: {vp.control} VP",
            (*steps, f"{best} of {total}: a simple majority (SC3.2.7.7.1)"),
            "SC3.2.7.7.1",
            {"totem": top[0]},
        )
    if len(top) == 1:
        return Result(
            vp.strongest_of_several,
            f"{top[0]} is the Strongest of several Strong "
            f"Spirit Guides: {vp.strongest_of_several} VP",
            (*steps, f"{best} of {total}: the most, no majority (SC3.2.7.7.2)"),
            "SC3.2.7.7.2",
            {"totem": top[0]},
        )
    return Result(
        0,
        "no Strongest Spirit Guide: the Gathering is dissolved, no VPs",
        (*steps, f"{' and '.join(top)} tie with {best} (SC3.2.7.7.3)"),
        "SC3.2.7.7.3",
        {"totem": None},
    )


def vote_statement(g: Gathering) -> tuple[Step, ...]:
    """The printed statement of SC3.2.7."""
    vp = g.vp
    return (
        Step(
            "Only Totems controlled by Activated Factions speak; the others are Neutral.",
            "SC3.2.7.1",
        ),
        Step(
            f"Only one Totem controlled: it controls the Gathering, {vp.sole_totem} VP.",
            "SC3.2.7.2",
        ),
        Step(
            "Chits: the controlling Faction places one by its Totem; its Allies with influence "
            "must; others with influence may; those of 'any Totem' place one by a speaking "
            "Totem.",
            "SC3.2.7.3",
        ),
        Step(
            "Draw one chit from the cup: that Totem is the Strongest Spirit Guide and gains one "
            "chit per Neutral Totem.",
            "SC3.2.7.4-5",
        ),
        Step(
            f"A clear majority of the chits: control, {vp.control} VP (shared only with Allies "
            "who took part).",
            "SC3.2.7.5",
        ),
        Step(
            "Otherwise each speaking Totem stays in or moves its chits to one staying in; the "
            "Strongest must stay; Allies vote together.",
            "SC3.2.7.6",
        ),
        Step(
            f"Simple majority: control, {vp.control} VP; the most chits without one: "
            f"{vp.strongest_of_several} VP; a tie for the most: dissolved, no VPs.",
            "SC3.2.7.7",
        ),
    )
