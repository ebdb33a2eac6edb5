"""The engine's tables: the per-suit run tables, the set choices, and the deadwood of a hand
(a 52-bit mask) and of its discards. `melds` builds melds and arrangements on them.

How it is fast: a hand is a 52-bit mask (bit = suit * 13 + rank). Sets and runs compete only
at ranks holding 3 or 4 cards, and a hand of 11 cards has at most three such ranks. For each
choice of which cards of those ranks form sets, the rest falls apart into four independent
suits, and the best run cover of a suit depends only on its 13-bit mask, so one table of
8,192 entries, built once at import, answers it. A hand without a rank of three (most hands)
costs four table look-ups.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from .cards import POINTS
from .memo import Memo

SUIT_BITS = 0x1FFF


# --- per-suit run tables --------------------------------------------------------------------

def _build_run_tables():
    """For each 13-bit suit mask: the best run cover, by (deadwood, deadwood cards, runs).

    The lowest card of the mask is either deadwood or the bottom of a run, which gives the
    recurrence; masks are visited in increasing order so every sub-mask is already solved.
    Lexicographic order of the (deadwood, cards, runs) vectors is kept by addition, so the
    recurrence is exact for the whole key, not only for deadwood.
    """
    size = 1 << 13
    keys = [(0, 0, 0)] * size
    first_step = [0] * size  # 0: lowest card is deadwood; else the mask of the run taken
    for mask in range(1, size):
        low = (mask & -mask).bit_length() - 1
        rest = mask & (mask - 1)
        d, n, r = keys[rest]
        best, step = (d + POINTS[low], n + 1, r), 0
        run = 1 << low
        top = low
        while top + 1 < 13 and mask >> (top + 1) & 1:
            top += 1
            run |= 1 << top
            if top - low >= 2:
                d, n, r = keys[mask & ~run]
                candidate = (d, n, r + 1)
                if candidate < best:
                    best, step = candidate, run
        keys[mask] = best
        first_step[mask] = step
    return [key[0] for key in keys], keys, first_step


RUN_DEADWOOD, RUN_KEYS, _RUN_FIRST_STEP = _build_run_tables()
NO_CARD = 10_000  # above every deadwood and gain: no discard reaches it (an empty suit has none)


def _best_discard_tables() -> tuple[list[int], list[int]]:
    """For each suit mask: how much its deadwood changes at best when one of its cards is
    discarded (a discard from an empty suit is impossible), and which cards (13-bit) do it."""
    gains, bits = [NO_CARD], [0]
    for mask in range(1, 1 << 13):
        after = {r: RUN_DEADWOOD[mask & ~(1 << r)] for r in range(13) if mask >> r & 1}
        lowest = min(after.values())
        gains.append(lowest - RUN_DEADWOOD[mask])
        bits.append(sum(1 << r for r, value in after.items() if value == lowest))
    return gains, bits


BEST_DISCARD_GAIN, BEST_DISCARD_BITS = _best_discard_tables()


def suit_runs(suit_mask: int) -> list[int]:
    """The runs (13-bit masks) of the tabled best cover of one suit."""
    runs = []
    while suit_mask:
        step = _RUN_FIRST_STEP[suit_mask]
        if step:
            runs.append(step)
            suit_mask &= ~step
        else:
            suit_mask &= suit_mask - 1
    return runs


def _suit_points_table() -> list[int]:
    """The points of every 13-bit suit mask (every suit counts the same)."""
    table = [0] * (1 << 13)
    for suit_mask in range(1, 1 << 13):
        low = suit_mask & -suit_mask
        table[suit_mask] = table[suit_mask ^ low] + POINTS[low.bit_length() - 1]
    return table


_SUIT_POINTS = _suit_points_table()


def mask_points(mask: int) -> int:
    """The points of the cards in a mask, melded or not."""
    points = _SUIT_POINTS
    return (points[mask & SUIT_BITS] + points[mask >> 13 & SUIT_BITS]
            + points[mask >> 26 & SUIT_BITS] + points[mask >> 39])


# --- set choices ----------------------------------------------------------------------------

def _rank_set_options(rank: int, suits_present: int) -> tuple[int, ...]:
    """The 52-bit masks a rank with 3 or 4 cards can give to sets: none, all, each 3 of 4."""
    suits = [s for s in range(4) if suits_present >> s & 1]
    options = [0]
    if len(suits) >= 3:
        options.append(sum(1 << (s * 13 + rank) for s in suits))
    if len(suits) == 4:
        options.extend(sum(1 << (s * 13 + rank) for s in trio) for trio in combinations(suits, 3))
    return tuple(options)


SET_OPTIONS = [[_rank_set_options(r, p) for p in range(16)] for r in range(13)]


def suits_at(mask: int, rank: int) -> int:
    """4-bit mask of the suits in which the hand (52-bit mask) holds this rank."""
    return ((mask >> rank & 1) | (mask >> (13 + rank) & 1) << 1
            | (mask >> (26 + rank) & 1) << 2 | (mask >> (39 + rank) & 1) << 3)


def ranks_of_three(s0: int, s1: int, s2: int, s3: int) -> int:
    """13-bit mask of ranks present in at least three suits."""
    return (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)


def ranks_twice(s0: int, s1: int, s2: int, s3: int) -> int:
    """13-bit mask of ranks present in at least two suits."""
    return (s0 & s1) | (s0 & s2) | (s0 & s3) | (s1 & s2) | (s1 & s3) | (s2 & s3)


def set_removals(mask: int, threes: int) -> tuple[int, ...]:
    """Every way a hand gives cards to sets, for its ranks of three (`threes`, a 13-bit rank
    mask, `ranks_of_three`): each as the mask of all the cards it puts in sets, the empty
    choice first; for each rank nothing, all its cards or (for four) any three of them."""
    return choices_at(mask & threes * COLUMN)[0]


COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39  # x * COLUMN copies a 13-bit rank mask to all suits


@lru_cache(maxsize=8192)
def choices_at(set_part: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """(removal masks, set-mask tuples) of every set combination for the cards at the ranks
    of three; it depends only on those cards, so it is cached."""
    per_rank = []
    ranks = (set_part | set_part >> 13 | set_part >> 26 | set_part >> 39) & SUIT_BITS
    while ranks:
        low = ranks & -ranks
        rank = low.bit_length() - 1
        per_rank.append(SET_OPTIONS[rank][suits_at(set_part, rank)])
        ranks ^= low
    choices = tuple(tuple(m for m in choice if m) for choice in product(*per_rank))
    return tuple(sum(choice) for choice in choices), choices


def deadwood_of_mask(mask: int) -> int:
    """Lowest deadwood of the cards in a 52-bit mask (any number of cards; never discards)."""
    s0 = mask & SUIT_BITS
    s1 = mask >> 13 & SUIT_BITS
    s2 = mask >> 26 & SUIT_BITS
    s3 = mask >> 39
    threes = ranks_of_three(s0, s1, s2, s3)
    table = RUN_DEADWOOD
    if not threes:
        return table[s0] + table[s1] + table[s2] + table[s3]
    return min(choice_totals(mask, choices_at(mask & threes * COLUMN)[0]))


def choice_totals(mask: int, removals: tuple[int, ...]) -> list[int]:
    """The run deadwood of the rest of the hand for each set choice (cards removed to sets)."""
    table = RUN_DEADWOOD
    totals = []
    for removed in removals:
        rest = mask ^ removed
        totals.append(table[rest & SUIT_BITS] + table[rest >> 13 & SUIT_BITS]
                      + table[rest >> 26 & SUIT_BITS] + table[rest >> 39])
    return totals


def best_discard_deadwood_of_mask(mask: int) -> int:
    """Lowest deadwood after discarding one card (the best discard of an 11-card hand).

    For a fixed choice of sets, a discard from the cards left to runs changes only its own
    suit, so the best discard is the suit with the best `BEST_DISCARD_GAIN`; discarding a card
    of a set is the same as another set choice (the set without that rank, or the other three
    of four) discarding it from its suit, so every discard is covered.
    """
    s0 = mask & SUIT_BITS
    s1 = mask >> 13 & SUIT_BITS
    s2 = mask >> 26 & SUIT_BITS
    s3 = mask >> 39
    threes = ranks_of_three(s0, s1, s2, s3)
    table, gain = RUN_DEADWOOD, BEST_DISCARD_GAIN
    if not threes:
        return (table[s0] + table[s1] + table[s2] + table[s3]
                + min(gain[s0], gain[s1], gain[s2], gain[s3]))
    best = NO_CARD
    for removed in set_removals(mask, threes):
        rest = mask ^ removed
        r0, r1, r2, r3 = (rest & SUIT_BITS, rest >> 13 & SUIT_BITS, rest >> 26 & SUIT_BITS,
                          rest >> 39)
        total = (table[r0] + table[r1] + table[r2] + table[r3]
                 + min(gain[r0], gain[r1], gain[r2], gain[r3]))
        if total < best:
            best = total
    return best


def _suit_discards(suit: int) -> Memo:
    """For one suit: its 13-bit mask -> (card bit in the 52-bit hand, the suit's run deadwood
    without that card) for each of its cards."""
    return Memo(lambda suit_mask: tuple(
        (1 << (13 * suit + r), RUN_DEADWOOD[suit_mask & ~(1 << r)])
        for r in range(13) if suit_mask >> r & 1), keys=range(1 << 13))


_SUIT_DISCARDS = tuple(_suit_discards(suit) for suit in range(4))


def best_discards_of_mask(mask: int) -> tuple[int, int]:
    """The lowest deadwood after discarding one card, and the mask of the cards whose discard
    leaves it. For one choice of sets, the best discards are those of the suits left to runs
    with the best `BEST_DISCARD_GAIN` (four table look-ups); a card is a best discard of the
    hand when it is one for a choice that reaches the lowest deadwood (as in
    `best_discard_deadwood_of_mask`, every discard is some choice's discard from runs)."""
    s0, s1, s2, s3 = (mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS,
                      mask >> 39)
    threes = ranks_of_three(s0, s1, s2, s3)
    if not threes:
        return _best_discards_of_suits(s0, s1, s2, s3)
    best, best_bits = NO_CARD, 0
    for removed in set_removals(mask, threes):
        rest = mask ^ removed
        value, bits = _best_discards_of_suits(rest & SUIT_BITS, rest >> 13 & SUIT_BITS,
                                              rest >> 26 & SUIT_BITS, rest >> 39)
        if value < best:
            best, best_bits = value, bits
        elif value == best:
            best_bits |= bits
    return best, best_bits


def _best_discards_of_suits(s0: int, s1: int, s2: int, s3: int) -> tuple[int, int]:
    """`best_discards_of_mask` of cards left to runs, given as their four suits."""
    table, gain, bits = RUN_DEADWOOD, BEST_DISCARD_GAIN, BEST_DISCARD_BITS
    g0, g1, g2, g3 = gain[s0], gain[s1], gain[s2], gain[s3]
    best = min(g0, g1, g2, g3)
    return (table[s0] + table[s1] + table[s2] + table[s3] + best,
            (bits[s0] if g0 == best else 0) | (bits[s1] << 13 if g1 == best else 0)
            | (bits[s2] << 26 if g2 == best else 0) | (bits[s3] << 39 if g3 == best else 0))


def discard_deadwoods_of_mask(mask: int) -> dict[int, int]:
    """For each card (bit) of the hand, the lowest deadwood after discarding it, in one pass:
    for a fixed set choice, a discard changes only its own suit's table entry, and a card of
    a set is covered by the set choices without it."""
    s0, s1, s2, s3 = (mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS,
                      mask >> 39)
    threes = ranks_of_three(s0, s1, s2, s3)
    table = RUN_DEADWOOD
    best: dict[int, int] = {}
    if not threes:  # the usual case: one set choice (none), so no comparisons
        total = table[s0] + table[s1] + table[s2] + table[s3]
        for discards, suit_mask in zip(_SUIT_DISCARDS, (s0, s1, s2, s3)):
            base = total - table[suit_mask]
            for card, without in discards[suit_mask]:
                best[card] = base + without
        return best
    for removed in set_removals(mask, threes):
        rest = mask ^ removed
        suits = (rest & SUIT_BITS, rest >> 13 & SUIT_BITS, rest >> 26 & SUIT_BITS, rest >> 39)
        total = table[suits[0]] + table[suits[1]] + table[suits[2]] + table[suits[3]]
        for discards, suit_mask in zip(_SUIT_DISCARDS, suits):
            base = total - table[suit_mask]
            for card, without in discards[suit_mask]:
                value = base + without
                if value < best.get(card, NO_CARD):
                    best[card] = value
    return best


__all__ = ["deadwood_of_mask"]
