"""Knock analysis: the knock limit, 10- and 11-card analysis, discards and outs."""
from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import NamedTuple

from .cards import POINTS, Card, cards_mask, distinct_card_mask, mask_cards
from .hands import read_hand, read_upcard, refuse_shared_cards
from .melds import (COLUMN, SUIT_BITS, Arrangement, Meld, best_arrangement_of_mask,
                    best_discard_deadwood_of_mask, deadwood_of_mask, discard_arrangements_of_mask,
                    discard_deadwoods_of_mask)
from .rules import DEFAULT_RULES, Rules


class DiscardOption:
    """What the hand is after discarding `card`. The deadwood of all 11 discards comes from
    one pass over the hand; the arrangement is given when it came cheap (see
    `DiscardOptions`), else built when first asked for."""

    __slots__ = ("card", "deadwood", "can_knock", "gin", "_rest", "_arrangement")

    def __init__(self, card: Card, deadwood: int, limit: int, rest_mask: int,
                 arrangement: Arrangement | None = None):
        self.card, self.deadwood = card, deadwood
        self.can_knock, self.gin = deadwood <= limit, deadwood == 0
        self._rest, self._arrangement = rest_mask, arrangement

    def _arrange(self) -> Arrangement:
        self._arrangement = best_arrangement_of_mask(self._rest)
        return self._arrangement

    # each property calls only the first time (an answer reads both for every discard)
    @property
    def melds(self) -> tuple[Meld, ...]:
        return (self._arrangement or self._arrange()).melds

    @property
    def deadwood_cards(self) -> tuple[Card, ...]:
        return (self._arrangement or self._arrange()).deadwood_cards

    def __repr__(self) -> str:
        return f"DiscardOption(card={self.card!r}, deadwood={self.deadwood})"


class DiscardOptions(Sequence):
    """An 11-card hand's discards in card order: a read-only sequence of `DiscardOption`.
    Every discard's deadwood is known when the analysis is made; the option objects are
    made when the sequence is first read, since a caller asking for the best discard alone
    (a bot, a batch) never reads them. For a hand where no rank has three cards (most
    hands), every option's arrangement then comes from one pass over the suits' tables."""

    __slots__ = ("_hand", "_after", "_limit", "_mask", "_chosen", "_options")

    def __init__(self, hand: tuple[Card, ...], after: dict[int, int], limit: int, mask: int,
                 chosen: DiscardOption):
        self._hand, self._after, self._limit, self._mask = hand, after, limit, mask
        self._chosen, self._options = chosen, None

    def _built(self) -> tuple[DiscardOption, ...]:
        if self._options is None:
            after, limit, mask, chosen = self._after, self._limit, self._mask, self._chosen
            arranged = discard_arrangements_of_mask(mask) or {}
            if chosen._arrangement is None:
                chosen._arrangement = arranged.get(chosen.card.bit)
            self._options = tuple(
                chosen if card is chosen.card else
                DiscardOption(card, after[card.bit], limit, mask & ~card.bit,
                              arranged.get(card.bit))
                for card in self._hand)
        return self._options

    def __getitem__(self, index):
        return self._built()[index]

    def __len__(self) -> int:
        return len(self._hand)

    def __iter__(self):
        return iter(self._built())

    def __eq__(self, other) -> bool:
        if isinstance(other, (DiscardOptions, tuple, list)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._built())  # equal when they hold the same options, like a tuple

    def __repr__(self) -> str:
        return f"DiscardOptions({list(self._built())!r})"


class Outs(NamedTuple):
    """Unseen cards that, drawn next, allow gin, and those that allow a knock (gin included)."""

    gin: tuple[Card, ...]
    knock: tuple[Card, ...]


class _AnalysisFields(NamedTuple):
    hand: tuple[Card, ...]
    deadwood: int
    knock_limit: int
    can_knock: bool
    gin: bool
    # the melds and deadwood cards: an Arrangement (10 cards), or the chosen DiscardOption
    # (11 cards), whose arrangement is built when first read
    arrangement: "Arrangement | DiscardOption"
    big_gin: bool | None = None
    discard: Card | None = None
    discards: DiscardOptions | None = None
    best_discards: tuple[Card, ...] | None = None
    outs: Outs | None = None


class HandAnalysis(_AnalysisFields):
    """One hand's analysis. For 11 cards the first fields describe the hand after `discard`
    (the first of the best discards in card order). A named tuple: immutable, and a batch
    builds ten thousand of them. For 11 cards every number is worked out up front, and the
    melds of the hand after the discard when first read: `melds` and `deadwood_cards` are
    properties over the `arrangement` field (read them by name, not by position)."""

    __slots__ = ()

    def _asdict(self) -> dict:
        """The analysis by name, with `melds` and `deadwood_cards` for `arrangement`."""
        fields = super()._asdict()
        del fields["arrangement"]
        return {"hand": self.hand, "deadwood": self.deadwood, "melds": self.melds,
                "deadwood_cards": self.deadwood_cards} | fields

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self.arrangement.melds

    @property
    def deadwood_cards(self) -> tuple[Card, ...]:
        return self.arrangement.deadwood_cards


