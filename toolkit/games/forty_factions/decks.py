"""The decks (rules 3.1, 3.2, 13.1): numbers, suits, Major Arcana order and numerals.

A "deck" is what one physical tarot deck supplies: the base game's cards, or
one expansion's (13.2.1.1: expansion cards come from a different deck so they
can be told apart). The Alleyman's Tarot is one deck for everything.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence

import toolkit.games.forty_factions.canon as canon
from toolkit.core.diagnostics import Diagnostic, Note, error
from toolkit.games.forty_factions.alleyman import (
    NUMERAL,
    check_alleyman,
    check_alleyman_numerals,
    roman,
)
from toolkit.games.forty_factions.game_models import Suit
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, NumberRange, Plot


def split_major(tarot: str) -> tuple[str, str] | None:
    """`XVIIII The Sun` -> (`XVIIII`, `The Sun`)."""
    head, _, rest = tarot.partition(" ")
    if not rest or not NUMERAL.fullmatch(head):
        return None
    return head, rest


def _ranges_of(ranges: Sequence[NumberRange], expansion: str) -> list[NumberRange]:
    """An expansion's ranges: one as published (13.1), more as a designer adds cards."""
    return [r for r in ranges if expansion in r.expansions]


def range_of(ranges: Sequence[NumberRange], expansion: str, number: int) -> NumberRange | None:
    """The expansion's range holding `number` (its first range when none does)."""
    own = _ranges_of(ranges, expansion)
    return next((r for r in own if r.first <= number <= r.last), own[0] if own else None)


def _check_numbers(
    kind: str, cards: Sequence[Faction] | Sequence[Plot], ranges: Sequence[NumberRange]
) -> Iterator[Diagnostic]:
    seen: dict[int, Faction | Plot] = {}
    for c in cards:
        if c.number in seen:
            first = seen[c.number]
            yield error(
                c.loc_of("number"),
                "FF-DECK-NUMBER",
                f"{kind} number {c.number} is used twice: also by '{first.name}' "
                f"({first.loc.path})",
            )
            continue
        seen[c.number] = c
        own = _ranges_of(ranges, c.expansion)
        if own and not any(r.first <= c.number <= r.last for r in own):
            yield error(
                c.loc_of("number"),
                "FF-DECK-RANGE",
                f"{kind} {c.number} is in {c.expansion}, whose {kind}s are numbered "
                f"{', '.join(f'{r.first}-{r.last}' for r in own)} (13.1)",
            )
    for rng in ranges:
        missing = [n for n in range(rng.first, rng.last + 1) if n not in seen]
        if missing:
            shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
            yield error(
                rng.loc,
                "FF-DECK-MISSING",
                f"{'+'.join(rng.expansions)} {kind}s {rng.first}-{rng.last}: no file for {shown}",
            )


def _twins(
    cards: Sequence[Faction] | Sequence[Plot], ranges: Sequence[NumberRange], card: Faction | Plot
) -> list[Faction | Plot]:
    """The other cards of `card`'s deck (a range holding its number) with its tarot card."""
    own = [r for r in ranges if r.first <= card.number <= r.last]
    key = card.tarot.casefold()
    return [
        c
        for c in cards
        if c is not card
        and c.tarot.casefold() == key
        and any(r.first <= c.number <= r.last for r in own)
    ]


def _twin_notes(twins: Sequence[Faction | Plot], card: Faction | Plot) -> tuple[Note, ...]:
    """Notes for the cards `card` now shares its tarot card with, which are right."""
    return tuple(
        Note(
            f"{t.name} ({t.number}) is {card.tarot}, as its number says: it needs no change",
            t.loc_of("tarot"),
        )
        for t in twins
    )


def _check_duplicates(
    kind: str,
    cards: Sequence[Faction] | Sequence[Plot],
    ranges: Sequence[NumberRange],
    in_place: Callable[[Faction | Plot], bool | None],
) -> Iterator[Diagnostic]:
    """No tarot card twice in one deck, told at the second holder. When that one sits where
    its number puts it and the first does not, the first is the value at fault: its
    FF-DECK-SUIT or FF-DECK-ARCANA error names the right one as a note, and no error lands
    on the correct file."""
    for rng in ranges:
        used: dict[str, Faction | Plot] = {}
        for c in cards:
            if not rng.first <= c.number <= rng.last:
                continue
            key = c.tarot.casefold()
            if key in used and in_place(c) is True and in_place(used[key]) is False:
                continue
            if key in used:
                yield error(
                    c.loc_of("tarot"),
                    "FF-DECK-TAROT",
                    f"tarot card '{c.tarot}' is used twice in the {'+'.join(rng.expansions)} "
                    f"{kind} deck: also by {used[key].name} ({used[key].number})",
                )
            else:
                used[key] = c


def _foreign(
    rng: NumberRange, numbers: range, cards: Mapping[int, Faction] | Mapping[int, Plot]
) -> Faction | Plot | None:
    """The first card in `numbers` that `rng` takes in but another expansion's card holds."""
    return next(
        (cards[n] for n in numbers if n in cards and cards[n].expansion not in rng.expansions),
        None,
    )


