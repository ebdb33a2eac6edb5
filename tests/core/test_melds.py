"""Melds, the best arrangement and its tie rule, and deadwood (docs/RULES.md "Melds", the
public functions of calculator.core.melds), with answers worked out by hand.

Each arrangement in core_support.ARRANGEMENTS was derived from docs/RULES.md on paper; the naive
exhaustive reference (tests/reference, no engine code) double-checks the engine on seeded random
hands. Every best arrangement of a hand, and every meld inside one, are in test_arrangements.py;
the mask-level deadwood tables in test_tables.py.
"""
from __future__ import annotations

import json
import random
from itertools import permutations
from pathlib import Path

import pytest

from calculator.core import (ALL_CARDS, Card, CardNotationError, DuplicateCardError,
                             HandSizeError, MeldError, Meld, all_best_arrangements, analyze,
                             best_arrangement, deadwood, parse_hand)
from calculator.core.cards import POINTS, mask_cards
from calculator.core.melds import MOST_DEADWOOD, best_arrangement_of_mask
from core_support import (ARRANGEMENTS, cards, codes, engine_arrangement_key, meld_codes,
                          naive_best_arrangements, naive_deadwood)

# the tricky hands from the project's shared data, checked by an independent exhaustive search
SHARED_HANDS = Path(__file__).resolve().parents[1] / "data" / "hands.jsonl"


# --- the shared hands file --------------------------------------------------------------------

def shared_lines():
    lines = [json.loads(line) for line in SHARED_HANDS.read_text().splitlines() if line.strip()]
    return [pytest.param(line, id=line["hand"]) for line in lines]


@pytest.mark.parametrize("line", shared_lines())
def test_shared_hands_file(line):
    hand = cards(line["hand"])
    assert len(hand) == line["cards"]
    result = analyze(line["hand"], outs=False)
    assert result.deadwood == line["deadwood"]
    if line["cards"] == 10:
        assert deadwood(hand) == line["deadwood"]
        assert best_arrangement(hand).deadwood == line["deadwood"]


# --- arrangements worked out by hand ----------------------------------------------------------

@pytest.mark.parametrize("hand, dw, melds, dead", ARRANGEMENTS, ids=[a[0] for a in ARRANGEMENTS])
def test_best_arrangement(hand, dw, melds, dead):
    arrangement = best_arrangement(cards(hand))
    assert arrangement.deadwood == dw
    assert meld_codes(arrangement) == melds
    assert codes(arrangement.deadwood_cards) == dead
    assert deadwood(cards(hand)) == dw
    result = analyze(hand, outs=False)
    assert (result.deadwood, [codes(m.cards) for m in result.melds],
            codes(result.deadwood_cards)) == (dw, melds, dead)


# --- ties: a fixed rule, the same answer whatever the order or notation -----------------------

TIE_HANDS = [
    "Ks Kh Kd Qs Js 2c 4c 6c 8c 9d",
    "As 2s 3s 4s 5s Ah Ad Ac 9d Kh",
    "4s 5s 6s 4h 5h 6h 4d 5d 6d 4c",
    "7s 7h 7d 7c 5s 6s 8h 9h 6d 8d",
]


def _renderings(hand: str):
    """The same hand in several orders and notations."""
    base = cards(hand)
    rng = random.Random(hand)
    yield [str(c) for c in base]
    yield [str(c) for c in reversed(base)]
    yield [c.glyph for c in base]
    yield [c.words for c in base]
    yield " ".join(c.glyph.lower() for c in base)
    yield ", ".join(c.words for c in base)
    for _ in range(6):
        shuffled = list(base)
        rng.shuffle(shuffled)
        yield [c.words if i % 3 == 0 else c.glyph if i % 3 == 1 else str(c).lower()
               for i, c in enumerate(shuffled)]


@pytest.mark.parametrize("hand", TIE_HANDS)
def test_tie_rule_is_deterministic(hand):
    expected = best_arrangement(cards(hand))
    expected_all = all_best_arrangements(cards(hand))
    for rendering in _renderings(hand):
        assert best_arrangement(parse_hand(rendering)) == expected
        assert all_best_arrangements(parse_hand(rendering)) == expected_all
        result = analyze(rendering, outs=False)
        assert (result.melds, result.deadwood_cards) == (expected.melds,
                                                         expected.deadwood_cards)


def test_tie_rule_order_of_every_permutation_of_a_small_hand():
    hand = cards("Ks Kh Kd Qs Js")
    expected = best_arrangement(hand)
    assert meld_codes(expected) == [["Js", "Qs", "Ks"]]
    for order in permutations(hand):
        assert best_arrangement(list(order)) == expected


# --- melds: what is and is not a meld (no wrap-around) ----------------------------------------

