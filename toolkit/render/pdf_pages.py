"""Write stage: PDF pages moved between files with pikepdf, the same bytes every build.

A file's pages joined as they are; pages of one file drawn on the pages of another as
forms (a card sheet's cards in their cells, a board under each of its tiles); a copied
page given resources of its own, named by the caller; a file saved without a time or a
random id. pikepdf takes about 30 ms to import: this module is imported only where a file
is put together, never by `toolkit check`, which lists the outputs without making them.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pikepdf

if TYPE_CHECKING:
    from toolkit.render.tiling import TileGrid


def own_resources(page: Any, xobjects: Any) -> None:
    """Give a page a resource dictionary of its own (a copied page shares its original's),
    holding `xobjects` (name -> form or image) beside what it had. The names are the
    caller's: pikepdf's `add_resource` makes up random ones, and a file must be the same
    from one build to the next."""

    own = pikepdf.Dictionary()
    had = page.obj.get("/Resources")
    if had is not None:
        for key, value in had.items():
            own[key] = value
    merged = pikepdf.Dictionary()
    for key, value in (own.get("/XObject") or {}).items():
        merged[key] = value
    for key, value in xobjects.items():
        merged[key] = value
    own.XObject = merged
    page.obj.Resources = own


def saved(pdf: Any, version: str | None = None) -> bytes:
    """A document put together here (a deck, tiles, n-up card sheets) as bytes: the same
    bytes for the same pages (no time, no random id), at least the PDF version of what it
    was made from, its many small dictionaries compressed together in object streams."""

    buf = io.BytesIO()
    pdf.save(
        buf,
        deterministic_id=True,
        min_version=version or pdf.pdf_version,
        object_stream_mode=pikepdf.ObjectStreamMode.generate,
    )
    return buf.getvalue()


def joined(files: Sequence[bytes]) -> bytes:
    """The pages of one-page PDFs in one file, as they are (to rasterise them at once)."""

    with pikepdf.new() as out:
        for data in files:
            with pikepdf.open(io.BytesIO(data)) as src:
                out.pages.extend(src.pages)
        buf = io.BytesIO()
        out.save(buf)
        return buf.getvalue()


# Where a page of the source file goes on a sheet: (its index in the source, x, y), in
# points from the sheet's bottom left to the corner of the page's media box
Placed = tuple[int, float, float]


def placed(frames: bytes, pages: bytes, sheets: Sequence[Sequence[Placed]]) -> bytes:
    """A sheet a list of `sheets`, each a copy of a page of `frames` (sheet i of page
    i modulo their count: fronts and backs alternating) with pages of `pages` drawn on it,
    under what the frame draws: each as a form of the whole page with its bleed (a form
    of a page is cut to its trim), drawn from its media box's corner. Each source page is
    one shared drawing however many sheets place it."""

    with pikepdf.open(io.BytesIO(frames)) as doc, pikepdf.open(io.BytesIO(pages)) as src:
        sides = len(doc.pages)
        forms, origins = [], []
        for p in src.pages:
            form = p.as_form_xobject()
            form.BBox = p.mediabox
            forms.append(doc.copy_foreign(form))
            origins.append((float(p.mediabox[0]), float(p.mediabox[1])))
        for _ in range(len(sheets) // sides - 1):
            for side in range(sides):
                doc.pages.append(doc.pages[side])  # a copy, its own page object
        for n, sheet in enumerate(sheets):
            page = doc.pages[n]
            draw, forms_here = [], pikepdf.Dictionary()
            for i, (which, x, y) in enumerate(sheet):
                forms_here[f"/Card{i}"] = forms[which]
                ox, oy = origins[which]
                draw.append(f"q 1 0 0 1 {x - ox:.3f} {y - oy:.3f} cm /Card{i} Do Q")
            own_resources(page, forms_here)
            page.contents_add(doc.make_stream("\n".join(draw).encode()), prepend=True)
        return saved(doc)


def under_tiles(frames: bytes, board: bytes, grid: TileGrid, ph: float) -> bytes:
    """`frames` (one page a tile) with the board's page drawn under each, in PDF points
    from the page's bottom left: the board's top left at the tile's printable area's top
    left less the tile's offset into the board, clipped to that area."""

    k = 72 / 25.4  # points a millimetre
    with pikepdf.open(io.BytesIO(frames)) as doc, pikepdf.open(io.BytesIO(board)) as src:
        page0 = src.pages[0]
        board_h = float(page0.mediabox[3]) - float(page0.mediabox[1])
        form = doc.copy_foreign(page0.as_form_xobject())
        if len(doc.pages) != len(grid.tiles):
            raise ValueError(f"{len(doc.pages)} tile pages for {len(grid.tiles)} tiles")
        left, bottom = grid.left * k, (ph - grid.top - grid.th) * k
        name = "/ToolkitBoard"  # its own name, the same in every build (`own_resources`)
        for tile, page in zip(grid.tiles, doc.pages, strict=True):
            own_resources(page, {name: form})
            dx, dy = (grid.left - tile.x) * k, (ph - grid.top + tile.y) * k - board_h
            draw = (
                f"q {left:.3f} {bottom:.3f} {grid.tw * k:.3f} {grid.th * k:.3f} re W n "
                f"1 0 0 1 {dx:.3f} {dy:.3f} cm {name} Do Q\n"
            )
            page.contents_add(doc.make_stream(draw.encode()), prepend=True)
        return saved(doc)
