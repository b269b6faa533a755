"""The DM screen's panels: each procedure's printed steps and the look-up tables computed by
calling its functions over every input the table shows. The DM screen, the DM reference and
the companion page print these; no template states a procedure of its own."""

from __future__ import annotations

from toolkit.check.procedures import Panel, Step, Table
from toolkit.core.marks import LEGEND, is_placeholder
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.procedures import (
    bind,
    congress_seats,
    control,
    council,
    dreams,
    gathering,
    names,
    phases,
    spreaders,
    turn,
)

SHOWN_PLAYS = 6  # columns of the cost table: the 1st to 6th Activation or Plot in a Game Turn


def panels(ix: Index, marks: bool = True) -> tuple[Panel, ...]:
    """Every panel of the Forty Factions DM screen, in the order of a Game Turn; `marks`,
    a placeholder value it prints marked (not in a `--final` kit)."""
    statements = {p.name: p.statement for p in bind(ix)}
    out = [
        _turn_panel(ix, statements),
        _activation_panel(statements),
        _roleplay_panel(ix),
        _area_panel(ix),
        _council_panel(ix, statements),
        _cards_panel(statements),
    ]
    if ix.gathering is not None:
        out.append(_gathering_panel(ix, statements))
    if ix.congress is not None:
        out.append(_congress_panel(ix, statements))
    if ix.madness is not None:
        out.append(_madness_panel(ix, statements, marks))
    out.append(_end_panel(ix, statements))
    return tuple(out)


def _turn_panel(ix: Index, st: dict) -> Panel:
    g = ix.game
    sequence = tuple(Step(f"{p.number}. {p.name}", p.section) for p in g.sequence_of_play)
    n = range(1, SHOWN_PLAYS + 1)
    act = [turn.play_cost(g.play_costs.activation, k) for k in n]
    plot = [turn.play_cost(g.play_costs.plot, k) for k in n]
    costs = Table(
        "VPs paid for a Game Turn's Activations and Plots",
        ("Made this Game Turn", *(f"{k}" for k in n)),
        (
            ("Activation: this one", *(str(c[1][-1]) for c in act)),
            ("Activations: all", *(str(c[0]) for c in act)),
            ("Plot: this one", *(str(c[1][-1]) for c in plot)),
            ("Plots: all", *(str(c[0]) for c in plot)),
        ),
        "12.1.1-12.1.3",
    )
    players = range(g.players.min, g.players.max + 1)
    cards = Table(
        "Cards by number of players",
        ("Players", *(str(p) for p in players)),
        (
            (
                "Dealt: Faction cards",
                *(str(turn.faction_cards(g.setup.faction_cards, p)) for p in players),
            ),
            ("Dealt: Plot cards", *(str(g.setup.plots_per_player) for _ in players)),
            ("Cards Phase: draw", *(str(turn.cards_drawn(g, p, False).value) for p in players)),
            ("after discarding", *(str(turn.cards_drawn(g, p, True).value) for p in players)),
        ),
        "5.3.1-5.3.2, 6.6.3",
    )
    notes = (
        Step(
            "Draw in order of highest to lowest total VPs; a deck run out is reshuffled "
            "from its discards.",
            "6.6.3, 11.2.2",
        ),
    )
    return Panel(
        "turn",
        "The Game Turn",
        "6, 12.1",
        (*sequence, *st["activation-cost"]),
        (costs, cards),
        notes,
    )


def _activation_panel(st: dict) -> Panel:
    """The Activation Phase's Enemy rule and the Plots Phase (6.2, 6.3, 8)."""
    return Panel(
        "activation",
        "Activation and Plots Phases",
        "6.2, 6.3, 8",
        (*st["may-activate"], *st["roleplay-held"]),
    )


def _roleplay_panel(ix: Index) -> Panel:
    """The Role-Playing Phase (6.4, 9, 12.5)."""
    return Panel(
        "roleplay",
        "The Role-Playing Phase",
        "6.4, 9, 12.5",
        phases.roleplay_statement(ix.game.roleplay_vp),
    )


def _cards_panel(st: dict) -> Panel:
    """The Cards Phase: the Thieves' Guilds' theft and the draw (11.1, 11.2)."""
    return Panel(
        "cards",
        "The Cards Phase",
        "11",
        st["theft"],
    )


