"""The game's own arithmetic: heroes per team and cards dealt (p. 3), the Reinforce schedule
(p. 7), game length and actions (p. 3, p. 16), tribute and Lith's Favor (p. 17), favor tiles
(p. 16) and glory (Victory). Reuses the set-up arithmetic of `canon`."""

from __future__ import annotations

from collections.abc import Mapping

from toolkit.games.worldspanner import canon
from toolkit.games.worldspanner.models import Game, Glory, Tribute
from toolkit.procedures import Result, Step

TEAMS = ("white", "black")


def reinforce(game: Game, heroes: int) -> Result:
    """p. 7: a team brings on a third of its heroes per Reinforce, rounded up."""
    d = game.deal.reinforce_divisor
    per = canon.reinforce(heroes, d)
    rounds = canon.entry_rounds(heroes, d)
    steps = (f"{heroes} / {d} rounded up = {per}",
             "by round: " + ", ".join(f"{n} in round {i}" for i, n in enumerate(rounds, 1)))  # fmt: skip
    return Result(per, f"bring on {per} heroes per Reinforce", steps, "p. 4, p. 7",
                  {"rounds": rounds})  # fmt: skip


def dealt(game: Game, heroes: int) -> Result:
    """p. 3: deal the heroes played, and six more to discard."""
    n = heroes + game.deal.extra
    return Result(n, f"deal {n} hero cards to each team",
                  (f"{heroes} + {game.deal.extra} to discard = {n}",), "p. 3")  # fmt: skip


def team_size(game: Game, intro: bool, three_players: bool) -> Result:
    """p. 3: 6 heroes a team for an introductory game, 9 if either team has three players,
    8 otherwise."""
    d = game.deal
    n, why = ((d.intro, "an introductory game") if intro else
              (d.three_players, "a team has three players") if three_players else
              (d.normal, "otherwise"))  # fmt: skip
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
    return Result(total, f"{total} actions in a {rounds}-round, {heroes}-hero game",
                  (" + ".join(map(str, per)) + f" = {total} (rounds 2-{rounds})",), "p. 7, p. 16")  # fmt: skip


def tribute(t: Tribute, gold: int, cards: int, before: int = 0) -> Result:
    """p. 17: tribute given at Lith's Chamber (1 per gold, 2 per card) first reduces the
    enemy's; `before` is the team's tribute before, negative when the enemy holds it."""
    gained = gold * t.per_gold + cards * t.per_card
    after = before + gained
    bonus = favor_bonus(t, after)
    steps = [f"{gold} gold x {t.per_gold} + {cards} cards x {t.per_card} = {gained}",
             f"{before:+d} + {gained} = {after:+d}"]  # fmt: skip
    if bonus:
        steps.append(f"Lith's Favor: +{bonus} on Lith's Lair and Death's Edge challenges")
    holder = "your team" if after > 0 else ("the enemy" if after < 0 else "nobody")
    return Result(after, f"{abs(after)} tribute, held by {holder}", tuple(steps), "p. 17",
                  {"favor_bonus": bonus})  # fmt: skip


def favor_bonus(t: Tribute, held: int) -> int:
    """p. 17: the bonus Lith's Favor tile gives a team holding this much tribute."""
    return max((s.bonus for s in t.favor if held >= s.tribute), default=0)


def favor_tile(g: Glory, markers: int) -> Result:
    """p. 16: 3 victory markers on a key take its favor tile, 4 turn it to its '4' side."""
    side = max((n for n in g.favor_tiles if markers >= n), default=0)
    answer = f"the favor tile's '{side}' side" if side else "no favor tile"
    return Result(side, answer, (f"{markers} markers",), "p. 16")


def glory(g: Glory, markers: Mapping[str, Mapping[str, int]], tribute: Mapping[str, int],
          underpit: Mapping[str, int], tie_break: Mapping[str, Mapping[str, int]]) -> Result:  # fmt: skip
    """Victory: 1 glory per Faction key where a team has the most markers, 1 for the more
    tribute, 1 to each team with no hero in the Underpit; a tie is broken by gold carried,
    then fewest heroes defeated, then fewest wounds."""
    score = dict.fromkeys(TEAMS, 0)
    steps = []
    keys = sorted(set(markers["white"]) | set(markers["black"]))
    for key in keys:
        w, b = markers["white"].get(key, 0), markers["black"].get(key, 0)
        won = "white" if w > b else ("black" if b > w else None)
        if won:
            score[won] += g.per_key
        steps.append(f"{key}: White {w}, Black {b} -> {won or 'neither'}")
    w, b = tribute.get("white", 0), tribute.get("black", 0)
    won = "white" if w > b else ("black" if b > w else None)
    if won:
        score[won] += g.tribute
    steps.append(f"tribute: White {w}, Black {b} -> {won or 'neither'}")
    for team in TEAMS:
        if underpit.get(team, 0) == 0:
            score[team] += g.no_one_deep_down
            steps.append(f"No One Deep Down: {team} has no hero in the Underpit")
    steps.append(f"glory: White {score['white']}, Black {score['black']}")
    winner = _winner(score)
    if winner is None:
        for what, better in (("gold", max), ("defeated", min), ("wounds", min)):
            got = tie_break.get(what, {})
            if len(got) < 2:
                break
            steps.append(f"tied: {what} White {got['white']}, Black {got['black']}")
            if got["white"] != got["black"]:
                winner = better(TEAMS, key=lambda t: got[t])  # noqa: B023
                break
    answer = f"{winner.capitalize()} wins" if winner else "a tie"
    return Result(winner, answer, tuple(steps), "Victory", {"glory": score})


def _winner(score: Mapping[str, int]) -> str | None:
    if score["white"] == score["black"]:
        return None
    return "white" if score["white"] > score["black"] else "black"


def glory_statement(g: Glory, t: Tribute) -> tuple[Step, ...]:
    favor = "; ".join(f"{s.tribute} tribute: +{s.bonus}" for s in t.favor)
    return (
        Step(f"Each Faction key: the team with the most victory markers gains {g.per_key} glory; "
             "a tie, neither.", "Victory"),
        Step(f"The team that gave Lith more tribute: {g.tribute} glory.", "Victory"),
        Step(f"No One Deep Down: {g.no_one_deep_down} glory to each team with no hero in the "
             "Underpit (the Pit does not count).", "Victory"),
        Step("Tied glory: the most gold carried by undefeated heroes, then the fewest heroes "
             "defeated, then the fewest wounds on undefeated heroes.", "Victory"),
        Step(f"Lith's Chamber: {t.per_gold} tribute per gold, {t.per_card} per card; it first "
             f"cancels the enemy's. Lith's Favor: {favor}.", "p. 17"),
        Step(f"Favor tiles: {' and '.join(map(str, g.favor_tiles))} markers on one key.",
             "p. 16"),
    )  # fmt: skip
