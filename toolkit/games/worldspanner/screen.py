"""The Worldspanner table screen's panels: each procedure's printed steps and the look-up
tables computed by calling its functions. The screen, the reference and the companion page
print these; no template states a procedure of its own."""

from __future__ import annotations

from toolkit.check.procedures import Panel, Step, Table
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.procedures import bind
from toolkit.games.worldspanner.procedures import challenge as ch
from toolkit.games.worldspanner.procedures import game as gm

SHOWN_HEROES = range(6, 13)
SHOWN_COVER = range(0, 4)
SHOWN_TRIBUTE = range(0, 11)


def panels(ix: Index) -> tuple[Panel, ...]:
    """Every panel of the Worldspanner screen."""
    st = {p.name: p.statement for p in bind(ix)}
    return (
        _challenge_panel(ix, st),
        _shot_panel(ix),
        _setup_panel(ix),
        _adventure_panel(ix),
        _victory_panel(ix, st),
    )


def faces(ix: Index) -> tuple[tuple[str, str, str, str], ...]:
    """Each face: its name, the rulebook's line, its common adventure result, its damage."""
    c = ix.game.challenge
    return tuple(
        (o.name, o.text, o.adventure or "see the adventure", ch.effect_text(c, o.id))
        for o in c.outcomes
    )


def _challenge_panel(ix: Index, st: dict) -> Panel:
    c = ix.game.challenge
    wound_ratings = range(0, 5)
    damage = Table(
        "Wounds caused, by Wound rating and Damage face",
        ("Face", *(f"Wound {w}" for w in wound_ratings)),
        tuple(
            (o.name, *(str(ch.wounds(c, w, o.id).value) for w in wound_ratings)) for o in c.outcomes
        ),
        "p. 18",
    )
    results = Table(
        "Faces",
        ("Face", "Adventure", "Damage"),
        tuple((name, adv, dmg) for name, _, adv, dmg in faces(ix)),
        "p. 14, p. 18",
    )
    return Panel(
        "challenge", "Challenges", "p. 14, p. 18, p. 22", st["challenge"], (results, damage)
    )


def _shot_panel(ix: Index) -> Panel:
    g = ix.game
    cv = g.cover
    rows = tuple(
        (str(n), *(f"+{ch.stealth(cv, 0, n, b).value}" for b in (False, True))) for n in SHOWN_COVER
    )
    cover = Table(
        "Stealth bonus against a shot",
        ("Spaces of cover", "outside", "in a Building"),
        rows,
        cv.source,
    )
    steps = (
        Step(
            f"Each Woods, Swamp, Fire or Rough space the line of sight touches, the target's "
            f"included but not the shooter's: +{cv.camouflage} Stealth.",
            cv.source,
        ),
        Step(
            f"A target in a Building: +{cv.building} Stealth; Buildings and Domes block the line "
            "beyond them.",
            cv.source,
        ),
        Step("A flier gains no terrain Stealth bonus until its next Move.", "p. 9"),
        Step(
            "Dismissal: draw a challenge card; place the hero in an empty Dome within its range; "
            "if none, the next highest number, past 6 back to 1. Banishment: the enemy draws "
            "and places.",
            "p. 7",
        ),
    )
    return Panel("shot", "Shots, cover and Domes", "p. 7, p. 19", steps, (cover,))


def _setup_panel(ix: Index) -> Panel:
    g = ix.game
    heroes = list(SHOWN_HEROES)
    reinforce = [gm.reinforce(g, n) for n in heroes]
    rows = (
        ("dealt", *(str(gm.dealt(g, n).value) for n in heroes)),
        ("per Reinforce", *(str(r.value) for r in reinforce)),
        ("by round", *("/".join(map(str, r.details["rounds"])) for r in reinforce)),
    )
    setup = Table("Heroes per team", ("Heroes", *map(str, heroes)), rows, "p. 3, p. 4, p. 7")
    lengths = Table(
        "Actions a team's heroes have, if none is defeated",
        ("Heroes", *(f"{x.name} ({x.rounds})" for x in g.lengths)),
        tuple(
            (str(n), *(str(gm.actions(g, n, x.rounds).value) for x in g.lengths)) for n in heroes
        ),
        "p. 3, p. 16",
    )
    d = g.deal
    steps = (
        Step(
            f"Heroes per team: {d.intro} for an introductory game, {d.three_players} if either "
            f"team has three players, {d.normal} otherwise.",
            "p. 3",
        ),
        Step(f"Deal each team its heroes and {d.extra} more; each discards {d.extra}.", "p. 3"),
        Step(
            f"Reinforce: the active team brings on 1/{d.reinforce_divisor} of its heroes, "
            "rounded up, dismissing them one by one; round 1 is Reinforce only.",
            "p. 7",
        ),
        Step(
            "Game length: " + ", ".join(f"{x.name} {x.rounds}" for x in g.lengths) + " rounds.",
            "p. 3",
        ),
    )
    return Panel("setup", "Set-up and Reinforce", "p. 3-7", steps, (setup, lengths))


def _adventure_panel(ix: Index) -> Panel:
    adv = ix.game.adventure
    draws = Table(
        "Card draws",
        ("Draws", "Cards"),
        tuple((str(n), "; ".join(ch.card_draws(adv, n).value)) for n in range(1, 5)),
        "p. 10",
    )
    task = Table(
        f"Faction Task (against {adv.task_rating}): the difference",
        ("Rating", "home", "neither", "opposing"),
        tuple(
            (str(r), *(f"{ch.task(adv, r, rel).value:+d}" for rel in ("home", "none", "opposing")))
            for r in range(0, 10)
        ),
        "p. 14, p. 15",
    )
    costs = ", ".join(f"{k.capitalize()} {v}" for k, v in adv.draw_costs.items())
    steps = (
        Step(
            f"Faction Tasks are challenges against {adv.task_rating}; +{adv.relation} on the "
            f"hero's home faction's key, -{adv.relation} on an opposing one's (challenges "
            "only: paying money or cards gains nothing).",
            "p. 14, p. 15",
        ),
        Step(f"Card draws: {costs} draw(s) a card.", "p. 10"),
        Step(f"Card-paying tasks: {adv.card_boosts} Boosts per card discarded.", "p. 15"),
        Step("Virtue bonus on an Amaze: 1 gold per number at or below the hero's Virtue.", "p. 15"),
    )
    return Panel("adventure", "Adventures", "p. 10, p. 14-15", steps, (task, draws))


def _victory_panel(ix: Index, st: dict) -> Panel:
    g = ix.game
    t = g.tribute
    favor = Table(
        "Lith's Favor by tribute held",
        ("Tribute", *map(str, SHOWN_TRIBUTE)),
        (("bonus", *(f"+{gm.favor_bonus(t, n)}" for n in SHOWN_TRIBUTE)),),
        t.source,
    )
    markers = range(0, max(g.glory.favor_tiles) + 1)
    tiles = Table(
        "Faction favor tile by markers on the key",
        ("Markers", *map(str, markers)),
        (("side", *(str(gm.favor_tile(g.glory, n).value or "–") for n in markers)),),
        "p. 16",
    )
    return Panel("victory", "Tribute and glory", "Victory, p. 16-17", st["glory"], (favor, tiles))
