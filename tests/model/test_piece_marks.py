"""The marks that tell the pieces of a set apart without colour: each unique in its set,
short, the initial where it is enough, and the pack's own code where initials clash."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from toolkit.games.forty_factions.components import COLOUR_CODES
from toolkit.model.marks import marks, unique


def test_initials_where_they_are_enough_codes_where_they_clash() -> None:
    colours = ["Red", "Yellow", "Blue", "Green", "Black", "White"]
    assert marks(colours, COLOUR_CODES) == ("R", "Y", "Bu", "G", "Bk", "W")
    # with no code for them, two letters that the other label lacks
    assert marks(["Cat", "Swords", "Snake", "Wolf"]) == ("C", "Sw", "Sn", "W")
    assert marks(["Blue", "Black"]) == ("Bu", "Ba")


def test_a_code_that_clashes_is_not_taken() -> None:
    # two colours given the same code: each gets two letters of its own instead
    assert marks(["Blue", "Black"], {"blue": "Bk", "black": "Bk"}) == ("Bu", "Ba")
    # labels no two letters tell apart are numbered
    assert marks(["Green", "Grey", "Gnome"]) == ("1", "2", "3")


@given(
    st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyzAB ", min_size=1, max_size=9), max_size=12)
)
def test_every_set_gets_unique_marks(labels: list[str]) -> None:
    labels = list(dict.fromkeys(label for label in labels if label.strip()))
    found = marks(labels)
    assert len(found) == len(labels)
    if labels:
        assert unique(found)
        assert all(len(m) <= 2 for m in found) or found == tuple(
            str(n) for n in range(1, len(labels) + 1)
        )
