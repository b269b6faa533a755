"""The facts God Emperor's outputs print that another output prints too: which province a
region (a castle) lies in, which province a House belongs to, where its castle is. Each is
taken from the data the output's renderer is handed, so the build (`toolkit.kit.facts`) sees the
kit's papers disagree exactly when they would print different things.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.models import Province
from toolkit.games.god_emperor.setup_sheet import HouseRow
from toolkit.kit.facts import Fact


def region(name: str, province: str) -> Fact:
    return (f"the province of {name}", province)


def war_map(ix: Index) -> tuple[Fact, ...]:
    """The war map tints every region by its province and draws each House's castle."""
    names = {p.id: p.name for p in ix.game.provinces}
    out = [region(r, names[pid]) for r, pid in ix.province_of.items() if pid in names]
    out += [
        (f"the castle of House {ix.houses[c.house].name}", c.region)
        for c in ix.game.castles
        if c.kind == "home" and c.house in ix.houses
    ]
    return tuple(out)


def war_orders(provinces: Iterable[Province]) -> tuple[Fact, ...]:
    """The War Orders form lists the regions under their province's name."""
    return tuple(region(r, p.name) for p in provinces for r in p.regions)


def playmats(mats: Iterable[Mapping[str, object]]) -> tuple[Fact, ...]:
    """A playmat names its House's province and castle: 'The East · castle in Chi'."""
    out: list[Fact] = []
    for m in mats:
        house, province, castle = str(m["name"]), str(m["province"]), str(m["castle"])
        out += [
            (f"the province of House {house}", province),
            region(castle, province),
            (f"the castle of House {house}", castle),
        ]
    return tuple(out)


def schedule(rows: Iterable[Mapping[str, object]], houses: int) -> tuple[Fact, ...]:
    """The Control reference's schedule: a province's month, hosted in a castle of that
    province by one of its Houses, the province's Houses proposing."""
    out: list[Fact] = []
    for s in rows:
        province, place, host = str(s["province"]), str(s["place"]), str(s["host"])
        proposers = [p.strip() for p in str(s["proposers"]).split(",") if p.strip() != "—"]
        if province == "—" or len(proposers) >= houses:  # the capital, or every House
            continue
        out += [region(place, province), (f"the castle of House {host}", place)]
        out += [(f"the province of House {p}", province) for p in proposers]
    return tuple(out)


def setup(rows: Iterable[HouseRow]) -> tuple[Fact, ...]:
    """Control's set-up checklist names each House's castle, where its flag and units go."""
    return tuple((f"the castle of House {r.name}", r.castle) for r in rows)
