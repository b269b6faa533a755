"""Check stage: what a cited value is, and whether its passage states it (the reading the
provenance check applies, `toolkit.check.provenance`), and what a game pack adds to it.

A value a content file writes is cited by the longest key of the file's `sources:` that
covers it, else by the `source` of the innermost item holding it. "State it" is read
plainly (`toolkit.check.wording`): a number as digits or a word (the number the passage
binds to the field's name, where it binds one: `toolkit.check.binding`), a name or id as
written (an id also by the name the content gives it), a clock time as printed; the `text`
of an item in a `rules:` list is a quotation of its passage, any other item's `text`
retells it.
Identifiers, references, notes and the fields a pack calls the kit's own choices are no
values of the rules. A game's own ways of naming things (a faction by its number, an
expansion by the section that lists it) are its pack's (`Provenance.judge`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from toolkit.check.binding import Held, Selector, die_key, held, key_words, ordinal_key
from toolkit.check.quoting import excerpt, held_quote, telling
from toolkit.check.wording import paraphrases, quoted, says, says_number, says_time
from toolkit.load.art import ART_REF
from toolkit.load.rules_text import Cited, SectionOf, no_sections
from toolkit.model.components import Component, Components
from toolkit.model.content import ContentSet, Document
from toolkit.validate.schema import Model, fields_of

META = frozenset({"placeholders", "errata", "sources", "waive"})
# identifiers and references are no values of the rules
NOT_VALUES = frozenset({"id", "source", "rules_texts"})
# the kit's own words: judged where they cite the rules, never asked to
NOTES = frozenset({"note"})
# a component's name, count and how the kit prints it are the kit's choices (its COMP
# checks hold them to the content); its `source` names the rule that puts it on the table
KIT_FIELDS: Mapping[type, frozenset[str]] = {
    Component: frozenset(
        {"name", "count", "kind", "supply", "printed_by", "piece", "implied", "each", "note"}
    ),
    Components: frozenset({"figures"}),
}
_CLOCK = re.compile(r"\d{1,2}:\d{2}")

Verdict = bool | str | None  # stated; not stated (a str says why); None: no opinion


@dataclass(frozen=True)
class Claim:
    """One written value that cites the rules, with the passage it cites."""

    doc: Document
    kind: str  # the content kind of its file
    path: tuple[str, ...]  # field names and list indexes, from the file's top
    value: object
    refs: str  # the reference list it is judged by
    cited: tuple[Cited, ...]
    text: str  # the cited passages, joined
    quotation: str  # "rules": it quotes its passage; "prose": it retells it; "": a value
    owner: Model  # the innermost item holding it (the document itself at the top)
    owner_path: tuple[str, ...]
    names: Mapping[str, str]  # id -> name, as the content declares them
    # the item's other values, each as the rules may write it: what picks out the row or
    # sentence that states this one (a name, the name an id stands for, a number)
    selectors: tuple[Selector, ...] = ()
    aliases: tuple[str, ...] = ()  # other names a pack gives the field (`hand`: "draws")

    @property
    def key(self) -> str:
        """The field name that says what kind of value it is (`cost`, `proposers`)."""
        return next((p for p in reversed(self.path) if not p.isdigit()), "")

    @property
    def dotted(self) -> str:
        """The value's path as `sources:` and `placeholders:` write it (`proposals.3.cost`)."""
        return ".".join(self.path)


Judge = Callable[[Claim], Verdict]
# (field, value) -> how the rules write a value the content holds as a number or an id
# (a Forty Factions faction number by its name): used to find the value's row or sentence
Spelling = Callable[[str, object], tuple[str, ...]]


def no_judge(content: ContentSet) -> Judge:
    """A game with no ways of its own to state a value: the general reading only."""
    return lambda claim: None


def no_spelling(content: ContentSet) -> Spelling:
    """A game that writes its values as the content does."""
    return lambda key, value: ()


@dataclass(frozen=True)
class Provenance:
    """What a game pack tells the provenance check (`GamePack.provenance`)."""

    # the document that names the game's rules texts, and what it names (text number ->
    # path in the project); None while that document does not load
    texts: Callable[[ContentSet], tuple[Document, Mapping[str, str]] | None]
    # which line of which text starts a numbered section (the game's numbering)
    sections: SectionOf = no_sections
    # the game's own readings, made once per run from its content: tried before the
    # general one, which it may call (`states`) and add to
    judge: Callable[[ContentSet], Judge] = no_judge
    # model class -> fields that are the kit's choices, not values of the rules
    kit_fields: Mapping[type, frozenset[str]] = field(default_factory=dict)
    # field names that are references or the kit's layout, in every model of the game
    not_values: frozenset[str] = frozenset()
    # field name -> the words the rules print for it besides its own (`hand`: "draw")
    aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # how the rules write a value held as a number or an id, made once per run
    spelling: Callable[[ContentSet], Spelling] = no_spelling


@dataclass(frozen=True, slots=True)
class Leaf:
    """One written value: where it is, the item that holds it, and the innermost item
    around it that names its own `source` (that source, the field holding the item)."""

    path: tuple[str, ...]
    value: object
    owner: Model
    owner_path: tuple[str, ...]
    item: tuple[str, str] | None


