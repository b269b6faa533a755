"""Kit stage: the preview gallery, `build/<game>/index.html`.

A static page, usable offline, showing every sheet, card sheet, board and deck grid of
the kit as a picture linked to its file, grouped by the component each file prints (from
the game's components.yaml), with a link to kit/PRINT.md. Pictures of PDFs are first
pages rasterised by poppler's `pdftoppm` into `preview/`, redrawn only when their PDF
changed; SVG boards and PNG grids are shown as they are. The page checks itself on load
and says so if a picture is missing.
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from toolkit.core.walk import files_under
from toolkit.kit.manifest import Manifest, file_digest
from toolkit.render.templates import environment, render
from toolkit.write.outfolder import OutFolder

SECTIONS = (
    ("sheet", "Information Sheets"),
    ("card-sheet", "Cards, ready to cut"),
    ("card-faces", "Card faces for a print shop"),
    ("card-backs", "Card backs"),
    ("card-calibration", "Duplex calibration"),
    ("board", "Boards"),
    ("board-tiles", "Boards tiled for home printing"),
    ("cut-sheet", "Badges and strips, ready to cut"),
    ("counter-sheet", "Counters and markers, double-sided"),
    ("token-sheet", "Tokens, chits, pawns and standees"),
    ("form", "Forms"),
    ("playmat", "Playmats"),
    ("reference", "Reference sheets"),
    ("dm-screen", "DM screen"),
    ("tts", "Tabletop Simulator decks"),
    ("deck", "Whole decks"),
    ("coverage", "What is left to write"),
)


def _thumbnail(folder: OutFolder, pdf: Path, png: Path) -> bool:
    """First page of a PDF as a small PNG (atomic, in `folder`); False when poppler is
    missing."""
    if shutil.which("pdftoppm") is None:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        stem = Path(tmp) / "t"
        proc = subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                "22",
                "-f",
                "1",
                "-l",
                "1",
                "-singlefile",
                str(pdf),
                str(stem),
            ],
            capture_output=True,
            timeout=120,
        )
        if proc.returncode != 0:
            return False
        folder.write_bytes(
            png.relative_to(folder.root).as_posix(), stem.with_suffix(".png").read_bytes()
        )
    return True


Items = dict[str, list[dict[str, str]]]  # section key -> its files (path, thumb, name, pages)
Groups = list[tuple[str, str, tuple[str, ...]]]  # a component's key, title, file patterns


def build_gallery(
    title: str,
    game_out: Path,
    manifest: Manifest,
    groups: tuple[tuple[str, tuple[str, ...]], ...] = (),
) -> Path:
    """Write preview pictures and index.html (headed with the game's title) for the outputs
    listed in the manifest, recording each file written in it: a section per component
    (`groups`: its title and the patterns of its files, from components.yaml), then a
    section per kind for the files of none. Pictures are drawn and pruned only where the
    manifest says the toolkit wrote them: a file of the user's is never overwritten or
    deleted."""

    entries = manifest.entries
    by_component = [(f"component:{t}", t, pats) for t, pats in groups]
    items, todo = _items(game_out, manifest, by_component)
    wanted = _draw_previews(game_out, manifest, items, todo)
    _prune_previews(game_out, manifest, wanted)
    sections = [(t, items[key]) for key, t, _p in by_component if items[key]]
    sections += [(t, items[kind]) for kind, t in SECTIONS if items[kind]]
    # pages beside the gallery (the offline companion), linked rather than pictured
    pages = [path for path in sorted(entries) if entries[path]["kind"] == "companion"]
    html = render(
        environment(),
        "common/gallery.html.j2",
        game=title,
        sections=sections,
        total=sum(len(v) for _, v in sections),
        pages=pages,
    )
    index = manifest.folder.write_text("index.html", html)
    manifest.written["index.html"] = hashlib.sha256(html.encode("utf-8")).hexdigest()
    manifest.settle(game_out)
    return index


def _items(
    game_out: Path, manifest: Manifest, by_component: Groups
) -> tuple[Items, list[tuple[Path, Path]]]:
    """Each output the gallery shows, in the section of its component (else of its kind),
    with the picture it is shown by; and the (PDF, picture) pairs still to be drawn."""
    entries = manifest.entries
    items: Items = {key: [] for key, _t, _p in by_component}
    items.update({kind: [] for kind, _ in SECTIONS})
    todo: list[tuple[Path, Path]] = []
    for path in sorted(entries):
        e = entries[path]
        kind = e["kind"]
        if kind not in items:
            continue
        owner = next(
            (
                key
                for key, _t, pats in by_component
                if any(fnmatch.fnmatchcase(path, p) for p in pats)
            ),
            kind,
        )
        thumb = path if path.endswith((".svg", ".png")) else ""  # a page is linked by name
        if path.endswith(".pdf"):
            if kind == "board" and (game_out / path).with_suffix(".svg").exists():
                continue  # the SVG of the same board is shown instead
            thumb = f"preview/{path[:-4]}.{e['sha256'][:16]}.png"
            if not os.path.lexists(game_out / thumb):
                todo.append((game_out / path, game_out / thumb))
            elif not manifest.owns(thumb):
                thumb = ""  # someone else's file has that very name: left alone, not shown
        items[owner].append(
            {
                "path": path,
                "thumb": thumb,
                "name": Path(path).stem,
                "pages": str(e.get("pages", "")),
            }
        )
    return items, todo


def _draw_previews(
    game_out: Path, manifest: Manifest, items: Items, todo: list[tuple[Path, Path]]
) -> set[str]:
    """Draw the pictures still to be drawn, recording each in the manifest; an item whose
    picture failed is shown without one. The pictures the gallery shows."""
    manifest.claim(game_out, [png.relative_to(game_out).as_posix() for _pdf, png in todo])
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:  # pdftoppm processes
        done = pool.map(lambda t: _thumbnail(manifest.folder, *t), todo)
        failed = {str(png) for (_pdf, png), ok in zip(todo, done, strict=True) if not ok}
    wanted = set()
    for group in items.values():
        for it in group:
            if str(game_out / it["thumb"]) in failed:
                it["thumb"] = ""
            elif it["thumb"].startswith("preview/"):
                wanted.add(it["thumb"])
                manifest.written[it["thumb"]] = file_digest(game_out / it["thumb"]) or ""
    return wanted


def _prune_previews(game_out: Path, manifest: Manifest, wanted: set[str]) -> None:
    """Remove the pictures the toolkit drew of outputs that are gone (a deleted content
    file), and forget those gone from the disk already."""
    for old in files_under(game_out / "preview", (".png",)):
        rel = old.relative_to(game_out).as_posix()
        if rel not in wanted and manifest.owns(rel):
            manifest.folder.remove(rel)
            manifest.written.pop(rel, None)
    for rel in [p for p in manifest.written if p.startswith("preview/") and p not in wanted]:
        del manifest.written[rel]  # gone from the disk already
