"""Scoring one hand (docs/RULES.md "Scoring one hand", "Variants", "Presets"; DESIGN.md score):
every row of the scoring table, the worked examples, presets, Oklahoma, big gin, draws,
illegal knocks, counts versus cards, declared spreads and the best legal spread.

Every expected number is worked out by hand in the comments from docs/RULES.md.
"""
from __future__ import annotations

import pytest

from calculator.core import (CalculatorError, Card, CardInBothHandsError, HandSizeError,
                             IllegalKnockError, IncompatibleInputError, KnockerCounts,
                             MeldError, NumberRangeError, RuleError, Rules, layoffs,
                             read_spread, score_hand)
from core_support import cards, codes, spread


def rules(options=None) -> Rules:
    return Rules.from_options(options or {})


# --- counts: the scoring table row by row -----------------------------------------------------

COUNTS = [
    # knocker, defender, rules, upcard -> outcome, winner, points, multiplier, knock limit
    # knock: D - K
    (KnockerCounts(5), 28, {}, None, "knock", "knocker", 23, 1, 10),  # docs/RULES.md example
    (KnockerCounts(10), 11, {}, None, "knock", "knocker", 1, 1, 10),
    (KnockerCounts(1), 98, {}, None, "knock", "knocker", 97, 1, 10),
    # undercut: (K - D) + 25, a tie is an undercut
    (KnockerCounts(7), 7, {}, None, "undercut", "defender", 25, 1, 10),  # docs/RULES.md example
    (KnockerCounts(9), 4, {}, None, "undercut", "defender", 30, 1, 10),
    (KnockerCounts(10), 10, {}, None, "undercut", "defender", 25, 1, 10),
    (KnockerCounts(10), 0, {}, None, "undercut", "defender", 35, 1, 10),
    # tie rule off: a tie scores 0 and nobody wins
    (KnockerCounts(7), 7, {"tie_is_undercut": False}, None, "knock", None, 0, 1, 10),
    (KnockerCounts(9), 4, {"tie_is_undercut": False}, None, "undercut", "defender", 30, 1, 10),
    (KnockerCounts(5), 28, {"tie_is_undercut": False}, None, "knock", "knocker", 23, 1, 10),
    # gin: D + 25, never an undercut
    (KnockerCounts(0), 14, {}, None, "gin", "knocker", 39, 1, 10),  # docs/RULES.md example
    (KnockerCounts(0, gin=True), 14, {}, None, "gin", "knocker", 39, 1, 10),
    (KnockerCounts(0), 0, {}, None, "gin", "knocker", 25, 1, 10),
    (KnockerCounts(0), 0, {"tie_is_undercut": False}, None, "gin", "knocker", 25, 1, 10),
    # big gin: D + 31
    (KnockerCounts(0, big_gin=True), 10, {}, None, "big_gin", "knocker", 41, 1, 10),
    (KnockerCounts(0, big_gin=True), 0, {}, None, "big_gin", "knocker", 31, 1, 10),
    (KnockerCounts(0, big_gin=True), 10, {"big_gin_bonus": None}, None, "gin", "knocker", 35,
     1, 10),
    # classic: gin 20, undercut 10, big gin scores as gin
    (KnockerCounts(0), 10, {"preset": "classic"}, None, "gin", "knocker", 30, 1, 10),
    (KnockerCounts(0, big_gin=True), 10, {"preset": "classic"}, None, "gin", "knocker", 30, 1,
     10),
    (KnockerCounts(9), 4, {"preset": "classic"}, None, "undercut", "defender", 15, 1, 10),
    (KnockerCounts(7), 7, {"preset": "classic"}, None, "undercut", "defender", 10, 1, 10),
    (KnockerCounts(5), 28, {"preset": "classic"}, None, "knock", "knocker", 23, 1, 10),
    # straight: limit 0, gin only
    (KnockerCounts(0), 20, {"preset": "straight"}, None, "gin", "knocker", 45, 1, 0),
    (KnockerCounts(0, big_gin=True), 20, {"preset": "straight"}, None, "big_gin", "knocker",
     51, 1, 0),
    # hollywood scores a hand like standard
    (KnockerCounts(5), 28, {"preset": "hollywood"}, None, "knock", "knocker", 23, 1, 10),
    # custom bonuses
    (KnockerCounts(0), 5, {"gin_bonus": 30}, None, "gin", "knocker", 35, 1, 10),
    (KnockerCounts(6), 2, {"undercut_bonus": 15}, None, "undercut", "defender", 19, 1, 10),
    (KnockerCounts(0, big_gin=True), 5, {"big_gin_bonus": 50}, None, "big_gin", "knocker", 55,
     1, 10),
    (KnockerCounts(4), 9, {"knock_limit": 4}, None, "knock", "knocker", 5, 1, 4),
    # Oklahoma: the upcard sets the limit; a spade doubles the hand, bonuses included
    (KnockerCounts(4), 10, {"preset": "oklahoma"}, "4c", "knock", "knocker", 6, 1, 4),
    (KnockerCounts(3), 21, {"preset": "oklahoma"}, "6s", "knock", "knocker", 36, 2, 6),  # RULES
    (KnockerCounts(6), 24, {"preset": "oklahoma"}, "6s", "knock", "knocker", 36, 2, 6),
    (KnockerCounts(3), 21, {"preset": "oklahoma", "oklahoma_spade_double": False}, "6s",
     "knock", "knocker", 18, 1, 6),
    (KnockerCounts(0), 14, {"preset": "oklahoma"}, "2s", "gin", "knocker", 78, 2, 2),
    (KnockerCounts(8), 5, {"preset": "oklahoma"}, "Ks", "undercut", "defender", 56, 2, 10),
    (KnockerCounts(3), 3, {"preset": "oklahoma", "tie_is_undercut": False}, "6s", "knock", None,
     0, 2, 6),
    (KnockerCounts(0), 10, {"preset": "oklahoma"}, "Ah", "gin", "knocker", 35, 1, 0),
    (KnockerCounts(0), 10, {"preset": "oklahoma"}, "As", "gin", "knocker", 70, 2, 0),
    (KnockerCounts(1), 10, {"preset": "oklahoma", "oklahoma_ace_gin_only": False}, "Ah",
     "knock", "knocker", 9, 1, 1),
    (KnockerCounts(10), 15, {"preset": "oklahoma"}, "Kd", "knock", "knocker", 5, 1, 10),
    (KnockerCounts(9), 20, {"preset": "oklahoma"}, "9h", "knock", "knocker", 11, 1, 9),
    (KnockerCounts(0, big_gin=True), 10, {"preset": "oklahoma"}, "3s", "big_gin", "knocker",
     82, 2, 3),
    # a fixed limit ignores the upcard and never doubles
    (KnockerCounts(3), 21, {}, "6s", "knock", "knocker", 18, 1, 10),
]


