"""Check stage: the numbers a rules passage binds to labels, and the ones a cited value is
held to (`toolkit.check.claims.states`). Game-independent; no I/O.

A passage binds a number to the words around it:

- a table row (a line of tab-separated cells): to the row's words, the number's cell and
  its column's heading (`Majority Control of the Council * | 2 VP`; `3-5 | 1` under
  `Level of Madness | VPs`);
- prose: `<label> of N` ("a Stealth of 7"), `N <label>` ("6 Melee", "13 Sacred Circles",
  "Tax (6 cost)"), `<label>: N` ("Faction Keys: 7"), `<label> is N` ("Lazar's Armor is
  3"), `<label> cost N` ("Elite cards cost two"), `<label> labeled N` ("a favor tile with a
  side labeled 3 and one labeled 4");
- a rate: `for each <label> ... N` ("For each gold given, gain 1 tribute"), `that <label>
  gains N` ("the most markers on that key gains 1 glory"), to the label and "per";
- a bonus: `N additional <label>` to "bonus" and what the sentence's `If ...,` names ("If a
  Player discarded 1 or more cards, ... draw 1 additional card");
- a die, `dN` or `MdN` ("rolls d12", "(1d4)VP"), to the word "die".

A value is held to the numbers bound to labels that name its field (every word of the
field's name, else its last: `immortal_attack` by "2 attack"), in the rows or sentences its
item's other values select (the row of `players: 4`, the sentence naming the hero), a
rule's sentence before a worked example's ("For example, a Player who played 2 Plots"). Where
no label names the field (`held` is None) the passage need only state the value somewhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from toolkit.check.wording import NUMBER_WORDS, STOP, normal, says, says_number

Span = tuple[int, int]
# how a value the item holds besides the claimed one may be written: its forms, any of which
# selects a row or sentence (a name, the name an id stands for, a number)
Selector = tuple[object, ...]

# the cardinals a passage spells out, one to fifty, as the wording reads them
CARDINALS = {forms[0]: n for n, forms in NUMBER_WORDS.items() if 1 <= n <= 50}
NUMBER = re.compile(
    r"(?<![\w.$/])[+\-−]?(\d+(?:\.\d+)*)(?!\d|\.\d|:\d)|\b(" + "|".join(CARDINALS) + r")\b",
    re.IGNORECASE,
)
DIE = re.compile(r"(?<![\w.])(\d*)d(\d+)(?!\w)")
# markup, blanked where it stands so that offsets hold; a footnote's mark with its number
_MARKUP = re.compile(r"<sup>\w*</sup>|</?\w+>|\\?\*+|\$|^\s*#+\s|^\s*[•\-]\s", re.MULTILINE)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
# the wording's common words, and those that never name what a number counts
_MORE_STOPWORDS = "per who when than then was were has have had"
_STOP = STOP | frozenset(_MORE_STOPWORDS.split())
# a full stop that ends no sentence: an abbreviation (`No. of Players`, `Pvt. Sanchez`)
_NOT_ENDS = "no p pp e.g i.e vs st pvt mr mrs dr etc"
_ABBREVIATIONS = frozenset(_NOT_ENDS.split())
_SENTENCE_END = re.compile(r"[.!?;](?=\s+[A-Z0-9*\"'“(\[])")
_LABEL_WORDS = 2  # words after a number that say what it counts ("13 Sacred Circles")
_NAME_WORDS = 4  # words before a bracket or a colon that name what the number is of


@dataclass(frozen=True)
class Bound:
    """One number of a passage and the words it is bound to."""

    number: float
    label: frozenset[str]  # normalised words
    at: Span  # the number as printed
    segment: Span  # its table row or sentence
    row: Span | None = None  # in a table: the row's first cell, which names the row
    heading: Span | None = None  # in a table: its columns' heading
    example: bool = False  # in a worked example ("For example, ..."), not the rule


@dataclass(frozen=True)
class Reading:
    """A passage read once: its text with markup blanked (offsets kept), its rows and
    sentences, and the numbers it binds."""

    text: str
    segments: tuple[Span, ...]
    bounds: tuple[Bound, ...]

    def segment_of(self, at: int) -> Span:
        """The row or sentence holding a place of the text."""
        return next((s for s in self.segments if s[0] <= at < s[1]), (at, at))


@dataclass(frozen=True)
class Held:
    """The numbers a value is held to, each where the passage binds it."""

    bounds: tuple[Bound, ...]

    @property
    def numbers(self) -> frozenset[float]:
        """The numbers, their signs aside."""
        return frozenset(abs(b.number) for b in self.bounds)

    def holds(self, value: float) -> bool:
        """Is the value one of them (its sign aside: "-2 on..." and "suffers 2" alike)?"""
        return abs(value) in self.numbers


def words(text: str) -> frozenset[str]:
    """A label's words, normalised (`Sacred Circles` -> {sacred, circle}), none common."""
    return frozenset(w for w in normal(text).split() if w not in _STOP and not w.isdigit())


