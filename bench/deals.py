"""The hands the benchmarks send: what real clients send, many distinct deals, half of them
random and half meld-dense (seven consecutive ranks in all four suits, where sets and runs
cross and the engine's tables are at their busiest), never one favourable hand."""
from __future__ import annotations

import random

DECK = [rank + suit for suit in "shdc" for rank in "A23456789TJQK"]
DENSE_DECK = [rank + suit for suit in "shdc" for rank in "3456789"]


def dealt_order(rng: random.Random, dense: bool) -> list[int]:
    """The 52 card indices in the order dealt: at random, or meld-dense (the first 9 from two
    suits and a band of eight ranks, then the rest at random). The advice benchmark's
    positions and the core tests' one-draw and odds deals both come from it."""
    if not dense:
        return rng.sample(range(52), 52)
    suits, low = rng.sample(range(4), 2), rng.randrange(0, 6)
    band = [s * 13 + r for s in suits for r in range(low, low + 8)]
    rng.shuffle(band)
    rest = [c for c in range(52) if c not in band[:9]]
    rng.shuffle(rest)
    return band[:9] + rest


def hands(count: int, size: int, seed: int, deck=DECK) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(deck, size) for _ in range(count)]


def mixed_hands(count: int, size: int, seed: int) -> list[list[str]]:
    """`count` hands, alternately random and meld-dense."""
    rng = random.Random(seed)
    return [rng.sample(DENSE_DECK if i % 2 else DECK, size) for i in range(count)]


def hand_pairs(count: int, seed: int) -> list[tuple[list[str], list[str]]]:
    """Knocker (10 cards) and defender (10 cards) from one deck, the knocker's deadwood within
    the standard knock limit (a score body the service answers 200): alternately a knocker
    built from two runs and a set plus low cards (random ranks and suits), and one dealt from
    the meld-dense deck; the defender dealt at random from the rest."""
    from calculator.core import deadwood

    rng = random.Random(seed)
    ranks = "A23456789TJQK"
    pairs = []
    while len(pairs) < count:
        if len(pairs) % 2:
            knocker = rng.sample(DENSE_DECK, 10)
        else:
            suits = rng.sample("shdc", 2)
            melds = set()
            for suit in suits:
                start = rng.randrange(11)
                melds |= {ranks[r] + suit for r in range(start, start + 3)}
            rank = rng.choice(ranks)
            melds |= {rank + suit for suit in rng.sample("shdc", 3)}
            low = [rank + suit for rank in "A234" for suit in "shdc"]
            knocker = list(melds) + rng.sample(low, 10 - len(melds)) if len(melds) <= 10 else []
        if len(set(knocker)) != 10 or deadwood(knocker) > 10:
            continue
        rest = [card for card in DECK if card not in knocker]
        pairs.append((knocker, rng.sample(rest, 10)))
    return pairs
