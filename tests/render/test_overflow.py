"""Text that cannot break never runs out of its box (reliability case 47, issue 31).

A word longer than its line (a URL, a run of letters) is broken where the line ends; what
still leaves its box after layout (or a sheet that no longer fits its page) fails the
build with RENDER-OVERFLOW at the content value, and writes no file for that output. Held
for a free-text field of each game: a faction's `notes` (Forty Factions), a treasure
card's `text` (Worldspanner), a scheme card's `text` (God Emperor).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.shipped import DIAG, copy_content, designers, edit, line_of, shown, toolkit
from toolkit.audit.pagegeom import read_pages
from toolkit.audit.textfit import check_page
from toolkit.render.pdf import LONG_RUN, break_long_runs

# 90 characters, and no break opportunity a line breaker would take inside the letters
URL = "https://" + "q" * 76 + ".org/x"
WORD = "z" * 49_000


# game, content file (in the game's folder), text in it to put the long text beside,
# how the long text goes in (its key and quoting), the outputs (--only), a file of them
FIELDS: dict[str, tuple[str, ...]] = {
    "forty-factions": (
        "factions/001-temple-of-zakel.yaml",
        "placeholders:",
        'notes: "See {text} for more."\nplaceholders:',
        "sheets/factions/001-*",
        "sheets/factions/001-temple-of-zakel.pdf",
    ),
    "worldspanner": (
        "treasure/elite.yaml",
        'text: "Discard: renew a hero from the Pit."',
        'text: "Discard: see {text} for more."',
        "cards/elite-faces.pdf",
        "cards/elite-faces.pdf",
    ),
    "god-emperor": (
        "underground.yaml",
        "Choose a region and a House. Kill units from the target House in that region.",
        "Choose {text} region.",
        "cards/schemes*",
        "cards/schemes/008-mass-poisoning.pdf",
    ),
}


def _build_with(
    tmp_path: Path, game: str, text: str, fields: dict[str, tuple[str, ...]] = FIELDS
) -> tuple[object, Path, Path]:
    """Build the outputs that show `text` in the game's free-text field (`fields`); the
    process, the content file edited and the output folder."""
    rel, old, new, only, _ = fields[game]
    content = copy_content(tmp_path)
    source = content / game / rel
    edit(source, old, new.format(text=text))
    if game == "god-emperor":  # a scheme's text retells the rules (L446): this one is ours
        designers(source, "schemes.7.text")
    out = tmp_path / "out"
    proc = toolkit(
        "build",
        "--content",
        str(content),
        "--game",
        game,
        "--only",
        only,
        "--out",
        str(out),
        "-j",
        "1",
    )
    return proc, source, out


def _findings(proc: object) -> list[dict[str, str]]:
    """The findings a build printed (`path:line:col: error[CODE]: ...`)."""
    said = proc.stdout + proc.stderr  # type: ignore[attr-defined]
    return [m.groupdict() for m in map(DIAG.match, said.splitlines()) if m]


@pytest.mark.parametrize("game", sorted(FIELDS))
def test_a_long_url_is_broken_and_stays_inside_its_box(tmp_path: Path, game: str) -> None:
    proc, _, out = _build_with(tmp_path, game, URL)
    assert proc.returncode == 0, proc.stdout + proc.stderr  # type: ignore[attr-defined]
    pdf = out / game / FIELDS[game][4]
    shown = ""
    for n, page in enumerate(read_pages(str(pdf)), 1):
        words = [w for w in page.words if "qqq" in w.text]
        shown += "".join(w.text for w in words)
        # the URL's words, and every other word of the page, inside their boxes and the page
        problems = [p.message for p in check_page(n, page) if "qqq" in p.message]
        assert not problems, problems
    # the URL is on the page whole, broken across lines rather than cut off
    assert shown.replace("\u200b", "").count("q") >= 76


# the longest word each field takes: a faction's notes and a scheme's text have no limit
# of their own (the content's, 50,000 characters), a treasure card's text 240
LONG: dict[str, tuple[str, ...]] = {
    "forty-factions": (
        "factions/001-temple-of-zakel.yaml",
        "placeholders:",
        'notes: "{text}"\nplaceholders:',
        "sheets/factions/001-*",
        "sheets/factions/001-temple-of-zakel.pdf",
    ),
    "worldspanner": (*FIELDS["worldspanner"][:2], 'text: "{text}"', *FIELDS["worldspanner"][3:]),
    "god-emperor": FIELDS["god-emperor"],
}


@pytest.mark.slow
def test_the_longest_word_a_treasure_card_takes_is_broken_and_fits(tmp_path: Path) -> None:
    proc, _, out = _build_with(tmp_path, "worldspanner", "z" * 240, LONG)
    assert proc.returncode == 0, proc.stdout + proc.stderr  # type: ignore[attr-defined]
    (page, *_) = read_pages(str(out / "worldspanner/cards/elite-faces.pdf"))
    assert "".join(w.text for w in page.words).count("z") == 240  # all of it, on the card
    assert not [p.message for p in check_page(1, page) if "zzz" in p.message]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["forty-factions", "god-emperor"])
def test_a_49000_letter_word_is_an_overflow_at_the_field_and_no_file(
    tmp_path: Path, game: str
) -> None:
    proc, source, out = _build_with(tmp_path, game, WORD, LONG)
    assert proc.returncode == 1, proc.stdout + proc.stderr  # type: ignore[attr-defined]
    assert "Traceback" not in proc.stderr  # type: ignore[attr-defined]
    hits = [d for d in _findings(proc) if d["code"] == "RENDER-OVERFLOW"]
    assert hits, proc.stdout  # type: ignore[attr-defined]
    assert all(d["path"] == shown(source) for d in hits), hits
    assert {int(d["line"]) for d in hits} == {line_of(source, "zzzz")}, hits
    assert all(int(d["col"]) > 0 for d in hits), hits
    assert not (out / game / LONG[game][4]).exists()


def test_long_runs_are_cut_only_outside_tags_and_never_inside_a_reference() -> None:
    run = "&amp;" + "x" * (3 * LONG_RUN)
    html = (
        f'<p title="{"t" * 200}">{run} and {"y" * LONG_RUN}</p><style>{"c" * 200}</style>'
        f"<title>{'n' * 200}</title>"
    )
    cut = break_long_runs(html)
    assert f'title="{"t" * 200}"' in cut  # attributes,
    assert "c" * 200 in cut and "n" * 200 in cut  # style and title as they were
    assert "y" * LONG_RUN in cut  # a run that is not too long is left alone
    assert "&amp;" in cut
    assert cut.count("<wbr>") == 3
    chunks = cut.split('<span style="word-break: break-all">')[1].split("</span>")[0]
    assert chunks.replace("<wbr>", "") == run
    assert break_long_runs("<p>a\u0301" * 5) == "<p>a\u0301" * 5
    combining = "<p>" + "e\u0301" * LONG_RUN + "</p>"  # a mark stays with its letter
    assert "<wbr>\u0301" not in break_long_runs(combining)


def test_type_too_large_for_its_words_is_an_error_not_a_collapsed_page() -> None:
    """Words broken at 400 px, 15,000 letters of them: Pango cannot measure the lines they
    would stack to and lays the paragraph out as one line of no width (one page, the text
    drawn over itself); that is refused, as text out of its box is."""
    from toolkit.core.outputs import RenderError
    from toolkit.render.pdf import AssetFetcher, layout
    from toolkit.render.templates import TEMPLATES

    html = (
        '<html><head><link rel="stylesheet" href="common/fonts.css"></head><body>'
        "<p style='font-size: 400px'>" + "word " * 3000 + "</p></body></html>"
    )
    with pytest.raises(RenderError, match="could not be laid out"):
        layout(html, TEMPLATES, AssetFetcher([TEMPLATES]))


def test_a_board_label_too_long_for_its_space_is_an_overflow_at_the_field(
    tmp_path: Path,
) -> None:
    """A location's name of 60 letters with no space to break at (the most a name takes):
    at the smallest size the main board prints it runs out of its space, so the build
    writes no board and says RENDER-OVERFLOW at the name's line in the faction's file."""
    content = copy_content(tmp_path)
    source = content / "forty-factions" / "factions" / "001-temple-of-zakel.yaml"
    text = source.read_text()
    name = "Hightempleoftheeverlastingradianceofzakeltheundyingsplendour"
    assert len(name) == 60 and "{name: High Temple of ZAKEL," in text
    source.write_text(text.replace("{name: High Temple of ZAKEL,", f"{{name: {name},"))
    out = tmp_path / "out"
    proc = toolkit(
        "build",
        "--content",
        str(content),
        "--game",
        "forty-factions",
        "--only",
        "boards/*",
        "--out",
        str(out),
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    hits = [d for d in _findings(proc) if d["code"] == "RENDER-OVERFLOW"]
    assert [(d["path"], int(d["line"])) for d in hits] == [
        (shown(source), line_of(source, name))
    ], proc.stdout
    (line,) = [ln for ln in proc.stdout.splitlines() if "RENDER-OVERFLOW" in ln]
    assert name in line and "shorten it" in line, line
    assert not (out / "forty-factions" / "boards" / "main.svg").exists()