@lru_cache(maxsize=4096)
def read(passage: str) -> Reading:
    """A passage's rows, sentences and bound numbers (once per passage and run)."""
    text = _MARKUP.sub(lambda m: " " * len(m[0]), passage)
    segments: list[Span] = []
    bounds: list[Bound] = []
    heading: Span | None = None
    at = 0
    for line in text.split("\n"):
        span = (at, at + len(line))
        if "\t" in line:
            if not re.search(r"\d", line):
                heading = span
            else:
                bounds += _row(text, span, heading)
            segments.append(span)
        else:
            heading = None if line.strip() else heading
            for seg in _sentences(text, span):
                segments.append(seg)
                bounds += _prose(text, seg)
        at = span[1] + 1
    return Reading(text, tuple(segments), tuple(bounds))


def _sentences(text: str, span: Span) -> Iterator[Span]:
    start = span[0]
    for m in _SENTENCE_END.finditer(text, span[0], span[1]):
        before = re.search(r"([\w.]+)$", text[start : m.start()])
        if m[0] == "." and before and before[1].lower() in _ABBREVIATIONS:
            continue
        if m[0] == "." and before and _no_end(before[1], text[start : m.start()]):
            continue
        yield (start, m.end())
        start = m.end()
    if text[start : span[1]].strip():
        yield (start, span[1])


def _no_end(word: str, before: str) -> bool:
    """Is the full stop after `word` one that ends no sentence: an initial (`J.`), a list's
    number at the start of its line (`2. Schemes`)?"""
    if len(word) == 1 and word.isalpha():
        return True
    return word.isdigit() and before.strip() == word


def _numbers(text: str, span: Span) -> Iterator[tuple[float, Span, frozenset[str]]]:
    """Each number of a stretch of text, with the label a die gives it; a section number
    (`12.2.1`), a clock time and a die's own digits are none."""
    dice = [m.span() for m in DIE.finditer(text, span[0], span[1])]
    for m in DIE.finditer(text, span[0], span[1]):
        yield float(m[2]), m.span(2), frozenset({"die"})
    for m in NUMBER.finditer(text, span[0], span[1]):
        if any(a <= m.start() < b for a, b in dice):
            continue
        if m[1] is not None:
            if m[1].count(".") > 1:
                continue
            yield float(m[1]), m.span(), frozenset()
        else:
            yield float(CARDINALS[m[2].lower()]), m.span(), frozenset()


def _row(text: str, span: Span, heading: Span | None) -> list[Bound]:
    """A table row's numbers, each bound to the row's words, its cell's and its column's."""
    cells = text[span[0] : span[1]].split("\t")
    heads = text[heading[0] : heading[1]].split("\t") if heading is not None else []
    named = frozenset().union(*(words(c) for c in cells if not re.search(r"\d", c)))
    first = next((j for j, c in enumerate(cells) if c.strip()), 0)
    start = span[0] + sum(len(c) + 1 for c in cells[:first])
    lead = (start, start + len(cells[first]))
    out = []
    at = span[0]
    for j, cell in enumerate(cells):
        head = words(heads[j]) if j < len(heads) else frozenset()
        for number, where, die in _numbers(text, (at, at + len(cell))):
            own = _after(text, where[1], at + len(cell))
            label = named | head | own | die
            out.append(Bound(number, label, where, span, row=lead, heading=heading))
        at += len(cell) + 1
    return out