@dataclass
class Walk:
    """One pass over a document: the values it wrote (defaults it left out are none), and
    by the way every item's `source` and every `note`, each with where it is written.
    `skip(model class, field)` leaves a field out of the values (its `source` and notes
    inside it are still found)."""

    skip: Callable[[type, str], bool]
    leaves: list[Leaf] = field(default_factory=list)
    sources: list[tuple[Model, str]] = field(default_factory=list)  # (item, its source)
    notes: list[tuple[Model, str, str]] = field(default_factory=list)  # (item, field, text)
    names: dict[str, str] = field(default_factory=dict)  # id -> name, of the items that have both

    def run(self, doc: Document) -> Walk:
        """Walk one document (once): its values, sources, notes and names."""
        self._model(doc, (), None)
        return self

    def _model(self, obj: Model, path: tuple[str, ...], item: tuple[str, str] | None) -> None:
        locs, top = obj._locs, not path
        ident, name = getattr(obj, "id", None), getattr(obj, "name", None)
        if isinstance(ident, str) and isinstance(name, str) and ident and name:
            self.names.setdefault(ident, name)
        src = getattr(obj, "source", None)
        if not top and isinstance(src, str) and src and "source" in locs:
            self.sources.append((obj, src))
            item = (src, next((p for p in reversed(path) if not p.isdigit()), ""))
        for fname in _names(type(obj)):
            if fname not in locs or (top and fname in META):
                continue
            value = getattr(obj, fname)
            if fname in NOTES and isinstance(value, str) and value:
                self.notes.append((obj, fname, value))
            if not self.skip(type(obj), fname):
                self._value(value, (*path, fname), obj, path, item)

    def _value(
        self,
        value: Any,
        path: tuple[str, ...],
        owner: Model,
        owner_path: tuple[str, ...],
        item: tuple[str, str] | None,
    ) -> None:
        if isinstance(value, Model):
            self._model(value, path, item)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                self._value(v, (*path, str(i)), owner, owner_path, item)
        elif isinstance(value, dict):
            for k, v in value.items():
                self._value(v, (*path, str(k)), owner, owner_path, item)
        else:
            self.leaves.append(Leaf(path, value, owner, owner_path, item))


_NAMES: dict[type, tuple[str, ...]] = {}
_PICTURES: dict[type, frozenset[str]] = {}


def is_picture(cls: type, name: str) -> bool:
    """Is the field a picture the kit prints (`art/...`, the designer's, never the rules')?"""
    got = _PICTURES.get(cls)
    if got is None:
        got = _PICTURES[cls] = frozenset(
            fi.name
            for fi in fields_of(cls)
            if (p := fi.meta.get("pattern")) is not None and p.pattern == ART_REF
        )
    return name in got


def _names(cls: type) -> tuple[str, ...]:
    got = _NAMES.get(cls)
    if got is None:
        got = _NAMES[cls] = tuple(fi.name for fi in fields_of(cls))
    return got


def shown(value: object) -> str:
    """A value as a message shows it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:57] + "...")
    return str(value)


def what(claim_owner: Model, owner_path: tuple[str, ...], path: tuple[str, ...]) -> str:
    """How a message names a value: by its item's name where it has one (`Tax's cost`),
    else by its dotted path."""
    name = getattr(claim_owner, "name", None)
    rel = ".".join(path[len(owner_path) :])
    if isinstance(name, str) and name and rel:
        return f"{name}'s {rel}"
    return f"`{'.'.join(path)}`"


def states(claim: Claim) -> bool:
    """The general reading: does the cited passage state the value?"""
    text, value = claim.text, claim.value
    if claim.quotation == "rules":
        return quoted(str(value), text)
    if claim.quotation == "prose":
        return paraphrases(str(value), text)
    if isinstance(value, bool):  # the passage says what the field is about (`boost`)
        word = claim.key.replace("_", " ")
        return says(text, word) or says(text, word.removesuffix("ed"))
    if isinstance(value, (int, float)):
        bound = held_to(claim)
        if bound is not None:  # the passage binds a number to the field's name
            return bound.holds(value)
        return says_number(text, value, ordinal=ordinal_key(claim.key))
    s = str(value)
    if _CLOCK.fullmatch(s):
        return says_time(text, s)
    if re.fullmatch(r"[+-]?\d+", s):  # a number written as text (a label `+40`)
        return says_number(text, int(s))
    name = claim.names.get(s)
    return (
        says(text, s)
        or (name is not None and says(text, name))
        or says(text, s.replace("-", " "))
        or quoted(s, text)
    )


def held_to(claim: Claim) -> Held | None:
    """The numbers the cited passage binds to the value's field name (in the rows or
    sentences its item's other values pick out), and where; None when it binds none."""
    return held(claim.text, _keys(claim), claim.selectors)


def _keys(claim: Claim) -> list[tuple[str, ...]]:
    keys = [key_words(claim.key), *(key_words(a) for a in claim.aliases)]
    if die_key(claim.key):  # a die is read as the rules print one: `d12`, `1d4`
        keys.append(("die",))
    return keys


def stating(claim: Claim) -> str:
    """The part of the cited passage that states what the value should be, as a message
    quotes it: the row or sentence binding a number to the field's name (`3-5 | 1`, "Tax
    (6 cost)"), else the one naming most of the value's item and field."""
    value = claim.value
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    bound = held_to(claim) if number else None
    if bound is not None:
        return held_quote(claim.text, bound, claim.selectors)
    span, focus = telling(claim.text, _keys(claim), claim.selectors, number)
    return excerpt(claim.text, span, focus)
