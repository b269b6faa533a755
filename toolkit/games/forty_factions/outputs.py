"""The Forty Factions kit: which files it has, and how each is rendered.

Sheets are laid out one per document so that a sheet that does not fit on one
page is caught and named; a deck PDF is assembled from the sheets' PDFs as
written (no second layout, one copy of each font: `toolkit.render.deck_pdf`), so an
edit to one faction re-lays out one sheet. Cards are faces (one card per page,
with bleed, for a print shop), backs, and n-up sheets with crop marks for a
home printer, fronts and mirrored backs alternating for duplex printing.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import io
import json
import subprocess
import tempfile
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from PIL import Image

import toolkit.games.forty_factions.components as components
import toolkit.games.forty_factions.views as views
from toolkit.core.diagnostics import Diagnostic, Loc, Severity
from toolkit.core.errors import ToolkitError
from toolkit.core.outputs import BuildOptions, Output, RenderFailure
from toolkit.games.forty_factions.board_views import GAME
from toolkit.games.forty_factions.components import setting
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.screen import panels
from toolkit.games.forty_factions.tally import tally_data
from toolkit.kit.export import export_outputs
from toolkit.kit.guide import Kind, guide_output
from toolkit.kit.manifest import Manifest
from toolkit.kit.shops import profile
from toolkit.kit.tts import Sheet, saved_object_json
from toolkit.model.components import Components, bring_rows
from toolkit.model.content import ContentSet
from toolkit.render import boards
from toolkit.render.board_spaces import footprints
from toolkit.render.board_style import template_sources
from toolkit.render.cards import (
    CardFormat,
    card_outputs,
    card_path,
    render_backs,
    render_calibration,
    with_bleed,
)
from toolkit.render.companion import COMPANION_TEMPLATES, Tally, render_companion
from toolkit.render.counters import counter_outputs
from toolkit.render.screen import SCREEN_TEMPLATES, render_screen
from toolkit.render.session import Session
from toolkit.render.templates import render

SCALES = (1.0, 0.93, 0.86)  # a sheet may be set smaller, down to 86 %, to fit one page
# tarot size, 70 x 120 mm with 3 mm bleed (issue 4)
CARD = CardFormat(
    70.0, 120.0, "forty-factions/card.html.j2", "forty-factions/card.css", "Forty Factions cards"
)
SHEET_TEMPLATES = (
    "templates/forty-factions/sheets.html.j2",
    "templates/forty-factions/sheet.css",
    "templates/common/fonts.css",
)
CARD_TEMPLATES = (
    "templates/forty-factions/card.html.j2",
    "templates/forty-factions/card.css",
    "templates/common/cards.html.j2",
    "templates/common/fonts.css",
)


@dataclass(frozen=True)
class SheetJob:
    """A sheet's view plus where its fields are in its content file (for messages)."""

    sheet: views.Sheet
    source: str
    field_locs: tuple[tuple[str, Loc], ...]


def _layout_sheet(session: Session, sheet: views.Sheet, scale: float):  # type: ignore[no-untyped-def]
    """One sheet laid out at `scale` of the normal text size, titled with its number and
    name (a PDF viewer shows the title)."""
    opts = session.options
    html = render(
        session.env,
        "forty-factions/sheets.html.j2",
        sheets=[sheet],
        title=f"{sheet.number} {sheet.name}",
        paper=opts.paper,
        page_size=opts.page_size,
        proof=opts.proof,
        final=opts.final,
        scale=scale,
    )
    return session.layout(html)


