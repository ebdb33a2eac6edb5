"""The engine's tables (calculator.core.tables): the per-suit run table and its covers, the set
choices, the points of a mask, and the deadwood of a hand and of each of its discards, on
52-bit masks, against the naive exhaustive reference (tests/reference, no engine code) and
against counting card by card."""
from __future__ import annotations

from random import Random

import pytest
import reference as ref

from calculator.core.cards import POINTS
from calculator.core.tables import (RUN_DEADWOOD, SUIT_BITS, best_discard_deadwood_of_mask,
                                    best_discards_of_mask, deadwood_of_mask,
                                    discard_deadwoods_of_mask, mask_points, ranks_of_three,
                                    ranks_twice, set_removals, suit_runs)
from core_support import mask


def seeded_hands(seed: int, count: int, size: int):
    """Hands of `size` cards (card indices): uniform, meld-dense (a band of ranks) and
    set-heavy (four ranks, so ranks held three and four times, several at once)."""
    rng = Random(seed)
    for i in range(count):
        if i % 3 == 0:
            pool = range(52)
        elif i % 3 == 1:
            low = rng.randrange(0, 8)
            pool = [s * 13 + r for s in range(4) for r in range(low, low + 5)]
        else:
            pool = [s * 13 + r for s in range(4) for r in rng.sample(range(13), 4)]
        yield rng.sample(pool, min(size, len(pool)))


def suits_of(hand_mask: int) -> list[int]:
    return [hand_mask >> (13 * s) & SUIT_BITS for s in range(4)]


# --- the per-suit run table -------------------------------------------------------------------

def test_the_run_table_is_the_lowest_deadwood_of_one_suit():
    """Every 7th of the 8,192 suit masks (all of them take the reference 5 s): the table's
    deadwood is the reference's for those cards of one suit (runs only, no wrap)."""
    for suit_mask in range(0, 1 << 13, 7):
        assert RUN_DEADWOOD[suit_mask] == ref.min_deadwood(
            [r for r in range(13) if suit_mask >> r & 1]), bin(suit_mask)


def test_the_tabled_cover_of_every_suit_mask_leaves_its_deadwood():
    """For all 8,192 suit masks, `suit_runs` gives runs of three or more neighbouring ranks
    held in the suit, none overlapping or touching (touching runs are one longer run), whose
    leftover cards' points are the table's deadwood."""
    for suit_mask in range(1 << 13):
        runs = suit_runs(suit_mask)
        covered = 0
        for run in runs:
            low = (run & -run).bit_length() - 1
            length = run.bit_count()
            assert run == ((1 << length) - 1) << low and length >= 3, (bin(suit_mask), runs)
            assert run & suit_mask == run and not run & covered
            assert not (run << 1 | run >> 1) & covered, (bin(suit_mask), runs)
            covered |= run
        left = suit_mask & ~covered
        assert sum(POINTS[r] for r in range(13) if left >> r & 1) == RUN_DEADWOOD[suit_mask]


def test_suit_runs_worked_examples():
    assert suit_runs(0) == [] and suit_runs(0b11) == []
    assert suit_runs(0b1_1111_1111_1111) == [0b1_1111_1111_1111]  # A to K, one run
    assert suit_runs(0b111_0111) == [0b111, 0b111_0000]  # A-2-3 and 5-6-7 around the 4
    assert suit_runs(0b1_1000_0000_0011) == []  # Q-K-A-2 does not wrap


# --- the points of a mask and the ranks held several times ------------------------------------

def test_mask_points():
    assert [mask_points(1 << i) for i in range(52)] == [POINTS[i % 13] for i in range(52)]
    assert mask_points(0) == 0 and mask_points((1 << 52) - 1) == 4 * 85 == 340
    for hand in seeded_hands(1, 300, 11):
        assert mask_points(sum(1 << c for c in hand)) == ref.total(hand)


def test_ranks_held_three_times_and_twice():
    for size in (4, 10, 11, 20):
        for hand in seeded_hands(2 + size, 200, size):
            held = [sum(1 for c in hand if c % 13 == r) for r in range(13)]
            s = suits_of(sum(1 << c for c in hand))
            assert ranks_of_three(*s) == sum(1 << r for r in range(13) if held[r] >= 3)
            assert ranks_twice(*s) == sum(1 << r for r in range(13) if held[r] >= 2)


def test_set_removals_are_every_choice_of_sets_at_the_ranks_of_three():
    """Four sevens (nothing, all four, or any three of them: 6 ways) and three kings
    (nothing or all three: 2 ways): 12 choices, the empty one first, each the cards it puts
    in sets."""
    hand = mask("7s 7h 7d 7c Ks Kh Kd 2s 3s 4s 9c")
    removals = set_removals(hand, ranks_of_three(*suits_of(hand)))
    sevens = [0, mask("7s 7h 7d 7c"), mask("7s 7h 7d"), mask("7s 7h 7c"), mask("7s 7d 7c"),
              mask("7h 7d 7c")]
    kings = [0, mask("Ks Kh Kd")]
    assert removals[0] == 0 and len(removals) == 12
    assert sorted(removals) == sorted(a | b for a in sevens for b in kings)
    assert set_removals(mask("7s 7h 2s 3s 4s"), 0) == (0,)  # no rank of three: no sets


# --- the deadwood of a hand and of each discard -----------------------------------------------

@pytest.mark.parametrize("size", [0, 1, 3, 5, 7, 10, 11])
def test_deadwood_of_mask_against_the_reference(size):
    """Exactly the cards given, any number up to 11, never a discard."""
    for hand in seeded_hands(10 + size, 120, size):
        assert deadwood_of_mask(sum(1 << c for c in hand)) == ref.min_deadwood(hand), \
            ref.codes(hand)


@pytest.mark.parametrize("seed", range(3))
def test_every_discard_s_deadwood_against_the_reference(seed):
    """An 11-card hand: each card's discard and the lowest deadwood it leaves
    (`discard_deadwoods_of_mask`), the lowest of them (`best_discard_deadwood_of_mask`) and
    which cards give it (`best_discards_of_mask`), all against the reference's search of
    each discard."""
    for hand in seeded_hands(20 + seed, 60, 11):
        hand_mask = sum(1 << c for c in hand)
        truth = {1 << card: value for card, value in ref.discard_deadwoods(hand).items()}
        lowest = min(truth.values())
        assert discard_deadwoods_of_mask(hand_mask) == truth, ref.codes(hand)
        assert best_discard_deadwood_of_mask(hand_mask) == lowest, ref.codes(hand)
        assert best_discards_of_mask(hand_mask) == (
            lowest, sum(bit for bit, value in truth.items() if value == lowest)), ref.codes(hand)


def test_a_discard_of_a_set_card_is_covered_by_the_other_set_choices():
    """Four sevens, A-2-3♠ and 5h 9c Kd 8d: throwing 7s (or 7h) keeps the set of the other
    three sevens, leaving all four others as deadwood (32); throwing Kd leaves 5h 9c 8d (22),
    the lowest, and only Kd does."""
    hand = mask("7s 7h 7d 7c As 2s 3s 5h 9c Kd 8d")
    after = discard_deadwoods_of_mask(hand)
    assert after[mask("7s")] == after[mask("7h")] == 5 + 9 + 10 + 8
    assert after[mask("Kd")] == 5 + 9 + 8 and after[mask("9c")] == 5 + 10 + 8
    assert best_discards_of_mask(hand) == (5 + 9 + 8, mask("Kd"))
    assert best_discard_deadwood_of_mask(hand) == deadwood_of_mask(hand & ~mask("Kd")) == 22
