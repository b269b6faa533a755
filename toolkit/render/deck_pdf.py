"""Write stage: a deck PDF assembled from the PDFs of its sheets.

A deck (every Information Sheet of a kind, one a page) used to be laid out again from
every sheet's layout, so a one-faction edit cost the whole deck's layout (about 5 s for
114 sheets on a 2-core machine). It is now put together from the sheets' own PDF files,
as written: their pages in order, their outline entries and named destinations kept, the
title its own. Joining PDFs naively would embed each face once a sheet (114 copies of EB
Garamond); here each of the kit's faces is embedded once, subset to the union of the
glyphs its sheets use (`toolkit.render.font_subset`). That works because WeasyPrint subsets
keeping glyph ids (its text addresses glyphs by their ids in the whole font, Identity-H):
the union's subset draws every sheet's text, and the widths (`/W`) and text extraction
maps (`/ToUnicode`) of the sheets merge by glyph id.

A face is merged only when it is recognisably one of the fonts shipped in
`templates/common/fonts` (same PostScript name, revision and creation date, every glyph
id within the font); any other font, or a font in a form WeasyPrint does not write, stays
as each sheet embedded it: a larger file, never a wrong glyph. The same sheets give the
same deck, byte for byte: nothing depends on the time or the order of work.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import pikepdf
from fontTools.ttLib import TTFont, TTLibError

from toolkit.core.resources import FONTS
from toolkit.render.font_subset import ready as subset_ready
from toolkit.render.font_subset import subset
from toolkit.render.pdf_pages import saved

_BFCHAR = re.compile(rb"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>")


@dataclass
class _Face:
    """One face across the deck: the sheets' font dictionaries that name it, and what their
    subsets hold between them."""

    font: Any  # the first of its font dictionaries (copied into the deck), the model
    original: bytes | None
    users: list[tuple[Any, str]] = field(default_factory=list)  # (a /Font dict, its key)
    widths: dict[int, Any] = field(default_factory=dict)
    unicode: dict[int, bytes] = field(default_factory=dict)
    mergeable: bool = True


def ready() -> None:
    """Do now what the first deck of a process would (pikepdf, the shipped fonts' names,
    HarfBuzz's bindings): `--watch` warms up with it while waiting for a save."""

    _shipped()
    subset_ready()


def assemble(parts: Sequence[bytes], title: str) -> tuple[bytes, int]:
    """The deck of `parts` (PDF files, in order) titled `title`, and its page count."""

    out = pikepdf.new()
    sources = [pikepdf.open(io.BytesIO(data)) for data in parts]
    try:
        faces: dict[str, _Face] = {}
        dests: list[tuple[str, Any]] = []
        outline: list[tuple[Any, dict[tuple[int, int], Any]]] = []
        for src in sources:
            first = len(out.pages)
            out.pages.extend(src.pages)
            moved = {
                src.pages[i].obj.objgen: out.pages[first + i].obj for i in range(len(src.pages))
            }
            for page in out.pages[first:]:
                for fonts, key in _font_entries(page.obj.get("/Resources"), set()):
                    _note(faces, fonts, key)
            dests += _named_dests(src, moved)
            outline.append((src, moved))
        for face in faces.values():
            if face.mergeable and face.original is not None:
                _merge(out, face)
        _share_xobjects(out)
        _finish(out, sources, dests, outline, title)
        version = max(src.pdf_version for src in sources) if sources else "1.7"
        return saved(out, version), len(out.pages)
    finally:
        for src in sources:
            src.close()
        out.close()


def _font_entries(resources: Any, seen: set[tuple[int, int]]) -> Iterator[tuple[Any, str]]:
    """Each (font dictionary, key) of a resource dictionary and of the forms and patterns
    it draws, each once."""

    if not isinstance(resources, pikepdf.Dictionary):
        return
    if resources.is_indirect:
        if resources.objgen in seen:
            return
        seen.add(resources.objgen)
    fonts = resources.get("/Font")
    if isinstance(fonts, pikepdf.Dictionary):
        for key in sorted(fonts.keys()):
            yield fonts, key
    for kind in ("/XObject", "/Pattern"):
        group = resources.get(kind)
        if isinstance(group, pikepdf.Dictionary):
            for key in sorted(group.keys()):
                inner = group[key]
                if isinstance(inner, pikepdf.Object) and "/Resources" in inner:
                    yield from _font_entries(inner.get("/Resources"), seen)


def _note(faces: dict[str, _Face], fonts: Any, key: str) -> None:
    """Record one sheet's use of a face: its glyphs' widths and text."""
    font = fonts[key]
    name = str(font.get("/BaseFont", ""))
    face = faces.get(name)
    if face is None:
        face = faces[name] = _Face(font, _shipped_original(font))
    face.users.append((fonts, key))
    if not face.mergeable:
        return
    try:
        cid = font.DescendantFonts[0]
        if str(cid.get("/CIDToGIDMap", "")) != "/Identity" or str(font.Encoding) != "/Identity-H":
            raise ValueError(name)
        face.widths.update(_widths(cid.W))
        face.unicode.update(_to_unicode(font.ToUnicode.read_bytes()))
    except (AttributeError, KeyError, IndexError, ValueError, TypeError):
        face.mergeable = False


def _widths(w: Any) -> Iterator[tuple[int, Any]]:
    """The glyph widths of a CID font's /W array: `c [w1 w2 ...]` and `c1 c2 w` runs."""

    items = list(w)
    i = 0
    while i < len(items):
        start = int(items[i])
        if isinstance(items[i + 1], pikepdf.Array):
            for k, width in enumerate(items[i + 1]):
                yield start + k, width
            i += 2
        else:
            for gid in range(start, int(items[i + 1]) + 1):
                yield gid, items[i + 2]
            i += 3


def _to_unicode(cmap: bytes) -> dict[int, bytes]:
    """Glyph id to UTF-16BE hex of a ToUnicode CMap as WeasyPrint writes it (`bfchar`
    entries only: a range is another writer's, and the face is then not merged)."""
    if b"beginbfrange" in cmap:
        raise ValueError("bfrange")
    out = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S):
        for gid, text in _BFCHAR.findall(block):
            out[int(gid, 16)] = text.lower()
    return out