def sheet_layout(session: Session, job: SheetJob):  # type: ignore[no-untyped-def]
    """Lay out one sheet on one page, shrinking within SCALES if needed (cached)."""
    # WeasyPrint takes 1.1 s to import: only where a page is laid out
    from toolkit.render.pdf import page_anchors

    key = ("sheet", repr(job), session.options)
    if key in session.cache:
        return session.cache[key]
    s = job.sheet
    overflow: list[str] = []
    for scale in SCALES:
        doc = _layout_sheet(session, s, scale)
        if len(doc.pages) == 1:
            if scale != 1.0:
                session.warnings.append(
                    Diagnostic(
                        Loc(job.source),
                        Severity.WARNING,
                        "RENDER-SHRUNK",
                        f"{s.kind} sheet {s.number} is set at {scale:.0%} of the normal text size "
                        "to fit one page; shorten its text to print it at full size",
                    )
                )
            session.cache[key] = doc
            return doc
        spill = set().union(*page_anchors(doc)[1:])
        overflow = [f.key for f in s.fields if f"{s.anchor}-{f.key}" in spill]
    field = overflow[0] if overflow else (s.fields[-1].key if s.fields else "name")
    locs = dict(job.field_locs)
    raise RenderFailure(
        Diagnostic(
            locs.get(field, Loc(job.source)),
            Severity.ERROR,
            "RENDER-OVERFLOW",
            f"{s.kind} sheet {s.number} ({s.name}) does not fit on one page even at "
            f"{SCALES[-1]:.0%} text size: `{field}` runs onto a second page; shorten it",
        )
    )


def render_sheet(job: SheetJob, session: Session) -> bytes:
    """A sheet's own PDF, one page."""
    return session.write(sheet_layout(session, job))


def fit_sheet(job: SheetJob, session: Session) -> object:
    """Whether a sheet fits one page, without writing it (`toolkit check --layout`)."""
    return sheet_layout(session, job)


def render_deck(title: str, sheets: tuple[str, ...], session: Session) -> bytes:
    """Every sheet of a deck, one a page, from the sheets' PDFs this build wrote."""
    # pikepdf and fontTools (0.2 s to import): only where a deck is assembled
    from toolkit.render.deck_pdf import assemble

    data, session.pages = assemble([session.part(path) for path in sheets], title)
    return data


DECK_PAGE = 0.05  # a deck is assembled in about 2 ms a sheet, in sheet-pages of 40 ms


def _sheet_cost(sheet: views.Sheet) -> float:
    """What a sheet costs to render, in sheet-pages of 40 ms. Measured on the shipped
    content: a layout takes about 17 ms and 0.08 ms a character of text, writing the
    sheet's PDF 8 ms and 0.03 ms a character."""
    chars = sum(len(it.text) for f in sheet.fields for it in f.items)
    return (25 + 0.11 * chars) / 40


def _field_locs(doc: object, sheet: views.Sheet) -> tuple[tuple[str, Loc], ...]:
    return tuple((f.key, doc.loc_of(f.key)) for f in sheet.fields)  # type: ignore[attr-defined]


