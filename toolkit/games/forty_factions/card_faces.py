"""What a Forty Factions card face shows besides its name and numbers, as plain data for
its template (`templates/forty-factions/card.html.j2`): the band at its head (a faction's
party, by name and colour; a plot's Major Arcana), its facts (category, seats, locations
by area; a plot's Specify), and its drawings (`card_art`). No HTML here.

Every value the rules do not give is asked of `is_placeholder` as it is printed, so the
card marks it and the kit's guide lists it.
"""

from __future__ import annotations

from dataclasses import dataclass

import toolkit.games.forty_factions.card_art as art
from toolkit.core.marks import is_placeholder
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, Passage, Plot, passages

# The drawn tarot card on a face, w x h mm: beside the emblem (a faction), alone (a plot)
FACTION_TAROT = (25.0, 42.0)
PLOT_TAROT = (30.0, 50.0)
EMBLEM = 26.0  # mm across, a generated emblem
NOT_CANON = "generated from the card’s data, not canon art"


@dataclass(frozen=True)
class Mark:
    """A printed value, and whether it is a placeholder (the card marks it)."""

    text: str
    placeholder: bool = False


@dataclass(frozen=True)
class Place:
    """An area (Forest, Domain) and the card's locations in it."""

    area: str
    expansion: str  # the expansion they are in play with, "" in the base game
    names: tuple[Mark, ...]


@dataclass(frozen=True)
class Face:
    """The parts of a card face that come from its data and the game's."""

    band: Mark  # a faction's party, a plot's Major Arcana
    band_colour: str  # the band's fill; its text is in `band_ink`
    band_ink: str
    tarot_art: str  # drawings, as `data:` URLs (`card_art`); "" where there is none
    tarot_size: tuple[float, float]  # mm
    emblem_art: str = ""  # generated: only for a faction without art
    generated: str = ""  # what on the face is generated, said on it
    category: Mark | None = None
    seats: tuple[Mark, ...] = ()
    places: tuple[Place, ...] = ()
    specify: tuple[Mark, ...] = ()

    @property
    def has_placeholder(self) -> bool:
        """Does the face print a placeholder of its own?"""
        marks = [self.band, *self.seats, *self.specify]
        marks += [m for p in self.places for m in p.names]
        if self.category is not None:
            marks.append(self.category)
        return any(m.placeholder for m in marks)


def _party(ix: Index, f: Faction) -> tuple[Mark, str]:
    """The faction's party by name, and its colour; marked where either is a placeholder
    (game.yaml's colours are: the rules give none)."""
    for i, p in enumerate(ix.game.parties):
        if p.id == f.politics:
            # both asked, so that the kit's guide lists each value the band prints
            chosen = is_placeholder(f, "politics")
            coloured = bool(p.colour) and is_placeholder(ix.game, f"parties.{i}.colour")
            return Mark(p.name, chosen or coloured), p.colour
    return Mark(f.politics, is_placeholder(f, "politics")), ""


def _seats(f: Faction) -> tuple[Mark, ...]:
    """The seats it holds (4.3.9; DD3.2.2), each marked where a placeholder; the Congress
    of Dreams with "(DD)" on another expansion's card, as its sheet boxes it (4.3.16)."""
    held = (
        ("council", "Council"),
        ("conclave", "Conclave"),
        ("congress", "Congress of Dreams" + ("" if f.expansion == "DD" else " (DD)")),
    )
    return tuple(
        Mark(label, is_placeholder(f, f"seats.{key}"))
        for key, label in held
        if getattr(f.seats, key)
    )


def _places(ix: Index, f: Faction) -> tuple[Place, ...]:
    """Its locations (4.3.11) grouped by the area they lie in, in the sheet's order."""
    if f.locations == "variable":
        return (Place("Variable", "", (Mark("placed as its sheet specifies (13.2.3.4)"),)),)
    groups: dict[tuple[str, str], list[Mark]] = {}
    for i, loc in enumerate(f.location_list):
        area = ix.area_by_id.get(loc.area)
        where = area.name if area else loc.area
        exp = loc.expansion or (area.expansion if area and f.expansion == "base" else "")
        circle = {"sacred": "Sacred Circle", "lesser": "Lesser Circle"}.get(loc.circle, "")
        side = f"{loc.side} side" if loc.side else ""
        extra = ", ".join(p for p in (circle, side) if p)
        text = f"{loc.name} ({extra})" if extra else loc.name
        groups.setdefault((where, exp), []).append(Mark(text, is_placeholder(f, f"locations.{i}")))
    return tuple(Place(a, e, tuple(names)) for (a, e), names in groups.items())


def _drawn(ix: Index, name: str, size: tuple[float, float]) -> str:
    """The card's tarot card drawn (`card_art`); nothing for a name that is no card."""
    decks = ix.game.decks
    t = art.read_tarot(name, [s.name for s in decks.suits], list(decks.arcana))
    if t is None:
        return ""
    if t.suit:
        return art.minor_card(t, list(decks.ranks), *size)
    return art.major_card(t, *size, dict(decks.arcana_aliases))


def _generated(parts: list[str]) -> str:
    """The note that says which drawings of the face are generated ("" for none)."""
    if not parts:
        return ""
    said = " and ".join(parts)
    return f"{said[0].upper()}{said[1:]} {NOT_CANON}"


def faction_face(ix: Index, f: Faction, has_art: bool) -> Face:
    """A faction card's face: its party band, tarot drawing, emblem (generated where it has
    no art: `has_art`), category, seats and locations."""
    party, colour = _party(ix, f)
    t = art.read_tarot(f.tarot, [s.name for s in ix.game.decks.suits], [])
    cat = ix.category_by_id.get(f.category)
    drawn = _drawn(ix, f.tarot, FACTION_TAROT)
    made = [w for w, on in (("Emblem", not has_art), ("tarot drawing", bool(drawn))) if on]
    return Face(
        band=party,
        band_colour=colour or art.NEUTRAL,
        band_ink=art.contrast(colour or art.NEUTRAL),
        tarot_art=drawn,
        tarot_size=FACTION_TAROT,
        emblem_art="" if has_art else art.emblem(f.name, t.suit if t else "", colour, EMBLEM),
        generated=_generated(made),
        category=Mark(cat.name if cat else f.category, is_placeholder(f, "category")),
        seats=_seats(f),
        places=_places(ix, f),
    )


def plot_face(ix: Index, p: Plot) -> Face:
    """A plot card's face: its Major Arcana band and drawing, and what its player must
    specify (4.4.4)."""
    held = is_placeholder(p, "specify")
    said = [x.text for x in passages(p.specify) if isinstance(x, Passage)]
    drawn = _drawn(ix, p.tarot, PLOT_TAROT)
    return Face(
        band=Mark("Major Arcana"),
        band_colour=art.INK,
        band_ink=art.PAPER,
        tarot_art=drawn,
        tarot_size=PLOT_TAROT,
        generated=_generated(["Tarot drawing"] if drawn else []),
        specify=tuple(Mark(t, held) for t in said),
    )
