"""Knock analysis: the knock limit, 10- and 11-card analysis, discards and outs."""
from __future__ import annotations

from functools import cached_property
from typing import NamedTuple

from .arrangements import all_best_arrangements_of_mask
from .cards import POINTS, Card, cards_mask, mask_cards, quick_mask
from .hands import read_hand, read_upcard, refuse_shared_cards
from .melds import Arrangement, Meld, best_arrangement_of_mask, discard_arrangements_of_mask
from .memo import Memo
from .rules import DEFAULT_RULES, Rules
from .tables import (COLUMN, SUIT_BITS, best_discard_deadwood_of_mask, best_discards_of_mask,
                     deadwood_of_mask, ranks_twice)


class DiscardOption(NamedTuple):
    """What the hand is after discarding `card`: its lowest deadwood, whether it may knock or
    is gin, and the melds and deadwood cards of that lowest arrangement."""

    card: Card
    deadwood: int
    can_knock: bool
    gin: bool
    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]


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
    mask: int  # the hand's cards as a 52-bit mask
    big_gin: bool | None = None
    discard: Card | None = None
    best_discards: tuple[Card, ...] | None = None
    outs: Outs | None = None


class HandAnalysis(_AnalysisFields):
    """One hand's analysis. For 11 cards the figures describe the hand after `discard` (the
    first of the best discards in card order). A named tuple (a batch builds ten thousand of
    them); the discard options are worked out when first read and then kept
    (`cached_property`; this subclass has no `__slots__`, so it has the `__dict__` that keeps
    them). That laziness pays, measured: bench/engine.py's 11-card analyze(cards,
    outs=False) runs several times faster with the options left unread than with them read
    (docs/PERFORMANCE.md has the figures); a bot asking for the best discard alone never
    reads them.

    >>> analysis = analyze("As 2s 3s 7c 7h 7d Tc Jc Qc 5h".split())
    >>> analysis.deadwood, analysis.can_knock, [str(m) for m in analysis.melds]
    (5, True, ['As 2s 3s', '7h 7d 7c', 'Tc Jc Qc'])
    >>> analysis.discards is None  # 10 cards: no discard to choose
    True
    """

    @cached_property
    def arrangement(self) -> Arrangement:
        """The lowest arrangement by the documented tie rule: of the 10 cards, or for 11 of
        the 10 kept after `discard`. For 11 cards it is searched when first read (the best
        discard's deadwood comes from the suits' tables without it: a caller asking only
        which card to throw never pays for it). Once the discard options are worked out it
        is the discard's own option, which is the same search's answer (the tests hold the
        two equal), so an answer that reads the options first, as the API's do, searches
        the 10 cards once, not twice."""
        options = vars(self).get("discards")
        if options is not None:
            option = options[self.hand.index(self.discard)]
            return Arrangement(melds=option.melds, deadwood_cards=option.deadwood_cards,
                               deadwood=option.deadwood)
        kept = self.mask if self.discard is None else self.mask & ~self.discard.bit
        return best_arrangement_of_mask(kept)

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self.arrangement.melds

    def ties(self) -> tuple[Arrangement, ...]:
        """The other arrangements of the same cards as `arrangement` with its deadwood, in the
        tie rule's order (usually none; at most four on 300,000 random and meld-dense hands).

        >>> [[str(m) for m in a.melds] for a in analyze("As 3s 4s 5s 6s 4h 5h 6h 5d 6c").ties()]
        [['5s 5h 5d', '6s 6h 6c']]
        """
        kept = self.mask if self.discard is None else self.mask & ~self.discard.bit
        chosen = self.arrangement
        return tuple(a for a in all_best_arrangements_of_mask(kept) if a != chosen)

    @property
    def deadwood_cards(self) -> tuple[Card, ...]:
        return self.arrangement.deadwood_cards

    @cached_property
    def discards(self) -> tuple[DiscardOption, ...] | None:
        """For 11 cards, every discard in card order; None for 10 cards."""
        if self.discard is None:
            return None
        return discard_options(self)


def discard_options(analysis: "HandAnalysis") -> tuple[DiscardOption, ...]:
    """Every discard of an 11-card analysis, in card order, each with the arrangement the
    search picks for the 10 cards kept (all of them in one pass,
    `discard_arrangements_of_mask`). The options are built by position, in their fields'
    order: by keyword, an option costs 2,900 more instructions under callgrind, an 11-card
    answer 32,000 (4 % of the request)."""
    limit = analysis.knock_limit
    return tuple([DiscardOption(card, deadwood, deadwood <= limit, deadwood == 0, melds, cards)
                  for card, (melds, cards, deadwood) in zip(
                      analysis.hand, discard_arrangements_of_mask(analysis.mask))])


