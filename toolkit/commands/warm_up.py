"""Warming this process's renderer while `--watch` and `serve` wait for the first save, so
that save is rebuilt as fast as the later ones. This module imports the renderer
(WeasyPrint, pikepdf, HarfBuzz's bindings) as it loads: only watch mode imports it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from weasyprint.text.ffi import ffi

from toolkit.commands.output_keys import fingerprint
from toolkit.commands.render_worker import worker_init, worker_session
from toolkit.core.outputs import BuildOptions, Output
from toolkit.render import deck_pdf
from toolkit.render.pdf import write_pdf


def warm_outputs(
    outputs: list[Output], options: BuildOptions, content_root: Path, stop: Callable[[], bool]
) -> int:
    """Warm this process's renderer as a first save would find it cold (`--watch`, `serve`):
    import it, load the fonts, lay out and write the cheapest output that can be laid out
    alone (`fit`: a sheet), ready the deck assembler, and parse the C types the font
    subsetter asks for, so that the first save's sheet and deck pay no first-use cost.
    Nothing else is laid out ahead: a save lays out its own sheet again anyway, and a
    layout under way when the save comes would hold it up. Stops as soon as `stop()` says a
    save has come. Returns how many outputs were laid out."""
    worker_init(options, content_root, fingerprint(content_root.parent))
    session = worker_session()
    done = 0
    for output in sorted((o for o in outputs if o.fit is not None), key=lambda o: o.cost):
        if stop():
            return done
        try:
            laid = output.fit(session)  # type: ignore[misc]
            if hasattr(laid, "write_pdf"):
                write_pdf(laid)  # the PDF writer's and font subsetter's first use
        except Exception:  # a problem is the build's to report, when it renders the output
            continue
        done += 1
        break
    deck_pdf.ready()
    _ready_subsetter(stop)
    return done


def _ready_subsetter(stop: Callable[[], bool], most: int = 300) -> None:
    """WeasyPrint subsets each font of a PDF it writes with an array of the glyphs it keeps,
    a C type named by its length (`hb_codepoint_t[N]`), which cffi parses (2 ms) the first
    time it meets each length: parse the usual lengths now, while waiting for a save. (If
    WeasyPrint names them otherwise, this only costs the wait.)"""
    for n in range(1, most + 1):
        if n % 5 == 0 and stop():
            return
        ffi.typeof(f"hb_codepoint_t[{n}]")