def _overlaps(
    kind: str,
    ranges: Sequence[NumberRange],
    cards: Mapping[int, Faction] | Mapping[int, Plot],
) -> Iterator[Diagnostic]:
    for i, rng in enumerate(ranges):
        for other in ranges[:i]:
            shared = range(max(rng.first, other.first), min(rng.last, other.last) + 1)
            if not shared:
                continue
            # the range at fault is the one taking in another expansion's card (FgF from
            # 100 takes in Pirates, a Promo card); when neither does, the later one
            late, early = (rng, other)
            if _foreign(rng, shared, cards) is None and _foreign(other, shared, cards):
                late, early = other, rng
            held = _foreign(late, shared, cards)
            end = "first" if early.first <= late.first <= early.last else "last"
            span = f"{shared[0]}" if len(shared) == 1 else f"{shared[0]}-{shared[-1]}"
            card = f", the number of {held.name} ({held.number}, {held.expansion})" if held else ""
            yield error(
                late.loc_of(end),
                "FF-DECK-OVERLAP",
                f"{'+'.join(late.expansions)} {kind}s {late.first}-{late.last} overlap "
                f"{'+'.join(early.expansions)} {kind}s {early.first}-{early.last} at "
                f"{span}{card}; each expansion numbers its cards in a range of its own (13.1)",
            )


def check_overlaps(ix: Index) -> Iterator[Diagnostic]:
    """No number lies in two ranges of factions, or of plots (13.1: each expansion's cards
    are numbered on from the last's)."""
    decks = ix.game.decks
    yield from _overlaps("faction", decks.faction_numbers, ix.factions)
    yield from _overlaps("plot", decks.plot_numbers, ix.plots)


def faction_in_place(ix: Index, f: Faction | Plot) -> bool | None:
    """Whether a faction's suit card is the one its number names (3.1, 13.1); None when it
    is no card of the game's suits."""
    decks = ix.game.decks
    m = re.fullmatch(r"(\w+) of (\w+)", f.tarot)
    suit = next((s for s in decks.suits if m and s.name == m[2]), None)
    if m is None or suit is None or m[1] not in decks.ranks:
        return None
    return f.number == suit.first + decks.ranks.index(m[1]) and f.expansion == suit.expansion


def plot_in_place(ix: Index, p: Faction | Plot) -> bool | None:
    """Whether a plot's Major Arcana card is the one its number names (3.2, 13.1); None when
    that cannot be told."""
    decks = ix.game.decks
    parts = split_major(p.tarot)
    rng = range_of(decks.plot_numbers, p.expansion, p.number)
    if parts is None or parts[1] not in decks.arcana or rng is None:
        return None
    return decks.arcana.index(parts[1]) == (p.number - rng.first + 1) % canon.ARCANA_SIZE


def check_suits(ix: Index) -> Iterator[Diagnostic]:
    """Each suit numbered King, Queen, Knight, Knave, Ten ... Ace from its first card (3.1)."""
    decks = ix.game.decks
    suits = {s.name: s for s in decks.suits}
    if len(decks.ranks) != canon.SUIT_SIZE:
        yield error(
            decks.loc_of("ranks"),
            "FF-CANON",
            f"a suit has {canon.SUIT_SIZE} ranks (3.1), not {len(decks.ranks)}",
        )
    off: dict[str, list[tuple[Faction, int]]] = {}  # a suit's factions out of place
    members: dict[str, int] = {}  # how many factions each suit numbers
    for f in ix.faction_list:
        if f.expansion == "Promo" or f.tarot == decks.promo_card:
            if f.tarot != decks.promo_card:
                yield error(
                    f.loc_of("tarot"),
                    "FF-DECK-SUIT",
                    f"a Promo card stands for '{decks.promo_card}' (13.1.4), not '{f.tarot}'",
                )
            continue
        m = re.fullmatch(r"(\w+) of (\w+)", f.tarot)
        suit = suits.get(m[2]) if m else None
        if m is None or suit is None or m[1] not in decks.ranks:
            yield error(
                f.loc_of("tarot"),
                "FF-DECK-SUIT",
                f"'{f.tarot}' is not a Minor Arcana card of the game's suits "
                f"({', '.join(suits)}) and ranks (King ... Ace)",
            )
            continue
        want = suit.first + decks.ranks.index(m[1])
        if f.number != want or f.expansion != suit.expansion:
            off.setdefault(suit.name, []).append((f, want))
        members[suit.name] = members.get(suit.name, 0) + 1
    for name, wrong in off.items():
        yield from _suit_findings(ix, suits[name], wrong, members[name])


