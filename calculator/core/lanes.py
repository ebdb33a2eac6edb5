"""One draw ahead for every discard of an 11-card hand at once (`discard_draws`), and the
knock and gin outs of a 10-card hand (`DrawOuts`), each row worked out in lanes of bits: the
values of `draws`, in bulk.
"""
from __future__ import annotations

from .draws import GAIN, bits_of, lowest_discard, with_new_set
from .memo import Memo
from .tables import COLUMN, RUN_DEADWOOD, SUIT_BITS, ranks_of_three, ranks_twice, set_removals


# --- one draw for every discard at once, one lane of bits per card ---------------------------
#
# Why lanes: each (discard, draw) value is a handful of additions and one minimum over the
# same few suit look-ups, so `discard_draws` packs the 52 draws' values into one
# integer, 16 bits a card (bit 16 * card), and works a whole row with a few integer
# operations (SWAR: a lane-wise minimum from one subtraction whose borrow stays inside each
# lane, every lane held below 2^15). Measured 1.6x faster than the code it replaced (sorted
# prefix sums for the suits a discard leaves alone, the rest draw by draw) on bench/advice.py's
# 300 positions, the old and new code interleaved in one process.

LANE = 16
_SUIT_LANES = 13 * LANE
LANES_13 = sum(1 << (LANE * j) for j in range(13))  # a 1 in each lane of one suit
LANE_ONES = sum(LANES_13 << (_SUIT_LANES * s) for s in range(4))
LANE_HIGH = LANE_ONES << (LANE - 1)
_LANE_MASK = (1 << LANE) - 1
_G0 = 16   # lanes hold a gain + 16 (a gain is at least -10: one card's points)
_D0 = 128  # and a draw's change of its suit's run deadwood + 128 (at least -100, at most 10)
_LANE_TOP = (1 << (LANE - 1)) - 1  # the largest value a lane may hold
_LANE_FULL = _LANE_TOP * LANE_ONES


def _draw_lanes(suit_mask: int) -> tuple[int, int]:
    """For one suit's cards and each rank j drawn into it, in lane j: the change of the
    suit's run deadwood + _D0, and the suit's best gain after the draw + _G0 (a rank the
    suit holds gets the suit's own values: not a draw, masked out by the caller)."""
    table, base = RUN_DEADWOOD, RUN_DEADWOOD[suit_mask]
    changes = gains = 0
    for j in range(13):
        after = suit_mask | 1 << j
        changes |= (table[after] - base + _D0) << (LANE * j)
        gains |= (GAIN[after] + _G0) << (LANE * j)
    return changes, gains


DRAW_LANES = Memo(_draw_lanes, keys=range(1 << 13))
_R0 = 64  # lanes hold a discard's change of its suit's run deadwood + 64 (-10 to +40)


def _discard_lanes(suit_mask: int) -> tuple[int, int]:
    """`_draw_lanes` for a card of the suit discarded: in lane j (a rank the suit holds),
    the change of the suit's run deadwood + _R0 and the suit's best gain after it + _G0."""
    table, base = RUN_DEADWOOD, RUN_DEADWOOD[suit_mask]
    changes = gains = 0
    for j in range(13):
        if suit_mask >> j & 1:
            after = suit_mask ^ 1 << j
            changes |= (table[after] - base + _R0) << (LANE * j)
            gains |= (GAIN[after] + _G0) << (LANE * j)
        else:
            changes |= _R0 << (LANE * j)
            gains |= _G0 << (LANE * j)
    return changes, gains


DISCARD_LANES = Memo(_discard_lanes, keys=range(1 << 13))
SPREAD = Memo(lambda suit_mask: sum(1 << (LANE * j) for j in range(13) if suit_mask >> j & 1),
              keys=range(1 << 13))
GATHER = Memo(lambda lanes: sum(1 << j for j in range(13) if lanes >> (LANE * j) & 1))


def _lane_min(p: int, q: int) -> int:
    """The lane-wise minimum of two lane vectors (every lane below 2^15)."""
    diff = (p | LANE_HIGH) - q  # lane: 2^15 + p - q, its top bit set when p >= q
    top = diff & LANE_HIGH
    return p - ((diff ^ top) & ((top >> (LANE - 1)) * _LANE_MASK))


