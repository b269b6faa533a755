"""The phases the DM runs by ruling rather than by arithmetic: who may be Activated (6.2,
4.3.8), the Plots Phase (6.3, 8), the Role-Playing Phase (6.4, 9, 12.5) and the Thieves'
Guilds' theft at the start of the Cards Phase (11.1).

Pure functions over the content's models and an explicit state, each answering with the
rule it comes from, and the statements the DM screen prints. No file or printing here.
"""

from __future__ import annotations

from collections.abc import Sequence

from toolkit.check.procedures import Param, Procedure, Result, Step
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, Plot, VPRange, passages

# ------------------------------------------------------------------ Activation (6.2)


def enemy_of(f: Faction, other: Faction) -> bool:
    """Are the two Enemies (4.3.8): does either name the other, or the other's category?"""
    return (
        other.number in f.enemies
        or other.category in f.enemies
        or f.number in other.enemies
        or f.category in other.enemies
    )


def may_activate(f: Faction, activated: Sequence[Faction]) -> Result:
    """6.2.2, 4.3.8: a Faction may not be Activated by a player who has an Enemy of it
    Activated; discarding that Enemy first allows it."""
    enemies = [a for a in activated if a.number != f.number and enemy_of(f, a)]
    if not enemies:
        return Result(
            True,
            f"{f.name} ({f.number}) may be Activated: none of the player's Activated Factions "
            "is its Enemy",
            tuple(f"{a.name} ({a.number}): not an Enemy" for a in activated),
            "6.2.2, 4.3.8",
        )
    listed = ", ".join(f"{a.name} ({a.number})" for a in enemies)
    return Result(
        False,
        f"{f.name} ({f.number}) may not be Activated while {listed} "
        f"{'is' if len(enemies) == 1 else 'are'} Activated by the same player",
        (
            *(f"{a.name} ({a.number}): an Enemy (4.3.8)" for a in enemies),
            "discarding the Enemy first allows it: its Information Sheet goes back to the DM "
            "and its pawns off the Boards; its VPs are kept (6.2.2)",
        ),
        "6.2.2, 4.3.8",
        {"enemies": [a.number for a in enemies]},
    )


def activation_statement() -> tuple[Step, ...]:
    """The printed statement of 6.2."""
    return (
        Step(
            "Players simultaneously Activate one Faction each from hand, face up, announcing "
            "it; none has to.",
            "6.2.1",
        ),
        Step(
            "A Faction may not be Activated if it is an Enemy of a Faction the same player "
            "has already Activated; that player may first discard the Enemy (its Information "
            "Sheet to the DM, its pawns off the Boards; VPs earned are kept).",
            "6.2.2, 4.3.8",
        ),
        Step(
            "Players who Activated a Faction may Activate another in response, until no one "
            "wishes to; each further one costs VPs (below).",
            "6.2.3",
        ),
        Step(
            "Alliances are announced or dissolved (secret agreements and Cabals need not be).",
            "6.2.4",
        ),
    )


# ------------------------------------------------------------------ Plots and role-play (6.3, 6.4)


def roleplay_held(played: int, outstanding: int) -> Result:
    """6.3.4, 9.2: the Role-Playing Phase is held when a Plot was played this Game Turn or
    one continues from the last."""
    held = played > 0 or outstanding > 0
    return Result(
        held,
        "a Role-Playing Phase is held"
        if held
        else "no Role-Playing Phase: play proceeds to the Council Phase",
        (f"{played} Plots played this Game Turn, {outstanding} continuing from the last (9.2)",),
        "6.3.4",
    )


