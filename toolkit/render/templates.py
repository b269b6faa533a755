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
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.core.marks import globals_
from toolkit.core.resources import TEMPLATES
from toolkit.core.store import kept as store
from toolkit.load.icons import html

if TYPE_CHECKING:
    from toolkit.render.jinja_env import Environment


class TemplateProblem(Exception):
    """A template failed to render; the message names the template and line."""


def environment(templates: Path | Sequence[Path] = TEMPLATES) -> Environment:
    """The one Jinja environment: autoescape always on, StrictUndefined. `templates`: the
    folder, or the folders in the order they are searched (a project's own `templates/`
    first: `toolkit.core.overrides`); the packaged ones are also `builtin/<path>`, so an
    override can extend the file it replaces."""
    # jinja2: 15 ms to import, only where a template renders (`toolkit check` lists the
    # outputs without rendering them)
    from toolkit.render.jinja_env import Kept, make

    # templates compiled once per change, not once per process (a tenth of a second of a
    # one-sheet rebuild): kept in the store's private folder (`toolkit.core.store`: the
    # user's cache, never the project), and in this process's memory for the next
    # environment (a build makes several)
    kept = store()
    roots = [templates] if isinstance(templates, Path) else list(templates)
    env = make(roots, TEMPLATES, Kept(_COMPILED, kept.folder("templates"), kept.failed))
    # `:name:` icons in content text; a session names its game's icons (`Session.env`)
    env.filters["icons"] = partial(html, game_dir=None)
    env.globals.update(globals_())  # a placeholder's mark and legend, the same everywhere
    return env


# compiled templates by Jinja's bucket key (template name and file), as marshalled code
_COMPILED: dict[str, bytes] = {}


def render(env: Environment, name: str, **context: Any) -> str:
    """Render a template; errors become TemplateProblem naming the template line."""
    try:
        return env.get_template(name).render(**context)
    except env.template_errors as exc:
        raise TemplateProblem(env.where(exc, name)) from None


_BETWEEN_TAGS = re.compile(r">\n\s*<")


def compact(html: str) -> str:
    """The HTML without the line breaks and indents between two tags. WeasyPrint makes a
    box for every such run of white space, and they were a tenth of a sheet's layout. A
    template keeps a space between two inline elements by writing it on one line."""
    return _BETWEEN_TAGS.sub("><", html)
