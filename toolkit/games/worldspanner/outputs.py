"""The Worldspanner kit: hero cards, the player aid, challenge and quest decks, the Vista
key reference, a set-up sheet per map design and the balance report.

Cards are poker size (63.5 x 88 mm) with 3 mm bleed and go through the core's card
layouts (`toolkit.render.cards`): faces one a page for a print shop, n-up sheets with crop
marks and mirrored backs for a home printer, or PDF/X for print-on-demand.
"""

from __future__ import annotations

import dataclasses
from functools import partial

import toolkit.games.worldspanner.views as views
from toolkit.core.marks import is_placeholder
from toolkit.core.outputs import BuildOptions, Output
from toolkit.games.worldspanner.components import setting
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.map_sheets import pieces_output
from toolkit.games.worldspanner.screen import faces, panels
from toolkit.games.worldspanner.setup import SAMPLE_SEED, generate
from toolkit.games.worldspanner.setup_sheet import setup_sheet
from toolkit.games.worldspanner.tally import tally_data
from toolkit.kit.export import export_outputs
from toolkit.kit.guide import Kind, guide_output
from toolkit.kit.shops import profile
from toolkit.model.components import bring_rows
from toolkit.model.content import ContentSet
from toolkit.render import boards
from toolkit.render.board_spaces import footprints
from toolkit.render.board_style import template_sources
from toolkit.render.card_files import card_outputs, numbered
from toolkit.render.cards import CardFormat, calibration_outputs, render_backs
from toolkit.render.companion import Tally, companion_output
from toolkit.render.counters import counter_outputs
from toolkit.render.screen import SCREEN_TEMPLATES, render_screen
from toolkit.render.session import Session
from toolkit.render.templates import render

POKER = CardFormat(
    63.5, 88.0, "worldspanner/card.html.j2", "worldspanner/card.css", "Worldspanner cards"
)
CARD_TEMPLATES = (
    "templates/worldspanner/card.html.j2",
    "templates/worldspanner/card.css",
    "templates/common/cards.html.j2",
    "templates/common/fonts.css",
)
BACKS = {
    "hero": views.Back("hero", "HERO", "#2b2d42"),
    "aid": views.Back("aid", "PLAYER AID", "#2b2d42"),
    "challenge-white": views.Back("challenge", "SKYHAWKS · CHALLENGE", "#8d99ae"),
    "challenge-black": views.Back("challenge", "PSICLONES · CHALLENGE", "#1a1a1a"),
    "quest": views.Back("quest", "QUEST", "#7a5c1e"),
    **{
        deck: views.Back("treasure", deck.upper(), colour)
        for deck, colour in views.DECK_COLOURS.items()
    },
}
SETUP_SEED = SAMPLE_SEED  # the kit's sample set-up sheets; `toolkit setup` draws any other
KINDS = {
    "card-sheet": Kind(
        "poker-size cards 9-up with crop marks; each fronts page is followed by its backs",
        stock="card",
        duplex=True,
        how="flip on the long edge; cut on the marks",
    ),
    "reference": Kind(
        "Vista keys, map designs, game lengths and challenge faces",
        copies_note="1 a table",
        how="for the table",
    ),
    "map-pieces": Kind(
        "the map's platters and keys at real size: a fronts page (Standard side), then its "
        "backs page (Muted side)",
        stock="card",
        duplex=True,
        how="flip on the long edge; cut on the grey lines",
    ),
    "board": Kind(
        "a sample set-up sheet; draw others with `toolkit setup worldspanner`",
        how="the map to lay out: pick one design",
    ),
}
GUIDE = (
    "## Cards\n\nHero, player aid, challenge and quest cards are poker size, 63.5 x 88 mm, "
    "with 3 mm bleed: cut on the crop marks, long cuts first. Print a card sheet "
    "double-sided, flip on the long edge; the backs are mirrored to meet their fronts. The "
    "player aid is printed six times, as in the box.",
    "## Set-up\n\n`toolkit setup worldspanner --design quad --seed 42` writes a set-up sheet "
    "to `setup/`; the same seed always gives the same map.",
)


def render_reference(data: tuple, session: Session) -> bytes:
    """The reference sheet: Vista keys, map designs, lengths, challenge faces, and the
    procedure panels of the table screen."""

    title, vistas, designs, lengths, outcomes, panels, held_designs = data
    html = render(
        session.env,
        "worldspanner/reference.html.j2",
        title=title,
        vistas=vistas,
        designs=designs,
        lengths=lengths,
        outcomes=outcomes,
        panels=panels,
        held_designs=held_designs,
        marks=not session.options.final,
        page_size=session.options.page_size,
    )
    return session.pdf(html)


