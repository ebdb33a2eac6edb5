"""The failure kinds (calculator.core.errors): how a message quotes a caller's value and holds a
name, each kind's message and position, places in words, and errors grouped and placed."""
from __future__ import annotations

import pytest

from calculator.core import (Card, CardInBothHandsError, ErrorGroup, parse_hand)
from calculator.core.errors import _words


# --- quoting a caller's value -----------------------------------------------------------------

@pytest.mark.parametrize("position, words", [
    (("discards", 2), "the discard pile, card 3"),
    (("discards", 0, "card"), "the discard pile, card 1"),
    (("discards",), "the discard pile"),
    (("opponent_took", 0), "the cards the opponent took, card 1"),
    (("opponent_passed", 4), "the cards the opponent passed, card 5"),
    (("face_up",), "the face-up card"),
    (("hand", 3), "the hand, token 4"),
    (("knocker", "hand", 2), "the knocker's hand, token 3"),
    (("knocker", "melds", 1, 0), "the knocker's meld 2"),
])
def test_places_in_words(position, words):
    assert _words(position) == words
    assert CardInBothHandsError(Card("9c"), ("x",), position).detail == (
        f"card 9c is in two places: here and in {words}")


# --- errors grouped and placed ----------------------------------------------------------------

def test_error_group_at_prefixes_every_member():
    with pytest.raises(ErrorGroup) as info:
        parse_hand("Qx Zs")
    error = info.value.at("knocker", "hand")
    assert [pos for pos, _ in error.errors] == [("knocker", "hand", 0), ("knocker", "hand", 1)]
    assert error.position == ("knocker", "hand", 0)
