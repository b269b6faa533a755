"""JSON Schema files for every content kind of every game, written for editors."""

from __future__ import annotations

import json
from pathlib import Path

from toolkit.api import discover_games
from toolkit.errors import ToolkitError
from toolkit.games import UnknownGame, load_pack
from toolkit.icons import available
from toolkit.schema import json_schema
from toolkit.write import write_text


def render_all(content_dir: Path, game: str | None) -> dict[str, str]:
    """`<game>/<kind>.schema.json` -> schema text, for every game found."""
    out: dict[str, str] = {}
    for gid in discover_games(content_dir, game):
        try:
            pack = load_pack(gid)
        except UnknownGame:
            raise ToolkitError(f"no game pack named '{gid}'") from None
        for kind in pack.kinds:
            name = f"{gid}/{kind.name}.schema.json"
            doc = json_schema(
                kind.model,
                schema_id=f"https://toolkit.invalid/schemas/{name}",
                title=f"{pack.title}: {kind.name} ({kind.pattern})",
            )
            doc["description"] = _with_icons(str(doc.get("description", "")),
                                             available(content_dir / gid))  # fmt: skip
            out[name] = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    return out


def _with_icons(description: str, icons: tuple[str, ...]) -> str:
    """The schema's description, saying which icons its texts may hold (`toolkit.icons`)."""
    have = ", ".join(f":{n}:" for n in icons) if icons else "none yet"
    note = (f"Any text may place an icon of content/<game>/icons/ inline as :name: "
            f"(this game's: {have}).")  # fmt: skip
    return f"{description} {note}".strip()


def write_all(content_dir: Path, game: str | None, out_dir: Path) -> list[Path]:
    """Write every schema under `out_dir`; returns the paths written."""
    written = []
    for name, text in render_all(content_dir, game).items():
        path = out_dir / name
        write_text(path, text)
        written.append(path)
    return written