def outputs(content: ContentSet, options: BuildOptions) -> list[Output]:
    """Every output of the Forty Factions kit (sheets, decks, cards)."""
    ix = Index.build(content)
    if ix is None:
        return []
    if options.expansions is not None:
        # the DM's choice of expansions (13.2.1.2): the base game always, plus those chosen
        chosen = options.expansions | {"base"}
        unknown = sorted(chosen - ix.expansions)
        if unknown:
            raise ToolkitError(
                f"unknown expansion(s) {', '.join(unknown)}; this game has "
                f"{', '.join(e.code for e in ix.game.expansions)}"
            )
        ix = dataclasses.replace(
            ix,
            faction_list=[f for f in ix.faction_list if f.expansion in chosen],
            plot_list=[p for p in ix.plot_list if p.expansion in chosen],
        )
    game_src = ix.game.loc.path
    out: list[Output] = []
    parts = content.one("components", Components)
    copies = components.decks(ix, parts)  # complete Tarot decks to print, one a table
    decks = (
        ("faction", "factions", ix.faction_list, views.faction_sheet),
        ("plot", "plots", ix.plot_list, views.plot_sheet),
    )
    for kind, folder, docs, make_sheet in decks:
        sheets = []
        for d in docs:
            sheet = make_sheet(ix, d)  # type: ignore[operator]
            src = d.loc.path
            job = SheetJob(sheet, src, _field_locs(d, sheet))
            path = f"sheets/{folder}/{Path(src).stem}.pdf"
            sheets.append(path)
            out.append(
                Output(
                    path=path,
                    kind="sheet",
                    sources=(src, game_src, *SHEET_TEMPLATES),
                    render=partial(render_sheet, job),
                    cost=_sheet_cost(sheet),
                    fit=partial(fit_sheet, job),
                )
            )
        title = f"Anarea: Forty Factions · {kind.title()} Information Sheets"
        out.append(
            Output(
                path=f"sheets/{folder}.pdf",
                kind="deck",
                sources=(*(d.loc.path for d in docs), game_src, *SHEET_TEMPLATES),
                render=partial(render_deck, title, tuple(sheets)),
                parts=tuple(sheets),
                cost=DECK_PAGE * len(sheets),
            )
        )
        # every card of the deck alone, then the deck's card files assembled from them,
        # holding each card once per deck the kit prints (components.yaml `tarot-deck`)
        srcs = (*(d.loc.path for d in docs), game_src, *CARD_TEMPLATES)
        if parts is not None:
            srcs += (parts.loc.path,)
        # a card's back shows its kind and expansion, which the card itself carries
        behind = tuple(
            views.back(ix, kind, d.expansion if options.backs == "expansion" else "base")
            for d in docs
        )
        out += card_outputs(
            folder,
            CARD,
            [
                (Path(d.loc.path).stem, views.card(ix, d), (d.loc.path, game_src, *CARD_TEMPLATES))
                for d in docs
            ],
            behind,
            srcs,
            options,
            copies,
            cost=0.5,
        )
        if options.export:
            # each card behind the back of cards/backs.pdf: one back a deck kind, or one a
            # kind and expansion with `--backs expansion` (so a shop gets one back file)
            behind = {
                code: views.back(ix, kind, code if options.backs == "expansion" else "base")
                for code in dict.fromkeys(d.expansion for d in docs)
            }
            pairs = tuple(
                (behind[d.expansion], views.card(ix, d)) for _ in range(copies) for d in docs
            )
            out += export_outputs(profile(options.export), folder, CARD, pairs, srcs)
    backs = []
    for kind, docs in (("faction", ix.faction_list), ("plot", ix.plot_list)):
        # uniform backs are one per deck kind; expansion backs one per kind and expansion
        codes = (
            dict.fromkeys(d.expansion for d in docs)
            if options.backs == "expansion"
            else {"base": None}
        )
        for code in codes:
            backs.append(views.back(ix, kind, code))
    if options.preset == "home":
        out.append(
            Output(
                f"cards/duplex-calibration-{options.paper}.pdf",
                "card-calibration",
                (game_src, "templates/common/cards.html.j2"),
                partial(render_calibration, CARD),
                group="backs",
                cost=1,
            )
        )
    out.append(
        Output(
            "cards/backs.pdf",
            "card-backs",
            (game_src, *CARD_TEMPLATES),
            partial(render_backs, CARD, tuple(backs)),
            group="backs",
        )
    )
    out.extend(board_outputs(ix, content, options))
    out.extend(tts_outputs(ix, (game_src, *CARD_TEMPLATES), copies, options.backs))
    out.extend(reference_outputs(ix, content, options))
    if parts is not None:
        out += counter_outputs(
            "forty-factions",
            "Forty Factions",
            parts,
            setting(ix),
            options,
            (game_src, *sorted(f for f in content.files if "/boards/" in f)),
        )
    bring = bring_rows(parts, setting(ix)) if parts is not None else ()
    out.append(guide_output("Forty Factions", out, KIND_TEXT, GUIDE, (game_src,), bring))
    return out


