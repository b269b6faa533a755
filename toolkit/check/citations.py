"""Check stage: which passage of the rules each value of a game's content cites, and each
value read as a claim on it (`toolkit.check.claims.Claim`), for the provenance check
(`toolkit.check.provenance`). A file is walked once and a reference list resolved once per
run; a claim carries what picks out its row or sentence in the passage (its item's other
values, as the rules write them) and the other names its pack gives its field.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from toolkit.check.claims import (
    KIT_FIELDS,
    NOT_VALUES,
    NOTES,
    Claim,
    Leaf,
    Provenance,
    Selector,
    Spelling,
    Walk,
    is_picture,
)
from toolkit.load.rules_text import Cited, RulesTexts
from toolkit.model.content import ContentSet, Document
from toolkit.validate.sources import split

_PAGE = re.compile(r"p\. \d+(?:-\d+)?")


@dataclass
class Citations:
    """Reference lists resolved, each once per run."""

    texts: RulesTexts

    def __post_init__(self) -> None:
        self._seen: dict[str, tuple[tuple[Cited, ...], tuple[str, ...]]] = {}
        self._texts: dict[str, str] = {}

    def text(self, refs: str) -> str:
        """The passages a reference list cites, joined (once per list)."""
        got = self._texts.get(refs)
        if got is None:
            got = self._texts[refs] = "\n".join(c.passage for c in self(refs)[0])
        return got

    def __call__(self, refs: str) -> tuple[tuple[Cited, ...], tuple[str, ...]]:
        """What a reference list cites, and why any of its references cites nothing."""
        got = self._seen.get(refs)
        if got is None:
            # a page is for the reader of the printed book: the check reads the lines beside it
            lines = [r for r in split(refs) if not _PAGE.fullmatch(r)]
            found = [self.texts.resolve(r) for r in lines]
            cited = tuple(c for c in found if isinstance(c, Cited))
            problems = tuple(c for c in found if isinstance(c, str))
            if not lines and refs.strip():
                problems = (
                    f"a page cannot be checked (the rules texts have no page marks): add the "
                    f"lines that state it, `{refs}, NNN:L-M`",
                )
            got = self._seen[refs] = (cited, problems or (() if cited else ("cites nothing",)))
        return got


def walk_files(
    content: ContentSet, hook: Provenance
) -> tuple[list[tuple[str, Document, Walk]], dict[str, str]]:
    """Each file walked once (its values, sources and notes), and what each id is called."""

    def skip(cls: type, name: str) -> bool:
        return (
            name in NOT_VALUES
            or name in hook.not_values
            or name in KIT_FIELDS.get(cls, ())
            or name in hook.kit_fields.get(cls, ())
            or is_picture(cls, name)
        )

    walked = [
        (kind, doc, Walk(skip).run(doc)) for kind, docs in content.documents.items() for doc in docs
    ]
    names: dict[str, str] = {}
    for _kind, _doc, walk in walked:
        for ident, name in walk.names.items():
            names.setdefault(ident, name)
    return walked, names


@dataclass
class Reader:
    """How a file's values are read as claims on the passages they cite."""

    names: dict[str, str]  # id -> name, over the whole game
    cite: Citations
    aliases: Mapping[str, tuple[str, ...]]
    spelling: Spelling

    def claims(
        self, doc: Document, kind: str, walk: Walk
    ) -> Iterator[tuple[Leaf, str, Claim | None]]:
        """Each value of a file that is neither a placeholder nor corrected by an erratum,
        with its dotted path and its claim on the passage it cites (None: it cites
        nothing). A value whose citation names no line is left out: that is said where the
        citation is."""
        marked = {*doc.placeholders, *(e.field for e in doc.errata)}
        read: list[tuple[Leaf, str, str | None]] = []
        for leaf in walk.leaves:
            # the value's own path and every path around it, the nearest first
            around = [".".join(leaf.path[:i]) for i in range(len(leaf.path), 0, -1)]
            if any(p in marked for p in around):
                continue
            key = next((p for p in around if p in doc.sources), None)
            refs = doc.sources[key] if key is not None else leaf.item[0] if leaf.item else None
            read.append((leaf, around[0], refs))
        items: dict[int, list[tuple[Leaf, str | None]]] = {}
        for leaf, _dotted, refs in read:
            items.setdefault(id(leaf.owner), []).append((leaf, refs))
        for leaf, dotted, refs in read:
            if refs is None:
                yield leaf, dotted, None
                continue
            cited, problems = self.cite(refs)
            if problems:
                continue
            claim = Claim(
                doc=doc,
                kind=kind,
                path=leaf.path,
                value=leaf.value,
                refs=refs,
                cited=cited,
                text=self.cite.text(refs),
                quotation=quotation(leaf),
                owner=leaf.owner,
                owner_path=leaf.owner_path,
                names=self.names,
                selectors=self._selectors(leaf, refs, items[id(leaf.owner)]),
                aliases=self.aliases.get(_key(leaf.path), ()),
            )
            yield leaf, dotted, claim

    def _selectors(
        self, leaf: Leaf, refs: str, item: list[tuple[Leaf, str | None]]
    ) -> tuple[Selector, ...]:
        """The item's other values, each as the rules may write it: its name and the names
        its ids stand for, and the numbers cited by the same passage (a number cited
        elsewhere may well stand in this passage for something else)."""
        out: list[Selector] = []
        name = getattr(leaf.owner, "name", None)
        if isinstance(name, str) and name:
            out.append((name,))
        for other, other_refs in item:
            if other is leaf or other.path[-1] in NOTES or isinstance(other.value, bool):
                continue
            value, key = other.value, _key(other.path)
            forms: list[object] = [*self.spelling(key, value)]
            if isinstance(value, str) and len(value) <= _NAME_LENGTH and value != name:
                forms += [value, *([self.names[value]] if value in self.names else [])]
            elif isinstance(value, (int, float)) and other_refs == refs:
                forms.append(value)
            if forms:
                out.append(tuple(forms))
        return tuple(out)


# a text value longer than a name is a sentence, which picks out no row
_NAME_LENGTH = 40


def _key(path: tuple[str, ...]) -> str:
    return next((p for p in reversed(path) if not p.isdigit()), "")


def quotation(leaf: Leaf) -> str:
    """How a text value stands to its passage: a passage of a card's `rules` quotes it;
    another item's `text`, or a description, retells it; anything else states a value."""
    if leaf.path[-1] == "text" and leaf.item is not None:
        return "rules" if leaf.item[1] == "rules" else "prose"
    return "prose" if leaf.path[-1] == "description" else ""
