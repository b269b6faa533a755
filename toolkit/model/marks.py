"""Model stage, for any game: the short mark (a letter or two, or a number) that tells the
pieces of a set apart without colour.

A set of pieces told apart by colour (a pawn for each player colour, a unit for each House)
prints the same on a black-and-white printer unless each also carries a mark of its own:
Blue and Black pawns both lettered "B" look alike in grey. A pack chooses its marks (a
colour's usual code, a House's initials); `marks` keeps each label's initial where no other
label of the set shares it, takes the pack's code for those that do, and otherwise finds
two letters that differ, so every mark is unique in its set. No file I/O here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence


def _letters(label: str) -> str:
    return "".join(ch for ch in label if ch.isalnum())


def _told_apart(label: str, others: Sequence[str]) -> str:
    """The label's initial and its first later letter that no other label of `others`
    (which share the initial) holds anywhere: "Swords" beside "Snake" is "Sw"."""
    word = _letters(label)
    held = {ch.lower() for other in others for ch in _letters(other)[1:]}
    for ch in word[1:]:
        if ch.lower() not in held:
            return word[0].upper() + ch.lower()
    return ""


def marks(labels: Sequence[str], codes: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """A mark for each label, unique in the set: its initial where no other label starts
    with the same letter; else the pack's code for it (`codes`, by the label in lower
    case) unless another label sharing the initial has the same code; else its initial and
    a letter the other labels sharing the initial lack; failing all, every label its number
    in the set (1, 2, ...)."""
    codes = codes or {}
    initials = [_letters(x)[:1].upper() for x in labels]
    count = Counter(initials)
    found: list[str] = []
    for i, label in enumerate(labels):
        if count[initials[i]] == 1:
            found.append(initials[i])
            continue
        sharing = [o for j, o in enumerate(labels) if j != i and initials[j] == initials[i]]
        code = codes.get(label.lower(), "")
        if code and code not in {codes.get(o.lower(), "") for o in sharing}:
            found.append(code)
        else:
            found.append(_told_apart(label, sharing))
    if unique(found):
        return tuple(found)
    return tuple(str(n) for n in range(1, len(labels) + 1))


def unique(found: Sequence[str]) -> bool:
    """Whether every mark of a set is given and none is repeated."""
    return all(found) and len(set(found)) == len(found)
