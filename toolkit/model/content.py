"""Model stage: a game's content folder -> a `ContentSet` of validated documents.

Takes the content files of `content/<game>/` that `toolkit.load.find` finds (every other
file or folder there is reported with why it is not read: nothing is skipped
silently; a link out of the content folder, a FIFO or a device is refused before
`open`), loads each with positions (`toolkit.load.yaml`) and validates it
(`toolkit.validate.schema`). Every problem in every file is collected.
"""

from __future__ import annotations

import fnmatch
import hashlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path, PurePosixPath
from typing import TypeVar

from toolkit.core.diagnostics import Diagnostic, Loc, display_path, error
from toolkit.core.store import kept as kept_results
from toolkit.load.csv import load_csv_bytes
from toolkit.load.find import find_content
from toolkit.load.yaml import LoadResult, load_bytes, read_limited
from toolkit.validate.kept import kept_documents
from toolkit.validate.schema import INVALID, Model, Validator, model, spec

D = TypeVar("D", bound="Document")

RULE_CODE = r"[A-Z][A-Z0-9]*(-[A-Z0-9]+)+"


@model
class Erratum(Model):
    """A correction of a typo in the rules text: the content holds the right value."""

    field: str = spec("Dotted path of the corrected field in this file, e.g. `tarot`.")
    printed: str = spec("The value exactly as the rules text prints it.")
    source: str = spec(
        "Where the rules print it: a rules reference, e.g. `000:119` (the base rules' line "
        "119) or a section such as `SC3.1.3` (see `toolkit.validate.sources`)."
    )
    note: str = spec("Why the printed value is wrong and what the content holds instead.")


@model
class Waiver(Model):
    """Accept one rule finding in this file, for a stated reason."""

    rule: str = spec("The rule code to waive, e.g. `FF-DECK-TAROT`; one code, no wildcards.")
    reason: str = spec("Why the finding is acceptable; required.", "")
    at: list[str] = spec(
        "Dotted paths of the values the waiver covers (e.g. `schedule.1`); empty: every "
        "finding of the rule in this file. With paths, a new finding elsewhere is not hidden.",
        [],
        pattern=r"[a-z_][a-z0-9_]*(\.([a-z_][a-z0-9_]*|[0-9]+))*",
    )


@model
class Document(Model):
    """Base of every top-level content file: the fields every kind shares."""

    placeholders: list[str] = spec(
        "Dotted paths of values that the rules do not give and that stand in until the "
        "designer writes real ones (e.g. `politics`, `seats.council`, `locations`).",
        [],
        pattern=r"[a-z_][a-z0-9_]*(\.([a-z_][a-z0-9_]*|[0-9]+))*",
    )
    errata: list[Erratum] = spec("Corrections of typos in the rules text, each with a note.", [])
    sources: dict[str, str] = spec(
        "Where the rules state each value: dotted path of a value (or of a part of the file) "
        "-> rules reference, e.g. `seats.council: 000:481` (line 481 of the base rules) or "
        "`locations.0: SC3.1.3`. A value with a source is not a placeholder.",
        {},
    )
    waive: list[Waiver] = spec("Rule findings accepted in this file, each with a reason.", [])


@dataclass(frozen=True)
class ContentKind:
    """One kind of content file a game pack declares: where it lives, what it holds."""

    name: str
    pattern: str  # path relative to the game folder; `*` matches within one folder level
    model: type[Document]
    singleton: bool = False
    doc: str = ""
    csv_field: str = ""  # a `.csv` file of this kind is the table of this list field
    # fields a designer is expected to write: `toolkit coverage` lists the empty ones
    to_write: tuple[str, ...] = ()

    def matches(self, rel: PurePosixPath) -> bool:
        pat = _parts(self.pattern)
        return len(pat) == len(rel.parts) and all(
            fnmatch.fnmatchcase(p, q) for p, q in zip(rel.parts, pat, strict=True)
        )


@cache
def _parts(pattern: str) -> tuple[str, ...]:
    return PurePosixPath(pattern).parts


@dataclass
class ContentSet:
    """Everything one game's content folder holds, validated, by kind."""

    game: str
    root: Path
    documents: dict[str, list[Document]] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)  # every file read, as shown to the user
    failed: set[str] = field(default_factory=set)  # files that did not load or validate
    # their kinds (`*`: a file whose kind is unknown, such as `lazar.YAML`): the rules that
    # need every file of one of these kinds wait (see `toolkit.games.Rule.needs`)
    failed_kinds: set[str] = field(default_factory=set)
    # what each content file that changed since an explicit baseline (`toolkit check --since
    # REV`) held there, by the path shown: a message may name the file whose change made the
    # difference. Empty without a baseline: never filled from a cache, whose state a report
    # does not depend on
    baseline: dict[str, Document] = field(default_factory=dict)

    def of(self, kind: str, cls: type[D]) -> list[D]:
        """All documents of one kind, typed."""
        docs = self.documents.get(kind, [])
        assert all(isinstance(d, cls) for d in docs)
        return docs  # type: ignore[return-value]

    def one(self, kind: str, cls: type[D]) -> D | None:
        """The single document of a singleton kind (None when missing or invalid)."""
        docs = self.of(kind, cls)
        return docs[0] if docs else None

    def all(self) -> Iterator[Document]:
        for docs in self.documents.values():
            yield from docs

    @property
    def complete(self) -> bool:
        """True when every file loaded and validated (rule checks need the whole picture)."""
        return not self.failed


