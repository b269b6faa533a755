"""Control's screen panels: each procedure's printed steps and the look-up tables computed by
calling its functions. The Control screen, the Control reference and the companion page
print these; no template states a procedure of its own."""

from __future__ import annotations

from toolkit.check.procedures import Panel, Step, Table
from toolkit.core.marks import LEGEND, is_placeholder, marked
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.procedures import bind, clock, court, war

SHOWN_UNITS = range(1, 7)
SHOWN_ALLIED = range(0, 5)
SHOWN_CASTLES = range(0, 7)
SHOWN_VICTORIES = range(0, 4)


def panels(ix: Index, marks: bool = True) -> tuple[Panel, ...]:
    """Every panel of the God Emperor Control screen; `marks`, a placeholder value it prints
    marked (not in a `--final` kit)."""
    st = {p.name: p.statement for p in bind(ix)}
    out = [_round_panel(ix, st, marks), _war_panel(ix, st), _rewards_panel(ix, st)]
    if ix.court is not None:
        out.append(_court_panel(ix, st))
    if ix.underground is not None:
        out.append(_underground_panel(ix, st))
    return tuple(out)


def _round_panel(ix: Index, st: dict, marks: bool) -> Panel:
    g = ix.game
    rounds = [clock.round_clock(g, n) for n in range(1, g.rounds.count + 1)]
    # round 1's extra minutes, and so when it ends, are the designer's (L76: 'extra time')
    held = is_placeholder(g, "rounds.extra") and marks
    day = Table(
        "The rounds",
        ("Round", "starts", "ends"),
        tuple(
            (str(n), r.value, marked(r.details["end"], held and n == 1))
            for n, r in enumerate(rounds, 1)
        ),
        "L76-77",
    )
    tables = [day]
    action = next((p for p in g.phases if p.name == g.action_phase), None)
    for room in g.rooms:
        line = clock.timeline(room)
        end = sum(length for _, _, length in line)
        note = ""
        if action is not None and end > action.minutes:
            note = (
                f"{end:g} minutes: {end - action.minutes:g} beyond the {action.minutes:g}-"
                f"minute {action.name} phase."
            )
        tables.append(
            Table(
                f"{room.name}, minutes into the {g.action_phase} phase",
                ("Step", "from", "min"),
                tuple((name, f"{at:g}", f"{length:g}") for name, at, length in line),
                _sources(room),
                note,
            )
        )
    # the procedure's statement (`st["round-clock"]`), its placeholder marked or not
    return Panel(
        "round",
        "The day and the round",
        "L72-118",
        clock.round_statement(g, marks),
        tuple(tables),
        (Step(LEGEND),) if held else (),
    )


def _sources(room: object) -> str:
    steps = [s.source for s in room.steps if s.source]  # type: ignore[attr-defined]
    if not steps:
        return "L108-114"
    return f"{steps[0].split('-')[0]}-{steps[-1].split('-')[-1].removeprefix('L')}"


def _war_panel(ix: Index, st: dict) -> Panel:
    w = ix.game.war
    rows = []
    for n in SHOWN_UNITS:
        cells = []
        for allied in SHOWN_ALLIED:
            units = {"a": n, **({"b": allied} if allied else {})}
            b = war.Battle(units, frozenset({("b", "a")}))
            cells.append(str(war.attack(w, b, "a")[0]))
        rows.append((str(n), *cells))
    held = (
        war.attack(w, war.Battle({"a": 1}, castle=frozenset({"a"})), "a")[0]
        - war.attack(w, war.Battle({"a": 1}), "a")[0]
    )
    table = Table(
        "Attack value",
        ("Own units", *(f"+{a} allied" for a in SHOWN_ALLIED)),
        tuple(rows),
        "L181-183",
        f"Holding the region's castle: +{held}.",
    )
    return Panel("war", "The War Room: battle", "L165-197", st["battle"], (table,))


