"""Lay-offs (docs/RULES.md "Lay-offs"): the defender's own melds and lay-offs chosen together for
the lowest deadwood, with hand-worked tables, checked against the naive reference."""
from __future__ import annotations

import random

import pytest

from calculator.core import (ALL_CARDS, CalculatorError, Card, CardInBothHandsError,
                             HandSizeError, IllegalKnockError, Meld, layoffs, read_spread)
import reference as ref
from core_support import cards, codes, indices, meld_indices, naive_deadwood, spread


# --- the naive reference (tests/reference), on card indices --------------------------------

def check_against_brute_force(result, defender):
    knocker = result.knocker
    gin = knocker.deadwood == 0
    table = meld_indices(knocker.melds)
    hand = indices(defender)
    expected = ref.min_deadwood(hand) if gin else ref.min_defender_deadwood(table, hand)
    moves = set() if gin else ref.layoff_moves(table, hand)
    defense = result.defender
    assert defense.deadwood == expected
    # the answer is a real arrangement of the defender's cards
    laid = [layoff.card for layoff in defense.layoffs]
    placed = laid + [c for m in defense.melds for c in m.cards] + list(defense.deadwood_cards)
    assert sorted(placed) == sorted(defender)
    for meld in defense.melds:
        assert Meld.of(meld.cards) == meld
    # the lay-offs, in the order listed, can be made one after another: each card with the
    # meld as grown so far is still a meld
    grown = [set(meld) for meld in table]
    for layoff in defense.layoffs:
        grown[layoff.meld].add(layoff.card.index)
        assert ref.is_meld(grown[layoff.meld]), layoff
    # options: every card that could be laid off, and every meld it could go onto
    expected_options = {}
    for card, index in moves:
        expected_options.setdefault(Card.from_index(card), set()).add(index)
    assert {o.card: set(o.melds) for o in result.options} == expected_options
    assert [o.card for o in result.options] == sorted(o.card for o in result.options)
    for option in result.options:
        assert list(option.melds) == sorted(option.melds)


# --- hand-worked lay-offs ---------------------------------------------------------------------

