"""Knock analysis (docs/RULES.md "A hand of play, and knocking", "Variants"; DESIGN.md analyze):
the knock limit under each rule set, 11-card discards and big gin, and outs checked against a
brute force (for each unseen card: the lowest deadwood over every discard, by the naive
reference)."""
from __future__ import annotations

import random

import pytest
import strategies as hs
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.core import (ALL_CARDS, PRESETS, Card, CardInBothHandsError, CardNotationError,
                             DuplicateCardError, HandSizeError, RuleError, Rules, analyze)
import reference as ref
from strategies import examples
from calculator.core.cards import cards_mask
from calculator.core.knock import find_outs
from calculator.core.tables import best_discard_deadwood_of_mask, deadwood_of_mask
from core_support import cards, cards_of, codes, indices, naive_deadwood


def brute_outs(hand, limit: int, known=()):
    """The outs by the naive reference (tests/reference): for each unseen card, the lowest
    deadwood over every discard."""
    gin, knock = ref.outs(indices(hand), limit, indices(known))
    return cards_of(gin), cards_of(knock)


# --- knock limit under each rule set ----------------------------------------------------------

EX1 = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"  # docs/RULES.md: deadwood 5, can knock
ONE = "As 2s 3s 4h 5h 6h 7d 8d 9d Ac"  # deadwood 1 (Ac)
GIN = "Ks Kh Kd Kc 2h 3h 4h 8c 9c Tc"  # deadwood 0
ELEVEN = "As 2s 3s 4s 7h 8h 9h Th Kc Kd Ks"  # deadwood 0 knock after discard (big gin)

KNOCK_LIMITS = [
    # hand, rules, upcard, expected limit, can knock, gin
    (EX1, {}, None, 10, True, False),
    (EX1, {"preset": "classic"}, None, 10, True, False),
    (EX1, {"preset": "hollywood"}, None, 10, True, False),
    (EX1, {"preset": "straight"}, None, 0, False, False),
    (EX1, {"knock_limit": 5}, None, 5, True, False),
    (EX1, {"knock_limit": 4}, None, 4, False, False),
    (EX1, {"preset": "oklahoma"}, "4c", 4, False, False),  # docs/RULES.md: upcard 4♣, limit 4
    (EX1, {"preset": "oklahoma"}, "5d", 5, True, False),
    (EX1, {"preset": "oklahoma"}, "5h", 5, True, False),  # the upcard may be in the hand
    (EX1, {"preset": "oklahoma"}, "6s", 6, True, False),  # docs/RULES.md: upcard 6♠, limit 6
    (EX1, {"preset": "oklahoma"}, "Kd", 10, True, False),
    (EX1, {"preset": "oklahoma"}, "Jh", 10, True, False),
    (EX1, {"preset": "oklahoma"}, "Tc", 10, True, False),
    (EX1, {"preset": "oklahoma"}, "2c", 2, False, False),
    (EX1, {"preset": "oklahoma"}, "As", 0, False, False),
    (EX1, {"preset": "oklahoma", "oklahoma_ace_gin_only": False}, "Ah", 1, False, False),
    (EX1, {"oklahoma": True}, "9c", 9, True, False),
    (ONE, {"preset": "oklahoma"}, "Ah", 0, False, False),
    (ONE, {"preset": "oklahoma", "oklahoma_ace_gin_only": False}, "Ah", 1, True, False),
    (ONE, {"preset": "straight"}, None, 0, False, False),
    (ONE, {}, None, 10, True, False),
    (GIN, {"preset": "straight"}, None, 0, True, True),
    (GIN, {"preset": "oklahoma"}, "Ad", 0, True, True),
    (GIN, {}, None, 10, True, True),
    (ELEVEN, {"preset": "straight"}, None, 0, True, True),
    (ELEVEN, {"preset": "oklahoma"}, "Ac", 0, True, True),
    ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd", {"preset": "straight"}, None, 0, False, False),
    ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd", {"preset": "oklahoma"}, "5c", 5, True, False),
    ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd", {"preset": "oklahoma"}, "4c", 4, False, False),
]


