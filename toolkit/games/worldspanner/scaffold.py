"""`toolkit new worldspanner hero name=...`: a hero card, balanced like the others (and
`toolkit rename worldspanner OLD NEW`: a hero renamed).

The rulebook gives a hero's parts (home faction, set, health, ratings, natures, start loot,
p. 13-14) but no new hero's values: each is the median of the heroes already written (the
most common nature and start loot), so the new card starts balanced under the cost model,
and every one is a placeholder until the designer writes the card.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from toolkit.check.file_names import slug
from toolkit.edit.fixes import document_path, uncite
from toolkit.edit.rename import RenameError, Renaming, refs_to, values_at
from toolkit.edit.scaffold import Plan, Scaffold, ScaffoldError
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.map_models import MapPiece
from toolkit.games.worldspanner.models import SLUG, Game, Hero, QuestDeck
from toolkit.model.content import ContentSet


def _median(values: list[int], default: int) -> int:
    return round(statistics.median(values)) if values else default


def _most_common(values: list[Any], default: Any) -> Any:
    counted = Counter(repr(v) for v in values).most_common(1)
    return next((v for v in values if repr(v) == counted[0][0]), default) if counted else default


def _loot(loot: Any) -> dict[str, int]:
    """A start loot as the files write it: only what the card shows."""
    return {k: v for k in ("gold", "war", "secret", "elite", "boost") if (v := getattr(loot, k))}


def plan_hero(content: ContentSet, params: Mapping[str, str]) -> Plan:
    """A new hero of a faction (default: the faction with the fewest heroes)."""
    ix = Index.build(content)
    if ix is None:
        raise ScaffoldError("game.yaml did not load: check the content first")
    factions = [f.id for f in ix.game.factions]
    held = Counter(h.faction for h in ix.heroes)
    faction = params.get("faction") or min(factions, key=lambda f: (held[f], factions.index(f)))
    if faction not in factions:
        raise ScaffoldError(
            f"faction={faction} is not a faction of game.yaml ({', '.join(factions)})"
        )
    kin = [h for h in ix.heroes if h.faction == faction] or ix.heroes
    sets = [h.set for h in ix.heroes]
    chosen_set = int(params["set"]) if params.get("set", "").isdigit() else max(sets, default=1)
    name = params["name"]
    ratings = {
        r.id: _median([h.ratings.get(r.id, r.min) for h in ix.heroes], r.min)
        for r in ix.game.ratings
    }
    values: dict[str, Any] = {
        "name": name,
        "faction": faction,
        "set": chosen_set,
        "health": _median([h.health for h in ix.heroes], 5),
        "ratings": ratings,
        "natures": list(_most_common([h.natures for h in kin], ["Man"])),
        "start_loot": _most_common([_loot(h.start_loot) for h in kin], {"gold": 1}),
    }
    given = {k for k in ("faction", "set") if params.get(k)}
    values["placeholders"] = [k for k in ("faction", "set") if k not in given] + [
        "health",
        "natures",
        "start_loot",
        *(f"ratings.{r}" for r in ratings),
    ]
    folder = Path(document_path(ix.heroes[0])).parent if ix.heroes else content.root / "heroes"
    comment = (
        f"{name}: a new hero made by `toolkit new`. Every value is the median hero's (the "
        "most common\nnature and start loot), a placeholder until the card is written."
    )
    return Plan(
        folder / f"{slug(name)}.yaml",
        "hero",
        values,
        frozenset({"ratings", "natures", "start_loot"}),
        comment,
        (),
        (
            f"hero of {faction}, set {chosen_set}, ratings of the median hero",
            "placeholders to replace: every value but the name (then remove each from "
            "`placeholders`); write its `special` ability",
        ),
    )


SCAFFOLDS = (
    Scaffold(
        "hero",
        "a hero card",
        {
            "name": "its name",
            "faction": "home faction id (default: the one with the fewest heroes)",
            "set": "the set it comes in (default: the latest)",
        },
        plan_hero,
    ),
)


def plan_rename(content: ContentSet, old: str, new: str) -> Renaming:
    """A hero renamed: its `name` and its file (`heroes/<slug>.yaml`); no other file names
    a hero. OLD is the hero's name or file slug. Or a faction's id renamed (OLD an id of
    game.yaml's factions): see `_rename_faction`."""
    game = content.one("game", Game)
    if game is not None and old in {f.id for f in game.factions}:
        return _rename_faction(content, game, old, new)
    heroes = content.of("hero", Hero)
    hits = [h for h in heroes if old in (h.name, Path(h.loc.path).stem, slug(h.name))]
    if len(hits) != 1:
        raise RenameError(
            f"'{old}' names {'no hero' if not hits else 'more than one hero'}"
            f"{' nor faction' if not hits else ''}: give a hero's name or file "
            "slug, or a faction's id"
        )
    hero = hits[0]
    if any(h.name.casefold() == new.casefold() for h in heroes if h is not hero):
        raise RenameError(f"a hero is named '{new}' already")
    path = Path(hero.loc.path)
    to = path.with_name(f"{slug(new)}{path.suffix}")
    fixes = values_at([hero.loc_of("name")], new, f"'{hero.name}' is now '{new}'")
    said = [f"hero '{hero.name}' is now '{new}'"]
    # a hero the rulebook names (its examples): the new name is the designer's
    moved = uncite(hero, "name", "`name` is the designer's: from sources to placeholders")
    if moved is not None:
        fixes.append(moved)
        said.append(
            f"its `sources` gives '{hero.name}' as the rulebook's name: a renamed hero's "
            "name is the designer's (`name` moves to `placeholders`)"
        )
    return Renaming(tuple(fixes), ((path, to),) if to != path else (), tuple(said))


def _rename_faction(content: ContentSet, game: Game, old: str, new: str) -> Renaming:
    """A faction's id renamed: in game.yaml's factions, wherever a field names a faction (a
    hero's home, a quest deck, a faction's opposing ones, its map key), and the file names
    of its quest deck and its key (`quests/<faction>.yaml`, `map/<faction>.yaml`)."""
    ids = [f.id for f in game.factions]
    if new in ids:
        raise RenameError(f"'{new}' is a faction's id already")
    if not re.fullmatch(SLUG, new):
        raise RenameError(f"'{new}' is not an id: lower-case words joined by hyphens")
    at = [game.loc_of("factions", ids.index(old), "id"), *refs_to(content, "faction", old)]
    # the faction's key of the map (`map/<faction>.yaml`, its `id` the faction's)
    keys = [k for k in content.of("map-piece", MapPiece) if k.kind == "faction" and k.id == old]
    at += [k.loc_of("id") for k in keys]
    docs = [*content.of("quest-deck", QuestDeck), *keys]
    moves = tuple(
        (path, path.with_name(f"{new}{path.suffix}"))
        for path in (Path(document_path(d)) for d in docs)
        if path.stem == old
    )
    return Renaming(
        tuple(values_at(at, new, f"faction {old} is now {new}")),
        moves,
        (f"faction {old} is now {new}: its id and {len(at) - 1} reference(s)",),
    )
