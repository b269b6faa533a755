"""Forty Factions rules as code: every procedure the DM runs, bound to the content.

`procedures(content)` gives the registry `toolkit calc` and the DM screen use: each entry
names its parameters (with their meaning), the pure function that answers it and the rule
it comes from. The pure functions are in `turn`, `phases`, `control`, `council`,
`gathering` and `dreams`; each `bound_*` module (and `phases.bound`) binds a part of the
game to the content, and `lookups` holds what they read from it. Parameter names that are
ids (areas, parties, totems, temples) come from the content.
"""

from __future__ import annotations

import toolkit.games.forty_factions.procedures.bound_control as bound_control
import toolkit.games.forty_factions.procedures.bound_dreams as bound_dreams
import toolkit.games.forty_factions.procedures.bound_gathering as bound_gathering
import toolkit.games.forty_factions.procedures.bound_turn as bound_turn
import toolkit.games.forty_factions.procedures.phases as phases
from toolkit.check.procedures import Procedure
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.procedures.lookups import congress_seats, names, spreaders
from toolkit.model.content import ContentSet

# The pack's DM screen and tally import these from here, with the modules beside this one.
__all__ = ["bind", "congress_seats", "names", "procedures", "spreaders"]


def procedures(content: ContentSet) -> tuple[Procedure, ...]:
    """Every Forty Factions procedure, bound to this content."""
    ix = Index.build(content)
    return () if ix is None else bind(ix)


def bind(ix: Index) -> tuple[Procedure, ...]:
    """Every Forty Factions procedure, bound to the content's index, in the order of a
    Game Turn; an expansion's board adds its own."""
    return (
        *bound_turn.bound(ix),
        *phases.bound(ix),
        *bound_control.bound(ix),
        *bound_gathering.bound(ix),
        *bound_dreams.bound(ix),
    )
