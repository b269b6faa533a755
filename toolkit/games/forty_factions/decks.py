"""The decks (rules 3.1, 3.2, 13.1): numbers, suits, Major Arcana order and numerals.

A "deck" is what one physical tarot deck supplies: the base game's cards, or
one expansion's (13.2.1.1: expansion cards come from a different deck so they
can be told apart). The Alleyman's Tarot is one deck for everything.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

import toolkit.games.forty_factions.canon as canon
from toolkit.core.diagnostics import Diagnostic, Note, error
from toolkit.games.forty_factions.game_models import Suit
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, NumberRange, Plot

_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
_NUMERAL = re.compile(r"0|[IVXLC]+")


def roman(numeral: str) -> int | None:
    """Value of a Roman numeral, additive (IIII, VIIII) or subtractive (IV, IX); 0 for "0"."""
    if numeral == "0":
        return 0
    if not re.fullmatch(r"[IVXLC]+", numeral) or re.search(r"(.)\1{4}", numeral):
        return None
    total = 0
    for i, ch in enumerate(numeral):
        v = _ROMAN[ch]
        nxt = _ROMAN[numeral[i + 1]] if i + 1 < len(numeral) else 0
        total += -v if v < nxt else v
    return total


def split_major(tarot: str) -> tuple[str, str] | None:
    """`XVIIII The Sun` -> (`XVIIII`, `The Sun`)."""
    head, _, rest = tarot.partition(" ")
    if not rest or not _NUMERAL.fullmatch(head):
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


def _check_duplicates(
    kind: str, cards: Sequence[Faction] | Sequence[Plot], ranges: Sequence[NumberRange]
) -> Iterator[Diagnostic]:
    for rng in ranges:
        used: dict[str, Faction | Plot] = {}
        for c in cards:
            if not rng.first <= c.number <= rng.last:
                continue
            key = c.tarot.casefold()
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
        yield error(
            f.loc_of("tarot"),
            "FF-DECK-SUIT",
            f"{f.tarot} is card {want} of the {suit.expansion} deck (suits run King, "
            f"Queen, Knight, Knave, Ten ... Ace from {suit.first}), but this is "
            f"{f.expansion} faction {f.number} (3.1, 13.1)",
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
            yield error(
                p.loc_of("tarot"),
                "FF-DECK-ARCANA",
                f"plot {p.number} is card {p.number - rng.first + 1} of its Major Arcana, so "
                f"it should be {decks.arcana[want]}, not {card} (3.2: I The Magician first, "
                "0 The Fool last)",
            )


_ARABIC = re.compile(r"\d+")
_QUALIFIER = re.compile(r"\s*(\([^)]*\)|,.*)$")  # "(b2)", ", Sigil", ", II" after the name


def _arcana_key(name: str) -> str:
    """`The Strength` and `Strength`, `Judgement` and `judgement`: one key."""
    name = name.strip().casefold()
    return name[4:] if name.startswith("the ") else name


def alleyman_numeral(ix: Index, card: str) -> tuple[str, int, str, int] | None:
    """An Alleyman's card written numeral first and naming a Major Arcana card: (numeral,
    its value, the card, the card's place in the Alleyman's order); None otherwise."""
    head, _, rest = card.partition(" ")
    value = roman(head) if _NUMERAL.fullmatch(head) else None
    if value is None and _ARABIC.fullmatch(head):
        value = int(head)
    if value is None or not rest:
        return None
    decks = ix.game.decks
    order = decks.alleyman_arcana or decks.arcana
    aliases = {_arcana_key(k): v for k, v in decks.arcana_aliases.items()}
    name = _QUALIFIER.sub("", rest)
    key = _arcana_key(aliases.get(_arcana_key(name), name))
    places = [i for i, n in enumerate(order) if _arcana_key(n) == key]
    if not places:
        return None
    return head, value, order[places[0]], places[0]


def check_alleyman_numerals(ix: Index) -> Iterator[Diagnostic]:
    """An Alleyman's card written numeral first carries the numeral of its Major Arcana card
    in the Alleyman's order (3.2, 13.1), as the plots' tarot numerals do (FF-DECK-NUMERAL)."""
    order = "the Alleyman's" if ix.game.decks.alleyman_arcana else "the"
    cards: list[Faction | Plot] = [*ix.faction_list, *ix.plot_list]
    for c in cards:
        hit = alleyman_numeral(ix, c.alleyman)
        if hit is None:
            continue
        numeral, value, card, place = hit
        if value != place:
            yield error(
                c.loc_of("alleyman"),
                "FF-DECK-ALLEYMAN-NUMERAL",
                f"'{c.alleyman}': {card} is card {place} of {order} Major Arcana, but it is "
                f"numbered {numeral}{'' if numeral.isdigit() else f' ({value})'}; correct it "
                "and record the printed card in `errata`",
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


def check_alleyman(ix: Index) -> Iterator[Diagnostic]:
    """One Alleyman's Tarot serves the whole game: no card of it stands for two cards."""
    used: dict[str, str] = {}
    cards: list[Faction | Plot] = [*ix.faction_list, *ix.plot_list]
    for c in cards:
        kind = "faction" if isinstance(c, Faction) else "plot"
        key = c.alleyman.casefold()
        if key in used:
            yield error(
                c.loc_of("alleyman"),
                "FF-DECK-ALLEYMAN",
                f"Alleyman's card '{c.alleyman}' already stands for {used[key]}",
            )
        else:
            used[key] = f"{kind} {c.number} ({c.name})"


def check(ix: Index) -> Iterator[Diagnostic]:
    """All deck rules."""
    decks = ix.game.decks
    yield from _check_numbers("faction", ix.faction_list, decks.faction_numbers)
    yield from _check_numbers("plot", ix.plot_list, decks.plot_numbers)
    yield from _check_duplicates("faction", ix.faction_list, decks.faction_numbers)
    yield from _check_duplicates("plot", ix.plot_list, decks.plot_numbers)
    yield from check_overlaps(ix)
    yield from check_suits(ix)
    yield from check_arcana(ix)
    yield from check_alleyman(ix)
    yield from check_alleyman_numerals(ix)
    yield from check_plot_expansions(ix)
