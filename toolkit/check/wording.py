"""Check stage: does a passage of the rules state a value? Text compared plainly, for any
game: case, markup, punctuation and plural endings aside; a number as digits or as a word
("three", "twelve", "half"; an ordinal, "third", for a rank only); a clock time as the
rules print it ("4:30 PM" for 16:30); a quotation piece by piece between its `…` cuts. No
game knowledge, no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache

NUMBER_WORDS = {
    0: ("no", "not", "none", "zero", "nothing"),
    1: ("one", "once", "single"),
    2: ("two", "both", "twice", "double"),
    3: ("three", "thrice"),
    4: ("four",),
    5: ("five",),
    6: ("six",),
    7: ("seven",),
    8: ("eight",),
    9: ("nine",),
    10: ("ten",),
    11: ("eleven",),
    12: ("twelve", "dozen"),
    13: ("thirteen",),
    14: ("fourteen",),
    15: ("fifteen",),
    16: ("sixteen",),
    20: ("twenty",),
    30: ("thirty",),
    40: ("forty",),
    50: ("fifty",),
    60: ("sixty",),
    100: ("hundred",),
}
# an ordinal names a place in an order ("Second: 3 minions"), not a count: it states the
# value of a rank or a position only (`says_number(..., ordinal=True)`)
ORDINALS = {
    1: "first",
    2: "second",
    3: "third",
    4: "fourth",
    5: "fifth",
    6: "sixth",
    7: "seventh",
    8: "eighth",
    9: "ninth",
    10: "tenth",
}
_FRACTIONS = {0.5: ("half", "1/2"), 0.25: ("quarter", "1/4")}
_NUMBER_WORDS = frozenset(w for forms in NUMBER_WORDS.values() for w in forms) - {"not", "no"}
STOPWORDS = (
    "the a an of and or to in on is are be by for as at it its if this that with which from "
    "may not their his her they them he she each any all only"
)
STOP = frozenset(STOPWORDS.split())
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})")


def _stem(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 2 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


@lru_cache(maxsize=8192)
def normal(text: str) -> str:
    """Lowercase words without markup, punctuation or plural endings, digits apart from
    letters (`1VP` -> `1 vp`), one space between words and around the whole."""
    text = re.sub(r"</?\w+>", " ", text)
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    text = text.replace("'", "")
    text = re.sub(r"(\d)([A-Za-z])", r"\1 \2", text)
    text = re.sub(r"([A-Za-z])(\d)", r"\1 \2", text)
    words = re.findall(r"[a-z0-9]+(?:\.[0-9]+)?|[^\sa-z0-9]", text.lower())
    kept = [_stem(w) for w in words if re.match(r"[a-z0-9]", w) or w in "≥<>+"]
    return " " + " ".join(kept) + " "


def says(text: str, phrase: str) -> bool:
    """Does `text` contain `phrase`, word for word, once both are normalised?"""
    p = normal(phrase)
    return p.strip() != "" and p in normal(text)


def says_number(text: str, number: float, ordinal: bool = False) -> bool:
    """Does `text` state the number, as digits or as a word? An ordinal ("second") states
    it only where the number is a place in an order (`ordinal`: a rank, a position)."""
    if isinstance(number, float) and not number.is_integer():
        return says(text, f"{number:g}") or any(says(text, w) for w in _FRACTIONS.get(number, ()))
    n = int(number)
    if n < 0 and says(text, f"-{-n}"):
        return True
    forms = (str(abs(n)), *NUMBER_WORDS.get(abs(n), ()))
    if ordinal and abs(n) in ORDINALS:
        forms = (*forms, ORDINALS[abs(n)])
    return any(says(text, w) for w in forms)


def states_a_number(text: str) -> bool:
    """Does `text` state any number at all (digits or a number word; an ordinal is none)?"""
    return bool(re.search(r"\d", text)) or bool(_NUMBER_WORDS & set(normal(text).split()))


def says_time(text: str, clock: str) -> bool:
    """Does `text` give the time `HH:MM` (24-hour), as written or on a 12-hour clock?"""
    m = _CLOCK.fullmatch(clock)
    if m is None:
        return False
    hour, minute = int(m[1]), m[2]
    twelve = hour % 12 or 12
    half = "am" if hour < 12 else "pm"
    for shown in (f"{hour}:{minute}", f"{hour:02d}:{minute}", f"{twelve}:{minute} {half}"):
        if re.search(rf"(?<![\d:]){re.escape(shown)}(?!:?\d)", text.lower()):
            return True
    return False


def quoted(text: str, cited: str) -> bool:
    """Is `text` a quotation of `cited`: each piece between `…` cuts found in it, in order?
    A symbol (♠) is looked for as it is."""
    if not normal(text).strip():
        return bool(text.strip()) and text.strip() in cited
    where = normal(cited)
    at = 0
    for piece in text.split("…"):
        p = normal(piece).strip()
        if not p:
            continue
        hit = where.find(" " + p + " ", at)
        if hit < 0:
            return False
        at = hit + len(p)
    return True


def words(text: str) -> set[str]:
    """The words of `text` that carry its sense (no short or common words, no numbers)."""
    return {w for w in normal(text).split() if len(w) > 3 and w not in STOP and w.isalpha()}


def paraphrases(text: str, cited: str, share: float = 0.6) -> bool:
    """Does `cited` hold most (`share`) of the words that carry the sense of `text`?"""
    mine = words(text)
    return bool(mine) and len(mine & words(cited)) >= share * len(mine)


def quote_of(passage: str, near: str, width: int = 110) -> str:
    """The line of `passage` that shares most words and numbers with `near` (the value's
    item: its name, field and other values), without markup, cut to about `width`
    characters around the first word they share."""
    want = set(normal(near).split()) - STOP
    lines = [ln for ln in passage.splitlines() if ln.strip()] or [passage]
    scores = [len(want & set(normal(ln).split())) for ln in lines]
    best = lines[scores.index(max(scores))]
    flat = " ".join(re.sub(r"</?\w+>|\*\*", " ", best.replace("\t", " | ")).split())
    flat = flat.lstrip("•-*# ")  # a list's bullet or a heading's mark is no word of it
    if len(flat) <= width:
        return flat
    low = flat.lower()
    hits = [low.find(w) for w in want if len(w) > 2 and low.find(w) >= 0]
    start = max(0, min(hits) - 20) if hits else 0
    cut = flat[start : start + width].strip()
    return ("…" if start else "") + cut + ("…" if start + width < len(flat) else "")
