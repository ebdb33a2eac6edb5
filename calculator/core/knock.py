"""Knock analysis: the knock limit, 10- and 11-card analysis, discards and outs."""
from __future__ import annotations

from dataclasses import dataclass

from .cards import ALL_CARDS, Card, cards_mask
from .hands import read_hand, read_upcard, refuse_shared_cards
from .melds import Meld, best_arrangement_of_mask, best_discard_deadwood_of_mask, \
    deadwood_of_mask, discard_deadwoods_of_mask
from .rules import Rules


class DiscardOption:
    """What the hand is after discarding `card`. The deadwood of all 11 discards comes from
    one pass over the hand; each arrangement is built only when asked for."""

    __slots__ = ("card", "deadwood", "can_knock", "gin", "_rest", "_arrangement")

    def __init__(self, card: Card, deadwood: int, limit: int, rest_mask: int):
        self.card, self.deadwood = card, deadwood
        self.can_knock, self.gin = deadwood <= limit, deadwood == 0
        self._rest, self._arrangement = rest_mask, None

    def _arranged(self):
        if self._arrangement is None:
            self._arrangement = best_arrangement_of_mask(self._rest)
        return self._arrangement

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self._arranged().melds

    @property
    def deadwood_cards(self) -> tuple[Card, ...]:
        return self._arranged().deadwood_cards

    def __repr__(self) -> str:
        return f"DiscardOption(card={self.card!r}, deadwood={self.deadwood})"


@dataclass(frozen=True, slots=True)
class Outs:
    """Unseen cards that, drawn next, allow gin, and those that allow a knock (gin included)."""

    gin: tuple[Card, ...]
    knock: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    """One hand's analysis. For 11 cards the first fields describe the hand after `discard`
    (the first of the best discards in card order)."""

    hand: tuple[Card, ...]
    deadwood: int
    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]
    knock_limit: int
    can_knock: bool
    gin: bool
    big_gin: bool | None = None
    discard: Card | None = None
    discards: tuple[DiscardOption, ...] | None = None
    best_discards: tuple[Card, ...] | None = None
    outs: Outs | None = None


def analyze(cards, rules: Rules | None = None, upcard=None, known=(), outs: bool = True
            ) -> HandAnalysis:
    """Analyze 10 or 11 cards. Outs (10 cards only) are the unseen cards: not in the hand and
    not in `known`; the upcard counts as unseen unless it is listed in `known`."""
    rules = rules or Rules()
    hand = read_hand(cards, (10, 11), ("hand",))
    upcard = read_upcard(upcard)
    known_cards = read_hand(known, None, ("known",), "known cards") if known else []
    refuse_shared_cards((("hand",), hand), (("known",), known_cards))
    limit = rules.knock_limit_for(upcard)
    return analyze_cards(tuple(sorted(hand)), limit, known_cards if outs else None)


def analyze_cards(hand: tuple[Card, ...], limit: int, known: list[Card] | None) -> HandAnalysis:
    """`analyze` on checked input: sorted distinct cards, the knock limit; `known` None skips
    the outs."""
    mask = cards_mask(hand)
    if len(hand) == 10:
        arrangement = best_arrangement_of_mask(mask)
        deadwood = arrangement.deadwood
        return HandAnalysis(
            hand, deadwood, arrangement.melds, arrangement.deadwood_cards, limit,
            deadwood <= limit, deadwood == 0,
            outs=None if known is None else find_outs(mask, deadwood, limit, cards_mask(known)),
        )
    after = discard_deadwoods_of_mask(mask)
    discards = tuple(DiscardOption(card, after[card.bit], limit, mask & ~card.bit)
                     for card in hand)
    best = min(option.deadwood for option in discards)
    best_discards = tuple(option.card for option in discards if option.deadwood == best)
    chosen = next(option for option in discards if option.deadwood == best)
    return HandAnalysis(
        hand, best, chosen.melds, chosen.deadwood_cards, limit, chosen.can_knock, chosen.gin,
        big_gin=deadwood_of_mask(mask) == 0, discard=chosen.card, discards=discards,
        best_discards=best_discards,
    )


def find_outs(mask: int, deadwood: int, limit: int, known_mask: int) -> Outs:
    """The unseen cards that, drawn next, allow gin or a knock.

    A drawn card that can meld with nothing in the hand (no two cards of its rank, no card of
    its suit next to it) stays deadwood whatever is discarded, so the hand after drawing it is
    either the hand as it is (discard the drawn card) or the best 9 cards plus the drawn card;
    only the other cards need the 11-card search.
    """
    unseen = [c for c in ALL_CARDS if not (mask | known_mask) & c.bit]
    if deadwood == 0:
        return Outs(tuple(unseen), tuple(unseen))
    best_nine = best_discard_deadwood_of_mask(mask)  # of 10 cards: the best 9 of them
    gin, knock = [], []
    for card in unseen:
        if _can_meld_with(mask, card):
            after = best_discard_deadwood_of_mask(mask | card.bit)
        else:
            after = min(deadwood, best_nine + card.points)
        if after == 0:
            gin.append(card)
        if after <= limit:
            knock.append(card)
    return Outs(tuple(gin), tuple(knock))


def _can_meld_with(mask: int, card: Card) -> bool:
    same_rank = sum(1 for s in range(4) if mask >> (s * 13 + card.rank) & 1)
    if same_rank >= 2:
        return True
    base = card.suit * 13
    below = card.rank > 0 and mask >> (base + card.rank - 1) & 1
    above = card.rank < 12 and mask >> (base + card.rank + 1) & 1
    return bool(below or above)
