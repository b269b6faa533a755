"""Write stage, PDF side: one of the kit's fonts cut down to the glyphs a deck uses.

A deck is assembled from its sheets' PDFs (`toolkit.render.deck_pdf`); each sheet embeds its own
subset of each face, made by WeasyPrint with HarfBuzz keeping the glyph ids of the whole
font (so the text of every sheet addresses glyphs by the same numbers). The deck embeds
each face once, subset to the union of those glyphs, the way WeasyPrint subsets: HarfBuzz's
subsetter (libharfbuzz-subset, which WeasyPrint needs anyway), glyph ids kept, layout
tables dropped, no hinting. HarfBuzz is reached through cffi in ABI mode, as WeasyPrint
does, with only the few functions used declared here: WeasyPrint's own bindings are not
an interface. Where the library is missing (it is optional to WeasyPrint), fontTools does
the same work, about 30 times slower (a deck of EB Garamond text: 0.2 s a face instead
of a few ms). Either way the same glyphs give the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from fontTools import subset as ft_subset
from fontTools.ttLib import TTFont

try:  # optional: where it is missing, fontTools cuts the fonts instead
    import cffi
except ImportError:  # pragma: no cover - WeasyPrint brings it
    cffi = None  # type: ignore[assignment]

# HarfBuzz's subset flags (hb-subset.h)
_NO_HINTING, _RETAIN_GIDS, _DESUBROUTINIZE, _PASSTHROUGH = 0x1, 0x2, 0x4, 0x20
_DROP_TABLE_TAG = 3  # HB_SUBSET_SETS_DROP_TABLE_TAG
# the tables WeasyPrint drops: the PDF positions every glyph itself
DROPPED = (
    b"BASE",
    b"DSIG",
    b"EBDT",
    b"EBLC",
    b"EBSC",
    b"GPOS",
    b"GSUB",
    b"JSTF",
    b"LTSH",
    b"PCLT",
    b"SVG ",
)

_CDEF = """
typedef struct hb_blob_t hb_blob_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_set_t hb_set_t;
typedef struct hb_subset_input_t hb_subset_input_t;
typedef uint32_t hb_codepoint_t;
typedef uint32_t hb_tag_t;
typedef void (*hb_destroy_func_t) (void *user_data);
hb_blob_t *hb_blob_create (const char *data, unsigned int length, int mode,
                           void *user_data, hb_destroy_func_t destroy);
void hb_blob_destroy (hb_blob_t *blob);
const char *hb_blob_get_data (hb_blob_t *blob, unsigned int *length);
hb_face_t *hb_face_create (hb_blob_t *blob, unsigned int index);
void hb_face_destroy (hb_face_t *face);
hb_blob_t *hb_face_reference_blob (hb_face_t *face);
void hb_set_add (hb_set_t *set, hb_codepoint_t codepoint);
void hb_set_add_range (hb_set_t *set, hb_codepoint_t first, hb_codepoint_t last);
hb_tag_t hb_tag_from_string (const char *str, int len);
hb_subset_input_t *hb_subset_input_create_or_fail (void);
void hb_subset_input_destroy (hb_subset_input_t *input);
hb_set_t *hb_subset_input_glyph_set (hb_subset_input_t *input);
hb_set_t *hb_subset_input_set (hb_subset_input_t *input, int set_type);
void hb_subset_input_set_flags (hb_subset_input_t *input, unsigned value);
hb_face_t *hb_subset_or_fail (hb_face_t *source, const hb_subset_input_t *input);
"""


@lru_cache(maxsize=1)
def _harfbuzz() -> tuple[Any, Any, Any] | None:
    """cffi's handle on HarfBuzz and its subsetter, or None where they are not installed."""
    if cffi is None:
        return None
    try:
        ffi = cffi.FFI()
        ffi.cdef(_CDEF)
        # the subsetter library exports only its own functions: the rest come from harfbuzz
        return ffi, ffi.dlopen("libharfbuzz.so.0"), ffi.dlopen("libharfbuzz-subset.so.0")
    except OSError:
        return None


def ready() -> None:
    """Load HarfBuzz's bindings now rather than at the first subset (`toolkit.render.deck_pdf`)."""
    _harfbuzz()


def subset(font: bytes, glyphs: Iterable[int], hinting: bool = False) -> bytes:
    """The TrueType font `font` keeping only `glyphs` (and .notdef), each at its own id;
    glyphs after the last kept one are dropped, those between are left empty."""
    keep = sorted({0, *glyphs})
    hb = _harfbuzz()
    return _with_harfbuzz(hb, font, keep, hinting) if hb else _with_fonttools(font, keep, hinting)


def _with_harfbuzz(hb: tuple[Any, Any, Any], font: bytes, keep: list[int], hinting: bool) -> bytes:
    ffi, lib, sub = hb
    data = ffi.new("char[]", font)  # kept alive until the face is done with it
    blob = ffi.gc(lib.hb_blob_create(data, len(font), 1, ffi.NULL, ffi.NULL), lib.hb_blob_destroy)
    face = ffi.gc(lib.hb_face_create(blob, 0), lib.hb_face_destroy)

    def cut(source: Any, glyphs: Iterable[int], flags: int, drop: tuple[bytes, ...]) -> Any:
        spec = ffi.gc(sub.hb_subset_input_create_or_fail(), sub.hb_subset_input_destroy)
        if spec == ffi.NULL:
            raise MemoryError("HarfBuzz could not start a subset")
        wanted = sub.hb_subset_input_glyph_set(spec)
        for g in glyphs:
            lib.hb_set_add(wanted, g)
        dropped = sub.hb_subset_input_set(spec, _DROP_TABLE_TAG)
        for tag in drop:
            lib.hb_set_add(dropped, lib.hb_tag_from_string(tag, len(tag)))
        sub.hb_subset_input_set_flags(spec, flags)
        out = sub.hb_subset_or_fail(source, spec)
        if out == ffi.NULL:
            raise ValueError("HarfBuzz could not subset the font")
        return ffi.gc(out, lib.hb_face_destroy)

    # as WeasyPrint: the glyphs at their ids, then the empty glyphs after the last dropped
    kept = cut(face, keep, _RETAIN_GIDS | _PASSTHROUGH | _DESUBROUTINIZE, DROPPED)
    flags = _PASSTHROUGH | _DESUBROUTINIZE | (0 if hinting else _NO_HINTING)
    final = cut(kept, range(keep[-1] + 1), flags, ())
    out = ffi.gc(lib.hb_face_reference_blob(final), lib.hb_blob_destroy)
    size = ffi.new("unsigned int *")
    return bytes(ffi.buffer(lib.hb_blob_get_data(out, size), size[0]))


def _with_fonttools(font: bytes, keep: list[int], hinting: bool) -> bytes:
    options = ft_subset.Options(
        retain_gids=True,
        passthrough_tables=True,
        ignore_missing_glyphs=True,
        hinting=hinting,
        desubroutinize=True,
    )
    options.drop_tables += [t.decode().strip() for t in DROPPED]
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(gids=keep)
    tt = TTFont(io.BytesIO(font))
    subsetter.subset(tt)
    buf = io.BytesIO()
    tt.save(buf)
    return buf.getvalue()
