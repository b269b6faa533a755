"""Worldspanner Factions rules as code: the table's procedures, bound to the content.

`procedures(content)` gives what `toolkit calc worldspanner` answers and the screen prints:
challenges (difference, face, Hit bar, Luck, Dome), damage, cover, dismissal, adventures'
arithmetic, the Reinforce schedule, cards dealt, game length, actions, tribute and glory.
The pure functions are in `challenge` and `game`; `bound_challenge` and `bound_game` bind
them to the content.
"""

from __future__ import annotations

import toolkit.games.worldspanner.procedures.bound_challenge as bound_challenge
import toolkit.games.worldspanner.procedures.bound_game as bound_game
from toolkit.check.procedures import Procedure
from toolkit.games.worldspanner.index import Index
from toolkit.model.content import ContentSet


def procedures(content: ContentSet) -> tuple[Procedure, ...]:
    """Every Worldspanner procedure, bound to this content."""
    ix = Index.build(content)
    return () if ix is None else bind(ix)


def bind(ix: Index) -> tuple[Procedure, ...]:
    """Every Worldspanner procedure, bound to the content's index: a challenge's, then the
    whole game's."""
    return (*bound_challenge.bound(ix), *bound_game.bound(ix))
