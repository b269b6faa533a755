"""How a build shares its work out: outputs grouped for one process each, the order one
process renders them in for a designer waiting on a save, and how the warm worker's batch
is split with a fork of itself for the second core. Plans only: nothing is rendered here."""

from __future__ import annotations

from collections.abc import Iterable

from toolkit.core.outputs import Output

# Work (in sheet-pages of 40 ms) that the warm worker, alone, finishes before a new pool of
# two would have imported the renderer (half a second) and shared it: beyond it, a pool.
WARM_WORK = 25.0


def work(group: list[Output]) -> float:
    """The cost of rendering a list of outputs, in sheet-pages."""
    return sum(o.cost for o in group)


def group_outputs(outputs: Iterable[Output]) -> list[list[Output]]:
    """Outputs of one group run in one worker, in order (a board's SVG and PDF share its
    drawing); the costliest groups go first so the workers finish together."""
    groups: dict[str, list[Output]] = {}
    for o in outputs:
        groups.setdefault(o.group or o.path, []).append(o)
    return sorted(groups.values(), key=work, reverse=True)


def soonest_first(groups: list[list[Output]]) -> list[list[Output]]:
    """Groups in the order one process renders them for a designer waiting on a save: the
    pages laid out from one content file (a sheet: `fit`) first, then the cheapest first
    (a card's page before a board)."""
    return sorted(groups, key=lambda g: (not any(o.fit for o in g), work(g)))


Shares = tuple[list[Output], list[Output], list[Output]]


def fork_shares(first: list[Output], assembled: list[Output]) -> Shares | None:
    """How a batch is split between the worker and its fork: what the worker renders before
    forking, the fork's share, and the worker's own after. An output and those assembled
    from it stay in one process (a card, its n-up sheets and its TTS sheet; a sheet and its
    deck): such pieces are shared out whole, the costliest first to the lighter share. A
    batch that is one piece (a card edit that changes no sheet) renders the parts of its
    costliest assembled output first, then shares the assembled outputs whose parts are
    done; the fork takes the costliest. None when there is nothing to share."""
    if not assembled:  # outputs laid out alone: in order, as the build lists them
        return None
    pieces = _pieces(first, assembled)
    if len(pieces) > 1:
        theirs: list[Output] = []
        mine: list[Output] = []
        for piece in sorted(pieces, key=lambda p: -work(p)):
            (theirs if work(theirs) < work(mine) else mine).extend(piece)
        order = {id(o): i for i, o in enumerate([*first, *assembled])}
        return (
            [],
            sorted(theirs, key=lambda o: order[id(o)]),
            sorted(mine, key=lambda o: order[id(o)]),
        )
    if len(assembled) < 2:  # one piece, one output made from the others: in order
        return None
    big = max(assembled, key=lambda o: o.cost)
    need = [o for o in first if o.path in big.parts]
    rest = [o for o in first if o.path not in big.parts]
    done = {o.path for o in need}
    theirs, mine = [big], list(rest)
    for o in sorted((o for o in assembled if o is not big), key=lambda o: -o.cost):
        if set(o.parts) <= done and work(theirs) < work(mine):  # to the lighter share
            theirs.append(o)
        else:
            mine.append(o)
    return need, theirs, mine


def _pieces(first: list[Output], assembled: list[Output]) -> list[list[Output]]:
    """The batch in pieces that stay in one process: each output of `first` alone, joined
    by every output assembled from it (an output made from two pieces joins them)."""
    pieces: list[list[Output]] = []
    owner: dict[str, int] = {}
    for o in first:
        owner[o.path] = len(pieces)
        pieces.append([o])
    for o in assembled:
        joined = sorted({owner[p] for p in o.parts if p in owner})
        into = joined[0] if joined else len(pieces)
        if not joined:
            pieces.append([])
        for other in joined[1:]:
            pieces[into] += pieces[other]
            for x in pieces[other]:
                owner[x.path] = into
            pieces[other] = []
        pieces[into].append(o)
    return [p for p in pieces if p]
