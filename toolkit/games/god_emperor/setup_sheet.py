"""Control's set-up checklist: what goes where before Month 1, computed from the content.

Every number comes from the content (the War Room's starting units, the Immortals, the laws'
hostages, the decks) with the rules line the content cites for it (its `sources:`); where
the rules say nothing (where the units stand, starting Power and Favors, where the God
Emperor keeps his hostages, how many Rumors) the content's placeholder is printed with its
mark. No number is written in the template. No file I/O here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from toolkit.core.marks import is_placeholder
from toolkit.games.god_emperor.badges import seats
from toolkit.games.god_emperor.components import minion_copies, setting
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.models import House
from toolkit.model.components import counts_of
from toolkit.model.content import Document

# "The God Emperor owns 4 hostages from each House." / "Snake owns one hostage from Eagle."
_OWNS = re.compile(r"^(?P<holder>.+?) owns (?P<n>\w+) hostages? from (?P<giver>.+?)\.?$", re.I)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
EMPEROR = "the God Emperor"


@dataclass(frozen=True)
class Holding:
    """Hostages one law gives a holder from one House at the start."""

    holder: str  # a House's name, or the God Emperor
    giver: str  # the House's name
    count: int
    law: int
    rule: str  # the law's line in the rules


@dataclass(frozen=True)
class Row:
    """One line of the checklist: what, how many, where, and the rules line it rests on."""

    what: str
    count: str
    where: str
    rule: str
    held: bool = False  # where it goes is a placeholder: the rules do not say (marked)
    held_count: bool = False  # how many is a placeholder


@dataclass(frozen=True)
class HouseRow:
    """A House's own set-up, one line of the checklist's House table."""

    name: str
    colour: str
    castle: str
    units: int
    power: int
    favors: int
    gives: str  # its hostage tokens the laws hand away, and to whom
    holds: str  # the hostages it holds


def _cite(doc: Document | None, path: str, fallback: str) -> str:
    """The rules line the content cites for a value, else the line the pack reads it from."""
    return (doc.sources.get(path) if doc is not None else None) or fallback


def holdings(ix: Index) -> list[Holding]:
    """The hostages the existing laws hand out at the start (L340-346), law by law."""
    if ix.court is None:
        return []
    names = {h.name.lower(): h.name for h in ix.game.houses}
    out = []
    for i, law in enumerate(ix.court.laws):
        m = _OWNS.match(law.text.strip())
        if m is None:
            continue
        n = int(m["n"]) if m["n"].isdigit() else _WORDS.get(m["n"].lower(), 0)
        holder = names.get(m["holder"].lower(), m["holder"])
        if holder.lower() == EMPEROR.lower():
            holder = EMPEROR
        rule = _cite(ix.court, f"laws.{i}", "")
        givers = (
            [h.name for h in ix.game.houses]
            if m["giver"].lower() == "each house"
            else [names.get(m["giver"].lower(), m["giver"])]
        )
        out += [Holding(holder, g, n, law.number, rule) for g in givers]
    return out


def house_rows(ix: Index) -> tuple[HouseRow, ...]:
    """Each House's castle, starting units, Power and Favors, and hostages."""
    g, held = ix.game, holdings(ix)
    castles = {c.house: c.region for c in g.castles if c.kind == "home"}

    def gives(h: House) -> str:
        return "; ".join(
            f"{x.count} to {x.holder} (law {x.law})" for x in held if x.giver == h.name
        )

    def holds(h: House) -> str:
        return "; ".join(
            f"{x.count} of {x.giver} (law {x.law})" for x in held if x.holder == h.name
        )

    return tuple(
        HouseRow(
            h.name,
            h.colour,
            castles.get(h.id, h.castle),
            g.war.start_units,
            g.start.power,
            g.start.favors,
            gives(h) or "none",
            holds(h) or "none",
        )
        for h in g.houses
    )


def house_notes(ix: Index) -> tuple[Row, ...]:
    """What the House table's columns rest on, and which of them are placeholders."""
    g = ix.game
    return (
        Row(
            "House flag on its home castle",
            str(g.war.start_castles),
            "the castle's region",
            _cite(g, "war.start_castles", "L129") + ", L170",
        ),
        Row(
            "Units of the House",
            str(g.war.start_units),
            "its home castle's region" if g.start.units_at == "castle" else g.start.units_at,
            _cite(g, "war.start_units", "L129"),
            is_placeholder(g, "start.units_at"),
        ),
        Row(
            "Power",
            str(g.start.power),
            "before the House",
            "",
            held_count=is_placeholder(g, "start.power"),
        ),
        Row(
            "Favor cards",
            str(g.start.favors),
            "in hand",
            "",
            held_count=is_placeholder(g, "start.favors"),
        ),
        Row(
            "Hostage tokens a House holds",
            "",
            "the Hostages section of its playmat",
            "L565",
        ),
    )


