"""Numbers the Worldspanner rulebook fixes, each with the page that fixes it, and the
arithmetic of its set-up rules (shared by the checker and the set-up generator)."""

from __future__ import annotations

import math

FACTIONS = 9  # p. 6: "Each hero aligns with one of nine factions."
RATING_RANGE = (0, 9)  # p. 6: "Hero skills are rated 0 to 9"
WOUND_RANGE = (0, 4)  # p. 6: "Number of wounds caused by fists/claws, from 0 to 4"
DIFFERENCE_RANGE = (-6, 6)  # p. 14: "cannot be greater than 6 or less than -6"
OUTCOMES = ("amaze", "pass", "squeak", "fail", "fopp")  # p. 14, best first
ROUNDS = {"intro": 8, "average": 10, "expert": 12}  # p. 3
EXTRA_DEALT = 6  # p. 3: "then deal six more to each team"
REINFORCE_DIVISOR = 3  # p. 7: "1/3 (rounded up) of their heroes"
OPPOSING = 2  # p. 14: "two opposing factions"
# p. 14 (003:1267-1269): "Steel Bastion is home to Warriors. ... But Adventurers and Icons are
# met with suspicion, suffering -2 penalty." The one faction whose opposing factions the
# rulebook states; it names them by the heroes they are home to (p. 13).
STATED_OPPOSITION = {"Steel Bastion": ("Adventurers", "Icons")}
STATED_OPPOSITION_SOURCE = "p. 14, 003:1267-1269"
STATED_OPPOSITION_QUOTE = "But Adventurers and Icons are met with suspicion"
DOME_NUMBERS = (1, 6)  # p. 7: "If you go past 6, return to 1"


def reinforce(heroes: int, divisor: int = REINFORCE_DIVISOR) -> int:
    """Heroes a team brings on per Reinforce step (p. 7)."""
    return math.ceil(heroes / divisor)


def on_map(heroes: int, rnd: int, divisor: int = REINFORCE_DIVISOR) -> int:
    """Heroes on the map in the Action step of round `rnd` (round 1 is Reinforce only)."""
    return min(heroes, (rnd - 1) * reinforce(heroes, divisor))


def actions(heroes: int, rounds: int, divisor: int = REINFORCE_DIVISOR) -> int:
    """Hero actions a team has over a game, if no hero is defeated (p. 16's count)."""
    return sum(on_map(heroes, r, divisor) for r in range(2, rounds + 1))


def entry_rounds(heroes: int, divisor: int = REINFORCE_DIVISOR) -> list[int]:
    """Heroes brought on in rounds 1, 2, ... until all have entered."""
    per, left, out = reinforce(heroes, divisor), heroes, []
    while left > 0:
        out.append(min(per, left))
        left -= out[-1]
    return out
