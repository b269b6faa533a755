"""Templates: content is data, never markup or template code; template typos are errors."""

from __future__ import annotations

import subprocess
from pathlib import Path

import jinja2
import pytest

from tests.support.shipped import CONTENT
from toolkit.commands import api
from toolkit.core.outputs import BuildOptions
from toolkit.games.forty_factions import views
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.outputs.sheets import SheetJob, render_sheet
from toolkit.render.session import Session
from toolkit.render.templates import TemplateProblem, environment, render


def _sheet(name: str) -> views.Sheet:
    _, loaded = api.check_games(CONTENT, "forty-factions", False)
    ix = Index.build(loaded[0][1])
    s = views.faction_sheet(ix, ix.factions[18])
    return views.Sheet(**{**s.__dict__, "name": name})


def test_content_text_is_escaped_and_never_run_as_a_template(tmp_path: Path) -> None:
    evil = '{{ 7*7 }} {% for x in y %} <script>alert(1)</script></p><link rel="attachment" href="file:///etc/passwd">'
    sheet = _sheet(evil)
    html = render(
        environment(),
        "forty-factions/sheets.html.j2",
        sheets=[sheet],
        title="t",
        paper="a4",
        page_size="A4",
        proof=False,
        final=False,
        scale=1.0,
    )
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert '<link rel="attachment"' not in html
    assert "{{ 7*7 }}" in html and "49" not in html
    session = Session(options=BuildOptions(), content_root=CONTENT / "forty-factions")
    pdf = render_sheet(SheetJob(sheet, "x.yaml", ()), session)
    path = tmp_path / "s.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout
    assert "{{ 7*7 }}" in text
    assert b"/EmbeddedFiles" not in pdf and b"/FileAttachment" not in pdf


def test_html_j2_templates_are_autoescaped() -> None:
    env = environment()
    assert env.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"
    assert env.autoescape is True  # whatever the extension, .html.j2 included


def test_undefined_field_is_an_error_naming_template_and_line(tmp_path: Path) -> None:
    (tmp_path / "card.html.j2").write_text("<p>\n{{ card.name }}\n{{ card.cots }}\n</p>\n")
    env = environment(tmp_path)
    with pytest.raises(TemplateProblem, match=r"card.html.j2:3: .*cots"):
        render(env, "card.html.j2", card={"name": "x"})
    assert isinstance(env.undefined, type) and issubclass(env.undefined, jinja2.StrictUndefined)
