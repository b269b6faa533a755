"""JSON Schema files for every content kind of every game, written for editors."""

from __future__ import annotations

import json
from pathlib import Path

from toolkit.commands.api import discover_games, load_game
from toolkit.core.diagnostics import Report
from toolkit.core.errors import ToolkitError
from toolkit.games import UnknownGame, load_pack
from toolkit.load.icons import available
from toolkit.validate.schema import json_schema
from toolkit.write.atomic import write_text


def render_all(content_dir: Path, game: str | None) -> dict[str, str]:
    """`<game>/<kind>.schema.json` -> schema text, for every game found."""
    out: dict[str, str] = {}
    for gid in discover_games(content_dir, game):
        try:
            pack = load_pack(gid)
        except UnknownGame:
            raise ToolkitError(f"no game pack named '{gid}'") from None
        enums: dict[str, list[object]] = {}
        loaded = load_game(content_dir, gid, Report()) if pack.enums is not None else None
        if loaded is not None and pack.enums is not None:
            # what the content declares, sorted and once each; content that does not load
            # gives what it can (the checker reports the rest)
            enums = {ref: sorted(set(v), key=lambda x: (str(type(x)), x))
                     for ref, v in pack.enums(loaded[1]).items() if v}  # fmt: skip
        for kind in pack.kinds:
            name = f"{gid}/{kind.name}.schema.json"
            doc = json_schema(
                kind.model,
                schema_id=f"https://toolkit.invalid/schemas/{name}",
                title=f"{pack.title}: {kind.name} ({kind.pattern})",
                enums=enums,
            )
            doc["description"] = _with_icons(str(doc.get("description", "")),
                                             available(content_dir / gid))  # fmt: skip
            out[name] = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    return out


def _with_icons(description: str, icons: tuple[str, ...]) -> str:
    """The schema's description, saying which icons its texts may hold (`toolkit.load.icons`)."""
    have = ", ".join(f":{n}:" for n in icons) if icons else "none yet"
    note = (f"Any text may place an icon of content/<game>/icons/ inline as :name: "
            f"(this game's: {have}).")  # fmt: skip
    return f"{description} {note}".strip()


def write_all(content_dir: Path, game: str | None, out_dir: Path) -> list[Path]:
    """Write every schema under `out_dir`; returns the paths written. The folder is
    refused as a build's `--out` is: not `/`, the home folder, content or templates."""
    from toolkit.check.output_paths import check_out_folder
    from toolkit.commands.build import ROOT

    check_out_folder(out_dir, content_dir, ROOT / "templates")
    written = []
    for name, text in render_all(content_dir, game).items():
        path = out_dir / name
        write_text(path, text)
        written.append(path)
    return written


def refresh(content_dir: Path, game: str) -> list[Path]:
    """After a card is added or renamed: the project's schemas of `game` (the `schemas/`
    folder beside the content folder, where `make schema` writes them) brought up to date,
    as they list every card's number and id for completion. The files changed; none when
    the project keeps no schemas of that game."""
    folder = content_dir.parent / "schemas"
    if not (folder / game).is_dir():
        return []
    changed = []
    for name, text in render_all(content_dir, game).items():
        path = folder / name
        try:
            same = path.read_text(encoding="utf-8") == text
        except OSError:
            same = False
        if not same:
            write_text(path, text)
            changed.append(path)
    return changed
