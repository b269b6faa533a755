"""Forty Factions content models: the field forms every model shares.

Ids (areas, parties, categories, expansions) are slugs defined in game.yaml; faction and
plot references are card numbers. Sheet text is prose: a string, or paragraphs each of
which may apply only with an expansion and say where the rules give it (`Passage`).
"""

from __future__ import annotations

from toolkit.validate.declare import Model, model, spec

SLUG = r"[a-z0-9]+(-[a-z0-9]+)*"
EXPANSION_CODE = r"[A-Za-z0-9]{2,8}"
CARD_NO = {"ge": 1, "le": 999}


@model
class Passage(Model):
    """A paragraph of sheet text; with `expansion` it applies only when that expansion
    is in play (rules 4.3.16: text prefaced "SC", "DD" or "FgF")."""

    text: str = spec("The paragraph.")
    expansion: str = spec(
        "Expansion code this passage applies to (SC, DD, FgF); empty: always.",
        "",
        pattern=EXPANSION_CODE,
        ref="expansion",
    )
    source: str = spec(
        "Where the rules give it: a section (`8.6`, `SC3.2.10`) or line (`000:798`), see "
        "`toolkit.validate.sources`.",
        "",
    )


Prose = str | list[str | Passage]
PROSE_DOC = "Text: a string, or a list of paragraphs (strings or {text, expansion, source})."


RULES_DOC = (
    "Passages of the rules that apply to this card, quoted as printed (a cut marked `…`), "
    "each with its `source`; printed on the sheet under Rules (13.2.2.1: many rules are "
    "found on the Information Sheets)."
)


def passages(value: Prose) -> list[Passage]:
    """Normalise a prose field to a list of passages (empty strings dropped)."""
    if isinstance(value, str):
        return [Passage(text=value)] if value.strip() else []
    return [Passage(text=v) if isinstance(v, str) else v for v in value if v]
