"""Checks on the challenge decks (p. 7, p. 14) and the quest decks (p. 15)."""

from __future__ import annotations

from collections.abc import Iterator

import toolkit.games.worldspanner.held as held
from toolkit.core.diagnostics import Diagnostic, error
from toolkit.games.worldspanner.index import Index


def check_challenges(ix: Index) -> Iterator[Diagnostic]:
    """One face per difference, never better for a worse difference; Hit bar in range."""
    c = ix.game.challenge
    low, high = held.difference_range(ix)  # the rulebook's while game.yaml's is WS-CANON's
    span = high - low + 1
    rank = {o.id: i for i, o in enumerate(c.outcomes)}  # 0 is the best face
    for deck in ix.challenges:
        for i, card in enumerate(deck.cards):
            where = f"{deck.team} card {i + 1}"
            if len(card.faces) != span:
                yield error(
                    deck.loc_of("cards", i, "faces"),
                    "WS-CHALLENGE",
                    f"{where} has {len(card.faces)} faces; differences "
                    f"{low}..{high} need {span} (p. 14)",
                )
                continue
            for k in range(1, span):
                if rank.get(card.faces[k], 0) > rank.get(card.faces[k - 1], 0):
                    d = low + k
                    yield error(
                        deck.loc_of("cards", i, "faces", k),
                        "WS-CHALLENGE",
                        f"{where} reads {card.faces[k]} at {d:+d} but "
                        f"{card.faces[k - 1]} at {d - 1:+d}: a better difference "
                        "never gives a worse face",
                    )
                    break
            if not low <= card.hit_from <= high + 1:
                yield error(
                    deck.loc_of("cards", i, "hit_from"),
                    "WS-CHALLENGE",
                    f"{where}'s Hit bar starts at {card.hit_from}, outside the card",
                )


def check_quest_decks(ix: Index) -> Iterator[Diagnostic]:
    """Each Faction key has a matching Quest deck (003:337): a faction of game.yaml without
    a deck in `quests/` is told at its entry, the one place the content names its key. (Two
    decks for one faction: WS-UNIQUE.)"""
    decks = {q.faction for q in ix.quests}
    for i, f in enumerate(ix.game.factions):
        if f.id not in decks:
            yield error(
                ix.game.loc_of("factions", i, "id"),
                "WS-QUEST-DECK",
                f"{f.name}'s Faction key has no Quest deck: no file of quests/ has "
                f"`faction: {f.id}`; 'Each Faction key has a matching Quest deck' (003:337): "
                f"write quests/{f.id}.yaml",
            )


def check_quests(ix: Index) -> Iterator[Diagnostic]:
    """A quest names a rating (or gold); Virtue bonus numbers rise within Virtue's range."""
    ratings = {r.id: r for r in ix.game.ratings}
    virtue = ratings.get("virtue")
    for deck in ix.quests:
        for i, q in enumerate(deck.cards):
            if q.rating != "gold" and q.rating not in ratings:
                yield error(
                    deck.loc_of("cards", i, "rating"),
                    "WS-QUEST",
                    f"quest '{q.name}' challenges '{q.rating}', which is not a rating "
                    "(or `gold` for a gold-paying quest)",
                )
            vb = q.virtue_bonus
            if vb != sorted(set(vb)) or (
                virtue and any(not virtue.min <= v <= virtue.max for v in vb)
            ):
                yield error(
                    deck.loc_of("cards", i, "virtue_bonus"),
                    "WS-QUEST",
                    f"quest '{q.name}' has Virtue bonus {vb}: rising numbers within "
                    "the Virtue range (p. 15)",
                )
