"""`toolkit rename forty-factions OLD NEW`: a faction or plot renumbered or renamed.

OLD is a card's file name or slug (`050-guild-of-caravanserai`, `guild-of-caravanserai`),
its name, or `faction:50` / `plot:50` (a bare number when only one kind has it). NEW is a
number (the card is renumbered, and every reference to it follows: enemies, party leaders,
pawn colours, the side boards) or a name (the card is renamed). Either way its file is
renamed to `NNN-<slug>.yaml` (FF-FILE-NAME).
"""

from __future__ import annotations

from pathlib import Path

from toolkit.content import ContentSet
from toolkit.file_names import numbered_stem, slug
from toolkit.fixes import Fix
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, Plot
from toolkit.games.forty_factions.references import Found, walk
from toolkit.rename import RenameError, Renaming, values_at


def _find(ix: Index, old: str) -> Faction | Plot:
    cards: list[Faction | Plot] = [*ix.faction_list, *ix.plot_list]

    def kind(c: Faction | Plot) -> str:
        return "faction" if isinstance(c, Faction) else "plot"

    head, colon, tail = old.partition(":")
    if colon and head in ("faction", "plot") and tail.isdigit():
        hits = [c for c in cards if kind(c) == head and c.number == int(tail)]
    elif old.isdigit():
        hits = [c for c in cards if c.number == int(old)]
        if len(hits) > 1:
            raise RenameError(f"{old} is a faction and a plot: say faction:{old} or plot:{old}")
    else:
        hits = [c for c in cards if old in (Path(c.loc.path).stem, slug(c.name), c.name)]
    if len(hits) != 1:
        what = "nothing" if not hits else ", ".join(f"{kind(c)} {c.number}" for c in hits)
        raise RenameError(f"'{old}' names {what}: give a file name, a slug, a name, or "
                          "faction:N / plot:N")  # fmt: skip
    return hits[0]


def plan_rename(content: ContentSet, old: str, new: str) -> Renaming:
    """Renumber or rename one faction or plot, and every reference to it."""
    ix = Index.build(content)
    if ix is None:
        raise RenameError("game.yaml did not load: check the content first")
    card = _find(ix, old)
    kind = "faction" if isinstance(card, Faction) else "plot"
    number, name = card.number, card.name
    fixes: list[Fix] = []
    said: list[str] = []
    if new.isdigit():
        number = int(new)
        taken = ix.factions if kind == "faction" else ix.plots
        if number in taken:
            raise RenameError(f"{kind} {number} exists already ({taken[number].name})")
        found = Found(ix, kind, card.number)
        walk(found, ix, content)
        fixes += values_at([card.loc_of("number"), *found.at], number,
                           f"{kind} {card.number} is now {number}")  # fmt: skip
        said.append(f"{kind} {card.number} ({name}) is now {number}: its number and "
                    f"{len(found.at)} reference(s) to it")  # fmt: skip
        said.append("its card follows its number (3.1, 3.2): `toolkit check` says if the "
                    "tarot card or the number range must change too")  # fmt: skip
    else:
        name = new
        fixes += values_at([card.loc_of("name")], new, f"{kind} {card.number} is now '{new}'")
        said.append(f"{kind} {card.number}: '{card.name}' is now '{new}' (the content refers "
                    "to it by number; its sheet and card print the new name)")  # fmt: skip
    path = Path(card.loc.path)
    to = path.with_name(numbered_stem(number, name) + path.suffix)
    moves = ((path, to),) if to != path else ()
    return Renaming(tuple(fixes), moves, tuple(said))
