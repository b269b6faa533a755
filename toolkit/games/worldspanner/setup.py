"""The set-up generator: draw a random map for a design, the way the rulebook says (p. 3-4).

`generate` is a pure function of the content, the design, the seed and the players'
choices: the same seed gives the same set-up. It draws the platters and keys at
random from the sets the design needs, puts one key in each slot with a random
rotation, and, on split maps, first gives every section an adventure key and a Dome
key (p. 4). Given the map pieces' files, it then fixes dead ends as p. 3 says: a key
that leaves part of the map cut off (or opens an entrance onto the map edge) is spun
clockwise and checked again. Heroes per team, cards dealt, the Reinforce schedule and the rounds to
play follow the rulebook (p. 3, p. 7).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace

import toolkit.games.worldspanner.canon as canon
from toolkit.core.errors import ToolkitError
from toolkit.games.worldspanner.game_models import Length
from toolkit.games.worldspanner.map_build import laid_map, problems
from toolkit.games.worldspanner.map_models import MapPiece
from toolkit.games.worldspanner.models import Design, Game, PlatterSlot, Slot


@dataclass(frozen=True)
class Key:
    """A key drawn for the map."""

    id: str
    name: str
    kind: str  # faction, dome, lith, vista
    colour: str = ""
    text: str = ""  # a Vista key's special space and effect; a Dome key's number

    @property
    def adventure(self) -> bool:
        """Lith and Faction keys are adventure keys (p. 2)."""
        return self.kind in ("faction", "lith")


@dataclass(frozen=True)
class Placed:
    """A key in its slot, turned `rotation` steps clockwise."""

    slot: Slot
    key: Key
    rotation: int


@dataclass(frozen=True)
class Setup:
    """One set-up: the map and everything the teams need to start."""

    design: Design
    seed: int
    platters: tuple[tuple[PlatterSlot, str], ...]  # place, platter name
    keys: tuple[Placed, ...]
    rotations: int
    heroes: int
    dealt: int
    length: str
    rounds: int
    entry: tuple[int, ...]  # heroes brought on in rounds 1, 2, ...
    platter_ids: tuple[str, ...] = ()  # the platters' piece ids, in the order of `platters`

    def laid(self, pieces: Mapping[str, MapPiece]) -> list | None:
        """The map's pieces laid in their places (`map_build.laid_map`), None when a piece
        has no file."""
        return laid_map(
            pieces,
            list(zip((pl for pl, _ in self.platters), self.platter_ids, strict=True)),
            [(p.slot, p.key.id, p.rotation) for p in self.keys],
        )


class SetupError(ToolkitError):
    """A set-up that cannot be made (an unknown design, too few pieces, a bad choice)."""


SAMPLE_SEED = 1  # the kit's sample set-up sheets, which the checker builds too


def _pool(game: Game, design: Design) -> tuple[list[tuple[str, str]], list[Key]]:
    """The platters (id, name) and keys the design's sets hold, in content order."""
    sets = set(design.sets)
    platters = [(p.id, p.name) for p in game.pieces.platters if p.set in sets]
    faction = [Key(f.id, f.name, "faction", f.colour) for f in game.factions if f.set in sets]
    dome = [
        Key(d.id, d.name, "dome", text=f"Domes {d.domes}")
        for d in game.pieces.dome_keys
        if d.set in sets
    ]
    lith = [Key(k.id, k.name, "lith") for k in game.pieces.lith_keys if k.set in sets]
    vista = [
        Key(v.id, v.name, "vista", text=f"{v.space}: {v.effect}")
        for v in game.pieces.vista_keys
        if v.set in sets
    ]
    return platters, [*faction, *dome, *lith, *vista]


def _draw(rng: random.Random, items: list, n: int, what: str, design: Design) -> list:
    if n > len(items):
        raise SetupError(f"{design.name} needs {n} {what}, but its sets hold {len(items)}")
    return rng.sample(items, n)


def generate(
    game: Game,
    design_id: str,
    seed: int,
    heroes: int | None = None,
    length: str | None = None,
    pieces: Mapping[str, MapPiece] | None = None,
) -> Setup:
    """A random set-up for `design_id`; the same arguments always give the same set-up.
    With the map pieces' files (`pieces`, by piece id), keys are spun to fix dead ends."""
    design, n, chosen = _choices(game, design_id, heroes, length)
    # one generator, drawn from in a fixed order (platters, keys, slots, rotations), so that
    # a seed always gives the same set-up
    rng = random.Random(seed)
    if len(design.platter_layout) != design.platters:
        # the checker names the field (WS-DESIGN); a set-up cannot place them
        raise SetupError(
            f"{design.name} has {len(design.platter_layout)} platter places for "
            f"{design.platters} platters"
        )
    platters, pool = _pool(game, design)
    drawn_platters = _draw(rng, platters, design.platters, "platters", design)
    slots = _slots(rng, design, _draw_keys(rng, pool, design))
    placed = tuple(
        Placed(s, slots[s.id], rng.randrange(game.pieces.rotations)) for s in design.layout
    )
    divisor = game.deal.reinforce_divisor
    setup = Setup(
        design=design,
        seed=seed,
        platters=tuple(
            zip(design.platter_layout, (name for _, name in drawn_platters), strict=True)
        ),
        keys=placed,
        rotations=game.pieces.rotations,
        heroes=n,
        dealt=n + game.deal.extra,
        length=chosen.name,
        rounds=chosen.rounds,
        entry=tuple(canon.entry_rounds(n, divisor)),
        platter_ids=tuple(pid for pid, _ in drawn_platters),
    )
    return fix_dead_ends(setup, pieces) if pieces is not None else setup


