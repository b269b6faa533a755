"""Worldspanner Factions rules as code: the table's procedures, bound to the content.

`procedures(content)` gives what `toolkit calc worldspanner` answers and the screen prints:
challenges (difference, face, Hit bar, Luck, Dome), damage, cover, dismissal, adventures'
arithmetic, the Reinforce schedule, cards dealt, game length, actions, tribute and glory.
"""

from __future__ import annotations

import re

from toolkit.check.procedures import Param, ParamError, Procedure, Result
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.procedures import challenge as ch
from toolkit.games.worldspanner.procedures import game as gm
from toolkit.model.content import ContentSet


def procedures(content: ContentSet) -> tuple[Procedure, ...]:
    """Every Worldspanner procedure, bound to this content."""
    ix = Index.build(content)
    return () if ix is None else bind(ix)


def bind(ix: Index) -> tuple[Procedure, ...]:
    return (*_challenges(ix), *_game(ix))


def _challenges(ix: Index) -> list[Procedure]:
    g = ix.game
    c = g.challenge
    decks = {d.team: d for d in ix.challenges}
    ratings = Param("rating", "the hero's rating, bonuses included", low=-20, high=30)
    faces = tuple(o.id for o in c.outcomes)
    statement = ch.challenge_statement(c)

    def run(rating: int, opposing: int, deck: str | None = None, card: int | None = None) -> Result:
        if (deck is None) != (card is None):
            raise ParamError(
                "card" if card is None else "deck",
                "give both deck= and card= to read a card, or neither",
            )
        drawn = None
        if deck is not None and card is not None:
            cards = decks[deck].cards
            if card > len(cards):
                raise ParamError("card", f"the {deck} deck has {len(cards)} cards")
            drawn = cards[card - 1]
        return ch.challenge(c, rating, opposing, drawn, f"{deck} card {card}" if drawn else "")

    def dismiss(domes: str, empty: tuple[str, ...] = ()) -> Result:
        if not re.fullmatch(r"[1-6](-[1-6]| or [1-6])?", domes.strip()):
            raise ParamError("domes", f"expected a range such as 3-4 or '1 or 6', got {domes!r}")
        free = []
        for d in empty:
            if not d.isdigit() or not 1 <= int(d) <= 6:
                raise ParamError("empty", f"Domes are numbered 1 to 6, got {d!r}")
            free.append(int(d))
        return ch.dismiss(domes.strip(), free)

    relations = ("home", "opposing", "none")
    return [
        Procedure(
            "challenge",
            "A challenge",
            "p. 14, p. 18, p. 22",
            "the difference read on a challenge card; with a card drawn, its face, Hit, Luck "
            "and Domes",
            (
                ratings,
                Param(
                    "opposing", "the opposing rating (a card's, or the target's)", low=-20, high=30
                ),
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
        ),
        Procedure(
            "wounds",
            "Damage",
            "p. 18",
            "the wounds a hit causes, from the weapon's Wound rating and the Damage face",
            (
                Param("wound", "the weapon's Wound rating", low=0, high=9),
                Param("face", "the face of the Damage challenge", "choice", choices=faces),
            ),
            lambda wound, face: ch.wounds(c, wound, face),
            statement,
        ),
        Procedure(
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
        ),
        Procedure(
            "dismiss",
            "Dismissal to a Dome",
            "p. 7",
            "the Domes a dismissed hero may be placed in",
            (
                Param("domes", "the range the challenge card shows, e.g. 3-4 or '1 or 6'", "text"),
                Param(
                    "empty", "the empty Domes, by number", "list", optional=True, example="N,..."
                ),
            ),
            dismiss,
        ),
        Procedure(
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
                    choices=relations,
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
        ),
        Procedure(
            "card-draws",
            "Card draws",
            "p. 10",
            "the mixes of treasure cards a number of card draws buys",
            (Param("draws", "card draws won", low=0, high=12),),
            lambda draws: ch.card_draws(g.adventure, draws),
        ),
        Procedure(
            "virtue-bonus",
            "Virtue bonus",
            "p. 15",
            "the gold an Amaze's Virtue bonus numbers give",
            (
                Param("virtue", "the hero's Virtue", low=0, high=30),
                Param(
                    "numbers", "the Virtue bonus numbers on the quest card", "list", example="N,..."
                ),
            ),
            lambda virtue, numbers: ch.virtue_bonus(virtue, _ints("numbers", numbers)),
        ),
    ]


def _ints(name: str, items: tuple[str, ...]) -> list[int]:
    out = []
    for item in items:
        if not item.isdigit():
            raise ParamError(name, f"expected whole numbers, got {item!r}")
        out.append(int(item))
    return out


def _game(ix: Index) -> list[Procedure]:
    g = ix.game
    high = max(d.heroes[1] for d in g.designs)
    heroes = Param("heroes", "heroes per team", low=1, high=max(high, 12))
    keys = tuple(f.id for f in g.factions)
    statement = gm.glory_statement(g.glory, g.tribute)

    def glory(**kw: object) -> Result:
        def pair(name: str) -> dict[str, int]:
            return {t: int(kw.get(f"{t}_{name}") or 0) for t in gm.TEAMS}  # type: ignore[call-overload]

        markers = {t: dict(kw.get(f"{t}_markers") or {}) for t in gm.TEAMS}  # type: ignore[call-overload]
        tie = {
            k: pair(k)
            for k in ("gold", "defeated", "wounds")
            if any(kw.get(f"{t}_{k}") is not None for t in gm.TEAMS)
        }
        return gm.glory(g.glory, markers, pair("tribute"), pair("underpit"), tie)

    team_params = []
    for t in gm.TEAMS:
        team_params.append(
            Param(
                f"{t}-markers",
                f"{t}'s victory markers on each Faction key",
                "counts",
                optional=True,
                choices=keys,
                low=0,
                high=9,
                example="KEY:N,...",
            )
        )
    for what, meaning in (
        ("tribute", "tribute given to Lith"),
        ("underpit", "heroes in the Underpit"),
        ("gold", "tie-break: gold carried by undefeated heroes"),
        ("defeated", "tie-break: heroes that end defeated"),
        ("wounds", "tie-break: wounds on undefeated heroes"),
    ):
        for t in gm.TEAMS:
            team_params.append(
                Param(f"{t}-{what}", f"{t}'s {meaning}", optional=True, low=0, high=999)
            )
    return [
        Procedure(
            "reinforce",
            "Reinforce",
            "p. 4, p. 7",
            "heroes brought on per Reinforce step, and by round",
            (heroes,),
            lambda heroes: gm.reinforce(g, heroes),
        ),
        Procedure(
            "deal",
            "Heroes dealt",
            "p. 3",
            "hero cards dealt to each team",
            (heroes,),
            lambda heroes: gm.dealt(g, heroes),
        ),
        Procedure(
            "team-size",
            "Heroes per team",
            "p. 3",
            "heroes each team plays",
            (
                Param("intro", "an introductory game", "flag", optional=True),
                Param("three-players", "either team has three players", "flag", optional=True),
            ),
            lambda intro=False, three_players=False: gm.team_size(g, intro, three_players),
        ),
        Procedure(
            "game-length",
            "Game length",
            "p. 3",
            "rounds to play",
            (
                Param(
                    "length", "the length chosen", "choice", choices=tuple(x.id for x in g.lengths)
                ),
            ),
            lambda length: gm.length(g, length),
        ),
        Procedure(
            "actions",
            "Hero actions",
            "p. 16",
            "actions a team's heroes have in a game, if none is defeated",
            (heroes, Param("rounds", "rounds in the game", low=1, high=50)),
            lambda heroes, rounds: gm.actions(g, heroes, rounds),
        ),
        Procedure(
            "tribute",
            "Tribute to Lith",
            "p. 17",
            "the tribute a team holds after giving gold and cards, and Lith's Favor",
            (
                Param("gold", "gold given", optional=True, low=0, high=99),
                Param("cards", "cards given", optional=True, low=0, high=99),
                Param(
                    "before",
                    "the team's tribute before (negative: the enemy's)",
                    optional=True,
                    low=-99,
                    high=99,
                ),
            ),
            lambda gold=0, cards=0, before=0: gm.tribute(g.tribute, gold, cards, before),
            statement,
        ),
        Procedure(
            "favor-tile",
            "A Faction favor tile",
            "p. 16",
            "the favor tile side a team's markers on one key give",
            (Param("markers", "the team's victory markers on the key", low=0, high=9),),
            lambda markers: gm.favor_tile(g.glory, markers),
            statement,
        ),
        Procedure(
            "glory",
            "Who won?",
            "Victory",
            "each team's glory at the end of the game, and the winner",
            tuple(team_params),
            glory,
            statement,
        ),
    ]
