"""The God Emperor kit: what a megagame prints by the hundred.

Badges and status strips for the cast (imposed for cutting), the three player forms,
favor, scheme and minion decks, a playmat per House, the war map and the Law Board as
semantic SVG (real-size and tiled PDFs through `toolkit.render.boards`), and the Control
team's reference.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import toolkit.games.god_emperor.facts as facts
from toolkit.core.marks import is_placeholder
from toolkit.core.outputs import BuildOptions, Output
from toolkit.games.god_emperor.badges import badge_outputs
from toolkit.games.god_emperor.cards import Back, minion_backs, minion_cards
from toolkit.games.god_emperor.components import setting
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.law_board import EXTENSION, law_board, law_board_extensions
from toolkit.games.god_emperor.maps import war_map
from toolkit.games.god_emperor.screen import panels
from toolkit.games.god_emperor.setup_sheet import checklist, house_rows
from toolkit.games.god_emperor.tally import tally_data
from toolkit.kit.export import export_outputs
from toolkit.kit.guide import Kind, guide_output
from toolkit.kit.shops import profile
from toolkit.model.components import bring_rows
from toolkit.model.content import ContentSet
from toolkit.render import boards
from toolkit.render.board_spaces import footprints
from toolkit.render.board_style import template_sources
from toolkit.render.cards import (
    CardFormat,
    card_outputs,
    numbered,
    render_backs,
    render_calibration,
)
from toolkit.render.companion import COMPANION_TEMPLATES, Tally, render_companion
from toolkit.render.counters import counter_outputs
from toolkit.render.screen import SCREEN_TEMPLATES, render_screen
from toolkit.render.session import Session
from toolkit.render.templates import render

T = "templates/god-emperor"
CARD_TPL = (
    f"{T}/card.html.j2",
    f"{T}/card.css",
    "templates/common/cards.html.j2",
    "templates/common/fonts.css",
)
POKER = CardFormat(
    63.5, 88.0, "god-emperor/card.html.j2", "god-emperor/card.css", "God Emperor cards"
)
# Forms to a page, and whether the page is turned: two War Orders and the alliances fit a
# quarter of A4 or Letter, the Scheme form's list half a turned page (A5); the Court's
# proposals and Military Actions take a whole page.
SHEETS = {"war": (4, False), "court": (1, False), "scheme": (2, True)}
WAR_ORDERS_UP = SHEETS["war"][0]


@dataclass(frozen=True)
class FavorView:
    kind: str
    name: str
    faction: str
    ability: str
    timing: str
    location: str
    placeholders: tuple[str, ...] = ()  # the fields it prints that are placeholders, sorted


@dataclass(frozen=True)
class SchemeView:
    kind: str
    name: str
    cost: int
    per: str
    trap: bool
    text: str


def render_page(template: str, context: tuple[tuple[str, object], ...], session: Session) -> bytes:
    """An HTML page template of this pack (forms, playmats, reference) as a PDF."""

    opts = session.options
    html = render(
        session.env,
        template,
        page_size=opts.page_size,
        paper_mm=opts.paper_mm,
        marks=not opts.final,
        **dict(context),
    )
    return session.pdf(html)


def _page(
    path: str,
    kind: str,
    template: str,
    sources: tuple[str, ...],
    cost: float,
    facts: tuple[tuple[str, str], ...] = (),
    **context: object,
) -> Output:
    return Output(
        path,
        kind,
        (*sources, f"templates/{template}"),
        partial(render_page, template, tuple(sorted(context.items()))),
        group=path.split("/")[0],
        cost=cost,
        facts=facts,
    )


def _deck(
    name: str,
    cards: tuple,
    back: Back | tuple[Back, ...],
    srcs: tuple[str, ...],
    options: BuildOptions,
) -> list[Output]:
    """A deck's card files: each card alone, then its faces and an n-up sheet (home) or one
    PDF/X file (pod) assembled from them (`toolkit.render.cards.card_outputs`). `back`: the
    deck's back, or each card's own (the minions: a back per House)."""
    behind = back if isinstance(back, tuple) else (back,) * len(cards)
    out = card_outputs(name, POKER, numbered(cards, srcs), behind, srcs, options, cost=0.3)
    if options.export:
        out += export_outputs(
            profile(options.export), name, POKER, tuple(zip(behind, cards, strict=True)), srcs
        )
    return out


def outputs(content: ContentSet, options: BuildOptions) -> list[Output]:
    """Every output of the God Emperor kit."""
    ix = Index.build(content)
    if ix is None:
        return []
    g = ix.game
    src = g.loc.path
    out: list[Output] = []
    out += badge_outputs(ix, (src, *CARD_TPL), options.paper)
    hs = tuple(g.houses)
    if ix.court is not None:
        out.append(
            _page(
                "forms/war-orders.pdf",
                "form",
                "god-emperor/forms.html.j2",
                (src,),
                2,
                facts.war_orders(g.provinces),
                form="war",
                up=SHEETS["war"][0],
                landscape=SHEETS["war"][1],
                houses=hs,
                provinces=tuple(g.provinces),
                title="War Orders",
            )
        )
        out.append(
            _page(
                "forms/court-proposal.pdf",
                "form",
                "god-emperor/forms.html.j2",
                (src, ix.court.loc.path),
                1,
                form="court",
                up=SHEETS["court"][0],
                landscape=SHEETS["court"][1],
                houses=hs,
                proposals=tuple(ix.court.proposals),
                actions=tuple(ix.court.military_actions),
                title="Court Proposal",
            )
        )
    if ix.underground is not None:
        ug = ix.underground
        out.append(
            _page(
                "forms/scheme.pdf",
                "form",
                "god-emperor/forms.html.j2",
                (src, ug.loc.path),
                1,
                form="scheme",
                up=SHEETS["scheme"][0],
                landscape=SHEETS["scheme"][1],
                houses=hs,
                schemes=tuple(ug.schemes),
                title="Scheme",
            )
        )
        # every copy of every card, in each of the Underground tables' decks
        schemes = tuple(
            SchemeView("scheme", s.name, s.cost, s.per, s.trap, s.text)
            for _deck in range(ug.scheme_decks)
            for s in ug.schemes
            for _ in range(s.copies)
        )
        out += _deck(
            "schemes", schemes, Back("SCHEME", "#2b2118"), (ug.loc.path, *CARD_TPL), options
        )
        dealt = minion_cards(ix, ug)
        out += _deck(
            "minions",
            tuple(c for c, _ in dealt),
            tuple(b for _, b in dealt),
            (src, ug.loc.path, *CARD_TPL),
            options,
        )
    if ix.favors is not None:
        fv = ix.favors
        names = {f.id: f.name for f in fv.factions}
        shown = ("name", "faction", "ability", "timing", "location")

        def held(i: int) -> tuple[str, ...]:  # card i's fields that are placeholders
            return tuple(k for k in shown if is_placeholder(fv, f"cards.{i}.{k}"))

        favors = tuple(
            FavorView(
                "favor",
                c.name,
                names.get(c.faction, c.faction),
                c.ability,
                c.timing,
                c.location,
                held(i),
            )
            for i, c in enumerate(fv.cards)
            for _ in range(c.copies)
        )
        if favors:
            out += _deck(
                "favors", favors, Back("FAVOR", "#6b4f1d"), (fv.loc.path, *CARD_TPL), options
            )
    if options.preset == "home":  # print first: it reads the printer's --back-offset
        out.append(
            Output(
                f"cards/duplex-calibration-{options.paper}.pdf",
                "card-calibration",
                (src, "templates/common/cards.html.j2"),
                partial(render_calibration, POKER),
                group="backs",
                cost=1,
            )
        )
    backs = (Back("SCHEME", "#2b2118"), *minion_backs(ix).values(), Back("FAVOR", "#6b4f1d"))
    out.append(
        Output(
            "cards/backs.pdf",
            "card-backs",
            (src, *CARD_TPL),
            partial(render_backs, POKER, backs),
            group="backs",
        )
    )
    if ix.court is not None:
        mats = tuple(
            {
                "name": h.name,
                "colour": h.colour,
                "castle": h.castle,
                "province": next(p.name for p in g.provinces if p.id == h.province),
                "laws": tuple(law for law in ix.court.laws if h.name in law.text),
            }
            for h in g.houses
            if any(p.id == h.province for p in g.provinces)
        )
        out.append(
            _page(
                "playmats/houses.pdf",
                "playmat",
                "god-emperor/playmat.html.j2",
                (src, ix.court.loc.path),
                2,
                facts.playmats(mats),
                mats=mats,
            )
        )
        out += _board(ix, "law-board", law_board, (src, ix.court.loc.path), options)
        # Commandments past the board's room, on A4 sheets numbered on (none for 10 months)
        for n, (w, h, title, body) in enumerate(law_board_extensions(ix), 2):
            out += boards.board_outputs(
                f"law-board-{n}",
                body,
                (w, h),
                title,
                (src, ix.court.loc.path, *template_sources("god-emperor", EXTENSION)),
                options,
            )[:2]
    if ix.layout is not None:
        printed = facts.war_map(ix)
        board = _board(ix, "war-map", war_map, (src, ix.layout.loc.path), options)
        out += [dataclasses.replace(o, facts=printed) for o in board]
    if ix.court is not None and ix.underground is not None and ix.favors is not None:
        out.append(_reference(ix, content, options))
    setup = checklist(ix)
    out.append(
        _page(
            "reference/control-setup.pdf",
            "setup",
            "god-emperor/setup.html.j2",
            (*sorted(content.files), f"{T}/forms.css"),
            1,
            facts.setup(house_rows(ix)),
            **setup,
        )
    )
    if ix.components is not None:
        out += counter_outputs(
            "god-emperor",
            g.title,
            ix.components,
            setting(ix),
            options,
            (src,) + ((ix.cast.loc.path,) if ix.cast else ()),
        )
    out += _screen(ix, content, options)
    players = len(ix.cast.players) if ix.cast else 0
    bring = bring_rows(ix.components, setting(ix)) if ix.components is not None else ()
    kinds = _kinds(players, g.rounds.count, len(g.houses))
    out.append(guide_output(g.title, out, kinds, GUIDE, (src,), bring))
    return out


def _board(
    ix: Index,
    name: str,
    draw: Callable[[Index], tuple[float, float, str, str]],
    sources: tuple[str, ...],
    options: BuildOptions,
) -> list[Output]:
    """A board's SVG, real-size PDF and tiles (not drawn when only the paths are wanted),
    made from its data and its template's files (`toolkit.render.board_style`)."""
    if options.paths_only:
        return boards.board_outputs(name, "", (1.0, 1.0), name, sources, options)
    w, h, title, svg = draw(ix)
    return boards.board_outputs(
        name,
        svg,
        (w, h),
        title,
        (*sources, *template_sources("god-emperor", name)),
        options,
        pieces=footprints(ix.components),
    )


