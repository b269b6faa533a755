"""The Forty Factions kit for Tabletop Simulator: each deck's cards on PNG deck sheets,
their back as a picture of its own, and a saved object that loads a deck in one step
(`toolkit.kit.tts`).

A sheet's cells are the cards' own pages, as the kit prints them (`toolkit.render.card_files`),
rasterised by poppler's pdftoppm; a sheet is a PNG in bands (`toolkit.render.png_bands`), so
a one-card edit draws one cell and compresses one band again.
"""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import tempfile
from functools import partial
from pathlib import Path
from typing import Any

from PIL import Image

import toolkit.games.forty_factions.views as views
from toolkit.core.outputs import Output
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.outputs.cards import CARD
from toolkit.kit.manifest import Manifest
from toolkit.kit.tts import Sheet, saved_object_json
from toolkit.render import png_bands
from toolkit.render.card_files import card_path
from toolkit.render.cards import render_backs, with_bleed
from toolkit.render.session import Session

TTS_COLS, TTS_ROWS, TTS_MAX_PX = 10, 7, 4096  # Tabletop Simulator's deck-sheet limits
TTS_CELLS = "toolkit-tts-cells"  # the text chunk of a TTS sheet saying what it was drawn from


def tts_outputs(
    ix: Index, srcs: tuple[str, ...], copies: int = 1, backs: str = "uniform"
) -> list[Output]:
    """One TTS deck sheet per 69 cards of each deck, every card as many times as the kit
    prints it, with its back as a picture of its own; and per deck the saved object that
    loads them all in one step. A sheet has one hidden card, its back: with `--backs
    expansion` each expansion's cards get sheets of their own, behind their own back."""

    out = []
    for folder, docs, kind in (
        ("factions", ix.faction_list, "faction"),
        ("plots", ix.plot_list, "plot"),
    ):
        codes = dict.fromkeys(d.expansion for d in docs) if backs == "expansion" else {"": None}
        sheets: list[Sheet] = []
        for code in codes:
            cards = [
                (card_path(folder, Path(d.loc.path).stem), views.card(ix, d))
                for _ in range(copies)
                for d in docs
                if not code or d.expansion == code
            ]
            back = views.back(ix, kind, code or "base")
            out += _sheet_outputs(folder, cards, back, srcs, sheets)
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


def _sheet_outputs(
    folder: str,
    cards: list[tuple[str, views.Card]],
    back: views.Card,
    srcs: tuple[str, ...],
    sheets: list[Sheet],
) -> list[Output]:
    """The deck sheets of `cards` (their own pages' paths, and the cards) behind `back`,
    numbered on from those of the deck already in `sheets`, to which each is added."""
    out = []
    per_sheet = TTS_COLS * TTS_ROWS - 1
    for start in range(0, len(cards), per_sheet):
        n = len(sheets) + 1
        chunk = cards[start : start + per_sheet]
        pages = tuple(path for path, _card in chunk)
        face, behind = f"{folder}-{n}.png", f"{folder}-{n}-back.png"
        # measured: drawn over the last sheet after a card edit (the case the cost is
        # weighed in, `toolkit.commands.build._shares`), 75 ms for 69 cards; drawn whole,
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
        named = tuple(
            (c.name, f"{c.kind.title()} {c.number} · {c.expansion_name}") for _, c in chunk
        )
        sheets.append(Sheet(face, behind, named))
    return out


def _raster(pdf: bytes, dpi: float, pages: int = 1) -> list[Image.Image]:
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
    # pikepdf: 30 ms to import, only where a deck sheet is drawn
    from toolkit.render.pdf_pages import joined

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
    faces = _raster(joined([pages[i] for i in todo]), dpi, len(todo)) if todo else []
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


def _previous_sheet(
    session: Session, path: str, layout: str, count: int
) -> tuple[Any, list[str]] | None:
    """The sheet the last build wrote at `path` (`toolkit.render.png_bands.Banded`), and the
    digest each cell was drawn from: when the file is the one recorded in the kit's
    manifest (not edited by hand since, nor damaged), was written in bands, and was drawn
    with this `layout` for as many cells."""

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


def render_tts_json(title: str, sheets: tuple[Sheet, ...], session: Session) -> bytes:
    """The Tabletop Simulator saved object of one deck (`toolkit.kit.tts`)."""

    session.pages = 0
    return saved_object_json(title, sheets, TTS_COLS, TTS_ROWS, session.options.tts_url)