def _suit_findings(
    ix: Index, suit: Suit, wrong: list[tuple[Faction, int]], members: int
) -> Iterator[Diagnostic]:
    """The factions of one suit whose numbers disagree with it. When every one of them (two
    or more) is out by the same count, in the suit's own expansion, the suit's first card is
    the value at fault: one error there, each faction a note under it (one root cause, not
    a finding in each correct file)."""
    decks = ix.game.decks
    starts = {f.number - (want - suit.first) for f, want in wrong}
    if len(wrong) == members >= 2 and len(starts) == 1:
        (start,) = starts
        if all(f.expansion == suit.expansion for f, _ in wrong):
            i = decks.suits.index(suit)
            yield error(
                decks.loc_of("suits", i, "first"),
                "FF-DECK-SUIT",
                f"{suit.name} starts at {suit.first} here, but its {members} factions are "
                f"numbered from {start} (suits run King, Queen, ... Ace from the first; 3.1, "
                "13.1): check this value",
                notes=tuple(
                    Note(f"{f.tarot} is faction {f.number}", f.loc_of("number")) for f, _ in wrong
                ),
            )
            return
    for f, want in wrong:
        twins = _twins(ix.faction_list, decks.faction_numbers, f)
        yield error(
            f.loc_of("tarot"),
            "FF-DECK-SUIT",
            f"{f.tarot} is card {want} of the {suit.expansion} deck (suits run King, "
            f"Queen, Knight, Knave, Ten ... Ace from {suit.first}), but this is "
            f"{f.expansion} faction {f.number} (3.1, 13.1)",
            notes=_twin_notes([t for t in twins if faction_in_place(ix, t)], f),
        )


def check_arcana(ix: Index) -> Iterator[Diagnostic]:
    """Numerals match the cards, and each plot range is one Major Arcana in order (3.2, 13.1)."""
    decks = ix.game.decks
    if len(decks.arcana) != canon.ARCANA_SIZE:
        return  # the schema already requires 22 names
    for rng in decks.plot_numbers:
        if rng.last - rng.first + 1 != canon.ARCANA_SIZE:
            yield error(
                rng.loc_of("last"),
                "FF-DECK-RANGE",
                f"plots {rng.first}-{rng.last} should be one Major Arcana of "
                f"{canon.ARCANA_SIZE} cards (13.1)",
            )
    for p in ix.plot_list:
        parts = split_major(p.tarot)
        if parts is None or parts[1] not in decks.arcana:
            yield error(
                p.loc_of("tarot"),
                "FF-DECK-NUMERAL",
                f"'{p.tarot}' is not a Major Arcana card written numeral first, as "
                "'VI The Lovers' (3.2)",
            )
            continue
        numeral, card = parts
        index = decks.arcana.index(card)
        if roman(numeral) != index:
            yield error(
                p.loc_of("tarot"),
                "FF-DECK-NUMERAL",
                f"{card} is Major Arcana {index}, but its numeral {numeral} reads "
                f"{roman(numeral)}; correct it and record the printed value in `errata`",
            )
        rng = range_of(decks.plot_numbers, p.expansion, p.number)
        if rng is None:
            continue
        want = (p.number - rng.first + 1) % canon.ARCANA_SIZE
        if index != want:
            twins = _twins(ix.plot_list, decks.plot_numbers, p)
            yield error(
                p.loc_of("tarot"),
                "FF-DECK-ARCANA",
                f"plot {p.number} is card {p.number - rng.first + 1} of its Major Arcana, so "
                f"it should be {decks.arcana[want]}, not {card} (3.2: I The Magician first, "
                "0 The Fool last)",
                notes=_twin_notes([t for t in twins if plot_in_place(ix, t)], p),
            )


def check_plot_expansions(ix: Index) -> Iterator[Diagnostic]:
    """Plots 23-44 are one Major Arcana shared by 50F, SC and DD: each plot belongs to the
    expansion whose table lists it (13.1.1-13.1.3), which its number cannot tell."""
    for p in ix.plot_list:
        listed = canon.PLOT_EXPANSIONS.get(p.number)
        if listed is not None and p.expansion != listed:
            yield error(
                p.loc_of("expansion"),
                "FF-DECK-EXPANSION",
                f"plot {p.number} ({p.name}) is listed among the {listed} plots (13.1.1-13.1.3), "
                f"not {p.expansion}",
            )


def check(ix: Index) -> Iterator[Diagnostic]:
    """All deck rules."""
    decks = ix.game.decks
    yield from _check_numbers("faction", ix.faction_list, decks.faction_numbers)
    yield from _check_numbers("plot", ix.plot_list, decks.plot_numbers)
    yield from _check_duplicates(
        "faction", ix.faction_list, decks.faction_numbers, lambda c: faction_in_place(ix, c)
    )
    yield from _check_duplicates(
        "plot", ix.plot_list, decks.plot_numbers, lambda c: plot_in_place(ix, c)
    )
    yield from check_overlaps(ix)
    yield from check_suits(ix)
    yield from check_arcana(ix)
    yield from check_alleyman(ix)
    yield from check_alleyman_numerals(ix)
    yield from check_plot_expansions(ix)
