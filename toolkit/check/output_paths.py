"""Kit stage, before anything is rendered: where the outputs of a kit go, and whether they
may go there.

- One output a path, in every game: two outputs at one path (two content files that
  make the same file, such as two challenge decks of one team) would silently lose one;
  it is a content error naming both files. `toolkit check` finds it too: the packs list
  their outputs' paths without rendering (`BuildOptions.paths_only`).
- Names a file system can hold: an output (and the gallery's picture of it) must fit
  the 255-byte limit of a file name; a content file whose name makes a longer one is a
  content error.
- `--only` must select something: a pattern that matches nothing is a usage error with
  "did you mean".
- The output folder must be a folder of its own: not `/` or the home folder, and neither
  the content or templates folder, nor inside or around either.
"""

from __future__ import annotations

import difflib
import os
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from toolkit.core.assets import inside
from toolkit.core.diagnostics import Diagnostic, Loc, display_path, error
from toolkit.core.errors import ToolkitError

if TYPE_CHECKING:
    from toolkit.core.outputs import Output

# A file name holds at most 255 bytes; the gallery names an output's picture
# `<output stem>.<16 hex>.png`, 21 bytes more than the stem.
MAX_NAME_BYTES = 255 - len(".0123456789abcdef.png") + len(".pdf")


def path_findings(outputs: Iterable[Output]) -> list[Diagnostic]:
    """Clashes (two outputs at one path) and over-long names, as content errors."""
    by_path: dict[str, list[Output]] = defaultdict(list)
    for o in outputs:
        by_path[o.path].append(o)
    clashes: dict[tuple[str, str], list[str]] = defaultdict(list)
    long: dict[str, list[str]] = defaultdict(list)  # by source: its outputs' too long names
    findings = []
    for path, same in sorted(by_path.items()):
        for other in same[1:]:
            clashes[_apart(same[0], other)].append(path)
        size = len(PurePosixPath(path).name.encode("utf-8"))
        if size > MAX_NAME_BYTES:
            long[_source(same[0])].append(f"{path}, a name of {size} bytes")
    for source, made in long.items():  # one finding a file, however many outputs it names
        findings.append(
            error(
                Loc(source, 1, 1),
                "CONTENT-OUTPUT-NAME",
                f"makes {'; '.join(made)}: more than the {MAX_NAME_BYTES} a kit's file name may "
                "have (file systems hold 255, and the gallery adds to it); shorten this file's "
                "name",
            )
        )
    for (first, second), paths in clashes.items():
        both = f"{first} and this file" if first != second else "two outputs of this file"
        findings.append(
            error(
                Loc(second, 1, 1),
                "CONTENT-OUTPUT-CLASH",
                f"{both} make the same output ({', '.join(paths)}): one would overwrite the "
                "other and be lost; change what names it (a team, a number, a file name) so each "
                "output has one source",
            )
        )
    return findings


def _source(o: Output) -> str:
    """The content file an output is made from (its first source)."""
    return o.sources[0] if o.sources else o.path


def _apart(a: Output, b: Output) -> tuple[str, str]:
    """The files that tell two outputs apart: the first source of each that the other does
    not have (their first sources when they have the same), in order."""
    x = next((s for s in a.sources if s not in b.sources), _source(a))
    y = next((s for s in b.sources if s not in a.sources), _source(b))
    return (x, y) if x <= y else (y, x)


def unmatched_only(only: str, outputs: Iterable[Output]) -> ToolkitError:
    """The usage error for an `--only` that selects none of `outputs`, with the nearest
    kinds, groups, paths or folder patterns."""
    words: set[str] = set()
    for o in outputs:
        words |= {o.kind, o.path, f"{PurePosixPath(o.path).parent}/*"}
        if o.group:
            words.add(o.group)
    near = difflib.get_close_matches(only, sorted(words), n=3, cutoff=0.6)
    hint = (
        f"; did you mean {' or '.join(repr(n) for n in near)}?"
        if near
        else (
            "; it takes an output kind (sheet, deck, card-faces, board, ...) or a path pattern "
            "such as 'sheets/*'"
        )
    )
    return ToolkitError(f"--only {only!r} matches no output{hint}")


def unknown_expansions(chosen: Iterable[str], known: dict[str, list[str]]) -> ToolkitError | None:
    """The usage error for `--expansions` codes no game being built has (`known`: each
    game's codes), with "did you mean"."""
    codes = sorted({c for cs in known.values() for c in cs})
    wrong = sorted(set(chosen) - set(codes) - {"base"})
    if not wrong:
        return None
    if not codes:
        return ToolkitError(
            f"--expansions {','.join(sorted(chosen))}: "
            f"{' and '.join(known) or 'the game'} has no expansions"
        )
    parts = []
    for code in wrong:
        near = [c for c in codes if c.lower() == code.lower()] or difflib.get_close_matches(
            code, codes, n=1, cutoff=0.5
        )
        parts.append(f"'{code}'" + (f" (did you mean '{near[0]}'?)" if near else ""))
    return ToolkitError(
        f"--expansions: unknown expansion {', '.join(parts)}; the expansions are {', '.join(codes)}"
    )


def check_out_folder(out: Path, content_dir: Path, templates: Path) -> None:
    """Refuse an output folder that is `/` or the home folder, or that is, contains or
    lies inside the content or templates folder (a build there would write among, or
    prune, the user's own files)."""
    real = os.path.realpath(out)
    named = f"--out {display_path(out)}"
    if real == os.path.realpath("/"):
        raise ToolkitError(
            f"{named} is the root folder; give the kit a folder of its own, e.g. --out build"
        )
    if real == os.path.realpath(Path.home()):
        raise ToolkitError(
            f"{named} is your home folder; give the kit a folder of its own, e.g. --out build"
        )
    for what, folder in (("content", content_dir), ("templates", templates)):
        other = os.path.realpath(folder)
        if inside(real, other) or inside(other, real):
            how = "is" if real == other else "lies inside" if inside(real, other) else "contains"
            beside = Path(os.path.realpath(content_dir)).parent / "kit"
            raise ToolkitError(
                f"{named} {how} the {what} folder ({display_path(folder)}); "
                f"give the kit a folder of its own, e.g. --out {display_path(beside)}"
            )