@lru_cache(maxsize=1)
def _shipped() -> dict[tuple[str, int, float], Path]:
    """The shipped fonts by PostScript name, creation date and revision."""

    found = {}
    for path in sorted(FONTS.glob("*.ttf")):
        tt = TTFont(path, lazy=True)
        found[(tt["name"].getDebugName(6), tt["head"].created, tt["head"].fontRevision)] = path
    return found


def _shipped_original(font: Any) -> bytes | None:
    """The shipped font file an embedded subset was cut from, or None."""

    try:
        data = font.DescendantFonts[0].FontDescriptor.FontFile2.read_bytes()
        tt = TTFont(io.BytesIO(data), lazy=True)
        path = _shipped().get(
            (tt["name"].getDebugName(6), tt["head"].created, tt["head"].fontRevision)
        )
    except (AttributeError, KeyError, IndexError, TypeError, TTLibError, AssertionError):
        return None
    return _font_file(path) if path else None


@lru_cache(maxsize=8)
def _font_file(path: Path) -> bytes:
    return path.read_bytes()


def _merge(out: Any, face: _Face) -> None:
    """One font dictionary for the face, its subset holding every sheet's glyphs, set in
    place of each sheet's own."""

    assert face.original is not None
    glyphs = sorted(face.widths)
    if not glyphs:
        return

    if glyphs[-1] >= TTFont(io.BytesIO(face.original), lazy=True)["maxp"].numGlyphs:
        return  # a glyph the font lacks (WeasyPrint's stand-in for a missing character)
    model = face.font
    cid_model = model.DescendantFonts[0]
    data = subset(face.original, glyphs)
    file = out.make_stream(data)
    file.Length1 = len(data)
    descriptor = pikepdf.Dictionary(
        {k: v for k, v in cid_model.FontDescriptor.items() if k != "/FontFile2"}
    )
    descriptor.FontFile2 = file
    widths = pikepdf.Array()
    for gid in glyphs:
        widths.extend([gid, pikepdf.Array([face.widths[gid]])])
    cid = pikepdf.Dictionary(
        {k: v for k, v in cid_model.items() if k not in ("/W", "/FontDescriptor")}
    )
    cid.W = widths
    cid.FontDescriptor = out.make_indirect(descriptor)
    # the sheet's CMap up to its character list (the `N beginbfchar` line dropped), then
    # the union's, in blocks of at most 100 entries as the PDF specification asks
    head = model.ToUnicode.read_bytes().split(b"beginbfchar")[0].rsplit(b"\n", 1)[0]
    entries = [b"<%04x> <%s>\n" % (g, face.unicode[g]) for g in sorted(face.unicode)]
    blocks = b"".join(
        b"%d beginbfchar\n" % len(entries[i : i + 100])
        + b"".join(entries[i : i + 100])
        + b"endbfchar\n"
        for i in range(0, len(entries), 100)
    )
    cmap = (
        head + b"\n" + blocks + b"endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend"
    )
    font = pikepdf.Dictionary(
        {k: v for k, v in model.items() if k not in ("/DescendantFonts", "/ToUnicode")}
    )
    font.DescendantFonts = pikepdf.Array([out.make_indirect(cid)])
    font.ToUnicode = out.make_stream(cmap)
    merged = out.make_indirect(font)
    for fonts, key in face.users:
        fonts[key] = merged