GUIDE = (
    "## Badges and strips\n\nPrint single-sided and cut on the crop marks. Badges print "
    "the cast's names once the cast is the organiser's (not a placeholder); until then each "
    "is blank, a line to write the name on at check-in. Each House has spare badges and "
    "strips, marked Funeral spare, for the new character of a player who dies (L548). Clip "
    "each status strip to its badge; Control ticks the rank (a named cast's starting rank "
    "is ringed) and crosses it out for the new one when ranks change (L548, L560), and marks "
    "wounds, marriage, priest and hostages as the game goes.",
    "## Forms\n\nA player writes one form each month in Planning: War Orders in the War "
    "Room, a Court Proposal at the Court, a Scheme in the Underground. Print enough for "
    "every player to go to any room every month; the War Orders file has one page per House, "
    f"{WAR_ORDERS_UP} forms to a page, the Scheme file {SHEETS['scheme'][0]} to a turned "
    "page: cut on the dashed lines.",
    "## Cards\n\nFavor, scheme and minion cards are poker size, 63.5 x 88 mm, with 3 mm bleed. "
    "Print the card sheets double-sided, flip on the long edge. Each House gets its own "
    "minion deck, its back in the House's colour with its name and crest: after an "
    "Underground, sort the cards back to their decks by their backs.",
)


