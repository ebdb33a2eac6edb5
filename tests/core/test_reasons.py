"""The advice's words (calculator.core.reasons): how a chance is written, and the reason of a
discard."""
from __future__ import annotations

import pytest

from calculator.core.cards import Card, cards_mask
from calculator.core.reasons import discard_reason, face_down_reason, percent, why_dead


@pytest.mark.parametrize("chance, written", [
    (0, "0%"), (0.0004, "<0.1%"), (0.0005, "0.1%"), (0.004, "0.4%"), (0.01, "1%"),
    (0.5, "50%"), (0.99, "99%"), (0.996, "99.6%"), (0.9995, ">99.9%"), (0.9999, ">99.9%"),
    (1, "100%")])
def test_a_chance_that_is_neither_0_nor_1_never_reads_as_either(chance, written):
    assert percent(chance) == written


@pytest.mark.parametrize("outs, words", [(1, "1 live card that lets you knock"),
                                         (3, "3 live cards that let you knock")])
def test_a_reason_agrees_with_its_count_of_live_cards(outs, words):
    reason = discard_reason(Card("Kd"), 38, False, 0, outs, 0.2, False, 0)
    assert words in reason, reason


def test_a_reason_quotes_its_danger_as_the_table_does():
    assert discard_reason(Card("2s"), 18, False, 0, 0, 0.001, False, 0).endswith(
        "fairly safe: the opponent melds it 0.1% of the time.")
    assert discard_reason(Card("2s"), 18, False, 0, 0, 0.3, False, 0).endswith(
        "but the opponent can meld it (30%).")


def test_a_dead_cards_words_name_its_rank_in_words():
    """"two other sevens", not "two other 7s" (the seven of spades' code); one card gone is
    "is", several "are"."""
    assert why_dead(Card("6h").index, Card("6s").bit) == (
        "one other six is out of the opponent's reach")
    gone = cards_mask([Card(c) for c in "7s 7c 5d 8d".split()])
    assert why_dead(Card("7d").index, gone) == (
        "two other sevens, 5♦ and 8♦ are out of the opponent's reach")
    assert why_dead(Card("Kd").index, cards_mask([Card(c) for c in "Ks Kh Kc Jd".split()])) \
        == "three other kings and J♦ are out of the opponent's reach"


def test_a_face_down_discard_says_its_danger_does_not_count():
    assert face_down_reason(Card("Kd"), 4).startswith("Throw K♦ face down as you knock with 4")
    assert "as you go gin" in face_down_reason(Card("5h"), 0)