def analyze(cards, rules: Rules | None = None, upcard=None, known=(), outs: bool = True
            ) -> HandAnalysis:
    """Analyze 10 or 11 cards. Outs (10 cards only) are the unseen cards: not in the hand and
    not in `known`; the upcard counts as unseen unless it is listed in `known`.

    >>> [str(card) for card in analyze("As 2s 3s 7c 7h 7d Tc Jc Qc 5h").outs.gin]
    ['4s', '7s', '9c', 'Kc']
    >>> eleven = analyze("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd")
    >>> str(eleven.discard), eleven.deadwood, [option.deadwood for option in eleven.discards][:3]
    ('Kd', 5, [20, 19, 18])
    """
    rules = rules or DEFAULT_RULES
    # the usual library call: 10 or 11 distinct plain cards, nothing known
    mask = None if known else quick_mask(cards)
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
        outs = None if known_mask is None else find_outs(mask, deadwood, limit, known_mask)
        # by position, in the fields' order: by keyword a batch's hand costs 3,300 more
        # instructions under callgrind (4 %); the 11-card one below likewise
        analysis = HandAnalysis(hand, deadwood, limit, deadwood <= limit, deadwood == 0, mask,
                                None, None, None, outs)
        # 10 cards: the search that gave the deadwood gave the arrangement; kept as the
        # cached property's value
        vars(analysis)["arrangement"] = arrangement
        return analysis
    best, best_bits = best_discards_of_mask(mask)
    best_discards = mask_cards(best_bits)
    discard = best_discards[0]
    return HandAnalysis(hand, best, limit, best <= limit, best == 0, mask,
                        best == 0 and deadwood_of_mask(mask) == 0, discard, best_discards)


_ALL = (1 << 52) - 1
# Every card worth at most p points, for p = 0..10.
_WORTH_AT_MOST = [sum(COLUMN << r for r in range(13) if POINTS[r] <= p) for p in range(11)]


def _meld_partners(mask: int) -> int:
    """Cards that could meld with this hand: a third (or fourth) card of a rank it holds twice,
    or a card of a suit next to one it holds. Any other drawn card stays deadwood."""
    # neighbours in the same suit: shifted one rank up or down, never across a suit's edge
    near = ((mask << 1) & ~COLUMN | (mask >> 1) & ~(COLUMN << 12)) & _ALL
    pairs = ranks_twice(mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS,
                        mask >> 39)
    return near | pairs * COLUMN  # every card of a rank held twice


def _lines_beside(suit_mask: int) -> tuple[tuple[int, int], ...]:
    """For one suit's cards (13-bit): each rank it does not hold with cards of the suit in an
    unbroken line beside it (those a run through that rank could hold), as (their points,
    the rank's 13-bit bit), most points first."""
    found = []
    for rank in range(13):
        if suit_mask >> rank & 1:
            continue
        points, below, above = 0, rank - 1, rank + 1
        while below >= 0 and suit_mask >> below & 1:
            points, below = points + POINTS[below], below - 1
        while above < 13 and suit_mask >> above & 1:
            points, above = points + POINTS[above], above + 1
        if points:
            # one shared tuple for each (points, rank): the filled table holds 1.2 MB, not 3.6
            found.append(_LINE_ENTRIES.setdefault((points, 1 << rank), (points, 1 << rank)))
    return tuple(sorted(found, key=lambda entry: -entry[0]))


_LINE_ENTRIES: dict[tuple[int, int], tuple[int, int]] = {}
_LINES_BESIDE = Memo(_lines_beside, keys=range(1 << 13))


def find_outs(mask: int, deadwood: int, limit: int, known_mask: int) -> Outs:
    """The unseen cards that, drawn next, allow gin or a knock.

    A drawn card that can meld with nothing in the hand stays deadwood whatever is discarded,
    so the hand after drawing it is either the hand as it is (discard the drawn card) or the
    best 9 cards plus the drawn card: such a card allows a knock exactly when the hand already
    can or when its points fit under the limit beside the best 9, and never gin.

    A card that can meld goes through the 11-card search only if it could bring the hand to
    the bar (the limit, or 0 for gin when the hand can knock already). Its meld holds, beside
    it, cards of its rank or cards in an unbroken line beside it in its suit, worth at most
    `reach` points; breaking that meld up gives an arrangement of the hand, so the hand with
    the card drawn has at least `deadwood - reach` deadwood, and a discard takes at most 10
    more off. Why: most hands are far from a knock, and this leaves about one card in five of
    the search (bench/api_http.py's 10-card bodies: 16 meld partners a hand, 2.9 searched);
    the cards worth enough are read from a table a suit, most points first, so a far hand
    stops at once. find_outs went from 36 to 16 µs a hand, measured interleaved in one
    process (the search had been most of an analysis with outs).
    """
    unseen = _ALL & ~(mask | known_mask)
    if deadwood == 0:
        every = mask_cards(unseen)
        return Outs(every, every)
    partners = _meld_partners(mask) & unseen
    if deadwood <= limit:
        knock, bar = unseen, 0
    else:
        # room beside the best 9 of the 10, which keep at least deadwood - 10 (a card's
        # points are all its discard takes off): none, without the search, when that is over
        room = limit - best_discard_deadwood_of_mask(mask) if deadwood - 10 < limit else 0
        knock = (unseen & ~partners & _WORTH_AT_MOST[room]) if room > 0 else 0
        bar = limit
    needed = deadwood - bar - 10  # the least `reach` that could bring the hand to the bar
    if needed > 0:  # the cards whose rank or line beside them is worth that much
        suits = (mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39)
        reaching = 0
        for shift, suit in zip((0, 13, 26, 39), suits):
            for points, rank_bit in _LINES_BESIDE[suit]:
                if points < needed:
                    break
                reaching |= rank_bit << shift
        twice = ranks_twice(*suits)  # a set needs two cards of the rank beside the drawn one
        while twice:
            low = twice & -twice
            twice ^= low
            column = mask & COLUMN * low
            if column.bit_count() * POINTS[low.bit_length() - 1] >= needed:
                reaching |= COLUMN * low
        partners &= reaching
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