def _area_panel(ix: Index) -> Panel:
    g = ix.game
    changing = sorted({code for a in g.areas for code in a.vp_with})
    base = [a for a in g.areas if a.board == "main"]
    head = ("Area", "Locations", "VP", *(f"with {c}" for c in changing), "one pawn")
    rows = []
    for a in base:
        one = control.award(control.area_vp(a, ()), a.single_pawn_vp, 1, 0, 1)
        rows.append(
            (
                a.name,
                "" if a.locations is None else str(a.locations),
                str(control.area_vp(a, ())),
                *(str(control.area_vp(a, (c,))) for c in changing),
                str(one),
            )
        )
    areas = Table("Control of the Areas of Tehmor", head, tuple(rows), "12.2.1, 13.2.3.1")
    extra = []
    for a in g.areas:
        if not a.expansion or not a.scoring:
            continue
        vp = control.area_vp(a, (a.expansion,))
        one = control.award(vp, a.single_pawn_vp, 1, 0, 1)
        extra.append((f"{a.name} ({a.expansion})", str(vp), str(one)))
    tables = [areas]
    if extra:
        tables.append(
            Table(
                "Forests and Domains, as Areas",
                ("Area", "VP", "one pawn"),
                tuple(extra),
                "SC3.1.1-2, DD3.1.3-4",
            )
        )
    single = min((a.single_pawn_vp for a in g.areas if a.single_pawn_vp is not None), default=1)
    steps = list(control.area_statement(single))
    for f in ix.sacred_circles.forests if ix.sacred_circles else ():
        if f.lesser_circles:
            area = ix.area_by_id.get(f.area)
            steps.append(
                Step(
                    f"{area.name if area else f.area}: the {f.lesser_circles} Lesser "
                    f"Circles ({', '.join(f.lesser_names)}) count {f.lesser_value:g} of "
                    "a Location each.",
                    f.source,
                )
            )
    return Panel("areas", "Control of Areas", "12.2, 13.2.3", tuple(steps), tuple(tables))


