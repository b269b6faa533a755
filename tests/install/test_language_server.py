"""The written schemas as an editor uses them: yaml-language-server (the YAML server of VS
Code, Neovim, Helix ...), driven over its protocol (JSON-RPC on stdio: initialize, didOpen,
publishDiagnostics, completion), on a file of each game opened with an edit in progress.

It completes the ids and ratings the content declares and marks a typo in them, with a
message that does not list a long closed set in full. The documents are the repository's own
files (their `$schema` modelines lead to the committed schemas, which
tests/commands/test_schemas.py holds current), edited in memory only. `make test` installs
the server under .venv/node (npm); what is expected is read from the content's YAML.
"""

from __future__ import annotations

import json
import queue
import re
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support.shipped import CONTENT, ROOT

SERVER = ROOT / ".venv/node/node_modules/yaml-language-server/bin/yaml-language-server"
MARK = "‸"  # where to complete, in a text before it is opened
WAIT = 20.0  # seconds for any one answer; the whole test takes about two

pytestmark = pytest.mark.slow


class Server:
    """yaml-language-server over stdio: requests answered in turn, the server's own
    requests (its settings) answered, diagnostics kept by document."""

    def __init__(self) -> None:
        node = shutil.which("node")
        assert node, "Node.js is missing: `make test` installs it (Debian's nodejs)"
        assert SERVER.exists(), f"{SERVER} is missing: `make test` installs it (npm)"
        self.proc = subprocess.Popen(
            [node, str(SERVER), "--stdio"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.diagnostics: dict[str, list[dict[str, Any]]] = {}
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while header := out.readline():
            length = (
                int(header.split(b":")[1]) if header.lower().startswith(b"content-length") else 0
            )
            while out.readline().strip():  # the rest of the header, to its blank line
                pass
            self.inbox.put(json.loads(out.read(length)))

    def send(self, method: str, params: Any, ident: int | None = None) -> None:
        msg: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if ident is not None:
            msg["id"] = ident
        self._write(msg)

    def _write(self, msg: dict[str, Any]) -> None:
        body = json.dumps(msg).encode()
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def _until(self, done: Any) -> Any:
        """Handle what the server sends until `done(message)` gives something."""
        end = time.monotonic() + WAIT
        while True:
            msg = self.inbox.get(timeout=max(0.0, end - time.monotonic()))
            if msg.get("method") == "textDocument/publishDiagnostics":
                self.diagnostics[msg["params"]["uri"]] = msg["params"]["diagnostics"]
            elif "method" in msg and "id" in msg:  # the server asks: its settings, as sent
                result = None
                if msg["method"] == "workspace/configuration":
                    result = [None] * len(msg["params"]["items"])
                self._write({"jsonrpc": "2.0", "id": msg["id"], "result": result})
            if (got := done(msg)) is not None:
                return got

    def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        ident = self.next_id
        self.send(method, params, ident)
        return self._until(lambda m: m.get("result", {}) if m.get("id") == ident else None)

    def open(self, path: Path, text: str) -> list[dict[str, Any]]:
        """Open `text` as the document at `path`; its first diagnostics."""
        uri = path.as_uri()
        doc = {"uri": uri, "languageId": "yaml", "version": 1, "text": text}
        self.send("textDocument/didOpen", {"textDocument": doc})
        return self._until(lambda m: self.diagnostics.get(uri))  # type: ignore[no-any-return]

    def complete(self, path: Path, text: str, marker: str) -> set[str]:
        """The labels offered where `marker` stands in `text` (as opened without it)."""
        before = text[: text.index(marker)]
        pos = {"line": before.count("\n"), "character": len(before.rsplit("\n", 1)[-1])}
        got = self.request(
            "textDocument/completion", {"textDocument": {"uri": path.as_uri()}, "position": pos}
        )
        items = got["items"] if isinstance(got, dict) else got
        return {item["label"] for item in items}

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    srv = Server()
    srv.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    srv.send("initialized", {})
    settings = {"yaml": {"validate": True, "completion": True, "hover": True}}
    srv.send("workspace/didChangeConfiguration", {"settings": settings})
    yield srv
    srv.close()


def _game(game: str) -> dict[str, Any]:
    return yaml.safe_load((CONTENT / game / "game.yaml").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _opened(server: Server, path: Path, edits: dict[str, str]) -> tuple[str, list[Any]]:
    """`path`'s text with each `edits` key replaced by its value, `‸` marking a place to
    complete at (taken out of the text opened); the text and its diagnostics."""
    text = path.read_text(encoding="utf-8")
    for old, new in edits.items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text, server.open(path, text.replace(MARK, ""))


def _at(text: str, needle: str) -> int:
    """The 0-based line of `needle` in `text` (as opened: markers out)."""
    return text.replace(MARK, "")[: text.replace(MARK, "").index(needle)].count("\n")


def _complete(server: Server, path: Path, text: str, where: str) -> set[str]:
    """The labels offered at the marker that follows `where` in `text`."""
    at = text.index(where + MARK) + len(where)
    opened = text[:at].replace(MARK, "") + MARK + text[at + 1 :].replace(MARK, "")
    return server.complete(path, opened, MARK)


def _said(diagnostics: list[Any], line: int) -> list[str]:
    return [d["message"] for d in diagnostics if d["range"]["start"]["line"] == line]


def test_a_hero_completes_ratings_natures_and_loot_and_marks_typos(server: Server) -> None:
    game = _game("worldspanner")
    path = CONTENT / "worldspanner/heroes/blackbeard.yaml"
    (ratings_now,) = re.findall(r"ratings: \{[^}]*\}", path.read_text(encoding="utf-8"))
    text, diags = _opened(
        server,
        path,
        {
            "faction: smugglers-den": "faction: smugglers-dn",
            ratings_now: "ratings:\n  sped: 5\n  ‸",
            "natures: [Man]": "natures: [Mann, ‸]",
            "start_loot: {gold: 2}": "start_loot:\n  gold: 2\n  ‸",
            "bonuses: [Blade]": "bonuses: [Blade, Blades, ‸]",
        },
    )
    assert _complete(server, path, text, "sped: 5\n  ") == {r["id"] for r in game["ratings"]}
    assert _complete(server, path, text, "Mann, ") == set(game["natures"])
    assert _complete(server, path, text, "gold: 2\n  ") == {"war", "secret", "elite", "boost"}
    assert _complete(server, path, text, "Blades, ") >= {
        b for g in game["bonus_groups"] for b in g["bonuses"]
    }
    assert _said(diags, _at(text, "sped:")) == ["Property sped is not allowed."]
    (faction,) = _said(diags, _at(text, "faction:"))
    assert all(f["id"] in faction for f in game["factions"]), faction  # nine: all named
    (nature,) = _said(diags, _at(text, "natures:"))
    assert "Mann" not in nature and all(n in nature for n in game["natures"]), nature
    assert _said(diags, _at(text, "bonuses:")), "no diagnostic for the bonus `Blades`"


def test_a_favor_card_completes_its_faction_and_a_house_its_region(server: Server) -> None:
    favors = yaml.safe_load((CONTENT / "god-emperor/favors.yaml").read_text(encoding="utf-8"))
    path = CONTENT / "god-emperor/favors.yaml"
    text, diags = _opened(server, path, {"cards:": "cards:\n  - {name: X, faction: ‸spys}"})
    factions = {f["id"] for f in favors["factions"]}
    assert _complete(server, path, text, "faction: ") == factions
    assert _said(diags, _at(text, "{name: X")), "no diagnostic for the faction `spys`"

    game = _game("god-emperor")
    path = CONTENT / "god-emperor/game.yaml"
    cat = next(h for h in game["houses"] if h["id"] == "cat")
    text, diags = _opened(server, path, {f"castle: {cat['castle']}": "castle: ‸Amm"})
    regions = {r for p in game["provinces"] for r in p["regions"]}
    assert _complete(server, path, text, "castle: ") == regions
    assert _said(diags, _at(text, "castle: Amm")), "no diagnostic for the region `Amm`"


def test_a_faction_completes_areas_and_enemies_and_names_no_long_list(server: Server) -> None:
    game = _game("forty-factions")
    path = CONTENT / "forty-factions/factions/001-temple-of-zakel.yaml"
    text, diags = _opened(
        server,
        path,
        {
            "area: upper-west-side}": "area: ‸}",
            "politics: militant": "politics: militnt",
            "seats:": "enemies: [999, ‸]\nseats:",
        },
    )
    assert _complete(server, path, text, "area: ") == {a["id"] for a in game["areas"]}
    offered = _complete(server, path, text, "[999, ")
    numbers = {
        str(yaml.safe_load(f.read_text(encoding="utf-8"))["number"])
        for f in (CONTENT / "forty-factions/factions").glob("*.yaml")
    }
    assert offered >= numbers | {c["id"] for c in game["categories"]}
    (party,) = _said(diags, _at(text, "politics:"))
    assert all(p["id"] in party for p in game["parties"]), party
    # an unknown enemy: told what is wanted, not every one of the >100 numbers
    (enemy,) = _said(diags, _at(text, "enemies:"))
    assert len(re.findall(r"\d+", enemy)) < 10, enemy
    assert "enemy" in enemy, enemy