def _choices(
    game: Game, design_id: str, heroes: int | None, length: str | None
) -> tuple[Design, int, Length]:
    """The design, the heroes per team and the game length chosen (each defaulting as the
    content says), or a SetupError naming what exists."""
    design = next((d for d in game.designs if d.id == design_id), None)
    if design is None:
        raise SetupError(
            f"no map design '{design_id}'; designs: {', '.join(d.id for d in game.designs)}"
        )
    n = design.default_heroes if heroes is None else heroes
    lo, hi = design.heroes
    if not lo <= n <= hi:
        raise SetupError(f"{design.name} is played with {lo}-{hi} heroes per team, not {n}")
    length_id = length or game.default_length
    chosen = next((g for g in game.lengths if g.id == length_id), None)
    if chosen is None:
        raise SetupError(
            f"no game length '{length_id}'; lengths: {', '.join(g.id for g in game.lengths)}"
        )
    return design, n, chosen


def _draw_keys(rng: random.Random, pool: list[Key], design: Design) -> list[Key]:
    """The design's keys drawn from the pool, kind by kind, then shuffled."""
    keys = []
    for kind, count in (
        ("faction", design.faction_keys),
        ("dome", design.dome_keys),
        ("lith", design.lith_keys),
        ("vista", design.vista_keys),
    ):
        keys += _draw(rng, [k for k in pool if k.kind == kind], count, f"{kind} keys", design)
    if len(keys) != len(design.layout):
        raise SetupError(f"{design.name} has {len(design.layout)} slots for {len(keys)} keys")
    rng.shuffle(keys)
    return keys


def _slots(rng: random.Random, design: Design, keys: list[Key]) -> dict[str, Key]:
    """A key for each slot, by slot id: on a split map, first a Dome key and an adventure key
    in random slots of each section, then the rest in layout order. Takes from `keys`."""
    slots: dict[str, Key] = {}
    if design.sections > 1:
        # p. 4: "at least one adventure key and one Dome key must be on each separate section"
        for section in range(1, design.sections + 1):
            free = [s for s in design.layout if s.section == section]
            for wanted in (lambda k: k.kind == "dome", lambda k: k.adventure):
                key = next((k for k in keys if wanted(k)), None)
                if key is None or not free:
                    raise SetupError(
                        f"{design.name} cannot give section {section} an "
                        "adventure key and a Dome key"
                    )
                slot = free.pop(rng.randrange(len(free)))
                slots[slot.id] = key
                keys.remove(key)
    for slot in design.layout:
        if slot.id not in slots:
            slots[slot.id] = keys.pop()
    return slots


def fix_dead_ends(s: Setup, pieces: Mapping[str, MapPiece]) -> Setup:
    """p. 3, "Fix dead ends": a key with a space cut off (or an entrance onto the map edge)
    is spun clockwise, a sixth at a time, and checked again; it keeps the first turn that
    leaves the map with fewer problems, and the keys are checked again until no spin helps.
    A key that no turn can fix keeps its place: the checker reports it (WS-DEAD-END)."""
    keys = list(s.keys)

    def count(ks: list[Placed]) -> tuple[int, set[str]]:
        laid = replace(s, keys=tuple(ks)).laid(pieces)
        found = problems(laid) if laid is not None else []
        return len(found), {p.piece for p in found}

    total, bad = count(keys)
    improved = True
    while total and improved:
        improved = False
        for i, p in enumerate(keys):
            if p.key.id not in bad:
                continue
            for step in range(1, s.rotations):
                trial = [*keys[:i], replace(p, rotation=(p.rotation + step) % s.rotations)]
                trial += keys[i + 1 :]
                n, trial_bad = count(trial)
                if n < total:
                    keys, total, bad, improved = trial, n, trial_bad, True
                    break
    return replace(s, keys=tuple(keys))


def summary(s: Setup) -> str:
    """The set-up as text, for the terminal."""
    d = s.design
    lines = [
        f"{d.name} map, seed {s.seed}: {s.heroes} heroes per team, deal {s.dealt} each; "
        f"{s.rounds} rounds ({s.length}); Reinforce "
        f"{', '.join(str(n) for n in s.entry)}",
        "platters: " + ", ".join(f"{pl.id} {name}" for pl, name in s.platters),
    ]
    for p in sorted(s.keys, key=lambda p: p.slot.id):
        section = f" [section {p.slot.section}]" if d.sections > 1 else ""
        lines.append(f"  {p.slot.id:4} {p.key.name} (turn {p.rotation}){section}")
    return "\n".join(lines)
