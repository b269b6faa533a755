"""What each output is made from, as one digest (its key), and which outputs on disk are up
to date: the build renders an output only when its key differs from its manifest entry's.
No file is written here."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from functools import partial
from pathlib import Path

from toolkit.core.outputs import BuildOptions, Output
from toolkit.core.overrides import overrides_digest
from toolkit.core.resources import PACKAGE
from toolkit.kit.manifest import Manifest


def fingerprint(content_dir: Path | None = None) -> str:
    """A digest of the renderer itself (the package: its code and the templates, fonts and
    profiles shipped in it) and of the project's template overrides beside `content_dir`
    (`toolkit.core.overrides`): when it changes, every output is stale."""
    h = hashlib.sha256(overrides_digest(content_dir).encode())
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            h.update(path.relative_to(PACKAGE).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def output_key(
    output: Output, options: BuildOptions, code: str, memo: dict[int, str] | None = None
) -> str:
    """A digest of everything an output is made from: the data handed to its renderer (the
    sheet as it will print, not just its file, so a renamed enemy re-renders its
    neighbours), the options that change it, and the renderer's own fingerprint. `memo`,
    shared by the keys of one build, holds the text of each object already written out (a
    sheet's view appears in its sheet's and its deck's data)."""
    render = output.render
    memo = {} if memo is None else memo
    what = (render.args, render.keywords) if isinstance(render, partial) else render
    data = _repr(what, memo)
    opts = (
        options.paper,
        options.proof,
        options.final,
        sorted(options.expansions or ()),
        options.back_offset,
        options.preset,
        options.backs,
        options.bleed,
        options.export,
        options.tts_url,
    )
    return hashlib.sha256(f"{code}|{opts}|{output.path}|{data}".encode()).hexdigest()


def kit_keys(outputs: Iterable[Output], options: BuildOptions, code: str) -> dict[str, str]:
    """Each output's key by path (`output_key`); an output assembled from others (a deck)
    also digests its parts' keys, so it is stale whenever one of them is, though its own
    renderer is handed only their paths."""
    memo: dict[int, str] = {}
    outputs = list(outputs)
    keys = {o.path: output_key(o, options, code, memo) for o in outputs}
    for o in outputs:
        if o.parts:
            keys[o.path] = hashlib.sha256(
                "|".join([keys[o.path], *(keys.get(p, "") for p in o.parts)]).encode()
            ).hexdigest()
    return keys


def _repr(value: object, memo: dict[int, str]) -> str:
    """`repr(value)`, with the repr of each object inside tuples computed once per memo
    (the memo's owner keeps the objects alive, so their ids stay theirs)."""
    if type(value) is tuple:
        inner = ", ".join([_repr(v, memo) for v in value])
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    text = memo.get(id(value))
    if text is None:
        text = memo[id(value)] = repr(value)
    return text


def current(manifest: Manifest, keys: dict[str, str]) -> dict[str, str]:
    """The digest of each output that is on disk as this build means it (written now, or
    found up to date), by path."""
    return {
        path: entry["sha256"]
        for path, entry in manifest.entries.items()
        if keys.get(path) is not None and entry.get("key") == keys[path]
    }
