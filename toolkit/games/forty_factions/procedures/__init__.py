"""Forty Factions rules as code: every procedure the DM runs, bound to the content.

`procedures(content)` gives the registry `toolkit calc` and the DM screen use: each entry
names its parameters (with their meaning), the pure function that answers it (in the
modules beside this one) and the rule it comes from. Parameter names that are ids (areas,
parties, totems, temples) come from the content.
"""

from __future__ import annotations

from collections.abc import Mapping

from toolkit.check.procedures import Param, ParamError, Procedure, Result
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.procedures import (
    control,
    council,
    dreams,
    gathering,
    phases,
    turn,
)
from toolkit.model.content import ContentSet

SIDE = "a side is a Player or an Alliance, e.g. red:3,blue:2"
SIDES = "SIDE:N,..."


def procedures(content: ContentSet) -> tuple[Procedure, ...]:
    """Every Forty Factions procedure, bound to this content."""
    ix = Index.build(content)
    return () if ix is None else bind(ix)


def bind(ix: Index) -> tuple[Procedure, ...]:
    """Every Forty Factions procedure, bound to the content's index."""
    out = [*_turn(ix), *phases.bound(ix), *_control(ix)]
    if ix.gathering is not None:
        out += _gathering(ix)
    if ix.congress is not None:
        out += _congress(ix)
    if ix.madness is not None:
        out += _madness(ix)
    return tuple(out)


def names(ix: Index) -> dict[int, str]:
    """Faction names by number."""
    return {n: f.name for n, f in ix.factions.items()}


def plot_name(ix: Index, number: int | None) -> str:
    plot = ix.plots.get(number) if number is not None else None
    return plot.name if plot is not None else ""


def _turn(ix: Index) -> list[Procedure]:
    g = ix.game
    costs = g.play_costs
    players = g.players
    return [
        Procedure(
            "activation-cost",
            "Further Activations",
            "12.1.1",
            "VPs a player pays for Activating this many Factions in one Game Turn",
            (
                Param(
                    "activations",
                    "Factions the player Activates this Game Turn",
                    low=0,
                    high=len(ix.faction_list),
                ),
            ),
            lambda activations: turn.activation_cost(costs, activations),
            turn.cost_statement(costs),
        ),
        Procedure(
            "plot-cost",
            "Further Plots",
            "12.1.2",
            "VPs a player pays for playing this many Plots in one Game Turn",
            (
                Param(
                    "plots", "Plots the player plays this Game Turn", low=0, high=len(ix.plot_list)
                ),
            ),
            lambda plots: turn.plot_cost(costs, plots),
            turn.cost_statement(costs),
        ),
        Procedure(
            "turn-cost",
            "Activations and Plots together",
            "12.1.3",
            "VPs a player pays for a Game Turn's Activations and Plots, counted apart",
            (
                Param(
                    "activations",
                    "Factions the player Activates this Game Turn",
                    low=0,
                    high=len(ix.faction_list),
                ),
                Param(
                    "plots", "Plots the player plays this Game Turn", low=0, high=len(ix.plot_list)
                ),
            ),
            lambda activations, plots: turn.turn_cost(costs, activations, plots),
            turn.cost_statement(costs),
        ),
        Procedure(
            "starting-hand",
            "Cards dealt",
            "5.3.1-5.3.2",
            "Faction and Plot cards each player is dealt at set-up",
            (Param("players", "players in the game", low=players.min, high=players.max),),
            lambda players: turn.starting_hand(g, players),
        ),
        Procedure(
            "cards-drawn",
            "Cards Phase draw",
            "6.6.3, 11.2.2",
            "cards each player draws in the Cards Phase",
            (
                Param("players", "players in the game", low=players.min, high=players.max),
                Param(
                    "discarded",
                    "the player discarded one or more cards this Cards Phase",
                    "flag",
                    optional=True,
                ),
            ),
            lambda players, discarded=False: turn.cards_drawn(g, players, discarded),
        ),
        Procedure(
            "game-end",
            "End of the game",
            "5.2, DD3.3.6",
            "whether the game ends this Game Turn, under the end conditions the DM set",
            (
                Param("turn", "the Game Turn just played", optional=True, low=1),
                Param("turns", "5.2.1: Game Turns to play", optional=True, low=1),
                Param("best-vp", "the highest VP total of any player", optional=True),
                Param("vp-target", "5.2.2: the VP target", optional=True),
                Param("activated", "Factions Activated so far", optional=True, low=0),
                Param(
                    "activated-target",
                    "5.2.3: Factions Activated to end the game",
                    optional=True,
                    low=1,
                ),
                Param("deck", "5.2.4: cards left in the Factions Deck", optional=True, low=0),
                Param("time-up", "5.2.5: the meta time limit is reached", "flag", optional=True),
                Param(
                    "all-mad",
                    "DD3.3.6: every Area of Tehmor is at Madness 10",
                    "flag",
                    optional=True,
                ),
            ),
            lambda **kw: turn.game_end(g.end_conditions, turn.EndState(**kw)),
            turn.end_statement(g.end_conditions),
        ),
        Procedure(
            "final-tally",
            "The winner",
            "1.3, DD3.3.4",
            "each player's final VPs with the Madness VPs of the end, and the winner",
            (
                Param(
                    "vp",
                    "each player's VPs on the track",
                    "counts",
                    low=-999,
                    high=999,
                    example="PLAYER:N,...",
                ),
                Param(
                    "madness",
                    "DD3.3.4: Madness VPs each player's Temples score at the end",
                    "counts",
                    optional=True,
                    low=0,
                    high=999,
                    example="PLAYER:N,...",
                ),
            ),
            lambda vp, madness=None: turn.final_tally(vp, madness or {}),
        ),
    ]


