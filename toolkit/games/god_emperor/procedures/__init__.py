"""God Emperor rules as code: Control's procedures, bound to the content.

`procedures(content)` gives what `toolkit calc god-emperor` answers and the Control screen
prints: the day's and the round's clock, the Court's costs, pool, votes and Uprising, the
Underground's scheme costs, minion draws and contests, and the War Room's battles, rewards
and neutral castles. House, proposal, scheme and room ids come from the content. The pure
functions are in `clock`, `war` and `court`; each `bound_*` module binds a room (or the
clock) to the content.
"""

from __future__ import annotations

import toolkit.games.god_emperor.procedures.bound_clock as bound_clock
import toolkit.games.god_emperor.procedures.bound_court as bound_court
import toolkit.games.god_emperor.procedures.bound_underground as bound_underground
import toolkit.games.god_emperor.procedures.bound_war as bound_war
from toolkit.check.procedures import Procedure
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.procedures import clock, court, war
from toolkit.model.content import ContentSet

# The pack's Control screen and tally import the pure modules from here.
__all__ = ["bind", "clock", "court", "procedures", "war"]


def procedures(content: ContentSet) -> tuple[Procedure, ...]:
    """Every God Emperor procedure, bound to this content."""
    ix = Index.build(content)
    return () if ix is None else bind(ix)


def bind(ix: Index) -> tuple[Procedure, ...]:
    """Every God Emperor procedure, bound to the content's index: the clock, the War Room,
    then the Court and the Underground where the content has them."""
    return (
        *bound_clock.bound(ix),
        *bound_war.bound(ix),
        *bound_court.bound(ix),
        *bound_underground.bound(ix),
    )
