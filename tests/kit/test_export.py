"""Print-shop exports (`--export PROFILE`) and the card bleed (`--bleed MM`): each file is
checked against its shop's profile as the shop would check it (pixel size, resolution,
colour mode, bleed; PDF boxes, page order, output intent)."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from tests.support.shipped import CONTENT, toolkit
from toolkit.core.errors import ToolkitError
from toolkit.core.outputs import BuildOptions
from toolkit.games.forty_factions import KINDS, views
from toolkit.games.forty_factions.index import Index
from toolkit.games.forty_factions.outputs.cards import CARD
from toolkit.kit.export import export_outputs
from toolkit.kit.shops import _profile, profile, profiles
from toolkit.model.content import load_content
from toolkit.render.cards import render_faces
from toolkit.render.session import Session

PT = 72 / 25.4


@pytest.fixture(scope="module")
def ff() -> tuple[Index, Session]:
    content, diags = load_content("forty-factions", CONTENT / "forty-factions", KINDS)
    assert not diags
    ix = Index.build(content)
    assert ix is not None
    return ix, Session(options=BuildOptions(), content_root=CONTENT / "forty-factions")


def _pairs(ix: Index) -> tuple[tuple[object, object], ...]:
    cards = [views.card(ix, d) for d in ix.faction_list[:3]]
    back = views.back(ix, "faction", None)
    return tuple((back, c) for c in cards)


@pytest.mark.parametrize("pid", ["tgc-tarot", "mpc-tarot"])
def test_png_export_is_the_shops_pixel_size_dpi_and_colour_mode(ff, pid: str) -> None:
    ix, session = ff
    p = profile(pid)
    outputs = export_outputs(p, "factions", CARD, _pairs(ix), ("src",))
    paths = [o.path for o in outputs]
    # three faces named by place and card name, one back for the deck (all share it)
    assert len(paths) == 4 and len(set(paths)) == 4
    assert all(x.startswith(f"export/{pid}/factions/") and x.endswith(".png") for x in paths)
    assert paths[-1] == f"export/{pid}/" + p.single_back.format(deck="factions")
    for o in outputs:
        img = Image.open(io.BytesIO(o.render(session)))
        assert img.format == "PNG" and img.mode == "RGB"
        assert img.size == p.pixels
        assert [round(d) for d in img.info["dpi"]] == [p.dpi, p.dpi]
        # the bleed is part of the design: the card's paper tint reaches the image's edge
        # (a white margin there would show as a sliver after the cut)
        corner = img.getpixel((1, 1))
        assert corner != (255, 255, 255), (o.path, corner)
        if o.path.endswith("back.png"):
            continue
        # ... and a face keeps its text in the safe area: the band between the bottom edge
        # and the safe line carries only the frame, never a mass of type
        _left, _top, _right, bottom = p.safe_box_px()
        band = img.crop((0, bottom, img.width, img.height)).convert("L")
        dark = sum(band.histogram()[:100]) / (band.width * band.height)
        assert dark < 0.2, (o.path, dark)


def test_pdf_export_is_trim_with_bleed_face_first_in_cmyk(ff) -> None:
    ix, session = ff
    p = profile("dtc-tarot")
    pairs = _pairs(ix)
    (out,) = export_outputs(p, "factions", CARD, pairs, ("src",))
    assert out.path == "export/dtc-tarot/factions.pdf"
    data = out.render(session)
    pdf = pikepdf.open(io.BytesIO(data))
    assert len(pdf.pages) == 2 * len(pairs)
    w, h = p.trim
    for page in pdf.pages:
        trim = [float(v) for v in page.TrimBox]
        media = [float(v) for v in page.MediaBox]
        assert trim[2] - trim[0] == pytest.approx(w * PT, abs=0.6)
        assert trim[3] - trim[1] == pytest.approx(h * PT, abs=0.6)
        assert media[2] - media[0] == pytest.approx((w + 2 * p.bleed) * PT, abs=0.6)
    assert "/OutputIntents" in pdf.Root  # PDF/X-4 names its CMYK output condition
    first, second = pdf_text_pages(data, 2)
    assert pairs[0][1].name.upper() in first.upper()  # the face comes first
    assert "FACTIONS" in second.upper() and pairs[0][1].name.upper() not in second.upper()


def pdf_text_pages(data: bytes, n: int) -> list[str]:
    import subprocess
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".pdf") as f:
        f.write(data)
        f.flush()
        return [
            subprocess.run(
                ["pdftotext", "-f", str(i), "-l", str(i), f.name, "-"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            for i in range(1, n + 1)
        ]


def test_a_card_of_another_size_is_not_exported(ff) -> None:
    ix, _ = ff
    assert export_outputs(profile("tgc-poker"), "factions", CARD, _pairs(ix), ("s",)) == []


def test_every_shipped_profile_loads_and_agrees_with_its_own_pixel_size() -> None:
    known = profiles()
    assert {"tgc-poker", "tgc-tarot", "mpc-tarot", "dtc-poker"} <= set(known)
    raw = {
        "shop": "S",
        "product": "P",
        "source": "u",
        "unit": "in",
        "trim": [2.5, 3.5],
        "bleed": 0.125,
        "safe": 0.125,
        "dpi": 300,
        "pixels": [825, 1124],
        "format": "png",
        "colour": "RGB",
        "face": "{deck}/{n}.png",
        "back": "{deck}/b{n}.png",
        "single_back": "{deck}/back.png",
    }
    with pytest.raises(ToolkitError, match=r"pixels \[825, 1124\] disagree"):
        _profile("typo", raw)
    assert _profile("ok", {**raw, "pixels": [825, 1125]}).pixels == (825, 1125)
    with pytest.raises(ToolkitError, match="format 'png' with colour 'CMYK'"):
        _profile("cmyk-png", {**raw, "pixels": [825, 1125], "colour": "CMYK"})
    with pytest.raises(ToolkitError, match="may use only"):
        _profile("path", {**raw, "pixels": [825, 1125], "face": "{deck}/{secret}.png"})


def test_bleed_option_changes_every_card_files_bleed(ff) -> None:
    ix, _ = ff
    cards = tuple(views.card(ix, d) for d in ix.faction_list[:1])
    for bleed in (None, 5.0, 0.0):
        session = Session(options=BuildOptions(bleed=bleed), content_root=CONTENT)
        pdf = pikepdf.open(io.BytesIO(render_faces(CARD, cards, session)))
        media = [float(v) for v in pdf.pages[0].MediaBox]
        trim = [float(v) for v in pdf.pages[0].TrimBox]
        assert trim[2] - trim[0] == pytest.approx(CARD.width * PT, abs=0.6)
        want = CARD.width + 2 * (3.0 if bleed is None else bleed)
        assert media[2] - media[0] == pytest.approx(want * PT, abs=0.6)


def test_unknown_profile_is_a_usage_error_with_did_you_mean(tmp_path: Path) -> None:
    proc = toolkit(
        "build", "--game", "god-emperor", "--export", "tgc-pokr", "--out", str(tmp_path / "b")
    )
    assert proc.returncode == 2
    assert "did you mean 'tgc-poker'" in proc.stderr
    assert not (tmp_path / "b").exists()


def test_a_profile_no_deck_fits_is_a_usage_error(tmp_path: Path) -> None:
    proc = toolkit(
        "build", "--game", "god-emperor", "--export", "tgc-tarot", "--out", str(tmp_path / "b")
    )
    assert proc.returncode == 2
    assert "no deck of god-emperor is that size" in proc.stderr


@pytest.mark.slow
def test_export_through_the_cli_writes_every_card_of_every_deck(tmp_path: Path) -> None:
    proc = toolkit(
        "build",
        "--game",
        "god-emperor",
        "--export",
        "dtc-poker",
        "--only",
        "export/*",
        "--out",
        str(tmp_path / "b"),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    files = sorted((tmp_path / "b/god-emperor/export/dtc-poker").glob("*.pdf"))
    assert [f.name for f in files] == ["favors.pdf", "minions.pdf", "schemes.pdf"]
    # the same deck's card files hold as many cards: its faces PDF has one page a card
    faces = toolkit(
        "build",
        "--game",
        "god-emperor",
        "--only",
        "cards/favors-faces.pdf",
        "--out",
        str(tmp_path / "b"),
    )
    assert faces.returncode == 0, faces.stderr
    n = len(pikepdf.open(tmp_path / "b/god-emperor/cards/favors-faces.pdf").pages)
    assert len(pikepdf.open(files[0]).pages) == 2 * n


def test_a_forty_factions_export_has_one_back_a_deck_unless_backs_name_expansions() -> None:
    from toolkit.games.forty_factions.outputs import outputs

    content, diags = load_content("forty-factions", CONTENT / "forty-factions", KINDS)
    assert not diags
    for backs, want in (("uniform", 2), ("expansion", 180)):
        listed = outputs(content, BuildOptions(export="tgc-tarot", backs=backs))
        paths = [o.path for o in listed if o.kind == "export"]
        assert sum(1 for p in paths if "back" in p) == want, backs
        assert sum(1 for p in paths if "back" not in p) == 180  # 114 factions, 66 plots
    # the back is the deck's back, as cards/backs.pdf prints it, not the card's face again
    (back,) = [
        o for o in listed if o.path == "export/tgc-tarot/factions/001-temple-of-zakel-back.png"
    ]
    job = back.render.args[0]
    assert all(b.number == 0 and b.name == "" for b, _ in job.pairs)
