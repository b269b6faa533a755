"""The set-up sheet: an A4 page, as semantic SVG, showing the assembled map, laid out here
for `templates/worldspanner/boards/setup.svg.j2`; the look is
`templates/worldspanner/board.css`, a faction key's colour comes from its content.

The map is drawn from the pieces' files (`map_view`): every space a `space hex` element
(`data-key`, `data-q`, `data-r`, `data-terrain`), walls and entrances, the seams between
pieces and the map edge. Over it, each key slot is a `space key` element with `data-slot`,
`data-key`, `data-kind` and `data-rotation`, its slot name and the disc on its side 1,
so a test (or a screen reader) reads the same set-up a player sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from toolkit.games.worldspanner.hexmap import Laid, slot_centre
from toolkit.games.worldspanner.map_models import MapPiece
from toolkit.games.worldspanner.map_view import (
    LEVEL,
    Frame,
    MapView,
    centre,
    extent,
    map_view,
    side_marks,
)
from toolkit.games.worldspanner.setup import Setup
from toolkit.render.board_style import At, BoardStyle, Label, colour, draw, load_style

GAME = "worldspanner"
BOARD = "setup"
PAGE_W, PAGE_H = 210.0, 297.0
MARGIN = 12.0
MAP_TOP, MAP_H = 30.0, 148.0


@dataclass(frozen=True)
class Platter:
    """A platter's place: its slot name and platter, labelled on its first cell."""

    slot: str
    name: str
    label: At


@dataclass(frozen=True)
class Key:
    """A key in its slot, over the drawn map: the slot's name in a tag at the key's centre
    (in its faction's colour, or its kind's), and the disc on its side 1 after turning."""

    slot: str
    key: str
    kind: str
    rotation: int
    section: int
    title: str
    colour: str
    centre: bool
    x: float
    y: float
    tag: tuple[float, float, float, float]  # x, y, w, h
    slot_label: Label
    side: tuple[float, float, float]  # the side-1 disc: x, y, r
    side_label: Label


@dataclass(frozen=True)
class Lines:
    """Lines of text from a baseline, `step` apart."""

    label: Label
    x: float
    y: float
    step: float


EMPTY_MAP_SPACES = 16  # spaces across the map's box when no piece is laid


def _frames(laid: list[Laid]) -> dict[int, Frame]:
    """Each section of the map turned level (a design's rows of slots run across the page)
    and scaled to its share of the map's box: split maps' sections one above the other,
    at one scale."""
    sections = sorted({p.section for p in laid})
    box = MAP_H / max(1, len(sections))
    boxes = {n: extent([p for p in laid if p.section == n], LEVEL) for n in sections}
    size = min(
        min((PAGE_W - 2 * MARGIN) / (x1 - x0), (box - 4) / (y1 - y0))
        for x0, y0, x1, y1 in boxes.values()
    )
    frames = {}
    for i, (n, (x0, y0, x1, y1)) in enumerate(boxes.items()):
        ox = PAGE_W / 2 - size * (x0 + x1) / 2
        oy = MAP_TOP + box * (i + 0.5) - size * (y0 + y1) / 2
        frames[n] = Frame(size, ox, oy, LEVEL)
    return frames


def _keys(st: BoardStyle, s: Setup, laid: list[Laid], frames: dict[int, Frame]) -> list[Key]:
    by_id = {p.piece: p for p in laid}
    keys = []
    for p in s.keys:
        frame = frames.get(p.slot.section, Frame(1.0, PAGE_W / 2, MAP_TOP + MAP_H / 2))
        x, y = frame.at(*centre(*slot_centre(p.slot.q, p.slot.r)))
        size = frame.size
        label = st.line(p.slot.id, "key-slot", min(3.2, size * 1.1))
        w = label.width() * 1.5 + size * 1.2  # room for the widest font a viewer may use
        one = side_marks(by_id[p.key.id], frame)[0] if p.key.id in by_id else (1, x, y)
        keys.append(
            Key(
                p.slot.id,
                p.key.id,
                p.key.kind,
                p.rotation,
                p.slot.section,
                f"{p.slot.id}: {p.key.name}, turned {p.rotation} step(s) clockwise",
                colour(p.key.colour) if p.key.kind == "faction" else "",
                p.slot.centre,
                x,
                y,
                (x - w / 2, y - label.size * 0.75, w, label.size * 1.3),
                label,
                (one[1], one[2], max(0.9, size * 0.45)),
                st.line("1", "side-number", max(1.2, size * 0.55)),
            )
        )
    return keys


