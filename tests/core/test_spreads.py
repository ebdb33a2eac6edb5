"""The spreads a knocker may lay down (docs/RULES.md "Knocking", "Scoring one hand"): every
legal spread, the lowest ones, the outcome table, and the choice of the spread laid down and of
the best one, against hand-worked cases and the naive reference (tests/reference)."""
from __future__ import annotations

import random

import pytest
import reference as ref
from reference import scoring as rs

from calculator.core import PRESETS, Rules
from calculator.core.cards import cards_mask
from calculator.core.melds import MOST_DEADWOOD
from calculator.core.tables import deadwood_of_mask
from calculator.core.spreads import (choose_spreads, evaluate, hand_outcome, legal_spreads,
                                     lowest_possible_deadwood, lowest_spreads, spreads_of_ten)
from core_support import cards, cards_of, codes, indices

STANDARD = PRESETS["standard"]


def mask(text) -> int:
    return cards_mask(cards(text))


def meld_sets(candidate) -> frozenset:
    return frozenset(frozenset(m.bit_length() - 1 for m in _bits(meld))
                     for meld in candidate.meld_masks)


def _bits(meld_mask: int):
    while meld_mask:
        low = meld_mask & -meld_mask
        yield low
        meld_mask ^= low


# --- the outcome table, worked by hand ----------------------------------------------------------

@pytest.mark.parametrize("k, d, gin, big_gin, rules, expected", [
    (5, 12, False, False, STANDARD, ("knock", "knocker", 7)),
    (5, 5, False, False, STANDARD, ("undercut", "defender", 25)),  # a tie is an undercut
    (5, 5, False, False, Rules(tie_is_undercut=False), ("knock", None, 0)),
    (7, 3, False, False, STANDARD, ("undercut", "defender", 29)),
    (0, 30, True, False, STANDARD, ("gin", "knocker", 55)),
    (0, 30, True, True, STANDARD, ("big_gin", "knocker", 61)),
    # classic: no big gin bonus, so big gin pays as gin (its bonus is 20)
    (0, 30, True, True, PRESETS["classic"], ("gin", "knocker", 50)),
])
def test_outcome_table(k, d, gin, big_gin, rules, expected):
    outcome = hand_outcome(k, d, gin, big_gin, rules)
    assert (outcome.outcome, outcome.winner, outcome.base_points) == expected
    sign = {"knocker": 1, "defender": -1, None: 0}[expected[1]]
    assert outcome.value_for_knocker() == sign * expected[2]


# --- legal spreads ------------------------------------------------------------------------------

def test_a_legal_spread_need_not_be_the_lowest():
    # lowest: the As-4s run and the kings, deadwood 5c Ah 2c = 8; also legal, within 10: the
    # run cut to 2s 3s 4s, the As left over (9); cut to As 2s 3s, the 4s left over, is 12
    hand = mask("As 2s 3s 4s Ks Kh Kd 5c Ah 2c")
    found = sorted((c.deadwood, sorted(map(sorted, meld_sets(c))))
                   for c in spreads_of_ten(hand, 10))
    kings = sorted(indices(cards("Ks Kh Kd")))
    assert found == [(8, sorted([indices(cards("As 2s 3s 4s")), kings])),
                     (9, sorted([indices(cards("2s 3s 4s")), kings]))]


@pytest.mark.parametrize("seed", range(3))
def test_legal_spreads_of_ten_are_the_reference_s_whole_run_ones(seed):
    """Every legal spread, as the reference lists them (every set of disjoint melds within
    the limit), with split runs joined: the engine lists each whole run once."""
    rng = random.Random(seed)
    checked = 0
    while checked < 15:
        low = rng.randrange(0, 8)
        hand = rng.sample([c for c in range(52) if low <= c % 13 < low + 5], 10)
        expected = {(spread.deadwood, ref.merge_adjacent_runs(spread.melds))
                    for spread in rs.legal_spreads(hand, 10, rs.STANDARD)}
        if not expected:
            continue
        found = {(c.deadwood, meld_sets(c)) for c in legal_spreads(cards_mask(cards_of(hand)),
                                                                     10, STANDARD)}
        assert found == expected, ref.codes(hand)
        checked += 1


