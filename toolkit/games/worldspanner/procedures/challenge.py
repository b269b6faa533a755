"""Challenges (p. 14), damage (p. 18), ranged cover (p. 19), dismissal to a Dome (p. 7) and
the adventures' arithmetic (p. 10, p. 14-15). Pure functions over the content's models."""

from __future__ import annotations

from collections.abc import Sequence

from toolkit.check.procedures import Result, Step
from toolkit.games.worldspanner.models import Adventure, Challenge, ChallengeCard, Cover


def difference(ch: Challenge, rating: int, opposing: int) -> int:
    """p. 14: the hero's rating less the opposing one, never beyond the card's range."""
    return max(ch.min_difference, min(ch.max_difference, rating - opposing))


def face(ch: Challenge, card: ChallengeCard, diff: int) -> str:
    """The face a card shows beside a difference."""
    return card.faces[diff - ch.min_difference]


def challenge(
    ch: Challenge,
    rating: int,
    opposing: int,
    card: ChallengeCard | None = None,
    card_name: str = "",
) -> Result:
    """p. 14, p. 18, p. 22, p. 7: the difference read on a challenge card; with a card drawn,
    its face, whether the blue Hit bar reaches the difference, its Luck and its Dome range."""
    raw = rating - opposing
    diff = difference(ch, rating, opposing)
    word = "Better By" if diff > 0 else ("Worse By" if diff < 0 else "Even")
    steps = [
        f"{rating} - {opposing} = {raw}"
        + (
            f", read as {diff} (the card runs {ch.min_difference} to +{ch.max_difference})"
            if raw != diff
            else ""
        )
    ]
    if card is None:
        return Result(diff, f"{word} {abs(diff)}" if diff else "Even (0)", tuple(steps), "p. 14")
    shown = face(ch, card, diff)
    names = {o.id: o.name for o in ch.outcomes}
    hit = diff >= card.hit_from
    steps += [
        f"{card_name}: the {diff:+d} row shows {names.get(shown, shown)}",
        f"Hit bar from {card.hit_from:+d}: {'a hit' if hit else 'a miss'} (p. 18)",
        f"Luck {card.luck} (p. 22); Domes {card.domes} (p. 7)",
    ]
    return Result(
        diff,
        f"{word} {abs(diff)}: {names.get(shown, shown)}{', a hit' if hit else ', a miss'}",
        tuple(steps),
        "p. 14, p. 18, p. 22",
        {"face": shown, "hit": hit, "luck": card.luck, "domes": card.domes},
    )


def challenge_statement(ch: Challenge) -> tuple[Step, ...]:
    return (
        Step(
            "Rating against rating: the difference, never beyond "
            f"{ch.min_difference} to +{ch.max_difference} ('Better By', 'Worse By').",
            "p. 14",
        ),
        Step("Draw from your team's challenge deck; read the face beside the difference.", "p. 14"),
        Step("A Hit challenge hits if the blue Hit bar reaches the difference's row.", "p. 18"),
        Step("A Luck check reads the Luck number of the card drawn for the challenge.", "p. 22"),
        Step("Squeak, Fail and Fopp have the same results on every adventure.", "p. 14"),
    )


def wounds(ch: Challenge, wound_rating: int, shown: str) -> Result:
    """p. 18: the wounds a hit causes: the Wound rating changed by the Damage challenge's face
    (Amaze +1, Pass 0, Squeak -1, Fail -2; Fopp none), never below none."""
    o = next(o for o in ch.outcomes if o.id == shown)
    got = 0 if o.no_wounds else max(0, wound_rating + o.wounds)
    step = (
        f"{o.name}: no wounds at all"
        if o.no_wounds
        else f"Wound {wound_rating} {o.wounds:+d} ({o.name}) = {got}"
    )
    return Result(got, f"{got} wound{'s' if got != 1 else ''}", (step,), "p. 18")


def effect_text(ch: Challenge, shown: str) -> str:
    """What a face does to a Damage challenge, for the printed table."""
    o = next(o for o in ch.outcomes if o.id == shown)
    return "no wounds" if o.no_wounds else (f"{o.wounds:+d} wound" if o.wounds else "as rated")