@pytest.mark.parametrize("hand, options, upcard, limit, can_knock, gin", KNOCK_LIMITS,
                         ids=lambda v: repr(v)[:24])
def test_knock_limit(hand, options, upcard, limit, can_knock, gin):
    result = analyze(hand, Rules.from_options(options), upcard=upcard, outs=False)
    assert result.knock_limit == limit
    assert result.can_knock is can_knock
    assert result.gin is gin


def test_oklahoma_without_upcard_is_a_rule_error():
    with pytest.raises(RuleError) as info:
        analyze(EX1, PRESETS["oklahoma"])
    assert info.value.position == ("upcard",)


def test_bad_upcard_is_a_notation_error_at_upcard():
    with pytest.raises(CardNotationError) as info:
        analyze(EX1, PRESETS["oklahoma"], upcard="Qx")
    assert info.value.position == ("upcard",)
    assert "unknown suit 'x'" in info.value.detail


def test_ten_card_analysis_fields():
    result = analyze(EX1)
    assert codes(result.hand) == ["As", "2s", "3s", "5h", "7h", "7d", "7c", "Tc", "Jc", "Qc"]
    assert result.deadwood == 5
    assert [codes(m.cards) for m in result.melds] == [["As", "2s", "3s"], ["7h", "7d", "7c"],
                                                      ["Tc", "Jc", "Qc"]]
    assert [m.kind for m in result.melds] == ["run", "set", "run"]
    assert codes(result.deadwood_cards) == ["5h"]
    assert result.discards is None and result.best_discards is None and result.discard is None
    assert result.big_gin is None


# --- 11 cards: every discard, the best ones, big gin ------------------------------------------

ELEVEN_CARD = [
    # hand, every discard in card order with its deadwood, best discards, big gin,
    # melds and deadwood cards after the chosen (first best) discard
    ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd",
     [("As", 20), ("2s", 19), ("3s", 18), ("5h", 10), ("7h", 29), ("7d", 29), ("Kd", 5),
      ("7c", 29), ("Tc", 35), ("Jc", 35), ("Qc", 35)],
     ["Kd"], False, [["As", "2s", "3s"], ["7h", "7d", "7c"], ["Tc", "Jc", "Qc"]], ["5h"]),
    (ELEVEN,
     [("As", 0), ("2s", 8), ("3s", 7), ("4s", 0), ("Ks", 20), ("7h", 0), ("8h", 26),
      ("9h", 25), ("Th", 0), ("Kd", 20), ("Kc", 20)],
     ["As", "4s", "7h", "Th"], True, [["2s", "3s", "4s"], ["Ks", "Kd", "Kc"],
                                      ["7h", "8h", "9h", "Th"]], []),
    ("8c 8s 6d 5c 5d 7h 6h 8d 7d 7s 5h", None, ["7s"], False,
     [["8s", "8d", "8c"], ["5h", "6h", "7h"], ["5d", "6d", "7d"]], ["5c"]),
    ("5c 4h 3s 5h 2s 3c 6s 4c 6c 5d 6h", None, ["6s"], False,
     [["4h", "5h", "6h"], ["3c", "4c", "5c", "6c"]], ["2s", "3s", "5d"]),
    ("4h 4d 6c 5h 3s 5s 6h 4s 3d 6s 5d", None, ["6c"], False,
     [["3s", "4s", "5s", "6s"], ["4h", "5h", "6h"], ["3d", "4d", "5d"]], []),
    ("9d 8d 9s 7d 8s 7c 8c 7s Ts 9c Td", None, ["7s", "Ts", "7d", "Td"], True,
     [["8s", "9s", "Ts"], ["7d", "8d", "9d", "Td"], ["7c", "8c", "9c"]], []),
]


@pytest.mark.parametrize("hand, discards, best, big_gin, melds, dead", ELEVEN_CARD,
                         ids=[e[0] for e in ELEVEN_CARD])