def setup_sheet(
    s: Setup, title: str, pieces: Mapping[str, MapPiece], domes: Mapping[str, int]
) -> tuple[float, float, str, str]:
    """The sheet's size, title and SVG: the map drawn from the pieces' files (`pieces`, by
    id; `domes`, each Dome key's number)."""
    st = load_style(GAME)
    d = s.design
    laid = s.laid(pieces) or []
    frames = _frames(laid) if laid else {}
    parts = [
        map_view(st, [p for p in laid if p.section == n], pieces, domes, f, "standard", True)
        for n, f in frames.items()
    ]
    view = MapView(
        tuple(x for v in parts for x in v.spaces),
        tuple(x for v in parts for x in v.walls),
        tuple(x for v in parts for x in v.cuts),
        "standard",
    )
    # no piece laid (a new game's empty map): the slots are still placed, at a scale that
    # spreads a design's slots over the map's box, so their names can be read
    size = min((f.size for f in frames.values()), default=MAP_H / EMPTY_MAP_SPACES)
    platters = []
    for place, name in s.platters:
        frame = frames.get(place.section, Frame(size, PAGE_W / 2, MAP_TOP + MAP_H / 2))
        x, y = frame.at(*centre(*slot_centre(place.cells[0][0], place.cells[0][1])))
        # the slot's name on the centre space of its first half, which it covers (the
        # platter's name is in the list under the map)
        label = st.fit(place.id, "platter-name", size * 1.3, size * 2, max_lines=1)
        platters.append(Platter(place.id, name, At(label, x, y - label.size * 0.6)))
    facts, heads = _facts(st, s)
    doc_title = f"{title}: {d.name} set-up, seed {s.seed}"
    svg = draw(
        GAME,
        BOARD,
        PAGE_W,
        PAGE_H,
        doc_title,
        st,
        design=d.id,
        seed=s.seed,
        margin=MARGIN,
        heading=st.line(title, "sheet-title"),
        subheading=st.line(f"Set-up · {d.name} · seed {s.seed}", "sheet-subtitle"),
        command=st.line(
            f"Same seed, same map: toolkit setup worldspanner --design {d.id} --seed {s.seed}",
            "sheet-command",
        ),
        view=view,
        wall=max(0.3, size * 0.22),
        platters=platters,
        keys=_keys(st, s, laid, frames),
        facts=facts,
        heads=heads,
    )
    return PAGE_W, PAGE_H, title, svg


def _facts(st: BoardStyle, s: Setup) -> tuple[list[Lines], list[Lines]]:
    """The facts of the set-up beside the map, and the key list: lines of text, and the
    heads of their paragraphs."""
    y = MAP_TOP + MAP_H + 8
    col2 = PAGE_W / 2 + 2
    facts: list[Lines] = []
    heads: list[Lines] = []
    for head, text in _fact_texts(s):
        heads.append(Lines(st.line(head, "fact-head"), MARGIN, y, 0))
        fitted = st.fit(text, "fact-text", col2 - MARGIN - 27, 16, max_lines=4)
        facts.append(Lines(fitted, MARGIN + 22, y, fitted.size * 1.2))
        y += max(1, len(fitted.lines)) * fitted.size * 1.2 + 2.2
    y2 = MAP_TOP + MAP_H + 8
    heads.append(Lines(st.line("Platters and keys", "fact-head"), col2, y2, 0))
    y2 += 5
    for slot, what in _key_rows(s):
        fitted = st.fit(
            f"{slot}  {what}".strip(),
            "key-line",
            PAGE_W - MARGIN - col2,
            8,
            max_lines=2,
        )
        facts.append(Lines(fitted, col2, y2, fitted.size * 1.2))
        y2 += len(fitted.lines) * fitted.size * 1.2 + 0.6
    quest = ", ".join(p.key.name for p in s.keys if p.key.kind == "faction")
    fitted = st.fit(
        f"Quest decks: set the decks of {quest} by their keys; the others go back "
        "in the box (p. 4).",
        "quest",
        col2 - MARGIN - 5,
        14,
        max_lines=4,
    )
    facts.append(Lines(fitted, MARGIN, y + 2, fitted.size * 1.2))
    return facts, heads


def _fact_texts(s: Setup) -> list[tuple[str, str]]:
    """The set-up's facts beside the map, each a head and its text: teams, rounds,
    Reinforce, the map, dead ends and, on a split map, its sections (p. 3-4, p. 7)."""
    d = s.design
    lines = [
        (
            "Teams",
            f"{s.heroes} heroes per team. Deal {s.dealt} hero cards to each team; each "
            f"team secretly discards {s.dealt - s.heroes}.",
        ),
        ("Rounds", f"{s.rounds} ({s.length}). Skyhawks (white) take the first turn."),
        (
            "Reinforce",
            ", ".join(f"round {i}: {n}" for i, n in enumerate(s.entry, 1))
            + " heroes, brought on by dismissal.",
        ),
        (
            "Map",
            f"{len(s.platters)} platters, {len(s.keys)} keys (placeholder geometry), laid "
            "as drawn. A key's sides are numbered 1-6; the disc marks side 1 (turn n: n "
            "sixths clockwise).",
        ),
        (
            "Dead ends",
            "Keys are already spun clockwise until every space can be reached (p. 3). "
            "Muted side: the pieces turned over show the mirror image; lay this map mirrored.",
        ),
    ]
    if d.sections > 1:
        lines.append(
            (
                "Sections",
                f"{d.sections} separate sections, each with an adventure key "
                "and a Dome key (p. 4).",
            )
        )
    return lines


def _key_rows(s: Setup) -> list[tuple[str, str]]:
    """The key list under its head, each row a slot and what is in it: first the platters
    in one row (the page has room for a line or two more, not one each), then the keys by
    slot."""
    rows = [("", ", ".join(f"{place.id} {name}" for place, name in s.platters))]
    for p in sorted(s.keys, key=lambda p: p.slot.id):
        extra = f" — {p.key.text}" if p.key.kind == "vista" else ""
        rows.append((p.slot.id, f"{p.key.name}, turn {p.rotation}{extra}"))
    return rows