CASES = [
    # id, knocker spread, defender, lay-offs {card: meld index}, defender melds,
    # defender deadwood cards, deadwood, options {card: [meld indices]}
    ("fourth card onto a 3-card set",
     spread("7s 7h 7d", "Ah 2h 3h", "Jd Qd Kd", dead="4c"),
     "7c 2s 5s 9s Ks 6h 9h 5d Qc Tc",
     {"7c": 0}, [], ["2s", "5s", "9s", "Ks", "6h", "9h", "5d", "Tc", "Qc"], 66, {"7c": [0]}),
    ("nothing onto a 4-card set (neighbouring ranks are no lay-off)",
     spread("7s 7h 7d 7c", "Ah 2h 3h", dead="2d 4c 2c"),
     "6s 8s 6d 8d Kd Qc 9c 3d 5c Js",
     {}, [], ["6s", "8s", "Js", "3d", "6d", "8d", "Kd", "5c", "9c", "Qc"], 75, {}),
    ("nothing but the fourth card onto a 3-card set",
     spread("7h 7d 7c", "Ah 2h 3h", "Jd Qd Kd", dead="4c"),
     "6s 8s 6d 8d 2c Qc 9c 3d 5c Js",
     {}, [], ["6s", "8s", "Js", "3d", "6d", "8d", "2c", "5c", "9c", "Qc"], 67, {}),
    ("chained run extension at both ends",
     spread("6s 7s 8s", "Kh Kd Kc", dead="Ah 2d 3c 4h"),
     "5s 9s Ts 2h 4d 6d 8d Jh Qc 9c",
     {"5s": 0, "9s": 0, "Ts": 0}, [], ["2h", "Jh", "4d", "6d", "8d", "9c", "Qc"], 49,
     {"5s": [0], "9s": [0], "Ts": [0]}),
    ("a chain needs every card: Ts without 9s stays",
     spread("6s 7s 8s", "Kh Kd Kc", dead="Ah 2d 3c 4h"),
     "5s Ts 2h 4d 6d 8d Jh Qc 9c 3h",
     {"5s": 0}, [], ["Ts", "2h", "3h", "Jh", "4d", "6d", "8d", "9c", "Qc"], 62, {"5s": [0]}),
    ("own set of 9s beats laying off 9s and Ts",
     spread("6s 7s 8s", "Ah 2h 3h", "Kh Kd Kc", dead="4d"),
     "9s 9h 9d Ts 2c 4c 6c Qd 5h Jc",
     {}, [["9s", "9h", "9d"]], ["Ts", "5h", "Qd", "2c", "4c", "6c", "Jc"], 47,
     {"9s": [0], "Ts": [0]}),
    ("lay off 5s and meld the 4s: better than the run 3-4-5",
     spread("Ts Js Qs", "5h 5d 5c", "7c 8c 9c", dead="2h"),
     "3s 4s 5s 4h 4d 8h Jh Kd 2c 6h",
     {"5s": 1}, [["4s", "4h", "4d"]], ["3s", "6h", "8h", "Jh", "Kd", "2c"], 39, {"5s": [1]}),
    ("7s onto the run (then 8s) rather than onto the set",
     spread("4s 5s 6s", "7h 7d 7c", "Kh Kd Kc", dead="Ah"),
     "7s 8s 2h 4d 6d Jh Qc 9c 3h Tc",
     {"7s": 0, "8s": 0}, [], ["2h", "3h", "Jh", "4d", "6d", "9c", "Tc", "Qc"], 54,
     {"7s": [0, 1], "8s": [0]}),
    ("nothing onto gin",
     spread("6s 7s 8s", "Ah 2h 3h 4h", "Kh Kd Kc"),
     "9s Ts 5h 2c 4c 6c Qd Jc 9h 5d",
     {}, [], ["9s", "Ts", "5h", "9h", "5d", "Qd", "2c", "4c", "6c", "Jc"], 70, {}),
    ("nothing onto big gin",
     spread("As 2s 3s 4s", "Ks Kd Kc", "7h 8h 9h Th"),
     "5s 6s Jh 6h 2d 9d 9c Qc 5d 8c",
     {}, [], ["5s", "6s", "6h", "Jh", "2d", "5d", "9d", "8c", "9c", "Qc"], 70, {}),
    ("the defender still melds own cards against gin",
     spread("6s 7s 8s", "Ah 2h 3h 4h", "Kh Kd Kc"),
     "9s Ts Js 5h 5d 5c Qd 2c 4d 9h",
     {}, [["9s", "Ts", "Js"], ["5h", "5d", "5c"]], ["9h", "4d", "Qd", "2c"], 25, {}),
]


@pytest.mark.parametrize("name, knocker, defender, laid, melds, dead, dw, options", CASES,
                         ids=[c[0] for c in CASES])
def test_layoffs_worked_by_hand(name, knocker, defender, laid, melds, dead, dw, options):
    result = layoffs(knocker, defender)
    assert result.knocker == knocker
    assert {str(layoff.card): layoff.meld for layoff in result.defender.layoffs} == laid
    assert [codes(m.cards) for m in result.defender.melds] == melds
    assert codes(result.defender.deadwood_cards) == dead
    assert result.defender.deadwood == dw
    assert {str(o.card): list(o.melds) for o in result.options} == options
    check_against_brute_force(result, cards(defender))


def test_card_fitting_two_runs_is_listed_under_both():
    knocker = spread("3s 4s 5s", "7s 8s 9s", "Kh Kd Kc", dead="Ah")
    result = layoffs(knocker, "6s 2h 4d 6d 8d Jh Qc 9c 3h Tc")
    assert [(str(o.card), list(o.melds)) for o in result.options] == [("6s", [0, 1])]
    assert [str(layoff.card) for layoff in result.defender.layoffs] == ["6s"]
    assert result.defender.layoffs[0].meld in (0, 1)
    assert result.defender.deadwood == 62
    check_against_brute_force(result, cards("6s 2h 4d 6d 8d Jh Qc 9c 3h Tc"))


