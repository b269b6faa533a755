"""Check stage: provenance. A value that cites the rules must be what the passage it cites
states (`RULES-VALUE`, quoting the passage); every citation must name lines of the game's
rules texts (`RULES-CITE`); a value of the rules that cites nothing and is no placeholder,
in a file that cites the rules (one that cites nothing is the designer's own), is
`RULES-UNSOURCED`, a warning. Errata must quote what their source prints, and a
quotation with a citation in a note or a waiver's reason, `'...' (L267)`, must stand on
the lines it cites.

Which passage a value cites is `toolkit.check.citations`; how a value is read against it,
`toolkit.check.claims`; the texts come read and indexed from the load stage
(`toolkit.load.rules_text`), once per run. Game-independent: a pack adds its own readings
(`claims.Provenance`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from toolkit.check.citations import Citations, Reader, walk_files
from toolkit.check.claims import (
    NOTES,
    Claim,
    Judge,
    Leaf,
    Provenance,
    Verdict,
    Walk,
    shown,
    states,
    stating,
    what,
)
from toolkit.check.rules import Rule
from toolkit.check.wording import quote_of, quoted, says, states_a_number
from toolkit.core.diagnostics import Diagnostic, Loc, error, warning
from toolkit.load.rules_text import UNREAD, RulesTexts, read_rules_texts
from toolkit.model.content import ContentSet, Document

_CITATION = re.compile(r"(?<![\w:.])(\d{3}:\d+(?:-\d+)?|L\d+(?:-\d+)?)(?![\w:])")
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
            "`half`; an ordinal, `Second`, states a rank only), a die as `d12` or `1d4`, a "
            "name or id as written (case and punctuation aside), every member of a list, a "
            "time as printed; a passage in a `rules:` list quotes its text (cuts marked "
            "`…`). Where the passage binds numbers to labels (a table's row and column, "
            "`Stealth of 7`, `6 Melee`, `Tax (6 cost)`, `Heroes: 10-12`, `Elite cards cost "
            "two`) and a label names the field, the number is the one bound to it, in the "
            "row or sentence the item's other values pick out (`{players: 4, cards: 4}` the "
            "row `4 | 4`), not any number the passage prints; the finding quotes that row or "
            "sentence. An erratum's `printed` text must stand at its source, and a "
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


def check_provenance(content: ContentSet, hook: Provenance, texts: RulesTexts) -> list[Diagnostic]:
    """Every file's citations resolved, its cited values read against their passages, its
    values of the rules asked for a citation, its errata and quoted notes checked."""
    if hook.texts(content) is None:
        return []  # the file naming the texts did not load: it says why
    walked, names = walk_files(content, hook)
    judge = hook.judge(content)
    cite = Citations(texts)
    reader = Reader(names, cite, hook.aliases, hook.spelling(content))
    out: list[Diagnostic] = []
    for kind, doc, walk in walked:
        out += _unresolved(doc, walk, cite)
        # a file that cites no passage at all makes no claim on the rules: it is the
        # designer's own (a new card), whose values are not asked for a citation
        claims_rules = bool(doc.sources or doc.errata or walk.sources)
        out += _values(doc, reader.claims(doc, kind, walk), judge, claims_rules)
        out += _errata(doc, cite)
        out += _quotations(doc, walk, cite, texts)
    return out


def cited_values(content: ContentSet, hook: Provenance, texts: RulesTexts) -> list[Claim]:
    """Every value of a game's content that cites lines of its rules texts, as a claim on
    the passage it cites: what the check reads."""
    walked, names = walk_files(content, hook)
    reader = Reader(names, Citations(texts), hook.aliases, hook.spelling(content))
    return [
        claim
        for kind, doc, walk in walked
        for _leaf, _dotted, claim in reader.claims(doc, kind, walk)
        if claim is not None
    ]


def _unresolved(doc: Document, walk: Walk, cite: Citations) -> Iterator[Diagnostic]:
    """RULES-CITE at each citation of a file that names no lines of the rules texts."""
    spots: list[tuple[Loc, str]] = [(doc.loc_of("sources", k), v) for k, v in doc.sources.items()]
    spots += [(e.loc_of("source"), e.source) for e in doc.errata]
    spots += [(item.loc_of("source"), src) for item, src in walk.sources]
    for loc, refs in spots:
        problems = [p for p in cite(refs)[1] if not p.endswith(UNREAD)]
        if problems:
            yield error(loc, "RULES-CITE", f"{refs!r}: {'; '.join(problems)}")


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


def _message(claim: Claim, verdict: Verdict) -> str:
    who = what(claim.owner, claim.owner_path, claim.path)
    if claim.quotation:
        verb = "quote" if claim.quotation == "rules" else "retell"
        quote = quote_of(claim.text, _near(claim))
        return f'{who} ({shown(claim.value)}) does not {verb} {claim.refs}, which says "{quote}"'
    quote = stating(claim)
    head = f"{who} is {shown(claim.value)} here"
    if isinstance(verdict, str):
        return f"{head}; {verdict}"
    number = isinstance(claim.value, (int, float)) and not isinstance(claim.value, bool)
    if number and not states_a_number(claim.text):
        return f'{head}; {claim.refs} states no number: "{quote}"'
    return f'{head}; {claim.refs} says "{quote}"'


def _near(claim: Claim) -> str:
    """What the passage's line that a text quotes or retells shares with it: the text, its
    field's name and its item's other values."""
    parts = [claim.key.replace("_", " "), str(claim.value)]
    for name, value in vars(claim.owner).items():
        if not name.startswith("_") and name != claim.key and isinstance(value, (str, int)):
            parts.append(str(value))
    return " ".join(parts)


def _errata(doc: Document, cite: Citations) -> Iterator[Diagnostic]:
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
    doc: Document, walk: Walk, cite: Citations, texts: RulesTexts
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