# A HandAnalysis from all its fields in order, without a Python call (a batch builds 10,000)
_analysis = partial(tuple.__new__, HandAnalysis)


def analyze(cards, rules: Rules | None = None, upcard=None, known=(), outs: bool = True
            ) -> HandAnalysis:
    """Analyze 10 or 11 cards. Outs (10 cards only) are the unseen cards: not in the hand and
    not in `known`; the upcard counts as unseen unless it is listed in `known`."""
    rules = rules or DEFAULT_RULES
    # the usual library call: 10 or 11 distinct Cards, nothing known (one pass over them)
    mask = distinct_card_mask(cards) if type(cards) in (list, tuple) and not known else None
    if mask is not None and mask.bit_count() in (10, 11):
        known_mask = 0
        upcard = read_upcard(upcard)
    else:  # read and checked in this order, so the first error reported is the same
        hand = read_hand(cards, (10, 11), ("hand",))
        upcard = read_upcard(upcard)
        known_cards = read_hand(known, None, ("known",), "known cards") if known else []
        if known_cards:
            refuse_shared_cards((("hand",), hand), (("known",), known_cards))
        mask, known_mask = cards_mask(hand), cards_mask(known_cards)
    limit = rules.knock_limit_for(upcard)
    return analyze_mask(mask, limit, known_mask if outs else None)


def analyze_mask(mask: int, limit: int, known_mask: int | None = 0) -> HandAnalysis:
    """`analyze` on checked input: the 52-bit mask of 10 or 11 distinct cards and the knock
    limit; `known_mask` None skips the outs."""
    hand = mask_cards(mask)
    if len(hand) == 10:
        arrangement = best_arrangement_of_mask(mask)
        deadwood = arrangement.deadwood
        return _analysis((
            hand, deadwood, limit, deadwood <= limit, deadwood == 0, arrangement, None, None,
            None, None, None if known_mask is None else find_outs(mask, deadwood, limit,
                                                                  known_mask)))
    after = discard_deadwoods_of_mask(mask)  # every card's bit, in card order
    best = min(after.values())
    best_discards = tuple([Card.from_index(bit.bit_length() - 1)
                           for bit, value in after.items() if value == best])
    discard = best_discards[0]
    chosen = DiscardOption(discard, best, limit, mask & ~discard.bit)
    big_gin = best == 0 and deadwood_of_mask(mask) == 0
    return _analysis((hand, best, limit, best <= limit, best == 0, chosen, big_gin, discard,
                      DiscardOptions(hand, after, limit, mask, chosen), best_discards, None))


_ALL = (1 << 52) - 1
# Every card worth at most p points, for p = 0..10.
_WORTH_AT_MOST = [sum(COLUMN << r for r in range(13) if POINTS[r] <= p) for p in range(11)]


def _meld_partners(mask: int) -> int:
    """Cards that could meld with this hand: a third (or fourth) card of a rank it holds twice,
    or a card of a suit next to one it holds. Any other drawn card stays deadwood."""
    # neighbours in the same suit: shifted one rank up or down, never across a suit's edge
    near = ((mask << 1) & ~COLUMN | (mask >> 1) & ~(COLUMN << 12)) & _ALL
    a, b, c, d = (mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39)
    pairs = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    return near | pairs * COLUMN  # every card of a rank held twice


def find_outs(mask: int, deadwood: int, limit: int, known_mask: int) -> Outs:
    """The unseen cards that, drawn next, allow gin or a knock.

    A drawn card that can meld with nothing in the hand stays deadwood whatever is discarded,
    so the hand after drawing it is either the hand as it is (discard the drawn card) or the
    best 9 cards plus the drawn card: such a card allows a knock exactly when the hand already
    can or when its points fit under the limit beside the best 9, and never gin. Only the
    cards that could meld go through the 11-card search.
    """
    unseen = _ALL & ~(mask | known_mask)
    if deadwood == 0:
        every = mask_cards(unseen)
        return Outs(every, every)
    partners = _meld_partners(mask) & unseen
    if deadwood <= limit:
        knock = unseen
    else:
        room = limit - best_discard_deadwood_of_mask(mask)  # beside the best 9 of the 10
        knock = (unseen & ~partners & _WORTH_AT_MOST[room]) if room > 0 else 0
    gin = 0
    rest = partners
    while rest:
        bit = rest & -rest
        rest ^= bit
        after = best_discard_deadwood_of_mask(mask | bit)
        if after == 0:
            gin |= bit
        if after <= limit:
            knock |= bit
    return Outs(mask_cards(gin), mask_cards(knock))
