"""What each Worldspanner card shows: plain frozen data for the templates (and for the
build's output keys, which hash it)."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.core.marks import is_placeholder
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.models import (
    ChallengeCard,
    Faction,
    Hero,
    Outcome,
    Quest,
    TreasureDeck,
)


@dataclass(frozen=True)
class Bar:
    """A rating as the card draws it: symbol, name, value, the top of its scale."""

    symbol: str
    name: str
    value: int
    max: int
    placeholder: bool = False  # its value not the rules' (marked on the card)
    glyph: str = ""  # the rulebook's symbol for it (game.yaml `glyph`), drawn beside the mark
    boosted: bool = True  # a Boost adds +1 to it (p. 23): the card sets the others apart


@dataclass(frozen=True)
class HeroCard:
    kind: str
    name: str
    faction: str
    symbol: str
    colour: str
    heroes: str
    health: int
    bars: tuple[Bar, ...]
    natures: tuple[str, ...]
    loot: tuple[tuple[str, int], ...]  # (symbol name, amount) for the non-zero ones
    bonuses: tuple[str, ...]
    no_trade: bool
    special: str
    value: float
    # the fields it prints that are placeholders, sorted (a set's order would change the
    # card's key, so its output, from one process to the next: strings hash by seed)
    placeholders: tuple[str, ...] = ()


@dataclass(frozen=True)
class AidCard:
    kind: str
    rows: tuple[Bar, ...]  # name beside symbol, in card order


@dataclass(frozen=True)
class Row:
    """One difference of a challenge card: its face, whether the Hit bar reaches it, and
    what the face does to a Damage challenge's wounds (p. 18)."""

    difference: int
    face: str
    hit: bool
    wounds: str = ""  # "+1", "0", "-1", "none"


@dataclass(frozen=True)
class ChallengeView:
    kind: str
    team: str
    number: int
    rows: tuple[Row, ...]
    luck: int
    domes: str
    # the values it prints that are placeholders (`faces`, `luck`, `domes`): marked
    placeholders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Result:
    """What a challenge face gives on an adventure: the face (its id styles it), the text."""

    id: str
    face: str
    text: str


@dataclass(frozen=True)
class Relation:
    """The faction relation of an adventure on a Faction key (p. 14): the heroes at home
    there gain `bonus`, those of its opposing factions lose it."""

    home: str  # the heroes it is home to, e.g. "Icons"
    opposed: str  # the opposing factions' heroes, e.g. "Warriors, Commoners"
    bonus: int
    placeholder: bool = False  # the opposing factions are the kit's, not the rulebook's


@dataclass(frozen=True)
class QuestView:
    kind: str
    faction: str
    symbol: str
    colour: str
    name: str
    rating: str
    value: int
    draws: int
    virtue_bonus: tuple[int, ...]
    text: str
    placeholder: bool = False  # a sample card, not the rules' (marked on the card)
    glyph: str = ""  # the challenged rating's symbol in the rulebook, if it prints one
    results: tuple[Result, ...] = ()  # best face first; a gold-paying quest's one line
    relation: Relation | None = None  # none on a gold-paying quest (p. 14: money greases)


@dataclass(frozen=True)
class TreasureView:
    kind: str
    deck: str
    name: str
    price: int
    text: str
    placeholder: bool = False  # a sample card, not the rules' (marked on the card)
    colour: str = ""  # its deck's colour, as on its back
    draws: int = 0  # card draws it costs to draw from its deck (p. 10)


@dataclass(frozen=True)
class Back:
    kind: str
    title: str
    colour: str
    mark: str = ""  # the card's Set, printed under `--backs expansion` only


# Each treasure deck's colour: its backs' and its faces' head
DECK_COLOURS = {"war": "#7a2e1e", "secret": "#2e3f5c", "elite": "#5c4a1e"}
LOOT_SHORT = {"gold": "Gold", "war": "War", "secret": "Secret", "elite": "Elite", "boost": "Boost"}


UNKNOWN = "#8a8a8a"  # the frame of a card whose faction game.yaml does not declare


def faction_of(ix: Index, fid: str) -> Faction:
    """The faction `fid` names. One game.yaml does not declare (WS-REF, so only a `--draft`
    prints it) stands in as the id as written, with a `?` for its mark and a grey frame:
    the card is still drawn, and stamped, rather than left out of its deck."""
    f = ix.factions.get(fid)
    if f is not None:
        return f
    return Faction(
        id=fid, name=fid, heroes="?", set=1, description="", opposing=[], symbol="?", colour=UNKNOWN
    )


def hero_card(ix: Index, h: Hero) -> HeroCard:
    """A hero card: bars in the rulebook's order (p. 6), start loot, natures, bonuses."""
    f = faction_of(ix, h.faction)
    bars = tuple(
        Bar(
            r.symbol,
            r.name,
            h.ratings.get(r.id, 0),
            r.max,
            is_placeholder(h, f"ratings.{r.id}"),
            r.glyph,
            r.boosted,
        )
        for r in ix.game.ratings
    )
    names = {loot.id: loot.name for loot in ix.game.loot}
    loot = tuple(
        (names.get(k, LOOT_SHORT[k]), getattr(h.start_loot, k))
        for k in LOOT_SHORT
        if getattr(h.start_loot, k)
    )
    shown = ("name", "faction", "health", "natures", "start_loot", "bonuses", "special")
    held = {k for k in shown if is_placeholder(h, k)}
    if any(b.placeholder for b in bars):
        held.add("ratings")
    return HeroCard(
        "hero",
        h.name,
        f.name,
        f.symbol,
        f.colour,
        f.heroes,
        h.health,
        bars,
        tuple(h.natures),
        loot,
        tuple(h.bonuses),
        h.no_trade,
        h.special,
        round(ix.value(h), 1),
        tuple(sorted(held)),
    )


