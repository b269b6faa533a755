"""`toolkit rename forty-factions OLD NEW`: a faction or plot renumbered or renamed.

OLD is a card's file name or slug (`050-guild-of-caravanserai`, `guild-of-caravanserai`),
its name, or `faction:50` / `plot:50` (a bare number when only one kind has it). NEW is a
number (the card is renumbered, and every reference to it follows: enemies, party leaders,
pawn colours, the side boards) or a name (the card is renamed). Either way its file is
renamed to `NNN-<slug>.yaml` (FF-FILE-NAME).
"""

from __future__ import annotations

from pathlib import Path

from toolkit.check.file_names import numbered_stem, slug
from toolkit.edit.fixes import Fix, uncite
from toolkit.edit.rename import RenameError, Renaming, values_at
from toolkit.games.forty_factions.decks import range_of
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, Plot
from toolkit.games.forty_factions.references import Found, walk
from toolkit.games.forty_factions.scaffold import additive_roman
from toolkit.model.content import ContentSet


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
        raise RenameError(
            f"'{old}' names {what}: give a file name, a slug, a name, or faction:N / plot:N"
        )
    return hits[0]


def plan_rename(content: ContentSet, old: str, new: str) -> Renaming:
    """Renumber or rename one faction or plot, and every reference to it."""
    ix = Index.build(content)
    if ix is None:
        raise RenameError("game.yaml did not load: check the content first")
    card = _find(ix, old)
    kind = "faction" if isinstance(card, Faction) else "plot"
    number, name = card.number, card.name
    renumber = _new_number(kind, old, new)
    if renumber is not None:
        number = renumber
        fixes, said = _renumbered(ix, content, kind, card, number)
    else:
        name = new
        fixes, said = _renamed(ix, kind, card, new)
    path = Path(card.loc.path)
    to = path.with_name(numbered_stem(number, name) + path.suffix)
    moves = ((path, to),) if to != path else ()
    return Renaming(tuple(fixes), moves, tuple(said))


def _renumbered(
    ix: Index, content: ContentSet, kind: str, card: Faction | Plot, number: int
) -> tuple[list[Fix], list[str]]:
    """The fixes that give `card` its new `number` (its references, its tarot card, its
    sources), and what to say about them."""
    taken = ix.factions if kind == "faction" else ix.plots
    if number in taken:
        raise RenameError(f"{kind} {number} exists already ({taken[number].name})")
    _within_range(ix, kind, card, number)
    found = Found(ix, kind, card.number)
    walk(found, ix, content)
    fixes = values_at(
        [card.loc_of("number"), *found.at], number, f"{kind} {card.number} is now {number}"
    )
    said = [
        f"{kind} {card.number} ({card.name}) is now {number}: its number and "
        f"{len(found.at)} reference(s) to it",
        f"{kind} {card.number} is free now: until a card takes it, `toolkit "
        "check` says it is missing (FF-DECK-MISSING)",
    ]
    tarot = _card_for(ix, card, number)
    if tarot != card.tarot:  # its card follows its number (3.1, 3.2)
        fixes += values_at([card.loc_of("tarot")], tarot, f"{kind} {number} stands for {tarot}")
        said.append(f"its card follows its number: {card.tarot} is now {tarot} (3.1, 3.2)")
        moved = uncite(card, "tarot", "`tarot` is the designer's: from sources to placeholders")
        if moved is not None:  # the rules' line gives the card of the old number
            fixes.append(moved)
    moved = uncite(card, "number", "`number` is the designer's: from sources to placeholders")
    if moved is not None:
        fixes.append(moved)
        said.append(
            f"its `sources` gives {card.number} as the rules' number: a "
            "renumbered card's number is the designer's (`number` moves to "
            "`placeholders`)"
        )
    return fixes, said


