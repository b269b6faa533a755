"""The Forty Factions procedures of a Game Turn, bound to the content: what further
Activations and Plots cost (12.1), the cards dealt and drawn (5.3, 6.6.3), whether the game
ends (5.2) and who wins (1.3). The arithmetic is in `turn`; here each gets its parameters,
their bounds from the content, and its rule.
"""

from __future__ import annotations

import toolkit.games.forty_factions.procedures.turn as turn
from toolkit.check.procedures import Param, Procedure
from toolkit.games.forty_factions.index import Index


def bound(ix: Index) -> list[Procedure]:
    """The Game Turn's procedures, bound to the content (`toolkit calc`, the DM screen)."""
    return [*_costs(ix), *_cards(ix), *_end(ix)]


def _costs(ix: Index) -> list[Procedure]:
    """12.1: the VPs further Activations and Plots cost in one Game Turn."""
    costs = ix.game.play_costs
    activations = Param(
        "activations",
        "Factions the player Activates this Game Turn",
        low=0,
        high=len(ix.faction_list),
    )
    plots = Param("plots", "Plots the player plays this Game Turn", low=0, high=len(ix.plot_list))
    return [
        Procedure(
            "activation-cost",
            "Further Activations",
            "12.1.1",
            "VPs a player pays for Activating this many Factions in one Game Turn",
            (activations,),
            lambda activations: turn.activation_cost(costs, activations),
            turn.cost_statement(costs),
        ),
        Procedure(
            "plot-cost",
            "Further Plots",
            "12.1.2",
            "VPs a player pays for playing this many Plots in one Game Turn",
            (plots,),
            lambda plots: turn.plot_cost(costs, plots),
            turn.cost_statement(costs),
        ),
        Procedure(
            "turn-cost",
            "Activations and Plots together",
            "12.1.3",
            "VPs a player pays for a Game Turn's Activations and Plots, counted apart",
            (activations, plots),
            lambda activations, plots: turn.turn_cost(costs, activations, plots),
            turn.cost_statement(costs),
        ),
    ]


def _cards(ix: Index) -> list[Procedure]:
    """5.3 and 6.6.3: the cards dealt at set-up and drawn in the Cards Phase."""
    g = ix.game
    players = Param("players", "players in the game", low=g.players.min, high=g.players.max)
    return [
        Procedure(
            "starting-hand",
            "Cards dealt",
            "5.3.1-5.3.2",
            "Faction and Plot cards each player is dealt at set-up",
            (players,),
            lambda players: turn.starting_hand(g, players),
        ),
        Procedure(
            "cards-drawn",
            "Cards Phase draw",
            "6.6.3, 11.2.2",
            "cards each player draws in the Cards Phase",
            (
                players,
                Param(
                    "discarded",
                    "the player discarded one or more cards this Cards Phase",
                    "flag",
                    optional=True,
                ),
            ),
            lambda players, discarded=False: turn.cards_drawn(g, players, discarded),
        ),
    ]


def _end(ix: Index) -> list[Procedure]:
    """5.2 and 1.3: whether the game ends this Game Turn, and the final tally."""
    g = ix.game
    return [
        Procedure(
            "game-end",
            "End of the game",
            "5.2, DD3.3.6",
            "whether the game ends this Game Turn, under the end conditions the DM set",
            (
                Param("turn", "the Game Turn just played", optional=True, low=1),
                Param("turns", "5.2.1: Game Turns to play", optional=True, low=1),
                Param("best-vp", "the highest VP total of any player", optional=True),
                Param("vp-target", "5.2.2: the VP target", optional=True),
                Param("activated", "Factions Activated so far", optional=True, low=0),
                Param(
                    "activated-target",
                    "5.2.3: Factions Activated to end the game",
                    optional=True,
                    low=1,
                ),
                Param("deck", "5.2.4: cards left in the Factions Deck", optional=True, low=0),
                Param("time-up", "5.2.5: the meta time limit is reached", "flag", optional=True),
                Param(
                    "all-mad",
                    "DD3.3.6: every Area of Tehmor is at Madness 10",
                    "flag",
                    optional=True,
                ),
            ),
            lambda **kw: turn.game_end(g.end_conditions, turn.EndState(**kw)),
            turn.end_statement(g.end_conditions),
        ),
        Procedure(
            "final-tally",
            "The winner",
            "1.3, DD3.3.4",
            "each player's final VPs with the Madness VPs of the end, and the winner",
            (
                Param(
                    "vp",
                    "each player's VPs on the track",
                    "counts",
                    low=-999,
                    high=999,
                    example="PLAYER:N,...",
                ),
                Param(
                    "madness",
                    "DD3.3.4: Madness VPs each player's Temples score at the end",
                    "counts",
                    optional=True,
                    low=0,
                    high=999,
                    example="PLAYER:N,...",
                ),
            ),
            lambda vp, madness=None: turn.final_tally(vp, madness or {}),
        ),
    ]