# the boards that print placeholder values (and mark them)
MARKED = frozenset(
    {"main", "council", "sacred-circles", "gathering", "hall-of-mirrors", "congress"}
)
BOARDS = (
    ("main", "toolkit.games.forty_factions.main_boards:main_board", ""),
    ("council", "toolkit.games.forty_factions.council_board:council_board", ""),
    ("sacred-circles", "toolkit.games.forty_factions.side_boards:sacred_circles_board", "SC"),
    ("gathering", "toolkit.games.forty_factions.side_boards:gathering_board", "SC"),
    ("hall-of-mirrors", "toolkit.games.forty_factions.dream_boards:mirrors_board", "DD"),
    ("congress", "toolkit.games.forty_factions.dream_boards:congress_board", "DD"),
    ("madness", "toolkit.games.forty_factions.dream_boards:madness_board", "DD"),
)


def reference_outputs(ix: Index, content: ContentSet, options: BuildOptions) -> list[Output]:
    """The DM reference (portrait) and the DM screen (landscape panels to fold): both print
    the panels built from the rules procedures (`screen.py`), never a hand-typed rule, and
    mark the placeholder values they print (not in a `--final` kit)."""

    shown = {n for c in ix.game.setup.pawn_colours for n in c.factions}
    names = {n: ix.name(n) for n in sorted(shown)}
    built = panels(ix, marks=not options.final)
    srcs = (
        ix.game.loc.path,
        *sorted(f for f in content.files if "/boards/" in f),
        *SCREEN_TEMPLATES,
    )
    return [
        Output(
            "reference/dm-reference.pdf",
            "reference",
            (*srcs, "templates/forty-factions/reference.html.j2"),
            partial(render_reference, ix.game, names, built),
            group="reference",
            cost=2,
        ),
        Output(
            "reference/dm-screen.pdf",
            "dm-screen",
            srcs,
            partial(render_screen, ix.game.title, built, 8.2),
            group="reference",
            cost=2,
        ),
        Output(
            "companion.html",
            "companion",
            (*srcs, *COMPANION_TEMPLATES, "templates/forty-factions/tally.html.j2"),
            partial(
                render_companion,
                ix.game.title,
                built,
                Tally("forty-factions/tally.html.j2", tally_data(ix)),
            ),
            group="reference",
            cost=0.3,
        ),
    ]


def render_reference(
    game: object, names: dict[int, str], panels: tuple[object, ...], session: Session
) -> bytes:
    """The DM reference sheets: pawn colours, the rules' summary of voting, every panel."""
    html = render(
        session.env,
        "forty-factions/reference.html.j2",
        game=game,
        names=names,
        panels=panels,
        page_size=session.options.page_size,
    )
    return session.pdf(html)


KIND_TEXT = {
    "deck": Kind(
        "every Information Sheet of the deck, one per page",
        how="each player gets the sheets of the cards they hold (4.1, 5.5)",
    ),
    "card-sheet": Kind(
        "tarot-size cards 4-up with crop marks; each fronts page is followed by its backs",
        stock="card",
        duplex=True,
        how="flip on the long edge; cut on the marks",
    ),
    "card-faces": Kind(
        "one card per page with 3 mm bleed (70 x 120 mm trim)",
        stock="shop",
        how="as the shop asks; backs from cards/backs.pdf",
    ),
    "card-backs": Kind(
        "one back per deck kind (and per expansion with `--backs expansion`)",
        stock="shop",
        how="as many as the shop's card faces",
    ),
    "reference": Kind(
        "the DM's reference: sequence of play, set-up, voting, VP tables",
        duplex=True,
        how="for the DM",
    ),
}
GUIDE = (
    "Single Information Sheets are in `sheets/factions/` and `sheets/plots/` for reprints: a "
    "sheet goes to the player who holds its card (rules 4.1) and is private to them (4.2).",
    "## Cards\n\n"
    "1. Print one card sheet double-sided, **flip on the long edge**. Hold it to the light: "
    "each back should sit behind its front. If your printer shifts the backs, note by how "
    "many millimetres before printing the rest.\n"
    "2. Cut on the crop marks in the margins: first the long cuts, then the short ones. "
    "Each card is 70 x 120 mm (tarot size); the 3 mm bleed around it is cut away.\n"
    "3. Sleeve the cards if you like: they are the size of an Alleyman's Tarot card.",
)