def test_eleven_cards_list_every_discard_and_big_gin_first_among_gins():
    hand = mask("As 2s 3s 4s 7h 8h 9h Th Kc Kd Ks")
    found = legal_spreads(hand, 10, STANDARD)
    assert found[0].big_gin and found[0].deadwood == 0 and found[0].discard is None
    assert {str(c.discard) for c in found if c.deadwood == 0 and not c.big_gin} == {"As", "4s",
                                                                                   "7h", "Th"}
    assert [c.deadwood for c in found] == sorted(c.deadwood for c in found)
    assert not any(c.big_gin for c in legal_spreads(hand, 10, PRESETS["classic"]))


# --- the lowest spreads -------------------------------------------------------------------------

def test_lowest_spreads_put_the_tie_rule_s_arrangement_first():
    hand = mask("6s 7s 8s 6h 7h 7c 2d 3d Kh Kc")  # 6s-8s run or the sevens: the same deadwood
    found = lowest_spreads(hand, MOST_DEADWOOD, STANDARD)
    assert [codes(m.cards) for m in found[0].arrangement().melds] == [["6s", "7s", "8s"]]
    assert len({c.meld_masks for c in found}) == 2
    assert lowest_spreads(hand, 5, STANDARD) == []  # the lowest deadwood is above the limit


def test_lowest_possible_deadwood_of_ten_and_of_eleven():
    assert lowest_possible_deadwood(mask("As 2s 3s 7c 7h 7d Tc Jc Qc 5h")) == 5
    assert lowest_possible_deadwood(mask("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd")) == 5


# --- the spread laid down, and the best one, against the reference ------------------------------

@pytest.mark.parametrize("seed", range(3))
def test_choose_spreads_against_the_reference(seed):
    rng = random.Random(100 + seed)
    checked = 0
    while checked < 8:
        low = rng.randrange(0, 8)
        window = [c for c in range(52) if low <= c % 13 < low + 5]
        knocker = rng.sample(window, 10)
        if ref.min_deadwood(knocker) > 10:
            continue
        defender = rng.sample([c for c in range(52) if c not in knocker], 10)
        chosen, best = choose_spreads(cards_mask(cards_of(knocker)), 10, STANDARD,
                                      cards_mask(cards_of(defender)))
        scored = rs.score_hand(knocker, defender, rs.STANDARD)
        where = f"knocker {ref.codes(knocker)}; defender {ref.codes(defender)}"
        assert chosen.outcome.value_for_knocker() == scored.lowest_value, where
        assert best.outcome.value_for_knocker() == scored.best_value, where
        assert chosen.candidate.deadwood == scored.lowest, where
        checked += 1


def test_no_legal_spread_is_none():
    assert choose_spreads(mask("As 3s 5s 7c 9h Jd Kc 2h 4d 6c"), 10, STANDARD,
                          mask("Ah 3h 5h 7h 9s Js Ks 2d 4c 6d")) is None


@pytest.mark.parametrize("built", [True, False], ids=["arranged", "from masks"])
def test_nothing_is_laid_off_onto_a_gin_however_the_spread_is_held(built):
    """A gin's candidate, with its arrangement built or only its melds' masks (as the knock
    sampler holds it): the defender's 4s, 5s and 7s, which would lay off onto A-2-3 and the
    sevens, stay deadwood."""
    gin = cards_mask(cards("As 2s 3s 7c 7h 7d Tc Jc Qc Kc"))
    defender = cards_mask(cards("4s 5s 7s Kh Kd 9h 8h 2d 3d 6d"))
    (candidate,) = lowest_spreads(gin, 10, Rules())
    if not built:
        candidate = candidate._replace(arranged=None)
    unlaid = deadwood_of_mask(defender)
    evaluated = evaluate(candidate, defender, Rules(), unlaid)
    assert evaluated.outcome.outcome == "gin"
    assert evaluated.outcome.base_points == unlaid + Rules().gin_bonus
