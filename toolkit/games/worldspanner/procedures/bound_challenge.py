"""The Worldspanner procedures of a challenge and an adventure (p. 7, p. 10, p. 14-19, p. 22),
bound to the content: the challenge card, damage, cover, dismissal, Faction Tasks, card draws
and the Virtue bonus. The arithmetic is in `challenge`; here each gets its parameters,
checked against the content's decks and faces, and its rule.
"""

from __future__ import annotations

import re

import toolkit.games.worldspanner.procedures.challenge as ch
from toolkit.check.procedures import Param, ParamError, Procedure, Result, Step
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.models import ChallengeCard, ChallengeDeck, Game

RELATIONS = ("home", "opposing", "none")


def bound(ix: Index) -> list[Procedure]:
    """The challenge and adventure procedures, bound to the content; the challenge and
    Damage share the challenge card's printed statement."""
    g = ix.game
    statement = ch.challenge_statement(g.challenge)
    return [
        _challenge(ix, statement),
        _wounds(g, statement),
        _stealth(g),
        _dismiss(),
        _task(g),
        _card_draws(g),
        _virtue_bonus(),
    ]


def _challenge(ix: Index, statement: tuple[Step, ...]) -> Procedure:
    """p. 14, p. 18, p. 22: the difference read on a challenge card, and a drawn card's face."""
    c = ix.game.challenge
    decks = {d.team: d for d in ix.challenges}

    def run(rating: int, opposing: int, deck: str | None = None, card: int | None = None) -> Result:
        drawn = _drawn(decks, deck, card)
        return ch.challenge(c, rating, opposing, drawn, f"{deck} card {card}" if drawn else "")

    return Procedure(
        "challenge",
        "A challenge",
        "p. 14, p. 18, p. 22",
        "the difference read on a challenge card; with a card drawn, its face, Hit, Luck and Domes",
        (
            Param("rating", "the hero's rating, bonuses included", low=-20, high=30),
            Param("opposing", "the opposing rating (a card's, or the target's)", low=-20, high=30),
            Param(
                "deck",
                "the challenge deck drawn from",
                "choice",
                optional=True,
                choices=tuple(decks),
            ),
            Param(
                "card",
                "the card drawn, by its place in the deck file (1 first)",
                optional=True,
                low=1,
                high=99,
            ),
        ),
        run,
        statement,
    )


def _drawn(
    decks: dict[str, ChallengeDeck], deck: str | None, card: int | None
) -> ChallengeCard | None:
    """The card `card` of the `deck` deck (1 first), None when neither is given."""
    if (deck is None) != (card is None):
        raise ParamError(
            "card" if card is None else "deck",
            "give both deck= and card= to read a card, or neither",
        )
    if deck is None or card is None:
        return None
    cards = decks[deck].cards
    if card > len(cards):
        raise ParamError("card", f"the {deck} deck has {len(cards)} cards")
    return cards[card - 1]


def _wounds(g: Game, statement: tuple[Step, ...]) -> Procedure:
    """p. 18: the wounds a hit causes."""
    c = g.challenge
    return Procedure(
        "wounds",
        "Damage",
        "p. 18",
        "the wounds a hit causes, from the weapon's Wound rating and the Damage face",
        (
            Param("wound", "the weapon's Wound rating", low=0, high=9),
            Param(
                "face",
                "the face of the Damage challenge",
                "choice",
                choices=tuple(o.id for o in c.outcomes),
            ),
        ),
        lambda wound, face: ch.wounds(c, wound, face),
        statement,
    )


def _stealth(g: Game) -> Procedure:
    """p. 19: a ranged target's Stealth with the cover the line of sight touches."""
    return Procedure(
        "stealth",
        "Cover against a shot",
        "p. 19",
        "a ranged target's Stealth with the terrain the line of sight touches",
        (
            Param("stealth", "the target's Stealth rating", low=0, high=30),
            Param(
                "cover",
                "Woods, Swamp, Fire or Rough spaces the line touches (the target's included)",
                optional=True,
                low=0,
                high=20,
            ),
            Param("building", "the target is in a Building", "flag", optional=True),
            Param(
                "flying",
                "the target flew this turn (no terrain bonus, p. 9)",
                "flag",
                optional=True,
            ),
        ),
        lambda stealth, cover=0, building=False, flying=False: ch.stealth(
            g.cover, stealth, cover, building, flying
        ),
    )


def _dismiss() -> Procedure:
    """p. 7: the Domes a dismissed hero may be placed in."""

    def dismiss(domes: str, empty: tuple[str, ...] = ()) -> Result:
        if not re.fullmatch(r"[1-6](-[1-6]| or [1-6])?", domes.strip()):
            raise ParamError("domes", f"expected a range such as 3-4 or '1 or 6', got {domes!r}")
        free = []
        for d in empty:
            if not d.isdigit() or not 1 <= int(d) <= 6:
                raise ParamError("empty", f"Domes are numbered 1 to 6, got {d!r}")
            free.append(int(d))
        return ch.dismiss(domes.strip(), free)

    return Procedure(
        "dismiss",
        "Dismissal to a Dome",
        "p. 7",
        "the Domes a dismissed hero may be placed in",
        (
            Param("domes", "the range the challenge card shows, e.g. 3-4 or '1 or 6'", "text"),
            Param("empty", "the empty Domes, by number", "list", optional=True, example="N,..."),
        ),
        dismiss,
    )


def _task(g: Game) -> Procedure:
    """p. 14, p. 15: a Faction Task or Quest challenge, with faction relations."""
    return Procedure(
        "task",
        "A Faction Task",
        "p. 14, p. 15",
        "the difference of a Faction Task or Quest challenge, with faction relations",
        (
            Param("rating", "the hero's rating for the task", low=0, high=30),
            Param(
                "relation",
                "the key is the hero's home faction's, an opposing one's, or neither",
                "choice",
                optional=True,
                choices=RELATIONS,
            ),
            Param(
                "against",
                f"the rating challenged (default: a Task's {g.adventure.task_rating})",
                optional=True,
                low=0,
                high=30,
            ),
        ),
        lambda rating, relation="none", against=None: ch.task(
            g.adventure, rating, relation, against
        ),
    )


def _card_draws(g: Game) -> Procedure:
    """p. 10: the treasure cards a number of card draws buys."""
    return Procedure(
        "card-draws",
        "Card draws",
        "p. 10",
        "the mixes of treasure cards a number of card draws buys",
        (Param("draws", "card draws won", low=0, high=12),),
        lambda draws: ch.card_draws(g.adventure, draws),
    )


def _virtue_bonus() -> Procedure:
    """p. 15: the gold an Amaze's Virtue bonus numbers give."""
    return Procedure(
        "virtue-bonus",
        "Virtue bonus",
        "p. 15",
        "the gold an Amaze's Virtue bonus numbers give",
        (
            Param("virtue", "the hero's Virtue", low=0, high=30),
            Param("numbers", "the Virtue bonus numbers on the quest card", "list", example="N,..."),
        ),
        lambda virtue, numbers: ch.virtue_bonus(virtue, _ints("numbers", numbers)),
    )


def _ints(name: str, items: tuple[str, ...]) -> list[int]:
    """Comma-separated items as whole numbers; anything else is the parameter's error."""
    out = []
    for item in items:
        if not item.isdigit():
            raise ParamError(name, f"expected whole numbers, got {item!r}")
        out.append(int(item))
    return out