def stealth(
    cover: Cover, base: int, spaces: int = 0, building: bool = False, flying: bool = False
) -> Result:
    """p. 19: a ranged target's Stealth: +2 per Woods, Swamp, Fire or Rough space the line of
    sight touches (the target's included), +2 in a Building; a flier gains none (p. 9)."""
    if flying:
        return Result(
            base,
            f"Stealth {base}: a flier gains no terrain bonus",
            (f"Stealth {base}",),
            "p. 9, p. 19",
        )
    extra = spaces * cover.camouflage + (cover.building if building else 0)
    steps = [f"Stealth {base}"]
    if spaces:
        steps.append(f"+ {spaces} camouflaging spaces x {cover.camouflage}")
    if building:
        steps.append(f"+ {cover.building} in a Building")
    return Result(base + extra, f"Stealth {base + extra} against the shot", tuple(steps), "p. 19")


def dome_range(domes: str) -> list[int]:
    """`3-4` -> [3, 4]; `1 or 6` -> [1, 6]; `5` -> [5]."""
    if " or " in domes:
        return [int(d) for d in domes.split(" or ")]
    low, _, high = domes.partition("-")
    return list(range(int(low), int(high or low) + 1))


def dismiss(domes: str, empty: Sequence[int], highest: int = 6) -> Result:
    """p. 7: place the hero in an empty Dome within the card's range; if none, the next
    highest number, going past 6 back to 1."""
    chosen = dome_range(domes)
    free = sorted(set(empty))
    ok = [d for d in chosen if d in free]
    steps = [f"the card shows {domes}; empty Domes: {', '.join(map(str, free)) or 'none'}"]
    if ok:
        return Result(
            ok, f"place the hero in Dome {' or '.join(map(str, ok))}", tuple(steps), "p. 7"
        )
    d = max(chosen)
    for _ in range(highest):
        d = d % highest + 1
        if d in free:
            steps.append(f"none in range: the next highest empty Dome is {d}")
            return Result([d], f"place the hero in Dome {d}", tuple(steps), "p. 7")
    return Result([], "no Dome is empty", tuple(steps), "p. 7")


def task(adv: Adventure, rating: int, relation: str, against: int | None = None) -> Result:
    """p. 14-15: a Faction Task is a challenge against 5, +2 on the hero's home faction's key,
    -2 on an opposing one's."""
    target = adv.task_rating if against is None else against
    mod = {"home": adv.relation, "opposing": -adv.relation}.get(relation, 0)
    diff = rating + mod - target
    steps = [f"{rating} against {target} = {rating - target:+d}"]
    if mod:
        steps.append(f"{relation} faction {mod:+d}: {diff:+d}")
    word = "better" if diff > 0 else ("worse" if diff < 0 else "even")
    return Result(
        diff,
        f"the hero is {abs(diff)} {word}" if diff else "the hero is even",
        tuple(steps),
        "p. 14, p. 15",
    )


def card_draws(adv: Adventure, draws: int) -> Result:
    """p. 10: every mix of treasure cards `draws` card draws can buy (War and Secret one
    draw each, Elite two)."""
    costs = list(adv.draw_costs.items())  # the content's order: War, Secret, Elite
    mixes: list[str] = []

    def walk(i: int, left: int, picked: list[tuple[int, str]]) -> None:
        if left == 0:
            mixes.append(" + ".join(f"{n} {k.capitalize()}" for n, k in picked if n))
            return
        if i == len(costs):
            return
        deck, c = costs[i]
        for n in range(left // c, -1, -1):
            walk(i + 1, left - n * c, [*picked, (n, deck)])

    walk(0, draws, [])
    steps = (", ".join(f"{k.capitalize()} {c}" for k, c in costs) + " draw(s) each",)
    return Result(mixes, f"{draws} draws: {'; '.join(mixes) or 'nothing'}", steps, "p. 10")


def virtue_bonus(virtue: int, numbers: Sequence[int]) -> Result:
    """p. 15: 1 gold for each Virtue bonus number at or below the hero's Virtue."""
    met = [n for n in numbers if n <= virtue]
    return Result(
        len(met),
        f"{len(met)} gold",
        (f"Virtue {virtue} against {'/'.join(map(str, numbers))}: {len(met)} met",),
        "p. 15",
    )