@pytest.mark.parametrize("knocker, defender, options, upcard, outcome, winner, points, "
                         "multiplier, limit", COUNTS, ids=lambda v: repr(v)[:30])
def test_score_counts(knocker, defender, options, upcard, outcome, winner, points, multiplier,
                      limit):
    result = score_hand(knocker, defender, rules(options), upcard=upcard)
    assert (result.outcome, result.winner, result.points) == (outcome, winner, points)
    assert result.multiplier == multiplier
    assert result.knock_limit == limit
    assert result.knocker.deadwood == knocker.deadwood
    assert result.defender.deadwood == defender
    # the knocker is reported as the hand scored: big gin only under rules that pay for it
    assert result.knocker.big_gin is (outcome == "big_gin")
    assert result.knocker.melds is None and result.defender.melds is None
    assert result.best_spread is None
    assert isinstance(result.explanation, str) and result.explanation
    if points:
        assert str(points) in result.explanation


ILLEGAL_COUNTS = [
    # knocker deadwood, rules, upcard, knock limit
    (11, {}, None, 10),
    (1, {"preset": "straight"}, None, 0),
    (5, {"preset": "oklahoma"}, "4c", 4),  # docs/RULES.md: upcard 4♣ sets the limit to 4
    (7, {"preset": "oklahoma"}, "6s", 6),
    (1, {"preset": "oklahoma"}, "Ah", 0),
    (2, {"preset": "oklahoma", "oklahoma_ace_gin_only": False}, "Ac", 1),
    (6, {"knock_limit": 5}, None, 5),
]


@pytest.mark.parametrize("deadwood, options, upcard, limit", ILLEGAL_COUNTS)
def test_illegal_knock_refused_with_its_numbers(deadwood, options, upcard, limit):
    with pytest.raises(IllegalKnockError) as info:
        score_hand(KnockerCounts(deadwood), 30, rules(options), upcard=upcard)
    error = info.value
    assert (error.deadwood, error.knock_limit) == (deadwood, limit)
    assert str(deadwood) in error.detail and str(limit) in error.detail
    assert error.position[0] == "knocker"


