"""The lowest discard of a hand (`lowest_discard`): the first card in card order whose
discard leaves the lowest deadwood, never a kept one, against every discard's deadwood
(`tables.discard_deadwoods_of_mask`) and the odds' own helpers that throw the same card. The
one-draw tables (`draw_deadwoods`) are checked entry by entry in test_lanes.py, beside the
lanes that give them for every discard at once."""
from __future__ import annotations

from random import Random

import pytest

from calculator.core.draws import lowest_discard
from calculator.core.odds import greedy_keep, keep_without
from calculator.core.tables import deadwood_of_mask, discard_deadwoods_of_mask, ranks_of_three
from core_support import mask


@pytest.mark.parametrize("seed", range(3))
def test_lowest_discard_is_the_first_lowest_deadwood_discard(seed):
    """Ranks of three and four too: the first card in card order among the lowest-deadwood
    discards (not kept), the card `greedy_keep` and `keep_without` throw."""
    rng = Random(seed)
    for i in range(1500):
        if i % 2:
            cards = rng.sample(range(52), rng.choice([10, 11]))
        else:  # set-heavy: four ranks, so ranks of three and four are common
            ranks = rng.sample(range(13), 4)
            cards = rng.sample([s * 13 + r for r in ranks for s in range(4)], 11)
        hand = sum(1 << c for c in cards)
        keep = sum(1 << c for c in cards[:rng.randrange(0, 3)])
        bit, value = lowest_discard(hand, keep)
        after = {b: v for b, v in discard_deadwoods_of_mask(hand).items() if not b & keep}
        best = min(after.values())
        assert value == deadwood_of_mask(hand ^ bit) == best
        assert bit == min(b for b, v in after.items() if v == best)
        if len(cards) == 11:
            assert hand ^ bit == keep_without(hand, keep)
            if not keep:
                assert hand ^ bit == greedy_keep(hand)


def test_the_best_discard_helpers_break_a_tie_alike():
    """8, J and Q held three times and two kings: throwing Ks, Kd, Jc or Qc leaves 10
    deadwood; each helper throws Ks, the first in card order (lowest_discard threw Jc)."""
    hand = mask("8s Js Qs Ks 8d Jd Qd Kd 8c Jc Qc")
    assert lowest_discard(hand) == (mask("Ks"), deadwood_of_mask(hand & ~mask("Ks")))
    assert greedy_keep(hand) == keep_without(hand, 0) == hand & ~mask("Ks")


@pytest.mark.parametrize("seed", range(2))
def test_lowest_discard_without_a_rank_of_three_is_the_first_best_card(seed):
    """Where no rank has three cards, the card `lowest_discard` picks is the lowest card of
    those (not kept) whose discard leaves the lowest deadwood: the sampler's hands, and so
    its seeded answers, depend on which card it is."""
    rng = Random(20 + seed)
    tried = 0
    while tried < 2000:
        cards = rng.sample(range(52), rng.choice([10, 11]))
        hand = sum(1 << c for c in cards)
        if ranks_of_three(*(hand >> (13 * s) & 0x1FFF for s in range(4))):
            continue
        tried += 1
        keep = sum(1 << c for c in cards[:rng.randrange(0, 3)])
        after = {b: v for b, v in discard_deadwoods_of_mask(hand).items() if not b & keep}
        best = min(after.values())
        assert lowest_discard(hand, keep) == (min(b for b, v in after.items() if v == best),
                                              best)
