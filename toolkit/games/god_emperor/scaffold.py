"""`toolkit new god-emperor favor name=...`: a Favor card added to favors.yaml's deck.

The rules say what a Favor card shows (its faction, ability, timing and location, L522-528)
but list no card: a new card's faction is the one with the fewest cards in the deck (or the
one named), its copies those of the other cards of the deck, so the Favors a building needs
stay available (L532); its ability, timing and location are placeholders. A favor faction's
id is renamed (`toolkit rename god-emperor OLD NEW`) wherever favors.yaml names it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

from toolkit.edit.fixes import Fix, document_path
from toolkit.edit.rename import RenameError, Renaming, refs_to, values_at
from toolkit.edit.scaffold import Plan, Scaffold, ScaffoldError, append_entry
from toolkit.games.god_emperor.models import Favors, Game
from toolkit.model.content import ContentSet


def plan_favor(content: ContentSet, params: Mapping[str, str]) -> Plan:
    """A Favor card appended to the deck in favors.yaml."""
    favors = content.one("favors", Favors)
    if favors is None:
        raise ScaffoldError("favors.yaml did not load: check the content first")
    ids = [f.id for f in favors.factions]
    held = Counter()
    for c in favors.cards:
        held[c.faction] += c.copies
    faction = params.get("faction") or min(ids, key=lambda f: (held[f], ids.index(f)))
    if faction not in ids:
        raise ScaffoldError(f"faction={faction} is not a favor faction ({', '.join(ids)})")
    name = params["name"]
    if any(c.name.casefold() == name.casefold() for c in favors.cards):
        raise ScaffoldError(f"the favor deck has a card named '{name}' already")
    copies = Counter(c.copies for c in favors.cards).most_common(1)
    entry = {
        "name": name,
        "faction": faction,
        "ability": "To be written.",
        "timing": "Any time",
        "location": "Anywhere",
        "copies": copies[0][0] if copies else 1,
    }
    at = len(favors.cards)
    placeholders = ("ability", "timing", "location", "copies") + (
        () if params.get("faction") else ("faction",)
    )
    fix = Fix(
        document_path(favors),
        f"cards: {name} ({faction}), card {at + 1} of the deck",
        append_entry("cards", entry, placeholders=placeholders),
    )
    return Plan(
        fixes=(fix,),
        said=(
            f"{entry['copies']} copies, like the other cards of the deck",
            f"placeholders to replace: cards.{at}: {', '.join(placeholders)} (then remove each "
            "from `placeholders`)",
        ),
    )


SCAFFOLDS = (
    Scaffold(
        "favor",
        "a Favor card",
        {
            "name": "its name",
            "faction": "favor faction id (default: the one with the fewest cards)",
        },
        plan_favor,
    ),
)


def plan_rename(content: ContentSet, old: str, new: str) -> Renaming:
    """A favor faction's id renamed: in the factions list and wherever a card or a War Map
    building names it (favors.yaml holds every reference, L522-540). Or a House's id (OLD
    an id of game.yaml's Houses): see `_rename_house`."""
    game = content.one("game", Game)
    favors = content.one("favors", Favors)
    # a House and a favor faction never share an id: OLD must say which one it is
    taken = {h.id for h in game.houses} if game is not None else set()
    taken |= {f.id for f in favors.factions} if favors is not None else set()
    if new in taken:
        raise RenameError(f"'{new}' is a House's or favor faction's id already")
    if game is not None and old in {h.id for h in game.houses}:
        return _rename_house(content, game, old, new)
    if favors is None:
        raise RenameError("favors.yaml did not load: check the content first")
    ids = [f.id for f in favors.factions]
    if old not in ids:
        houses = ", ".join(h.id for h in game.houses) if game is not None else ""
        raise RenameError(
            f"'{old}' is not a House's id ({houses}) nor a favor faction's ({', '.join(ids)})"
        )
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", new):
        raise RenameError(f"'{new}' is not an id: lower-case words joined by hyphens")
    i = ids.index(old)
    at = [favors.loc_of("factions", i, "id")]
    at += [
        favors.loc_of("cards", k, "faction") for k, c in enumerate(favors.cards) if c.faction == old
    ]
    at += [
        favors.loc_of("war_buildings", k, "faction")
        for k, b in enumerate(favors.war_buildings)
        if b.faction == old
    ]
    return Renaming(
        tuple(values_at(at, new, f"favor faction {old} is now {new}")),
        (),
        (f"favor faction {old} is now {new}: its id and {len(at) - 1} reference(s)",),
    )


def _rename_house(content: ContentSet, game: Game, old: str, new: str) -> Renaming:
    """A House's id renamed: in game.yaml's Houses and wherever a field names a House (a
    player of the cast, the Court's host and proposers, a home castle on the map)."""
    ids = [h.id for h in game.houses]
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", new):
        raise RenameError(f"'{new}' is not an id: lower-case words joined by hyphens")
    at = [game.loc_of("houses", ids.index(old), "id"), *refs_to(content, "house", old)]
    return Renaming(
        tuple(values_at(at, new, f"House {old} is now {new}")),
        (),
        (f"House {old} is now {new}: its id and {len(at) - 1} reference(s)",),
    )
