"""The engine floor, measured in the same run as the toolkit (`make bench` calls this).

Plain WeasyPrint laying out and writing the same Forty Factions sheets' HTML the toolkit
renders, with nothing of the toolkit around it (no checks, no manifest, no caches): what the
renderer alone costs on this machine, so that a benchmark prints a ratio that does not
depend on a constant measured elsewhere.

    python scripts/engine_floor.py html DIR      write each sheet's HTML into DIR (untimed)
    python scripts/engine_floor.py all DIR N     lay out and write them all on N processes;
                                                 prints the seconds taken
    python scripts/engine_floor.py one FILE      lay out and write one (time the process)
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "toolkit" / "templates"  # the package's, as the toolkit reads them


def write_html(folder: Path) -> int:
    """Each Forty Factions sheet's HTML, as the toolkit renders it, into `folder`."""
    sys.path.insert(0, str(ROOT))
    from toolkit.core.outputs import BuildOptions
    from toolkit.games import load_pack
    from toolkit.model.content import load_content
    from toolkit.render.templates import compact, environment, render

    pack = load_pack("forty-factions")
    content, _ = load_content("forty-factions", ROOT / "content" / "forty-factions", pack.kinds)
    options = BuildOptions()
    env = environment()
    folder.mkdir(parents=True, exist_ok=True)
    n = 0
    for o in pack.outputs(content, options):  # type: ignore[misc]
        if o.kind != "sheet" or o.fit is None:
            continue
        sheet = o.fit.args[0].sheet  # type: ignore[attr-defined]
        html = render(
            env,
            "forty-factions/sheets.html.j2",
            sheets=[sheet],
            title=f"{sheet.number} {sheet.name}",
            paper=options.paper,
            page_size=options.page_size,
            proof=False,
            final=False,
            scale=1.0,
        )
        (folder / f"{n:03d}.html").write_text(compact(html), encoding="utf-8")
        n += 1
    return n


def _warm() -> None:
    import weasyprint  # noqa: F401  (imported before the clock starts, as the toolkit's workers are)


def _one(path: str) -> int:
    from weasyprint import HTML

    return len(HTML(filename=path, base_url=TEMPLATES.as_uri() + "/").write_pdf())


def all_sheets(folder: Path, jobs: int) -> float:
    """Seconds to lay out and write every sheet in `folder` on `jobs` warm processes."""
    files = sorted(str(p) for p in folder.glob("*.html"))
    with ProcessPoolExecutor(max_workers=jobs, initializer=_warm) as pool:
        list(pool.map(_warm_again, range(jobs)))  # every worker started and warm
        start = time.perf_counter()
        list(pool.map(_one, files, chunksize=4))
        return time.perf_counter() - start


def _warm_again(_: int) -> None:
    _warm()


if __name__ == "__main__":
    mode, arg = sys.argv[1], Path(sys.argv[2])
    if mode == "html":
        print(write_html(arg))
    elif mode == "all":
        print(f"{all_sheets(arg, int(sys.argv[3])):.3f}")
    else:
        _one(str(arg))
