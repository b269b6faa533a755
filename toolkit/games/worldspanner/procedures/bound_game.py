"""The Worldspanner procedures of the game as a whole (p. 3-4, p. 7, p. 16-17, Victory), bound
to the content: the Reinforce schedule, heroes dealt, team size, game length, actions,
tribute, favor tiles and glory. The arithmetic is in `game`; here each gets its parameters,
checked against the content's designs, lengths and factions, and its rule.
"""

from __future__ import annotations

import toolkit.games.worldspanner.procedures.game as gm
from toolkit.check.procedures import Param, Procedure, Result, Step
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.models import Game

# each team's glory parameters after its markers, in the order `toolkit calc` lists them
TEAM_COUNTS = (
    ("tribute", "tribute given to Lith"),
    ("underpit", "heroes in the Underpit"),
    ("gold", "tie-break: gold carried by undefeated heroes"),
    ("defeated", "tie-break: heroes that end defeated"),
    ("wounds", "tie-break: wounds on undefeated heroes"),
)


def bound(ix: Index) -> list[Procedure]:
    """The whole game's procedures, bound to the content; tribute, favor tiles and glory share
    the printed statement of glory."""
    g = ix.game
    high = max(d.heroes[1] for d in g.designs)
    heroes = Param("heroes", "heroes per team", low=1, high=max(high, 12))
    statement = gm.glory_statement(g.glory, g.tribute)
    return [*_setup(g, heroes), *_victory(ix, heroes, statement)]


def _setup(g: Game, heroes: Param) -> list[Procedure]:
    """p. 3, p. 4, p. 7: heroes brought on, dealt and played, and the rounds to play."""
    return [
        Procedure(
            "reinforce",
            "Reinforce",
            "p. 4, p. 7",
            "heroes brought on per Reinforce step, and by round",
            (heroes,),
            lambda heroes: gm.reinforce(g, heroes),
        ),
        Procedure(
            "deal",
            "Heroes dealt",
            "p. 3",
            "hero cards dealt to each team",
            (heroes,),
            lambda heroes: gm.dealt(g, heroes),
        ),
        Procedure(
            "team-size",
            "Heroes per team",
            "p. 3",
            "heroes each team plays",
            (
                Param("intro", "an introductory game", "flag", optional=True),
                Param("three-players", "either team has three players", "flag", optional=True),
            ),
            lambda intro=False, three_players=False: gm.team_size(g, intro, three_players),
        ),
        Procedure(
            "game-length",
            "Game length",
            "p. 3",
            "rounds to play",
            (
                Param(
                    "length", "the length chosen", "choice", choices=tuple(x.id for x in g.lengths)
                ),
            ),
            lambda length: gm.length(g, length),
        ),
    ]


def _victory(ix: Index, heroes: Param, statement: tuple[Step, ...]) -> list[Procedure]:
    """p. 16, p. 17, Victory: actions, tribute, favor tiles and who won."""
    g = ix.game
    return [
        Procedure(
            "actions",
            "Hero actions",
            "p. 16",
            "actions a team's heroes have in a game, if none is defeated",
            (heroes, Param("rounds", "rounds in the game", low=1, high=50)),
            lambda heroes, rounds: gm.actions(g, heroes, rounds),
        ),
        _tribute(g, statement),
        Procedure(
            "favor-tile",
            "A Faction favor tile",
            "p. 16",
            "the favor tile side a team's markers on one key give",
            (Param("markers", "the team's victory markers on the key", low=0, high=9),),
            lambda markers: gm.favor_tile(g.glory, markers),
            statement,
        ),
        _glory(ix, statement),
    ]


def _tribute(g: Game, statement: tuple[Step, ...]) -> Procedure:
    """p. 17: the tribute a team holds after giving gold and cards, and Lith's Favor."""
    return Procedure(
        "tribute",
        "Tribute to Lith",
        "p. 17",
        "the tribute a team holds after giving gold and cards, and Lith's Favor",
        (
            Param("gold", "gold given", optional=True, low=0, high=99),
            Param("cards", "cards given", optional=True, low=0, high=99),
            Param(
                "before",
                "the team's tribute before (negative: the enemy's)",
                optional=True,
                low=-99,
                high=99,
            ),
        ),
        lambda gold=0, cards=0, before=0: gm.tribute(g.tribute, gold, cards, before),
        statement,
    )


def _glory(ix: Index, statement: tuple[Step, ...]) -> Procedure:
    """Victory: each team's glory at the end of the game, and the winner."""
    g = ix.game

    def glory(**kw: object) -> Result:
        def pair(name: str) -> dict[str, int]:
            return {t: int(kw.get(f"{t}_{name}") or 0) for t in gm.TEAMS}  # type: ignore[call-overload]

        markers = {t: dict(kw.get(f"{t}_markers") or {}) for t in gm.TEAMS}  # type: ignore[call-overload]
        tie = {
            k: pair(k)
            for k in ("gold", "defeated", "wounds")
            if any(kw.get(f"{t}_{k}") is not None for t in gm.TEAMS)
        }
        return gm.glory(g.glory, markers, pair("tribute"), pair("underpit"), tie)

    return Procedure(
        "glory",
        "Who won?",
        "Victory",
        "each team's glory at the end of the game, and the winner",
        _glory_params(tuple(f.id for f in g.factions)),
        glory,
        statement,
    )


def _glory_params(keys: tuple[str, ...]) -> tuple[Param, ...]:
    """Each team's markers on the Faction keys (`keys`), then each team's counts."""
    markers = [
        Param(
            f"{t}-markers",
            f"{t}'s victory markers on each Faction key",
            "counts",
            optional=True,
            choices=keys,
            low=0,
            high=9,
            example="KEY:N,...",
        )
        for t in gm.TEAMS
    ]
    counts = [
        Param(f"{t}-{what}", f"{t}'s {meaning}", optional=True, low=0, high=999)
        for what, meaning in TEAM_COUNTS
        for t in gm.TEAMS
    ]
    return (*markers, *counts)
