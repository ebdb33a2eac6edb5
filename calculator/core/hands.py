"""Turning what a caller gave (text, tokens or cards) into checked hands, with positions."""
from __future__ import annotations

from .cards import Card, check_disjoint, parse_card, parse_hand
from .errors import CalculatorError, HandSizeError


def read_hand(hand, sizes: tuple[int, ...] | None, position: tuple, what: str = "hand"):
    """Parse a hand and check its size; errors carry `position` (e.g. ("knocker", "hand"))."""
    try:
        cards = parse_hand(hand)
    except CalculatorError as error:
        raise error.at(*position)
    if sizes is not None and len(cards) not in sizes:
        raise HandSizeError(len(cards), sizes, what, position)
    return cards


def read_card(card, position: tuple) -> Card:
    if isinstance(card, Card):
        return card
    try:
        return parse_card(card)
    except CalculatorError as error:
        raise error.at(*position)


def read_upcard(upcard) -> Card | None:
    return None if upcard is None else read_card(upcard, ("upcard",))


def refuse_shared_cards(*named: tuple[tuple, list[Card]]) -> None:
    """A card in two hands is an error at its second place, naming the first."""
    check_disjoint(list(named))
