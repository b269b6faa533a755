"""Check stage: the rules a game's checks enforce, as data, and what the runner needs of a
game (its rules table and its checks)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from toolkit.core.diagnostics import Diagnostic, Loc
from toolkit.model.content import ContentSet, Document, Waiver

if TYPE_CHECKING:
    from toolkit.check.claims import Provenance

Check = Callable[[ContentSet], Iterable[Diagnostic]]


@dataclass(frozen=True)
class Rule:
    """A rule the checker enforces: a stable code, what it requires, where the rules say so."""

    code: str
    title: str
    source: str
    explain: str
    example: str = ""
    # The content kinds whose every file this rule's findings depend on: when a file of
    # one of them does not load, the rule's findings could be false ("no file for 46", a
    # seat count short by the broken file's seat) and are held back until it does. None:
    # every kind (the safe default); empty: the rule looks at one file at a time (with the
    # game's singleton files, without which nothing runs), or finds only what is there
    # twice, which no missing file can make false.
    needs: frozenset[str] | None = None


def scoped(rules: dict[str, Rule], needs: dict[str, frozenset[str]]) -> dict[str, Rule]:
    """The rules with `needs` set from a table (code -> kinds; an empty set for the rules
    that look at one file at a time), so a rules table states it in one place."""
    unknown = set(needs) - set(rules)
    if unknown:
        raise ValueError(f"no such rules: {', '.join(sorted(unknown))}")  # a bug in a pack
    return {
        code: replace(r, needs=needs[code]) if code in needs else r for code, r in rules.items()
    }


def held_back(rule: Rule | None, failed_kinds: set[str]) -> bool:
    """Are the findings of `rule` held back because files of `failed_kinds` did not load?
    (`*` in `failed_kinds`: a file of unknown kind failed.) Core findings (no rule) never are."""
    if rule is None or not failed_kinds:
        return False
    if rule.needs is None:
        return True
    return bool(rule.needs) and ("*" in failed_kinds or bool(rule.needs & failed_kinds))


def waiver_covers(doc: Document, waiver: Waiver, loc: Loc) -> bool:
    """Does `waiver` (one of `doc`'s) reach a finding of its rule at `loc` in `doc`? Without
    `at`, every one in the file; with it, those on a named value (its place or its line)."""
    if not waiver.at:
        return True
    spots = [doc.loc_of(*a.split(".")) for a in waiver.at]
    return any(loc == s or loc.line == s.line for s in spots)


def accepted(doc: Document, code: str, loc: Loc) -> bool:
    """Is the finding `code` at `loc`, a value of `doc`, waived there (as `run_checks` will
    find)? A check asks it of a value that differs from what the rules state: waived, it is
    a house rule the rest of the content follows; unwaived, it is the one value at fault,
    and the rest is held to the rules, not told to follow it."""
    if loc.path != doc.loc.path:
        return False
    return any(
        w.rule == code and w.reason.strip() and waiver_covers(doc, w, loc) for w in doc.waive
    )


def indexed_checks(
    build_index: Callable[[ContentSet], object | None],
    checks: Iterable[Callable[..., Iterable[Diagnostic]]],
) -> Check:
    """A pack's rule check: build its look-up index once, then run each check on it (no
    checks when the index cannot be built: the missing file is already reported)."""
    checks = tuple(checks)

    def check_rules(content: ContentSet) -> Iterable[Diagnostic]:
        ix = build_index(content)
        if ix is None:
            return
        for check in checks:
            yield from check(ix)

    return check_rules


class RuleSet(Protocol):
    """What the runner needs of a game pack (`toolkit.games.GamePack`)."""

    @property
    def id(self) -> str: ...

    @property
    def rules(self) -> dict[str, Rule]: ...

    @property
    def checks(self) -> tuple[Check, ...]: ...

    @property
    def provenance(self) -> Provenance | None: ...