def test_eleven_cards(hand, discards, best, big_gin, melds, dead):
    result = analyze(hand)
    hand_cards = cards(hand)
    assert codes(result.hand) == codes(sorted(hand_cards))
    assert len(result.discards) == 11
    assert [d.card for d in result.discards] == sorted(hand_cards)  # all 11, card order
    if discards is not None:
        assert [(str(d.card), d.deadwood) for d in result.discards] == discards
    for option in result.discards:
        rest = [c for c in hand_cards if c is not option.card]
        assert option.deadwood == naive_deadwood(rest)
        assert option.can_knock is (option.deadwood <= 10)
        assert option.gin is (option.deadwood == 0)
        placed = [c for m in option.melds for c in m.cards] + list(option.deadwood_cards)
        assert sorted(placed) == sorted(rest)
        assert sum(c.points for c in option.deadwood_cards) == option.deadwood
    assert codes(result.best_discards) == best
    assert str(result.discard) == best[0]
    assert result.deadwood == min(d.deadwood for d in result.discards)
    assert result.big_gin is big_gin
    assert result.gin is (result.deadwood == 0)
    assert result.can_knock is (result.deadwood <= 10)
    assert [codes(m.cards) for m in result.melds] == melds
    assert codes(result.deadwood_cards) == dead
    assert result.outs is None  # outs are for 10 cards


@pytest.mark.parametrize("options, upcard", [({}, None), ({"preset": "straight"}, None),
                                            ({"preset": "oklahoma"}, "3h")])
def test_eleven_card_discard_flags_follow_the_limit(options, upcard):
    rules = Rules.from_options(options)
    result = analyze("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd", rules, upcard=upcard)
    for option in result.discards:
        assert option.can_knock is (option.deadwood <= result.knock_limit)


def test_discards_are_a_tuple_kept_once_worked_out_and_keep_the_chosen_arrangement():
    result = analyze("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd")
    options = result.discards
    assert type(options) is tuple and len(options) == 11
    assert result.discards is options  # worked out on first read, then kept
    chosen = options[[str(o.card) for o in options].index(str(result.discard))]
    # the hand's melds are those of the 10 cards kept, as a fresh analysis of them finds
    kept = analyze([card for card in result.hand if card is not result.discard])
    assert chosen.melds == result.melds == kept.melds == result.arrangement.melds
    assert chosen.deadwood_cards == result.deadwood_cards == kept.deadwood_cards
    assert {str(o.card): o.deadwood for o in options} == {
        str(card): analyze([c for c in result.hand if c is not card]).deadwood
        for card in result.hand}
    assert "DiscardOption(card=Card('As')" in repr(options)
    hash(result)  # an analysis stays hashable, like a tuple
    # equal analyses whether or not their options were read
    assert analyze("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd") == result


def test_a_ten_card_analysis_has_no_discards():
    result = analyze("As 2s 3s 7c 7h 7d Tc Jc Qc 5h")
    assert result.discards is None and result.discard is None and result.big_gin is None
    assert result.arrangement.deadwood == result.deadwood == 5


def test_big_gin_is_reported_whatever_the_bonus():
    assert analyze(ELEVEN, PRESETS["classic"]).big_gin is True


# --- outs -------------------------------------------------------------------------------------

HAND_OUTS = [
    # hand, rules, upcard, known, gin outs, knock outs (None: every unseen card), worked by hand
    (EX1, {}, None, [], ["4s", "7s", "9c", "Kc"], None),
    (EX1, {}, None, ["4s", "Kc"], ["7s", "9c"], None),
    (EX1, {}, "4s", [], ["4s", "7s", "9c", "Kc"], None),  # the upcard is unseen ...
    (EX1, {}, "4s", ["4s"], ["7s", "9c", "Kc"], None),  # ... unless it is known
    (EX1, {"preset": "straight"}, None, [], ["4s", "7s", "9c", "Kc"],
     ["4s", "7s", "9c", "Kc"]),
    ("As 2s 3s 7c 7h 7d Tc Jc 9h 5h", {}, None, [], [], ["9c", "Qc"]),
    ("As 2s 3s 7c 7h 7d Tc Jc 9h 5h", {}, None, ["9c"], [], ["Qc"]),
    ("As 2s 3s 7c 7h 7d Tc Jc 9h 5h", {}, "Qc", [], [], ["9c", "Qc"]),
    ("As 2s 3s 7c 7h 7d Tc Jc 9h 5h", {}, "Qc", ["Qc"], [], ["9c"]),
]