@pytest.mark.parametrize("knocker", [KnockerCounts(5, gin=True), KnockerCounts(3, big_gin=True)])
def test_gin_flags_with_deadwood_are_refused(knocker):
    with pytest.raises(IncompatibleInputError):
        score_hand(knocker, 10)


@pytest.mark.parametrize("defender", [-1, 101, "12", 3.5, True, None])
def test_bad_defender_count_is_refused(defender):
    with pytest.raises(CalculatorError):
        score_hand(KnockerCounts(5), defender)


def test_counts_for_knocker_with_cards_for_defender_are_refused():
    with pytest.raises(IncompatibleInputError) as info:
        score_hand(KnockerCounts(5), "2h 3h 4h 8s 8d 8c Kd Qh 6d 2d")
    assert info.value.position[0] == "defender"


def test_draw():
    for options in ({}, {"preset": "oklahoma"}, {"preset": "classic"}):
        result = score_hand(outcome="draw", rules=rules(options))
        assert (result.outcome, result.winner, result.points) == ("draw", None, 0)
        assert result.explanation


def test_oklahoma_needs_the_upcard():
    with pytest.raises(RuleError) as info:
        score_hand(KnockerCounts(3), 20, rules({"preset": "oklahoma"}))
    assert info.value.position == ("upcard",)


# --- cards: the knocker's and defender's hands ------------------------------------------------

EX1 = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"  # K = 5
DEF28 = "2h 3h 4h 8s 8d 8c Kd Qh 6d 2d"  # own 2-3-4♥ and 8-8-8; left Kd Qh 6d 2d = 28
GIN = "As 2s 3s 4s 7h 8h 9h Kc Kd Ks"
ELEVEN = "As 2s 3s 4s 7h 8h 9h Th Kc Kd Ks"  # big gin
DEF14 = "2h 3h 4h 6s 6d 6c 2c 3d 4c 5d"  # own 2-3-4♥ and 6-6-6; left 2c 3d 4c 5d = 14

CARD_HANDS = [
    # knocker, defender, rules, upcard -> outcome, winner, points, K, D, discard
    (EX1, DEF28, {}, None, "knock", "knocker", 23, 5, 28, None),  # docs/RULES.md: 5 vs 28 -> 23
    ("As 2s 3s 8c 8h 8d Tc Jc Qc 7h", "2h 3h 4h Ks Kh Kd 9s 9h 9d 7s", {}, None,
     "undercut", "defender", 25, 7, 7, None),  # docs/RULES.md: 7 vs 7 -> undercut 25
    ("As 2s 3s 8c 8h 8d Tc Jc Qc 7h", "2h 3h 4h Ks Kh Kd 9s 9h 9d 7s",
     {"tie_is_undercut": False}, None, "knock", None, 0, 7, 7, None),
    (GIN, DEF14, {}, None, "gin", "knocker", 39, 0, 14, None),  # docs/RULES.md: gin vs 14 -> 39
    (GIN, DEF14, {"preset": "straight"}, None, "gin", "knocker", 39, 0, 14, None),
    (GIN, DEF14, {"preset": "classic"}, None, "gin", "knocker", 34, 0, 14, None),
    (ELEVEN, DEF14, {}, None, "big_gin", "knocker", 45, 0, 14, None),
    (ELEVEN, DEF14, {"preset": "straight"}, None, "big_gin", "knocker", 45, 0, 14, None),
    # lay-offs 9s Ts onto 6-7-8♠ bring the defender to 6, under the knocker's 8: 2 + 25
    ("6s 7s 8s Kh Kd Kc Ah 2h 3h 8d", "9s Ts 4c 5c 6c Qs Qd Qc 2d 4d", {}, None,
     "undercut", "defender", 27, 8, 6, None),
    # 11 cards: the discard Kd leaves K = 5 (discarding 5h would leave 10)
    ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd", "2h 3h 4h 8s 8d 8c Ks Qh 6d 2d", {}, None,
     "knock", "knocker", 23, 5, 28, "Kd"),
    # Oklahoma with cards: upcard 5 allows K = 5; a spade upcard doubles
    (EX1, DEF28, {"preset": "oklahoma"}, "5c", "knock", "knocker", 23, 5, 28, None),
    (EX1, DEF28, {"preset": "oklahoma"}, "5s", "knock", "knocker", 46, 5, 28, None),
    (EX1, DEF28, {"preset": "oklahoma"}, "Js", "knock", "knocker", 46, 5, 28, None),
    (GIN, DEF14, {"preset": "oklahoma"}, "As", "gin", "knocker", 78, 0, 14, None),
    # the upcard may be in a hand
    (EX1, DEF28, {"preset": "oklahoma"}, "5h", "knock", "knocker", 23, 5, 28, None),
]


