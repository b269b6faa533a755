"""God Emperor cards: the Underground's scheme and minion decks and the favor deck,
poker size, each card alone and the deck's card files assembled from them
(`toolkit.render.card_files`); the backs and the duplex calibration sheet."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from toolkit.core.marks import is_placeholder
from toolkit.core.outputs import BuildOptions, Output
from toolkit.games.god_emperor.cards import Back, emblems, minion_backs, minion_cards
from toolkit.games.god_emperor.index import Index
from toolkit.kit.export import export_outputs
from toolkit.kit.shops import profile
from toolkit.render.card_files import card_outputs, numbered
from toolkit.render.cards import CardFormat, calibration_outputs, render_backs

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
SCHEME_BACK = Back("SCHEME", "#2b2118")
FAVOR_BACK = Back("FAVOR", "#6b4f1d")


@dataclass(frozen=True)
class FavorView:
    """A favor card as its template prints it."""

    kind: str
    name: str
    faction: str
    ability: str
    timing: str
    location: str
    placeholders: tuple[str, ...] = ()  # the fields it prints that are placeholders, sorted
    emblem: str = ""  # the faction's generated emblem (its monogram), marked as generated
    colour: str = ""  # the emblem's: the favor deck's colour (the rules give factions none)
    building: str = ""  # what `to_build` favors of its faction buy (L532-538)
    to_build: int = 0


@dataclass(frozen=True)
class SchemeView:
    """A scheme card as its template prints it."""

    kind: str
    name: str
    cost: int
    per: str
    trap: bool
    text: str


def _deck(
    name: str,
    cards: tuple,
    back: Back | tuple[Back, ...],
    srcs: tuple[str, ...],
    options: BuildOptions,
) -> list[Output]:
    """A deck's card files: each card alone, then its faces and an n-up sheet (home) or one
    PDF/X file (pod) assembled from them (`toolkit.render.card_files.card_outputs`). `back`: the
    deck's back, or each card's own (the minions: a back per House)."""
    behind = back if isinstance(back, tuple) else (back,) * len(cards)
    out = card_outputs(name, POKER, numbered(cards, srcs), behind, srcs, options, cost=0.3)
    if options.export:
        out += export_outputs(
            profile(options.export), name, POKER, tuple(zip(behind, cards, strict=True)), srcs
        )
    return out


def underground_decks(ix: Index, options: BuildOptions) -> list[Output]:
    """The scheme deck (every copy of every card, in each of the Underground tables'
    decks) and the minion decks, a back per House."""
    ug = ix.underground
    assert ug is not None
    schemes = tuple(
        SchemeView("scheme", s.name, s.cost, s.per, s.trap, s.text)
        for _deck in range(ug.scheme_decks)
        for s in ug.schemes
        for _ in range(s.copies)
    )
    out = _deck("schemes", schemes, SCHEME_BACK, (ug.loc.path, *CARD_TPL), options)
    dealt = minion_cards(ix, ug)
    out += _deck(
        "minions",
        tuple(c for c, _ in dealt),
        tuple(b for _, b in dealt),
        (ix.game.loc.path, ug.loc.path, *CARD_TPL),
        options,
    )
    return out


def favor_deck(ix: Index, options: BuildOptions) -> list[Output]:
    """The favor deck, every copy of every card, its placeholder fields marked."""
    fv = ix.favors
    assert fv is not None
    names = {f.id: f.name for f in fv.factions}
    buildings = {f.id: f.building for f in fv.factions}
    crests = dict(zip(names, emblems(list(names.values())), strict=True))
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
            crests.get(c.faction, "?"),
            FAVOR_BACK.colour,
            buildings.get(c.faction, ""),
            fv.favors_to_build,
        )
        for i, c in enumerate(fv.cards)
        for _ in range(c.copies)
    )
    return _deck("favors", favors, FAVOR_BACK, (fv.loc.path, *CARD_TPL), options) if favors else []


def back_outputs(ix: Index, options: BuildOptions) -> list[Output]:
    """The duplex calibration sheet (home printing: print it first, it reads the printer's
    `--back-offset`) and every deck's back."""
    src = ix.game.loc.path
    out = calibration_outputs(POKER, options, src)
    backs = (SCHEME_BACK, *minion_backs(ix).values(), FAVOR_BACK)
    out.append(
        Output(
            "cards/backs.pdf",
            "card-backs",
            (src, *CARD_TPL),
            partial(render_backs, POKER, backs),
            group="backs",
        )
    )
    return out
