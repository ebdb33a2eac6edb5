"""Every best arrangement of a hand (`all_best_arrangements`, docs/RULES.md "Melds": the tie
rule picks one of them, test_melds.py) and every meld inside a hand (`melds_in_mask`, the
spreads a knocker may choose from, with the cards that touch a run and the arrangement of
chosen melds), against answers worked out by hand and the naive exhaustive reference
(tests/reference)."""
from __future__ import annotations

from random import Random

import pytest
import reference as ref

from calculator.core import Meld, all_best_arrangements, best_arrangement
from calculator.core.arrangements import arrangement_of_masks, melds_in_mask, run_touch
from calculator.core.cards import mask_cards
from core_support import (ARRANGEMENTS, cards, codes, engine_arrangement_key, mask, meld_codes,
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

def meld_hands(seed: int, count: int):
    """Hands of 3 to 11 cards (card indices), uniform and meld-dense (a band of ranks)."""
    rng = Random(seed)
    for i in range(count):
        low = rng.randrange(0, 8)
        pool = range(52) if i % 2 else [s * 13 + r for s in range(4) for r in range(low, low + 5)]
        yield rng.sample(pool, rng.randrange(3, 12))


@pytest.mark.parametrize("seed", range(3))
def test_melds_in_mask_are_every_meld_of_the_hand(seed):
    """Every set (three or four of a rank, each three of four too) and every run (sub-runs
    included) made only of the hand's cards, each once: the reference's `all_melds`."""
    for hand in meld_hands(seed, 300):
        found = melds_in_mask(sum(1 << c for c in hand))
        assert len(set(found)) == len(found), ref.codes(hand)
        assert {frozenset(c.index for c in mask_cards(m)) for m in found} == set(
            ref.all_melds(hand)), ref.codes(hand)


def test_melds_in_mask_worked_example():
    """Four sevens and 5-9♠: the four-card set, its four sets of three, and the six runs of
    three or more inside 5-6-7-8-9♠; Kd melds nothing."""
    found = melds_in_mask(mask("7s 7h 7d 7c 5s 6s 8s 9s Kd"))
    assert sorted(codes(mask_cards(m)) for m in found) == sorted([
        ["7s", "7h", "7d", "7c"], ["7s", "7h", "7d"], ["7s", "7h", "7c"], ["7s", "7d", "7c"],
        ["7h", "7d", "7c"], ["5s", "6s", "7s"], ["5s", "6s", "7s", "8s"],
        ["5s", "6s", "7s", "8s", "9s"], ["6s", "7s", "8s"], ["6s", "7s", "8s", "9s"],
        ["7s", "8s", "9s"]])
    assert melds_in_mask(mask("Qs Ks As 2s 7h 7d")) == []  # no wrap, a pair is no set


@pytest.mark.parametrize("run, touching", [
    ("5s 6s 7s", "4s 8s"), ("As 2s 3s", "4s"), ("Jc Qc Kc", "Tc"), ("5h 6h 7h 8h", "4h 9h"),
    ("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks", ""), ("7s 7h 7d", ""), ("7s 7h 7d 7c", ""),
    # not runs: one gap, two gaps, across suits
    ("As 3s 4s", ""), ("5d 6d 8d 9d", ""), ("5d 7d 9d", ""), ("Kh As 2s", ""),
])
def test_run_touch_is_the_cards_beside_a_run_in_its_suit(run, touching):
    """The cards that would join a run into a longer one (none beyond A or K, no wrap); a set
    touches nothing, nor does a mask that is no run."""
    assert run_touch(mask(run)) == (mask(touching) if touching else 0)


def test_arrangement_of_masks_orders_the_melds_and_leaves_the_rest_as_deadwood():
    hand = mask("7s 7h 7d 7c 5s 6s 8s 9s Kd")
    arrangement = arrangement_of_masks(hand, [mask("7h 7d 7c"), mask("5s 6s 7s 8s 9s")])
    assert meld_codes(arrangement) == [["5s", "6s", "7s", "8s", "9s"], ["7h", "7d", "7c"]]
    assert codes(arrangement.deadwood_cards) == ["Kd"] and arrangement.deadwood == 10