def _control(ix: Index) -> list[Procedure]:
    g = ix.game
    expansions = tuple(e.code for e in g.expansions)
    scoring = tuple(a.id for a in g.areas if a.scoring)
    forests = {f.area: f for f in ix.sacred_circles.forests} if ix.sacred_circles else {}
    single = min((a.single_pawn_vp for a in g.areas if a.single_pawn_vp is not None), default=1)
    parties = [p for p in g.parties if p.body == "council"]
    conclave_seats = sum(f.seats.conclave for f in ix.faction_list)

    def area(
        area: str,
        pawns: dict,
        lesser: dict | None = None,
        expansions: tuple[str, ...] | None = None,
    ) -> Result:
        chosen = expansions if expansions is not None else tuple(e.code for e in g.expansions)
        need = ix.area_by_id[area].expansion
        if need and need not in chosen:
            raise ParamError("area", f"{area} is in play only with {need} (add it to expansions=)")
        forest = forests.get(area)
        if lesser and not (forest and forest.lesser_circles):
            raise ParamError("lesser", f"{area} has no Lesser Circles (SC3.1.3)")
        return control.area_control(ix.area_by_id[area], chosen, pawns, lesser, forest)

    def council_run(**kw: object) -> Result:
        pawns = {p.id: kw.get(p.id) or {} for p in parties}
        for p in parties:
            if sum(pawns[p.id].values()) > p.seats:  # type: ignore[attr-defined]
                raise ParamError(p.id, f"more pawns than the party's {p.seats} seats")
        leaders: Mapping[str, str] = kw.get("leaders") or {}  # type: ignore[assignment]
        for party_id, side in leaders.items():
            if not pawns[party_id].get(side):  # type: ignore[attr-defined]
                raise ParamError(
                    "leaders",
                    f"{side} holds the {party_id} party's faction but "
                    f"has no pawn on its seats: give {party_id}={side}:N",
                )
        coalition = tuple(s for s in str(kw.get("coalition") or "").split("+") if s)
        state = council.CouncilState(
            pawns,
            leaders,
            kw.get("overlord"),
            coalition,  # type: ignore[arg-type]
            bool(kw.get("holiday")),
        )
        return council.council_control(parties, g.council, state)

    def vote(**kw: int) -> Result:
        votes_for, against = kw["for_"], kw["against"]
        if votes_for + against > g.council.seats:
            raise ParamError(
                "against", f"{votes_for} + {against} votes exceed the {g.council.seats} seats"
            )
        return council.overlord_vote(g.council, votes_for, against)

    def conclave(seats: dict) -> Result:
        if sum(seats.values()) > conclave_seats:
            raise ParamError("seats", f"the Conclave has {conclave_seats} seats")
        return control.conclave_control(g.conclave, seats)

    leader_parties = tuple(p.id for p in parties if council.allocates_neutrals(p))
    party_params = tuple(
        Param(
            p.id,
            f"pawns of each side on the {p.name}'s seats, {p.seats} ({SIDE})",
            "counts",
            optional=True,
            low=0,
            high=p.seats,
            example=SIDES,
        )
        for p in parties
    )
    return [
        Procedure(
            "area-control",
            "Control of an Area",
            "12.2, 13.2.3.1",
            "who Controls an Area (or Forest, or Domain) and the VPs it gives",
            (
                Param("area", "the Area, Forest or Domain", "choice", choices=scoring),
                Param(
                    "pawns",
                    f"pawns of each side on its Locations ({SIDE})",
                    "counts",
                    low=0,
                    high=99,
                    example=SIDES,
                ),
                Param(
                    "lesser",
                    "SC3.1.3: pawns of each side on Lesser Circles",
                    "counts",
                    optional=True,
                    low=0,
                    high=9,
                    example="SIDE:N,...",
                ),
                Param(
                    "expansions",
                    "expansions in play (default: all the content has)",
                    "list",
                    optional=True,
                    choices=expansions,
                ),
            ),
            area,
            control.area_statement(single),
        ),
        Procedure(
            "council-control",
            "Control of the Council",
            "10.3, 12.3",
            "Majority or Minority Control of the Council, with only the votes cast counted",
            (
                *party_params,
                Param(
                    "leaders",
                    "10.3.2.2.1: the side holding each party's own faction, Activated",
                    "map",
                    optional=True,
                    choices=leader_parties,
                    example="PARTY:SIDE,...",
                ),
                Param(
                    "overlord",
                    "10.3.4: the side holding the Overlord's faction (casting vote)",
                    "text",
                    optional=True,
                    example="SIDE",
                ),
                Param(
                    "coalition",
                    "10.3.6: sides agreeing a Coalition",
                    "text",
                    optional=True,
                    example="SIDE+SIDE",
                ),
                Param(
                    "holiday", "a public holiday: no Council VPs (12.3.1)", "flag", optional=True
                ),
            ),
            council_run,
            council.council_statement(parties, g.council, names(ix)),
        ),
        Procedure(
            "overlord-vote",
            "Change of Overlord",
            "10.3.8",
            "whether a resolution to change the Overlord passes",
            (
                Param("for", "votes for the resolution", low=0, high=g.council.seats),
                Param("against", "votes against it", low=0, high=g.council.seats),
            ),
            vote,
            council.council_statement(parties, g.council, names(ix))[-1:],
        ),
        Procedure(
            "conclave-control",
            "Control of the Conclave",
            "10.4.5, 12.4",
            "who Controls the Secret Conclave of the Thieves' Guilds",
            (
                Param(
                    "seats",
                    f"Conclave seats each side holds through Activated Thieves' Guilds ({SIDE})",
                    "counts",
                    low=0,
                    high=conclave_seats,
                    example=SIDES,
                ),
            ),
            conclave,
            control.conclave_statement(g.conclave),
        ),
    ]


