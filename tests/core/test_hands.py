"""Reading what a caller gave into checked hands (calculator.core.hands): the count before the
cards, every error under the caller's position, the upcard, a card in two hands, and a batch
of hands whose errors stop after MAX_REPORTED_ERRORS."""
from __future__ import annotations

import pytest

from calculator.core import (CalculatorError, Card, CardInBothHandsError, CardNotationError,
                             DuplicateCardError, ErrorGroup, HandSizeError, parse_hand)
from calculator.core.cards import cards_mask
from calculator.core.errors import MAX_REPORTED_ERRORS
from calculator.core.hands import read_hand, read_hands, read_upcard, refuse_shared_cards

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


def test_a_hand_of_a_size_asked_for_tells_only_its_bad_tokens():
    with pytest.raises(DuplicateCardError) as info:
        read_hand(TEN.replace("2s", "As"), (10,), ("hand",))
    assert info.value.errors == [
        (("hand", 1), "duplicate card As in token 2: already given as token 1")]


def test_a_hand_longer_than_every_size_is_told_only_its_size():
    """Its cards are not read: the duplicate As in it is not told."""
    with pytest.raises(HandSizeError) as info:
        read_hand(TEN.replace("2s", "As") + " Js", (10,), ("hand",))
    assert info.value.errors == [(("hand",), "hand has 11 cards; expected 10")]


def test_a_hand_without_sizes_is_any_number_of_cards_its_errors_placed():
    assert read_hand("As 2s", None, ("knocker", "hand")) == [Card("As"), Card("2s")]
    with pytest.raises(CardNotationError) as info:
        read_hand("As 2s Qx", None, ("knocker", "hand"))
    assert info.value.position == ("knocker", "hand", 2)


def test_a_hand_read_names_what_it_is():
    with pytest.raises(HandSizeError) as info:
        read_hand("As 2s", (10, 11), ("defender", "hand"), what="the defender's hand")
    assert info.value.detail == "the defender's hand has 2 cards; expected 10 or 11"


# --- the upcard and a card in two hands -------------------------------------------------------

def test_the_upcard():
    assert read_upcard(None) is None
    assert read_upcard("q♥") == Card("Qh") and read_upcard(Card("Qh")) == Card("Qh")
    with pytest.raises(CardNotationError) as info:
        read_upcard("Qx")
    assert info.value.position == ("upcard",) and info.value.detail == "unknown suit 'x' in 'Qx'"


def test_a_card_in_two_hands_is_told_at_its_second_place_naming_the_first():
    knocker, defender = parse_hand("As 2s 3s"), parse_hand("Kd 2s")
    with pytest.raises(CardInBothHandsError) as info:
        refuse_shared_cards((("knocker", "hand"), knocker), (("defender", "hand"), defender))
    assert info.value.errors == [(("defender", "hand", 1),
                                  "card 2s is in two places: here and in the knocker's hand, "
                                  "token 2")]
    assert refuse_shared_cards((("knocker", "hand"), knocker),
                               (("defender", "hand"), parse_hand("Kd 4s"))) is None


# --- a batch of hands -------------------------------------------------------------------------

def test_a_batch_gives_each_hand_s_mask_or_every_bad_hand_s_errors_in_place():
    assert read_hands([TEN, TEN.replace("Ts", "Js Qs")], ("hands",)) == [
        cards_mask(parse_hand(TEN)), cards_mask(parse_hand(TEN.replace("Ts", "Js Qs")))]
    with pytest.raises(ErrorGroup) as info:
        read_hands([TEN, "As", TEN.replace("As", "Qx")], ("hands",))
    assert info.value.errors == [(("hands", 1), "hand has 1 card; expected 10 or 11"),
                                 (("hands", 2, 0), "unknown suit 'x' in token 1 'Qx'")]


def test_a_batch_stops_reading_after_the_most_errors_it_reports():
    """60 bad hands: the first MAX_REPORTED_ERRORS (50) are told, after a note that reading
    stopped and how many hands were left unread."""
    with pytest.raises(CalculatorError) as info:
        read_hands(["As"] * 60, ("hands",))
    errors = info.value.errors
    assert MAX_REPORTED_ERRORS == 50 and len(errors) == 51
    assert errors[0] == (("hands",), "reading stopped after 50 errors; the last 10 items were "
                                     "not read")
    assert errors[1:] == [(("hands", i), "hand has 1 card; expected 10 or 11")
                          for i in range(50)]


@pytest.mark.parametrize("text, count", [("As Kd", 2), ("Qc, Jd, 9s", 3),
                                         ("ace of spades, king of diamonds", 2)])
def test_two_cards_where_one_belongs_are_told_so(text, count):
    """An upcard of "As Kd" was told "unknown rank 'As K'"."""
    with pytest.raises(CardNotationError) as caught:
        read_upcard(text)
    assert str(caught.value) == f"{count} cards where one belongs in '{text}'"
    assert caught.value.position == ("upcard",)
    assert read_upcard("ace of spades") == Card("As")