def _prose(text: str, seg: Span) -> list[Bound]:
    """A sentence's numbers, each bound to the words that say what it counts; both ends of
    a range to the same ("Heroes: 10-12")."""
    out: list[Bound] = []
    example = bool(_EXAMPLE.match(text, seg[0]))
    for number, where, die in _numbers(text, seg):
        before = text[seg[0] : where[0]]
        label = set(die) | _after(text, where[1], seg[1])
        for pattern, n in _BEFORE:
            m = pattern.search(before)
            if m:
                label |= _last_words(m[1], n)
        label |= _rate(before)
        if label & _BONUS:
            label |= _bonus(text[seg[0] : seg[1]])
        bound = Bound(number, frozenset(label), where, seg, example=example)
        if out and _RANGE.fullmatch(text[out[-1].at[1] : where[0]]):
            both = out[-1].label | bound.label
            out[-1] = replace(out[-1], label=both)
            bound = replace(bound, label=both)
        out.append(bound)
    return out


_RANGE = re.compile(r"\s*[-–]\s*|\s+to\s+")
_LABELED = r"(?:labell?ed|marked|numbered)"
# what a number is of, from the words before it: `<label> of N`, `<label>: N`, `<label> is
# N`, `<label> cost(s) N`. The words before a bracket name the thing the number belongs to
# ("Tax (6 cost)", "Schemes (1 minute)"), not what it counts: they pick out the sentence
_BEFORE = (
    (re.compile(r"([A-Za-z'’-]+)\s+of\s*$"), 1),
    (re.compile(r"([^.;:!?()\t]+?)\s*:\s*$"), _NAME_WORDS),
    (re.compile(r"([A-Za-z'’-]+)\s+(?:is|are)\s*$"), 1),
    (re.compile(r"([^.;:!?()\t]+?)\s+(costs?)\s*$"), _NAME_WORDS),
    (re.compile(r"([^.;:!?()\t]+?)\s+" + _LABELED + r"\s*$"), _NAME_WORDS),
    # "a side labeled 3 and one labeled 4": the second is the first's kind
    (
        re.compile(
            r"([^.;:!?()\t]+?)\s+" + _LABELED + r"\s+\S+\s+(?:and|or)\s+"
            r"(?:one|another|the\s+other)\s+" + _LABELED + r"\s*$"
        ),
        _NAME_WORDS,
    ),
)
# a worked example's sentence: its numbers illustrate the rule, they do not state it
_EXAMPLE = re.compile(r"\s*(?:for\s+example|for\s+instance|e\.g\.)", re.IGNORECASE)
# a rate: "For each gold given, gain 1 tribute" (no number between), "on that key gains 1"
_EACH = re.compile(r"\b(?:each|every)\s+([A-Za-z'’-]+)[^\d]*$", re.IGNORECASE)
_GAINS = r"(?:gains?|wins?|earns?|scores?|receives?)"
_THAT_GAINS = re.compile(
    r"\b(?:each|every|that)\s+([A-Za-z'’-]+)\s+" + _GAINS + r"\s*$", re.IGNORECASE
)
# the words a bonus is printed with, after its number ("1 additional card")
_BONUS = frozenset({"additional", "extra", "bonu"})
_IF = re.compile(r"\s*if\b([^,]*),", re.IGNORECASE)


def _rate(before: str) -> set[str]:
    """A rate's label from the words before its number: `for each <label> ..., gain N`,
    `that <label> gains N` bind N to the label and "per"."""
    for pattern in (_THAT_GAINS, _EACH):
        m = pattern.search(before)
        noun = normal(m[1]).strip() if m else ""
        if noun and noun not in _STOP:
            return {"per", noun}
    return set()


def _bonus(sentence: str) -> set[str]:
    """A bonus's label: "bonus", and what the sentence's condition names ("If a Player
    discarded 1 or more cards, ..."), a verb also without its `-ed`."""
    m = _IF.match(sentence)
    named = words(m[1]) if m else frozenset()
    return {"bonu"} | set(named) | {w.removesuffix("ed") for w in named}