# Documents that loaded and validated cleanly, by file and content digest: a long-lived
# process (`toolkit build --watch`) parses and validates only the files that changed.
_VALID: dict[tuple[object, ...], Document] = {}


def load_content(
    game: str,
    game_dir: Path,
    kinds: tuple[ContentKind, ...],
    baseline: Mapping[PurePosixPath, bytes] | None = None,
) -> tuple[ContentSet, list[Diagnostic]]:
    """Load and validate every content file of one game (never raises for bad content).
    `baseline`: what files held at an explicit earlier revision (`toolkit check --since`),
    by path relative to `game_dir`; each one's document, where it validates, is
    `ContentSet.baseline`."""
    content = ContentSet(game=game, root=game_dir)
    diags: list[Diagnostic] = []
    for kind in kinds:
        content.documents[kind.name] = []
    found = find_content(game_dir, kinds)
    diags.extend(found.diagnostics)
    content.failed.update(found.refused)
    if found.refused:
        content.failed_kinds.add("*")
    if found.outside:
        return content, diags  # the game folder itself is refused: nothing more to say
    store = kept_results()  # the documents a process validated before (`toolkit.core.store`)
    kept_before = kept_documents(store.get(game_dir, "content"))
    kept: dict[tuple[object, ...], Document] = {}
    for path, rel, kind in found.files:
        shown = display_path(path)
        content.files.append(shown)
        data = _read(path, shown, diags)
        if data is None:
            content.failed.add(shown)
            content.failed_kinds.add(kind.name)
            continue
        if baseline and baseline.get(rel, data) != data:
            was, _said = _parse(baseline[rel], path, shown, kind)
            if was is not None:
                content.baseline[shown] = was
        # a file that loaded cleanly before with these very bytes is not parsed again
        stamp = (shown, kind.name, kind.model, hashlib.blake2b(data, digest_size=16).digest())
        doc = _VALID.get(stamp) or kept_before.get(stamp)
        if doc is None:
            doc, said = _parse(data, path, shown, kind)
            diags.extend(said)
            if doc is None:
                content.failed.add(shown)
                content.failed_kinds.add(kind.name)
                continue
            if said:  # validated with findings: parsed again each time, to say them
                content.documents[kind.name].append(doc)
                continue
        _VALID[stamp] = kept[stamp] = doc
        content.documents[kind.name].append(doc)
    if kept.keys() != kept_before.keys():
        store.put(game_dir, "content", kept)  # the next cold process reads these, not the YAML
    _one_each(content, kinds, game_dir, diags)
    return content, diags


def _read(path: Path, shown: str, diags: list[Diagnostic]) -> bytes | None:
    """A content file's bytes, or None with why it cannot be read (added to `diags`)."""
    try:
        data = read_limited(path, shown)
    except OSError as exc:
        diags.append(error(Loc(shown), "CONTENT-IO", f"cannot read file: {exc.strerror}"))
        return None
    if isinstance(data, LoadResult):
        diags.extend(data.diagnostics)
        return None
    return data


def _parse(
    data: bytes, path: Path, shown: str, kind: ContentKind
) -> tuple[Document | None, list[Diagnostic]]:
    """One file's bytes parsed (YAML, or a CSV table) and validated as its kind: the
    document (None when it does not parse or validate) and what was found."""
    if path.suffix == ".csv":
        result = load_csv_bytes(data, kind.csv_field or "rows", shown)
    else:
        result = load_bytes(data, shown)
    if result.root is None:
        return None, list(result.diagnostics)
    validator = Validator()
    doc = validator.model(kind.model, result.root)
    return (None if doc is INVALID else doc), validator.diagnostics


def _one_each(
    content: ContentSet, kinds: tuple[ContentKind, ...], game_dir: Path, diags: list[Diagnostic]
) -> None:
    """A singleton kind (one game.yaml) held twice, or missing: said, and the game's rules
    that need it wait."""
    for kind in kinds:
        docs = content.documents[kind.name]
        if kind.singleton and len(docs) > 1:
            first, *rest = docs
            for extra in rest:
                diags.append(
                    error(
                        Loc(extra.loc.path, 1, 1),
                        "CONTENT-DUPLICATE",
                        f"a second {kind.doc}: {first.loc.path} is one already; "
                        "keep one of the two",
                    )
                )
                content.failed.add(extra.loc.path)
                content.failed_kinds.add(kind.name)
            content.documents[kind.name] = [first]
        if (
            kind.singleton
            and len(content.documents[kind.name])
            + sum(1 for f in content.failed if kind.matches(_rel(f, game_dir)))
            == 0
        ):
            diags.append(
                error(
                    Loc(display_path(game_dir / kind.pattern)),
                    "CONTENT-MISSING",
                    f"missing {kind.pattern}: {kind.doc}",
                )
            )
            content.failed.add(display_path(game_dir / kind.pattern))
            content.failed_kinds.add(kind.name)


def _rel(shown: str, game_dir: Path) -> PurePosixPath:
    try:
        return PurePosixPath(Path(shown).resolve().relative_to(game_dir.resolve()).as_posix())
    except ValueError:
        return PurePosixPath(shown)
