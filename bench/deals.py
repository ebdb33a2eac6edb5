"""The hands the benchmarks send: what real clients send, many distinct deals, half of them
random and half meld-dense (seven consecutive ranks in all four suits, where sets and runs
cross and the engine's tables are at their busiest), never one favourable hand."""
from __future__ import annotations

import random

DECK = [rank + suit for suit in "shdc" for rank in "A23456789TJQK"]
DENSE_DECK = [rank + suit for suit in "shdc" for rank in "3456789"]


def hands(count: int, size: int, seed: int, deck=DECK) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(deck, size) for _ in range(count)]


def mixed_hands(count: int, size: int, seed: int) -> list[list[str]]:
    """`count` hands, alternately random and meld-dense."""
    rng = random.Random(seed)
    return [rng.sample(DENSE_DECK if i % 2 else DECK, size) for i in range(count)]


def hand_pairs(count: int, seed: int) -> list[tuple[list[str], list[str]]]:
    """Knocker (10 cards) and defender (10 cards) dealt from one deck, the knocker's deadwood
    within the standard knock limit (a score body the service answers 200), alternately from
    random and meld-dense deals."""
    from calculator.core import deadwood

    rng = random.Random(seed)
    pairs = []
    while len(pairs) < count:
        deck = list(DECK)
        rng.shuffle(deck)
        if len(pairs) % 2:  # meld-dense: the knocker's cards from the crossing ranks
            dense = [card for card in deck if card in DENSE_DECK][:10]
            rest = [card for card in deck if card not in dense]
            knocker, defender = dense, rest[:10]
        else:
            knocker, defender = deck[:10], deck[10:20]
        if deadwood(knocker) <= 10:
            pairs.append((knocker, defender))
    return pairs