def _council_panel(ix: Index, st: dict) -> Panel:
    g = ix.game
    c = g.council
    parties = [p for p in g.parties if p.body == "council"]
    seats = Table(
        "Seats by party",
        ("Party", "Seats", "Neutral seats"),
        tuple(
            (p.name, str(p.seats), "may vote" if council.allocates_neutrals(p) else "abstain")
            for p in parties
        ),
        "10.3.1, 10.3.2.2",
    )
    casts = list(range(c.seats // 2, c.seats + 1))
    rows = []
    for chunk in (casts[: len(casts) // 2 + 1], casts[len(casts) // 2 + 1 :]):
        rows += [
            ("Votes cast", *(str(v) for v in chunk)),
            ("Majority", *(str(council.needed(v, False)) for v in chunk)),
            ("with the Overlord", *(str(council.needed(v, True)) for v in chunk)),
        ]
    width = max(len(r) for r in rows)
    rows = [r + ("",) * (width - len(r)) for r in rows]
    majority = Table(
        "Votes for Majority Control, by votes cast",
        (),
        tuple(rows),
        "10.3.4-10.3.5",
        note="Fewer votes are cast when neutral seats abstain.",
    )
    against = list(range(0, c.two_thirds // 2 + 2))
    overlord = Table(
        "Change of Overlord: votes for needed",
        ("Against", *(str(a) for a in against)),
        (("For", *(str(council.overlord_vote(c, 0, a).details["needed"]) for a in against)),),
        "10.3.8",
    )
    return Panel(
        "council",
        "The Council and the Conclave",
        "10.3, 10.4, 12.3, 12.4",
        (*st["council-control"], *st["conclave-control"]),
        (seats, majority, overlord),
    )


def _gathering_panel(ix: Index, st: dict) -> Panel:
    gb = ix.gathering
    assert gb is not None
    since = list(range(1, gb.since_last + 1))
    rows = []
    for totems in range(1, len(gb.totems) + 1):
        first = gathering.gathering_chance(gb, 1, totems).value
        later = [gathering.gathering_chance(gb, s + 1, totems, 1).value for s in since]
        rows.append((str(totems), *(_roll(v, gb.die) for v in (first, *later))))
    table = Table(
        f"Roll on d{gb.die} to hold a Gathering (≤)",
        ("Totems", "none", *map(str, since)),
        tuple(rows),
        "SC3.2.2",
        note="Rows: Totems with a pawn. Columns: Game Turns "
        "since the last Gathering ('none': none held yet). '–': cannot be held.",
    )
    vp = gb.vp
    votes = Table(
        "Control of the Gathering",
        ("Outcome", "VP"),
        (
            ("Only one Totem controlled", str(vp.sole_totem)),
            ("Clear majority of the chits", str(vp.control)),
            ("Most chits, no majority", str(vp.strongest_of_several)),
            ("A tie for the most", "0"),
        ),
        "SC3.2.7",
    )
    return Panel(
        "gathering",
        "The Grasslander Gathering",
        "SC3.2",
        (*st["gathering-chance"], *st["gathering-vote"]),
        (table, votes),
    )


def _roll(value: object, die: int) -> str:
    v = int(value)  # type: ignore[call-overload]
    return "–" if v <= 0 else ("all" if v >= die else str(v))


def _congress_panel(ix: Index, st: dict) -> Panel:
    c = ix.congress
    assert c is not None
    seats = list(range(1, congress_seats(ix) + 1))
    chance = Table(
        "d100 roll for a Congress (≤)",
        ("Seats", *map(str, seats)),
        (
            ("Chance", *(str(dreams.congress_chance(c, s).value) for s in seats)),
            (
                "All Areas at Madness 10",
                *(str(dreams.congress_chance(c, s, True).value) for s in seats),
            ),
        ),
        "DD3.2.3, DD3.3.6",
        note="Seats: Activated Factions with a seat on the Congress.",
    )
    rolls = range(1, c.vp_die + 1)
    award = Table(
        f"VPs for the most votes (1d{c.vp_die}, at most the seats)",
        ("Seats", *map(str, seats)),
        tuple((f"roll {r}", *(str(dreams.award_cap(r, s)) for s in seats)) for r in rolls),
        "DD3.2.4",
    )
    return Panel(
        "congress",
        "The Congress of Dreams",
        "DD3.2, DD3.3.6",
        st["congress-chance"],
        (chance, award),
    )


def _madness_panel(ix: Index, st: dict, marks: bool) -> Panel:
    m = ix.madness
    assert m is not None
    who = names(ix)
    # the rules give a Temple's Alignment for few of them (DD3.3.2): the rest are marked
    held = {
        f.number for f in ix.faction_list if f.madness and is_placeholder(f, "madness") and marks
    }
    temples = list(dict.fromkeys([*m.scoring_factions, *(b.faction for b in m.bonuses)]))
    short = [who.get(n, str(n)).removeprefix("Temple of ") for n in temples]
    rows = []
    for level in range(0, m.max_level + 1):
        cells = []
        for n in temples:
            plain, _ = dreams.temple_vp(m, {"area": dreams.AreaMadness(level, "")}, n)
            bonus = next((b for b in m.bonuses if b.faction == n), None)
            text = str(plain)
            if bonus is not None and level:
                with_bonus, _ = dreams.temple_vp(
                    m, {"area": dreams.AreaMadness(level, bonus.alignment)}, n
                )
                if with_bonus > plain:
                    text += f" +{with_bonus - plain}{bonus.alignment}"
            cells.append(text)
        rows.append((str(level), *cells))
    table = Table(
        "VPs per Area at the end, by Temple",
        ("Level", *short),
        tuple(rows),
        "DD3.3.4",
        note="+1G / +1E: the Temple's bonus, scored once if any Area is at "
        "that Level or more in that Alignment.",
    )
    return Panel(
        "madness",
        "Madness",
        "DD3.3",
        dreams.madness_statement(m, who, spreaders(ix), held),
        (table,),
        (Step(LEGEND),) if held else (),
    )


def _end_panel(ix: Index, st: dict) -> Panel:
    # the role-playing awards are the Role-Playing Phase's panel's (`_roleplay_panel`)
    steps = (
        *st["game-end"],
        Step(
            "The winner is the Player with the most VPs at the end of the game, Madness VPs "
            "included.",
            "1.3, DD3.3.4",
        ),
    )
    return Panel("end", "The end of the game", "5.2, 1.3", steps)
