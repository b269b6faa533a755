"""The Court (its costs, pool, votes and the Uprising, L270-414) and the Underground (scheme
costs, minion draws and contests, L436-490). Pure functions over the content's models."""

from __future__ import annotations

from collections.abc import Mapping

from toolkit.check.procedures import Result, Step
from toolkit.games.god_emperor.models import Cost, Court, Underground


def cost(item: Cost, amount: int = 1, crackdown: bool = False) -> Result:
    """A proposal's, Military Action's or scheme's cost: flat, or per unit of what it names;
    a Crackdown law makes a scheme twice as expensive (L289)."""
    base = item.cost * (amount if item.per else 1)
    steps = [
        f"{item.cost} per {item.per} x {amount} = {base}"
        if item.per
        else f"{item.name} costs {item.cost}"
    ]
    total = base * 2 if crackdown else base
    if crackdown:
        steps.append(f"under a Crackdown: 2 x {base} = {total}")
    if item.trap:
        return Result(0, f"{item.name} is a trap: it has no cost", (), item.source)
    return Result(total, f"{item.name} costs {total}", tuple(steps), item.source)


def pool(court: Court, houses: int) -> Result:
    """L304, L316: the Power and Favor placed before every House (and the Sovereign) when the
    Court assembles, the most a law's cost can be paid from."""
    power, favor = court.pool.get("power", 0), court.pool.get("favor", 0)
    each = power + favor
    total = each * houses
    return Result(
        total,
        f"{houses} Houses can pay at most {total} for a law",
        (f"{power} Power + {favor} Favor = {each} per House", f"{each} x {houses} = {total}"),
        "L304, L316",
        {"power": power, "favor": favor},
    )


def payment(court: Court, cost_: int, paid: Mapping[str, tuple[int, int]]) -> Result:
    """L316: a law's cost is paid only from the Power and Favors placed before the Houses at
    the Court, at most the pool per House; the Sovereign says who pays."""
    cap_p, cap_f = court.pool.get("power", 0), court.pool.get("favor", 0)
    steps, problems = [], []
    for house, (p, f) in paid.items():
        steps.append(f"{house}: {p} Power + {f} Favor")
        if p > cap_p or f > cap_f:
            problems.append(f"{house} pays more than its {cap_p} Power and {cap_f} Favor")
    total = sum(p + f for p, f in paid.values())
    steps.append(f"paid {total} of {cost_}")
    if total != cost_:
        problems.append(f"{total} paid, the law costs {cost_}")
    if problems:
        return Result(False, "; ".join(problems), tuple(steps), "L316")
    return Result(True, f"the cost of {cost_} is paid", tuple(steps), "L316")


def court_vote(votes_for: int, assembled: int) -> Result:
    """L314: a majority of the assembled players for the proposal makes it a Commandment; the
    Sovereign (or his agent) decides a tie."""
    against = assembled - votes_for
    steps = (f"{votes_for} for, {against} of {assembled} assembled not",)
    if 2 * votes_for == assembled:
        return Result(None, "a tie: the Sovereign or his agent decides", steps, "L314")
    ok = 2 * votes_for > assembled
    return Result(
        ok, "the proposal becomes a Commandment" if ok else "the proposal is removed", steps, "L314"
    )


def uprising(court: Court, standing: int, assembled: int) -> Result:
    """L396: an Uprising casts out the Sovereign if the court's share (2/3) of the assembled
    players stand up with the Noble who declared it."""
    num, den = court.uprising
    need = -(-assembled * num // den)
    ok = standing >= need
    steps = (
        f"{num}/{den} of {assembled} assembled = {assembled * num / den:g}: {need} must stand",
        f"{standing} stand",
    )
    answer = (
        "the Sovereign is cast out; the House with the most Power chooses the new one"
        if ok
        else "the Uprising fails: the Sovereign may punish the transgressors"
    )
    return Result(ok, answer, steps, "L396", {"needed": need})


def court_statement(court: Court) -> tuple[Step, ...]:
    p, f = court.pool.get("power", 0), court.pool.get("favor", 0)
    num, den = court.uprising
    return (
        Step(
            f"When the Court assembles, {p} Power and {f} Favor are placed before every House "
            "and the Sovereign: the only pool laws are paid from.",
            "L304",
        ),
        Step(
            "The Sovereign (or Court Control) chooses the proposal; a player of its House "
            "explains what it does, whom it affects and what it costs.",
            "L306-310",
        ),
        Step(
            "A majority of the assembled players for it: a Commandment. The Sovereign decides "
            "a tie.",
            "L314",
        ),
        Step(f"The Sovereign says who pays: at most {p} Power and {f} Favor per House.", "L316"),
        Step(
            f"Uprising: if {num}/{den} of the assembled players stand, the Sovereign is cast "
            "out; the House with the most Power chooses the new one.",
            "L396",
        ),
        Step(
            f"{court.immortals} Immortals guard the Court, {court.immortal_attack} attack each; "
            "a Military Action sends one to its region.",
            "L320-326",
        ),
    )


def draws(ug: Underground, rank: int) -> Result:
    """L470-475: minions a player draws by rank in the House."""
    row = next(d for d in ug.draws if d.rank == rank)
    return Result(
        row.draws,
        f"rank {rank} draws {row.draws} minions",
        (f"rank {rank}: {row.draws}",),
        "L470-475",
    )


def contest(ug: Underground, attacker: tuple[str, str], defender: tuple[str, str]) -> Result:
    """L481-485: Rock beats Scissors, Scissors Paper, Paper Rock; a tie goes to the attacker
    when both cards are the same colour, else to the defender."""
    (ak, ac), (dk, dc) = attacker, defender
    steps = [f"attacker {ak} ({ac}) against defender {dk} ({dc})"]
    if ug.beats.get(ak) == dk:
        steps.append(f"{ak} beats {dk}")
        winner = "attacker"
    elif ug.beats.get(dk) == ak:
        steps.append(f"{dk} beats {ak}")
        winner = "defender"
    else:
        same = ac == dc
        steps.append(
            "a tie: "
            + (
                "the same colour, the attacker wins"
                if same
                else "different colours, the defender wins"
            )
        )
        winner = "attacker" if same else "defender"
    more = (
        "both minions are discarded; the attacker may go on"
        if winner == "attacker"
        else "the attack ends"
    )
    return Result(winner, f"the {winner} wins: {more}", tuple(steps), "L481-487")


def underground_statement(ug: Underground) -> tuple[Step, ...]:
    beats = ", ".join(f"{k.capitalize()} beats {v.capitalize()}" for k, v in ug.beats.items())
    return (
        Step(f"Each House draws {ug.hand} Schemes and keeps one.", "L469"),
        Step("A Scheme completes when its advancement equals its cost.", "L476, L490"),
        Step("Protection: discard 1 card for each minion already in front of the Scheme.", "L477"),
        Step(
            f"Attack: play a minion against the outermost protection. {beats}; a tie goes to "
            "the attacker if both are the same colour, else to the defender.",
            "L478-485",
        ),
    )