def _renamed(ix: Index, kind: str, card: Faction | Plot, new: str) -> tuple[list[Fix], list[str]]:
    """The fixes that give `card` its new name `new` (and its sources), and what to say
    about them."""
    same = [
        c
        for c in (ix.faction_list if kind == "faction" else ix.plot_list)
        if c is not card and c.name.casefold() == new.casefold()
    ]
    if same:
        raise RenameError(f"{kind} {same[0].number} is named '{same[0].name}' already")
    fixes = values_at([card.loc_of("name")], new, f"{kind} {card.number} is now '{new}'")
    said = [
        f"{kind} {card.number}: '{card.name}' is now '{new}' (the content refers "
        "to it by number; its sheet and card print the new name)"
    ]
    moved = uncite(card, "name", "`name` is the designer's: from sources to placeholders")
    if moved is not None:
        fixes.append(moved)
        said.append(
            f"its `sources` gives '{card.name}' as the rules' name: a renamed "
            "card's name is the designer's (`name` moves to `placeholders`)"
        )
    return fixes, said


def _new_number(kind: str, old: str, new: str) -> int | None:
    """NEW as a number (`47`, or `faction:47` for a faction), or None for a name."""
    head, colon, tail = new.partition(":")
    if colon and head in ("faction", "plot") and tail.isdigit():
        if head != kind:
            raise RenameError(f"'{old}' is a {kind}: it cannot become {head} {tail}")
        return int(tail)
    if new.isdigit():
        return int(new)
    if old.partition(":")[0] in ("faction", "plot"):  # `faction:42 abc`: a number was meant
        raise RenameError(
            f"'{new}' is not a number: {old} is renumbered to a number "
            f"(`{kind}:N` or `N`); to rename it, give its name or file slug"
        )
    return None


def _within_range(ix: Index, kind: str, card: Faction | Plot, number: int) -> None:
    """A card is renumbered within its expansion's numbers (13.1): its expansion stays."""
    decks = ix.game.decks
    ranges = decks.faction_numbers if kind == "faction" else decks.plot_numbers
    own = [r for r in ranges if card.expansion in r.expansions]
    if not own or any(r.first <= number <= r.last for r in own):
        return
    taken = ix.factions if kind == "faction" else ix.plots
    free = [n for r in own for n in range(r.first, r.last + 1) if n not in taken]
    spans = ", ".join(f"{r.first}-{r.last}" for r in own)
    choose = f"choose a free one ({', '.join(map(str, free[:8]))})" if free else "all are taken"
    raise RenameError(
        f"{kind} {number} is outside {card.expansion}'s {kind} numbers ({spans}, 13.1): a "
        f"renumbered card keeps its expansion, so {choose}; to move it to another expansion, "
        f"change its `expansion:` and game.yaml's `{kind}_numbers` by hand"
    )


def _card_for(ix: Index, card: Faction | Plot, number: int) -> str:
    """The tarot card `number` stands for in the card's expansion: a rank of its suit
    (King ... Ace, 3.1) or a Major Arcana card (I The Magician first, 0 The Fool last,
    3.2); a Promo card keeps the Promo card (13.1.4), and a card that was not its number's
    own keeps it (`toolkit check` says why)."""

    decks = ix.game.decks
    if isinstance(card, Faction):
        if card.tarot == decks.promo_card:
            return card.tarot
        own = [s for s in decks.suits if s.expansion == card.expansion]

        def suit_card(n: int) -> str | None:
            for s in own:
                if s.first <= n < s.first + len(decks.ranks):
                    return f"{decks.ranks[n - s.first]} of {s.name}"
            return None

        if suit_card(card.number) != card.tarot:
            return card.tarot
        new = suit_card(number)
        if new is None:
            raise RenameError(
                f"no {card.expansion} suit numbers {number} (game.yaml's "
                "`decks.suits`): add it first, or choose a number one of "
                "its suits covers"
            )
        return new
    rng, old_rng = (range_of(decks.plot_numbers, card.expansion, n) for n in (number, card.number))
    if rng is None or old_rng is None:
        return card.tarot

    def arcana_card(n: int, first: int) -> str:
        index = (n - first + 1) % len(decks.arcana)
        return f"{additive_roman(index)} {decks.arcana[index]}"

    if arcana_card(card.number, old_rng.first) != card.tarot:
        return card.tarot
    return arcana_card(number, rng.first)
