"""The bookkeeping of one game's kit while it is built: which outputs are stale, the
manifest made ready (a damaged one adopted, strangers refused, outputs no longer made
pruned, the paths to write claimed), each rendered output written atomically and entered,
and the manifest settled whatever happens."""

from __future__ import annotations

import contextlib
import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.commands.build_types import BuildResult
from toolkit.core.diagnostics import Diagnostic, Report, display_path, project_path, to_record
from toolkit.core.outputs import DRAFT_LIST, BuildOptions, Output
from toolkit.core.progress import Progress
from toolkit.kit.manifest import Manifest, file_digest, remember_digest


@dataclass
class Sorted:
    """A game's outputs by what the build must do with each."""

    stale: list[Output] = field(default_factory=list)  # rendered now
    assembled: list[Output] = field(default_factory=list)  # once their parts are on disk
    later: list[tuple[Output, bool]] = field(default_factory=list)  # (output, up to date)
    fresh: int = 0  # up to date: left as they are


def sort_outputs(
    outputs: list[Output], manifest: Manifest, keys: dict[str, str], game_out: Path, force: bool
) -> Sorted:
    """Which outputs are stale: those whose manifest entry has another key (`kit_keys`), or
    whose file is not as the manifest recorded it; all of them when `force`. An output that
    reads the others' records (`after`: PRINT.md's pages) is decided once they are done."""
    out = Sorted()
    for o in outputs:
        entry = manifest.entries.get(o.path)
        fresh = (
            not force
            and entry is not None
            and entry.get("key") == keys[o.path]
            and entry.get("sha256") == file_digest(game_out / o.path)
        )
        if o.after:
            out.later.append((o, fresh))
        elif fresh:
            out.fresh += 1
        elif o.parts:
            out.assembled.append(o)
        else:
            out.stale.append(o)
    return out


class KitRecord:
    """One game's kit as it is built: `take` writes each rendered output and enters it in
    the manifest; `result` counts what the build did; `refused` lists the outputs that
    found an error (the build is then not kept whole, see `toolkit.speed.kept_builds`)."""

    def __init__(
        self,
        game: str,
        manifest: Manifest,
        options: BuildOptions,
        content_root: Path,
        keys: dict[str, str],
        report: Report,
        outputs: list[Output],
        steps: int,
    ) -> None:
        self.game = game
        self.manifest = manifest
        self.game_out = options.out / game
        self.options = options
        self.content_root = content_root
        self.keys = keys
        self.report = report
        self.by_path = {o.path: o for o in outputs}
        self.result = BuildResult()
        self.refused: list[str] = []
        self.progress = Progress(steps)  # one step an output rendered

    def prepare(self, sorted_: Sorted, every: list[str]) -> None:
        """Make the manifest ready for this build: a damaged one adopts what is on disk of
        `every` output of the game, a file the toolkit did not write is never overwritten,
        outputs no longer made go (with their entry), and the paths to write are claimed."""
        manifest, game_out, options = self.manifest, self.game_out, self.options
        if manifest.damaged:
            self.report.notes.append(
                f"note: {display_path(manifest.path)} was damaged ({manifest.damaged}): what "
                "it did not describe is rebuilt"
            )
            manifest.adopt(game_out, [*every, "index.html"])
        manifest.game = self.game
        writing = [o.path for o in sorted_.stale] + [o.path for o, _fresh in sorted_.later]
        writing += ["index.html"] if options.only is None else []
        manifest.refuse_strangers(game_out, writing)
        if options.only is None or not options.draft:
            # Outputs no longer produced (a deleted content file) go, with their manifest
            # entry; under --only, only a draft's list of errors once a build is no draft
            wanted = (
                set(self.by_path) if options.only is None else set(manifest.entries) - {DRAFT_LIST}
            )
            self.result.removed, kept = manifest.prune(game_out, set(manifest.entries) - wanted)
            self.report.notes += [
                f"note: kept {display_path(k)}, no longer an output: it changed "
                "since the toolkit wrote it"
                for k in kept
            ]
        manifest.claim(game_out, writing)

    def take(self, path: str, data: bytes | None, diags: list[Diagnostic], pages: int) -> None:
        """One output rendered: its findings reported, its file written and entered in the
        manifest (nothing written when it failed: the previous version stays)."""
        self.report.extend(diags)
        if any(self.report.is_failure(d) for d in diags):
            self.refused.append(path)
        self.progress.step(path)
        if data is None:
            self.result.failed += 1
            return
        self.manifest.folder.write_bytes(path, data)
        digest = hashlib.sha256(data).hexdigest()
        remember_digest(self.game_out / path, digest)
        o = self.by_path[path]
        entry = self.manifest.entries[path] = {
            "path": path,
            "kind": o.kind,
            "pages": pages,
            "paper": self.options.paper,
            "proof": self.options.proof,
            "sources": sorted({project_path(src, self.content_root) for src in o.sources}),
            "sha256": digest,
            "bytes": len(data),
            "key": self.keys[path],
        }
        if diags:  # a sheet set smaller to fit: `toolkit check --layout` tells it again
            entry["findings"] = [to_record(d) for d in diags]
        self.manifest.written.pop(path, None)  # its claim (see `Manifest.claim`) is settled
        self.result.built += 1

    def settle(self) -> None:
        """The rendering is over: the progress bar closed, the claims of what was not
        written dropped (see `Manifest.settle`)."""
        self.progress.close()
        self.manifest.settle(self.game_out)

    def abandon(self) -> None:
        """The build was interrupted or the disk failed: whatever was written is recorded;
        if the manifest cannot be written either, the previous one stays whole."""
        self.settle()
        with contextlib.suppress(OSError):
            self.manifest.write(self.game)