def _chunk(lanes: Memo, key: int) -> int:
    """`key`: a suit's 13-bit mask | (the other three suits' best gain + _G0) << 13. The
    suit's 13 lanes of a row (`_lane_row`): its `lanes` entry's changes plus the lane-wise
    lower of its gains and the others' best gain."""
    changes, gains = lanes[key & SUIT_BITS]
    return changes + _lane_min(gains, (key >> 13) * LANES_13)


DRAW_CHUNK = Memo(lambda key: _chunk(DRAW_LANES, key))
# a suit's best gain as the chunks' keys hold it: + _G0 (never below 0), shifted past the suit
GAIN_KEY = Memo(lambda suit_mask: GAIN[suit_mask] + _G0 << 13, keys=range(1 << 13))
_TWO_SUITS, _THREE_SUITS = 2 * _SUIT_LANES, 3 * _SUIT_LANES
DISCARD_CHUNK = Memo(lambda key: _chunk(DISCARD_LANES, key))


def _lane_row(r0: int, r1: int, r2: int, r3: int, chunks: Memo = DRAW_CHUNK,
              offset: int = _D0) -> int:
    """`draws._draw_row` as lanes: lane c holds the lowest deadwood after drawing card c and the
    best discard, the drawn card left to runs beside the rest (`r0`..`r3`: the suits of the
    cards not given to sets); lanes of cards not drawable hold values that mean nothing.
    With `DISCARD_CHUNK` (offset _R0), lane c holds the deadwood after discarding card c of
    the rest and then its best discard.

    A card drawn into (or thrown from) a suit meets the lowest gain of the other three, so
    each suit's 13 lanes are one table entry keyed by the suit and that gain. Why: one
    look-up and one shift a suit, where building the four suits' change and gain vectors
    and their lane-wise minimum took four times the operations (measured 1.5x faster a
    row)."""
    key = GAIN_KEY
    g0, g1, g2, g3 = key[r0], key[r1], key[r2], key[r3]
    low01 = g0 if g0 < g1 else g1
    low23 = g2 if g2 < g3 else g3
    table = RUN_DEADWOOD
    return ((chunks[r0 | (g1 if g1 < low23 else low23)]
             | chunks[r1 | (g0 if g0 < low23 else low23)] << _SUIT_LANES
             | chunks[r2 | (g3 if g3 < low01 else low01)] << _TWO_SUITS
             | chunks[r3 | (g2 if g2 < low01 else low01)] << _THREE_SUITS)
            + (table[r0] + table[r1] + table[r2] + table[r3] - _G0 - offset) * LANE_ONES)


def _lane_sum(lanes: int) -> int:
    """The sum of the lanes, when it is below 2^16 - 1 (each lane a deadwood, at most 41
    lanes): 2^16 is 1 modulo 2^16 - 1, so the number is its lanes' sum modulo that. Why:
    one division by a one-digit number, where folding the lanes pairwise took a dozen
    operations on the whole row (measured 3x faster)."""
    return lanes % _LANE_MASK


def _gathered(tops: int) -> int:
    """The cards (52-bit mask) whose lanes have their top bit set in `tops`."""
    tops >>= LANE - 1
    out = 0
    for s in range(4):
        chunk = tops >> (_SUIT_LANES * s) & LANES_13
        if chunk:
            out |= GATHER[chunk] << (13 * s)
    return out


def _kept_row(kept: int, k: list[int]) -> int:
    """`_lane_row` of a kept hand (`k` its four suits): where a rank holds three cards, the
    lane-wise lowest over its set choices."""
    threes = ranks_of_three(*k)
    if not threes:
        return _lane_row(*k)
    row = None
    for removed in set_removals(kept, threes):
        other = _lane_row(*k) if not removed else _lane_row(
            *[(kept ^ removed) >> (13 * s) & SUIT_BITS for s in range(4)])
        row = other if row is None else _lane_min(row, other)
    return row


