"""Melds, arrangements, the best arrangement of a hand, and deadwood.

How it is fast: the search runs on the per-suit run tables and set choices of `tables`, whose
docstring tells how (a hand is a 52-bit mask; a hand without a rank of three costs four table
look-ups).

Tie rule (documented in docs/RULES.md): among arrangements with the lowest deadwood, the service
picks the one with the fewest deadwood cards, then the fewest melds, then the fewest cards in
sets, then the first in a fixed enumeration order (set choices in rank order, the lowest runs
first). `arrangements.all_best_arrangements` lists every lowest-deadwood arrangement, adjacent
runs of one suit counted once (a run is never split in two).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter
from typing import Iterable, NamedTuple

from .cards import Card, cards_mask, mask_cards, parse_hand, quick_mask
from .errors import HandSizeError, MeldError
from .memo import Memo
from .tables import (COLUMN, NO_CARD, RUN_DEADWOOD, RUN_KEYS, SUIT_BITS, choice_totals,
                     choices_at, deadwood_of_mask, ranks_of_three, suit_runs)

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


# --- the best arrangement -------------------------------------------------------------------------

def best_arrangement_of_mask(mask: int) -> Arrangement:
    """The lowest-deadwood arrangement picked by the documented tie rule."""
    s0, s1, s2, s3 = (mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS,
                      mask >> 39)
    threes = ranks_of_three(s0, s1, s2, s3)
    if not threes:  # the usual case: no sets possible, each suit's runs are one look-up
        spades, hearts, diamonds, clubs = _SUIT_RUN_COVERS
        return _joined(spades[s0], hearts[s1], diamonds[s2], clubs[s3])
    removals, choices = choices_at(mask & threes * COLUMN)
    totals = choice_totals(mask, removals)
    lowest = min(totals)
    if totals.count(lowest) == 1:  # usually one set choice is best: no tie to break
        return assemble(mask, choices[totals.index(lowest)])
    return assemble(mask, tie_rule_sets(mask, removals, choices, totals, lowest))


def _tie_key(rest: int, set_masks: tuple[int, ...], removed: int) -> tuple[int, int, int]:
    """The tie rule's order of a set choice (`removed`, its `set_masks`) leaving `rest` to
    runs: deadwood cards, then melds, then cards in sets (the first of equal keys wins)."""
    n = r = 0
    for suit in range(4):
        _, kn, kr = RUN_KEYS[rest >> (13 * suit) & SUIT_BITS]
        n, r = n + kn, r + kr
    return n, r + len(set_masks), removed.bit_count()


def tie_rule_sets(mask: int, removals, choices, totals: list[int], lowest: int
                   ) -> tuple[int, ...]:
    """The set choice the tie rule picks among those with the lowest deadwood: fewest
    deadwood cards, then fewest melds, then fewest cards in sets, then the first."""
    best_key, best_sets = None, ()
    for removed, set_masks, total in zip(removals, choices, totals):
        if total != lowest:
            continue
        key = _tie_key(mask ^ removed, set_masks, removed)
        if best_key is None or key < best_key:
            best_key, best_sets = key, set_masks
    return best_sets


def _suit_run_covers(suit: int) -> Memo:
    """For one suit: its 13-bit mask -> (the tabled best run cover as melds, the suit's cards
    left out of it, their points)."""
    def build(suit_mask: int) -> tuple[tuple[Meld, ...], tuple[Card, ...], int]:
        runs = [run << (13 * suit) for run in suit_runs(suit_mask)]
        return (tuple(meld_from_mask(run) for run in runs),
                mask_cards((suit_mask << (13 * suit)) & ~sum(runs)), RUN_DEADWOOD[suit_mask])
    return Memo(build, keys=range(1 << 13))


_SUIT_RUN_COVERS = tuple(_suit_run_covers(suit) for suit in range(4))


def _joined(a, b, c, d) -> Arrangement:
    """The arrangement made of four suits' tabled run covers (melds, leftover cards, points)."""
    return Arrangement(melds=a[0] + b[0] + c[0] + d[0], deadwood_cards=a[1] + b[1] + c[1] + d[1],
                       deadwood=a[2] + b[2] + c[2] + d[2])


first_card_index = attrgetter("first")  # a sort key at C speed


_NOTHING = ((), (), 0)  # no melds, no cards, no points


