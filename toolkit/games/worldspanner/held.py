"""The numbers game.yaml states that the rest of the content is held to, and what a change
of one upsets.

A number the rulebook fixes (the difference range, the Reinforce share, the extra heroes
dealt) that differs from it in game.yaml is one error, at that value (WS-CANON), with what
it upsets as notes under it: the challenge cards and the rulebook's own sums are then held
to the rulebook, not told to follow the changed value. A waived difference is a house rule,
and then they are held to game.yaml's.
"""

from __future__ import annotations

import toolkit.games.worldspanner.canon as canon
from toolkit.check.rules import accepted
from toolkit.core.diagnostics import Loc, Note
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.models import Stated

_HOUSE_RULE = "(waive WS-CANON here, with the reason, to make it a house rule they must follow)"


def range_at(ix: Index) -> Loc:
    """Where a difference range other than the rulebook's is told: the bound that differs."""
    c = ix.game.challenge
    low = c.min_difference != canon.DIFFERENCE_RANGE[0]
    return c.loc_of("min_difference" if low else "max_difference")


def difference_range(ix: Index) -> tuple[int, int]:
    """The differences a challenge card has a face for: game.yaml's, or p. 14's -6..+6
    while game.yaml differs from it unwaived."""
    c = ix.game.challenge
    have = (c.min_difference, c.max_difference)
    if have != canon.DIFFERENCE_RANGE and not accepted(ix.game, "WS-CANON", range_at(ix)):
        return canon.DIFFERENCE_RANGE
    return have


def _held(ix: Index, key: str, want: int) -> int:
    have: int = getattr(ix.game.deal, key)
    if have != want and not accepted(ix.game, "WS-CANON", ix.game.deal.loc_of(key)):
        return want
    return have


def reinforce_divisor(ix: Index) -> int:
    """The Reinforce share the rulebook's sums are recomputed with (p. 7's 1/3 while
    game.yaml differs from it unwaived)."""
    return _held(ix, "reinforce_divisor", canon.REINFORCE_DIVISOR)


def extra_dealt(ix: Index) -> int:
    """The heroes dealt beyond a team's size (p. 3's six while game.yaml differs unwaived)."""
    return _held(ix, "extra", canon.EXTRA_DEALT)


def range_notes(ix: Index) -> list[Note]:
    """What a difference range other than p. 14's upsets, unwaived: the challenge cards,
    which keep a face for each difference of the rulebook's."""
    lo, hi = canon.DIFFERENCE_RANGE
    if difference_range(ix) != (lo, hi):
        return []  # a house rule: the cards are held to it (WS-CHALLENGE)
    span = hi - lo + 1
    kept = sum(1 for deck in ix.challenges for card in deck.cards if len(card.faces) == span)
    if not kept:
        return []
    return [
        Note(
            f"the {kept} challenge cards of challenges/ have {span} faces each, one per "
            f"difference {lo}..+{hi}, as p. 14 has them: they are held to it, not to this "
            f"range {_HOUSE_RULE}"
        )
    ]


def _recomputed(s: Stated, divisor: int, extra: int) -> int:
    if s.kind == "actions":
        return canon.actions(s.heroes, s.rounds, divisor)
    if s.kind == "dealt":
        return s.heroes + extra
    return canon.reinforce(s.heroes, divisor)


def recompute(ix: Index, s: Stated) -> int:
    """A number the rulebook derives, recomputed from its rules (WS-STATED)."""
    return _recomputed(s, reinforce_divisor(ix), extra_dealt(ix))


def deal_notes(ix: Index, key: str) -> list[Note]:
    """What a Reinforce share or an extra deal (`key`) other than the rulebook's upsets,
    unwaived: the numbers the rulebook derives from it, each at its value, as they would
    come out (they are recomputed with the rulebook's meanwhile)."""
    deal = ix.game.deal
    rules = {"reinforce_divisor": canon.REINFORCE_DIVISOR, "extra": canon.EXTRA_DEALT}
    if _held(ix, key, rules[key]) != rules[key]:
        return []  # a house rule: WS-STATED holds the sums to it
    divisor = deal.reinforce_divisor if key == "reinforce_divisor" else canon.REINFORCE_DIVISOR
    extra = deal.extra if key == "extra" else canon.EXTRA_DEALT
    notes = []
    for s in ix.game.stated:
        then = _recomputed(s, divisor, extra)
        if then != s.value == _recomputed(s, canon.REINFORCE_DIVISOR, canon.EXTRA_DEALT):
            notes.append(
                Note(
                    f"with it, {s.id} comes to {then}, where the rulebook states {s.value} "
                    f"({s.source}): {s.text!r}",
                    s.loc_of("value"),
                )
            )
    return notes
