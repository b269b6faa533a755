"""The game's own arithmetic: heroes per team and cards dealt (p. 3), the Reinforce schedule
(p. 7), game length and actions (p. 3, p. 16), tribute and Lith's Favor (p. 17), favor tiles
(p. 16) and glory (Victory). Reuses the set-up arithmetic of `canon`."""

from __future__ import annotations

from collections.abc import Mapping

import toolkit.games.worldspanner.canon as canon
from toolkit.check.procedures import Result, Step
from toolkit.games.worldspanner.models import Game, Glory, Tribute

TEAMS = ("white", "black")


def reinforce(game: Game, heroes: int) -> Result:
    """p. 7: a team brings on a third of its heroes per Reinforce, rounded up."""
    d = game.deal.reinforce_divisor
    per = canon.reinforce(heroes, d)
    rounds = canon.entry_rounds(heroes, d)
    steps = (
        f"{heroes} / {d} rounded up = {per}",
        "by round: " + ", ".join(f"{n} in round {i}" for i, n in enumerate(rounds, 1)),
    )
    return Result(
        per, f"bring on {per} heroes per Reinforce", steps, "p. 4, p. 7", {"rounds": rounds}
    )


def dealt(game: Game, heroes: int) -> Result:
    """p. 3: deal the heroes played, and six more to discard."""
    n = heroes + game.deal.extra
    return Result(
        n,
        f"deal {n} hero cards to each team",
        (f"{heroes} + {game.deal.extra} to discard = {n}",),
        "p. 3",
    )


def team_size(game: Game, intro: bool, three_players: bool) -> Result:
    """p. 3: 6 heroes a team for an introductory game, 9 if either team has three players,
    8 otherwise."""
    d = game.deal
    n, why = (
        (d.intro, "an introductory game")
        if intro
        else (d.three_players, "a team has three players")
        if three_players
        else (d.normal, "otherwise")
    )
    return Result(n, f"{n} heroes per team", (why,), "p. 3")


def length(game: Game, chosen: str) -> Result:
    """p. 3: rounds to play."""
    ln = next(x for x in game.lengths if x.id == chosen)
    return Result(ln.rounds, f"{ln.name}: {ln.rounds} rounds", (), "p. 3")


def actions(game: Game, heroes: int, rounds: int) -> Result:
    """p. 16: hero actions a team has in a game if no hero is defeated (none in round 1)."""
    d = game.deal.reinforce_divisor
    per = [canon.on_map(heroes, r, d) for r in range(2, rounds + 1)]
    total = sum(per)
    return Result(
        total,
        f"{total} actions in a {rounds}-round, {heroes}-hero game",
        (" + ".join(map(str, per)) + f" = {total} (rounds 2-{rounds})",),
        "p. 7, p. 16",
    )


def tribute(t: Tribute, gold: int, cards: int, before: int = 0) -> Result:
    """p. 17: tribute given at Lith's Chamber (1 per gold, 2 per card) first reduces the
    enemy's; `before` is the team's tribute before, negative when the enemy holds it."""
    gained = gold * t.per_gold + cards * t.per_card
    after = before + gained
    bonus = favor_bonus(t, after)
    steps = [
        f"{gold} gold x {t.per_gold} + {cards} cards x {t.per_card} = {gained}",
        f"{before:+d} + {gained} = {after:+d}",
    ]
    if bonus:
        steps.append(f"Lith's Favor: +{bonus} on Lith's Lair and Death's Edge challenges")
    holder = "your team" if after > 0 else ("the enemy" if after < 0 else "nobody")
    return Result(
        after,
        f"{abs(after)} tribute, held by {holder}",
        tuple(steps),
        "p. 17",
        {"favor_bonus": bonus},
    )


def favor_bonus(t: Tribute, held: int) -> int:
    """p. 17: the bonus Lith's Favor tile gives a team holding this much tribute."""
    return max((s.bonus for s in t.favor if held >= s.tribute), default=0)


