"""`toolkit setup GAME`: a random set-up drawn from a game's checked content and written as
SVG and PDF under <out>/<game>/setup/."""

from __future__ import annotations

import hashlib
from pathlib import Path

from toolkit.check.output_paths import check_out_folder
from toolkit.commands.checking import check_games
from toolkit.core.diagnostics import Report
from toolkit.core.errors import ToolkitError
from toolkit.core.outputs import BuildOptions
from toolkit.kit.manifest import Manifest
from toolkit.render.boards import board_file, board_svg
from toolkit.render.session import Session
from toolkit.render.templates import TEMPLATES


def setup(
    content_dir: Path, game: str, seed: int, params: dict[str, object], out: Path
) -> tuple[Report, list[Path], str]:
    """Check a game's content, then generate a set-up sheet and write it as SVG and PDF
    under <out>/<game>/setup/ (recorded in the game's manifest as the toolkit's; a file of
    the user's there is never overwritten). Refuses (an error in the report) while content
    has errors."""

    check_out_folder(out, content_dir, TEMPLATES)
    report, loaded = check_games(content_dir, game, strict=False)
    if report.failed or not loaded:
        report.notes.append("note: no set-up drawn: fix the errors above first")
        return report, [], ""
    pack, content = loaded[0]
    if pack.setup is None:
        raise ToolkitError(f"{pack.title} has no set-up generator")
    sheet = pack.setup.run(content, seed, params)
    game_out = out / game
    manifest = Manifest.open(game_out)
    session = Session(BuildOptions(out=out), content.root)
    files = {f"setup/{sheet.name}.svg": board_svg(sheet.svg, session)}  # its fonts embedded
    manifest.refuse_strangers(game_out, [*files, f"setup/{sheet.name}.pdf"])
    files[f"setup/{sheet.name}.pdf"] = board_file(
        sheet.svg, sheet.size[0], sheet.size[1], sheet.title, session
    )
    for rel, data in files.items():
        manifest.folder.write_bytes(rel, data)
        manifest.written[rel] = hashlib.sha256(data).hexdigest()
    manifest.write(game)
    return report, [game_out / rel for rel in files], sheet.summary
