"""Checks on factions and heroes (rulebook p. 6, p. 13-14) and the balance report."""

from __future__ import annotations

from collections.abc import Iterator

import toolkit.games.worldspanner.canon as canon
from toolkit.check.rules import accepted
from toolkit.core.diagnostics import Diagnostic, Note, Severity, did_you_mean, error, warning
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.models import Hero


def check_rating_symbols(ix: Index) -> Iterator[Diagnostic]:
    """Each rating has its own symbol: no mark or rulebook glyph stands for two ratings (the
    player aid sets names beside symbols so that one reads the other, p. 6)."""
    for key in ("symbol", "glyph"):
        seen: dict[str, str] = {}
        for i, r in enumerate(ix.game.ratings):
            mark = getattr(r, key)
            if not mark:
                continue
            if mark in seen:
                yield error(
                    ix.game.loc_of("ratings", i, key),
                    "WS-RATING-SYMBOL",
                    f"{r.name}'s {key} {mark!r} is already {seen[mark]}'s; each rating "
                    "has its own symbol (a print that gives one symbol to two ratings "
                    "is corrected with an erratum quoting it)",
                )
            else:
                seen[mark] = r.name


Pair = tuple[str, str]  # (a faction, a faction it opposes), by id


def _stated_pairs(ix: Index) -> tuple[dict[str, list[str]], list[Diagnostic]]:
    """The opposing factions the rulebook states, by faction id (p. 14: Steel Bastion's, by
    their heroes), and an error for a faction or hero type it names that game.yaml lacks."""
    by_name = {f.name: f for f in ix.game.factions}
    by_heroes = {f.heroes: f for f in ix.game.factions}
    out: dict[str, list[str]] = {}
    missing: list[Diagnostic] = []
    for name, kinds in canon.STATED_OPPOSITION.items():
        lacking = [k for k in (name, *kinds) if k not in by_name and k not in by_heroes]
        if lacking or name not in by_name:
            missing.append(
                error(
                    ix.game.loc_of("factions"),
                    "WS-OPPOSE-STATED",
                    f"no faction of game.yaml is {' or '.join(lacking or [name])}, which "
                    f"{canon.STATED_OPPOSITION_SOURCE} names: 'Steel Bastion is home to "
                    f"Warriors. ... {canon.STATED_OPPOSITION_QUOTE}'",
                )
            )
            continue
        out[by_name[name].id] = [by_heroes[k].id for k in kinds]
    return out, missing


def _stated_findings(ix: Index) -> tuple[dict[str, list[Diagnostic]], set[Pair], set[Pair]]:
    """WS-OPPOSE-STATED, by faction id: a stated faction opposing another than the rulebook
    names, or not one it names; with the pairs that are wrong (named here, not by the
    rulebook) and those missing (named by the rulebook, not here), whose one-way warnings
    are notes under the faction's first error ("" holds a stated faction game.yaml lacks)."""
    stated, missing = _stated_pairs(ix)
    out: dict[str, list[Diagnostic]] = {"": missing}
    wrong: set[Pair] = set()
    lacking: set[Pair] = set()
    for fid, want in stated.items():
        f = ix.factions[fid]
        named = " and ".join(f"{ix.faction_name(o)} ({ix.factions[o].heroes})" for o in want)
        says = (
            f"{canon.STATED_OPPOSITION_SOURCE} names its opposing factions: {named} "
            f"('{canon.STATED_OPPOSITION_QUOTE}')"
        )
        lacking |= {(fid, o) for o in want if o not in f.opposing}
        found = out.setdefault(fid, [])
        for i, o in enumerate(f.opposing):
            if o in want or o not in ix.factions or o == fid:
                continue  # a faction not there, or itself: WS-REF's, WS-OPPOSE's
            wrong.add((fid, o))
            found.append(
                error(
                    f.loc_of("opposing", i),
                    "WS-OPPOSE-STATED",
                    f"{f.name} opposes {ix.faction_name(o)} here, but {says}",
                )
            )
        if not found and any(p[0] == fid for p in lacking):
            found.append(
                error(
                    f.loc_of("opposing"), "WS-OPPOSE-STATED", f"{f.name}'s list lacks one: {says}"
                )
            )
    return out, wrong, lacking


def check_factions(ix: Index) -> Iterator[Diagnostic]:
    """Each faction opposes exactly two others (p. 14), as the rulebook states them where it
    does; opposition should be mutual. A one-way opposition that a stated faction's wrong
    list makes is a note under that faction's error, not a warning of its own."""
    factions = ix.factions
    stated, wrong, lacking = _stated_findings(ix)
    # a waived stated opposition is a house rule: the one-way ones it makes are warnings again
    house_rules = {
        fid for fid, found in stated.items() if any(accepted(ix.game, d.code, d.loc) for d in found)
    }
    notes: dict[str, list[Note]] = {}
    for f in ix.game.factions:
        if len(f.opposing) != canon.OPPOSING or len(set(f.opposing)) != len(f.opposing):
            yield error(
                f.loc_of("opposing"),
                "WS-OPPOSE",
                f"{f.name} lists {len(set(f.opposing))} different opposing factions; "
                f"heroes have exactly {canon.OPPOSING} (p. 14)",
            )
        for i, o in enumerate(f.opposing):
            if o == f.id:
                yield error(
                    f.loc_of("opposing", i),
                    "WS-OPPOSE",
                    f"{f.name} cannot oppose itself: it is its heroes' home (p. 14)",
                )
            elif o not in factions:
                yield error(
                    f.loc_of("opposing", i),
                    "WS-REF",
                    f"opposing faction '{o}' is not a faction of game.yaml "
                    f"({', '.join(factions)}){did_you_mean(o, factions)}",
                )
            elif f.id not in factions[o].opposing:
                other = factions[o].name
                one_way = f"{f.name} opposes {other}, but {other} does not oppose {f.name}"
                cause = (f.id, o) if (f.id, o) in wrong else (o, f.id)
                if (cause in wrong or cause in lacking) and cause[0] not in house_rules:
                    notes.setdefault(cause[0], []).append(Note(one_way, f.loc_of("opposing", i)))
                else:
                    yield warning(f.loc_of("opposing", i), "WS-OPPOSE-MUTUAL", one_way)
    for fid, found in stated.items():
        for i, d in enumerate(found):
            yield d.with_notes(notes.get(fid, [])) if i == 0 else d