def discard_draws(hand: int, keep: int, unseen: int, limit: int
                  ) -> list[tuple[int, int, int, int, int]]:
    """For an 11-card hand, each discard but the `keep` cards, in card order: (discard bit,
    the kept hand's deadwood, the total over the unseen cards of the lowest deadwood after
    drawing each next and the best discard, the knock outs, the gin outs), the outs as
    masks of the unseen cards after which the deadwood is within `limit` and 0. The
    deadwood comes from the same set choices' run tables as the rows, for the price of two
    look-ups.

    Each kept hand's row is worked out for all draws at once in lanes (see `_lane_row`):
    for each way it gives cards to sets, a draw changes one suit of the rest; the rows of
    the set choices meet in a lane-wise minimum; a draw making a third card of a rank held
    twice (or a fourth) also counts that set, worked out for all discards at once
    (`_new_sets`). The tests check every entry against the engine."""
    u = [unseen >> (13 * s) & SUIT_BITS for s in range(4)]
    shift = _SUIT_LANES
    ones = SPREAD[u[0]] | SPREAD[u[1]] << shift | SPREAD[u[2]] << 2 * shift \
        | SPREAD[u[3]] << 3 * shift
    drawable = ones * _LANE_MASK
    tops = ones << (LANE - 1)
    knock_bar = (limit + 1) * LANE_ONES
    any_unseen = u[0] | u[1] | u[2] | u[3]
    suits = [hand >> (13 * s) & SUIT_BITS for s in range(4)]
    threes = ranks_of_three(*suits)
    ranks = (ranks_twice(*suits) | threes) & any_unseen
    # each rank held twice or three times with a card unseen: the lanes of those cards and,
    # by discard, the deadwood when the drawn card joins a set of its rank (`_new_sets`),
    # laid over each row in one lane-wise minimum
    by_rank = []
    spread = 1 | 1 << shift | 1 << 2 * shift | 1 << 3 * shift
    s0, s1, s2, s3 = suits
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        column = hand & COLUMN * low
        if threes:
            three = bool(low & threes)
            made = _new_sets(hand, column, three)
        else:  # a pair, and no rank of three in the rest: `_new_sets`, its one row
            three = False
            made = _lane_row(s0 & ~low, s1 & ~low, s2 & ~low, s3 & ~low, DISCARD_CHUNK, _R0)
        by_rank.append((SPREAD[low] * spread & ones, made, 0 if three else column))
    # a kept hand's set choices are the hand's that do not hold its discard: each choice's
    # rest (the hand without the cards it gives to sets) worked out once, not per discard
    table = RUN_DEADWOOD
    choices = []
    if threes:
        for removed in set_removals(hand, threes)[1:]:
            rest = [(hand ^ removed) >> (13 * s) & SUIT_BITS for s in range(4)]
            choices.append((removed, rest, table[rest[0]] + table[rest[1]] + table[rest[2]]
                            + table[rest[3]]))
    total = table[suits[0]] + table[suits[1]] + table[suits[2]] + table[suits[3]]
    out = []
    for bit in bits_of(hand & ~keep):
        index = bit.bit_length() - 1
        sd = index // 13
        low = bit >> (13 * sd)
        k = suits.copy()
        k[sd] ^= low
        row = _lane_row(*k)
        deadwood = total - table[suits[sd]] + table[k[sd]]  # the kept hand's, by its runs
        for removed, rest, rest_total in choices:
            if not bit & removed:
                k = rest.copy()
                k[sd] ^= low
                row = _lane_min(row, _lane_row(*k))
                other = rest_total - table[rest[sd]] + table[k[sd]]
                if other < deadwood:
                    deadwood = other
        if by_rank:
            lowered = 0
            at = LANE * index
            for lanes, made, pair in by_rank:
                if not bit & pair:  # the kept hand holds the rank twice or more
                    lowered += (_LANE_TOP - (made >> at & _LANE_MASK)) * lanes
            if lowered:
                row = _lane_min(row, _LANE_FULL - lowered)
        row &= drawable
        knock = tops & ~(((row | LANE_HIGH) - knock_bar) & LANE_HIGH)
        if knock:
            gin = tops & ~(((row | LANE_HIGH) - LANE_ONES) & LANE_HIGH)
            out.append((bit, deadwood, _lane_sum(row), _gathered(knock),
                        _gathered(gin) if gin else 0))
        else:
            out.append((bit, deadwood, _lane_sum(row), 0, 0))
    return out


