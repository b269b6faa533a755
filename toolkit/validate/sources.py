"""Rules references: the one form in which content says where the rules state a value.

A reference list is one or more references separated by commas. A reference is

- a line of a rules text, `NNN:L` or a run of lines `NNN:L-M`, where `NNN` is the
  rules text's number in its game's list (Forty Factions: `000` the base rules, `001`
  Sacred Circles, `002` Doorways to Dreams; `003` the Worldspanner rulebook; `004` the
  God Emperor rules), e.g. `000:481`;
- `L257` or `L400-412`: a line of a game whose rules are one text (God Emperor), the
  same as `004:257`;
- a numbered section of the rules, e.g. `10.3.2.2.1`, `SC3.1.3`, `DD3.2.6.2`, a run of
  sibling sections `DD3.3.4.1-2`, or a footnote of one, `5.3 note 1`;
- a rulebook page, `p. 13` (Worldspanner): its text has no page marks, so a page stands
  beside the lines that state the value, for the reader of the printed book.

Values that carry a reference: `sources:` (dotted field path -> reference list) in every
content file, an erratum's `source`, and the `source` of a passage or item. This module
holds the form; `toolkit.load.rules_text` resolves a reference to lines of the texts a game
names, and `toolkit.check.provenance` checks that they state the value. No rules text is
read here.
"""

from __future__ import annotations

import re

LINE = r"\d{3}:\d+(?:-\d+)?"
SHORT_LINE = r"L\d+(?:-\d+)?"
SECTION = r"(?:[A-Z]{1,3})?\d+(?:\.\d+)*(?:-\d+)?(?: note \d+)?"
PAGE = r"p\. \d+"
ONE = rf"(?:{LINE}|{SHORT_LINE}|{SECTION}|{PAGE})"
# The pattern a content field holding a reference list must match (`spec(pattern=...)`).
REFERENCES = rf"{ONE}(?:, {ONE})*"

_ONE = re.compile(ONE)


def split(refs: str) -> list[str]:
    """`"000:47, SC3.1.3"` -> `["000:47", "SC3.1.3"]` (empty for an empty string)."""
    return [r.strip() for r in refs.split(",") if r.strip()]


def is_reference_list(text: str) -> bool:
    """Does `text` have the form of a reference list?"""
    return re.fullmatch(REFERENCES, text) is not None


def covers(path: str, marked: str) -> bool:
    """Is the value at dotted `path` inside (or equal to) the value at `marked`?"""
    return path == marked or path.startswith(marked + ".")
