"""Worldspanner Factions' part of the provenance check (`toolkit.check.provenance`): the
rules text its game.yaml names, cited by line (`003:1594`, line 1594 of the rulebook; a
page may stand beside, `p. 14, 003:1267-1269`, for the reader of the printed book).

Its own ways of stating a value: a Faction by its name or by the heroes it is home to
("Adventurers and Icons are met with suspicion": Lostlight Society and Celestial Theatre);
a Vista key's free space by the word "Free" on its line, or by its absence; a Damage
challenge face that leaves the Wound rating as it is by "the normal wound amount". What a
stated number is recomputed as (`stated[].kind`) is the checker's, not the rulebook's.
"""

from __future__ import annotations

from toolkit.check.claims import Claim, Judge, Provenance, Verdict
from toolkit.check.wording import says
from toolkit.games.worldspanner.models import Game, Outcome, Stated, Vista
from toolkit.model.content import ContentSet, Document


def rules_texts(content: ContentSet) -> tuple[Document, dict[str, str]] | None:
    """game.yaml, and the rules texts it names."""
    game = content.one("game", Game)
    return (game, game.rules_texts) if game is not None else None


def judge(content: ContentSet) -> Judge:
    """The game's readings, made once per run from its content."""
    game = content.one("game", Game)
    factions = {f.id: (f.name, f.heroes) for f in game.factions} if game is not None else {}

    def reading(claim: Claim) -> Verdict:
        value, owner = claim.value, claim.owner
        if isinstance(value, str) and value in factions:
            return any(says(claim.text, form) for form in factions[value] if form)
        if isinstance(owner, Vista) and claim.key == "free":
            return says(claim.text, "free") == value
        if isinstance(owner, Outcome) and claim.key == "wounds" and value == 0:
            return says(claim.text, "normal wound")
        return None

    return reading


PROVENANCE = Provenance(texts=rules_texts, judge=judge, kit_fields={Stated: frozenset({"kind"})})
