"""Helpers shared by the core tests: reading cards, naming them, building spreads, and the
naive reference's deadwood for `Card` lists (the reference itself works on card indices)."""
from __future__ import annotations

import reference as ref

from calculator.core import Card, Meld, Spread, parse_hand


def cards(text) -> list[Card]:
    return parse_hand(text)


def codes(items) -> list[str]:
    return [str(c) for c in items]


def spread(*melds: str, dead: str = "") -> Spread:
    return Spread.of([Meld.of(m.split()) for m in melds], sorted(cards(dead)))


def cards_of(indices) -> list[Card]:
    return [Card.from_index(i) for i in indices]


def indices(cards) -> list[int]:
    return [card.index for card in cards]


def meld_indices(melds) -> list[list[int]]:
    return [indices(meld.cards) for meld in melds]


def naive_deadwood(hand) -> int:
    """Lowest deadwood of exactly these cards, by the naive exhaustive reference."""
    return ref.min_deadwood(indices(hand))