def _suit_sides(rest: int) -> tuple:
    """For the cards a hand leaves to runs (`rest`, a 52-bit mask): for each suit in order,
    its 13-bit mask, the other suits' tabled run covers joined before it and after it, each
    as (melds, cards, points), and the points of those two. A discard changes only its own
    suit's cover, so the arrangement after discarding a card of the suit (bit `low`) is
    `before + covers[suit_mask ^ low] + after`, part by part."""
    s0, s1, s2, s3 = (rest & SUIT_BITS, rest >> 13 & SUIT_BITS, rest >> 26 & SUIT_BITS,
                      rest >> 39)
    c0, c1, c2, c3 = _SUIT_RUN_COVERS
    w0, w1, w2, w3 = c0[s0], c1[s1], c2[s2], c3[s3]
    # each suit's neighbours joined once, the two pairs of suits first
    m01, k01, p01 = w0[0] + w1[0], w0[1] + w1[1], w0[2] + w1[2]
    m23, k23, p23 = w2[0] + w3[0], w2[1] + w3[1], w2[2] + w3[2]
    after0 = (w1[0] + m23, w1[1] + k23, w1[2] + p23)
    before3 = (m01 + w2[0], k01 + w2[1], p01 + w2[2])
    return ((s0, _NOTHING, after0, after0[2]),
            (s1, w0, (m23, k23, p23), w0[2] + p23),
            (s2, (m01, k01, p01), w3, p01 + w3[2]),
            (s3, before3, _NOTHING, before3[2]))


def discard_arrangements_of_mask(mask: int) -> list[tuple[tuple[Meld, ...], tuple[Card, ...],
                                                          int]]:
    """For each card of the hand, in card order, the arrangement of the other cards that
    `best_arrangement_of_mask` picks (lowest deadwood, then the tie rule), as (melds,
    deadwood cards, deadwood): every discard of an 11-card hand in one pass.

    Why it is the search's answer: the set choices of the hand without a card are the hand's
    own choices that leave the card to runs, in the same order (its rank loses the choices
    that hold it; nothing else changes), and under one choice a discard changes only its own
    suit's run cover. So each choice's suits are joined once (`_suit_sides`), and a discard
    costs one table look-up a choice that leaves it to runs. Where a rank has three cards
    (six in ten of the HTTP benchmark's 11-card bodies) this replaced a search a discard:
    the 11 options went from 253,000 to 200,000 instructions a hand (callgrind, those 400
    bodies), the 11-card request from 895,000 to 817,000 with `best_discards_of_mask`'s
    own pass over the set choices. A hand without a rank of three takes the same path with
    its one way (no sets); a separate path for it saved 16,000 instructions a request (2 %),
    too little to keep two."""
    threes = ranks_of_three(mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS,
                            mask >> 39)
    # without a rank of three (most hands) the one way is no sets
    removals, choices = choices_at(mask & threes * COLUMN)
    # each set choice: the cards it puts in sets, their masks, their melds, the suits' sides
    ways = [(removed, set_masks, tuple(map(meld_from_mask, set_masks)),
             _suit_sides(mask ^ removed)) for removed, set_masks in zip(removals, choices)]
    found = []
    for suit, covers in enumerate(_SUIT_RUN_COVERS):
        shift = 13 * suit
        rest = mask >> shift & SUIT_BITS
        while rest:  # the suit's cards, lowest rank first
            low = rest & -rest
            rest ^= low
            bit = low << shift
            lowest, tied = NO_CARD, None
            for removed, set_masks, sets, sides in ways:
                if removed & bit:  # this choice puts the card in a set
                    continue
                suit_mask, before, after, outside = sides[suit]
                middle = covers[suit_mask ^ low]
                deadwood = outside + middle[2]
                if deadwood < lowest:
                    lowest, tied = deadwood, None
                    best = (removed, set_masks, sets, before, middle, after)
                elif deadwood == lowest:
                    if tied is None:
                        tied = [best]
                    tied.append((removed, set_masks, sets, before, middle, after))
            if tied is not None:  # the tie rule's order; min keeps the first of equal keys
                best = min(tied, key=lambda c: _tie_key(mask ^ c[0] ^ bit, c[1], c[0]))
            _, _, sets, before, middle, after = best
            melds = before[0] + middle[0] + after[0]
            if sets:  # runs come out in card order already; sets go between them
                melds = tuple(sorted(sets + melds, key=first_card_index))
            found.append((melds, before[1] + middle[1] + after[1], lowest))
    return found


def assemble(mask: int, set_masks: tuple[int, ...]) -> Arrangement:
    """The arrangement with these sets and the tabled runs of every suit in the rest."""
    rest = mask & ~sum(set_masks)
    c0, c1, c2, c3 = _SUIT_RUN_COVERS
    a, b, c, d = (c0[rest & SUIT_BITS], c1[rest >> 13 & SUIT_BITS], c2[rest >> 26 & SUIT_BITS],
                  c3[rest >> 39])
    melds = [*map(meld_from_mask, set_masks), *a[0], *b[0], *c[0], *d[0]]
    melds.sort(key=first_card_index)  # runs come out in card order already; sets are not
    return Arrangement(melds=tuple(melds), deadwood_cards=a[1] + b[1] + c[1] + d[1],
                       deadwood=a[2] + b[2] + c[2] + d[2])


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


__all__ = ["Meld", "Arrangement", "deadwood", "best_arrangement", "best_arrangement_of_mask"]
