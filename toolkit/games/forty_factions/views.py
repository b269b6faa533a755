"""What a sheet or card shows, as plain data for the templates (no HTML here).

Fields follow the rules' order (4.3 for factions, 4.4 for plots). Each value is
an `Item` that knows whether it applies only with an expansion (4.3.16) and
whether it is still a placeholder (shown only in proof mode).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.core.marks import is_placeholder
from toolkit.games.forty_factions.card_faces import Face, faction_face, plot_face
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.models import Faction, Passage, Plot, Prose, passages
from toolkit.load.art import placed
from toolkit.validate.schema import Model


@dataclass(frozen=True)
class Item:
    """One value or paragraph on a sheet."""

    text: str
    expansion: str = ""
    placeholder: bool = False
    source: str = ""


@dataclass(frozen=True)
class Field:
    """A labelled field of a sheet; `key` is the content field it comes from."""

    key: str
    label: str
    items: list[Item]
    prose: bool = False


@dataclass(frozen=True)
class Sheet:
    """Everything one Information Sheet shows."""

    kind: str  # faction | plot
    anchor: str
    number: int
    name: str
    tarot: str
    alleyman: str
    expansion: str
    expansion_name: str
    fields: list[Field] = field(default_factory=list)
    name_placeholder: bool = False
    alleyman_placeholder: bool = False
    emblem: str = ""  # the emblem's picture (a data: URL), "" while there is none
    emblem_placeholder: bool = False  # a stand-in (sample art), marked under --proof

    @property
    def has_placeholder(self) -> bool:
        """Does the sheet print a placeholder value (its legend then explains the mark)?"""
        return (
            self.name_placeholder
            or self.alleyman_placeholder
            or self.emblem_placeholder
            or any(it.placeholder for f in self.fields for it in f.items)
        )


@dataclass(frozen=True)
class Card:
    """Everything one card face shows (and which back it takes)."""

    kind: str
    number: int
    name: str
    tarot: str
    alleyman: str
    expansion: str
    expansion_name: str
    emblem: str = ""  # pictures as data: URLs (`toolkit.load.art`), "" for an empty slot
    illustration: str = ""
    # the printed values that are placeholders (name, tarot, alleyman; "face": a value of
    # `face`, which marks its own), sorted: marked
    placeholders: tuple[str, ...] = ()
    # its party band, facts and drawings (`card_faces`); None on a back
    face: Face | None = None


def _prose(doc: Model, key: str, value: Prose) -> list[Item]:
    ph = is_placeholder(doc, key)
    out = []
    for p in passages(value):
        assert isinstance(p, Passage)
        # a passage whose text already ends citing its source prints the citation once
        cited = bool(p.source) and p.text.rstrip().rstrip(".").endswith(f"({p.source})")
        out.append(Item(p.text, p.expansion, ph, "" if cited else p.source))
    return out


def _enemies(ix: Index, f: Faction) -> list[Item]:
    ph = is_placeholder(f, "enemies")
    out = []
    for e in f.enemies:
        if isinstance(e, int):
            out.append(Item(ix.name(e), placeholder=ph))
        else:
            cat = ix.category_by_id.get(e)
            out.append(Item(f"All {cat.name if cat else e}", placeholder=ph))
    return out


def _seats(f: Faction) -> list[Item]:
    out = []
    if f.seats.council:
        out.append(
            Item(f"{f.seats.council} on Council", placeholder=is_placeholder(f, "seats.council"))
        )
    if f.seats.conclave:
        out.append(
            Item(f"{f.seats.conclave} on Conclave", placeholder=is_placeholder(f, "seats.conclave"))
        )
    if f.seats.congress:
        out.append(
            Item(
                f"{f.seats.congress} on the Congress of Dreams",
                "DD",
                is_placeholder(f, "seats.congress"),
            )
        )
    return out


def _locations(ix: Index, f: Faction) -> list[Item]:
    if f.locations == "variable":
        return [Item("Variable: placed as this sheet specifies (13.2.3.4)")]
    out = []
    for i, loc in enumerate(f.location_list):
        area = ix.area_by_id.get(loc.area)
        where = area.name if area else loc.area
        circle = {"sacred": "Sacred Circle", "lesser": "Lesser Circle, counts 0.5"}.get(
            loc.circle, ""
        )
        side = f"{loc.side} side" if loc.side else ""
        extra = ", ".join(p for p in (circle, side) if p)
        text = f"{loc.name}{f' ({extra})' if extra else ''}: {where}"
        exp = loc.expansion or (area.expansion if area and f.expansion == "base" else "")
        out.append(Item(text, exp, is_placeholder(f, f"locations.{i}")))
    return out


def _otherworlds(ix: Index, f: Faction) -> list[Item]:
    out = []
    for w in f.otherworlds:
        area = ix.area_by_id.get(w.domain)
        name = f"[{w.name}]" if w.bracketed else w.name
        out.append(
            Item(
                f"{name}: {area.name if area else w.domain}", "DD", is_placeholder(f, "otherworlds")
            )
        )
    return out


MADNESS_NAMES = {"G": "Delirium (G)", "N": "Mania (N)", "E": "Despair (E)"}


def _rules(card: Faction | Plot) -> list[Item]:
    """The rules passages that apply to this card, quoted, each with its source."""
    ph = is_placeholder(card, "rules")
    return [Item(p.text, p.expansion, ph, p.source) for p in card.rules]


def _pawns(ix: Index, f: Faction) -> list[Item]:
    """The pawn colour its holder takes at set-up, if the table of 5.6 names it."""
    setup = ix.game.setup
    for i, row in enumerate(setup.pawn_colours):
        if f.number in row.factions:
            k = row.factions.index(f.number) + 1
            order = f" (priority {k} of {len(row.factions)})" if len(row.factions) > 1 else ""
            ph = is_placeholder(ix.game, f"setup.pawn_colours.{i}.factions")
            return [Item(f"{row.colour.title()}, if available{order}", "", ph, "5.6")]
    return []


def _notes(f: Faction) -> list[Item]:
    """A faction's notes, and that it may act as a Thieves' Guild when it may (11.1.5)."""
    notes = _prose(f, "notes", f.notes)
    if f.thieves_guild:
        # the item cites its rule after its text: "(11.1.5)" is not written into it too
        notes.append(
            Item(
                "May be played as a Thieves' Guild to steal a card, or to block the "
                "stealing of one.",
                "",
                is_placeholder(f, "thieves_guild"),
                "11.1.5",
            )
        )
    return notes


def _politics(ix: Index, f: Faction) -> list[Item]:
    """A faction's party, by name, with the expansion that brings it."""
    party = ix.party_by_id.get(f.politics)
    return [
        Item(
            party.name if party else f.politics,
            party.expansion if party else "",
            is_placeholder(f, "politics"),
        )
    ]