def rows(ix: Index) -> tuple[Row, ...]:
    """The rest of the set-up, in the order Control lays it out: the war map, the Court,
    the Underground, check-in."""
    return (*_map_rows(ix), *_court_rows(ix), *_underground_rows(ix), _check_in(ix))


def _map_rows(ix: Index) -> list[Row]:
    g, out = ix.game, []
    neutral = [c for c in g.castles if c.kind == "neutral"]
    if neutral:
        out.append(
            Row(
                "Neutral garrison on each neutral castle",
                f"{g.war.neutral_units} each, {g.war.neutral_units * len(neutral)} in all",
                ", ".join(c.region for c in neutral),
                _cite(g, "war.neutral_units", "L189"),
                any(is_placeholder(g, f"castles.{g.castles.index(c)}") for c in neutral),
            )
        )
    first = g.schedule[0]
    host = ix.houses[first.host].name if first.host in ix.houses else ""
    at = first.region or first.place
    out.append(Row("Court marker", "1", f"beside {at}, {host}'s castle", f"{first.source}, L193"))
    if ix.court is not None:
        out.append(
            Row(
                "Immortals",
                str(ix.court.immortals),
                f"on {at}, the castle hosting the Court",
                _cite(ix.court, "immortals", "L195") + ", L324",
            )
        )
    if ix.components is not None:
        rumors = counts_of(ix.components, setting(ix)).get("rumor-token", 0)
        out.append(
            Row(
                "Rumor tokens",
                str(rumors),
                "in regions War Control chooses",
                "L133",
                held_count=is_placeholder(ix.components, "figures.rumors"),
            )
        )
    return out


def _court_rows(ix: Index) -> list[Row]:
    g, court = ix.game, ix.court
    out = [Row("Sovereign marker", "1", "before the God Emperor (Control)", "L44")]
    emperor = [x for x in holdings(ix) if x.holder == EMPEROR]
    if emperor:
        each = sorted({x.count for x in emperor})
        out.append(
            Row(
                "Hostage tokens the God Emperor holds",
                f"{'/'.join(map(str, each))} of each House, {sum(x.count for x in emperor)} in all",
                g.start.emperor_hostages or "with Control",
                emperor[0].rule,
                is_placeholder(g, "start.emperor_hostages"),
            )
        )
    if court is not None:
        out.append(
            Row(
                "Existing laws on the Law Board",
                f"{len(court.laws)} of {court.laws_stated}",
                "slots 1 to " + str(len(court.laws)),
                _cite(court, "laws_stated", "L332") + ", L409",
            )
        )
    return out


def _underground_rows(ix: Index) -> list[Row]:
    ug = ix.underground
    if ug is None:
        return []
    return [
        Row(
            "Scheme decks, shuffled",
            f"{ug.scheme_decks}",
            f"one at each of the {len(ix.game.provinces)} Underground tables",
            "L469, L496",
            held_count=is_placeholder(ug, "scheme_decks"),
        ),
        Row(
            "Minion decks, shuffled (each House's own back)",
            str(sum(minion_copies(ix, h) for h in ix.houses)),
            "each at its House's province's Underground table",
            "L470, L496",
        ),
    ]


def _check_in(ix: Index) -> Row:
    g, every = ix.game, seats(ix)
    spares = sum(1 for s in every if s.spare) // max(1, len(g.houses))
    return Row(
        f"Badges and status strips; tick each player's rank, 1 to {g.status.ranks}",
        f"{len(every)}, {spares} a House of them spares",
        "at check-in; Control keeps the spares for Funerals (L548)",
        "L27, " + _cite(g, "status.ranks", "L471-475"),
        held_count=ix.cast is not None and is_placeholder(ix.cast, "spares"),
    )


def checklist(ix: Index) -> dict[str, object]:
    """The checklist's template context."""
    first = ix.game.schedule[0]
    return {
        "houses": house_rows(ix),
        "notes": house_notes(ix),
        "rows": rows(ix),
        "month": first.month,
        "month_rule": first.source,
    }