def _gathering(ix: Index) -> list[Procedure]:
    gb = ix.gathering
    assert gb is not None
    plot = plot_name(ix, gb.plot)
    animals = tuple(
        dict.fromkeys(
            [t.animal.lower() for t in gb.totems]
            + [t.rival.animal.lower() for t in gb.totems if t.rival]
        )
    )

    def chance(turn: int, totems: int, last: int | None = None, turns: int | None = None) -> Result:
        if last is not None and last >= turn:
            raise ParamError(
                "last",
                f"the last Gathering (Game Turn {last}) must come before this Game Turn ({turn})",
            )
        if turns is not None and turn > turns:
            raise ParamError("turns", f"Game Turn {turn} is after the game's last, {turns}")
        return gathering.gathering_chance(gb, turn, totems, last, turns, plot)

    def vote(chits: dict, strongest: str, final: dict | None = None) -> Result:
        if not chits:
            raise ParamError("chits", "at least one Totem must speak")
        if len(chits) > len(gb.totems):
            raise ParamError("chits", f"at most {len(gb.totems)} Totems speak")
        for t in gb.totems:  # FgF: a Totem is one tribe's or its rival's, never both
            pair = (t.animal.lower(), t.rival.animal.lower()) if t.rival is not None else ()
            if pair and all(animal in chits for animal in pair):
                raise ParamError(
                    "chits",
                    f"{pair[0]} and {pair[1]} share one Totem, "
                    "held by whichever tribe was Activated first (SC3.1.5, "
                    "SC3.2.5.1): give chits to one of them",
                )
        if strongest not in chits:
            raise ParamError("strongest", f"{strongest} does not speak (give it chits=)")
        if final is not None:
            total = sum(chits.values()) + len(gb.totems) - len(chits)
            if set(final) - set(chits):
                raise ParamError("final", "only speaking Totems hold chits")
            if sum(final.values()) != total:
                raise ParamError(
                    "final",
                    f"the chits add up to {sum(final.values())}, but "
                    f"{total} were placed (Neutral Totems' included)",
                )
        return gathering.gathering_vote(gb, chits, strongest, final)

    return [
        Procedure(
            "gathering-chance",
            "Is a Grasslander Gathering held?",
            "SC3.2.2-SC3.2.3",
            f"the highest d{gb.die} roll that holds a Gathering this Game Turn (0 or less: none)",
            (
                Param("turn", "the current Game Turn", low=1),
                Param("totems", "Totems with a pawn placed on them", low=0, high=len(gb.totems)),
                Param(
                    "last",
                    "the Game Turn of the last Gathering held, not counting one called "
                    f"by {plot or 'the Plot'}; omit if none has been held",
                    optional=True,
                    low=1,
                ),
                Param(
                    "turns",
                    "the game's length in Game Turns, if it ends on a number of them "
                    "(SC3.2.3: on the last, one is held automatically)",
                    optional=True,
                    low=1,
                ),
            ),
            chance,
            gathering.chance_statement(gb, plot),
        ),
        Procedure(
            "gathering-vote",
            "Control of the Gathering",
            "SC3.2.7",
            "who controls the Grasslander Gathering, from the chits placed",
            (
                Param(
                    "chits",
                    "chits placed by each speaking Totem",
                    "counts",
                    choices=animals,
                    low=1,
                    high=99,
                    example="TOTEM:N,...",
                ),
                Param(
                    "strongest",
                    "the Totem drawn from the cup (SC3.2.7.4)",
                    "choice",
                    choices=animals,
                ),
                Param(
                    "final",
                    "the chits after the supports (SC3.2.7.6), if no clear majority",
                    "counts",
                    optional=True,
                    choices=animals,
                    low=0,
                    high=99,
                    example="TOTEM:N,...",
                ),
            ),
            vote,
            gathering.vote_statement(gb),
        ),
    ]