@pytest.mark.parametrize("knocker, defender, options, upcard, outcome, winner, points, k, d, "
                         "discard", CARD_HANDS, ids=lambda v: repr(v)[:24])
def test_score_cards(knocker, defender, options, upcard, outcome, winner, points, k, d,
                     discard):
    result = score_hand(knocker, defender, rules(options), upcard=upcard)
    assert (result.outcome, result.winner, result.points) == (outcome, winner, points)
    assert (result.knocker.deadwood, result.defender.deadwood) == (k, d)
    assert (None if result.knocker.discard is None else str(result.knocker.discard)) == discard
    assert result.best_spread is None
    assert result.knocker.gin is (k == 0)
    # every card accounted for on both sides
    knocker_cards = [c for m in result.knocker.melds for c in m.cards] + list(
        result.knocker.deadwood_cards)
    expected = cards(knocker)
    if discard:
        expected.remove(Card(discard))
    assert sorted(knocker_cards) == sorted(expected)
    defender_cards = ([layoff.card for layoff in result.defender.layoffs]
                      + [c for m in result.defender.melds for c in m.cards]
                      + list(result.defender.deadwood_cards))
    assert sorted(defender_cards) == sorted(cards(defender))


def test_worked_example_5_vs_28_details():
    result = score_hand(EX1, DEF28)
    assert [codes(m.cards) for m in result.knocker.melds] == [["As", "2s", "3s"],
                                                              ["7h", "7d", "7c"],
                                                              ["Tc", "Jc", "Qc"]]
    assert codes(result.knocker.deadwood_cards) == ["5h"]
    assert [codes(m.cards) for m in result.defender.melds] == [["8s", "8d", "8c"],
                                                               ["2h", "3h", "4h"]]
    assert codes(result.defender.deadwood_cards) == ["Qh", "2d", "6d", "Kd"]
    assert result.defender.layoffs == ()
    assert result.options == ()


def test_undercut_after_layoffs_details():
    result = score_hand("6s 7s 8s Kh Kd Kc Ah 2h 3h 8d", "9s Ts 4c 5c 6c Qs Qd Qc 2d 4d")
    assert {(str(layoff.card), layoff.meld) for layoff in result.defender.layoffs} == {("9s", 0), ("Ts", 0)}
    assert codes(result.defender.deadwood_cards) == ["2d", "4d"]
    assert "27" in result.explanation


def test_big_gin_under_classic_scores_as_gin():
    # classic: no big gin bonus, so the 11 cards score as gin: discard one card of a 4-card
    # meld (As, 4s, 7h or Th) and score 14 + 20
    result = score_hand(ELEVEN, DEF14, rules({"preset": "classic"}))
    assert (result.outcome, result.winner, result.points) == ("gin", "knocker", 34)
    assert str(result.knocker.discard) in {"As", "4s", "7h", "Th"}
    assert result.knocker.deadwood == 0 and result.knocker.big_gin is False


def test_big_gin_against_a_count():
    result = score_hand(ELEVEN, 10)
    assert (result.outcome, result.points) == ("big_gin", 41)
    assert result.knocker.discard is None
    classic = score_hand(ELEVEN, 10, rules({"preset": "classic"}))
    assert (classic.outcome, classic.points) == ("gin", 30)
    assert str(classic.knocker.discard) in {"As", "4s", "7h", "Th"}


@pytest.mark.parametrize("bonus, outcome, points", [
    (31, "big_gin", 41), (25, "big_gin", 35), (10, "gin", 35), (0, "gin", 35)])