@pytest.mark.parametrize("hand, options, upcard, known, gin, knock", HAND_OUTS,
                         ids=lambda v: repr(v)[:24])
def test_outs_worked_by_hand(hand, options, upcard, known, gin, knock):
    rules = Rules.from_options(options)
    result = analyze(hand, rules, upcard=upcard, known=known)
    assert codes(result.outs.gin) == gin
    if knock is None:
        unseen = [c for c in ALL_CARDS if c not in set(cards(hand)) | set(cards(known))]
        assert list(result.outs.knock) == unseen
    else:
        assert codes(result.outs.knock) == knock


BRUTE_FORCE_HANDS = [
    # hand, rules, upcard, known
    (EX1, {}, None, []),
    (EX1, {"preset": "oklahoma"}, "4c", ["4c", "Kc"]),
    ("As 2s 3s 7c 7h 7d Tc Jc 9h 5h", {}, None, []),
    ("As 2s 3s 7c 7h 7d Tc Jc 9h 5h", {"preset": "oklahoma"}, "9c", []),
    ("7s 7h 7d 8s 9s 2c 4d 6h Jc Qd", {}, None, []),
    ("5s 5h 5d 5c 6c 7c Ks Qh 2d 9h", {}, None, ["6s", "4c"]),
    ("As 2s 3s 4s 5s Ah Ad Ac 9d Kh", {}, None, []),
    ("As 2s 3s 4s 5s Ah Ad Ac 9d Kh", {"preset": "straight"}, None, []),
    ("Js Qs Ks Ah 2h Ac 2c 3c 9d 5d", {}, None, ["3h"]),
    ("7s 7h 7d 7c 5s 6s 8h 9h 6d 8d", {}, None, []),
    ("7s 7h 7d 7c 5s 6s 8h 9h 6d 8d", {"preset": "straight"}, None, []),
    ("Ks Kh Kd Qs Js 2c 4c 6c 8c 9d", {}, None, []),
    ("As 2s 3s 4h 5h 6h 7d 8d 9d Ac", {"preset": "straight"}, None, []),
    ("As 2s 3s 4h 5h 6h 7d 8d 9d Ac", {"preset": "oklahoma"}, "Ad", []),
    ("As 2s 3s 4s Kh Kd Kc Ah 2d 3c", {"preset": "straight"}, None, ["5s"]),
    ("6s 7s 8s Kh Kd Kc Ah 2h 3h 8d", {"preset": "oklahoma"}, "5c", []),
    ("2s 3s 5s 6s 2h 3h 5h 6h 4d Kc", {}, None, []),
    ("Ts Js 9h Th Jh 8d 9d Td 2c 3c", {}, None, []),
    ("4s 4h 5s 5h 6d 6c 7c 8c 9s Qh", {}, None, []),
    ("As Ah 2s 2d 3h 3c 4s 4d 5h Kc", {}, None, []),
    (GIN, {}, None, []),
    ("4s 5s 6s 4h 5h 6h 4d 5d 6d 4c", {"preset": "straight"}, None, []),
]


@pytest.mark.parametrize("hand, options, upcard, known", BRUTE_FORCE_HANDS,
                         ids=lambda v: repr(v)[:24])
def test_outs_against_brute_force(hand, options, upcard, known):
    rules = Rules.from_options(options)
    result = analyze(hand, rules, upcard=upcard, known=known)
    gin, knock = brute_outs(cards(hand), result.knock_limit, cards(known))
    assert list(result.outs.gin) == gin
    assert list(result.outs.knock) == knock
    assert set(result.outs.gin) <= set(result.outs.knock)  # gin outs are knock outs too
    if result.can_knock:
        unseen = [c for c in ALL_CARDS if c not in set(cards(hand)) | set(cards(known))]
        assert list(result.outs.knock) == unseen


