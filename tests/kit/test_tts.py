"""Tabletop Simulator saved objects (`tts/<deck>.json`): their structure against a sample
of the format as TTS writes it, and their references to the deck sheets.

`fixtures/tts/saved-deck-sample.json` is a two-card custom deck in TTS's save-file format
(kb.tabletopsimulator.com/custom-content/save-file-format/; the objects' fields as TTS
saves them, e.g. in ZONT3/tts-deck-generator's templates and w1nterl0ng/swd-converter's
saved cards), the URLs replaced by example.invalid."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from tests.support.shipped import CONTENT, copy_content, seeded, toolkit
from toolkit.games.forty_factions import KINDS, views
from toolkit.games.forty_factions.index import Index
from toolkit.kit.tts import Sheet, saved_object
from toolkit.model.content import load_content

SAMPLE = json.loads((Path(__file__).parents[1] / "fixtures/tts/saved-deck-sample.json").read_text())


def _same_shape(ours: dict, sample: dict, where: str) -> None:
    """Every field of the sample is in ours, of the same JSON type."""
    for key, value in sample.items():
        assert key in ours, f"{where}: {key} missing"
        kind = (int, float) if isinstance(value, float) else type(value)
        assert isinstance(ours[key], kind), f"{where}.{key}: {type(ours[key]).__name__}"


def check_saved_deck(save: dict, folder: Path | None = None) -> dict:
    """The structure of a saved deck against the sample, and its references: what TTS
    needs to load it. Returns the deck object."""
    _same_shape(save, SAMPLE, "save")
    (deck,) = save["ObjectStates"]
    sample_deck = SAMPLE["ObjectStates"][0]
    _same_shape(deck, sample_deck, "deck")
    assert deck["Name"] == "DeckCustom"
    cards = deck["ContainedObjects"]
    assert deck["DeckIDs"] == [c["CardID"] for c in cards]
    for key, entry in deck["CustomDeck"].items():
        _same_shape(entry, next(iter(sample_deck["CustomDeck"].values())), f"CustomDeck {key}")
        assert key.isdigit() and int(key) > 0
        if folder is not None:  # each sheet and back a PNG beside the JSON
            faces = Image.open(folder / entry["FaceURL"])
            back = Image.open(folder / entry["BackURL"])
            assert faces.width % entry["NumWidth"] == 0 and faces.height % entry["NumHeight"] == 0
            assert back.size == (
                faces.width // entry["NumWidth"],
                faces.height // entry["NumHeight"],
            )
            assert max(faces.size) <= 4096  # TTS's largest deck sheet
    guids = set()
    for card in cards:
        _same_shape(card, sample_deck["ContainedObjects"][0], "card")
        sheet, cell = divmod(card["CardID"], 100)
        entry = deck["CustomDeck"][str(sheet)]
        assert card["CustomDeck"] == {str(sheet): entry}
        assert cell < entry["NumWidth"] * entry["NumHeight"] - 1  # the last cell is the back
        guids.add(card["GUID"])
    assert len(guids) == len(cards)
    return deck


def test_the_sample_passes_the_check_itself() -> None:
    check_saved_deck(SAMPLE)


def test_a_deck_over_several_sheets_numbers_its_cards_by_sheet_and_cell() -> None:
    sheets = [
        Sheet("d-1.png", "d-1-back.png", tuple((f"c{i}", "") for i in range(69))),
        Sheet("d-2.png", "d-2-back.png", (("last", "x"),)),
    ]
    save = saved_object("Deck", sheets, 10, 7, "https://example.org/kit/tts/")
    deck = check_saved_deck(save)
    assert deck["DeckIDs"][:2] == [100, 101] and deck["DeckIDs"][-1] == 200
    assert deck["CustomDeck"]["2"]["FaceURL"] == "https://example.org/kit/tts/d-2.png"
    assert deck["ContainedObjects"][-1]["Nickname"] == "last"
    with pytest.raises(ValueError):  # the 70th cell is the back's
        saved_object("Deck", [Sheet("a", "b", (("c", ""),) * 70)], 10, 7)


def test_a_deck_of_one_card_is_a_card() -> None:
    save = saved_object("One", [Sheet("a.png", "b.png", (("Solo", ""),))], 10, 7)
    (obj,) = save["ObjectStates"]
    assert obj["Name"] == "Card" and obj["CardID"] == 100 and obj["Nickname"] == "Solo"


@pytest.mark.slow
def test_the_kits_saved_deck_loads_every_card_by_name_from_its_sheets(
    shipped_kit: Path, tmp_path: Path
) -> None:
    folder = shipped_kit / "build" / "forty-factions" / "tts"  # the run's kit's
    deck = check_saved_deck(json.loads((folder / "plots.json").read_text()), folder)
    loaded, diags = load_content("forty-factions", CONTENT / "forty-factions", KINDS)
    assert not diags
    ix = Index.build(loaded)
    assert ix is not None
    names = [views.card(ix, d).name for d in ix.plot_list]
    nicknames = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert len(nicknames) % len(names) == 0 and set(nicknames) == set(names)
    assert nicknames[: len(names)] == names  # in deck order: cell i is card i
    # a URL for where the user put the PNGs, e.g. their own machine: the saved object
    # written again, in a copy of the kit
    copy_content(tmp_path)
    seeded(shipped_kit, tmp_path / "b", "forty-factions")
    proc = toolkit(
        "build",
        "--content",
        "content",
        "--game",
        "forty-factions",
        "--only",
        "tts/plots.json",
        "--out",
        "b",
        "--tts-url",
        "file:///home/me/kit/tts/",
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 built" in proc.stdout  # the JSON alone: its sheets are the kit's
    copied = tmp_path / "b" / "forty-factions" / "tts" / "plots.json"
    entry = json.loads(copied.read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["FaceURL"] == "file:///home/me/kit/tts/plots-1.png"
    bad = toolkit(
        "build",
        "--game",
        "forty-factions",
        "--tts-url",
        "javascript:x",
        "--out",
        str(tmp_path / "c"),
    )
    assert bad.returncode == 2 and "--tts-url" in bad.stderr
