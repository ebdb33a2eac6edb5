"""Test-only references for the advice's odds: each unseen card's weight written out one by
one, and the k-draw odds by seeded simulation. Unlike the package's naive engine, these are
built on the engine's own primitives (the meld partners, the draw policy, the best discard's
deadwood): they check the fast code's bookkeeping (`discard_dangers`, `within_draws`), not
the rules."""
from __future__ import annotations

from calculator.core.draws import bits_of, index_of
from calculator.core.tables import best_discard_deadwood_of_mask
from calculator.core.odds import PARTNERS, PASS_FACTOR, TAKE_FACTOR, greedy_keep


def card_weights(unseen: int, shown: list[int], took: list[int]) -> dict[int, float]:
    """Each unseen card's weight: halved for each card the opponent threw or passed that
    shares a meld of three with it, doubled for each card they took and hold that does."""
    weights = dict.fromkeys(bits_of(unseen), 1.0)
    for cards, factor in ((shown, PASS_FACTOR), (took, TAKE_FACTOR)):
        for card in cards:
            for bit in bits_of(PARTNERS[index_of(card)] & unseen):
                weights[bit] *= factor
    return weights


def card_chances(unseen: int, shown: list[int], took: list[int], n: int) -> dict[int, float]:
    """Each unseen card's chance of being one of the opponent's `n` unknown cards: L times
    its weight, at most 1, with L such that the chances add up to n (the cards that would
    pass 1 are held for sure, and L is found again for the rest, until none passes)."""
    weights = card_weights(unseen, shown, took)
    sure: set[int] = set()
    while True:
        free = [bit for bit in weights if bit not in sure]
        total = sum(weights[bit] for bit in free)
        share = (n - len(sure)) / total if total else 0.0
        full = {bit for bit in free if share * weights[bit] >= 1.0}
        if not full:
            break
        sure |= full
    return {bit: 1.0 if bit in sure else share * weight for bit, weight in weights.items()}


def simulate_within_draws(kept: int, unseen: int, limit: int, draws: int, trials: int,
                          rng) -> list[tuple[float, float]]:
    """`within_draws` by seeded simulation: `trials` random sequences of draws under the
    same policy. The standard error of each share p is sqrt(p(1-p)/trials)."""
    cards = bits_of(unseen)
    knock_hits = [0] * draws
    gin_hits = [0] * draws
    for _ in range(trials):
        hand = kept
        sequence = rng.sample(cards, min(draws, len(cards)))
        knocked = ginned = False
        for j, bit in enumerate(sequence):
            after = best_discard_deadwood_of_mask(hand | bit)
            knocked = knocked or after <= limit
            ginned = ginned or after == 0
            if knocked:
                knock_hits[j] += 1
            if ginned:
                gin_hits[j] += 1
            hand = greedy_keep(hand | bit)
        for j in range(len(sequence), draws):
            knock_hits[j] += knocked
            gin_hits[j] += ginned
    return [(knock_hits[j] / trials, gin_hits[j] / trials) for j in range(draws)]