def test_eleven_melding_cards_go_down_as_big_gin_only_when_it_pays_at_least_gin(
        bonus, outcome, points):
    # a player holding big gin may always discard one card for gin instead: the calculator
    # lays down whichever scores more (big gin on a tie), against cards and against a count
    chosen = rules({"big_gin_bonus": bonus})
    assert chosen.plays_big_gin is (outcome == "big_gin")
    for defender, deadwood in ((10, 10), (DEF14, 14)):
        result = score_hand(ELEVEN, defender, chosen)
        assert (result.outcome, result.points) == (outcome, points + deadwood - 10)
        assert result.knocker.big_gin is (outcome == "big_gin")
        assert (result.knocker.discard is None) is (outcome == "big_gin")
        assert result.best_spread is None  # nothing scores more than what was laid down


@pytest.mark.parametrize("defender", [DEF14, 14], ids=["cards", "count"])
def test_a_declared_big_gin_that_pays_less_than_gin_is_scored_as_declared_and_told(defender):
    """Against a count too: nothing is laid off onto gin, so the count stands for the gin's
    defender as well (the count's answer named no gin before)."""
    declared = spread("As 2s 3s 4s", "7h 8h 9h Th", "Kc Kd Ks")
    result = score_hand(declared, defender, rules({"big_gin_bonus": 0}))
    assert (result.outcome, result.points) == ("big_gin", 14)
    best = result.best_spread
    assert (best.outcome, best.points, best.deadwood, len(best.melds)) == ("gin", 39, 0, 3)
    assert best.discard is not None and not best.deadwood_cards
    assert score_hand(declared, defender, rules({"big_gin_bonus": 25})).best_spread is None


@pytest.mark.parametrize("knocker, defender, expected", [
    (EX1, 28, ("knock", "knocker", 23)),
    (EX1, 5, ("undercut", "defender", 25)),
    (EX1, 3, ("undercut", "defender", 27)),
    (GIN, 14, ("gin", "knocker", 39)),
    ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd", 28, ("knock", "knocker", 23)),
])
def test_knocker_cards_against_a_defender_count(knocker, defender, expected):
    result = score_hand(knocker, defender)
    assert (result.outcome, result.winner, result.points) == expected


@pytest.mark.parametrize("knocker, options, upcard, deadwood, limit", [
    ("As 2s 3s 7c 7h 7d Tc Jc 9h 5h", {}, None, 34, 10),
    ("As 2s 3s 7c 7h 7d Tc Jc 9h 5h Ks", {}, None, 34, 10),  # best discard leaves 34
    (EX1, {"preset": "straight"}, None, 5, 0),
    (EX1, {"preset": "oklahoma"}, "4c", 5, 4),  # docs/RULES.md: upcard 4♣, limit 4
    (EX1, {"knock_limit": 4}, None, 5, 4),
])
@pytest.mark.parametrize("defender", [DEF28, 28])
def test_illegal_knock_with_cards(knocker, options, upcard, deadwood, limit, defender):
    with pytest.raises(IllegalKnockError) as info:
        score_hand(knocker, defender, rules(options), upcard=upcard)
    assert (info.value.deadwood, info.value.knock_limit) == (deadwood, limit)


def test_card_in_both_hands():
    with pytest.raises(CardInBothHandsError) as info:
        score_hand(EX1, "2h 3h 4h 8s 8d 8c Kd Qh 5h 2d")
    error = info.value
    assert {error.position, error.other_position} == {("knocker", "hand", 9),
                                                      ("defender", "hand", 8)}


@pytest.mark.parametrize("knocker, defender, where", [
    ("As 2s 3s 7c 7h 7d Tc Jc Qc", DEF28, ("knocker", "hand")),
    ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd 9s", DEF28, ("knocker", "hand")),
    (EX1, "2h 3h 4h 8s 8d 8c Kd Qh 6d", ("defender", "hand")),
    (EX1, "2h 3h 4h 8s 8d 8c Kd Qh 6d 2d 9s", ("defender", "hand")),
])
def test_hand_sizes(knocker, defender, where):
    with pytest.raises(HandSizeError) as info:
        score_hand(knocker, defender)
    assert info.value.position == where


# --- the best legal spread --------------------------------------------------------------------

