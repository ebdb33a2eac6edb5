"""Turning what a caller gave (text, tokens or cards) into checked hands, with positions."""
from __future__ import annotations

from .cards import Card, cards_mask, check_disjoint, hand_tokens, parse_card, parse_hand, \
    quick_mask, tokenize
from .errors import MAX_REPORTED_ERRORS, CalculatorError, CardNotationError, HandSizeError, \
    group


def read_hand(hand, sizes: tuple[int, ...] | None, position: tuple, what: str = "hand"):
    """Parse a hand and check its size; errors carry `position` (e.g. ("knocker", "hand"))."""
    try:
        return sized_cards(hand, sizes, what)
    except CalculatorError as error:
        raise error.at(*position)


def sized_cards(hand, sizes: tuple[int, ...] | None, what: str = "hand") -> list[Card]:
    """The cards of a hand of one of `sizes`. The count comes first: a hand of more tokens
    than any size is told only that (its cards unread); a short one, that and its bad
    tokens, so every slip is told at once."""
    if sizes is None:
        return parse_hand(hand)
    tokens = hand_tokens(hand)  # split once: parse_hand takes the list as it stands
    count = len(tokens)
    if count > max(sizes):
        raise HandSizeError(count, sizes, what)
    try:
        cards = parse_hand(tokens)
    except CalculatorError as error:
        if count in sizes:
            raise
        raise group(list(getattr(error, "members", (error,))) +
                    [HandSizeError(count, sizes, what)]) from None
    if len(cards) not in sizes:
        raise HandSizeError(len(cards), sizes, what)
    return cards


def read_card(card, position: tuple) -> Card:
    """One card (the upcard, the face-up card, a discard), or the error at `position`; two
    or more cards where one belongs are told so, not read as one card's odd rank."""
    if isinstance(card, Card):
        return card
    try:
        return parse_card(card)
    except CalculatorError as error:
        count = len(tokenize(card)) if isinstance(card, str) else 1
        told = CardNotationError(card, None, f"{count} cards where one belongs") \
            if count > 1 else error
        raise told.at(*position)


def read_upcard(upcard) -> Card | None:
    return None if upcard is None else read_card(upcard, ("upcard",))


def refuse_shared_cards(*named: tuple[tuple, list[Card]]) -> None:
    """A card in two hands is an error at its second place, naming the first."""
    check_disjoint(list(named))


def read_each(items, read, position: tuple) -> list:
    """`read(item, index)` of each item, in order; every failing item's errors told at once
    (`read` places them), until `MAX_REPORTED_ERRORS` of them: then reading stops, and the
    items left unread in the list at `position` are counted."""
    values, errors = [], []
    for index, item in enumerate(items):
        try:
            values.append(read(item, index))
        except CalculatorError as error:
            errors.extend(getattr(error, "members", (error,)))
            if len(errors) >= MAX_REPORTED_ERRORS and index + 1 < len(items):
                raise group(errors, len(items) - index - 1, position)
    if errors:
        raise group(errors)
    return values


def read_hands(hands, position: tuple, sizes: tuple[int, ...] = (10, 11)) -> list[int]:
    """Many hands (a batch) as the masks of their cards; every bad hand's errors, each under
    `position` and the hand's index (`read_each`)."""
    def read(hand, index: int) -> int:
        mask = quick_mask(hand)  # the usual hand: plain distinct codes, read at C speed
        if mask is not None and mask.bit_count() in sizes:
            return mask
        try:
            return cards_mask(sized_cards(hand, sizes))
        except CalculatorError as error:
            raise error.at(*position, index)
    return read_each(hands, read, position)