def render_balance(
    rows: tuple[tuple[str, str, float], ...], target: float, tolerance: float, session: Session
) -> bytes:
    """kit/balance.md: every hero's value under the cost model, furthest from target first."""
    lines = [
        "# Hero balance",
        "",
        f"Value under the cost model of `game.yaml` (`balance`): target {target:g}, "
        f"tolerance {tolerance:g}. The rulebook: all heroes are equal in value (p. 6).",
        "",
        "| Hero | Faction | Value | Off target | |",
        "|---|---|---:|---:|---|",
    ]
    for name, faction, value in sorted(rows, key=lambda r: -abs(r[2] - target)):
        off = value - target
        flag = "**check**" if abs(off) > tolerance else "ok"
        lines.append(f"| {name} | {faction} | {value:.1f} | {off:+.1f} | {flag} |")
    session.pages = 0
    return ("\n".join(lines) + "\n").encode("utf-8")


def _deck(
    name: str,
    cards: tuple,
    back: views.Back,
    srcs: tuple[str, ...],
    options: BuildOptions,
    backs: tuple[views.Back, ...] | None = None,
    own: tuple[tuple[str, ...], ...] | None = None,
) -> list[Output]:
    """A deck's card files: each card alone, then its faces and an n-up sheet (home) or one
    PDF/X file (pod) assembled from them (`toolkit.render.card_files.card_outputs`). Every card has
    `back`, or `backs[i]` for card i when given (a Set's mark on its back); card i is made
    from `own[i]` when given (its own file), else from `srcs`."""
    behind = backs or (back,) * len(cards)
    out = card_outputs(name, POKER, numbered(cards, srcs, own), behind, srcs, options, cost=0.3)
    if options.export:
        out += export_outputs(
            profile(options.export), name, POKER, tuple(zip(behind, cards, strict=True)), srcs
        )
    return out


def outputs(content: ContentSet, options: BuildOptions) -> list[Output]:
    """Every output of the Worldspanner kit."""
    ix = Index.build(content)
    if ix is None:
        return []
    game = ix.game
    game_src = game.loc.path
    # a hero's Set is its expansion: `--backs expansion` prints it on the back
    hero_backs = tuple(dataclasses.replace(BACKS["hero"], mark=f"SET {h.set}") for h in ix.heroes)
    out = card_decks(ix, options, hero_backs)
    if ix.components is not None:
        out += counter_outputs(
            "worldspanner",
            game.title,
            ix.components,
            setting(ix),
            options,
            (game_src, *(h.loc.path for h in ix.heroes)),
        )
    out += pieces_output(ix, options)
    out += back_outputs(ix, options, hero_backs)
    out += reference_outputs(ix)
    out += setup_outputs(ix, options)
    bring = bring_rows(ix.components, setting(ix)) if ix.components is not None else ()
    out.append(guide_output(game.title, out, KINDS, GUIDE, (game_src,), bring))
    out.append(balance_output(ix))
    return out


def card_decks(
    ix: Index, options: BuildOptions, hero_backs: tuple[views.Back, ...]
) -> list[Output]:
    """The heroes (each made from its own file), the player aid as many times as the box
    holds it, the challenge decks, the quests and the treasure decks."""
    game_src = ix.game.loc.path
    out = _deck(
        "heroes",
        tuple(views.hero_card(ix, h) for h in ix.heroes),
        BACKS["hero"],
        (*(h.loc.path for h in ix.heroes), game_src, *CARD_TEMPLATES),
        options,
        hero_backs,
        tuple((h.loc.path, game_src, *CARD_TEMPLATES) for h in ix.heroes),
    )
    aid = views.aid_card(ix)
    copies = max(1, sum(ix.component("player-aid-card")))
    out += _deck("player-aid", (aid,) * copies, BACKS["aid"], (game_src, *CARD_TEMPLATES), options)
    for deck in ix.challenges:
        cards = tuple(
            views.challenge_card(ix, deck.team, i, c) for i, c in enumerate(deck.cards, 1)
        )
        out += _deck(
            f"challenge-{deck.team}",
            cards,
            BACKS[f"challenge-{deck.team}"],
            (deck.loc.path, game_src, *CARD_TEMPLATES),
            options,
        )
    quests = tuple(
        views.quest_card(ix, q.faction, c, is_placeholder(q, f"cards.{i}"))
        for q in ix.quests
        for i, c in enumerate(q.cards)
    )
    if quests:
        out += _deck(
            "quests",
            quests,
            BACKS["quest"],
            (*(q.loc.path for q in ix.quests), game_src, *CARD_TEMPLATES),
            options,
        )
    for treasure in ix.treasure:  # every copy of every card: the deck as the table counts it
        out += _deck(
            treasure.deck,
            views.treasure_cards(ix, treasure),
            BACKS[treasure.deck],
            (treasure.loc.path, game_src, *CARD_TEMPLATES),  # game.yaml: the draw costs
            options,
        )
    return out