def plots_statement(wheel: Sequence[Plot], fool: Sequence[Plot]) -> tuple[Step, ...]:
    """The printed statement of 6.3 and 8; `wheel` and `fool`, the content's Plots of the
    Wheel of Fortune (Random Event, 8.6) and of the Fool (Wild Card, 8.7)."""
    steps = [
        Step(
            "Players simultaneously play one Plot each from hand, face up, announcing it and "
            "the Factions it targets; none has to. Its Information Sheet is revealed to all.",
            "6.3.1, 8.2",
        ),
        Step(
            "Players who played a Plot may play another in response, until no one wishes to; "
            "each further one costs VPs (above).",
            "6.3.2",
        ),
        Step(
            "Then each Plot's player specifies it as its Information Sheet's Specify section "
            "says, choosing the Activated Factions it targets where none are named (their "
            "own included); the DM may veto or elaborate.",
            "6.3.3, 8.3, 8.5",
        ),
    ]
    if wheel:
        steps.append(
            Step(
                f"{_titles(wheel)}: its player targets an Activated Faction neither theirs "
                "nor an Ally's; the Random Event on that Faction's Information Sheet is "
                "revealed once all Plots are played.",
                "8.6",
            )
        )
    if fool:
        steps.append(
            Step(
                f"{_titles(fool)}: its player specifies a Plot of their own on the Activated "
                "Factions they choose; the DM may veto it.",
                "8.7",
            )
        )
    steps.append(
        Step(
            "No Plot played this Game Turn and none continuing from the last: play goes on to "
            "the Council Phase, with no Role-Playing Phase.",
            "6.3.4, 9.2",
        )
    )
    return tuple(steps)


def _titles(plots: Sequence[Plot]) -> str:
    return ", ".join(f"{p.name} ({p.number})" for p in plots)


def roleplay_statement(rp: VPRange) -> tuple[Step, ...]:
    """The printed statement of 6.4, 9 and 12.5."""
    return (
        Step(
            "Players role-play their Activated Factions' responses to the Plots; any Faction "
            "may respond to any Plot. The DM begins with the player whose Factions are most "
            "affected, and may give non-Activated Factions to other players.",
            "6.4.1-6.4.2, 9.3",
        ),
        Step(
            "It lasts one Caeriad (a Day and a Night) of game time; the DM may shorten or "
            "extend it and rules when it ends.",
            "6.4.3, 9.1",
        ),
        Step(
            "Combats, Spells and the like are adjudicated by the DM in the abstract, rolling "
            "dice for success.",
            "9.5",
        ),
        Step(
            f"The DM awards role-playing VPs, usually {rp.low} to {rp.high} VP, to the player "
            "who role-played the Faction; they are not shared with Alliances.",
            f"{rp.source or '12.5.1'}, 12.5.2, 6.4.4",
        ),
        Step(
            "Resolved Plots are discarded face up and their Sheets returned; the DM may rule, "
            "after consulting the players, that an unresolved Plot continues to the next Game "
            "Turn (an interim award allowed).",
            "6.4.5, 8.1, 9.2",
        ),
    )


# ------------------------------------------------------------------ the Cards Phase (11.1)


def theft(stolen_before: bool, blocked_this_turn: bool, block: bool) -> Result:
    """11.1.1-11.1.3: a Thieves' Guild's attempt to steal a card at random from another
    player's hand. `stolen_before`: the Guild has stolen successfully already this game;
    `blocked_this_turn`: it was blocked this Game Turn; `block`: the other player reveals
    from hand a Thieves' Guild that has not stolen successfully this Game Turn."""
    if stolen_before:
        return Result(
            "no",
            "this Thieves' Guild may not steal: it has stolen successfully once this game",
            ("each Thieves' Guild steals successfully once per game, whoever holds it",),
            "11.1.2",
        )
    if blocked_this_turn:
        return Result(
            "no",
            "this Thieves' Guild may not steal again this Game Turn: it was blocked",
            ("a blocked Guild may try again on a later Game Turn",),
            "11.1.1",
        )
    if block:
        return Result(
            "blocked",
            "the theft is blocked; this Guild may not try again this Game Turn, but it may "
            "still steal once on a later one",
            ("the blocking Guild may block any number of times (11.1.3)",),
            "11.1.1-11.1.3",
        )
    return Result(
        "stolen",
        "the Guild steals a card at random from the other player's hand; it may not steal "
        "successfully again this game",
        ("a stolen card may be discarded this Cards Phase (11.1.6)",),
        "11.1.1-11.1.2, 11.1.6",
    )


