"""Every best arrangement of a hand (`all_best_arrangements`, docs/RULES.md "Melds": the tie
rule picks one of them, test_melds.py) and every meld inside a hand (`melds_in_mask`, the
spreads a knocker may choose from, with the cards that touch a run and the arrangement of
chosen melds), against answers worked out by hand and the naive exhaustive reference
(tests/reference)."""
from __future__ import annotations


import pytest

from calculator.core import Meld, all_best_arrangements, best_arrangement
from core_support import (ARRANGEMENTS, cards, codes, engine_arrangement_key, meld_codes,
                          naive_best_arrangements, naive_deadwood)


# --- the hands worked out by hand (core_support.ARRANGEMENTS) ---------------------------------

@pytest.mark.parametrize("hand, dw, melds, dead", ARRANGEMENTS, ids=[a[0] for a in ARRANGEMENTS])
def test_each_card_in_at_most_one_meld(hand, dw, melds, dead):
    hand_cards = cards(hand)
    for arrangement in all_best_arrangements(hand_cards):
        placed = [c for m in arrangement.melds for c in m.cards] + list(arrangement.deadwood_cards)
        assert sorted(placed) == sorted(hand_cards)  # a partition: no card twice, none lost
        assert len(set(placed)) == len(placed)
        for meld in arrangement.melds:
            assert Meld.of(meld.cards) == meld  # every meld is a real set or run


@pytest.mark.parametrize("hand, dw, melds, dead", ARRANGEMENTS, ids=[a[0] for a in ARRANGEMENTS])
def test_engine_agrees_with_naive_search(hand, dw, melds, dead):
    hand_cards = cards(hand)
    assert naive_deadwood(hand_cards) == dw  # the hand-worked answer, re-checked
    engine = {engine_arrangement_key(a) for a in all_best_arrangements(hand_cards)}
    assert engine == naive_best_arrangements(hand_cards)


# --- ties: every lowest-deadwood arrangement, the chosen one first ----------------------------

ALL_BEST = [
    # hand, number of lowest-deadwood arrangements (adjacent runs never split), the others
    ("As 2s 3s 4s 5s Ah Ad Ac 9d Kh", 2,
     [([["As", "Ah", "Ad", "Ac"], ["2s", "3s", "4s", "5s"]], ["Kh", "9d"])]),
    ("Ks Kh Kd Qs Js 2c 4c 6c 8c 9d", 2,
     [([["Ks", "Kh", "Kd"]], ["Js", "Qs", "9d", "2c", "4c", "6c", "8c"])]),
    ("4s 5s 6s 4h 5h 6h 4d 5d 6d 4c", 1, []),
    ("3s 4s 5s 6s 7s 8s 9s Kh Kd Kc", 1, []),
    ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h", 1, []),
    ("Ks Qh Jd Tc 9s 8h 7d 6c 5s 4h", 1, []),
    ("7s 7h 7d 7c 5s 6s 8h 9h 6d 8d", 1, []),
    ("5s 5h 5d 5c 6c 7c Ks Qh 2d 9h", 1, []),
]


@pytest.mark.parametrize("hand, count, others", ALL_BEST, ids=[a[0] for a in ALL_BEST])
def test_all_best_arrangements(hand, count, others):
    hand_cards = cards(hand)
    found = all_best_arrangements(hand_cards)
    assert len(found) == count
    assert found[0] == best_arrangement(hand_cards)  # the chosen one first
    assert len({a.deadwood for a in found}) == 1
    rest = [(meld_codes(a), codes(a.deadwood_cards)) for a in found[1:]]
    assert sorted(rest) == sorted(others)


# --- every meld inside a hand: the melds a knocker may lay down -------------------------------

