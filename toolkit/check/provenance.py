"""Check stage: provenance. A value that cites the rules must be what the passage it cites
states (`RULES-VALUE`, quoting the passage); every citation must name lines of the game's
rules texts (`RULES-CITE`); a value of the rules that cites nothing and is no placeholder,
in a file that cites the rules (one that cites nothing is the designer's own), is
`RULES-UNSOURCED`, a warning. Errata must quote what their source prints, and a
quotation with a citation in a note or a waiver's reason, `'...' (L267)`, must stand on
the lines it cites.

How a value is told from its citation, and read against it, is `toolkit.check.claims`;
the texts come read and indexed from the load stage (`toolkit.load.rules_text`), once per
run. Game-independent: a pack adds its own readings (`claims.Provenance`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from toolkit.check.claims import (
    KIT_FIELDS,
    NOT_VALUES,
    NOTES,
    Claim,
    Judge,
    Leaf,
    Provenance,
    Verdict,
    Walk,
    is_picture,
    shown,
    states,
    what,
)
from toolkit.check.rules import Rule
from toolkit.check.wording import quote_of, quoted, says, states_a_number
from toolkit.core.diagnostics import Diagnostic, Loc, error, warning
from toolkit.load.rules_text import UNREAD, Cited, RulesTexts, read_rules_texts
from toolkit.model.content import ContentSet, Document
from toolkit.validate.sources import split

_CITATION = re.compile(r"(?<![\w:.])(\d{3}:\d+(?:-\d+)?|L\d+(?:-\d+)?)(?![\w:])")
_PAGE = re.compile(r"p\. \d+(?:-\d+)?")
# a designer may depart from the rules on purpose: a house rule is a waiver of the value's
# finding, with its reason (`waive: [{rule: RULES-VALUE, at: [...], reason: ...}]`)
HOUSE_RULES = frozenset({"RULES-VALUE", "RULES-UNSOURCED"})
_CITED_QUOTE = re.compile(r"'([^']{8,}?)'\s*\(((?:\d{3}:|L)\d+(?:-\d+)?)\)")
RULES: dict[str, Rule] = {
    r.code: r
    for r in (
        Rule(
            "RULES-VALUE",
            "A cited value is what its passage states",
            "DESIGN.md (content honesty), issue 33",
            "A value that cites the rules (a `sources:` entry, or its item's `source:`) must "
            "be stated by the passage it cites: a number as digits or as a word (`three`, "
            "`half`), a name or id as written (case and punctuation aside), every member of "
            "a list, a time as printed; a passage in a `rules:` list quotes its text (cuts "
            "marked `…`). An erratum's `printed` text must stand at its source, and a "
            "quotation followed by a citation in a note or a waiver's reason, `'...' (L267)`, "
            "on the lines it cites. The finding quotes the passage: correct the value, or "
            "the citation; a value the designer changes on purpose is a house rule, a waiver "
            "of this finding at that value with its reason.",
            'proposals:\n  - {id: tax, name: Tax, cost: 6, source: L278}   # "Tax (6 cost)"',
        ),
        Rule(
            "RULES-CITE",
            "A citation names lines of the rules texts",
            "toolkit.validate.sources, issue 33",
            "Every citation resolves to lines of a rules text the game names in game.yaml's "
            "`rules_texts:`: a line `000:481` or lines `000:272-278` that exist, `L257` in a "
            "game of one text, a numbered section (`10.3.2.2.1`, `SC3.1.3`). A page (`p. 13`) "
            "cannot be checked, since the texts have no page marks: it may stand beside the "
            "lines that state the value, for the reader of the printed book.",
            'sources: {seats.council: "000:481"}\nsource: "p. 13, 003:1093-1099"',
        ),
        Rule(
            "RULES-UNSOURCED",
            "A value of the rules cites them",
            "DESIGN.md (content honesty), issue 33",
            "Every value a content file that cites the rules writes is either cited (a "
            "`sources:` entry or its item's `source:`, which `toolkit check` verifies), "
            "corrected by an erratum, or listed under `placeholders:` as a stand-in the rules "
            "do not give. Identifiers, notes and the kit's own choices (a component's count "
            "and printing, the cast) are not values of the rules; nor is anything in a file "
            "that cites no passage at all: it is the designer's own (a card `toolkit new` "
            "made).",
            "sources:\n  pool.power: L304\nplaceholders: [colour]",
        ),
        Rule(
            "RULES-TEXT",
            "The rules texts can be read",
            "DESIGN.md (layout: rules/)",
            "Each entry of game.yaml's `rules_texts:` names a UTF-8 text inside the project "
            "(the folder holding the content folder), by a three-digit number; a path that "
            "leads out of the project (a link included) is refused, and nothing is read "
            "from the network.",
            'rules_texts:\n  "004": rules/god-emperor-megagame-rules.txt',
        ),
    )
}


@dataclass
class _Citations:
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


def check_provenance(content: ContentSet, hook: Provenance, texts: RulesTexts) -> list[Diagnostic]:
    """Every file's citations resolved, its cited values read against their passages, its
    values of the rules asked for a citation, its errata and quoted notes checked."""
    if hook.texts(content) is None:
        return []  # the file naming the texts did not load: it says why
    walked, names = _walked(content, hook)
    judge = hook.judge(content)
    cite = _Citations(texts)
    out: list[Diagnostic] = []
    for kind, doc, walk in walked:
        out += _unresolved(doc, walk, cite)
        # a file that cites no passage at all makes no claim on the rules: it is the
        # designer's own (a new card), whose values are not asked for a citation
        claims_rules = bool(doc.sources or doc.errata or walk.sources)
        out += _values(doc, _claims(doc, kind, walk, names, cite), judge, claims_rules)
        out += _errata(doc, cite)
        out += _quotations(doc, walk, cite, texts)
    return out


def cited_values(content: ContentSet, hook: Provenance, texts: RulesTexts) -> list[Claim]:
    """Every value of a game's content that cites lines of its rules texts, as a claim on
    the passage it cites: what the check reads."""
    walked, names = _walked(content, hook)
    cite = _Citations(texts)
    return [
        claim
        for kind, doc, walk in walked
        for _leaf, _dotted, claim in _claims(doc, kind, walk, names, cite)
        if claim is not None
    ]


def _walked(
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


def _unresolved(doc: Document, walk: Walk, cite: _Citations) -> Iterator[Diagnostic]:
    """RULES-CITE at each citation of a file that names no lines of the rules texts."""
    spots: list[tuple[Loc, str]] = [(doc.loc_of("sources", k), v) for k, v in doc.sources.items()]
    spots += [(e.loc_of("source"), e.source) for e in doc.errata]
    spots += [(item.loc_of("source"), src) for item, src in walk.sources]
    for loc, refs in spots:
        problems = [p for p in cite(refs)[1] if not p.endswith(UNREAD)]
        if problems:
            yield error(loc, "RULES-CITE", f"{refs!r}: {'; '.join(problems)}")


def _claims(
    doc: Document, kind: str, walk: Walk, names: dict[str, str], cite: _Citations
) -> Iterator[tuple[Leaf, str, Claim | None]]:
    """Each value of a file that is neither a placeholder nor corrected by an erratum, with
    its dotted path and its claim on the passage it cites (None: it cites nothing). A value
    whose citation names no line is left out: that is said where the citation is."""
    marked = {*doc.placeholders, *(e.field for e in doc.errata)}
    for leaf in walk.leaves:
        # the value's own path and every path around it, the nearest first
        around = [".".join(leaf.path[:i]) for i in range(len(leaf.path), 0, -1)]
        if any(p in marked for p in around):
            continue
        key = next((p for p in around if p in doc.sources), None)
        refs = doc.sources[key] if key is not None else leaf.item[0] if leaf.item else None
        if refs is None:
            yield leaf, around[0], None
            continue
        cited, problems = cite(refs)
        if problems:
            continue
        claim = Claim(
            doc=doc,
            kind=kind,
            path=leaf.path,
            value=leaf.value,
            refs=refs,
            cited=cited,
            text=cite.text(refs),
            quotation=_quotation(leaf),
            owner=leaf.owner,
            owner_path=leaf.owner_path,
            names=names,
        )
        yield leaf, around[0], claim


def _values(
    doc: Document,
    claims: Iterator[tuple[Leaf, str, Claim | None]],
    judge: Judge,
    claims_rules: bool = True,
) -> Iterator[Diagnostic]:
    """RULES-VALUE where a cited passage does not state its value; RULES-UNSOURCED where a
    value of the rules cites nothing (a note is the kit's own words), in a file that cites
    the rules (`claims_rules`)."""
    for leaf, dotted, claim in claims:
        if claim is None:
            if claims_rules and leaf.path[-1] not in NOTES:
                yield warning(
                    doc.loc_of(*leaf.path),
                    "RULES-UNSOURCED",
                    f"{what(leaf.owner, leaf.owner_path, leaf.path)} is {shown(leaf.value)} "
                    "here and cites no rules passage: give it a source (a `sources:` entry "
                    f"for `{dotted}`, or its item's `source:`) or list it under `placeholders:`",
                )
            continue
        verdict: Verdict = judge(claim)
        if verdict is None:
            verdict = states(claim)
        if verdict is not True:
            yield error(doc.loc_of(*leaf.path), "RULES-VALUE", _message(claim, verdict))


def _quotation(leaf: Leaf) -> str:
    """How a text value stands to its passage: a passage of a card's `rules` quotes it;
    another item's `text`, or a description, retells it; anything else states a value."""
    if leaf.path[-1] == "text" and leaf.item is not None:
        return "rules" if leaf.item[1] == "rules" else "prose"
    return "prose" if leaf.path[-1] == "description" else ""


def _message(claim: Claim, verdict: Verdict) -> str:
    who = what(claim.owner, claim.owner_path, claim.path)
    quote = quote_of(claim.text, _near(claim))
    if claim.quotation:
        verb = "quote" if claim.quotation == "rules" else "retell"
        return f'{who} ({shown(claim.value)}) does not {verb} {claim.refs}, which says "{quote}"'
    head = f"{who} is {shown(claim.value)} here"
    if isinstance(verdict, str):
        return f"{head}; {verdict}"
    number = isinstance(claim.value, (int, float)) and not isinstance(claim.value, bool)
    if number and not states_a_number(claim.text):
        return f'{head}; {claim.refs} states no number: "{quote}"'
    return f'{head}; {claim.refs} says "{quote}"'


def _near(claim: Claim) -> str:
    """What the passage's line about a value shares with it: its item's name, its field's
    name and the item's other values (a table row's `6-9` for the VPs of levels 6 to 9)."""
    parts = [claim.key.replace("_", " ")]
    if claim.quotation:
        parts.append(str(claim.value))
    for name, value in vars(claim.owner).items():
        if not name.startswith("_") and name != claim.key and isinstance(value, (str, int)):
            parts.append(str(value))
    return " ".join(parts)


def _errata(doc: Document, cite: _Citations) -> Iterator[Diagnostic]:
    """An erratum's `printed` text stands at its source."""
    for e in doc.errata:
        cited, problems = cite(e.source)
        if problems:
            continue  # said at the source
        text = "\n".join(c.passage for c in cited)
        if not (says(text, e.printed) or quoted(e.printed, text)):
            yield error(
                e.loc_of("printed"),
                "RULES-VALUE",
                f"the erratum for `{e.field}` quotes {shown(e.printed)} as printed at "
                f'{e.source}, which says "{quote_of(text, e.printed)}"',
            )


def _quotations(
    doc: Document, walk: Walk, cite: _Citations, texts: RulesTexts
) -> Iterator[Diagnostic]:
    """A line cited in a waiver's reason or a note exists, and a quotation followed by a
    citation, `'...' (L267)`, stands on the lines it cites."""
    spots = [(w.loc_of("reason"), f"waiver of {w.rule}", w.reason) for w in doc.waive]
    spots += [(e.loc_of("note"), f"erratum note on `{e.field}`", e.note) for e in doc.errata]
    spots += [(item.loc_of(name), "note", text) for item, name, text in walk.notes]
    for loc, where, text in spots:
        for m in _CITATION.finditer(text):
            for why in cite(m[1])[1]:
                if not why.endswith(UNREAD):
                    yield error(loc, "RULES-CITE", f"the {where} cites {m[1]}: {why}")
        for m in _CITED_QUOTE.finditer(text):
            cited, problems = cite(m[2])
            said = m[1].replace("...", "…")
            if problems or quoted(said, "\n".join(c.passage for c in cited)):
                continue
            at = _found_at(texts, said)
            yield error(
                loc,
                "RULES-VALUE",
                f"the {where} quotes '{m[1][:50]}' at {m[2]}, which does not print it"
                + (f" (it is at {at})" if at else ""),
            )


def _found_at(texts: RulesTexts, quote: str) -> str:
    """Where a quotation does stand in the game's texts (`004:267`), if anywhere."""
    for text in texts.texts.values():
        for n in range(1, len(text.lines) + 1):
            if quoted(quote, text.line(n)):
                return f"{text.id}:{n}"
    return ""


def game_texts(content: ContentSet, hook: Provenance) -> tuple[RulesTexts, list[Diagnostic]]:
    """The rules texts a game's content names, read from its project (the folder holding
    the content folder); none while the file naming them does not load."""
    declared = hook.texts(content)
    if declared is None:
        return RulesTexts(), []
    doc, named = declared
    project = content.root.absolute().parent.parent
    return read_rules_texts(
        project, named, lambda text_id: doc.loc_of("rules_texts", text_id), hook.sections
    )