def _last_words(text: str, n: int) -> set[str]:
    found = [w for w in (normal(t).strip() for t in _WORD.findall(text)) if w]
    kept = [w for w in found if w not in _STOP]
    label = set(kept[-n:])
    if re.search(r"\bcosts?\s*$", text):
        label.add("cost")
    return label


def _after(text: str, start: int, end: int) -> set[str]:
    """The words right after a number that say what it counts, up to a stop word or a mark
    (`13 Sacred Circles`, `2VP`, `5%`)."""
    rest = text[start:end]
    label: set[str] = {"percent"} if rest.startswith("%") else set()
    # an aside between the number and what it counts: "draws 2 (or 3 in ...) new cards"
    rest = re.sub(r"^\s*\([^()]*\)", "", rest)
    m = re.match(r"%?\s*([A-Za-z][A-Za-z'’\- ]*)", rest)
    if not m:
        return label
    tokens = [normal(t).strip() for t in m[1].split()[:_LABEL_WORDS]]
    if tokens and tokens[0] in _COMPARED:
        return label  # "2 more tribute than Black" compares; it counts nothing
    for w in tokens:
        if not w or w in _STOP:
            break
        label.add(w)
    return label


_COMPARED = frozenset({"more", "less", "fewer"})


def names(label: frozenset[str], keys: Sequence[Sequence[str]]) -> bool:
    """Does a label name a field: every word of its name, or of another name a pack gives it
    (`keys`)? Its last word alone is not enough: `single_pawn_vp` is no area's VP."""
    return any(key and set(key) <= label for key in keys)


def held(passage: str, keys: Sequence[Sequence[str]], selectors: Sequence[Selector]) -> Held | None:
    """The numbers the passage binds to the field `keys` name, in the rows or sentences the
    item's other values (`selectors`) pick out; None when no label names the field."""
    reading = read(passage)
    found = [b for b in reading.bounds if names(b.label, keys)]
    if not found:
        return None
    found = [b for b in found if not b.example] or found  # the rule, not its example
    picked = [(_selected(reading, b, selectors), b) for b in found]
    most = max(s for s, _ in picked)
    if most:
        found = [b for s, b in picked if s == most]
    return Held(tuple(found))


def is_number(form: object) -> bool:
    """Is a selector's form a number (not a name, not a yes or no)?"""
    return isinstance(form, (int, float)) and not isinstance(form, bool)


def _selected(reading: Reading, bound: Bound, selectors: Sequence[Selector]) -> int:
    """How many of the item's other values pick out the bound number's row or sentence: a
    name anywhere in it (its own number aside); a number in a table row's first cell only,
    which names the row (`players: 4` the row `4 | 4`; `low: 3, high: 5` the row
    `3-5 | 1`), since a sentence prints small numbers of every kind, and a number in
    another column says nothing of which row the item is."""
    a, b = bound.segment
    text = reading.text[a : bound.at[0]] + " " + reading.text[bound.at[1] : b]
    lead = ""
    if bound.row is not None and not (bound.row[0] <= bound.at[0] < bound.row[1]):
        lead = reading.text[bound.row[0] : bound.row[1]]
    count = 0
    for sel in selectors:
        named = any(_states(text, f) for f in sel if not is_number(f))
        if named or any(_states(lead, f) for f in sel if is_number(f)):
            count += 1
    return count


def _states(text: str, form: object) -> bool:
    if isinstance(form, bool):
        return False
    if isinstance(form, (int, float)):
        return says_number(text, form)
    return isinstance(form, str) and says(text, form)


def key_words(key: str) -> tuple[str, ...]:
    """A field name's words as a label would print them (`immortal_attack` -> immortal,
    attack; `vp_die` -> vp, die)."""
    return tuple(w for w in normal(key.replace("_", " ")).split() if w)


def die_key(key: str) -> bool:
    """Is the field a die (`die`, `vp_die`), which a passage prints as `d12` or `1d4`?"""
    return "die" in key_words(key) or "dice" in key_words(key)


def ordinal_key(key: str) -> bool:
    """Is the field a place in an order (a rank, a position), which an ordinal states?"""
    return bool({"rank", "position", "order", "place"} & set(key_words(key)))
