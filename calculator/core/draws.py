"""One draw ahead, exactly: for a hand and every unseen card, the lowest deadwood after
drawing that card and making the best discard.

These are `best_discard_deadwood_of_mask(kept | card)` for every card (the tests check every
entry against it), worked out in bulk from the engine's per-suit run table: without a rank of
three, a hand's deadwood is the sum of its suits' table entries and its best discard is the
suit with the best gain, so a drawn card changes one suit's two look-ups only. The same for
every discard of an 11-card hand at once, in lanes of bits, is `lanes.discard_draws`.
"""
from __future__ import annotations

from .tables import (BEST_DISCARD_BITS, BEST_DISCARD_GAIN, COLUMN, NO_CARD, RUN_DEADWOOD,
                     SUIT_BITS, best_discard_deadwood_of_mask, ranks_of_three, ranks_twice,
                     set_removals)
from .memo import Memo


_CARD_BITS = tuple(1 << i for i in range(52))
# by suit: its 13-bit mask -> the bits of those cards (52-bit), lowest first
_BITS_BY_SUIT = tuple(Memo(lambda suit_mask, s=s: tuple(
    _CARD_BITS[13 * s + r] for r in range(13) if suit_mask >> r & 1), keys=range(1 << 13))
    for s in range(4))


def bits_of(mask: int) -> list[int]:
    """The single-card bits of a mask (52 bits), lowest first. Why tables: one look-up a
    suit, where taking the lowest bit off in a loop made the unseen cards (some 35) 4x
    slower (measured; the advice and the sampler list them for every position)."""
    b0, b1, b2, b3 = _BITS_BY_SUIT
    return list(b0[mask & SUIT_BITS] + b1[mask >> 13 & SUIT_BITS] + b2[mask >> 26 & SUIT_BITS]
                + b3[mask >> 39 & SUIT_BITS])


def index_of(bit: int) -> int:
    return bit.bit_length() - 1


# a suit's 13-bit mask -> how much its run deadwood changes at best when one of its cards goes
# (NO_CARD for an empty suit): the engine's own table
GAIN = BEST_DISCARD_GAIN
# a suit's 13-bit mask -> the lowest card (13-bit) whose discard gives the suit's best gain
FIRST_BEST = Memo(lambda suit_mask: BEST_DISCARD_BITS[suit_mask] & -BEST_DISCARD_BITS[suit_mask],
                  keys=range(1 << 13))


# --- one draw: what every unseen card does to a 10-card hand ---------------------------------

def draw_deadwoods(kept: int, unseen: int) -> dict[int, int]:
    """For a 10-card hand: each unseen card (bit) -> the lowest deadwood after drawing it and
    discarding the best card (the drawn card included: discarding it keeps the hand).

    Equal to `best_discard_deadwood_of_mask(kept | card)` for every card (the tests check
    it), from the per-suit tables: for each way the hand gives cards to sets, a draw changes
    one suit of the rest (two look-ups beside the other suits' best gain), and a third card
    of a rank held twice also counts the new set. About 0.3 µs a card against 1.5 µs for the
    engine's call (more with sets), and the odds three draws ahead make tens of thousands.

    >>> from calculator.core.cards import Card, cards_mask, parse_hand
    >>> kept = cards_mask(parse_hand("As 2s 3s 7c 7h 7d Tc Jc Qc 5h"))
    >>> after = draw_deadwoods(kept, Card("4s").bit | Card("Kd").bit | Card("6h").bit)
    >>> {str(Card.from_index(b.bit_length() - 1)): v for b, v in after.items()}
    {'4s': 0, '6h': 5, 'Kd': 5}
    """
    cards = bits_of(unseen)
    by_suit = [bits_of(unseen >> (13 * s) & SUIT_BITS) for s in range(4)]
    return dict(zip(cards, kept_draws(kept, by_suit)))


def kept_draws(kept: int, by_suit: list[list[int]]) -> list[int]:
    """`draw_deadwoods` of a 10-card hand as a list, the draws given by suit (13-bit bits,
    in card order)."""
    k = [kept >> (13 * s) & SUIT_BITS for s in range(4)]
    table, gain = RUN_DEADWOOD, GAIN
    # each suit's draws looked up once, for the set choices that leave the suit whole
    looked = [[(table[k[s] | low], gain[k[s] | low]) for low in by_suit[s]] for s in range(4)]
    afters = None
    for removed in set_removals(kept, ranks_of_three(*k)):
        rest = k if not removed else [(kept ^ removed) >> (13 * s) & SUIT_BITS
                                      for s in range(4)]
        row = _draw_row(rest, k, by_suit, looked)
        afters = row if afters is None else list(map(min, afters, row))
    twice = ranks_twice(*k)
    if twice:  # a draw at a rank the kept hand holds twice or more can make a new set
        with_set: dict[int, int] = {}  # by rank: the drawn card's suit does not matter
        index = 0
        for s in range(4):
            for low in by_suit[s]:
                if low & twice:
                    value = with_set.get(low)
                    if value is None:
                        value = with_set[low] = with_new_set(kept, low << (13 * s))
                    if value < afters[index]:
                        afters[index] = value
                index += 1
    return afters


