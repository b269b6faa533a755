"""Facts the God Emperor rules fix that the checker holds the content to, each with the
line that fixes it (a test reads them back from the rules text)."""

from __future__ import annotations

# L334-362: the God Emperor's thirteen sentences, by number: the line each is printed on
# and the Houses it names, in the order it names them (laws 1-4 name none).
LAWS: dict[int, tuple[int, tuple[str, ...]]] = {
    1: (334, ()),
    2: (336, ()),
    3: (338, ()),
    4: (340, ()),
    5: (342, ("Snake", "Eagle")),
    6: (344, ("Cat", "Octopus")),
    7: (346, ("Swords", "Wolf")),
    8: (350, ("Snake", "Ram")),
    9: (352, ("Cat", "Unicorn")),
    10: (354, ("Swords", "Bear")),
    11: (358, ("Eagle", "Ram")),
    12: (360, ("Unicorn", "Octopus")),
    13: (362, ("Bear", "Wolf")),
}