def _rewards_panel(ix: Index, st: dict) -> Panel:
    w = ix.game.war
    rows = tuple(
        (str(c), *(str(war.rewards(w, c, v if c else 0).value) for v in SHOWN_VICTORIES))
        for c in SHOWN_CASTLES
    )
    power = Table(
        "Power from castles",
        ("Castles", *(f"{v} overcome" for v in SHOWN_VICTORIES)),
        rows,
        "L172-173",
        "Overcome: Houses beaten in battle on your castles' regions this month.",
    )
    favor = Table(
        "Favor from Rumors",
        ("Rumors", *(f"{v} won" for v in range(0, 3))),
        tuple(
            (
                str(r),
                *(
                    str(war.rewards(w, 0, 0, r, v).details["favor"]) if v <= r else "–"
                    for v in range(0, 3)
                ),
            )
            for r in range(0, 4)
        ),
        "L174",
    )
    return Panel(
        "rewards",
        "Rewards and neutral castles",
        "L171-174, L189",
        (*st["rewards"], *st["neutral-castle"]),
        (power, favor),
    )


def _court_panel(ix: Index, st: dict) -> Panel:
    c = ix.court
    assert c is not None
    houses = range(1, len(ix.game.houses) + 1)
    pool = Table(
        "Most a law can cost, by Houses at Court",
        ("Houses", *map(str, houses)),
        (("pool", *(str(court.pool(c, h).value) for h in houses)),),
        "L304, L316",
    )
    assembled = list(range(6, 46, 3))
    rise = Table(
        "Uprising: players who must stand",
        ("Assembled", *map(str, assembled)),
        (
            ("stand", *(str(court.uprising(c, 0, a).details["needed"]) for a in assembled)),
            ("a law passes", *(str(_passes(a)) for a in assembled)),
        ),
        "L314, L396",
    )
    costs = Table(
        "Proposals and Court Military Actions (M)",
        ("Proposal", "Cost"),
        tuple(
            (
                f"{p.name}{' (M)' if p in c.military_actions else ''}",
                f"{court.cost(p).value}" + (f" per {p.per}" if p.per else ""),
            )
            for p in (*c.proposals, *c.military_actions)
        ),
        "L270-302",
    )
    return Panel("court", "The Court", "L270-414", st["court-cost"], (pool, rise, costs))


def _passes(assembled: int) -> int:
    """The fewest votes for that make a proposal a Commandment (L314)."""
    return next(v for v in range(assembled + 1) if court.court_vote(v, assembled).value is True)


def _underground_panel(ix: Index, st: dict) -> Panel:
    ug = ix.underground
    assert ug is not None
    ranks = [d.rank for d in ug.draws]
    draws = Table(
        "Minions drawn by rank",
        ("Rank", *map(str, ranks)),
        (("minions", *(str(court.draws(ug, r).value) for r in ranks)),),
        "L470-475",
    )
    kinds = sorted({m.kind for m in ug.deck})
    colours = sorted({m.colour for m in ug.deck})
    cards = [(k, col) for k in kinds for col in colours]
    short = {card: f"{card[0][0].upper()}{card[1][0]}" for card in cards}
    rows = tuple(
        (
            f"{k} {col}",
            *("A" if court.contest(ug, (k, col), d).value == "attacker" else "D" for d in cards),
        )
        for k, col in cards
    )
    contest = Table(
        "Attacker (rows) against defender (columns)",
        ("Attacker", *(short[d] for d in cards)),
        rows,
        "L481-485",
        "A: the attacker wins; D: the defender. "
        + ", ".join(f"{short[d]} {d[0]} {d[1]}" for d in cards)
        + ".",
    )
    costs = Table(
        "Scheme costs",
        ("Scheme", "Cost"),
        tuple(
            (
                s.name,
                "trap" if s.trap else f"{court.cost(s).value}" + (f" per {s.per}" if s.per else ""),
            )
            for s in ug.schemes
        ),
        "L438-463",
    )
    return Panel(
        "underground", "The Underground", "L436-490", st["minion-draws"], (draws, contest, costs)
    )
