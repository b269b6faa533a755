"""Worldspanner Factions content models: the game file, `game.yaml`, and its parts.

Everything the rulebook states lives in `game.yaml` (factions, ratings, components, map
pieces, map designs, game lengths, challenge outcomes, the numbers of adventuring, tribute
and glory). Page numbers in `source` fields are the rulebook's (Sets 1 & 2).
"""

from __future__ import annotations

from typing import Literal

from toolkit.load.rules_text import RULES_TEXTS_DOC, TEXT_PATH
from toolkit.model.content import Document
from toolkit.validate.declare import Model, model, spec

SLUG = r"[a-z0-9]+(-[a-z0-9]+)*"
COLOUR = r"#[0-9a-fA-F]{6}"


@model
class SetInfo(Model):
    """A boxed set of the game."""

    number: int = spec("Set number (1, 2).", ge=1, le=9)
    name: str = spec("Name as printed, e.g. `Set 1`.")


@model
class Component(Model):
    """One row of the component table (p. 2): how many of a piece each set contains."""

    id: str = spec("Slug, e.g. `hero-card`.", pattern=SLUG)
    name: str = spec("Name as printed, e.g. `Hero Card`.")
    counts: list[int] = spec("Count in Set 1, Set 2, ... in the order of `sets`.", min_items=1)


@model
class Faction(Model):
    """One of the nine Factions (p. 13): its house, its heroes, its two opposing factions."""

    id: str = spec("Slug, e.g. `steel-bastion`.", pattern=SLUG)
    name: str = spec("Name as printed, e.g. `Steel Bastion`.")
    heroes: str = spec("The hero type it is home to, e.g. `Warriors`.")
    set: int = spec("The set its Faction key and heroes come in (p. 6).", ge=1, le=9)
    description: str = spec("The rulebook's description.")
    opposing: list[str] = spec(
        "The two factions whose heroes it meets with suspicion (p. 14).", ref="faction"
    )
    symbol: str = spec(
        "Short mark printed for the faction symbol (the art is the publisher's).", max_len=3
    )
    colour: str = spec("Colour of its mark on cards.", pattern=COLOUR)
    source: str = spec("Rulebook page or section.", "")


@model
class Lith(Model):
    """Queen Mother Lith (p. 13)."""

    name: str = spec("Name as printed.")
    description: str = spec("The rulebook's description.")


@model
class Rating(Model):
    """A hero rating (p. 6), in card order."""

    id: str = spec("Slug used in hero files, e.g. `speed`.", pattern=r"[a-z]+")
    name: str = spec("Name as printed.")
    min: int = spec("Lowest value.", ge=0)
    max: int = spec("Highest value.", ge=0)
    symbol: str = spec("Short mark printed beside the bar (the art is the publisher's).", max_len=3)
    glyph: str = spec(
        "The symbol the rulebook prints for the rating in running text (e.g. ♠ beside "
        "Agility); empty where it prints none. Each rating has its own.",
        "",
        max_len=2,
    )
    description: str = spec("What it measures, from the rulebook.")
    boosted: bool = spec("A Boost adds +1 to it (p. 23: every numbered rating but Wound).", True)

    def _problems(self) -> list[tuple[str, str]]:
        if self.min > self.max:
            return [("max", f"range ends ({self.max}) below its start ({self.min})")]
        return []


@model
class Loot(Model):
    """A start-loot symbol at the bottom right of a hero card (p. 4)."""

    id: Literal["gold", "war", "secret", "elite", "boost"] = spec("Which symbol.")
    name: str = spec("Name printed on the card.")
    text: str = spec("What it gives, as the rulebook says.")


@model
class BonusGroup(Model):
    """A family of treasure-bonus symbols (p. 12)."""

    id: str = spec("Slug, e.g. `ranged`.", pattern=SLUG)
    name: str = spec("Name as printed.")
    bonuses: list[str] = spec("Bonus symbols in the family, as printed.", min_items=1)


@model
class Piece(Model):
    """A map platter or key."""

    id: str = spec("Slug, e.g. `dome-4` or `platter-1`.", pattern=SLUG)
    name: str = spec("Name shown on the set-up sheet.")
    set: int = spec("Set it comes in.", ge=1, le=9)
    domes: int = spec("Dome keys: the number on its Domes (1-6, p. 7).", 0, ge=0, le=6)


@model
class Vista(Model):
    """A Vista key and its circled special space (p. 2)."""

    id: str = spec("Slug.", pattern=SLUG)
    name: str = spec("Key name as printed, e.g. `River Run`.")
    space: str = spec("The special space's name, e.g. `Panning for gold`.")
    free: bool = spec("The effect is tagged Free (used in the Free step).")
    effect: str = spec("The effect as printed.")
    set: int = spec("Set it comes in.", 2, ge=1, le=9)


@model
class MapPieces(Model):
    """The puzzle pieces of the map (p. 2): platters and the four kinds of key."""

    platters: list[Piece] = spec("Every platter.", min_items=1)
    dome_keys: list[Piece] = spec("Every Dome key (4 purple Domes each).", min_items=1)
    lith_keys: list[Piece] = spec("Lith's Lair and Death's Edge.", min_items=1)
    vista_keys: list[Vista] = spec("Set 2's Vista keys.", [])
    rotations: int = spec("Orientations a key can take in its slot.", ge=1, le=12)


