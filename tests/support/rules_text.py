"""The rules texts, read independently of the toolkit, to check what content says of them.

Rules references (the form `toolkit.validate.sources` documents) resolve here to lines of the
texts in the repository's `rules/` (or `$TOOLKIT_RULES_DIR`): `000:481` a line, `000:272-278`
lines, `L257` a line of the God Emperor rules, `10.3.2.2.1` / `SC3.1.3` / `DD3.2.6.2` a
numbered section with its sub-sections, `DD3.3.4.1-2` sibling sections, `5.3 note 1` a
footnote. `normal` makes two texts comparable (case, markup, punctuation, plurals).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from tests.support.shipped import RULES

RULES_DIR = RULES  # the repository's copy (rules/), or $TOOLKIT_RULES_DIR
TEXTS = {
    "000": "forty-factions-base-rules.md",
    "001": "forty-factions-sacred-circles.txt",
    "002": "forty-factions-doorways-to-dreams.txt",
    "003": "worldspanner-factions-rulebook.md",
    "004": "god-emperor-megagame-rules.txt",
}
GAME_TEXTS = {
    "forty-factions": ("000", "001", "002"),
    "worldspanner": ("003",),
    "god-emperor": ("004",),
}


@cache
def lines(text_id: str) -> tuple[str, ...]:
    """The lines of a rules text; `lines(t)[n - 1]` is line n."""
    raw = (RULES_DIR / TEXTS[text_id]).read_text(encoding="utf-8")
    return tuple(raw.splitlines())


_MARKUP = re.compile(r"</?(b|u|sup|i)>|\*+|^#+\s*|^\s*[-•]\s+")
_BASE_SECTION = re.compile(r"^(\d+(?:\.\d+)*)\.?(?=\s|$)")
_EXP_SECTION = re.compile(r"^(SC|DD)(\d+(?:\.\d+)*)\.?(?=\s|[A-Z(]|$)")
_GARBLED_DD = re.compile(r"^22(\d)?\.(\d+)?(?=\s)")  # the extraction printed "DD" as "22"
_NUMBER_PREFIX = re.compile(r"^[\s#*•-]*(?:SC|DD|22)?\d+(?:\.\d+)*\.?\**")


def _section_id(text_id: str, line: str) -> str | None:
    """The section a line starts, if it starts one (table rows never do)."""
    if "\t" in line:
        return None
    bare = _MARKUP.sub("", line.strip()).strip()
    bare = _MARKUP.sub("", bare).strip()  # `- **6.3 ...**`: a list mark, then bold
    if text_id == "000":
        m = _BASE_SECTION.match(bare)
        return m[1] if m else None
    if text_id in ("001", "002"):
        m = _EXP_SECTION.match(bare)
        if m:
            return m[1] + m[2]
        g = _GARBLED_DD.match(bare) if text_id == "002" else None
        if g:
            head = f"DD{g[1]}" if g[1] else "DD2"
            return head + (f".{g[2]}" if g[2] else "")
    return None


@cache
def sections(text_id: str) -> dict[str, tuple[int, int]]:
    """Section id -> (first line, last line), a section running to the next one that is
    not inside it (so a section includes its sub-sections)."""
    starts = []
    for n, line in enumerate(lines(text_id), 1):
        sid = _section_id(text_id, line)
        if sid is not None:
            starts.append((sid, n))
    out: dict[str, tuple[int, int]] = {}
    total = len(lines(text_id))
    for i, (sid, n) in enumerate(starts):
        end = total
        for later, m in starts[i + 1 :]:
            if not later.startswith(sid + "."):
                end = m - 1
                break
        out.setdefault(sid, (n, end))
    return out


def section_at(text_id: str, line_no: int) -> str | None:
    """The innermost section whose own paragraph (not a sub-section) holds a line."""
    best: tuple[int, str] | None = None
    for sid, (first, last) in sections(text_id).items():
        if first <= line_no <= last and (best is None or first > best[0]):
            best = (first, sid)
    return best[1] if best else None


@dataclass(frozen=True)
class Cited:
    """What one reference points at: a rules text and a set of its lines."""

    text_id: str
    numbers: tuple[int, ...]

    @property
    def text(self) -> str:
        """The cited lines, each without the section number it starts with (so that the
        1 of `10.3.2.2.1` is not read as a value)."""
        out = []
        for n in self.numbers:
            line = lines(self.text_id)[n - 1]
            if _section_id(self.text_id, line) is not None:
                line = _NUMBER_PREFIX.sub("", line, count=1)
            out.append(line)
        return "\n".join(out)


def _section_texts(game: str, ref: str) -> list[str]:
    if ref.startswith("SC"):
        return ["001"]
    if ref.startswith("DD"):
        return ["002"]
    return [GAME_TEXTS[game][0]]


def resolve(game: str, ref: str) -> Cited | None:
    """The lines one reference cites, or None when it cites nothing in the texts."""
    ref = ref.strip()
    m = re.fullmatch(r"(\d{3}):(\d+)(?:-(\d+))?", ref)
    if m:
        first, last = int(m[2]), int(m[3] or m[2])
        if m[1] not in TEXTS or not 1 <= first <= last <= len(lines(m[1])):
            return None
        return Cited(m[1], tuple(range(first, last + 1)))
    m = re.fullmatch(r"L(\d+)(?:-(\d+))?", ref)
    if m and len(GAME_TEXTS[game]) == 1:
        return resolve(game, f"{GAME_TEXTS[game][0]}:{m[1]}" + (f"-{m[2]}" if m[2] else ""))
    m = re.fullmatch(r"((?:SC|DD)?\d+(?:\.\d+)*)(?:-(\d+))?(?: note (\d+))?", ref)
    if m:
        (text_id,) = _section_texts(game, m[1])
        known = sections(text_id)
        if m[1] not in known:
            return None
        first, last = known[m[1]]
        if m[2]:  # DD3.3.4.1-2: through the sibling DD3.3.4.2
            head, _, tail = m[1].rpartition(".")
            sibling = f"{head}.{m[2]}" if head else m[2]
            if sibling not in known or int(m[2]) < int(tail):
                return None
            last = known[sibling][1]
        if m[3]:  # a footnote: the line that starts with its mark, after the section
            mark = f"<sup>{m[3]}</sup>"
            for n in range(first, len(lines(text_id)) + 1):
                if lines(text_id)[n - 1].lstrip().startswith(mark):
                    return Cited(text_id, (n,))
            return None
        return Cited(text_id, tuple(range(first, last + 1)))
    return None


def resolve_all(game: str, refs: str) -> list[Cited | None]:
    """Each reference of a comma-separated list, resolved."""
    return [resolve(game, r) for r in refs.split(",") if r.strip()]


# ----------------------------------------------------------------------------- comparing

_WORDS = {
    0: ("0", "no", "not", "none", "zero"),
    1: ("1", "one", "once", "single"),
    2: ("2", "two", "both", "twice"),
    3: ("3", "three"),
    4: ("4", "four"),
    5: ("5", "five"),
    6: ("6", "six"),
    8: ("8", "eight"),
    9: ("9", "nine"),
    10: ("10", "ten"),
    12: ("12", "twelve"),
    13: ("13", "thirteen"),
    14: ("14", "fourteen"),
    40: ("40", "forty"),
}


def _stem(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 2 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def normal(text: str) -> str:
    """Lowercase words without markup, punctuation or plural endings, digits apart from
    letters (`1VP` -> `1 vp`), one space between words."""
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


def says_number(text: str, number: float) -> bool:
    """Does `text` state the number, as digits or as a word?"""
    if isinstance(number, float) and not number.is_integer():
        return says(text, f"{number:g}")
    words = _WORDS.get(int(number), (str(int(number)),))
    return any(says(text, w) for w in words)