# Knocker As-2s-3s-4s, Kh-Kd-Kc, Ah 2d 3c (K = 6); the defender holds 5s 6s and 8 loose cards
# (66 in all). Melding the whole run lets 5s and 6s go on: 66 - 11 = 55, 55 - 6 = 49.
# Leaving 4s unmelded (K = 10) blocks them: 66 - 10 = 56. Melding 2s-3s-4s with As loose
# (K = 7) still takes 5s 6s: 55 - 7 = 48.
KNOCK6 = "As 2s 3s 4s Kh Kd Kc Ah 2d 3c"
DEF66 = "5s 6s 7h 8d 9c Jh Qs 2c 4d 5h"
SPREAD_A = spread("As 2s 3s 4s", "Kh Kd Kc", dead="Ah 2d 3c")
SPREAD_B = spread("As 2s 3s", "Kh Kd Kc", dead="4s Ah 2d 3c")
SPREAD_C = spread("2s 3s 4s", "Kh Kd Kc", dead="As Ah 2d 3c")


def test_best_spread_leaving_a_card_unmelded():
    result = score_hand(KNOCK6, DEF66)
    assert (result.outcome, result.winner, result.points) == ("knock", "knocker", 49)
    assert (result.knocker.deadwood, result.defender.deadwood) == (6, 55)
    assert {(str(layoff.card), layoff.meld) for layoff in result.defender.layoffs} == {("5s", 0), ("6s", 0)}
    assert [(str(o.card), list(o.melds)) for o in result.options] == [("5s", [0]), ("6s", [0])]
    best = result.best_spread
    assert best is not None
    assert (best.points, best.outcome, best.winner, best.deadwood) == (56, "knock", "knocker", 10)
    assert [codes(m.cards) for m in best.melds] == [["As", "2s", "3s"], ["Kh", "Kd", "Kc"]]
    assert codes(best.deadwood_cards) == ["As", "4s", "Ah", "2d", "3c"][1:]
    assert best.discard is None


@pytest.mark.parametrize("declared, points, k, d, best", [
    (SPREAD_A, 49, 6, 55, 56),
    (SPREAD_B, 56, 10, 66, None),
    (SPREAD_C, 48, 7, 55, 56),
])
def test_declared_spread_against_cards(declared, points, k, d, best):
    result = score_hand(declared, DEF66)
    assert (result.outcome, result.winner, result.points) == ("knock", "knocker", points)
    assert (result.knocker.deadwood, result.defender.deadwood) == (k, d)
    assert result.knocker.melds == declared.melds
    assert result.knocker.deadwood_cards == declared.deadwood_cards
    assert (None if result.best_spread is None else result.best_spread.points) == best


@pytest.mark.parametrize("declared, defender, expected", [
    (SPREAD_B, 20, ("knock", "knocker", 10)),
    (SPREAD_A, 20, ("knock", "knocker", 14)),
    (SPREAD_B, 10, ("undercut", "defender", 25)),
    (spread("As 2s 3s 4s", "7h 8h 9h", "Kc Kd Ks"), 14, ("gin", "knocker", 39)),
    (spread("As 2s 3s 4s", "7h 8h 9h Th", "Kc Kd Ks"), 10, ("big_gin", "knocker", 41)),
])
def test_declared_spread_against_a_count(declared, defender, expected):
    result = score_hand(declared, defender)
    assert (result.outcome, result.winner, result.points) == expected


def test_declared_big_gin_spread_under_classic_scores_as_gin():
    declared = spread("As 2s 3s 4s", "7h 8h 9h Th", "Kc Kd Ks")
    assert score_hand(declared, 10, rules({"preset": "classic"})).points == 30
    result = score_hand(declared, DEF14, rules({"preset": "classic"}))
    assert (result.outcome, result.points, result.knocker.big_gin) == ("gin", 34, False)
    assert score_hand(declared, 10, rules({"preset": "classic"})).knocker.big_gin is False
    result = score_hand(declared, DEF14)
    assert (result.outcome, result.points, result.knocker.big_gin) == ("big_gin", 45, True)


def test_declared_spread_above_the_limit_is_illegal():
    with pytest.raises(IllegalKnockError) as info:
        score_hand(SPREAD_B, DEF66, rules({"knock_limit": 9}))
    assert (info.value.deadwood, info.value.knock_limit) == (10, 9)
    with pytest.raises(IllegalKnockError):
        score_hand(SPREAD_B, 30, rules({"preset": "straight"}))


