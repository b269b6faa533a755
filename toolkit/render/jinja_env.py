"""Render stage, text side: Jinja itself, for `toolkit.render.templates`.

Jinja takes about 15 ms to import: `toolkit.render.templates.environment` imports this
module when an environment is made, so `toolkit check`, which lists a kit's outputs
without rendering them, never does. What the templates module needs of Jinja afterwards
(which errors name a template line) it asks the environment.
"""

from __future__ import annotations

import types
from collections.abc import Callable, MutableMapping, Sequence
from pathlib import Path

import jinja2


class Environment(jinja2.Environment):
    """The kit's Jinja environment, which can say where a template went wrong."""

    # a template's own mistakes: a syntax error, a name it uses that is not defined
    template_errors = (jinja2.TemplateSyntaxError, jinja2.UndefinedError)

    def where(self, exc: jinja2.TemplateError, name: str) -> str:
        """`file:line: message` for one of `template_errors` raised rendering `name`."""
        if isinstance(exc, jinja2.TemplateSyntaxError):
            return f"{exc.filename or name}:{exc.lineno}: {exc.message}"
        return f"{name}:{_template_line(exc, name)}: {exc.message}"


def make(roots: Sequence[Path], builtin: Path, bytecode: jinja2.BytecodeCache) -> Environment:
    """An environment searching `roots` in order, the packaged templates (`builtin`) also
    as `builtin/<path>`; autoescape always on, undefined names errors."""
    return Environment(
        loader=jinja2.ChoiceLoader(
            [
                jinja2.FileSystemLoader([str(t) for t in roots]),
                jinja2.PrefixLoader({"builtin": jinja2.FileSystemLoader(str(builtin))}),
            ]
        ),
        bytecode_cache=bytecode,
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


class Kept(jinja2.BytecodeCache):
    """Jinja's cache of compiled templates: `memory` (this process's, by bucket key) first,
    then the folder `disk` (the user's cache, when it is on). A template whose source
    changed is compiled again: Jinja checks each bucket's checksum of the source. The disk
    only saves time: an entry that cannot be read or is not compiled code is compiled
    again, and a write that fails (a full disk) goes to `unwritable`, Jinja's temporary
    file taken away."""

    def __init__(
        self,
        memory: MutableMapping[str, bytes],
        disk: Path | None,
        unwritable: Callable[[OSError], None],
    ) -> None:
        self.memory = memory
        # the disk's cache (None: off), which Jinja reads and writes
        self.folder = jinja2.FileSystemBytecodeCache(str(disk)) if disk else None
        self.unwritable = unwritable

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self.memory.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)
        if bucket.code is None and self.folder is not None:
            try:
                self.folder.load_bytecode(bucket)
            except Exception:  # damaged (Jinja reads its checksum as a pickle)
                bucket.reset()
            if not isinstance(bucket.code, types.CodeType):
                bucket.reset()  # a well-formed entry holding something else
            if bucket.code is not None:
                self.memory[bucket.key] = bucket.bytecode_to_string()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.memory[bucket.key] = bucket.bytecode_to_string()
        if self.folder is not None:
            try:
                self.folder.dump_bytecode(bucket)  # (Jinja removes its temporary file)
            except OSError as exc:
                self.unwritable(exc)


def _template_line(exc: BaseException, name: str) -> int:
    """The template line an exception was raised at (Jinja keeps it in the traceback)."""
    tb = exc.__traceback__
    line = 0
    while tb is not None:
        frame = tb.tb_frame
        if frame.f_code.co_filename.endswith(name):
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