def board_outputs(ix: Index, content: ContentSet, options: BuildOptions) -> list[Output]:
    """Each board as semantic SVG, a PDF at its physical size and tiles for home printing."""

    out = []
    game_src = ix.game.loc.path
    srcs = (game_src, *sorted(f for f in content.files if f != game_src))
    chosen = (options.expansions or ix.expansions) | {"base", ""}
    pieces = footprints(content.one("components", Components))
    for name, target, exp in BOARDS:
        if exp not in chosen:
            continue
        if options.paths_only:  # `toolkit check` wants the paths: no board is drawn
            out.extend(boards.board_outputs(name, "", (1.0, 1.0), name, srcs, options))
            continue
        module, func = target.split(":")
        draw = getattr(importlib.import_module(module), func)
        # a board that prints placeholder values marks them, but in a `--final` kit
        w, h, title, svg = draw(ix, marks=not options.final) if name in MARKED else draw(ix)
        out.extend(
            boards.board_outputs(
                name,
                svg,
                (w, h),
                title,
                (*srcs, *template_sources(GAME, name)),
                options,
                pieces=pieces,
            )
        )
    return out


TTS_COLS, TTS_ROWS, TTS_MAX_PX = 10, 7, 4096  # Tabletop Simulator's deck-sheet limits