@model
class Slot(Model):
    """A key slot of a map design's layout: a cell of a hex grid (axial q, r)."""

    id: str = spec("Slot name printed on the set-up sheet, e.g. `A3`.", pattern=r"[A-Z0-9]+")
    q: int = spec("Hex column (axial).", ge=-20, le=20)
    r: int = spec("Hex row (axial).", ge=-20, le=20)
    section: int = spec("Which separate map section it is in (split maps), from 1.", 1, ge=1)
    centre: bool = spec("The key the platters attach to first (p. 3 step 4).", False)


@model
class PlatterSlot(Model):
    """Where a platter goes: the hex cells it covers."""

    id: str = spec("Name printed on the set-up sheet, e.g. `P1`.", pattern=r"[A-Z0-9]+")
    cells: list[list[int]] = spec("Cells covered, as [q, r] pairs.", min_items=1)
    section: int = spec("Which separate map section it is in, from 1.", 1, ge=1)


@model
class Design(Model):
    """A map design (p. 3 and p. 4): its counts and the layout of its key slots."""

    id: str = spec("Slug used on the command line, e.g. `quad`.", pattern=SLUG)
    name: str = spec("Name as printed.")
    sets: list[int] = spec("Sets needed.", min_items=1)
    platters: int = spec("Platters drawn at random.", ge=1)
    faction_keys: int = spec("Faction keys drawn at random.", ge=0)
    dome_keys: int = spec("Dome keys used (all of them).", ge=0)
    lith_keys: int = spec("Lith keys used (both).", ge=0)
    vista_keys: int = spec("Vista keys drawn at random.", 0, ge=0)
    heroes: list[int] = spec("Heroes per team: [fewest, most].", min_items=2, max_items=2)
    default_heroes: int = spec("Heroes per team when not chosen.", ge=1)
    reinforce: int = spec("Heroes brought on per Reinforce, when the rulebook states it.", 0)
    sections: int = spec("Separate map sections (split maps: not linked by movement).", 1, ge=1)
    layout: list[Slot] = spec("Key slots: one per key.", min_items=1)
    platter_layout: list[PlatterSlot] = spec("Platter places: one per platter.", min_items=1)
    text: str = spec("The rulebook's note on the design.", "")
    source: str = spec("Rulebook page.", "")


@model
class Length(Model):
    """A game length (p. 3)."""

    id: str = spec("Slug, e.g. `average`.", pattern=SLUG)
    name: str = spec("Name as printed.")
    rounds: int = spec("Rounds to play.", ge=1, le=50)


@model
class Outcome(Model):
    """A challenge result (p. 14), best first."""

    id: Literal["amaze", "pass", "squeak", "fail", "fopp"] = spec("Which face.")
    name: str = spec("Name as printed.")
    text: str = spec("The rulebook's line for it.")
    adventure: str = spec("The common adventure result (p. 14), empty if it depends.", "")
    wounds: int = spec("Change to the Wound rating on a Damage challenge (p. 18).", 0)
    no_wounds: bool = spec("A Damage challenge with this face causes no wounds at all.", False)


@model
class Challenge(Model):
    """How a challenge is read (p. 14)."""

    min_difference: int = spec("Lowest difference on a card.")
    max_difference: int = spec("Highest difference on a card.")
    outcomes: list[Outcome] = spec("The five faces, best first.", min_items=1)


@model
class HeroDeal(Model):
    """Choosing heroes (p. 3)."""

    extra: int = spec("Heroes dealt to a team beyond the number it plays, then discarded.", ge=0)
    intro: int = spec("Heroes per team for an introductory game.", ge=1)
    normal: int = spec("Heroes per team otherwise.", ge=1)
    three_players: int = spec("Heroes per team if either team has three players.", ge=1)
    reinforce_divisor: int = spec(
        "A team brings on 1/N of its heroes per Reinforce, rounded up.", ge=1
    )


@model
class Stated(Model):
    """A number the rulebook states as a consequence of other rules, to check them by."""

    id: str = spec("Slug.", pattern=SLUG)
    kind: Literal["actions", "dealt", "reinforce"] = spec(
        "What it counts: hero actions in a game, hero cards dealt to a team, heroes brought "
        "on in the first Reinforce."
    )
    text: str = spec("The rulebook's sentence.")
    value: int = spec("The number it states.")
    rounds: int = spec("Rounds of the game it speaks of.", 0, ge=0)
    heroes: int = spec("Heroes per team it speaks of.", 0, ge=0)
    source: str = spec("Rulebook page.", "")


