"""One draw ahead, exactly: for a hand and every unseen card, the lowest deadwood after
drawing that card and making the best discard.

These are `best_discard_deadwood_of_mask(kept | card)` for every card (the tests check every
entry against it), worked out in bulk from the engine's per-suit run table: without a rank of
three, a hand's deadwood is the sum of its suits' table entries and its best discard is the
suit with the best gain, so a drawn card changes one suit's two look-ups only.
"""
from __future__ import annotations

from bisect import bisect_left

from .melds import RUN_DEADWOOD, SUIT_BITS, best_discard_deadwood_of_mask
from .memo import Memo

COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39  # the four cards of the lowest rank
_IMPOSSIBLE = 10_000  # a gain no discard reaches: an empty suit has nothing to discard


def bits_of(mask: int) -> list[int]:
    """The single-card bits of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def index_of(bit: int) -> int:
    return bit.bit_length() - 1


def _gain(suit_mask: int) -> int:
    """How much the run deadwood of one suit changes at best when one of its cards goes."""
    if not suit_mask:
        return _IMPOSSIBLE
    table = RUN_DEADWOOD
    return min(table[suit_mask & ~(1 << r)] for r in range(13) if suit_mask >> r & 1) \
        - table[suit_mask]


GAIN = Memo(_gain, keys=range(1 << 13))


def _first_best(suit_mask: int) -> int:
    """The lowest card (13-bit) of a suit whose discard gives the suit's best gain."""
    return _first_with_gain(suit_mask, GAIN[suit_mask]) if suit_mask else 0


FIRST_BEST = Memo(_first_best, keys=range(1 << 13))


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


def kept_draws(kept: int, by_suit: list[list[int]], whole: list[int] | None = None,
               looked=None) -> list[int]:
    """`draw_deadwoods` of a 10-card hand as a list, the draws given by suit (13-bit bits,
    in card order). `whole` and `looked` are a larger hand's suits and its draws' look-ups,
    reused where the kept hand's suit is the same (see `discard_draw_table`)."""
    k = [kept >> (13 * s) & SUIT_BITS for s in range(4)]
    if whole is None:
        table, gain = RUN_DEADWOOD, GAIN
        whole = k
        looked = [[(table[k[s] | low], gain[k[s] | low]) for low in by_suit[s]]
                  for s in range(4)]
    afters = None
    for removed in _set_choices(kept, k):
        rest = k if not removed else [(kept ^ removed) >> (13 * s) & SUIT_BITS
                                      for s in range(4)]
        row = _draw_row(rest, whole, by_suit, looked)
        afters = row if afters is None else list(map(min, afters, row))
    twice = _ranks_twice(*k)
    if twice:  # a draw at a rank the kept hand holds twice or more can make a new set
        with_set: dict[int, int] = {}  # by rank: the drawn card's suit does not matter
        index = 0
        for s in range(4):
            for low in by_suit[s]:
                if low & twice:
                    value = with_set.get(low)
                    if value is None:
                        value = with_set[low] = _with_new_set(kept, low << (13 * s))
                    if value < afters[index]:
                        afters[index] = value
                index += 1
    return afters


def _ranks_twice(s0: int, s1: int, s2: int, s3: int) -> int:
    return (s0 & s1) | (s0 & s2) | (s0 & s3) | (s1 & s2) | (s1 & s3) | (s2 & s3)


def _set_choices(mask: int, suits: list[int]) -> list[int]:
    """Every way to give cards to sets in a hand (masks of the cards so taken): nothing, or
    for each rank holding 3 or 4 cards, all of them or (for 4) any 3."""
    choices = [0]
    threes = suits[0] & suits[1] & (suits[2] | suits[3]) | (suits[0] | suits[1]) & suits[2] & suits[3]
    while threes:
        low = threes & -threes
        threes ^= low
        column = (low | low << 13 | low << 26 | low << 39) & mask
        options = [column]
        if column.bit_count() == 4:
            options += [column ^ b for b in bits_of(column)]
        choices = [c | o for c in choices for o in [0] + options]
    return choices


def discard_draw_table(hand: int, keep: int, unseen: int) -> tuple[list[int], dict[int, list[int]]]:
    """For an 11-card hand: the unseen cards (bits, in card order) and, for each discard but
    the `keep` cards, the lowest deadwood after drawing each of them next (the list aligned
    with the unseen cards): `draw_deadwoods` of every kept hand at once.

    For each way the kept hand can give cards to sets, a draw changes one suit of the rest,
    so each (discard, draw) costs an addition and a minimum, and a draw into a suit other
    than the discard's meets the same suit as in the whole hand, so its two table look-ups
    are made once for all discards. A draw that makes a new set (a third card of a rank held
    twice) also counts that set. Only a fourth card of a rank held three times goes to the
    engine's search. Measured 6x faster than `draw_deadwoods` per discard (the tests check
    every entry against the engine)."""
    table, gain = RUN_DEADWOOD, GAIN
    suits = [hand >> (13 * s) & SUIT_BITS for s in range(4)]
    cards = bits_of(unseen)
    by_suit = [bits_of(unseen >> (13 * s) & SUIT_BITS) for s in range(4)]
    # each suit's draws looked up in the whole hand's suit (right for the other discards)
    looked = [[(table[suits[s] | low], gain[suits[s] | low]) for low in by_suit[s]]
              for s in range(4)]
    out: dict[int, list[int]] = {}
    for bit in bits_of(hand & ~keep):
        out[bit] = kept_draws(hand ^ bit, by_suit, suits, looked)
    return cards, out


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


