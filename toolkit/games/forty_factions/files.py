"""Faction and plot files are named `NNN-<slug of the name>.yaml` (the content layout), and
their sheets after their files: a file whose name disagrees with its number and name would
print one faction's sheet under another's name."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.check.file_names import name_finding, numbered_stem
from toolkit.core.diagnostics import Diagnostic
from toolkit.games.forty_factions.index import Index


def check(ix: Index) -> Iterator[Diagnostic]:
    """Every faction and plot file's name against its number and name (4.3.2, 4.4.2)."""
    for doc in (*ix.faction_list, *ix.plot_list):
        found = name_finding(
            doc, numbered_stem(doc.number, doc.name), "FF-FILE-NAME", "its number and name"
        )
        if found is not None:
            yield found