class DrawOuts:
    """`outs(kept)`: the knock and gin outs of a 10-card hand among the unseen cards it does
    not hold (the cards whose draw leaves a lowest deadwood within the limit, or 0), its row
    worked out in lanes as `discard_draws` does: the k-draw odds ask this of every
    hand they reach (measured 2x faster than from `draws.kept_draws`' row)."""

    __slots__ = ("unseen", "any_rank", "tops", "knock_bar")

    def __init__(self, unseen: int, limit: int):
        u = [unseen >> (13 * s) & SUIT_BITS for s in range(4)]
        shift = _SUIT_LANES
        ones = SPREAD[u[0]] | SPREAD[u[1]] << shift | SPREAD[u[2]] << 2 * shift \
            | SPREAD[u[3]] << 3 * shift
        self.unseen, self.any_rank = unseen, u[0] | u[1] | u[2] | u[3]
        self.tops = ones << (LANE - 1)
        self.knock_bar = (limit + 1) * LANE_ONES

    def __call__(self, kept: int) -> tuple[int, int]:
        k = [kept >> (13 * s) & SUIT_BITS for s in range(4)]
        row = _kept_row(kept, k)
        free = self.unseen & ~kept
        twice = ranks_twice(*k) & self.any_rank
        while twice:  # a third card of a rank held twice (or a fourth): a set may form
            low = twice & -twice
            twice ^= low
            drawn = free & (COLUMN * low)
            made = None
            while drawn:
                card = drawn & -drawn
                drawn ^= card
                if made is None:  # the same for every suit of the drawn card
                    made = with_new_set(kept, card)
                at = LANE * (card.bit_length() - 1)
                value = row >> at & _LANE_MASK
                if made < value:
                    row -= (value - made) << at
        tops = self.tops  # the unseen cards' lanes
        knock = tops & ~(((row | LANE_HIGH) - self.knock_bar) & LANE_HIGH)
        if not knock:
            return 0, 0
        gin = tops & ~(((row | LANE_HIGH) - LANE_ONES) & LANE_HIGH)
        return (_gathered(knock) & ~kept, _gathered(gin) & ~kept if gin else 0)


def _new_sets(hand: int, column: int, three: bool) -> int:
    """For a rank the hand holds twice or three times (`column`, those cards), in the lane
    of each discard after which the kept hand still holds it twice or more: the lowest
    deadwood after drawing an unseen card of the rank into a set with them and the best
    discard (`with_new_set` of that kept hand; the tests check every entry against the
    engine). Other lanes mean nothing.

    Twice: the set is the pair and the drawn card; the rest's best discard. Three times,
    drawing the fourth: keeping all three, the four in a set or the drawn card with two of
    them and the third left to runs; discarding one of them, the other two and the drawn
    card in a set."""
    made = _rest_discards(hand & ~column)  # the pair and the card, or all four, in a set
    if three:
        for card in bits_of(column):  # three in a set, this card left to runs
            made = _lane_min(made, _rest_discards(hand & ~column | card))
        ones = _spread(column)
        made = (made & ~(ones * _LANE_MASK)) | ones * lowest_discard(hand & ~column)[1]
    return made


def _spread(mask: int) -> int:
    """A 1 in the lane of each card of the mask."""
    shift = _SUIT_LANES
    return (SPREAD[mask & SUIT_BITS] | SPREAD[mask >> 13 & SUIT_BITS] << shift
            | SPREAD[mask >> 26 & SUIT_BITS] << 2 * shift | SPREAD[mask >> 39] << 3 * shift)


def _rest_discards(rest: int) -> int:
    """In the lane of each card of `rest`: `best_discard_deadwood_of_mask(rest ^ card)`,
    over each way `rest` gives cards to sets (a card of a set goes under the choices
    without that set)."""
    r = [rest >> (13 * s) & SUIT_BITS for s in range(4)]
    threes = ranks_of_three(*r)
    if not threes:  # one set choice: none
        return _lane_row(*r, DISCARD_CHUNK, _R0)
    best = None
    for removed in set_removals(rest, threes):
        if removed:
            left = [(rest ^ removed) >> (13 * s) & SUIT_BITS for s in range(4)]
            row = _lane_row(*left, DISCARD_CHUNK, _R0)
            ones = _spread(removed)  # not discards under this choice
            row = (row & ~(ones * _LANE_MASK)) | ones * _LANE_TOP
        else:
            row = _lane_row(*r, DISCARD_CHUNK, _R0)
        best = row if best is None else _lane_min(best, row)
    return best