@pytest.mark.parametrize("declared", [
    # 11 cards with a deadwood card: not a spread (11 only when every card melds)
    spread("As 2s 3s", "Kh Kd Kc", "Tc Jc Qc", dead="2d 3h"),
    # 9 cards
    spread("As 2s 3s", "Kh Kd Kc", dead="2d 3h 4c"),
    # As in two melds (docs/RULES.md: a card belongs to at most one meld)
    spread("As 2s 3s", "As Ah Ad", "Kh Kd Kc", dead="4c"),
], ids=["11-with-deadwood", "9-cards", "card-in-two-melds"])
@pytest.mark.parametrize("defender", [DEF66, 30])
def test_declared_spread_of_the_wrong_size_is_refused(declared, defender):
    # DESIGN.md: a spread is 10 cards, or 11 all melded for big gin. The 11-card spread
    # above has deadwood 5; scoring it as big gin (or at all) is wrong. Both spreads are
    # otherwise valid (legal deadwood, no card shared with the defender).
    with pytest.raises(CalculatorError) as info:
        score_hand(declared, defender)
    assert not isinstance(info.value, (CardInBothHandsError, IllegalKnockError))


# 11 cards: discarding 3c leaves K = 5 with 7s-8s-9s-Ts, onto which the defender lays Js Qs
# (74 - 20 = 54; 54 - 5 = 49). Discarding Ts instead leaves 7s-8s-9s and K = 8 (Ah 2h 2d 3c):
# nothing goes on, 74 - 8 = 66.
def test_best_spread_with_a_different_discard():
    result = score_hand("7s 8s 9s Ts Kh Kd Kc Ah 2d 3c 2h", "Js Qs 4h 6h 8d Td 5c 7c Qh 4d")
    assert (result.outcome, result.winner, result.points) == ("knock", "knocker", 49)
    assert str(result.knocker.discard) == "3c"
    assert (result.knocker.deadwood, result.defender.deadwood) == (5, 54)
    best = result.best_spread
    assert (best.points, best.outcome, best.winner, best.deadwood) == (66, "knock", "knocker", 8)
    assert str(best.discard) == "Ts"
    assert [codes(m.cards) for m in best.melds] == [["7s", "8s", "9s"], ["Kh", "Kd", "Kc"]]
    assert codes(best.deadwood_cards) == ["Ah", "2h", "2d", "3c"]


def test_best_spread_is_doubled_with_the_hand():
    result = score_hand(KNOCK6, DEF66, rules({"preset": "oklahoma"}), upcard="Ts")
    assert result.points == 98 and result.multiplier == 2
    assert result.best_spread.points == 112


def test_no_best_spread_when_the_lowest_spread_is_best():
    for knocker, defender in [(EX1, DEF28), (GIN, DEF14), (ELEVEN, DEF14)]:
        assert score_hand(knocker, defender).best_spread is None


# --- declared spreads read from tokens --------------------------------------------------------

def test_read_spread():
    declared = read_spread([["4s", "2s", "3s", "As"], ["Kh", "Kd", "Kc"]], ["3c", "Ah", "2d"])
    assert declared == SPREAD_A


def test_read_spread_big_gin():
    declared = read_spread([["As", "2s", "3s", "4s"], ["7h", "8h", "9h", "Th"],
                            ["Kc", "Kd", "Ks"]], [])
    assert len(declared.cards) == 11 and declared.deadwood == 0


@pytest.mark.parametrize("melds, dead, error, position", [
    ([["Qs", "Ks", "As"], ["Kh", "Kd", "Kc"]], ["Ah", "2d", "3c", "4s"], MeldError,
     ("knocker", "melds", 0)),
    ([["As", "2s", "3s"], ["Kh", "Kd", "Qc"]], ["Ah", "2d", "3c", "4s"], MeldError,
     ("knocker", "melds", 1)),
    ([["As", "2s", "3s"], ["Kh", "Kd", "Kc"]], ["Ah", "2d", "3c"], HandSizeError,
     ("knocker",)),
    ([["As", "2s", "3s"], ["Kh", "Kd", "Kc"], ["7c", "8c", "9c"]], ["2d", "3h"], HandSizeError,
     ("knocker",)),
])
def test_read_spread_errors(melds, dead, error, position):
    with pytest.raises(error) as info:
        read_spread(melds, dead)
    assert info.value.position == position


@pytest.mark.parametrize("melds, dead, position", [
    ([["3s", "2s", "As"], ["Ah", "As", "Ad"]], ["5h", "6h", "7h", "8c"],
     ("knocker", "melds", 1, 1)),
    ([["3s", "2s", "As"], ["7h", "7c", "7d"]], ["Kh", "Qh", "As", "Jh"],
     ("knocker", "deadwood_cards", 2)),
])
def test_read_spread_names_a_card_twice_at_its_place_as_given(melds, dead, position):
    # the melds' cards are put in order after they are read: the place is the caller's own
    with pytest.raises(CalculatorError) as info:
        read_spread(melds, dead)
    assert info.value.position == position