def aid_card(ix: Index) -> AidCard:
    """The player aid: each rating's name beside its symbol, row for row with a hero card;
    a symbol the kit chose (the rulebook's are the card art's icons) marked."""
    return AidCard(
        "aid",
        tuple(
            Bar(
                r.symbol,
                r.name,
                0,
                r.max,
                is_placeholder(ix.game, f"ratings.{i}.symbol"),
                r.glyph,
                r.boosted,
            )
            for i, r in enumerate(ix.game.ratings)
        ),
    )


def challenge_card(ix: Index, team: str, number: int, card: ChallengeCard) -> ChallengeView:
    """The `number`th card of the `team`'s deck as it prints, its placeholder values named
    (the rulebook prints no card's faces, Luck or Domes)."""
    lo = ix.game.challenge.min_difference
    faces = {o.id: o for o in ix.game.challenge.outcomes}
    rows = tuple(
        Row(
            lo + i,
            faces[face].name if face in faces else face,
            lo + i >= card.hit_from,
            _wounds(faces[face]) if face in faces else "",
        )
        for i, face in enumerate(card.faces)
    )
    deck = next((d for d in ix.challenges if d.team == team), None)
    at = f"cards.{number - 1}"
    # the difference each face stands at and where a hit starts are the faces' values too
    fields = {"faces": ("faces", "hit_from"), "luck": ("luck",), "domes": ("domes",)}
    held = tuple(
        k for k, paths in fields.items() if any(is_placeholder(deck, f"{at}.{p}") for p in paths)
    )
    return ChallengeView(
        "challenge", team, number, tuple(reversed(rows)), card.luck, card.domes, held
    )


def _wounds(o: Outcome) -> str:
    """What a face does to the wounds of a Damage challenge (p. 18), as the card prints it."""
    return "none" if o.no_wounds else (f"{o.wounds:+d}" if o.wounds else "0")


def quest_card(ix: Index, faction: str, q: Quest, placeholder: bool = False) -> QuestView:
    """A quest card laid out for play (p. 15): the rating challenged and its value (or the
    gold to pay), what each face gives, and the faction relation (none for gold)."""
    f = faction_of(ix, faction)
    rating = next((r for r in ix.game.ratings if r.id == q.rating), None)
    return QuestView(
        "quest",
        f.name,
        f.symbol,
        f.colour,
        q.name,
        rating.name if rating else "Gold",
        q.value,
        q.draws,
        tuple(q.virtue_bonus),
        q.text,
        placeholder,
        rating.glyph if rating else "",
        _quest_results(ix, q, rating is None),
        None if rating is None else _relation(ix, f),
    )


def _quest_results(ix: Index, q: Quest, gold: bool) -> tuple[Result, ...]:
    """Each face's result on the quest, best first (p. 15): card draws on a Pass, and the
    Virtue bonus too on an Amaze; Squeak, Fail and Fopp as on every adventure (p. 14). A
    gold-paying quest has no challenge: paying gives the draws and the Virtue bonus."""
    draws = f"{q.draws} card draw{'s' if q.draws != 1 else ''}"
    bonus = f"{draws}, +1 gold per Virtue bonus" if q.virtue_bonus else draws
    if gold:
        return (Result("pass", "Paid", bonus),)
    given = {"amaze": bonus, "pass": draws}
    return tuple(
        Result(o.id, o.name, given.get(o.id, o.adventure)) for o in ix.game.challenge.outcomes
    )


def _relation(ix: Index, f: Faction) -> Relation:
    """The heroes a Faction key favours and those it meets with suspicion (p. 14)."""
    at = next((i for i, g in enumerate(ix.game.factions) if g.id == f.id), None)
    held = at is not None and is_placeholder(ix.game, f"factions.{at}.opposing")
    opposed = ", ".join(faction_of(ix, o).heroes for o in f.opposing)
    return Relation(f.heroes, opposed, ix.game.adventure.relation, held)


def treasure_cards(ix: Index, deck: TreasureDeck) -> tuple[TreasureView, ...]:
    """A treasure deck's cards, every copy of each (the deck as the table counts it), with
    the draws a card of the deck costs (p. 10); its placeholder cards marked."""
    draws = ix.game.adventure.draw_costs.get(deck.deck, 0)
    return tuple(
        TreasureView(
            "treasure",
            deck.deck.capitalize(),
            c.name,
            c.price,
            c.text,
            is_placeholder(deck, f"cards.{i}"),
            DECK_COLOURS.get(deck.deck, UNKNOWN),
            draws,
        )
        for i, c in enumerate(deck.cards)
        for _ in range(c.copies)
    )
