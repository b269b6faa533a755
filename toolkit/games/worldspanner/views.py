"""What each Worldspanner card shows: plain frozen data for the templates (and for the
build's output keys, which hash it)."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.core.marks import is_placeholder
from toolkit.games.worldspanner.index import Index
from toolkit.games.worldspanner.models import ChallengeCard, Faction, Hero, Quest


@dataclass(frozen=True)
class Bar:
    """A rating as the card draws it: symbol, name, value, the top of its scale."""

    symbol: str
    name: str
    value: int
    max: int
    placeholder: bool = False  # its value not the rules' (marked on the card)


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
    difference: int
    face: str
    hit: bool


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


@dataclass(frozen=True)
class TreasureView:
    kind: str
    deck: str
    name: str
    price: int
    text: str
    placeholder: bool = False  # a sample card, not the rules' (marked on the card)


@dataclass(frozen=True)
class Back:
    kind: str
    title: str
    colour: str
    mark: str = ""  # the card's Set, printed under `--backs expansion` only


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
        Bar(r.symbol, r.name, h.ratings.get(r.id, 0), r.max, is_placeholder(h, f"ratings.{r.id}"))
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
            Bar(r.symbol, r.name, 0, r.max, is_placeholder(ix.game, f"ratings.{i}.symbol"))
            for i, r in enumerate(ix.game.ratings)
        ),
    )


def challenge_card(ix: Index, team: str, number: int, card: ChallengeCard) -> ChallengeView:
    """The `number`th card of the `team`'s deck as it prints, its placeholder values named
    (the rulebook prints no card's faces, Luck or Domes)."""
    lo = ix.game.challenge.min_difference
    names = {o.id: o.name for o in ix.game.challenge.outcomes}
    rows = tuple(
        Row(lo + i, names.get(face, face), lo + i >= card.hit_from)
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


def quest_card(ix: Index, faction: str, q: Quest, placeholder: bool = False) -> QuestView:
    f = faction_of(ix, faction)
    rating = next((r.name for r in ix.game.ratings if r.id == q.rating), "Gold")
    return QuestView(
        "quest",
        f.name,
        f.symbol,
        f.colour,
        q.name,
        rating,
        q.value,
        q.draws,
        tuple(q.virtue_bonus),
        q.text,
        placeholder,
    )
