"""Knock analysis: the knock limit, 10- and 11-card analysis, discards and outs."""
from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import NamedTuple

from .cards import POINTS, Card, cards_mask, distinct_card_mask, mask_cards
from .hands import read_hand, read_upcard, refuse_shared_cards
from .melds import (COLUMN, SUIT_BITS, Arrangement, Meld, best_arrangement_of_mask,
                    best_discard_deadwood_of_mask, best_discards_of_mask, deadwood_of_mask,
                    discard_sides_of_mask)
from .rules import DEFAULT_RULES, Rules


class DiscardOption(NamedTuple):
    """What the hand is after discarding `card`: its lowest deadwood, whether it may knock or
    is gin, and the melds and deadwood cards of that lowest arrangement."""

    card: Card
    deadwood: int
    can_knock: bool
    gin: bool
    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]


# A DiscardOption from all its fields in order, without a Python call (an answer builds 11)
_option = partial(tuple.__new__, DiscardOption)


class KeptArrangement:
    """The arrangement of the 10 cards an 11-card hand keeps after its discard, searched when
    first read: the analysis's own figures are known without it, and a caller asking for the
    best discard alone (a bot) never reads it."""

    __slots__ = ("mask", "_found")

    def __init__(self, mask: int):
        self.mask, self._found = mask, None

    def found(self) -> Arrangement:
        if self._found is None:
            self._found = best_arrangement_of_mask(self.mask)
        return self._found

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self.found().melds

    @property
    def deadwood_cards(self) -> tuple[Card, ...]:
        return self.found().deadwood_cards

    @property
    def deadwood(self) -> int:
        return self.found().deadwood

    def __eq__(self, other) -> bool:
        if isinstance(other, KeptArrangement):
            return self.found() == other.found()
        return self.found() == other

    def __hash__(self) -> int:
        return hash(self.found())

    def __repr__(self) -> str:
        return f"KeptArrangement({self.found()!r})"


class DiscardOptions(Sequence):
    """An 11-card hand's discards in card order: a read-only sequence of `DiscardOption`.
    The options are made when the sequence is first read, since a caller asking for the best
    discard alone never reads them. For a hand where no rank has three cards (most hands),
    every option comes from one pass over the suits' tables; else from a search each."""

    __slots__ = ("_hand", "_limit", "_mask", "_discard", "_kept", "_options")

    def __init__(self, hand: tuple[Card, ...], limit: int, mask: int, discard: Card,
                 kept: KeptArrangement):
        self._hand, self._limit, self._mask = hand, limit, mask
        self._discard, self._kept, self._options = discard, kept, None

    def _built(self) -> tuple[DiscardOption, ...]:
        if self._options is None:
            hand, discard, limit, mask, kept = (self._hand, self._discard, self._limit,
                                                self._mask, self._kept)
            sides = discard_sides_of_mask(mask)
            if sides is None:  # sets may form: each discard's own search
                options = []
                for card in hand:
                    found = (kept.found() if card is discard else
                             best_arrangement_of_mask(mask & ~card.bit))
                    deadwood = found.deadwood  # a lowest arrangement: the discard's deadwood
                    options.append(_option((card, deadwood, deadwood <= limit, deadwood == 0,
                                            found.melds, found.deadwood_cards)))
                self._options = tuple(options)
            else:
                self._options = self._from_sides(sides)
        return self._options

    def _from_sides(self, sides) -> tuple[DiscardOption, ...]:
        """Every option from `discard_sides_of_mask`: one table look-up each, between the
        other suits' parts (the hand's cards are in the order the suits are walked)."""
        hand, limit = self._hand, self._limit
        options = []
        for covers, suit_mask, (melds0, cards0, points0), (melds1, cards1, points1) in sides:
            rest = suit_mask
            while rest:  # the suit's cards, lowest rank first
                low = rest & -rest
                rest ^= low
                melds, cards, points = covers[suit_mask ^ low]
                deadwood = points0 + points + points1
                options.append(_option((hand[len(options)], deadwood, deadwood <= limit,
                                        deadwood == 0, melds0 + melds + melds1,
                                        cards0 + cards + cards1)))
        return tuple(options)

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
    # the melds and deadwood cards: an Arrangement (10 cards), or the KeptArrangement of the
    # 10 cards kept (11 cards), searched when first read
    arrangement: "Arrangement | KeptArrangement"
    big_gin: bool | None = None
    discard: Card | None = None
    discards: DiscardOptions | None = None
    best_discards: tuple[Card, ...] | None = None
    outs: Outs | None = None


class HandAnalysis(_AnalysisFields):
    """One hand's analysis. For 11 cards the first fields describe the hand after `discard`
    (the first of the best discards in card order). A named tuple: immutable, and a batch
    builds ten thousand of them. For 11 cards the hand's own figures are worked out up front,
    and the melds of the hand after the discard, like the discard options, when first read:
    `melds` and `deadwood_cards` are properties over the `arrangement` field (read them by
    name, not by position)."""

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
    best, best_bits = best_discards_of_mask(mask)
    best_discards = mask_cards(best_bits)
    discard = best_discards[0]
    kept = KeptArrangement(mask & ~discard.bit)
    big_gin = best == 0 and deadwood_of_mask(mask) == 0
    return _analysis((hand, best, limit, best <= limit, best == 0, kept, big_gin, discard,
                      DiscardOptions(hand, limit, mask, discard, kept), best_discards,
                      None))


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