def theft_statement(guilds: Sequence[Faction]) -> tuple[Step, ...]:
    """The printed statement of 11.1, with the Factions that may act as Thieves' Guilds."""
    return (
        Step(
            "At the start of the Cards Phase a player with a Thieves' Guild Activated or in "
            "hand may use or reveal it to steal a card at random from the hand of another "
            "player they choose. If no one announces this first, the DM goes on to drawing.",
            "11.1.1, 11.1.4",
        ),
        Step(
            "Thieves' Guilds: " + ", ".join(f"{f.name} ({f.number})" for f in guilds) + ".",
            "11.1.5, 10.4",
        ),
        Step(
            "That player may block it by revealing a Thieves' Guild from hand that has not "
            "stolen successfully this Game Turn (any number of times). A blocked Guild may "
            "not try again that Game Turn.",
            "11.1.1, 11.1.3",
        ),
        Step(
            "Each Thieves' Guild steals successfully once per game, whoever holds it; a "
            "stolen card may be discarded this Cards Phase.",
            "11.1.2, 11.1.6",
        ),
    )


# ------------------------------------------------------------------ bound to the content


def thieves_guilds(ix: Index) -> list[Faction]:
    """The Factions that may steal or block: the Conclave's category, the Thieves' Guilds
    (10.4), and those whose Notes let them be played as one (11.1.5)."""
    category = ix.game.conclave.category
    return [f for f in ix.faction_list if f.category == category or f.thieves_guild]


def plots_citing(ix: Index, section: str) -> list[Plot]:
    """The Plots whose Specify section cites a rule (8.6: the Wheel of Fortune's Random
    Events; 8.7: the Fool's Wild Cards), as the content says; a card of the same tarot that
    is another Plot (an expansion's) cites none."""
    return [
        p
        for p in ix.plot_list
        if any(section in [s.strip() for s in q.source.split(",")] for q in passages(p.specify))
    ]


def bound(ix: Index) -> list[Procedure]:
    """The procedures of this module, bound to the content (`toolkit calc`, the DM screen)."""
    numbers = tuple(str(n) for n in sorted(ix.factions))
    return [
        Procedure(
            "may-activate",
            "Activation and Enemies",
            "6.2.2",
            "whether a player may Activate a Faction, given the Factions they have Activated",
            (
                Param("faction", "the Faction to Activate", "choice", choices=numbers),
                Param(
                    "activated",
                    "the player's Activated Factions",
                    "list",
                    optional=True,
                    choices=numbers,
                ),
            ),
            lambda faction, activated=(): may_activate(
                ix.factions[int(faction)], [ix.factions[int(n)] for n in activated]
            ),
            activation_statement(),
        ),
        Procedure(
            "roleplay-held",
            "The Plots Phase",
            "6.3.4",
            "whether a Role-Playing Phase is held this Game Turn",
            (
                Param("played", "Plots played this Game Turn", low=0, high=len(ix.plot_list)),
                Param(
                    "outstanding",
                    "Plots continuing from the last Game Turn (9.2)",
                    low=0,
                    high=len(ix.plot_list),
                ),
            ),
            roleplay_held,
            plots_statement(plots_citing(ix, "8.6"), plots_citing(ix, "8.7")),
        ),
        Procedure(
            "theft",
            "Thieves' Guilds",
            "11.1",
            "what comes of a Thieves' Guild's attempt to steal a card",
            (
                Param("stolen-before", "the Guild has stolen successfully this game", "flag"),
                Param("blocked-this-turn", "the Guild was blocked this Game Turn", "flag"),
                Param("block", "the other player reveals a Guild to block", "flag"),
            ),
            theft,
            theft_statement(thieves_guilds(ix)),
        ),
    ]
