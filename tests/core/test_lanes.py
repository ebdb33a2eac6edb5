"""One draw ahead for every discard of an 11-card hand at once (`discard_draws`) and the outs
of a 10-card hand (`DrawOuts`), worked out in lanes of bits, against the engine: every entry
against its own best-discard search (`best_discard_deadwood_of_mask`), `draws.draw_deadwoods`
and `knock.find_outs`, on random, meld-dense and set-dense hands."""
from __future__ import annotations

from random import Random

import pytest

from calculator.core.cards import cards_mask
from calculator.core.draws import bits_of, draw_deadwoods
from calculator.core.knock import find_outs
from calculator.core.lanes import DrawOuts, discard_draws
from calculator.core.odds import ALL
from calculator.core.tables import best_discard_deadwood_of_mask, deadwood_of_mask
from core_support import deals


@pytest.mark.parametrize("seed", range(4))
def test_draw_tables_match_the_engine(seed):
    for hand, unseen in deals(seed, 150):
        keep = hand & -hand if seed % 2 else 0
        cards = bits_of(unseen)
        found = discard_draws(hand, keep, unseen, 10)
        assert [bit for bit, *_ in found] == bits_of(hand & ~keep)
        for discard, deadwood, total, knock, gin in found:
            kept = hand ^ discard
            truth = [best_discard_deadwood_of_mask(kept | b) for b in cards]
            assert draw_deadwoods(kept, unseen) == dict(zip(cards, truth))
            assert (deadwood, total, knock, gin) == (
                deadwood_of_mask(kept), sum(truth),
                sum(b for b, v in zip(cards, truth) if v <= 10),
                sum(b for b, v in zip(cards, truth) if v == 0))


def test_draw_summary_on_set_dense_hands():
    """Hands of few ranks in every suit (ranks held three and four times, several at once):
    each discard's deadwood, total and outs against the engine, a card just taken kept."""
    rng = Random(17)
    for i in range(120):
        ranks = rng.sample(range(13), 4 + i % 2)
        pool = [s * 13 + r for s in range(4) for r in ranks]
        cards = rng.sample(pool, 11)
        hand = sum(1 << c for c in cards)
        rest = [c for c in range(52) if not hand >> c & 1]
        unseen = sum(1 << c for c in rng.sample(rest, rng.randrange(8, 41)))
        keep = 1 << cards[0] if i % 3 == 0 else 0
        found = discard_draws(hand, keep, unseen, 10)
        assert [bit for bit, *_ in found] == bits_of(hand & ~keep)
        for bit, deadwood, total, knock, gin in found:
            kept = hand ^ bit
            truth = [best_discard_deadwood_of_mask(kept | b) for b in bits_of(unseen)]
            assert deadwood == deadwood_of_mask(kept)
            assert total == sum(truth)
            assert knock == sum(b for b, v in zip(bits_of(unseen), truth) if v <= 10)
            assert gin == sum(b for b, v in zip(bits_of(unseen), truth) if v == 0)


@pytest.mark.parametrize("limit", [0, 4, 10])
def test_outs_agree_with_find_outs(limit):
    """Knock and gin outs of each kept hand are the engine's own outs over the same cards."""
    for hand, unseen in deals(10 + limit, 60):
        for discard, _, _, knock, gin in discard_draws(hand, 0, unseen, limit):
            kept = hand ^ discard
            outs = find_outs(kept, deadwood_of_mask(kept), limit, ALL & ~unseen & ~kept)
            assert gin == cards_mask(outs.gin)
            assert knock == cards_mask(outs.knock)


@pytest.mark.parametrize("limit", [0, 5, 10])
def test_draw_outs_are_the_engines_outs(limit):
    """`DrawOuts` (the k-draw odds' outs, in lanes) against the engine's best discard of
    every hand and card: random and meld-dense 10-card hands, some unseen cards already
    held (drawn earlier), which are never outs."""
    rng = Random(30 + limit)
    for hand, unseen in deals(40 + limit, 150):
        kept = hand ^ (hand & -hand)
        if rng.random() < 0.5:  # a card drawn earlier: still in the unseen set, now held
            unseen |= kept & -kept
        knock, gin = DrawOuts(unseen, limit)(kept)
        free = bits_of(unseen & ~kept)
        assert knock == sum(b for b in free if best_discard_deadwood_of_mask(kept | b) <= limit)
        assert gin == sum(b for b in free if best_discard_deadwood_of_mask(kept | b) == 0)
