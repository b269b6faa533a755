"""God Emperor's part of the provenance check (`toolkit.check.provenance`): the rules
text its game.yaml names, cited by line (`L257`, line 257 of its one text). Its values are
read the general way (`toolkit.check.claims.states`), but for one: a trap scheme prints
no cost ('Ambush (Trap): ...'), which the content holds as `cost: 0` beside `trap: true`.
Two fields go by other words in the rules: the Underground's `hand` is the Schemes each
House draws ('each House draws 4 Schemes', L469), the Immortals' `immortal_attack` their
attack ('They each have 2 attack', L195). The cast (cast.yaml or cast.csv) is the
organiser's, not the rules'."""

from __future__ import annotations

from toolkit.check.claims import Claim, Judge, Provenance, Verdict
from toolkit.check.wording import says
from toolkit.games.god_emperor.models import Cast, Cost, Game
from toolkit.model.content import ContentSet, Document


def rules_texts(content: ContentSet) -> tuple[Document, dict[str, str]] | None:
    """game.yaml, and the rules texts it names."""
    game = content.one("game", Game)
    return (game, game.rules_texts) if game is not None else None


def trap_cost(claim: Claim) -> Verdict:
    """A trap's cost of 0 is stated where the passage calls the scheme a trap."""
    if claim.key == "cost" and isinstance(claim.owner, Cost) and claim.owner.trap:
        return claim.value == 0 and says(claim.text, "trap")
    return None


def judge(content: ContentSet) -> Judge:
    """The game's own reading: a trap's cost."""
    return trap_cost


# the words the rules print for a field whose name they do not use
ALIASES = {"hand": ("schemes",), "immortal_attack": ("attack",)}

# the cast is the organiser's: who plays, in which House, at which event
PROVENANCE = Provenance(
    texts=rules_texts,
    judge=judge,
    kit_fields={Cast: frozenset({"players", "event"})},
    aliases=ALIASES,
)
