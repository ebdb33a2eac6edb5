"""Helpers shared by the core tests: reading cards, naming them, building spreads, the naive
reference's deadwood and best arrangements for `Card` lists (the reference itself works on card
indices), the seeded deals the one-draw and odds tests share, and the hands whose arrangements
were worked out by hand."""
from __future__ import annotations

import sys
from pathlib import Path
from random import Random

import reference as ref

from calculator.core import Card, Meld, Spread, parse_hand
from calculator.core.cards import cards_mask
from calculator.core.odds import ALL

# the benchmarks' dealer (bench/deals.py): the tests deal as the advice benchmark does
_BENCH = str(Path(__file__).resolve().parents[2] / "bench")
if _BENCH not in sys.path:
    sys.path.append(_BENCH)
from deals import dealt_order  # noqa: E402


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


def meld_codes(arrangement) -> list[list[str]]:
    return [codes(m.cards) for m in arrangement.melds]


def naive_deadwood(hand) -> int:
    """Lowest deadwood of exactly these cards, by the naive exhaustive reference."""
    return ref.min_deadwood(indices(hand))


def naive_best_arrangements(hand) -> set[frozenset]:
    """Every lowest-deadwood arrangement of these cards (adjacent runs joined), by the naive
    exhaustive reference, each as a set of melds of card indices."""
    return ref.best_arrangements(indices(hand))


def engine_arrangement_key(arrangement) -> frozenset:
    """An engine arrangement in the form `naive_best_arrangements` gives."""
    return frozenset(frozenset(indices(m.cards)) for m in arrangement.melds)


def mask(text: str) -> int:
    return cards_mask(parse_hand(text))


def deals(seed: int, count: int, seen_low: int = 0, seen_high: int = 25):
    """(11-card hand, unseen) pairs, alternately meld-dense and random, with 11 to 35 cards
    seen beside the hand (by default)."""
    rng = Random(seed)
    for i in range(count):
        cards = dealt_order(rng, dense=i % 2 == 0)
        seen = cards[11:11 + rng.randrange(seen_low, seen_high)]
        hand = sum(1 << c for c in cards[:11])
        yield hand, ALL & ~hand & ~sum(1 << c for c in seen)


# --- arrangements worked out by hand (docs/RULES.md "Melds"), on paper, not by the engine:
# test_melds.py checks the chosen arrangement of each, test_arrangements.py every best one

ARRANGEMENTS = [
    # hand, deadwood, melds (each in canonical order; melds by their first card), deadwood cards
    ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h", 5,  # docs/RULES.md worked example 1
     [["As", "2s", "3s"], ["7h", "7d", "7c"], ["Tc", "Jc", "Qc"]], ["5h"]),
    ("7s 7h 7d 8s 9s 2c 4d 6h Jc Qd", 46,  # docs/RULES.md worked example 2: the run beats the set
     [["7s", "8s", "9s"]], ["6h", "7h", "4d", "7d", "Qd", "2c", "Jc"]),
    ("5s 5h 5d 5c 6c 7c Ks Qh 2d 9h", 31,
     [["5s", "5h", "5d"], ["5c", "6c", "7c"]], ["Ks", "9h", "Qh", "2d"]),
    ("As 2s 3s 4s 5s Ah Ad Ac 9d Kh", 19,  # tie with 4 aces + 2-5: fewer cards in sets wins
     [["As", "2s", "3s", "4s", "5s"], ["Ah", "Ad", "Ac"]], ["Kh", "9d"]),
    ("Qs Ks As 2s 3s 9h 9d 4c 6d 8c", 56,  # no wrap: Q-K-A and K-A-2 are not runs
     [["As", "2s", "3s"]], ["Qs", "Ks", "9h", "6d", "9d", "4c", "8c"]),
    ("Js Qs Ks Ah 2h Ac 2c 3c 9d 5d", 17,
     [["Js", "Qs", "Ks"], ["Ac", "2c", "3c"]], ["Ah", "2h", "5d", "9d"]),
    ("As 2s 3s 4s 5s 9h Th Jh Qh Kh", 0,
     [["As", "2s", "3s", "4s", "5s"], ["9h", "Th", "Jh", "Qh", "Kh"]], []),
    ("3s 4s 5s 6s 7s 8s 9s Kh Kd Kc", 0,  # one 7-card run, never split
     [["3s", "4s", "5s", "6s", "7s", "8s", "9s"], ["Kh", "Kd", "Kc"]], []),
    ("7s 7h 7d 7c 5s 6s 8h 9h 6d 8d", 7,
     [["5s", "6s", "7s"], ["7h", "8h", "9h"], ["6d", "7d", "8d"]], ["7c"]),
    ("Tc 2h 3h 2s Td 5h 3s 4h 4s Ts", 0,
     [["2s", "3s", "4s"], ["Ts", "Td", "Tc"], ["2h", "3h", "4h", "5h"]], []),
    ("Ks Qh Jd Tc 9s 8h 7d 6c 5s 4h", 79,
     [], ["5s", "9s", "Ks", "4h", "8h", "Qh", "7d", "Jd", "6c", "Tc"]),
    ("4s 5s 6s 4h 5h 6h 4d 5d 6d 4c", 0,  # 4c forces the four 4s: one gin arrangement only
     [["4s", "4h", "4d", "4c"], ["5s", "5h", "5d"], ["6s", "6h", "6d"]], []),
    ("Ks Kh Kd Qs Js 2c 4c 6c 8c 9d", 49,  # tie: run J-Q-K♠ or set of kings; run wins
     [["Js", "Qs", "Ks"]], ["Kh", "9d", "Kd", "2c", "4c", "6c", "8c"]),
    ("7s 7h 7d 7c 8s 9s 2h 3d 4c 5c", 14,
     [["7s", "8s", "9s"], ["7h", "7d", "7c"]], ["2h", "3d", "4c", "5c"]),
    ("As 2s 3s Kh Qh Jh 5d 6d 7d 9c", 9,
     [["As", "2s", "3s"], ["Jh", "Qh", "Kh"], ["5d", "6d", "7d"]], ["9c"]),
    ("Kd Ad 2d 5s 6s 7s 9h 9c 9s Jc", 23,  # K-A-2 is not a run
     [["5s", "6s", "7s"], ["9s", "9h", "9c"]], ["Ad", "2d", "Kd", "Jc"]),
    ("Ks Kh Kd Kc 2h 3h 4h 8c 9c Tc", 0,
     [["Ks", "Kh", "Kd", "Kc"], ["2h", "3h", "4h"], ["8c", "9c", "Tc"]], []),
    ("As 2s 3s 4h 5h 6h 7d 8d 9d Ac", 1,
     [["As", "2s", "3s"], ["4h", "5h", "6h"], ["7d", "8d", "9d"]], ["Ac"]),
    ("As 2s 3s 4s Kh Kd Kc Ah 2d 3c", 6,
     [["As", "2s", "3s", "4s"], ["Kh", "Kd", "Kc"]], ["Ah", "2d", "3c"]),
    ("6s 7s 8s Kh Kd Kc Ah 2h 3h 8d", 8,
     [["6s", "7s", "8s"], ["Ah", "2h", "3h"], ["Kh", "Kd", "Kc"]], ["8d"]),
    ("Qh Kh Ah 2h 3h Qd Kd Ad 2d 3d", 40,  # Q-K-A and K-A-2 in two suits: only A-2-3 melds
     [["Ah", "2h", "3h"], ["Ad", "2d", "3d"]], ["Qh", "Kh", "Qd", "Kd"]),
]
