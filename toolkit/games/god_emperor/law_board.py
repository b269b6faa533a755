"""The Law Board of the God Emperor (A3 landscape) and its A4 extension sheets, laid out
for their templates in `templates/god-emperor/boards/`: the existing laws, and a numbered
slot for every Commandment the Court can pass. The look is `templates/god-emperor/board.css`.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.games.god_emperor.index import Index
from toolkit.render.board_style import At, BoardStyle, Label, draw, load_style

GAME = "god-emperor"
SLOT_PITCH, SLOT_MIN_W = 14.0, 62.0  # mm: a slot with room for a line or two of handwriting
LAW_BOARD = (420.0, 297.0, 16.0)  # A3 landscape, margin (mm)
LAWS_SHARE = 0.62  # of the width, for the existing laws; the rest holds the Commandments
EXTENSION = "law-board-extension"  # the template of the extension sheets


def commandments(ix: Index) -> tuple[int, str]:
    """How many Commandments the Court can pass in a game, and the arithmetic: the Proposals
    section of its timeline runs `repeat` times a month (L402-412: 'repeats three times'),
    each proposal passing at most one law, posted on the Law Board (L409), in every month
    of the game (the Court sits each month, L255)."""
    court = next((r for r in ix.game.rooms if r.id == "court"), None)
    step = next((s for s in court.steps if s.name == "Proposals"), None) if court else None
    per_month = step.repeat if step else 1
    months = ix.game.rounds.count
    return per_month * months, f"{per_month} proposals a month (L412) × {months} months"


@dataclass(frozen=True)
class Slot:
    """A numbered Commandment slot."""

    number: int
    x: float
    y: float
    w: float
    h: float
    label: Label


def _slots(
    st: BoardStyle, first: int, last: int, x: float, y: float, w: float, h: float
) -> tuple[Slot, ...]:
    """Commandment slots `first`..`last`, numbered, in as many columns as the height needs."""
    rows = max(1, int(h // SLOT_PITCH))
    n = last - first + 1
    cols = -(-n // rows)
    col_w = w / cols
    out = []
    for k in range(n):
        c, r = divmod(k, rows)
        out.append(
            Slot(
                first + k,
                x + c * col_w,
                y + r * SLOT_PITCH,
                col_w - 3,
                SLOT_PITCH - 3,
                st.line(str(first + k), "slot-number"),
            )
        )
    return tuple(out)


def _capacity(w: float, h: float) -> int:
    """Slots that fit a `w` x `h` mm area at their least readable size."""
    return max(1, int(h // SLOT_PITCH)) * max(1, int(w // SLOT_MIN_W))


def _commandment_area() -> tuple[float, float, float, float]:
    """x, y, width and height of the Law Board's Commandment slots."""
    w, h, margin = LAW_BOARD
    x = margin + (w - 2 * margin - 10) * LAWS_SHARE + 10
    return x, 62.0, w - margin - x, h - 66 - margin


@dataclass(frozen=True)
class Law:
    """A law: its number, its text in lines from `y`, its rider (in italics) below."""

    number: int
    title: str
    y: float
    mark: Label
    text: Label
    rider: Label | None
    rider_y: float


def law_board(ix: Index) -> tuple[float, float, str, str]:
    """The Law Board (A3 landscape): the existing laws, and a numbered slot for every
    Commandment the Court can pass (`commandments`); those that do not fit go on extension
    sheets (`law_board_extensions`), which the board names."""
    court = ix.court
    assert court is not None
    st = load_style(GAME)
    w, h, margin = LAW_BOARD
    col_w = (w - 2 * margin - 10) * LAWS_SHARE
    y = 44.0
    laws = []
    for law in court.laws:
        f = st.fit(law.text, "law-text", col_w - 10, 16, max_lines=2)
        top = y
        y += len(f.lines) * f.size * 1.2 + 2.4
        fr = None
        rider_y = y
        if law.rider:
            fr = st.fit(law.rider, "law-rider", col_w - 10, 18, max_lines=3)
            y += len(fr.lines) * fr.size * 1.2 + 3.0
        mark = st.line(f"{law.number}.", "law-number", f.size)
        laws.append(Law(law.number, f"Law {law.number}: {law.text}", top, mark, f, fr, rider_y))
    x2, top, area_w, area_h = _commandment_area()
    total, why = commandments(ix)
    here = min(total, _capacity(area_w, area_h))
    note = f"Room for {total}, as many as the Court can pass: {why}."
    if here < total:
        note += f" Slots {here + 1}-{total} are on the extension sheet(s)."
    title = f"{ix.game.title}: the Law Board"
    svg = draw(
        GAME,
        "law-board",
        w,
        h,
        title,
        st,
        margin=margin,
        laws=laws,
        heading=st.line("The Immutable Laws of the God Emperor", "law-title"),
        subheading=st.line(
            "Gold tablets above the Court. The Court can annul any of these laws.", "law-subtitle"
        ),
        total=total,
        cx=x2 + area_w / 2,
        commandments=st.line("Commandments of the Court", "commandments-title"),
        note=st.fit(note, "commandments-note", area_w, 9, max_lines=2),
        slots=_slots(st, 1, here, x2, top, area_w, area_h),
    )
    return w, h, title, svg


def law_board_extensions(ix: Index) -> list[tuple[float, float, str, str]]:
    """A4 sheets with the Commandment slots the Law Board has no room for, numbered on."""
    st = load_style(GAME)
    total, why = commandments(ix)
    w, h, margin = 210.0, 297.0, 14.0
    board = _capacity(*_commandment_area()[2:])
    per = _capacity(w - 2 * margin, h - 40 - margin)
    out = []
    first = board + 1
    while first <= total:
        last = min(total, first + per - 1)
        title = f"{ix.game.title}: the Law Board, Commandments {first}-{last}"
        svg = draw(
            GAME,
            EXTENSION,
            w,
            h,
            title,
            st,
            heading=st.line(f"Commandments of the Court, {first}-{last}", "extension-title"),
            note=st.line(
                f"Beside the Law Board: {total} Commandments in all ({why}).", "extension-note"
            ),
            slots=_slots(st, first, last, margin, 38, w - 2 * margin, h - 40 - margin),
        )
        out.append((w, h, title, svg))
        first = last + 1
    return out


__all__ = ["At", "commandments", "law_board", "law_board_extensions"]