def _with_new_set(kept: int, bit: int) -> int:
    """The lowest deadwood of kept + drawn card after the best discard, over the set choices
    that put the drawn card in a set of its rank (the others are in `_draw_row`): the rest's
    own best discard, the set aside."""
    column = (COLUMN << index_of(bit) % 13) & (kept | bit)
    if column.bit_count() == 4:  # a fourth card: 3-of-4 choices too, the engine's search
        return best_discard_deadwood_of_mask(kept | bit)
    return best_discard_deadwood_of_mask(kept & ~column)


class DrawSummary:
    """For one discard of an 11-card hand, over the next draw: the sum of the lowest
    deadwoods after each unseen card, and the cards that allow a knock and gin."""

    __slots__ = ("total", "knock", "gin")

    def __init__(self, total: int, knock: int, gin: int):
        self.total, self.knock, self.gin = total, knock, gin

    def __eq__(self, other) -> bool:
        return (self.total, self.knock, self.gin) == (other.total, other.knock, other.gin)

    def __repr__(self) -> str:
        return f"DrawSummary({self.total}, {self.knock:#x}, {self.gin:#x})"


class _SuitDraws:
    """One suit's draws against the whole hand's suit, sorted by the suit's best gain after
    the draw, with prefix sums, so that for any other suits' best gain X the sum over the
    draws of (table + min(gain, X)) is one bisection (see `discard_draw_summary`)."""

    __slots__ = ("gains", "bits", "tables", "n", "sum_ta", "sum_t", "min_ta", "min_t")

    def __init__(self, entries: list[tuple[int, int, int]]):
        entries.sort()
        self.gains = [a for a, _, _ in entries]
        self.tables = [t for _, t, _ in entries]
        self.bits = [b for _, _, b in entries]
        self.n = len(entries)
        self.sum_ta, self.sum_t, self.min_ta = [0], [0], [_IMPOSSIBLE]
        for a, t, _ in entries:
            self.sum_ta.append(self.sum_ta[-1] + t + a)
            self.sum_t.append(self.sum_t[-1] + t)
            self.min_ta.append(min(self.min_ta[-1], t + a))
        self.min_t = [_IMPOSSIBLE] * (self.n + 1)  # min of tables from i on
        for i in range(self.n - 1, -1, -1):
            self.min_t[i] = min(self.min_t[i + 1], entries[i][1])


