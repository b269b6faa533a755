"""Tabletop Simulator saved objects, for any game: one JSON file a deck that TTS loads
from its Saved Objects folder as a whole deck, in one step.

The format is TTS's save-file format (kb.tabletopsimulator.com, "Save File Format"): a
save with one object in `ObjectStates`, a `DeckCustom` whose `CustomDeck` maps a number
to each deck sheet (`FaceURL` the sheet of faces, `BackURL` the back, `NumWidth` x
`NumHeight` cards, the last cell hidden behind the back), and whose `ContainedObjects`
are its cards: `CardID` is the sheet's number times 100 plus the card's cell, `Nickname`
its name. `DeckIDs` lists the card IDs top to bottom.

TTS loads images from URLs (a web address, or `file:///` on the user's machine); the
kit names each PNG relative to the JSON, or under `--tts-url BASE` when given (where the
user uploaded the `tts/` folder). Everything is fixed, GUIDs included, so the file is
byte-identical from build to build.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # TTS's default card tint


@dataclass(frozen=True)
class Sheet:
    """One deck sheet: its faces image and back image (file names in `tts/`) and the
    cards on it, in cell order, as (nickname, description)."""

    face: str
    back: str
    cards: tuple[tuple[str, str], ...]


def _transform(y: float = 1.0) -> dict[str, float]:
    # face down (rotZ 180) at the table's centre, as TTS places a deck it spawns
    return {
        "posX": 0.0,
        "posY": y,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def _guid(*parts: object) -> str:
    """A fixed six-hex-digit GUID (TTS's form), from what the object is."""
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:6]


def _object(name: str, nickname: str, description: str, guid: str) -> dict[str, object]:
    return {
        "GUID": guid,
        "Name": name,
        "Transform": _transform(),
        "Nickname": nickname,
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": GREY,
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "IgnoreFoW": False,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "GridProjection": False,
        "HideWhenFaceDown": True,
        "Hands": True,
        "SidewaysCard": False,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }


def url(base: str | None, name: str) -> str:
    """Where TTS finds `name`: under `base` (a web or file:/// folder) or beside the JSON."""
    return name if not base else base.rstrip("/") + "/" + name


def saved_object(
    title: str, sheets: Sequence[Sheet], cols: int, rows: int, base: str | None = None
) -> dict[str, object]:
    """The save holding one deck of `sheets` (a single card is a `Card`, as TTS writes)."""
    custom = {
        str(k): {
            "FaceURL": url(base, s.face),
            "BackURL": url(base, s.back),
            "NumWidth": cols,
            "NumHeight": rows,
            "BackIsHidden": True,
            "UniqueBack": False,
            "Type": 0,
        }
        for k, s in enumerate(sheets, 1)
    }
    cards = []
    for k, s in enumerate(sheets, 1):
        if len(s.cards) > cols * rows - 1:
            raise ValueError(f"{len(s.cards)} cards on a {cols} x {rows} sheet")
        for cell, (nickname, description) in enumerate(s.cards):
            card = _object("Card", nickname, description, _guid(title, k, cell))
            card["CardID"] = k * 100 + cell
            card["CustomDeck"] = {str(k): custom[str(k)]}
            cards.append(card)
    if len(cards) == 1:
        obj = cards[0]
    else:
        obj = _object("DeckCustom", title, f"{len(cards)} cards", _guid(title))
        obj["Hands"] = False  # a deck is not held in a hand; its cards are
        obj["DeckIDs"] = [c["CardID"] for c in cards]
        obj["CustomDeck"] = custom
        obj["ContainedObjects"] = cards
    return {
        "SaveName": "",
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "TabStates": {},
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": [obj],
    }


def saved_object_json(
    title: str, sheets: Sequence[Sheet], cols: int, rows: int, base: str | None = None
) -> bytes:
    """`saved_object` as the UTF-8 JSON file TTS reads."""
    data = saved_object(title, sheets, cols, rows, base)
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