def faction_sheet(ix: Index, f: Faction) -> Sheet:
    """The Faction Information Sheet of rules 4.3, fields in the rules' order."""
    cat = ix.category_by_id.get(f.category)
    fields = [
        Field("timeframe", "Timeframe", _prose(f, "timeframe", f.timeframe), True),
        Field(
            "alignment",
            "Alignment",
            [Item(f.alignment, placeholder=is_placeholder(f, "alignment"))] if f.alignment else [],
        ),
        Field("politics", "Politics", _politics(ix, f)),
        Field(
            "category",
            "Category",
            [Item(cat.name if cat else f.category, "", is_placeholder(f, "category"))],
        ),
        Field("enemies", "Enemies", _enemies(ix, f)),
        Field("seats", "Seats", _seats(f)),
        Field("pawns", "Pawns", _pawns(ix, f), True),
        Field(
            "characters",
            "Characters",
            [Item(c, placeholder=is_placeholder(f, "characters")) for c in f.characters],
        ),
        Field("locations", "Locations", _locations(ix, f)),
        Field("resources", "Resources", _prose(f, "resources", f.resources), True),
        Field("random_event", "Random Event", _prose(f, "random_event", f.random_event), True),
        Field("background", "Background", _prose(f, "background", f.background), True),
        Field("notes", "Notes", _notes(f), True),
        Field("rules", "Rules", _rules(f), True),
        Field("otherworlds", "Otherworld", _otherworlds(ix, f)),
        Field(
            "madness",
            "Madness",
            [Item(MADNESS_NAMES[f.madness], "DD", is_placeholder(f, "madness"))]
            if f.madness
            else [],
        ),
    ]
    return _sheet(ix, "faction", f, fields)


def plot_sheet(ix: Index, p: Plot) -> Sheet:
    """The Plot Information Sheet of rules 4.4."""
    fields = [
        Field("specify", "Specify", _prose(p, "specify", p.specify), True),
        Field("notes", "Notes", _prose(p, "notes", p.notes), True),
        Field("rules", "Rules", _rules(p), True),
    ]
    return _sheet(ix, "plot", p, fields)


def _sheet(ix: Index, kind: str, c: Faction | Plot, fields: list[Field]) -> Sheet:
    """The sheet of a card: its heading facts, and the fields that have something to say."""
    return Sheet(
        kind=kind,
        anchor=f"{kind}-{c.number}",
        number=c.number,
        name=c.name,
        tarot=c.tarot,
        alleyman=c.alleyman,
        expansion=c.expansion,
        expansion_name=expansion_name(ix, c.expansion),
        fields=[fl for fl in fields if fl.items],
        name_placeholder=is_placeholder(c, "name"),
        alleyman_placeholder=is_placeholder(c, "alleyman"),
        emblem=placed(ix.root, getattr(c, "emblem", "")),
        emblem_placeholder=is_placeholder(c, "emblem"),
    )


def card(ix: Index, c: Faction | Plot) -> Card:
    """A card face for a faction or plot."""
    emblem = placed(ix.root, getattr(c, "emblem", ""))
    illustration = placed(ix.root, getattr(c, "illustration", ""))
    if isinstance(c, Faction):
        face = faction_face(ix, c, has_art=bool(emblem or illustration))
    else:
        face = plot_face(ix, c)
    held = tuple(k for k in ("alleyman", "name", "tarot") if is_placeholder(c, k))
    return Card(
        kind="faction" if isinstance(c, Faction) else "plot",
        number=c.number,
        name=c.name,
        tarot=c.tarot,
        alleyman=c.alleyman,
        expansion=c.expansion,
        expansion_name=expansion_name(ix, c.expansion),
        emblem=emblem,
        illustration=illustration,
        # "face": the face prints a placeholder of its own (its legend then explains the mark)
        placeholders=tuple(sorted((*held, "face"))) if face.has_placeholder else held,
        face=face,
    )


def back(ix: Index, kind: str, code: str) -> Card:
    """The back of a deck kind in one expansion (13.2.1.1): a card with only those."""
    return Card(kind, 0, "", "", "", code, expansion_name(ix, code))


def expansion_name(ix: Index, code: str) -> str:
    for e in ix.game.expansions:
        if e.code == code:
            return e.name
    return code