@model
class Balance(Model):
    """The cost model of the balance report: a hero's value is the weighted sum of its
    ratings and health; heroes further than `tolerance` from `target` are flagged."""

    # Bounds from what the numbers mean: a weight over 100 points would make one step of a
    # rating (0-9 in the rulebook) outweigh a whole hero (target 85), and a target or
    # tolerance over 100,000 is beyond anything such weights add up to. The schema's own
    # size limit keeps a product finite; these keep the report readable.
    weights: dict[str, float] = spec(
        "Points per rating step, by rating id, and `health`.", ge=-100, le=100, keys="weighed"
    )
    loot: dict[str, float] = spec(
        "Points per start-loot symbol, by loot id.", {}, ge=-100, le=100, keys="loot"
    )
    per_bonus: float = spec("Points per treasure-bonus symbol.", 0, ge=-100, le=100)
    target: float = spec(
        "The value every hero should have (all heroes are equal, p. 6).", ge=0, le=100_000
    )
    tolerance: float = spec(
        "How far from the target a hero may be before it is flagged.", ge=0, le=100_000
    )


@model
class Adventure(Model):
    """Numbers of adventuring (p. 10, p. 14-15)."""

    task_rating: int = spec(
        "The rating every Faction Task challenges ('always 5-rated', p. 15).", ge=0, le=12
    )
    relation: int = spec(
        "Bonus on the home faction's key, penalty on an opposing one's (p. 14).", ge=0
    )
    draw_costs: dict[str, int] = spec(
        "Card draws a card of each treasure deck costs (p. 10: War and Secret 1, Elite 2).",
        ge=1,
        keys="treasure-deck",
    )
    card_boosts: int = spec("Boosts per card discarded at a card-paying task (p. 15).", ge=0)
    source: str = spec("Rulebook pages.", "")


@model
class Cover(Model):
    """Stealth a ranged target gains from terrain (p. 19)."""

    camouflage: int = spec("Per Woods, Swamp, Fire or Rough space the line of sight touches.", ge=0)
    building: int = spec("For a Building space.", ge=0)
    source: str = spec("Rulebook page.", "")


@model
class FavorStep(Model):
    """A step of Lith's Favor tile (p. 17)."""

    tribute: int = spec("Tribute a team needs.", ge=1)
    bonus: int = spec("Bonus on Lith's Lair and Death's Edge challenges.", ge=0)


@model
class Tribute(Model):
    """Tribute to Lith (p. 17)."""

    per_gold: int = spec("Tribute per gold given at Lith's Chamber.", ge=0)
    per_card: int = spec("Tribute per card given at Lith's Chamber.", ge=0)
    favor: list[FavorStep] = spec("Lith's Favor tile: its two sides.", min_items=1)
    source: str = spec("Rulebook page.", "")


@model
class Glory(Model):
    """Glory at the end of the game ('Victory') and the Faction favor tiles (p. 16)."""

    per_key: int = spec("Glory for the most victory markers on a Faction key.", ge=0)
    tribute: int = spec("Glory for the more tribute given to Lith.", ge=0)
    no_one_deep_down: int = spec("Glory for a team with no hero in the Underpit.", ge=0)
    favor_tiles: list[int] = spec(
        "Victory markers on one key for the favor tile's sides (p. 16).", min_items=1, ge=1
    )
    source: str = spec("Rulebook pages.", "")


@model
class Game(Document):
    """game.yaml: everything the rulebook states that is not one hero or one card."""

    title: str = spec("The game's title.")
    rules_texts: dict[str, str] = spec(RULES_TEXTS_DOC, {}, pattern=TEXT_PATH)
    sets: list[SetInfo] = spec("The boxed sets, in order.", min_items=1)
    components: list[Component] = spec("The component table (p. 2).", min_items=1)
    factions: list[Faction] = spec("The nine Factions (p. 13).", min_items=1)
    lith: Lith = spec("Queen Mother Lith.")
    ratings: list[Rating] = spec("Hero ratings in card order (p. 6).", min_items=1)
    health: list[int] = spec("Health range [lowest, highest].", min_items=2, max_items=2)
    natures: list[str] = spec("Natures (p. 6).", min_items=1)
    max_natures: int = spec("Natures a hero may have.", ge=1)
    loot: list[Loot] = spec("Start-loot symbols (p. 4).", min_items=1)
    bonus_groups: list[BonusGroup] = spec("Treasure-bonus symbols (p. 12).", min_items=1)
    pieces: MapPieces = spec("Map platters and keys.")
    designs: list[Design] = spec("Map designs (p. 3, p. 4).", min_items=1)
    lengths: list[Length] = spec("Game lengths (p. 3).", min_items=1)
    default_length: str = spec(
        "The length played when none is chosen (p. 3).", pattern=SLUG, ref="length"
    )
    deal: HeroDeal = spec("How heroes are dealt.")
    challenge: Challenge = spec("Challenge outcomes.")
    stated: list[Stated] = spec("Numbers the rulebook derives, checked against the rules.", [])
    balance: Balance = spec("The balance report's cost model.")
    adventure: Adventure = spec("Numbers of adventuring (p. 10, p. 14-15).")
    cover: Cover = spec("Stealth from terrain against ranged attacks (p. 19).")
    tribute: Tribute = spec("Tribute to Lith (p. 17).")
    glory: Glory = spec("Glory ('Victory') and favor tiles (p. 16).")
