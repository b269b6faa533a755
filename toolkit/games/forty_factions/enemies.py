"""Enemies (rules 4.3.8, 6.2.2, 7.4.3): a relation that holds both ways.

A faction names enemies by number or by category. Once categories are
expanded, if A names B (or B's category), B must name A (or A's category):
otherwise one player could Activate both and the other could not.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from ruamel.yaml.comments import CommentedSeq

from toolkit.core.diagnostics import Diagnostic, error
from toolkit.edit.fixes import Fix, document_path
from toolkit.games.forty_factions.card_models import Faction
from toolkit.games.forty_factions.index import Index


def names(f: Faction, other: Faction) -> bool:
    """Does `f` name `other` as an enemy, directly or by its category?"""
    return other.number in f.enemies or other.category in f.enemies


def check(ix: Index) -> Iterator[Diagnostic]:
    """No self-enmity; every enmity answered (4.3.8)."""
    by_category: dict[str, list[Faction]] = {}
    for f in ix.faction_list:
        by_category.setdefault(f.category, []).append(f)
    for f in ix.faction_list:
        seen: set[int | str] = set()
        for i, e in enumerate(f.enemies):
            loc = f.loc_of("enemies", i)
            if e in seen:
                yield error(loc, "FF-ENEMY-DUPLICATE", f"enemy {e!r} is listed twice")
                continue
            seen.add(e)
            if e == f.number:
                yield error(
                    loc, "FF-ENEMY-SELF", f"{ix.name(f.number)} names itself as an enemy (4.3.8)"
                )
                continue
            if isinstance(e, int):
                other = ix.factions.get(e)
                if other is not None and not names(other, f):
                    yield error(
                        loc,
                        "FF-ENEMY-SYMMETRY",
                        f"{ix.name(f.number)} names {ix.name(e)} as an enemy, but "
                        f"{ix.name(e)} names neither {f.number} nor its category "
                        f"'{f.category}' (4.3.8: enmity holds both ways): "
                        f"{answer(f, other)}, or remove {e} here",
                    )
                continue
            silent = [o for o in by_category.get(e, []) if o.number != f.number and not names(o, f)]
            if silent:
                listed = ", ".join(ix.name(o.number) for o in silent)
                fixes = "; ".join(answer(f, o) for o in silent)
                yield error(
                    loc,
                    "FF-ENEMY-SYMMETRY",
                    f"{ix.name(f.number)} names the category '{e}' as enemies, but {listed} "
                    f"name neither {f.number} nor '{f.category}' (4.3.8: enmity holds both "
                    f"ways): {fixes}",
                )


def answer(f: Faction, other: Faction) -> str:
    """Where and how `other` answers `f`'s enmity: its file and line, and the edit that
    `toolkit check --fix` makes."""
    if other.enemies:
        return (
            f"add {f.number} to `enemies` at {other.loc_of('enemies')} (`toolkit check --fix` does)"
        )
    below = other.loc_of("category")  # `enemies` follows `category` (rules 4.3.7, 4.3.8)
    return (
        f"add `enemies: [{f.number}]` below `category` at {below.path}:{below.line + 1} "
        "(`toolkit check --fix` does)"
    )


def fixes(ix: Index) -> list[Fix]:
    """`toolkit check --fix`: the missing side of each enemy pair, written into the other
    faction's file (after `category` when it names no enemies yet, as 4.3.7-4.3.8 order them)."""
    out: list[Fix] = []
    for f in ix.faction_list:
        for e in f.enemies:
            others = (
                [ix.factions[e]]
                if isinstance(e, int) and e in ix.factions
                else [o for o in ix.faction_list if o.category == e]
            )
            for other in others:
                if other.number != f.number and not names(other, f):
                    out.append(
                        Fix(
                            document_path(other),
                            f"{ix.name(other.number)} names {ix.name(f.number)} as an "
                            f"enemy, as {ix.name(f.number)} names it (4.3.8)",
                            partial(_add_enemy, f.number),
                        )
                    )
    return out


def _add_enemy(number: int, tree: Any) -> bool:
    enemies = tree.get("enemies")
    if enemies is None:
        seq = CommentedSeq([number])
        seq.fa.set_flow_style()
        keys = list(tree.keys())
        at = keys.index("category") + 1 if "category" in keys else len(keys)
        tree.insert(at, "enemies", seq)
        return True
    if number in enemies:
        return False
    enemies.append(number)
    return True