def check_heroes(ix: Index) -> Iterator[Diagnostic]:
    """Every hero: home faction, ratings in range, health, natures, bonuses, set, value."""
    seen: dict[str, str] = {}
    for h in ix.heroes:
        if h.name in seen:
            yield error(h.loc_of("name"), "WS-UNIQUE", f"hero '{h.name}' is also {seen[h.name]}")
        seen.setdefault(h.name, h.loc.path)
        yield from _hero_home(ix, h)
        yield from _hero_ratings(ix, h)
        yield from _hero_traits(ix, h)
    yield from check_balance(ix)


def _hero_home(ix: Index, h: Hero) -> Iterator[Diagnostic]:
    """The hero's home faction exists, and is in the game by the hero's set (p. 6)."""
    factions = ix.factions
    home = factions.get(h.faction)
    if home is None:
        yield error(
            h.loc_of("faction"),
            "WS-REF",
            f"home faction '{h.faction}' is not a faction of game.yaml "
            f"({', '.join(factions)}){did_you_mean(h.faction, factions)}",
        )
    elif h.set < home.set:
        yield error(
            h.loc_of("set"),
            "WS-HERO-SET",
            f"{h.name} is in Set {h.set}, but {home.name} ({home.heroes}) first "
            f"comes in Set {home.set} (p. 6)",
        )


def _hero_ratings(ix: Index, h: Hero) -> Iterator[Diagnostic]:
    """Every rating the hero gives is one, within its range (p. 6); none is missing."""
    game = ix.game
    ratings = {r.id: r for r in game.ratings}
    for rid, value in h.ratings.items():
        r = ratings.get(rid)
        if r is None:
            yield error(
                h.loc_of("ratings", rid),
                "WS-HERO-RATING",
                f"'{rid}' is not a hero rating (ratings: {', '.join(ratings)})",
            )
        elif not r.min <= value <= r.max:
            yield error(
                h.loc_of("ratings", rid),
                "WS-HERO-RATING",
                f"{h.name}'s {r.name} is {value}; {r.name} is rated {r.min} to {r.max} (p. 6)",
            )
    missing = [r.name for r in game.ratings if r.id not in h.ratings]
    if missing:
        yield error(
            h.loc_of("ratings"),
            "WS-HERO-RATING",
            f"{h.name} has no {', '.join(missing)}: a hero card shows every rating",
        )


def _hero_traits(ix: Index, h: Hero) -> Iterator[Diagnostic]:
    """The hero's Health within game.yaml's range, one Nature or two different ones (p. 6),
    and bonus symbols that exist (p. 12)."""
    game = ix.game
    lo, hi = game.health
    if not lo <= h.health <= hi:
        yield error(
            h.loc_of("health"),
            "WS-HERO-HEALTH",
            f"{h.name}'s Health is {h.health}; game.yaml allows {lo} to {hi}",
        )
    if len(h.natures) > game.max_natures or len(set(h.natures)) != len(h.natures):
        yield error(
            h.loc_of("natures"),
            "WS-HERO-NATURE",
            f"{h.name} has natures {h.natures}: one Nature, or two different ones (p. 6)",
        )
    for i, n in enumerate(h.natures):
        if n not in game.natures:
            yield error(
                h.loc_of("natures", i),
                "WS-HERO-NATURE",
                f"'{n}' is not a Nature ({', '.join(game.natures)})",
            )
    bonuses = {b for g in game.bonus_groups for b in g.bonuses}
    for i, b in enumerate(h.bonuses):
        if b not in bonuses:
            yield error(
                h.loc_of("bonuses", i),
                "WS-REF",
                f"'{b}' is not a bonus symbol (p. 12: {', '.join(sorted(bonuses))})",
            )


def check_balance(ix: Index) -> Iterator[Diagnostic]:
    """The cost model names what exists; heroes far from the target value are flagged."""
    b = ix.game.balance
    known = {r.id for r in ix.game.ratings} | {"health"}
    model_ok = True
    for key in b.weights:
        if key not in known:
            model_ok = False
            yield error(
                b.loc_of("weights", key),
                "WS-BALANCE-MODEL",
                f"weight for '{key}', which is neither a rating nor `health`",
            )
    for key in b.loot:
        if key not in {loot.id for loot in ix.game.loot}:
            model_ok = False
            yield error(
                b.loc_of("loot", key),
                "WS-BALANCE-MODEL",
                f"loot weight for '{key}', which is not a start-loot symbol",
            )
    if not model_ok:
        return
    for h in ix.heroes:
        v = ix.value(h)
        if abs(v - b.target) > b.tolerance:
            side = "over" if v > b.target else "under"
            yield Diagnostic(
                h.loc_of("ratings"),
                Severity.WARNING,
                "WS-BALANCE",
                f"{h.name} is worth {v:.1f}, {abs(v - b.target):.1f} {side} the "
                f"target {b.target:g} (tolerance {b.tolerance:g}); all heroes "
                "are equal in value (p. 6)",
            )
