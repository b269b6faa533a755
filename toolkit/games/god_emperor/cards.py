"""The God Emperor's card backs and minion cards, as the card template prints them.

Each House draws from a minion deck of its own (L470), and the Houses of a province share an
Underground table (L496), where their minions are played, discarded and mixed: so each
House's minions carry a back of their own, in its colour with its name and its crest (the
mark its counters carry, unique among the Houses: the decks part in black and white too).
No file I/O here.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.core.marks import is_placeholder
from toolkit.games.god_emperor.components import minion_copies
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.models import Underground
from toolkit.model.marks import marks, unique

BEATS = {"rock": "Scissors", "scissors": "Paper", "paper": "Rock"}  # L482-484


@dataclass(frozen=True)
class Back:
    title: str
    colour: str
    house: str = ""  # a House's own minion back: its name, and its crest's mark
    crest: str = ""


@dataclass(frozen=True)
class MinionView:
    kind: str  # rock, paper, scissors: the template tells minions by exclusion
    colour: str
    beats: str
    house: str
    master: bool
    play: str = ""  # a Master Minion's play (`master_play`), dagger-marked while a placeholder
    placeholders: tuple[str, ...] = ()
    house_colour: str = ""  # the House's colour and crest, as on its minions' back: the
    crest: str = ""  # crest is generated from its name (the card says so), not the game's art


def emblems(names: list[str]) -> tuple[str, ...]:
    """A generated emblem's monogram for each favor faction: the initials of its name's
    capitalised words (a leading "The" left out), two at most, where that tells every
    faction apart; else the marks that do (`toolkit.model.marks.marks`)."""
    found = []
    for name in names:
        words = name.split()
        if len(words) > 1 and words[0].lower() == "the":
            words = words[1:]
        found.append("".join(w[0] for w in words if w[:1].isupper())[:2])
    return tuple(found) if unique(found) else marks(names)


def minion_backs(ix: Index) -> dict[str, Back]:
    """Each House's minion back, by House id."""
    crests = marks([h.name for h in ix.game.houses])
    return {
        h.id: Back("MINION", h.colour, h.name, crest)
        for h, crest in zip(ix.game.houses, crests, strict=True)
    }


def minion_cards(ix: Index, ug: Underground) -> tuple[tuple[MinionView, Back], ...]:
    """Every minion card printed, House by House (each copy of its deck, its Master Minions
    after), with its House's back. A Master Minion prints how it plays (`master_play`): the
    rules call it more powerful (L534) and never say how, so it is marked while a
    placeholder."""
    backs = minion_backs(ix)
    held = ("play",) if is_placeholder(ug, "master_play") else ()
    return tuple(
        (
            MinionView(
                m.kind,
                m.colour,
                BEATS[m.kind],
                h.name,
                m.master,
                ug.master_play if m.master else "",
                held if m.master else (),
                h.colour,
                backs[h.id].crest,
            ),
            backs[h.id],
        )
        for h in ix.game.houses
        for _deck in range(minion_copies(ix, h.id))
        for m in (*ug.deck, *ug.masters)
        for _ in range(m.count)
    )