def congress_seats(ix: Index) -> int:
    """Factions with a seat on the Congress of Dreams (DD3.2.2)."""
    return sum(f.seats.congress for f in ix.faction_list)


def _congress(ix: Index) -> list[Procedure]:
    c = ix.congress
    assert c is not None
    seats = congress_seats(ix)
    statement = dreams.congress_statement(c, plot_name(ix, c.plot))

    def award(votes: dict, roll: int) -> Result:
        if sum(votes.values()) > seats:
            raise ParamError("votes", f"the Congress has {seats} seats")
        return dreams.congress_award(c, votes, roll)

    return [
        Procedure(
            "congress-chance",
            "Does the Congress of Dreams sit?",
            "DD3.2.3, DD3.3.6",
            "the d100 roll at or under which a Congress of Dreams is held",
            (
                Param(
                    "seats", "Activated Factions holding a seat on the Congress", low=0, high=seats
                ),
                Param("all-mad", "every Area is at Madness 10 (DD3.3.6)", "flag", optional=True),
            ),
            lambda seats, all_mad=False: dreams.congress_chance(c, seats, all_mad),
            statement,
        ),
        Procedure(
            "congress-award",
            "Control of the Congress",
            "DD3.2.4",
            f"the VPs of the Congress: the most votes, 1d{c.vp_die} at most the seats held",
            (
                Param(
                    "votes",
                    f"votes of each side: one per Activated Faction with a seat ({SIDE})",
                    "counts",
                    low=0,
                    high=seats,
                    example=SIDES,
                ),
                Param("roll", f"the 1d{c.vp_die} rolled", low=1, high=c.vp_die),
            ),
            award,
            statement,
        ),
    ]