def _draw_row(rest: list[int], whole: list[int], by_suit: list[list[int]], looked) -> list[int]:
    """The lowest deadwood after each draw and the best discard, the drawn card left to runs
    beside `rest` (the suits of the cards not given to sets)."""
    table, gain = RUN_DEADWOOD, GAIN
    total = table[rest[0]] + table[rest[1]] + table[rest[2]] + table[rest[3]]
    g = [gain[x] for x in rest]
    first, second = sorted(g)[:2]
    low_suit = g.index(first)
    row: list[int] = []
    for s in range(4):
        if not by_suit[s]:
            continue
        others = second if s == low_suit else first
        base = total - table[rest[s]]
        if rest[s] == whole[s]:
            row += [base + t + (a if a < others else others) for t, a in looked[s]]
        else:
            held = rest[s]
            for low in by_suit[s]:
                after = held | low
                a = gain[after]
                row.append(base + table[after] + (a if a < others else others))
    return row


def with_new_set(kept: int, bit: int) -> int:
    """The lowest deadwood of kept + drawn card after the best discard, over the set choices
    that put the drawn card in a set of its rank (the others are in `_draw_row`): the rest's
    own best discard, the set aside."""
    column = (COLUMN << index_of(bit) % 13) & (kept | bit)
    if column.bit_count() == 4:  # a fourth card: 3-of-4 choices too, the engine's search
        return best_discard_deadwood_of_mask(kept | bit)
    return best_discard_deadwood_of_mask(kept & ~column)


def lowest_discard(hand: int, keep: int = 0) -> tuple[int, int]:
    """The first card (bit) in card order whose discard leaves the lowest deadwood, never one
    of `keep`, and that deadwood (the card `greedy_keep` and `keep_without` throw): for each
    way the hand gives cards to sets, each suit of the rest with the best gain, and in it the
    lowest card that gives it (a card of a set is discarded under the choice without it), the
    lowest such card over the choices. A few table look-ups where `best_discards_of_mask` builds every
    discard's deadwood when a rank holds three cards (ten times the cost; the sampler makes
    thousands of these).

    >>> from calculator.core.cards import Card, cards_mask, parse_hand
    >>> bit, deadwood = lowest_discard(cards_mask(parse_hand("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd")))
    >>> Card.from_index(bit.bit_length() - 1), deadwood
    (Card('Kd'), 5)
    """
    s0, s1, s2, s3 = (hand & SUIT_BITS, hand >> 13 & SUIT_BITS, hand >> 26 & SUIT_BITS,
                      hand >> 39)
    table, gain = RUN_DEADWOOD, GAIN
    threes = ranks_of_three(s0, s1, s2, s3)
    if not threes:
        # Why this path: no rank of three, so one set choice, and the first card of a suit
        # with its best gain is one table look-up (`FIRST_BEST`) where the general loop
        # below walks the suit's cards; the sampler's hands make ~3.5 of these a sample, and
        # it made building a sample ~20% cheaper. The same card as the loop below.
        total = table[s0] + table[s1] + table[s2] + table[s3]
        best, found, shift = NO_CARD, 0, 0
        for suit in (s0, s1, s2, s3):
            if suit and total + gain[suit] < best:
                kept = keep >> shift & SUIT_BITS
                if kept & suit:  # the best card of the suit may be a kept one: look at each
                    value, bit = _best_in_suit(suit, kept)
                    if bit and total + value < best:
                        best, found = total + value, bit << shift
                else:
                    best, found = total + gain[suit], FIRST_BEST[suit] << shift
            shift += 13
        return found, best
    best, found = NO_CARD, 0
    for removed in set_removals(hand, threes):
        rest = hand ^ removed
        r = (rest & SUIT_BITS, rest >> 13 & SUIT_BITS, rest >> 26 & SUIT_BITS, rest >> 39)
        total = table[r[0]] + table[r[1]] + table[r[2]] + table[r[3]]
        for s in (0, 1, 2, 3):
            suit = r[s]
            if not suit or total + gain[suit] > best:
                continue
            kept = keep >> (13 * s) & SUIT_BITS
            if kept & suit:  # the best card of the suit may be a kept one: look at each
                value, bit = _best_in_suit(suit, kept)
            else:
                value, bit = gain[suit], FIRST_BEST[suit]
            if bit:
                value += total
                bit <<= 13 * s
                if value < best or value == best and bit < found:  # ties: card order
                    best, found = value, bit
    return found, best


def _best_in_suit(suit: int, keep: int) -> tuple[int, int]:
    table, base = RUN_DEADWOOD, RUN_DEADWOOD[suit]
    best, found = NO_CARD, 0
    rest = suit & ~keep
    while rest:
        low = rest & -rest
        rest ^= low
        value = table[suit ^ low] - base
        if value < best:
            best, found = value, low
    return best, found
