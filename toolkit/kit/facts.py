"""Kit stage, for any game: the outputs of one kit tell one truth.

Each output may declare the facts it prints (`Output.facts`): pairs of what and value, such
as ("the province of Chi", "The East"), taken from the very data its renderer is handed.
Two outputs that print the same fact differently (the war map puts Chi in the North, a
playmat puts Wolf's castle Chi in the East) would leave the players to choose which paper
to believe; the build refuses such a kit before rendering anything (`KIT-FACTS`), naming
the fact, each value and the outputs that print it. No file I/O here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from toolkit.core.diagnostics import Diagnostic, Loc, error

if TYPE_CHECKING:
    from toolkit.core.outputs import Output

Fact = tuple[str, str]  # (what, value): ("the province of Chi", "The East")


def disagreements(outputs: Iterable[Output]) -> Iterator[Diagnostic]:
    """One error per fact that two outputs of the kit print differently."""
    seen: dict[str, dict[str, list[Output]]] = {}
    for o in outputs:
        for what, value in dict.fromkeys(o.facts):
            seen.setdefault(what, {}).setdefault(value, []).append(o)
    for what in sorted(seen):
        values = seen[what]
        if len(values) < 2:
            continue
        first = min((o for outs in values.values() for o in outs), key=lambda o: o.path)
        told = "; ".join(
            f"{', '.join(sorted(o.path for o in outs))} print {value!r}"
            for value, outs in sorted(values.items())
        )
        where = Loc(first.sources[0] if first.sources else first.path)
        yield error(
            where,
            "KIT-FACTS",
            f"the kit disagrees on {what}: {told}. Make the "
            "content say one thing (an erratum quoting the print, or a waiver with "
            "its reason) so every output prints it",
        )