def _raster(pdf: bytes, dpi: float, pages: int = 1) -> list[object]:
    """PDF pages (`pages` of them) as Pillow images, by poppler's pdftoppm (vector text
    stays in the PDFs); as plain pixmaps, which it writes five times faster than PNGs, and
    in two processes at once for a sheet's worth of pages (a one-card edit waits for it)."""

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.pdf"
        src.write_bytes(pdf)
        half = (pages + 1) // 2
        ranges = [(1, half), (half + 1, pages)] if pages > 8 else [(1, pages)]
        procs = [
            subprocess.Popen(
                [
                    "pdftoppm",
                    "-r",
                    f"{dpi:.2f}",
                    "-f",
                    str(a),
                    "-l",
                    str(b),
                    str(src),
                    str(Path(tmp) / "p"),
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            for a, b in ranges
        ]
        for proc in procs:
            _out, err = proc.communicate(timeout=300)
            if proc.returncode:
                raise subprocess.CalledProcessError(proc.returncode, proc.args, stderr=err)
        # pdftoppm pads the page numbers to the widest: sorted by number, not by name
        found = sorted(Path(tmp).glob("p-*.ppm"), key=lambda f: int(f.stem.rsplit("-", 1)[1]))
        images = []
        for page in found:
            with Image.open(page) as im:
                images.append(im.convert("RGB"))
        return images


def _joined(files: list[bytes]) -> bytes:
    """The pages of one-page PDFs in one file, as they are (to rasterise them at once)."""

    # pikepdf takes 0.12 s to import: only where PDFs are assembled
    import pikepdf

    with pikepdf.new() as out:
        for data in files:
            with pikepdf.open(io.BytesIO(data)) as src:
                out.pages.extend(src.pages)
        buf = io.BytesIO()
        out.save(buf)
        return buf.getvalue()


def render_tts(cards: tuple[str, ...], back: views.Card, path: str, session: Session) -> bytes:
    """A Tabletop Simulator deck sheet: up to 69 faces (`cards`, the cards' own pages, as
    the kit prints them) on a 10 x 7 grid at most 4096 px a side, the last cell holding
    the hidden card (the back).

    The sheet is a PNG in bands, a row of cards each (`toolkit.render.png_bands`), and carries in
    a text chunk what each cell was drawn from (the digest of each card's page and of the
    back's). When the sheet at `path` is the file the last build wrote (its digest in the
    kit's manifest) and was drawn with the same layout, only the cells whose card changed
    are rasterised again, placed in their bands, and those bands alone compressed again (a
    one-card edit: one page and one band, not seventy and seven); the file is the same,
    byte for byte, as one drawn whole."""

    # pikepdf and WeasyPrint (1.2 s to import): only where a page is drawn
    from toolkit.render import png_bands

    cell_h = TTS_MAX_PX // TTS_ROWS
    cell_w = int(cell_h * CARD.width / CARD.height)
    dpi = cell_h / (CARD.height / 25.4)
    bleed_px = round(with_bleed(CARD, session).bleed / 25.4 * dpi)  # as the cards drew it
    pages = [session.part(p) for p in cards] + [render_backs(CARD, (back,), session)]
    cells = [hashlib.sha256(page).hexdigest() for page in pages]
    layout = f"{session.code}:{TTS_COLS}x{TTS_ROWS}:{cell_w}x{cell_h}:{dpi:.4f}:{bleed_px}"
    text = {TTS_CELLS: json.dumps({"layout": layout, "cells": cells})}
    previous = _previous_sheet(session, path, layout, len(cells))
    if previous is None:  # drawn whole
        sheet = png_bands.blank(cell_w * TTS_COLS, cell_h * TTS_ROWS, cell_h)
        drawn: list[str] = []
    else:  # drawn over the last build's sheet
        sheet, drawn = previous
    todo = [i for i, digest in enumerate(cells) if i >= len(drawn) or drawn[i] != digest]
    faces = _raster(_joined([pages[i] for i in todo]), dpi, len(todo)) if todo else []
    bands: dict[int, Image.Image] = {}  # each band drawn on, decoded once
    for i, img in zip(todo, faces, strict=True):
        cell = (TTS_COLS * TTS_ROWS - 1) if i == len(pages) - 1 else i
        trimmed = img.crop((bleed_px, bleed_px, img.width - bleed_px, img.height - bleed_px))
        if trimmed.size != (cell_w, cell_h):  # drawn at the cell's size, but for rounding
            trimmed = trimmed.resize((cell_w, cell_h), Image.Resampling.LANCZOS)
        row = cell // TTS_COLS
        if row not in bands:  # a sheet drawn whole starts each band white, not decoded
            bands[row] = (
                sheet.decode(row)
                if previous is not None
                else Image.new("RGB", (cell_w * TTS_COLS, cell_h), "white")
            )
        bands[row].paste(trimmed, ((cell % TTS_COLS) * cell_w, 0))
    for row, band in bands.items():
        sheet.replace(row, band)
    sheet.text = text
    session.pages = 0
    return sheet.png()


TTS_CELLS = "toolkit-tts-cells"  # the text chunk of a TTS sheet saying what it was drawn from


def _previous_sheet(
    session: Session, path: str, layout: str, count: int
) -> tuple[Any, list[str]] | None:
    """The sheet the last build wrote at `path` (`toolkit.render.png_bands.Banded`), and the
    digest each cell was drawn from: when the file is the one recorded in the kit's
    manifest (not edited by hand since, nor damaged), was written in bands, and was drawn
    with this `layout` for as many cells."""

    # pikepdf and WeasyPrint (1.2 s to import): only where a page is drawn
    from toolkit.render import png_bands

    if session.out_dir is None or not path:
        return None
    entry = Manifest.read(session.out_dir / "kit" / "manifest.json").entries.get(path)
    try:
        data = (session.out_dir / path).read_bytes()
        if entry is None or hashlib.sha256(data).hexdigest() != entry["sha256"]:
            return None
        sheet = png_bands.read(data)
        record = json.loads(sheet.text.get(TTS_CELLS, "null")) if sheet else None
    except (OSError, ValueError):
        return None
    if sheet is None or not isinstance(record, dict) or record.get("layout") != layout:
        return None
    cells = record.get("cells")
    return (sheet, cells) if isinstance(cells, list) and len(cells) == count else None


def render_tts_back(back: views.Card, session: Session) -> bytes:
    """The back of a TTS deck sheet's cards, as its own picture (TTS's `BackURL`), one
    cell of the sheet in size."""

    fmt = with_bleed(CARD, session)
    cell_h = TTS_MAX_PX // TTS_ROWS
    cell_w = int(cell_h * CARD.width / CARD.height)
    dpi = cell_h / (CARD.height / 25.4)
    (img,) = _raster(render_backs(CARD, (back,), session), dpi)
    bleed_px = round(fmt.bleed / 25.4 * dpi)
    img = img.crop((bleed_px, bleed_px, img.width - bleed_px, img.height - bleed_px))
    out = io.BytesIO()
    img.resize((cell_w, cell_h), Image.Resampling.LANCZOS).save(out, format="PNG")
    session.pages = 0
    return out.getvalue()


def render_tts_json(title: str, sheets: tuple[object, ...], session: Session) -> bytes:
    """The Tabletop Simulator saved object of one deck (`toolkit.kit.tts`)."""

    session.pages = 0
    return saved_object_json(
        title,
        sheets,
        TTS_COLS,
        TTS_ROWS,  # type: ignore[arg-type]
        session.options.tts_url,
    )


def tts_outputs(
    ix: Index, srcs: tuple[str, ...], copies: int = 1, backs: str = "uniform"
) -> list[Output]:
    """One TTS deck sheet per 69 cards of each deck, every card as many times as the kit
    prints it, with its back as a picture of its own; and per deck the saved object that
    loads them all in one step. A sheet has one hidden card, its back: with `--backs
    expansion` each expansion's cards get sheets of their own, behind their own back."""

    out = []
    per_sheet = TTS_COLS * TTS_ROWS - 1
    for folder, docs, kind in (
        ("factions", ix.faction_list, "faction"),
        ("plots", ix.plot_list, "plot"),
    ):
        codes = dict.fromkeys(d.expansion for d in docs) if backs == "expansion" else {"": None}
        n = 0
        sheets = []
        for code in codes:
            cards = [
                (card_path(folder, Path(d.loc.path).stem), views.card(ix, d))
                for _ in range(copies)
                for d in docs
                if not code or d.expansion == code
            ]
            back = views.back(ix, kind, code or "base")
            for start in range(0, len(cards), per_sheet):
                n += 1
                chunk = cards[start : start + per_sheet]
                pages = tuple(path for path, _card in chunk)
                face, behind = f"{folder}-{n}.png", f"{folder}-{n}-back.png"
                # measured: drawn over the last sheet after a card edit (the case the cost
                # is weighed in, `toolkit.commands.build._shares`), 75 ms for 69 cards; drawn whole,
                # about 20 ms a card
                out.append(
                    Output(
                        f"tts/{face}",
                        "tts",
                        srcs,
                        partial(render_tts, pages, back, f"tts/{face}"),
                        group=f"tts-{folder}-{n}",
                        parts=pages,
                        cost=1.0 + 0.012 * len(chunk),
                    )
                )
                out.append(
                    Output(
                        f"tts/{behind}",
                        "tts",
                        srcs,
                        partial(render_tts_back, back),
                        group=f"tts-{folder}-{n}",
                        cost=1,
                    )
                )
                sheets.append(
                    Sheet(
                        face,
                        behind,
                        tuple(
                            (c.name, f"{c.kind.title()} {c.number} · {c.expansion_name}")
                            for _path, c in chunk
                        ),
                    )
                )
        if sheets:
            title = f"{ix.game.title}: {folder.title()}"
            out.append(
                Output(
                    f"tts/{folder}.json",
                    "tts-deck",
                    srcs,
                    partial(render_tts_json, title, tuple(sheets)),
                    group=f"tts-{folder}-json",
                    cost=0.1,
                )
            )
    return out
