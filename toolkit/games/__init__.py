"""Game packs: what the core needs to know about a game, and how it finds a pack.

A pack is the module `toolkit.games.<id with _ for ->` exposing `PACK`, a
`GamePack`. The core never names a game: a content folder `content/<id>/` and
a pack module of the same id are all it takes to add one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

# the rules contract, re-exported: what a pack's rules table and checks are made of
from toolkit.check.claims import Provenance as Provenance
from toolkit.check.rules import Check as Check
from toolkit.check.rules import Rule as Rule
from toolkit.check.rules import held_back as held_back
from toolkit.check.rules import indexed_checks as indexed_checks
from toolkit.check.rules import scoped as scoped
from toolkit.load.icons import drawing
from toolkit.model.content import ContentKind, ContentSet

if TYPE_CHECKING:
    from toolkit.check.procedures import Procedure
    from toolkit.core.outputs import BuildOptions, Output
    from toolkit.edit.fixes import Fix
    from toolkit.edit.rename import Renaming
    from toolkit.edit.scaffold import Scaffold

Outputs = Callable[[ContentSet, "BuildOptions"], "list[Output]"]
# A game's rules procedures, bound to its content (`toolkit calc`, the DM screen)
Procedures = Callable[[ContentSet], "tuple[Procedure, ...]"]


@dataclass(frozen=True)
class SetupOption:
    """A choice `toolkit setup <game>` offers, as `--<name> VALUE`."""

    name: str
    help: str
    type: type = str  # str or int
    default: object = None


@dataclass(frozen=True)
class SetupSheet:
    """A generated set-up: an SVG page, its size in mm, and a summary for the terminal."""

    name: str  # file stem under <out>/<game>/setup/, e.g. `quad-seed-42`
    title: str
    svg: str
    size: tuple[float, float]
    summary: str


@dataclass(frozen=True)
class SetupHook:
    """A game's set-up generator: its options and the function that draws a set-up from
    the content, a seed and the chosen options (the same seed gives the same sheet)."""

    help: str
    options: tuple[SetupOption, ...]
    run: Callable[[ContentSet, int, dict[str, object]], SetupSheet]


@dataclass(frozen=True)
class GamePack:
    """What a game contributes to the core: content kinds, rule checks, rules."""

    id: str
    title: str
    kinds: tuple[ContentKind, ...]
    checks: tuple[Check, ...] = ()
    rules: dict[str, Rule] = field(default_factory=dict)
    outputs: Outputs | None = None
    setup: SetupHook | None = None
    procedures: Procedures | None = None
    # the expansion codes the content declares (what `--expansions` may name), if any
    expansions: Callable[[ContentSet], Iterable[str]] | None = None
    # the values each `ref` of the content's fields may take (`spec(ref=...)`), from the
    # content, for the schemas editors complete from
    enums: Callable[[ContentSet], dict[str, list[object]]] | None = None
    # the mechanical fixes of the game's findings (`toolkit check --fix`)
    fixes: Callable[[ContentSet], list[Fix]] | None = None
    # the kinds of card `toolkit new` makes, each with its parameters
    scaffolds: tuple[Scaffold, ...] = ()
    # `toolkit rename GAME OLD NEW`: what OLD names and every place that refers to it
    renames: Callable[[ContentSet, str, str], Renaming] | None = None
    # the game's rules texts and its own ways of stating a value: `toolkit check` reads
    # every cited value against the passage it cites (`toolkit.check.provenance`)
    provenance: Provenance | None = None


def lazy_outputs(module: str) -> Outputs:
    """A pack's outputs function imported on first use, so `toolkit check` never loads the
    renderers: `module` holds `outputs(content, options)`."""

    def outputs(content: ContentSet, options: BuildOptions) -> list[Output]:
        with drawing(content.root):  # board labels place the game's icons (`:name:`)
            return importlib.import_module(module).outputs(content, options)  # type: ignore[no-any-return]

    return outputs


def lazy_procedures(module: str) -> Procedures:
    """A pack's procedures imported on first use: `module` holds `procedures(content)`."""

    def procedures(content: ContentSet) -> tuple[Procedure, ...]:
        return importlib.import_module(module).procedures(content)  # type: ignore[no-any-return]

    return procedures


class UnknownGame(LookupError):
    """No pack module exists for a game id."""


def module_name(game_id: str) -> str:
    """`forty-factions` -> `toolkit.games.forty_factions`."""
    return f"{__name__}.{game_id.replace('-', '_')}"


def load_pack(game_id: str) -> GamePack:
    """Import the pack for `game_id` (lazily: only the games in use are imported)."""
    if not game_id.replace("-", "").isalnum() or game_id != game_id.lower():
        raise UnknownGame(game_id)
    try:
        module = importlib.import_module(module_name(game_id))
    except ModuleNotFoundError as exc:
        if exc.name and module_name(game_id).startswith(exc.name):
            raise UnknownGame(game_id) from None
        raise
    pack = getattr(module, "PACK", None)
    if not isinstance(pack, GamePack):
        raise UnknownGame(game_id)
    return pack
