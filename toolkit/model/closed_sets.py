"""Model stage: the closed sets a game's content declares, from a pack's table of them.

A field that names something the content declares (`spec(ref="area")`, a mapping's keys
`spec(keys="rating")`) takes its values from a closed set: the areas game.yaml lists, the
faction numbers of the faction files. A pack declares each set as data, where its values
stand in the content, and `closed_sets` reads them; the written schemas list them for an
editor to complete and mark typos (`toolkit schema`). No I/O here.

A place is `kind:path`: the documents of that content kind, then the field path, each
part an attribute, read across lists (`game:areas.id` is every area's id; a list of
strings at the end gives each string). `=value` is a value of its own (`=gold`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from toolkit.model.content import ContentSet

# closed set name -> the places its values stand
ClosedSets = Mapping[str, tuple[str, ...]]


def closed_sets(table: ClosedSets) -> Callable[[ContentSet], dict[str, list[object]]]:
    """The function a pack gives as its `enums`: each set of `table` read from the content
    (the values of content that did not load are left out: the checker reports those)."""

    def read(content: ContentSet) -> dict[str, list[object]]:
        return {name: _values(content, places) for name, places in table.items()}

    return read


def _values(content: ContentSet, places: Iterable[str]) -> list[object]:
    """The values at each place, in order, once each."""
    out: list[object] = []
    for place in places:
        if place.startswith("="):
            found: list[object] = [place[1:]]
        else:
            kind, _, path = place.partition(":")
            found = [v for doc in content.documents.get(kind, []) for v in _at(doc, path)]
        out += [v for v in found if v not in out]
    return out


def _at(obj: Any, path: str) -> list[object]:
    """The values at a dotted path of attributes under `obj`, across lists."""
    items = [obj]
    for part in path.split(".") if path else ():
        items = [getattr(x, part) for x in items]
        items = [y for x in items for y in (x if isinstance(x, list) else [x])]
    return [x for x in items if isinstance(x, str | int) and not isinstance(x, bool)]
