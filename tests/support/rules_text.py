"""The shipped rules texts as `toolkit check` reads them (`toolkit.load.rules_text`, each
game's texts as its game.yaml names them, numbered by its pack), for the tests that search
the texts themselves (which passages of the rules name a card). Nothing is judged here:
whether a passage states a value is `toolkit check`'s, and its tests run it."""

from __future__ import annotations

from functools import cache

import yaml

from tests.support.shipped import CONTENT, RULES
from toolkit.core.diagnostics import Loc
from toolkit.games import load_pack
from toolkit.load.rules_text import Cited, RulesTexts, read_rules_texts

GAMES = ("forty-factions", "worldspanner", "god-emperor")


@cache
def texts(game: str) -> RulesTexts:
    """A game's rules texts, read from the repository's `rules/` (or `$TOOLKIT_RULES_DIR`)."""
    named = yaml.safe_load((CONTENT / game / "game.yaml").read_text(encoding="utf-8"))
    declared = {k: v for k, v in named["rules_texts"].items()}
    hook = load_pack(game).provenance
    assert hook is not None
    project = RULES.parent  # game.yaml names `rules/...`: the folder holding rules/
    found, said = read_rules_texts(project, declared, lambda _id: Loc(""), hook.sections)
    assert not said, said
    return found


def _text_of(text_id: str) -> tuple[str, RulesTexts]:
    for game in GAMES:
        if text_id in texts(game).texts:
            return game, texts(game)
    raise KeyError(text_id)


def lines(text_id: str) -> tuple[str, ...]:
    """The lines of a rules text; `lines(t)[n - 1]` is line n."""
    return _text_of(text_id)[1].texts[text_id].lines


def section_at(text_id: str, line_no: int) -> str | None:
    """The innermost section whose own paragraph holds a line."""
    return _text_of(text_id)[1].texts[text_id].section_at(line_no)


def resolve_all(game: str, refs: str) -> list[Cited | None]:
    """Each reference of a comma-separated list, resolved (None: it cites no line)."""
    out: list[Cited | None] = []
    for ref in (r.strip() for r in refs.split(",") if r.strip()):
        got = texts(game).resolve(ref)
        out.append(got if isinstance(got, Cited) else None)
    return out