VALID_MELDS = [
    ("As 2s 3s", "run", ["As", "2s", "3s"]),
    ("3s As 2s", "run", ["As", "2s", "3s"]),
    ("Jh Qh Kh", "run", ["Jh", "Qh", "Kh"]),
    ("9d Td Jd Qd Kd", "run", ["9d", "Td", "Jd", "Qd", "Kd"]),
    ("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks", "run",
     ["As", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Js", "Qs", "Ks"]),
    ("7s 7h 7d", "set", ["7s", "7h", "7d"]),
    ("7c 7d 7h 7s", "set", ["7s", "7h", "7d", "7c"]),
    ("Ah Ad Ac", "set", ["Ah", "Ad", "Ac"]),
    ("Kh Kd Kc", "set", ["Kh", "Kd", "Kc"]),
]


@pytest.mark.parametrize("text, kind, expected", VALID_MELDS)
def test_valid_melds(text, kind, expected):
    meld = Meld.of(text.split())
    assert meld.kind == kind
    assert codes(meld.cards) == expected


@pytest.mark.parametrize("text, kind, expected", VALID_MELDS)
def test_a_meld_built_directly_from_codes_equals_the_checked_one(text, kind, expected):
    """Meld(kind, cards) reads card codes too; equal melds hash alike (by their cards)."""
    direct = Meld(kind, tuple(expected))
    checked = Meld.of(text.split())
    assert direct == checked and hash(direct) == hash(checked)
    assert codes(direct.cards) == expected and all(isinstance(c, Card) for c in direct.cards)
    assert direct.mask == sum(card.bit for card in checked.cards)


@pytest.mark.parametrize("text", [m[0] for m in VALID_MELDS])
def test_meld_repr_round_trips(text):
    meld = Meld.of(text.split())
    assert eval(repr(meld), {"Meld": Meld}) == meld


@pytest.mark.parametrize("hand", [a[0] for a in ARRANGEMENTS])
def test_arrangement_repr_round_trips(hand):
    from calculator.core import Arrangement
    arrangement = best_arrangement(cards(hand))
    assert eval(repr(arrangement), {"Arrangement": Arrangement, "Meld": Meld,
                                    "Card": Card}) == arrangement


INVALID_MELDS = [
    "Qs Ks As",  # no wrap-around
    "Ks As 2s",
    "Qh Kh Ah 2h",
    "As 2s",  # too short
    "7s 7h",
    "As 2s 4s",  # gap
    "As 2h 3s",  # mixed suits
    "7s 7h 8h",
    "7s 7s 7h",  # a card twice
    "Ts Js Qs Ks As",
]


@pytest.mark.parametrize("text", INVALID_MELDS)
def test_invalid_melds(text):
    with pytest.raises(MeldError):
        Meld.of(text.split())


@pytest.mark.parametrize("hand, dw", [
    ("Qs Ks As", 21), ("Ks As 2s", 13), ("Qs Ks As 2s", 23), ("Qs Ks As 2s 3s", 20),
    ("Jd Qd Kd Ad", 1), ("Kc Ac 2c 3c", 10),
])
def test_no_wrap_around_in_deadwood(hand, dw):
    assert deadwood(cards(hand)) == dw


# --- deadwood(): exactly these cards, never a discard -----------------------------------------

EXACT_DEADWOOD = [
    ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd", 15),  # 11 cards: 5h + Kd, nothing discarded
    ("8c 8s 6d 5c 5d 7h 6h 8d 7d 7s 5h", 12),
    ("5c 4h 3s 5h 2s 3c 6s 4c 6c 5d 6h", 16),
    ("4h 4d 6c 5h 3s 5s 6h 4s 3d 6s 5d", 6),
    ("As 2s 3s 4s 7h 8h 9h Th Kc Kd Ks", 0),  # big gin
    ("9d 8d 9s 7d 8s 7c 8c 7s Ts 9c Td", 0),
    ("As 2s 3s", 0),
    ("Kh", 10),
    ("", 0),
    ("7s 7h 7d 7c", 0),
    ("7s 7h 7d 7c 8s", 8),
    ("As Ah 2s 2h", 6),
]


@pytest.mark.parametrize("hand, dw", EXACT_DEADWOOD)
def test_deadwood_never_discards(hand, dw):
    assert deadwood(cards(hand)) == dw
    assert best_arrangement(cards(hand)).deadwood == dw


@pytest.mark.parametrize("hand, dw", [
    ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h", 5),
    ("A♠ 2♠ 3♠ 7♣ 7♥ 7♦ 10♣ J♣ Q♣ 5♥", 5),
    ("ace of spades, 2 of spades, 3 of spades, king of hearts", 10),
])
def test_deadwood_reads_any_notation(hand, dw):
    assert deadwood(hand) == dw
    assert best_arrangement(hand).deadwood == dw


def test_deadwood_refuses_duplicates_and_more_than_eleven_cards():
    with pytest.raises(DuplicateCardError) as info:
        deadwood("As 2s 3s 🂡")
    assert info.value.position == (3,)
    with pytest.raises(HandSizeError):
        deadwood("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs")
    with pytest.raises(CardNotationError):
        deadwood("As Qx")


# --- seeded random hands: engine against the naive search -------------------------------------

def _random_hands(count: int, size: int, seed: int):
    rng = random.Random(seed)
    deck = list(ALL_CARDS)
    hands = []
    for _ in range(count):
        # bias towards melds: draw from a few neighbouring ranks half of the time
        if rng.random() < 0.5:
            low = rng.randrange(0, 8)
            pool = [c for c in deck if low <= c.rank < low + 5]
        else:
            pool = deck
        hands.append(rng.sample(pool, size))
    return hands


@pytest.mark.parametrize("size, seed", [(10, 1), (10, 2), (11, 3), (11, 4), (7, 5)])
def test_random_hands_against_naive(size, seed):
    for hand in _random_hands(40, size, seed):
        assert deadwood(hand) == naive_deadwood(hand), hand
        engine = all_best_arrangements(hand)
        assert engine[0] == best_arrangement(hand)
        assert {engine_arrangement_key(a) for a in engine} == naive_best_arrangements(hand), hand


@pytest.mark.parametrize("seed", range(4))
def test_every_discard_s_arrangement_is_the_searched_one(seed):
    """Every discard option of an 11-card analysis, made in one pass
    (`discard_arrangements_of_mask`), has exactly the arrangement the search picks for the 10
    cards kept, ties broken as the tie rule breaks them. Uniform hands (mostly no rank of
    three), meld-dense ones (ranks 3 to 9: sets, runs and ties) and hands of five ranks only
    (fours of a kind, two or three ranks of three, a set choice for every discard)."""
    rng = random.Random(seed)
    dense = [c for c in ALL_CARDS if 2 <= c.rank <= 8]
    five_ranks = [c for c in ALL_CARDS if 4 <= c.rank <= 8]
    kinds = {"none": 0, "three": 0, "tie": 0}
    for deck in [ALL_CARDS] * 400 + [dense] * 400 + [five_ranks] * 200:
        hand = rng.sample(deck, 11)
        mask = sum(c.bit for c in hand)
        s = [mask >> (13 * suit) & 0x1FFF for suit in range(4)]
        has_three = any(sum(x >> r & 1 for x in s) >= 3 for r in range(13))
        result = analyze(hand)
        assert [o.card for o in result.discards] == sorted(hand)
        for option in result.discards:
            kept = mask & ~option.card.bit
            searched = best_arrangement_of_mask(kept)
            assert (option.melds, option.deadwood_cards, option.deadwood) == searched, (
                hand, option.card)
            assert option.can_knock is (option.deadwood <= 10) and option.gin is (
                option.deadwood == 0)
            kinds["tie"] += len(all_best_arrangements(mask_cards(kept))) > 1
        kinds["three" if has_three else "none"] += 1
        # the kept hand's arrangement: searched when read before the options, the chosen
        # discard's option when read after them (HandAnalysis.arrangement); both the same
        searched_first = analyze(hand).arrangement
        chosen = result.discards[result.hand.index(result.discard)]
        assert searched_first == result.arrangement == (
            chosen.melds, chosen.deadwood_cards, chosen.deadwood), hand
        lowest = min(o.deadwood for o in result.discards)
        assert result.deadwood == lowest and result.best_discards == tuple(
            o.card for o in result.discards if o.deadwood == lowest)
    # each way the pass can go is met often: no sets, set choices, and ties to break
    assert min(kinds.values()) > 150, kinds


def test_no_ten_card_hand_holds_more_than_the_most_deadwood():
    """MOST_DEADWOOD (98) is the most deadwood of any 10-card hand, searched over every count
    of cards by rank (566,280 of them; suits only add melds). A hand holding three of a rank
    can lay that set down, so its deadwood is at most its points less the set's; any other
    hand at most its points. The largest such bound is 98, and the engine finds a hand that
    reaches it."""
    best, leaves = 0, 0

    def walk(rank: int, left: int, points: int, set_points: int) -> None:
        nonlocal best, leaves
        if rank == 13:
            if left == 0:
                leaves += 1
                best = max(best, points - set_points)
            return
        for count in range(min(4, left) + 1):
            walk(rank + 1, left - count, points + count * POINTS[rank],
                 max(set_points, 3 * POINTS[rank]) if count >= 3 else set_points)

    walk(0, 10, 0, 0)
    assert leaves == 566_280 and best == MOST_DEADWOOD == 98
    assert deadwood("Ks Kh Qd Qc Js Jh Td Tc 9s 9h") == MOST_DEADWOOD