def favor_tile(g: Glory, markers: int) -> Result:
    """p. 16: 3 victory markers on a key take its favor tile, 4 turn it to its '4' side."""
    side = max((n for n in g.favor_tiles if markers >= n), default=0)
    answer = f"the favor tile's '{side}' side" if side else "no favor tile"
    return Result(side, answer, (f"{markers} markers",), "p. 16")


def most(white: int, black: int) -> str | None:
    """The team with more (markers on a key, tribute, glory); a tie: neither."""
    return "white" if white > black else ("black" if black > white else None)


def deep_down(underpit: int) -> bool:
    """No One Deep Down: no hero in the Underpit (heroes in the Pit do not count)."""
    return underpit == 0


TIE_BREAKS = (("gold", "more"), ("defeated", "fewer"), ("wounds", "fewer"))  # Gold Tie-Breaker


def tie_break(what: str, white: int, black: int) -> str | None:
    """One step of the Gold Tie-Breaker: the most gold carried by undefeated heroes, then the
    fewest heroes that end defeated, then the fewest wounds on undefeated heroes."""
    if dict(TIE_BREAKS)[what] == "more":
        return most(white, black)
    return most(black, white)  # the fewer: White wins when Black has more


def glory(
    g: Glory,
    markers: Mapping[str, Mapping[str, int]],
    tribute: Mapping[str, int],
    underpit: Mapping[str, int],
    ties: Mapping[str, Mapping[str, int]],
) -> Result:
    """Victory: 1 glory per Faction key where a team has the most markers, 1 for the more
    tribute, 1 to each team with no hero in the Underpit; a tie is broken by gold carried,
    then fewest heroes defeated, then fewest wounds."""
    score = dict.fromkeys(TEAMS, 0)
    steps = []
    for key in sorted(set(markers["white"]) | set(markers["black"])):
        w, b = markers["white"].get(key, 0), markers["black"].get(key, 0)
        won = most(w, b)
        if won:
            score[won] += g.per_key
        steps.append(f"{key}: White {w}, Black {b} -> {won or 'neither'}")
    w, b = tribute.get("white", 0), tribute.get("black", 0)
    won = most(w, b)
    if won:
        score[won] += g.tribute
    steps.append(f"tribute: White {w}, Black {b} -> {won or 'neither'}")
    for team in TEAMS:
        if deep_down(underpit.get(team, 0)):
            score[team] += g.no_one_deep_down
            steps.append(f"No One Deep Down: {team} has no hero in the Underpit")
    steps.append(f"glory: White {score['white']}, Black {score['black']}")
    winner = most(score["white"], score["black"])
    for what, _ in TIE_BREAKS if winner is None else ():
        got = ties.get(what)
        if got is None:
            break
        steps.append(f"tied: {what} White {got['white']}, Black {got['black']}")
        winner = tie_break(what, got["white"], got["black"])
        if winner:
            break
    answer = f"{winner.capitalize()} wins" if winner else "a tie"
    return Result(winner, answer, tuple(steps), "Victory", {"glory": score})


def glory_statement(g: Glory, t: Tribute) -> tuple[Step, ...]:
    favor = "; ".join(f"{s.tribute} tribute: +{s.bonus}" for s in t.favor)
    return (
        Step(
            f"Each Faction key: the team with the most victory markers gains {g.per_key} glory; "
            "a tie, neither.",
            "Victory",
        ),
        Step(f"The team that gave Lith more tribute: {g.tribute} glory.", "Victory"),
        Step(
            f"No One Deep Down: {g.no_one_deep_down} glory to each team with no hero in the "
            "Underpit (the Pit does not count).",
            "Victory",
        ),
        Step(
            "Tied glory: the most gold carried by undefeated heroes, then the fewest heroes "
            "defeated, then the fewest wounds on undefeated heroes.",
            "Victory",
        ),
        Step(
            f"Lith's Chamber: {t.per_gold} tribute per gold, {t.per_card} per card; it first "
            f"cancels the enemy's. Lith's Favor: {favor}.",
            "p. 17",
        ),
        Step(f"Favor tiles: {' and '.join(map(str, g.favor_tiles))} markers on one key.", "p. 16"),
    )