def _kinds(players: int, months: int, houses: int) -> dict[str, Kind]:
    """What each kind of file is, and how many to print for this cast: a form for every
    player in every month, a third of them in each room."""
    forms = max(1, players * months // 3)
    war = max(1, math.ceil(forms / max(1, houses) / WAR_ORDERS_UP))
    scheme = max(1, math.ceil(forms / SHEETS["scheme"][0]))
    return {
        "cut-sheet": Kind(
            "badges or status strips, one per player and spares for Funerals, n-up with crop marks",
            stock="card",
            how="cut on the marks",
        ),
        "form": Kind(
            "a player form",
            copies=forms,
            copies_note=f"up to {forms} ({players} players × {months} months / 3 rooms)",
        ),
        "forms/war-orders.pdf": Kind(
            f"War Orders, one page per House, {WAR_ORDERS_UP} forms to a page",
            copies=war,
            how="cut on the dashed lines",
            copies_note=f"up to {war} ({forms} orders over the game / {houses} Houses / "
            f"{WAR_ORDERS_UP} a page)",
        ),
        "forms/scheme.pdf": Kind(
            f"Scheme forms, {SHEETS['scheme'][0]} to a page",
            copies=scheme,
            how="cut on the dashed line",
            copies_note=f"up to {scheme} ({forms} schemes over the game / "
            f"{SHEETS['scheme'][0]} a page)",
        ),
        "playmat": Kind(
            "a playmat per House: Hostages and Marriage",
            how="A4 landscape; A3 is better if your printer takes it",
        ),
        "setup": Kind(
            "Control's set-up checklist: what goes where before Month 1, with its rules",
            copies_note="1 for Control",
        ),
        "reference": Kind(
            "Control's reference: timings, schedule, costs, laws",
            duplex=True,
            copies_note="1 per Control member",
        ),
        "board": Kind(
            "a board at its real size (the war map A2, the Law Board A3)",
            stock="shop",
            how="a print shop or a large-format printer",
        ),
    }


def _reference(ix: Index, content: ContentSet, options: BuildOptions) -> Output:
    """The Control reference, with the timings and the schedule as the rules print them and
    the content's waivers quoted where the rules disagree with themselves."""
    g = ix.game
    houses = ix.houses
    names = {p.id: p.name for p in g.provinces}
    schedule = tuple(
        {
            "month": s.month,
            "province": names.get(s.province, "—"),
            "host": houses[s.host].name if s.host in houses else "—",
            "place": s.region or s.place,
            "proposers": ", ".join(houses[p].name for p in s.proposers if p in houses) or "—",
        }
        for s in g.schedule
    )
    reasons = {w.rule: " ".join(w.reason.split()) for w in g.waive}
    # the region lists as corrected: Control's map differs from the printed rules there
    errata = tuple(
        f"Erratum ({e.source}): printed '{e.printed}'. {' '.join(e.note.split())}"
        for e in g.errata
        if e.field.startswith("provinces.")
    )

    return _page(
        "reference/control.pdf",
        "reference",
        "god-emperor/reference.html.j2",
        (*sorted(content.files), *SCREEN_TEMPLATES),
        3,
        facts.schedule(schedule, len(g.houses)),
        game=g,
        court=ix.court,
        panels=panels(ix, marks=not options.final),
        underground=ix.underground,
        favors=ix.favors,
        master_held=ix.underground is not None and is_placeholder(ix.underground, "master_play"),
        # how many of each minion a House's deck holds the rules do not say (L482-485)
        deck_held=tuple(
            i
            for i in range(len(ix.underground.deck if ix.underground else ()))
            if is_placeholder(ix.underground, f"deck.{i}.count")
        ),
        schedule=schedule,
        timing_notes=tuple(v for k, v in reasons.items() if k == "GE-TIMING"),
        schedule_notes=tuple(v for k, v in reasons.items() if k.startswith("GE-SCHEDULE")) + errata,
    )


def _screen(ix: Index, content: ContentSet, options: BuildOptions) -> list[Output]:
    """Control's screen (landscape panels to fold) and the offline companion page, both
    generated from the rules procedures (a placeholder marked, not in a `--final` kit)."""

    built = panels(ix, marks=not options.final)
    srcs = tuple(sorted(content.files))
    return [
        Output(
            "reference/dm-screen.pdf",
            "dm-screen",
            (*srcs, *SCREEN_TEMPLATES),
            partial(render_screen, ix.game.title, built, 8.4, name="Control screen"),
            group="reference",
            cost=2,
        ),
        Output(
            "companion.html",
            "companion",
            (*srcs, *COMPANION_TEMPLATES, "templates/god-emperor/tally.html.j2"),
            partial(
                render_companion,
                ix.game.title,
                built,
                Tally("god-emperor/tally.html.j2", tally_data(ix)),
            ),
            group="reference",
            cost=0.3,
        ),
    ]
