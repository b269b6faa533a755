"""The Game Turn's own arithmetic: what further Activations and Plots cost (12.1), the cards
dealt and drawn (5.3.2, 6.6.3), when the game ends (5.2, DD3.3.6) and who wins (1.3).

Pure functions over the content's models and an explicit state; each answers with its
arithmetic and the rule it comes from. No file or printing here.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.check.procedures import Result, Step
from toolkit.games.forty_factions.models import EndCondition, Game, HandSize, PlayCosts


def play_cost(per_previous: int, count: int) -> tuple[int, list[int]]:
    """VPs a player pays for `count` Activations (or Plots) in one Game Turn, and what each
    one costs: the k-th costs `per_previous` x (k - 1), the first is free (12.1.1-12.1.2)."""
    each = [per_previous * k for k in range(count)]
    return sum(each), each


def activation_cost(costs: PlayCosts, activations: int) -> Result:
    """12.1.1: VPs paid for Activating `activations` Factions in one Game Turn."""
    total, each = play_cost(costs.activation, activations)
    return _cost_result("Activating", "Faction", activations, total, each, "12.1.1, 6.2.3")


def plot_cost(costs: PlayCosts, plots: int) -> Result:
    """12.1.2: VPs paid for playing `plots` Plots in one Game Turn."""
    total, each = play_cost(costs.plot, plots)
    return _cost_result("playing", "Plot", plots, total, each, "12.1.2, 6.3.2")


def _cost_result(verb: str, what: str, n: int, total: int, each: list[int], rule: str) -> Result:
    sum_text = "+".join(str(c) for c in each) or "0"
    plural = what if n == 1 else f"{what}s"
    return Result(
        total,
        f"{verb} {n} {plural} in one Game Turn costs {total} VP",
        (
            f"{sum_text} = {total} VP (the first is free; each further one costs the "
            f"number already made that Game Turn)",
        ),
        rule,
        {"each": each},
    )


def turn_cost(costs: PlayCosts, activations: int, plots: int) -> Result:
    """12.1.3: Activations and Plots are counted apart; the two costs are added."""
    a, a_each = play_cost(costs.activation, activations)
    p, p_each = play_cost(costs.plot, plots)
    steps = (
        f"Activations: {'+'.join(map(str, a_each)) or '0'} = {a} VP",
        f"Plots: {'+'.join(map(str, p_each)) or '0'} = {p} VP (counted apart, 12.1.3)",
        f"total {a} + {p} = {a + p} VP",
    )
    return Result(
        a + p,
        f"{activations} Activations and {plots} Plots cost {a + p} VP",
        steps,
        "12.1.1-12.1.3",
        {"activations": a, "plots": p},
    )


def cost_statement(costs: PlayCosts) -> tuple[Step, ...]:
    """The printed statement of 12.1."""
    return (
        Step(
            "Each player may Activate 1 Faction and play 1 Plot per Game Turn at no cost.", "12.1.3"
        ),
        Step(
            f"Each further Faction Activated costs {costs.activation} VP per Faction that "
            "player has already Activated that Game Turn.",
            "12.1.1",
        ),
        Step(
            f"Each further Plot played costs {costs.plot} VP per Plot that player has "
            "already played that Game Turn.",
            "12.1.2",
        ),
        Step(
            "Activations are not counted in the cost of Plots, nor Plots in the cost of "
            "Activations. Players may go negative on VPs.",
            "12.1.3, 12.1.4",
        ),
    )


# ------------------------------------------------------------------ cards


def faction_cards(rows: list[HandSize], players: int) -> int:
    """5.3.2: initial Faction cards per player for a number of players."""
    for r in sorted(rows, key=lambda r: r.players):
        if r.players == players or (r.or_more and players >= r.players):
            return r.cards
    raise ValueError(f"5.3.2 gives no hand for {players} players")


def starting_hand(game: Game, players: int) -> Result:
    """5.3.1-5.3.2: the cards each player is dealt."""
    cards = faction_cards(game.setup.faction_cards, players)
    plots = game.setup.plots_per_player
    return Result(
        cards,
        f"with {players} players each is dealt {cards} Faction cards and {plots} Plot card",
        (f"5.3.2 table: {players} players -> {cards}",),
        "5.3.1, 5.3.2",
        {"plots": plots},
    )


def cards_drawn(game: Game, players: int, discarded: bool) -> Result:
    """6.6.3, 11.2.2: cards each player draws in the Cards Phase."""
    d = game.setup.draw
    base = d.small_game_cards if players <= d.small_game_max_players else d.cards
    total = base + (d.discard_bonus if discarded else 0)
    steps = [
        f"{players} players: draw {base}"
        + (
            f" (a game of {d.small_game_max_players} or fewer players)"
            if players <= d.small_game_max_players
            else ""
        )
    ]
    if discarded:
        steps.append(f"discarded 1 or more cards: +{d.discard_bonus}")
    return Result(
        total,
        f"each player draws {total} cards",
        tuple(steps),
        "6.6.3, 11.2.2",
        {"order": "highest to lowest total VPs"},
    )


# ------------------------------------------------------------------ the end of the game


@dataclass(frozen=True)
class EndState:
    """What the DM knows at the end of a Game Turn, for the end conditions chosen (5.2)."""

    turn: int | None = None
    turns: int | None = None  # 5.2.1: Game Turns to play
    best_vp: int | None = None
    vp_target: int | None = None  # 5.2.2
    activated: int | None = None
    activated_target: int | None = None  # 5.2.3
    deck: int | None = None  # 5.2.4: Faction cards left in the Factions Deck
    time_up: bool = False  # 5.2.5
    all_mad: bool = False  # DD3.3.6: every Area of Tehmor at Level of Madness 10


def game_end(conditions: list[EndCondition], state: EndState) -> Result:
    """5.2 and DD3.3.6: does the game end, and when?"""
    s = state
    tests: dict[str, tuple[bool, str] | None] = {
        "turns": None
        if s.turns is None or s.turn is None
        else (s.turn >= s.turns, f"Game Turn {s.turn} of {s.turns}"),
        "vp-target": None
        if s.vp_target is None or s.best_vp is None
        else (s.best_vp >= s.vp_target, f"best {s.best_vp} VP, target {s.vp_target}"),
        "activated": None
        if s.activated_target is None or s.activated is None
        else (
            s.activated >= s.activated_target,
            f"{s.activated} Factions Activated, target {s.activated_target}",
        ),
        "deck-out": None
        if s.deck is None
        else (s.deck == 0, f"{s.deck} cards left in the Factions Deck"),
        "time-limit": (True, "the meta time limit is reached") if s.time_up else None,
    }
    met: list[str] = []
    steps: list[str] = []
    for c in conditions:
        test = tests.get(c.id)
        if test is None:
            continue
        hit, shown = test
        steps.append(f"{c.text} ({c.source}): {shown} -> {'met' if hit else 'not met'}")
        if hit:
            met.append(c.id)
    if state.all_mad:
        steps.append("every Area of Tehmor is at Level of Madness 10 (DD3.3.6)")
        return Result(
            True,
            "the game ends immediately: there is no final Council Phase, but "
            "a Congress of Dreams may still be held",
            tuple(steps),
            "DD3.3.6",
            {"when": "immediately", "met": [*met, "all-mad"]},
        )
    if not steps:
        steps.append("no end condition given: name the ones the DM set (5.2)")
    if met:
        return Result(
            True,
            "the game ends at the end of this Game Turn",
            tuple(steps),
            "5.2",
            {"when": "end of the Game Turn", "met": met},
        )
    return Result(False, "the game goes on", tuple(steps), "5.2", {"when": None, "met": []})


def end_statement(conditions: list[EndCondition]) -> tuple[Step, ...]:
    """The printed statement of 5.2 and DD3.3.6."""
    steps = [Step("The DM sets, or agrees with the players, one or more of:", "5.2")]
    steps += [Step(c.text, c.source) for c in conditions]
    steps.append(
        Step(
            "The game ends at the end of the Game Turn in which the first of them is satisfied.",
            "5.2",
        )
    )
    return tuple(steps)


def final_tally(vp: dict[str, int], madness: dict[str, int]) -> Result:
    """1.3, DD3.3.4: each player's VPs with the Madness VPs awarded at the end; the most
    wins (the rules break no tie)."""
    totals = {side: vp.get(side, 0) + madness.get(side, 0) for side in {**vp, **madness}}
    steps = [
        f"{side}: {vp.get(side, 0)}"
        + (f" + {madness[side]} Madness" if side in madness else "")
        + f" = {t}"
        for side, t in sorted(totals.items(), key=lambda kv: -kv[1])
    ]
    best = max(totals.values())
    winners = sorted(s for s, t in totals.items() if t == best)
    if len(winners) > 1:
        return Result(
            winners,
            f"{' and '.join(winners)} tie with {best} VP: the rules name no tie-break",
            tuple(steps),
            "1.3",
            {"totals": totals},
        )
    return Result(
        winners[0], f"{winners[0]} wins with {best} VP", tuple(steps), "1.3", {"totals": totals}
    )
