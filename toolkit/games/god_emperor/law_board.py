"""(transitional) The Law Board, drawn with elements."""

from __future__ import annotations

from functools import partial

from toolkit.games.god_emperor.index import Index
from toolkit.svg import El, fit, label
from toolkit.svg import text as svg_text

INK = "#1a1a1a"
_text = partial(svg_text, anchor="middle", fill=INK)


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


SLOT_PITCH, SLOT_MIN_W = 14.0, 62.0  # mm: a slot with room for a line or two of handwriting


def _slots(parent: El, first: int, last: int, x: float, y: float, w: float, h: float) -> None:
    """Commandment slots `first`..`last`, numbered, in as many columns as the height needs."""
    rows = max(1, int(h // SLOT_PITCH))
    n = last - first + 1
    cols = -(-n // rows)
    col_w = w / cols
    for k in range(n):
        c, r = divmod(k, rows)
        sx, sy = x + c * col_w, y + r * SLOT_PITCH
        slot = parent.add(El("g", class_="space commandment", data_slot=first + k))
        slot.add(El("title", f"Commandment slot {first + k}"))
        slot.add(El("rect", x=sx, y=sy, width=col_w - 3, height=SLOT_PITCH - 3, rx=2,
                    fill="none", stroke=INK, stroke_width=0.4,
                    stroke_dasharray="2 1.2"))  # fmt: skip
        _text(slot, str(first + k), sx + 2.2, sy + 4.6, 3.2, 700, "Cinzel", anchor="start")


def _capacity(w: float, h: float) -> int:
    """Slots that fit a `w` x `h` mm area at their least readable size."""
    return max(1, int(h // SLOT_PITCH)) * max(1, int(w // SLOT_MIN_W))


LAW_BOARD = (420.0, 297.0, 16.0)  # A3 landscape, margin (mm)
LAWS_SHARE = 0.62  # of the width, for the existing laws; the rest holds the Commandments


def _commandment_area() -> tuple[float, float, float, float]:
    """x, y, width and height of the Law Board's Commandment slots."""
    w, h, margin = LAW_BOARD
    x = margin + (w - 2 * margin - 10) * LAWS_SHARE + 10
    return x, 62.0, w - margin - x, h - 66 - margin


def law_board(ix: Index) -> tuple[float, float, str, El]:
    """The Law Board (A3 landscape): the existing laws, and a numbered slot for every
    Commandment the Court can pass (`commandments`); those that do not fit go on extension
    sheets (`law_board_extensions`), which the board names."""
    court = ix.court
    assert court is not None
    w, h, margin = LAW_BOARD
    body = El("g", class_="law-board")
    body.add(El("rect", x=0, y=0, width=w, height=h, fill="#f6edd5"))
    _text(body, "The Immutable Laws of the God Emperor", w / 2, 24, 15, 700, "Cinzel")
    _text(body, "Gold tablets above the Court. The Court can annul any of these laws.",
          w / 2, 32, 6)  # fmt: skip
    col_w = (w - 2 * margin - 10) * LAWS_SHARE
    y = 44.0
    laws = body.add(El("g", class_="laws"))
    for law in court.laws:
        grp = laws.add(El("g", class_="law", data_number=law.number))
        grp.add(El("title", f"Law {law.number}: {law.text}"))
        f = fit(law.text, col_w - 10, 16, 7.0, max_lines=2)
        _text(grp, f"{law.number}.", margin + 6, y + f.size, f.size, 700, "Cinzel", anchor="end")
        for i, ln in enumerate(f.lines):
            _text(grp, ln, margin + 9, y + f.size + i * f.size * 1.2, f.size, anchor="start")
        y += len(f.lines) * f.size * 1.2 + 2.4
        if law.rider:
            fr = fit(law.rider, col_w - 10, 18, 4.6, max_lines=3)
            for i, ln in enumerate(fr.lines):
                grp.add(El("text", ln, x=margin + 9, y=y + fr.size + i * fr.size * 1.2,
                           font_family="EB Garamond", font_style="italic", font_size=fr.size,
                           fill="#5a4a2a"))  # fmt: skip
            y += len(fr.lines) * fr.size * 1.2 + 3.0
    x2, top, area_w, area_h = _commandment_area()
    total, why = commandments(ix)
    here = min(total, _capacity(area_w, area_h))
    new = body.add(El("g", class_="commandments", data_capacity=total))
    _text(new, "Commandments of the Court", x2 + area_w / 2, 46, 8, 700, "Cinzel")
    note = f"Room for {total}, as many as the Court can pass: {why}."
    if here < total:
        note += f" Slots {here + 1}-{total} are on the extension sheet(s)."
    label(new, fit(note, area_w, 9, 3.6, max_lines=2), x2 + area_w / 2, 50)
    _slots(new, 1, here, x2, top, area_w, area_h)
    return w, h, f"{ix.game.title}: the Law Board", body


def law_board_extensions(ix: Index) -> list[tuple[float, float, str, El]]:
    """A4 sheets with the Commandment slots the Law Board has no room for, numbered on."""
    total, why = commandments(ix)
    w, h, margin = 210.0, 297.0, 14.0
    board = _capacity(*_commandment_area()[2:])
    per = _capacity(w - 2 * margin, h - 40 - margin)
    out = []
    first = board + 1
    while first <= total:
        last = min(total, first + per - 1)
        body = El("g", class_="law-board-extension")
        body.add(El("rect", x=0, y=0, width=w, height=h, fill="#f6edd5"))
        _text(body, f"Commandments of the Court, {first}-{last}", w / 2, 20, 9, 700, "Cinzel")
        _text(body, f"Beside the Law Board: {total} Commandments in all ({why}).", w / 2, 28,
              4.2)  # fmt: skip
        grp = body.add(El("g", class_="commandments"))
        _slots(grp, first, last, margin, 38, w - 2 * margin, h - 40 - margin)
        out.append((w, h, f"{ix.game.title}: the Law Board, Commandments {first}-{last}", body))
        first = last + 1
    return out
