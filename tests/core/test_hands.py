"""Reading what a caller gave into checked hands (calculator.core.hands): the count before the
cards, every error under the caller's position, the upcard, a card in two hands, and a batch
of hands whose errors stop after MAX_REPORTED_ERRORS."""
from __future__ import annotations

import pytest

from calculator.core import (CalculatorError)
from calculator.core.hands import read_hand

TEN = "As 2s 3s 4s 5s 6s 7s 8s 9s Ts"


# --- the count before the cards ---------------------------------------------------------------

@pytest.mark.parametrize("hand", [["As"] * 70, " ".join(["As"] * 70), ["Xs"] * 70,
                                  ", ".join(["ace of spades"] * 70)],
                         ids=["list", "string", "bad", "words"])
def test_a_hand_of_70_cards_is_told_its_size_once(hand):
    with pytest.raises(CalculatorError) as info:
        read_hand(hand, (10, 11), ("knocker", "hand"))
    assert info.value.errors == [(("knocker", "hand"), "hand has 70 cards; expected 10 or 11")]


def test_a_short_hand_is_told_its_size_and_its_bad_tokens_at_once():
    with pytest.raises(CalculatorError) as info:
        read_hand("As 2s Qx 4s 5s 6s 7s 8s 9s", (10,), ("defender", "hand"))
    assert info.value.errors == [
        (("defender", "hand", 2), "unknown suit 'x' in token 3 'Qx'"),
        (("defender", "hand"), "hand has 9 cards; expected 10")]