def test_chain_order_is_playable():
    # 9s must be laid off before Ts: the listing keeps that order
    result = layoffs(spread("6s 7s 8s", "Kh Kd Kc", dead="Ah 2d 3c 4h"),
                     "5s 9s Ts 2h 4d 6d 8d Jh Qc 9c")
    order = [str(layoff.card) for layoff in result.defender.layoffs]
    assert order.index("9s") < order.index("Ts")


# --- the knocker given as cards ---------------------------------------------------------------

def test_knocker_as_cards_lays_down_the_lowest_spread():
    result = layoffs("6s 7s 8s Kh Kd Kc Ah 2d 3c 4h", "5s 9s Ts 2h 4d 6d 8d Jh Qc 9c")
    assert [codes(m.cards) for m in result.knocker.melds] == [["6s", "7s", "8s"],
                                                              ["Kh", "Kd", "Kc"]]
    assert codes(result.knocker.deadwood_cards) == ["Ah", "4h", "2d", "3c"]
    assert result.knocker.deadwood == 10
    assert result.defender.deadwood == 49
    assert {str(layoff.card) for layoff in result.defender.layoffs} == {"5s", "9s", "Ts"}


def test_knocker_as_gin_cards_allows_no_layoffs():
    result = layoffs("6s 7s 8s Ah 2h 3h 4h Kh Kd Kc", "9s Ts 5h 2c 4c 6c Qd Jc 9h 5d")
    assert result.knocker.deadwood == 0
    assert result.defender.layoffs == () and result.options == ()
    assert result.defender.deadwood == 70


def test_knocker_as_eleven_cards_discards_first():
    # 11 cards: the discard Kd leaves As-2s-3s, 7-7-7, Tc-Jc-Qc and 5h (deadwood 5)
    result = layoffs("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd", "4s 9c Kc 2h 3h 8s 8d 8c 6d 2d")
    assert result.knocker.deadwood == 5
    assert codes(result.knocker.deadwood_cards) == ["5h"]
    # 4s onto A-2-3♠; 9c and Kc onto both ends of T-J-Q♣
    assert {str(layoff.card) for layoff in result.defender.layoffs} == {"4s", "9c", "Kc"}
    # own set of 8s; left 2h 3h 6d 2d = 13
    assert result.defender.deadwood == 13
    check_against_brute_force(result, cards("4s 9c Kc 2h 3h 8s 8d 8c 6d 2d"))


# --- errors -----------------------------------------------------------------------------------

def test_card_in_both_hands_names_both_places():
    with pytest.raises(CardInBothHandsError) as info:
        layoffs("As 2s 3s 7c 7h 7d Tc Jc Qc 5h", "2h 3h 4h 8s 8d 8c Kd Qh 5h 2d")
    error = info.value
    assert error.card is Card("5h")
    assert {error.position, error.other_position} == {("knocker", "hand", 9),
                                                      ("defender", "hand", 8)}
    assert "5h" in error.detail
    assert "knocker" in error.detail or "defender" in error.detail


def test_card_in_both_hands_with_a_declared_spread():
    with pytest.raises(CardInBothHandsError) as info:
        layoffs(spread("6s 7s 8s", "Kh Kd Kc", dead="Ah 2d 3c 4h"),
                "5s 9s Ts 2h 4d 6d 8d Jh Qc 7s")
    assert info.value.card is Card("7s")
    assert ("defender", "hand", 9) in (info.value.position, info.value.other_position)


