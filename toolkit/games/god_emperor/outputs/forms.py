"""God Emperor player forms (War Orders, Court Proposal, Scheme) and the Houses'
playmats: what each room's players write on or play on."""

from __future__ import annotations

import toolkit.games.god_emperor.facts as facts
from toolkit.core.outputs import Output
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.outputs.pages import page_output

# Forms to a page, and whether the page is turned: two War Orders and the alliances fit a
# quarter of A4 or Letter, the Scheme form's list half a turned page (A5); the Court's
# proposals and Military Actions take a whole page.
SHEETS = {"war": (4, False), "court": (1, False), "scheme": (2, True)}
WAR_ORDERS_UP = SHEETS["war"][0]
FORMS = "god-emperor/forms.html.j2"


def court_forms(ix: Index) -> list[Output]:
    """The War Orders (one page per House) and the Court Proposal."""
    g, court = ix.game, ix.court
    assert court is not None
    hs = tuple(g.houses)
    return [
        page_output(
            "forms/war-orders.pdf",
            "form",
            FORMS,
            (g.loc.path,),
            2,
            facts.war_orders(g.provinces),
            form="war",
            up=SHEETS["war"][0],
            landscape=SHEETS["war"][1],
            houses=hs,
            provinces=tuple(g.provinces),
            title="War Orders",
        ),
        page_output(
            "forms/court-proposal.pdf",
            "form",
            FORMS,
            (g.loc.path, court.loc.path),
            1,
            form="court",
            up=SHEETS["court"][0],
            landscape=SHEETS["court"][1],
            houses=hs,
            proposals=tuple(court.proposals),
            actions=tuple(court.military_actions),
            title="Court Proposal",
        ),
    ]


def scheme_form(ix: Index) -> Output:
    """The Underground's Scheme form."""
    g, ug = ix.game, ix.underground
    assert ug is not None
    return page_output(
        "forms/scheme.pdf",
        "form",
        FORMS,
        (g.loc.path, ug.loc.path),
        1,
        form="scheme",
        up=SHEETS["scheme"][0],
        landscape=SHEETS["scheme"][1],
        houses=tuple(g.houses),
        schemes=tuple(ug.schemes),
        title="Scheme",
    )


def playmats(ix: Index) -> Output:
    """A playmat per House with a province: its Hostages and Marriage, and the laws that
    name it."""
    g, court = ix.game, ix.court
    assert court is not None
    mats = tuple(
        {
            "name": h.name,
            "colour": h.colour,
            "castle": h.castle,
            "province": next(p.name for p in g.provinces if p.id == h.province),
            "laws": tuple(law for law in court.laws if h.name in law.text),
        }
        for h in g.houses
        if any(p.id == h.province for p in g.provinces)
    )
    return page_output(
        "playmats/houses.pdf",
        "playmat",
        "god-emperor/playmat.html.j2",
        (g.loc.path, court.loc.path),
        2,
        facts.playmats(mats),
        mats=mats,
    )
