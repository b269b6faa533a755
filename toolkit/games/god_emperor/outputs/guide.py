"""What kit/PRINT.md says of the God Emperor kit: its sections on badges, forms and cards,
and each kind of file with how many to print for this cast (`toolkit.kit.guide`)."""

from __future__ import annotations

import math

from toolkit.games.god_emperor.outputs.forms import SHEETS, WAR_ORDERS_UP
from toolkit.kit.guide import Kind

GUIDE = (
    "## Badges and strips\n\nPrint single-sided and cut on the crop marks. Badges print "
    "the cast's names once the cast is the organiser's (not a placeholder); until then each "
    "is blank, a line to write the name on at check-in. Each House has spare badges and "
    "strips, marked Funeral spare, for the new character of a player who dies (L548). Clip "
    "each status strip to its badge; Control ticks the rank (a named cast's starting rank "
    "is ringed) and crosses it out for the new one when ranks change (L548, L560), and marks "
    "wounds, marriage, priest and hostages as the game goes.",
    "## Forms\n\nA player writes one form each month in Planning: War Orders in the War "
    "Room, a Court Proposal at the Court, a Scheme in the Underground. Print enough for "
    "every player to go to any room every month; the War Orders file has one page per House, "
    f"{WAR_ORDERS_UP} forms to a page, the Scheme file {SHEETS['scheme'][0]} to a turned "
    "page: cut on the dashed lines.",
    "## Cards\n\nFavor, scheme and minion cards are poker size, 63.5 x 88 mm, with 3 mm bleed. "
    "Print the card sheets double-sided, flip on the long edge. Each House gets its own "
    "minion deck, its back in the House's colour with its name and crest: after an "
    "Underground, sort the cards back to their decks by their backs.",
)


def kinds(players: int, months: int, houses: int) -> dict[str, Kind]:
    """What each kind of file is, and how many to print for this cast: a form for every
    player in every month, a third of them in each room."""
    forms = max(1, players * months // 3)
    war = max(1, math.ceil(forms / max(1, houses) / WAR_ORDERS_UP))
    scheme = max(1, math.ceil(forms / SHEETS["scheme"][0]))
    return {
        "cut-sheet": Kind(
            "badges or status strips, one per player and spares for Funerals, n-up with crop marks",
            stock="card",
            how="cut on the marks",
        ),
        "form": Kind(
            "a player form",
            copies=forms,
            copies_note=f"up to {forms} ({players} players × {months} months / 3 rooms)",
        ),
        "forms/war-orders.pdf": Kind(
            f"War Orders, one page per House, {WAR_ORDERS_UP} forms to a page",
            copies=war,
            how="cut on the dashed lines",
            copies_note=f"up to {war} ({forms} orders over the game / {houses} Houses / "
            f"{WAR_ORDERS_UP} a page)",
        ),
        "forms/scheme.pdf": Kind(
            f"Scheme forms, {SHEETS['scheme'][0]} to a page",
            copies=scheme,
            how="cut on the dashed line",
            copies_note=f"up to {scheme} ({forms} schemes over the game / "
            f"{SHEETS['scheme'][0]} a page)",
        ),
        "playmat": Kind(
            "a playmat per House: Hostages and Marriage",
            how="A4 landscape; A3 is better if your printer takes it",
        ),
        "setup": Kind(
            "Control's set-up checklist: what goes where before Month 1, with its rules",
            copies_note="1 for Control",
        ),
        "reference": Kind(
            "Control's reference: timings, schedule, costs, laws",
            duplex=True,
            copies_note="1 per Control member",
        ),
        "board": Kind(
            "a board at its real size (the war map A2, the Law Board A3)",
            stock="shop",
            how="a print shop or a large-format printer",
        ),
    }