@pytest.mark.parametrize("defender, other", [
    ("5s 9s Ts 2h 4d 6d 8d Jh Qc 7s", ("knocker", "melds", 0, 1)),  # 7s: 2nd card of meld 0
    ("5s 9s Ts 2h 4d 6d 8d Jh Qc Kd", ("knocker", "melds", 1, 1)),  # Kd: 2nd card of meld 1
    ("5s 9s Ts 2h 4d 6d 8d Jh Qc 4h", ("knocker", "deadwood_cards", 1)),
])
def test_card_shared_with_a_declared_spread_names_its_place_in_the_spread(defender, other):
    # docs/RULES.md: a card in both players' hands is an error naming both places. A declared
    # spread has no "hand": its places are melds[i][j] and deadwood_cards[j] (the DESIGN.md
    # pointer /knocker/melds/0/1). The spread is written in canonical order, so input and
    # canonical positions coincide.
    declared = read_spread([["6s", "7s", "8s"], ["Kh", "Kd", "Kc"]], ["Ah", "4h", "2d", "3c"])
    with pytest.raises(CardInBothHandsError) as info:
        layoffs(declared, defender)
    assert info.value.position == ("defender", "hand", 9)
    assert info.value.other_position == other


def test_defender_needs_ten_cards():
    with pytest.raises(HandSizeError) as info:
        layoffs(spread("6s 7s 8s", "Kh Kd Kc", dead="Ah 2d 3c 4h"), "5s 9s Ts 2h 4d 6d 8d Jh Qc")
    assert info.value.position == ("defender", "hand")


def test_illegal_knock_is_refused():
    with pytest.raises(IllegalKnockError) as info:
        layoffs("As 2s 3s 7c 7h 7d Tc Jc 9h 5h", "2h 3h 4h 8s 8d 8c Kd Qh 6d 2d")
    assert (info.value.deadwood, info.value.knock_limit) == (34, 10)


def test_illegal_declared_spread_is_refused():
    with pytest.raises(IllegalKnockError) as info:
        layoffs(spread("6s 7s 8s", "Kh Kd Kc", dead="Ah 2d 3c 5h"), "5s 9s Ts 2h 4d 6d 8d Jh Qc 9c")
    assert (info.value.deadwood, info.value.knock_limit) == (11, 10)


@pytest.mark.parametrize("declared", [
    spread("As 2s 3s", "Kh Kd Kc", "Tc Jc Qc", dead="2d 3h"),  # 11 cards, one not melded
    spread("As 2s 3s", "Kh Kd Kc", dead="2d 3h 4c"),  # 9 cards
])
def test_declared_spread_of_the_wrong_size_is_refused(declared):
    # DESIGN.md: a spread is 10 cards, or 11 all melded (big gin). Both spreads are otherwise
    # valid: legal deadwood, no card shared with the defender.
    with pytest.raises(CalculatorError) as info:
        layoffs(declared, "5s 6s 7h 8d 9c Jh Qs 2c 4d 5h")
    assert not isinstance(info.value, (CardInBothHandsError, IllegalKnockError))


# --- seeded random spreads against the brute force --------------------------------------------

def _random_pairs(count: int, seed: int):
    rng = random.Random(seed)
    pairs = []
    while len(pairs) < count:
        low = rng.randrange(0, 8)
        pool = [c for c in ALL_CARDS if low <= c.rank < low + 6]
        knocker = rng.sample(pool, 10)
        if naive_deadwood(knocker) > 10:
            continue
        rest = [c for c in ALL_CARDS if c not in knocker]
        near = [c for c in rest if low - 2 <= c.rank < low + 8]
        defender = rng.sample(near, 10) if len(near) >= 10 else rng.sample(rest, 10)
        pairs.append((knocker, defender))
    return pairs


@pytest.mark.parametrize("seed", range(6))
def test_random_layoffs_against_brute_force(seed):
    for knocker, defender in _random_pairs(8, seed):
        result = layoffs(knocker, defender)
        check_against_brute_force(result, defender)
