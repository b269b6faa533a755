"""The God Emperor's name badges and status strips (L27), as cut sheets.

A badge shows a player's name and House; the strip clipped to it, the player's rank in the
House, wounds, marriage, priesthood and hostages (L27). Names print only from a cast the
organiser gave: the shipped sample cast is a placeholder, and without a cast every badge is
blank, a line to write the name on. Each House also gets spare badges and strips for its
Funerals: a player who dies comes back as a different character of the House, at its lowest
rank (L548). Ranks change in play (L548, L560), so a strip's rank is a row of tick boxes;
a named cast's starting rank is ringed, never filled, so that Control can cross it out.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from toolkit.core.marks import is_placeholder
from toolkit.core.outputs import Output
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.models import SPARES, House
from toolkit.render.cards import CardFormat, render_imposed

BADGE = CardFormat(
    90.0, 55.0, "god-emperor/card.html.j2", "god-emperor/card.css", "God Emperor badges", bleed=2.0
)
STRIP = CardFormat(
    180.0,
    18.0,
    "god-emperor/card.html.j2",
    "god-emperor/card.css",
    "God Emperor status strips",
    bleed=1.0,
)


@dataclass(frozen=True)
class Badge:
    kind: str
    name: str  # empty: a blank badge, a line to write the name on
    house: str
    colour: str
    event: str
    spare: bool = False  # kept by Control for a Funeral's new character (L548)


@dataclass(frozen=True)
class Strip:
    kind: str
    house: str
    colour: str
    rank: int  # the starting rank, ringed; 0: none printed (blank or spare)
    ranks: int
    wounds: int
    hostages: int
    spare: bool = False


@dataclass(frozen=True)
class Seat:
    """One badge and strip to print: a player of the cast, a blank one, or a spare."""

    house: House
    name: str = ""
    rank: int = 0
    spare: bool = False


def named(ix: Index) -> bool:
    """Whether the cast's names are the organiser's (printed) rather than the sample's."""
    return ix.cast is not None and not is_placeholder(ix.cast, "players")


def seats(ix: Index) -> list[Seat]:
    """Every badge to print, House by House: its players (named from a given cast, else
    blank; with no cast, a blank one for each rank, L471-475), then its spares."""
    g = ix.game
    players = ix.players()
    given = named(ix)
    spares = ix.cast.spares if ix.cast is not None else SPARES
    out: list[Seat] = []
    for h in g.houses:
        if ix.cast is not None:
            mine = [(p, rank) for p, rank in players if p.house == h.id]
            out += [Seat(h, p.name, rank) if given else Seat(h) for p, rank in mine]
        else:
            out += [Seat(h) for _ in range(g.status.ranks)]
        out += [Seat(h, spare=True) for _ in range(spares)]
    return out


def badge_outputs(ix: Index, sources: tuple[str, ...], paper: str) -> list[Output]:
    """The badges and the status strips, n-up with crop marks on `paper`."""
    g = ix.game
    event = (ix.cast.event if ix.cast else "") or g.title
    every = seats(ix)
    badges = tuple(
        Badge("badge", s.name, s.house.name, s.house.colour, event, s.spare) for s in every
    )
    st = g.status
    strips = tuple(
        Strip(
            "strip",
            s.house.name,
            s.house.colour,
            s.rank,
            st.ranks,
            st.wounds,
            st.hostage_marks,
            s.spare,
        )
        for s in every
    )
    srcs = (*((ix.cast.loc.path,) if ix.cast else ()), *sources)
    return [
        _cut("badges", BADGE, badges, srcs, paper, 0.1),
        _cut("status-strips", STRIP, strips, srcs, paper, 0.08),
    ]


def _cut(
    name: str,
    fmt: CardFormat,
    items: tuple,
    srcs: tuple[str, ...],
    paper: str,
    per_page_cost: float,
) -> Output:
    """Single-sided cut-outs (badges, strips) n-up with crop marks."""
    return Output(
        f"badges/{name}-{paper}.pdf",
        "cut-sheet",
        srcs,
        partial(render_imposed, fmt, items, duplex=False),
        group=f"badges-{name}",
        cost=per_page_cost * len(items),
    )