def test_read_spread_tells_every_slip_at_once():
    with pytest.raises(CalculatorError) as info:
        read_spread([["As", "2s", "Xs"], ["7c", "7h", "8d"], ["Tc", "Qq", "Qc"]], ["Zh", "2d"])
    assert [position for position, _ in info.value.errors] == [
        ("knocker", "melds", 0, 2), ("knocker", "melds", 1), ("knocker", "melds", 2, 1),
        ("knocker", "deadwood_cards", 0)]


def test_read_spread_card_twice():
    with pytest.raises(CalculatorError) as info:
        read_spread([["As", "2s", "3s"], ["Kh", "Kd", "Kc"]], ["As", "2d", "3c", "4s"])
    assert info.value.position[:2] == ("knocker", "deadwood_cards")


def test_an_eleven_card_spread_with_deadwood_is_told_to_give_ten_cards():
    with pytest.raises(HandSizeError) as info:
        score_hand(spread("As 2s 3s", "Kh Kd Kc", "Tc Jc Qc", dead="2d 3h"), 30)
    assert info.value.detail == ("spread has 11 cards; expected 10 (11 only when every card is "
                                 "melded, big gin; this one leaves 2 deadwood cards)")


@pytest.mark.parametrize("counted, refused", [(98, False), (99, True), (100, True)])
def test_a_defenders_count_above_the_most_a_hand_holds_is_refused(counted, refused):
    """98 is the most deadwood 10 cards hold (K K Q Q J J 10 10 9 9); 99 or 100 is a slip."""
    knocker = KnockerCounts(5)
    if not refused:
        assert score_hand(knocker, counted).points == counted - 5
        return
    with pytest.raises(NumberRangeError) as info:
        score_hand(knocker, counted)
    assert info.value.position == ("defender", "deadwood")
    assert info.value.detail == "a deadwood count is a whole number from 0 to 98"


NINE = "As 2s 3s 7c 7h 7d Tc Jc Qc"


@pytest.mark.parametrize("knocker, defender, expected", [
    (NINE, "4s 5s 9h 9d 9c Kd Qd 2c 3d", [
        (("knocker", "hand"), "hand has 9 cards; expected 10 or 11"),
        (("defender", "hand"), "hand has 9 cards; expected 10")]),
    (NINE + " Qx", "", [
        (("knocker", "hand", 9), "unknown suit 'x' in token 10 'Qx'"),
        (("defender", "hand"), "hand has 0 cards; expected 10")]),
])
@pytest.mark.parametrize("reader", ["score", "layoffs"])
def test_both_hands_slips_are_told_at_once(reader, knocker, defender, expected):
    """Neither hand's slips wait for the other's to be mended: the knocker's, then the
    defender's, in one answer."""
    with pytest.raises(CalculatorError) as info:
        (score_hand if reader == "score" else layoffs)(knocker, defender)
    assert info.value.errors == expected


BIG_GIN = "As 2s 3s 4s 5h 6h 7h 8h 9d 9c 9s"
AGAINST = "Kd Qd Jc Kc Qh 2d 4c 6c 8c Th"  # 80 deadwood


@pytest.mark.parametrize("bonus", [10, 24])
def test_eleven_melding_cards_go_down_as_gin_when_big_gin_pays_less(bonus):
    """RULES.md: given the cards, the calculator plays big gin only when its bonus is at
    least gin's (a discard leaves gin); counts that say big gin, like a declared spread, are
    scored as the table laid them."""
    rules = Rules.from_options({"big_gin_bonus": bonus})
    result = score_hand(BIG_GIN.split(), AGAINST.split(), rules)
    assert (result.outcome, result.points, result.knocker.big_gin) == ("gin", 80 + 25, False)
    assert result.knocker.discard is not None and result.best_spread is None
    counted = score_hand(KnockerCounts(0, big_gin=True), 20, rules)
    assert (counted.outcome, counted.points) == ("big_gin", 20 + bonus)
    at_par = Rules.from_options({"big_gin_bonus": 25})  # as much as gin: big gin is played
    assert score_hand(BIG_GIN.split(), AGAINST.split(), at_par).outcome == "big_gin"
