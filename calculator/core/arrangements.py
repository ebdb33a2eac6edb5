"""Every lowest-deadwood arrangement of a hand, and every meld inside a hand (for the spreads
the knocker may choose): slower than the one best arrangement of `melds`, so on request.

Adjacent runs of one suit are counted once (a run is never split in two); the arrangement the
tie rule picks (see `melds`) comes first.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Sequence

from .cards import POINTS, mask_cards
from .melds import (Arrangement, assemble, best_arrangement_of_mask, first_card_index,
                    hand_mask, meld_from_mask, tie_rule_sets)
from .memo import Memo
from .tables import (COLUMN, RUN_DEADWOOD, SET_OPTIONS, SUIT_BITS, choice_totals, choices_at,
                     ranks_of_three, suits_at)


# --- every optimal arrangement (slower; on request) -----------------------------------------

@lru_cache(maxsize=8192)
def _optimal_suit_covers(suit_mask: int) -> tuple[tuple[int, ...], ...]:
    """Every lowest-deadwood run cover of one suit, runs never adjacent (never a split run)."""
    if not suit_mask:
        return ((),)
    target = RUN_DEADWOOD[suit_mask]
    low = (suit_mask & -suit_mask).bit_length() - 1
    covers = []
    rest = suit_mask & (suit_mask - 1)
    if POINTS[low] + RUN_DEADWOOD[rest] == target:
        covers.extend(_optimal_suit_covers(rest))
    run, top = 1 << low, low
    while top + 1 < 13 and suit_mask >> (top + 1) & 1:
        top += 1
        run |= 1 << top
        remaining = suit_mask & ~run
        if top - low >= 2 and RUN_DEADWOOD[remaining] == target:
            for cover in _optimal_suit_covers(remaining):
                if not any(r & (1 << (top + 1)) for r in cover):
                    covers.append((run,) + cover)
    return tuple(covers)


# a suit's 13-bit mask -> whether its lowest-deadwood run cover is the only one
_SOLE_COVER = Memo(lambda suit_mask: len(_optimal_suit_covers(suit_mask)) == 1)


def all_best_arrangements(cards) -> list[Arrangement]:
    """Every arrangement with the lowest deadwood, the one the tie rule picks first.

    >>> [[str(meld) for meld in a.melds] for a in all_best_arrangements("6s 7s 8s 6h 7h 7c")]
    [['6s 7s 8s'], ['7s 7h 7c']]
    """
    return all_best_arrangements_of_mask(hand_mask(cards))


def all_best_arrangements_of_mask(mask: int) -> list[Arrangement]:
    s0, s1, s2, s3 = (mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS,
                      mask >> 39)
    threes = ranks_of_three(s0, s1, s2, s3)
    sole = _SOLE_COVER
    if not threes and sole[s0] and sole[s1] and sole[s2] and sole[s3]:
        return [best_arrangement_of_mask(mask)]  # the usual case: one way, no sets
    removals, choices = choices_at(mask & threes * COLUMN)
    totals = choice_totals(mask, removals)
    best = min(totals)
    if totals.count(best) == 1:
        chosen = totals.index(best)
        rest = mask ^ removals[chosen]
        if sole[rest & SUIT_BITS] and sole[rest >> 13 & SUIT_BITS] \
                and sole[rest >> 26 & SUIT_BITS] and sole[rest >> 39]:
            return [assemble(mask, choices[chosen])]  # one set choice, one way to run the rest
    covers_of = _optimal_suit_covers
    ways = []  # (set masks, run masks) of every optimal arrangement
    for removed, choice, total in zip(removals, choices, totals):
        if total != best:
            continue
        rest = mask ^ removed
        suits = (rest & SUIT_BITS, rest >> 13 & SUIT_BITS, rest >> 26 & SUIT_BITS, rest >> 39)
        for covers in product(*map(covers_of, suits)):
            ways.append(list(choice) + [run << (13 * suit) for suit, cover in enumerate(covers)
                                        for run in cover])
    if len(ways) == 1:
        return [arrangement_of_masks(mask, ways[0])]  # one optimal arrangement: the tie rule's
    chosen = assemble(mask, tie_rule_sets(mask, removals, choices, totals, best))
    found = [arrangement_of_masks(mask, meld_masks) for meld_masks in ways]
    found.sort(key=lambda a: (a != chosen, len(a.deadwood_cards), len(a.melds),
                              [m.cards[0].index for m in a.melds]))
    return found


def arrangement_of_masks(mask: int, meld_masks: "Sequence[int]") -> Arrangement:
    """The arrangement of a hand (mask) with these melds (masks); the rest is deadwood."""
    melds = sorted(map(meld_from_mask, meld_masks), key=first_card_index)
    return Arrangement.of(melds, mask_cards(mask & ~sum(meld_masks)))


# --- every meld inside a hand (for spreads the knocker may choose) ---------------------------

def _runs_in_suit(suit: int) -> Memo:
    """For one suit: its 13-bit mask -> every run inside it (52-bit masks, 3 cards or more,
    sub-runs included)."""
    shift = 13 * suit

    def runs(suit_mask: int) -> tuple[int, ...]:
        found = []
        for low in range(11):
            run = 0
            for top in range(low, 13):
                if not suit_mask >> top & 1:
                    break
                run |= 1 << top
                if top - low >= 2:
                    found.append(run << shift)
        return tuple(found)
    return Memo(runs)


_RUNS_IN_SUIT = tuple(_runs_in_suit(suit) for suit in range(4))


def melds_in_mask(mask: int) -> list[int]:
    """Every set and run contained in the hand, sub-runs and 3-of-4 sets included."""
    found = []
    s0, s1, s2, s3 = (mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS,
                      mask >> 39)
    threes = ranks_of_three(s0, s1, s2, s3)
    while threes:
        low = threes & -threes
        rank = low.bit_length() - 1
        threes ^= low
        found += SET_OPTIONS[rank][suits_at(mask, rank)][1:]  # the first is no set at all
    spades, hearts, diamonds, clubs = _RUNS_IN_SUIT
    found += spades[s0]
    found += hearts[s1]
    found += diamonds[s2]
    found += clubs[s3]
    return found


def run_touch(meld_mask: int) -> int:
    """The cards next to a run in its suit (0 for a set): a run holding one of them would
    touch this one, and two touching runs are one longer run."""
    low = (meld_mask & -meld_mask).bit_length() - 1
    suit = low // 13
    if meld_mask >> (suit * 13) & SUIT_BITS != meld_mask >> (suit * 13) or \
            meld_mask >> low != (1 << meld_mask.bit_count()) - 1:
        return 0  # spans suits (a set) or has a gap: not a run
    suit_bits = SUIT_BITS << (suit * 13)
    return (meld_mask << 1 | meld_mask >> 1) & suit_bits & ~meld_mask


__all__ = ["all_best_arrangements", "melds_in_mask"]