def _random_ten(seed: int):
    rng = random.Random(seed)
    low = rng.randrange(0, 7)
    pool = [c for c in ALL_CARDS if low <= c.rank < low + 6]
    return rng.sample(pool, 10)


@pytest.mark.parametrize("seed", range(12))
def test_outs_random_hands_against_brute_force(seed):
    hand = _random_ten(seed)
    result = analyze(hand, Rules.from_options({"knock_limit": 10 - seed % 3 * 5}))
    gin, knock = brute_outs(hand, result.knock_limit)
    assert (list(result.outs.gin), list(result.outs.knock)) == (gin, knock)


@settings(max_examples=examples(400))
@given(hs.mixed_hands(10), st.sampled_from([0, 1, 4, 7, 10]))
def test_outs_are_every_unseen_card_the_search_finds(hand, limit):
    """find_outs searches only the cards that could reach the bar (the reach bound in its
    docstring); every unseen card searched gives the same outs."""
    mask = sum(1 << card for card in hand)
    deadwood = deadwood_of_mask(mask)
    after = {bit: best_discard_deadwood_of_mask(mask | bit)
             for bit in (1 << card for card in range(52)) if not mask & bit}
    outs = find_outs(mask, deadwood, limit, 0)
    assert cards_mask(outs.gin) == sum(bit for bit, value in after.items() if value == 0)
    assert cards_mask(outs.knock) == sum(bit for bit, value in after.items() if value <= limit)


def test_outs_false_skips_them():
    assert analyze(EX1, outs=False).outs is None


def test_known_may_hold_the_upcard_and_cards_of_neither_hand():
    result = analyze(EX1, upcard="Kc", known=["Kc", "Ks", "Kh"])
    assert Card("Kc") not in result.outs.gin
    assert len(result.outs.knock) == 52 - 10 - 3


# --- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, size", [
    ("As 2s 3s 7c 7h 7d Tc Jc Qc", 9),
    ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd 9s", 12),
    ("", 0),
    ("As", 1),
    (list(ALL_CARDS), 52),
])
def test_wrong_hand_size(hand, size):
    with pytest.raises(HandSizeError) as info:
        analyze(hand)
    assert info.value.size == size
    assert info.value.position == ("hand",)
    assert str(size) in info.value.detail


def test_known_overlapping_the_hand_is_an_error():
    with pytest.raises(CardInBothHandsError) as info:
        analyze(EX1, known=["Kd", "5h"])
    error = info.value
    assert error.position == ("known", 1)
    assert error.other_position == ("hand", 9)
    assert error.card is Card("5h")


def test_known_in_another_notation_overlapping_the_hand():
    with pytest.raises(CardInBothHandsError) as info:
        analyze(EX1, known=["🂡"])
    assert info.value.position == ("known", 0)
    assert info.value.other_position == ("hand", 0)


def test_bad_known_card_is_an_error_at_known():
    with pytest.raises(CardNotationError) as info:
        analyze(EX1, known=["Kd", "Qx"])
    assert info.value.position == ("known", 1)


def test_duplicate_known_card_is_an_error_at_known():
    with pytest.raises(DuplicateCardError) as info:
        analyze(EX1, known=["Kd", "Kd"])
    assert info.value.position == ("known", 1)


def test_bad_hand_token_is_an_error_at_hand():
    with pytest.raises(CardNotationError) as info:
        analyze("As Qx 3s 7c 7h 7d Tc Jc Qc 5h")
    assert info.value.position == ("hand", 1)
    assert "unknown suit 'x' in token 2 'Qx'" in info.value.detail


def test_duplicate_in_hand_is_an_error_at_its_second_place():
    with pytest.raises(DuplicateCardError) as info:
        analyze(["As", "2s", "3s", "7c", "7h", "7d", "Tc", "Jc", "Qc", "🂡"])
    assert info.value.position == ("hand", 9)
    assert "token 1" in info.value.detail
