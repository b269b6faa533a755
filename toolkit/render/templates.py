"""Render stage, text side: Jinja templates -> HTML and SVG strings.

Templates live in the package's `templates/<game>/` and `templates/common/`
(`toolkit.core.resources`), each replaceable by a project's own (`toolkit.core.overrides`).
Every template is autoescaped (whatever its extension: `.html.j2` included) and undefined
names are errors (`StrictUndefined`), so a template typo never prints an empty field and no
content text can become markup or template code.
Content is only ever passed as data, never compiled as a template.
"""

from __future__ import annotations

import re
import types
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.core.marks import globals_
from toolkit.core.resources import TEMPLATES
from toolkit.core.store import kept as store
from toolkit.load.icons import html

if TYPE_CHECKING:
    import jinja2


class TemplateProblem(Exception):
    """A template failed to render; the message names the template and line."""


def environment(templates: Path | Sequence[Path] = TEMPLATES) -> jinja2.Environment:
    """The one Jinja environment: autoescape always on, StrictUndefined. `templates`: the
    folder, or the folders in the order they are searched (a project's own `templates/`
    first: `toolkit.core.overrides`); the packaged ones are also `builtin/<path>`, so an
    override can extend the file it replaces. (Jinja is imported here, not with the module:
    `toolkit check` lists the outputs without rendering them.)"""
    # Jinja takes 0.1 s to import: only where a template renders, never on `toolkit check`
    import jinja2

    # templates compiled once per change, not once per process (a tenth of a second of a
    # one-sheet rebuild): kept in the store's private folder (`toolkit.core.store`: the
    # user's cache, never the project), and in this process's memory for the next
    # environment (a build makes several)
    kept = store().folder("templates")
    roots = [templates] if isinstance(templates, Path) else list(templates)
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [
                jinja2.FileSystemLoader([str(t) for t in roots]),
                jinja2.PrefixLoader({"builtin": jinja2.FileSystemLoader(str(TEMPLATES))}),
            ]
        ),
        bytecode_cache=_bytecode_cache(jinja2.FileSystemBytecodeCache(str(kept)) if kept else None),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )

    # `:name:` icons in content text; a session names its game's icons (`Session.env`)
    env.filters["icons"] = partial(html, game_dir=None)
    env.globals.update(globals_())  # a placeholder's mark and legend, the same everywhere
    return env


# compiled templates by Jinja's bucket key (template name and file), as marshalled code
_COMPILED: dict[str, bytes] = {}


def _bytecode_cache(disk: jinja2.BytecodeCache | None) -> jinja2.BytecodeCache:
    """Jinja's cache of compiled templates: this process's memory first, then `disk` (the
    user's cache folder, when it is on). A template whose source changed is compiled again:
    Jinja checks each bucket's checksum of the source. The disk only saves time: an entry
    that cannot be read or is not compiled code is compiled again, and a write that fails
    (a full disk) is said once a run (`Store.failed`), Jinja's temporary file taken away."""

    # Jinja takes 0.1 s to import: only where a template renders, never on `toolkit check`
    import jinja2

    unwritable = store().failed

    class Kept(jinja2.BytecodeCache):
        folder = disk  # the user's cache, or None

        def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            code = _COMPILED.get(bucket.key)
            if code is not None:
                bucket.bytecode_from_string(code)
            if bucket.code is None and disk is not None:
                try:
                    disk.load_bytecode(bucket)
                except Exception:  # damaged (Jinja reads its checksum as a pickle)
                    bucket.reset()
                if not isinstance(bucket.code, types.CodeType):
                    bucket.reset()  # a well-formed entry holding something else
                if bucket.code is not None:
                    _COMPILED[bucket.key] = bucket.bytecode_to_string()

        def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            _COMPILED[bucket.key] = bucket.bytecode_to_string()
            if disk is not None:
                try:
                    disk.dump_bytecode(bucket)  # (Jinja removes its temporary file)
                except OSError as exc:
                    unwritable(exc)

    return Kept()


def render(env: jinja2.Environment, name: str, **context: Any) -> str:
    """Render a template; errors become TemplateProblem naming the template line."""
    # Jinja takes 0.1 s to import: only where a template renders, never on `toolkit check`
    import jinja2

    try:
        return env.get_template(name).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateProblem(f"{exc.filename or name}:{exc.lineno}: {exc.message}") from None
    except jinja2.UndefinedError as exc:
        raise TemplateProblem(f"{name}:{_template_line(exc, name)}: {exc.message}") from None


_BETWEEN_TAGS = re.compile(r">\n\s*<")


def compact(html: str) -> str:
    """The HTML without the line breaks and indents between two tags. WeasyPrint makes a
    box for every such run of white space, and they were a tenth of a sheet's layout. A
    template keeps a space between two inline elements by writing it on one line."""
    return _BETWEEN_TAGS.sub("><", html)


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