def _share_xobjects(out: Any) -> None:
    """One copy of each picture or drawing that several sheets show (an emblem two factions
    share): the same bytes and dictionary are the same object in the deck."""

    first: dict[bytes, Any] = {}
    memo: dict[tuple[int, int], bytes] = {}
    seen: set[tuple[int, int]] = set()
    stack = [page.obj.get("/Resources") for page in out.pages]
    while stack:
        resources = stack.pop()
        if not isinstance(resources, pikepdf.Dictionary) or resources.objgen in seen:
            continue
        if resources.is_indirect:
            seen.add(resources.objgen)
        xobjects = resources.get("/XObject")
        if not isinstance(xobjects, pikepdf.Dictionary):
            continue
        for name in sorted(xobjects.keys()):
            obj = xobjects[name]
            if not isinstance(obj, pikepdf.Stream):
                continue
            if "/Resources" in obj:
                stack.append(obj.Resources)  # a drawing's own pictures
            kept = first.setdefault(_digest(obj, memo), obj)
            if kept.objgen != obj.objgen:
                xobjects[name] = kept


def _digest(obj: Any, memo: dict[tuple[int, int], bytes]) -> bytes:
    """What an object holds, whatever its object number: its values, and the bytes of each
    stream in it (as stored), followed through references (each once)."""

    indirect = isinstance(obj, pikepdf.Object) and obj.is_indirect
    if indirect:
        if obj.objgen in memo:
            return memo[obj.objgen]
        memo[obj.objgen] = b"cycle:%d" % obj.objgen[0]  # a loop ends where it began
    h = hashlib.blake2b(digest_size=16)
    if isinstance(obj, pikepdf.Stream):
        h.update(b"stream" + obj.read_raw_bytes())
        items = [(k, v) for k, v in obj.items() if k != "/Length"]
    elif isinstance(obj, pikepdf.Dictionary):
        items = list(obj.items())
    elif isinstance(obj, pikepdf.Array):
        items = [(str(i), v) for i, v in enumerate(obj)]
    else:
        items = []
        h.update(obj.unparse() if isinstance(obj, pikepdf.Object) else repr(obj).encode())
    for key, value in sorted(items, key=lambda kv: kv[0]):
        h.update(key.encode() + b"=" + _digest(value, memo) + b";")
    digest = h.digest()
    if indirect:
        memo[obj.objgen] = digest
    return digest


def _named_dests(src: Any, moved: dict[tuple[int, int], Any]) -> list[tuple[str, Any]]:
    """A sheet's named destinations (its fields' anchors), pointing at its page in the deck."""

    names = src.Root.get("/Names")
    if names is None or "/Dests" not in names:
        return []
    found = []
    for name, dest in pikepdf.NameTree(names.Dests).items():
        target = _moved_dest(dest, moved)
        if target is not None:
            found.append((name, target))
    return found


def _moved_dest(dest: Any, moved: dict[tuple[int, int], Any]) -> Any:
    """An explicit destination `[page /XYZ ...]` pointing at the page's copy in the deck."""

    if isinstance(dest, pikepdf.Dictionary) and "/D" in dest:
        dest = dest.D
    if not isinstance(dest, pikepdf.Array) or not len(dest):
        return None
    page = moved.get(dest[0].objgen) if isinstance(dest[0], pikepdf.Dictionary) else None
    return None if page is None else pikepdf.Array([page, *list(dest)[1:]])


def _finish(
    out: Any,
    sources: Sequence[Any],
    dests: list[tuple[str, Any]],
    outline: list[tuple[Any, dict[tuple[int, int], Any]]],
    title: str,
) -> None:
    """The deck's catalogue: named destinations, outline, language and title."""

    if dests:
        tree = pikepdf.NameTree.new(out)
        for name, dest in dests:
            if name not in tree:  # two sheets with one anchor: the first keeps it
                tree[name] = dest
        out.Root.Names = pikepdf.Dictionary(Dests=tree.obj)
    with out.open_outline() as deck:
        for src, moved in outline:
            with src.open_outline() as own:
                deck.root.extend(_copy_items(own.root, moved))
    if sources and "/Lang" in sources[0].Root:
        out.Root.Lang = sources[0].Root.Lang
    info = pikepdf.Dictionary(Title=pikepdf.String(title))
    if sources and "/Producer" in sources[0].docinfo:
        info.Producer = sources[0].docinfo.Producer
    out.docinfo = out.make_indirect(info)


def _copy_items(items: Sequence[Any], moved: dict[tuple[int, int], Any]) -> list[Any]:
    """Outline entries of a sheet, each pointing at its page in the deck (children too)."""

    copies = []
    for item in items:
        dest = _moved_dest(item.destination, moved)
        copy = (
            pikepdf.OutlineItem(item.title, dest)
            if dest is not None
            else pikepdf.OutlineItem(item.title)
        )
        copy.children.extend(_copy_items(item.children, moved))
        copies.append(copy)
    return copies