def back_outputs(
    ix: Index, options: BuildOptions, hero_backs: tuple[views.Back, ...]
) -> list[Output]:
    """The duplex calibration sheet (home printing: print it first, it reads the printer's
    `--back-offset`) and every deck's back, each hero Set's too with `--backs expansion`."""
    game_src = ix.game.loc.path
    out = calibration_outputs(POKER, options, game_src)
    backs = tuple(BACKS.values()) + (
        tuple(dict.fromkeys(hero_backs)) if options.backs == "expansion" else ()
    )
    out.append(
        Output(
            "cards/backs.pdf",
            "card-backs",
            (game_src, *CARD_TEMPLATES),
            partial(render_backs, POKER, backs),
            group="backs",
        )
    )
    return out


def reference_outputs(ix: Index) -> list[Output]:
    """The reference sheet, the table screen and the offline companion page, the last two
    generated from the rules procedures."""
    game = ix.game
    game_src = game.loc.path
    built = panels(ix)
    decks = tuple(d.loc.path for d in ix.challenges)
    ref = (
        game.title,
        tuple(game.pieces.vista_keys),
        tuple(game.designs),
        tuple(game.lengths),
        faces(ix),
        built,
        # the designs the kit names (the rulebook's first is unnamed): marked
        tuple(i for i in range(len(game.designs)) if is_placeholder(game, f"designs.{i}.name")),
    )
    tally = Tally("worldspanner/tally.html.j2", tally_data(ix))
    return [
        Output(
            "reference/vista-keys.pdf",
            "reference",
            (game_src, *decks, "templates/worldspanner/reference.html.j2", *SCREEN_TEMPLATES),
            partial(render_reference, ref),
            group="reference",
            cost=1,
        ),
        Output(
            "reference/dm-screen.pdf",
            "dm-screen",
            (game_src, *decks, *SCREEN_TEMPLATES),
            partial(render_screen, game.title, built, 8.6),
            group="reference",
            cost=2,
        ),
        companion_output(game.title, built, tally, (game_src, *decks)),
    ]


def setup_outputs(ix: Index, options: BuildOptions) -> list[Output]:
    """A sample set-up sheet of each map design (SVG and PDF), drawn from the kit's seed
    (not drawn when only the paths are wanted)."""
    game = ix.game
    game_src = game.loc.path
    out = []
    for d in game.designs:
        name = f"{d.id}-seed-{SETUP_SEED}"
        if options.paths_only:  # `toolkit check` wants the paths: no sheet is drawn
            out += boards.board_outputs(
                name, "", (1.0, 1.0), d.name, (game_src,), options, folder="setup"
            )[:2]
            continue
        sheet = generate(game, d.id, SETUP_SEED, pieces=ix.map_pieces)
        w, h, title, svg = setup_sheet(sheet, game.title, ix.map_pieces, ix.domes)
        out += boards.board_outputs(
            name,
            svg,
            (w, h),
            title,
            (game_src, *template_sources("worldspanner", "setup")),
            options,
            folder="setup",
            pieces=footprints(ix.components),
        )[:2]
    return out


def balance_output(ix: Index) -> Output:
    """kit/balance.md, from every hero's value under the game's cost model."""
    game = ix.game
    rows = tuple((h.name, ix.faction_name(h.faction), ix.value(h)) for h in ix.heroes)
    return Output(
        "kit/balance.md",
        "balance",
        (*(h.loc.path for h in ix.heroes), game.loc.path),
        partial(render_balance, rows, game.balance.target, game.balance.tolerance),
        group="reference",
        cost=0,
    )