def spreaders(ix: Index) -> dict[int, str]:
    """Factions whose Location pawn spreads Madness, and in which Alignment (DD3.3.2)."""
    return {f.number: f.madness for f in ix.faction_list if f.madness}


def parse_levels(ix: Index, raw: Mapping[str, str]) -> dict[str, dreams.AreaMadness]:
    """`old-town:6G,...` -> each Area's Level and Alignment; Areas not given are at 0."""
    m = ix.madness
    assert m is not None
    codes = {a.code for a in m.alignments}
    out = {area: dreams.AreaMadness(0) for area in m.areas}
    for area, text in raw.items():
        digits, alignment = text.rstrip("GNEgne"), text[len(text.rstrip("GNEgne")) :].upper()
        if not digits.isdigit() or int(digits) > m.max_level:
            raise ParamError(
                "levels",
                f"{area}: expected a Level 0-{m.max_level} and an Alignment, e.g. 6G, got {text!r}",
            )
        level = int(digits)
        if (level > 0) != bool(alignment) or (alignment and alignment not in codes):
            raise ParamError(
                "levels",
                f"{area}: a Level above 0 takes one Alignment of "
                f"{', '.join(sorted(codes))}; 0 takes none, got {text!r}",
            )
        out[area] = dreams.AreaMadness(level, alignment)
    return out


def _madness(ix: Index) -> list[Procedure]:
    m = ix.madness
    assert m is not None
    spread = spreaders(ix)
    temples = tuple(
        str(n) for n in dict.fromkeys([*m.scoring_factions, *(b.faction for b in m.bonuses)])
    )
    statement = dreams.madness_statement(m, names(ix), spread)

    def change(faction: str, level: int, action: str, alignment: str | None = None) -> Result:
        if level > 0 and not alignment:
            raise ParamError(
                "alignment",
                f"a Level above 0 has an Alignment: give "
                f"alignment={'|'.join(a.code for a in m.alignments)}",
            )
        state = dreams.AreaMadness(level, alignment if level else "")
        return dreams.madness_change(m, spread[int(faction)], state, action)

    def vp(levels: dict, temple: str | None = None) -> Result:
        return dreams.madness_vp(
            m, parse_levels(ix, levels), names(ix), int(temple) if temple else None
        )

    return [
        Procedure(
            "madness-change",
            "A Temple of Madness placed or removed",
            "DD3.3.2",
            "an Area's Level of Madness after a Temple of Madness's Location pawn is placed "
            "or removed",
            (
                Param(
                    "faction",
                    "the Temple's faction number: "
                    + ", ".join(f"{n} {ix.factions[n].name}" for n in spread),
                    "choice",
                    choices=tuple(str(n) for n in spread),
                ),
                Param("level", "the Area's Level of Madness before", low=0, high=m.max_level),
                Param(
                    "alignment",
                    "the Area's Alignment before (above Level 0)",
                    "choice",
                    optional=True,
                    choices=tuple(a.code for a in m.alignments),
                ),
                Param(
                    "action",
                    "the Location pawn is placed or removed",
                    "choice",
                    choices=("place", "remove"),
                ),
            ),
            change,
            statement,
        ),
        Procedure(
            "madness-vp",
            "Madness VPs at the end",
            "DD3.3.4",
            "the VPs the Temples score for the Levels of Madness at the end of the game",
            (
                Param(
                    "levels",
                    "each Area's Level and Alignment, e.g. old-town:6G (others: 0)",
                    "map",
                    choices=tuple(m.areas),
                    example="AREA:LEVEL,...",
                ),
                Param(
                    "temple",
                    "one scoring Temple's faction number (default: all)",
                    "choice",
                    optional=True,
                    choices=temples,
                ),
            ),
            vp,
            statement,
        ),
    ]
