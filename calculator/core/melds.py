"""Melds, the best arrangement of a hand, and deadwood.

How it is fast: a hand is a 52-bit mask (bit = suit * 13 + rank). Sets and runs compete only
at ranks holding 3 or 4 cards, and a hand of 11 cards has at most three such ranks. For each
choice of which cards of those ranks form sets, the rest falls apart into four independent
suits, and the best run cover of a suit depends only on its 13-bit mask, so one table of
8,192 entries, built once at import, answers it. A hand without a rank of three (most hands)
costs four table look-ups.

Tie rule (documented in docs/RULES.md): among arrangements with the lowest deadwood, the service
picks the one with the fewest deadwood cards, then the fewest melds, then the fewest cards in
sets, then the first in a fixed enumeration order (set choices in rank order, the lowest runs
first). `all_best_arrangements` lists every lowest-deadwood arrangement, adjacent runs of one
suit counted once (a run is never split in two).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product
from operator import attrgetter
from typing import Iterable, NamedTuple, Sequence

from .cards import POINTS, Card, cards_mask, mask_cards, parse_hand, quick_mask
from .errors import HandSizeError, MeldError
from .memo import Memo

SUIT_BITS = 0x1FFF
# The most deadwood a 10-card hand holds: two each of K Q J 10 9, no three in a row of a
# suit (K♠ K♥ Q♦ Q♣ J♠ J♥ 10♦ 10♣ 9♠ 9♥). A count above it is no hand's: a third card of a
# rank makes a set, and without one 10 cards hold at most 8 tens and two 9s (searched in
# tests/core/test_melds.py).
MOST_DEADWOOD = 98


@dataclass(frozen=True, slots=True)
class Meld:
    """A set or a run: `kind` is "set" or "run"; `cards` in canonical order."""

    kind: str
    cards: tuple[Card, ...]
    # the cards as a 52-bit mask, kept because melds are hashed often (answers, searches)
    mask: int = field(init=False, repr=False, compare=False)
    # the index of the first card, by which an arrangement's melds are ordered
    first: int = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        if not all(type(card) is Card for card in self.cards):  # codes, as Meld.of takes
            object.__setattr__(self, "cards", tuple(Card(card) for card in self.cards))
        object.__setattr__(self, "mask", cards_mask(self.cards))
        object.__setattr__(self, "first", self.cards[0].index)

    def __hash__(self) -> int:
        return self.mask  # equal melds hold the same cards

    @classmethod
    def of(cls, cards: Iterable[Card | str], position: tuple = ()) -> "Meld":
        """The meld these cards form, or `MeldError` saying why they form none.

        >>> Meld.of("Ts Js Qs".split()).kind
        'run'
        >>> Meld.of("Ts Js Ks".split())
        Traceback (most recent call last):
        calculator.core.errors.MeldError: Ts Js Ks is not a meld: run ranks are not consecutive (the ace is low only)
        """
        cards = tuple(sorted(Card(c) for c in cards))
        kind = meld_kind(cards)
        if isinstance(kind, MeldError):
            raise kind.at(*position)
        return cls(kind, cards)

    @property
    def points(self) -> int:
        return sum(card.points for card in self.cards)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)

    def __repr__(self) -> str:
        return f"Meld.of('{self}'.split())"


def meld_kind(cards: tuple[Card, ...]) -> "str | MeldError":
    """ "set", "run", or the MeldError that says why not (cards sorted, distinct)."""
    if len(cards) < 3:
        return MeldError(cards, "a meld needs at least 3 cards")
    if len(set(cards)) != len(cards):
        return MeldError(cards, "a card appears twice")
    if len({card.rank for card in cards}) == 1:
        return "set"  # at most 4 distinct cards share a rank
    if len({card.suit for card in cards}) != 1:
        return MeldError(cards, "a set needs one rank and a run needs one suit")
    ranks = [card.rank for card in cards]
    if ranks != list(range(ranks[0], ranks[0] + len(ranks))):
        return MeldError(cards, "run ranks are not consecutive (the ace is low only)")
    return "run"


@lru_cache(maxsize=None)
def meld_from_mask(mask: int) -> Meld:
    """The meld of a mask; there are only 329 melds, so each is built once."""
    cards = mask_cards(mask)
    return Meld("set" if cards[0].rank == cards[-1].rank else "run", cards)


_POINTS_OF = attrgetter("points")
_MASK_OF = attrgetter("mask")


def meld_masks(melds: Iterable[Meld]) -> tuple[int, ...]:
    """The masks of melds, in their order (how the searches hold a spread's melds)."""
    return tuple(map(_MASK_OF, melds))


class Arrangement(NamedTuple):
    """Melds and the cards left over; `deadwood` is the points of the leftover cards
    (`Arrangement.of` counts them). A named tuple: immutable, and built several times per
    analysis. The points are a field, not a property: they are read far more often than an
    arrangement is built, and the run tables that build one in the engine know them already.

    >>> Arrangement.of([Meld.of("7c 7h 7d".split())], [Card("5h")])
    Arrangement(melds=(Meld.of('7h 7d 7c'.split()),), deadwood_cards=(Card('5h'),), deadwood=5)
    """

    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int

    @classmethod
    def of(cls, melds: Iterable[Meld], deadwood_cards: Iterable[Card]) -> "Arrangement":
        """The arrangement of these melds and leftover cards, the leftover points counted."""
        deadwood_cards = tuple(deadwood_cards)
        return cls(melds=tuple(melds), deadwood_cards=deadwood_cards,
                   deadwood=sum(map(_POINTS_OF, deadwood_cards)))

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(sorted(self.deadwood_cards + tuple(c for m in self.melds for c in m.cards)))


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


RUN_DEADWOOD, _RUN_KEYS, _RUN_FIRST_STEP = _build_run_tables()
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


def _suit_runs(suit_mask: int) -> list[int]:
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


_SET_OPTIONS = [[_rank_set_options(r, p) for p in range(16)] for r in range(13)]


def _suits_at(mask: int, rank: int) -> int:
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
    return _choices_at(mask & threes * COLUMN)[0]


COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39  # x * COLUMN copies a 13-bit rank mask to all suits


@lru_cache(maxsize=8192)
def _choices_at(set_part: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """(removal masks, set-mask tuples) of every set combination for the cards at the ranks
    of three; it depends only on those cards, so it is cached."""
    per_rank = []
    ranks = (set_part | set_part >> 13 | set_part >> 26 | set_part >> 39) & SUIT_BITS
    while ranks:
        low = ranks & -ranks
        rank = low.bit_length() - 1
        per_rank.append(_SET_OPTIONS[rank][_suits_at(set_part, rank)])
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
    return min(_choice_totals(mask, _choices_at(mask & threes * COLUMN)[0]))


def _choice_totals(mask: int, removals: tuple[int, ...]) -> list[int]:
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


def best_arrangement_of_mask(mask: int) -> Arrangement:
    """The lowest-deadwood arrangement picked by the documented tie rule."""
    s0, s1, s2, s3 = (mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS,
                      mask >> 39)
    threes = ranks_of_three(s0, s1, s2, s3)
    if not threes:  # the usual case: no sets possible, each suit's runs are one look-up
        spades, hearts, diamonds, clubs = _SUIT_RUN_COVERS
        return _joined(spades[s0], hearts[s1], diamonds[s2], clubs[s3])
    removals, choices = _choices_at(mask & threes * COLUMN)
    totals = _choice_totals(mask, removals)
    lowest = min(totals)
    if totals.count(lowest) == 1:  # usually one set choice is best: no tie to break
        return _assemble(mask, choices[totals.index(lowest)])
    return _assemble(mask, _tie_rule_sets(mask, removals, choices, totals, lowest))


def _tie_rule_sets(mask: int, removals, choices, totals: list[int], lowest: int
                   ) -> tuple[int, ...]:
    """The set choice the tie rule picks among those with the lowest deadwood: fewest
    deadwood cards, then fewest melds, then fewest cards in sets, then the first."""
    best_key, best_sets = None, ()
    for removed, set_masks, total in zip(removals, choices, totals):
        if total != lowest:
            continue
        rest = mask ^ removed
        n = r = 0
        for suit in range(4):
            _, kn, kr = _RUN_KEYS[rest >> (13 * suit) & SUIT_BITS]
            n, r = n + kn, r + kr
        key = (n, r + len(set_masks), removed.bit_count())
        if best_key is None or key < best_key:
            best_key, best_sets = key, set_masks
    return best_sets


def _suit_run_covers(suit: int) -> Memo:
    """For one suit: its 13-bit mask -> (the tabled best run cover as melds, the suit's cards
    left out of it, their points)."""
    def build(suit_mask: int) -> tuple[tuple[Meld, ...], tuple[Card, ...], int]:
        runs = [run << (13 * suit) for run in _suit_runs(suit_mask)]
        return (tuple(meld_from_mask(run) for run in runs),
                mask_cards((suit_mask << (13 * suit)) & ~sum(runs)), RUN_DEADWOOD[suit_mask])
    return Memo(build, keys=range(1 << 13))


_SUIT_RUN_COVERS = tuple(_suit_run_covers(suit) for suit in range(4))


def _joined(a, b, c, d) -> Arrangement:
    """The arrangement made of four suits' tabled run covers (melds, leftover cards, points)."""
    return Arrangement(melds=a[0] + b[0] + c[0] + d[0], deadwood_cards=a[1] + b[1] + c[1] + d[1],
                       deadwood=a[2] + b[2] + c[2] + d[2])


_NOTHING = ((), (), 0)  # no melds, no cards, no points


def discard_sides_of_mask(mask: int) -> tuple | None:
    """What every discard of a hand where no rank has three cards is made of, in one pass:
    a discard changes only its own suit's run cover, so for each suit in order this gives
    (its `_SUIT_RUN_COVERS` table, its 13-bit mask, the other suits' tabled covers joined
    before it and after it, each as (melds, cards, points)). The arrangement after
    discarding a card of the suit (bit `low`) is then `before + covers[suit_mask ^ low] +
    after`, part by part: as `best_arrangement_of_mask` gives it, since no set can form.
    None when a rank has three cards: sets may form, and each discard needs its own search."""
    s0, s1, s2, s3 = (mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS,
                      mask >> 39)
    if ranks_of_three(s0, s1, s2, s3):
        return None
    c0, c1, c2, c3 = _SUIT_RUN_COVERS
    w0, w1, w2, w3 = c0[s0], c1[s1], c2[s2], c3[s3]
    # each suit's neighbours joined once, the two pairs of suits first
    m01, k01, p01 = w0[0] + w1[0], w0[1] + w1[1], w0[2] + w1[2]
    m23, k23, p23 = w2[0] + w3[0], w2[1] + w3[1], w2[2] + w3[2]
    return ((c0, s0, _NOTHING, (w1[0] + m23, w1[1] + k23, w1[2] + p23)),
            (c1, s1, w0, (m23, k23, p23)),
            (c2, s2, (m01, k01, p01), w3),
            (c3, s3, (m01 + w2[0], k01 + w2[1], p01 + w2[2]), _NOTHING))


_first_card_index = attrgetter("first")  # a sort key at C speed


def _assemble(mask: int, set_masks: tuple[int, ...]) -> Arrangement:
    """The arrangement with these sets and the tabled runs of every suit in the rest."""
    rest = mask & ~sum(set_masks)
    c0, c1, c2, c3 = _SUIT_RUN_COVERS
    a, b, c, d = (c0[rest & SUIT_BITS], c1[rest >> 13 & SUIT_BITS], c2[rest >> 26 & SUIT_BITS],
                  c3[rest >> 39])
    melds = [*map(meld_from_mask, set_masks), *a[0], *b[0], *c[0], *d[0]]
    melds.sort(key=_first_card_index)  # runs come out in card order already; sets are not
    return Arrangement(melds=tuple(melds), deadwood_cards=a[1] + b[1] + c[1] + d[1],
                       deadwood=a[2] + b[2] + c[2] + d[2])


def _suit_discards(suit: int) -> Memo:
    """For one suit: its 13-bit mask -> (card bit in the 52-bit hand, the suit's run deadwood
    without that card) for each of its cards."""
    return Memo(lambda suit_mask: tuple(
        (1 << (13 * suit + r), RUN_DEADWOOD[suit_mask & ~(1 << r)])
        for r in range(13) if suit_mask >> r & 1), keys=range(1 << 13))


_SUIT_DISCARDS = tuple(_suit_discards(suit) for suit in range(4))


def best_discards_of_mask(mask: int) -> tuple[int, int]:
    """The lowest deadwood after discarding one card, and the mask of the cards whose discard
    leaves it. Where no rank has three cards, four table look-ups: the best discards are
    those of the suits with the best `BEST_DISCARD_GAIN`."""
    s0, s1, s2, s3 = (mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS,
                      mask >> 39)
    if ranks_of_three(s0, s1, s2, s3):
        after = discard_deadwoods_of_mask(mask)
        best = min(after.values())
        return best, sum(bit for bit, value in after.items() if value == best)
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


def hand_mask(cards) -> int:
    """The mask of up to 11 distinct cards, in any notation."""
    mask = quick_mask(cards)
    if mask is None:
        cards = parse_hand(cards)  # raises the error, placed
        mask = cards_mask(cards)
    if mask.bit_count() > 11:
        raise HandSizeError(mask.bit_count(), tuple(range(12)), "hand")
    return mask


def deadwood(cards) -> int:
    """Lowest deadwood of exactly these cards (up to 11; never discards).

    >>> deadwood("As 2s 3s 7c 7h 7d Tc Jc Qc 5h")
    5
    """
    return deadwood_of_mask(hand_mask(cards))


def best_arrangement(cards) -> Arrangement:
    """The lowest-deadwood arrangement of these cards, by the tie rule (see the module).

    >>> arrangement = best_arrangement("7s 7h 7d 8s 9s 2c 4d 6h Jc Qd")
    >>> [str(meld) for meld in arrangement.melds], arrangement.deadwood
    (['7s 8s 9s'], 46)
    """
    return best_arrangement_of_mask(hand_mask(cards))


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
    removals, choices = _choices_at(mask & threes * COLUMN)
    totals = _choice_totals(mask, removals)
    best = min(totals)
    if totals.count(best) == 1:
        chosen = totals.index(best)
        rest = mask ^ removals[chosen]
        if sole[rest & SUIT_BITS] and sole[rest >> 13 & SUIT_BITS] \
                and sole[rest >> 26 & SUIT_BITS] and sole[rest >> 39]:
            return [_assemble(mask, choices[chosen])]  # one set choice, one way to run the rest
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
    chosen = _assemble(mask, _tie_rule_sets(mask, removals, choices, totals, best))
    found = [arrangement_of_masks(mask, meld_masks) for meld_masks in ways]
    found.sort(key=lambda a: (a != chosen, len(a.deadwood_cards), len(a.melds),
                              [m.cards[0].index for m in a.melds]))
    return found


def arrangement_of_masks(mask: int, meld_masks: "Sequence[int]") -> Arrangement:
    """The arrangement of a hand (mask) with these melds (masks); the rest is deadwood."""
    melds = sorted(map(meld_from_mask, meld_masks), key=_first_card_index)
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
        found += _SET_OPTIONS[rank][_suits_at(mask, rank)][1:]  # the first is no set at all
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
            meld_mask.bit_count() != ((meld_mask >> low) + 1).bit_length() - 1:
        return 0  # spans suits (a set) or has a gap: not a run
    suit_bits = SUIT_BITS << (suit * 13)
    return (meld_mask << 1 | meld_mask >> 1) & suit_bits & ~meld_mask


__all__ = ["Meld", "Arrangement", "deadwood", "deadwood_of_mask", "best_arrangement",
           "best_arrangement_of_mask", "all_best_arrangements", "melds_in_mask"]