def discard_draw_summary(hand: int, keep: int, unseen: int, limit: int
                         ) -> dict[int, DrawSummary]:
    """`discard_draw_table` summed: for each discard but the `keep` cards, the total of the
    lowest deadwoods over the unseen cards drawn next, and the knock and gin outs.

    Why it is fast: for a kept hand without a rank of three, a draw into a suit other than
    the discard's gives (kept total - suit's table) + table[suit + card] + min(gain[suit +
    card], X), X the best gain of the other suits. The first part and X are the same for
    every card of the suit, so with the suit's draws sorted by gain the sum over them is one
    bisection, and the outs need a look only when the smallest value could be within the
    limit. Only the discard's own suit, and draws making a third card of a rank, are worked
    out one by one; a kept hand with a rank of three takes its row from `kept_draws`. Measured 4x
    faster than the table on random positions (an 11-card advice costs ~10 of these)."""
    table, gain = RUN_DEADWOOD, GAIN
    suits = [hand >> (13 * s) & SUIT_BITS for s in range(4)]
    twice_whole = _ranks_twice(*suits)
    by_suit = [bits_of(unseen >> (13 * s) & SUIT_BITS) for s in range(4)]
    plain = [_SuitDraws([(gain[suits[s] | low], table[suits[s] | low], low)
                         for low in by_suit[s] if not low & twice_whole]) for s in range(4)]
    risky = [[low for low in by_suit[s] if low & twice_whole] for s in range(4)]
    total_whole = table[suits[0]] + table[suits[1]] + table[suits[2]] + table[suits[3]]
    gains_whole = [gain[x] for x in suits]
    out: dict[int, DrawSummary] = {}
    looked = None
    cards = None
    for bit in bits_of(hand & ~keep):
        kept = hand ^ bit
        sd = index_of(bit) // 13
        k = list(suits)
        k[sd] ^= bit >> (13 * sd)
        if k[0] & k[1] & (k[2] | k[3]) | (k[0] | k[1]) & k[2] & k[3]:
            if looked is None:  # a row of this kept hand, draw by draw
                cards = bits_of(unseen)
                looked = [[(table[suits[s] | low], gain[suits[s] | low]) for low in by_suit[s]]
                          for s in range(4)]
            out[bit] = _summed(cards, kept_draws(kept, by_suit, suits, looked), limit)
            continue
        twice = _ranks_twice(*k)
        g = list(gains_whole)
        g[sd] = gain[k[sd]]
        first, second = sorted(g)[:2]
        low_suit = g.index(first)
        kept_total = total_whole - table[suits[sd]] + table[k[sd]]
        total = knock = gin = 0
        with_set: dict[int, int] = {}
        for s in range(4):
            if not by_suit[s]:
                continue
            others = second if s == low_suit else first
            base = kept_total - table[k[s]]
            shift = 13 * s
            if s == sd:
                draws = by_suit[s]
            else:
                draws = risky[s]
                part = plain[s]
                if part.n:
                    i = bisect_left(part.gains, others)
                    total += (part.n * base + part.sum_ta[i] + part.sum_t[part.n]
                              - part.sum_t[i] + (part.n - i) * others)
                    smallest = min(part.min_ta[i], part.min_t[i] + others)
                    if base + smallest <= limit:
                        for a, t, low in zip(part.gains, part.tables, part.bits):
                            value = base + t + (a if a < others else others)
                            if value <= limit:
                                knock |= low << shift
                                if value == 0:
                                    gin |= low << shift
            held = k[s]
            for low in draws:
                after = held | low
                a = gain[after]
                value = base + table[after] + (a if a < others else others)
                if low & twice:  # a third card of a rank held twice: a set may form
                    made = with_set.get(low)
                    if made is None:
                        made = with_set[low] = _with_new_set(kept, low << shift)
                    if made < value:
                        value = made
                total += value
                if value <= limit:
                    knock |= low << shift
                    if value == 0:
                        gin |= low << shift
        out[bit] = DrawSummary(total, knock, gin)
    return out


def _summed(cards: list[int], afters: list[int], limit: int) -> DrawSummary:
    return DrawSummary(sum(afters), sum([b for b, v in zip(cards, afters) if v <= limit]),
                       sum([b for b, v in zip(cards, afters) if v == 0]))


def lowest_discard(hand: int, keep: int = 0) -> tuple[int, int]:
    """A card (bit) whose discard leaves the lowest deadwood, never one of `keep`, and that
    deadwood: for each way the hand gives cards to sets, the suit of the rest with the best
    gain, and in it the lowest card that gives it (a card of a set is discarded under the
    choice without it). A few table look-ups where `best_discards_of_mask` builds every
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
    if not (s0 & s1 & (s2 | s3) | (s0 | s1) & s2 & s3):
        # Why this path: no rank of three, so one set choice, and the first card of a suit
        # with its best gain is one table look-up (`FIRST_BEST`) where the general loop
        # below walks the suit's cards; the sampler's hands make ~3.5 of these a sample, and
        # it made building a sample ~20% cheaper. The same card as the loop below.
        total = table[s0] + table[s1] + table[s2] + table[s3]
        best, found, shift = _IMPOSSIBLE, 0, 0
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
    choices = _set_choices(hand, [s0, s1, s2, s3])
    best, found = _IMPOSSIBLE, 0
    for removed in choices:
        rest = hand ^ removed
        r = (rest & SUIT_BITS, rest >> 13 & SUIT_BITS, rest >> 26 & SUIT_BITS, rest >> 39)
        total = table[r[0]] + table[r[1]] + table[r[2]] + table[r[3]]
        for s in (0, 1, 2, 3):
            suit = r[s]
            if not suit or total + gain[suit] >= best:
                continue
            kept = keep >> (13 * s) & SUIT_BITS
            if kept & suit:  # the best card of the suit may be a kept one: look at each
                value, bit = _best_in_suit(suit, kept)
            else:
                value, bit = gain[suit], FIRST_BEST[suit]
            if bit and total + value < best:
                best, found = total + value, bit << (13 * s)
    return found, best


def _first_with_gain(suit: int, wanted: int) -> int:
    table, base = RUN_DEADWOOD, RUN_DEADWOOD[suit]
    rest = suit
    while rest:
        low = rest & -rest
        rest ^= low
        if table[suit ^ low] - base == wanted:
            return low
    return 0


def _best_in_suit(suit: int, keep: int) -> tuple[int, int]:
    table, base = RUN_DEADWOOD, RUN_DEADWOOD[suit]
    best, found = _IMPOSSIBLE, 0
    rest = suit & ~keep
    while rest:
        low = rest & -rest
        rest ^= low
        value = table[suit ^ low] - base
        if value < best:
            best, found = value, low
    return best, found
