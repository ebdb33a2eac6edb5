"""score_hand() against the naive scorer of the reference (tests/reference/scoring.py).

The naive side lists every legal spread of the knocker, plays the defender's best answer to
each and reads the scoring table; the engine scores the lowest spreads and searches the others
only when a bound says one could score more. The properties:

1. the hand's value (for the knocker: + points won, - points lost) is the best of the lowest-
   deadwood spreads (after the best discards for 11 cards; big gin when it pays);
2. ``best_spread`` is there exactly when some legal spread scores more than that, and it is a
   legal spread scoring the naive maximum over all legal spreads;
3. the knocker's reported melds and deadwood are a lowest arrangement of the cards kept;
4. the defender's lay-offs and melds are legal, and their deadwood is the naive best answer to
   the spread reported;

and a knock is refused (IllegalKnockError) exactly when the lowest deadwood is over the limit.
The naive scorer is first pinned on hands worked out by hand, below.
"""

from __future__ import annotations

from functools import cache

import pytest
import reference as ref
from reference import scoring as rs
import strategies as hs
from hypothesis import assume, event, given, settings, target
from hypothesis import strategies as st

from calculator.core import Card, IllegalKnockError, Rules, score_hand
from core_support import cards_of, indices, meld_indices

VARIANTS = {
    "standard": Rules(),
    "classic": Rules.from_options({"preset": "classic"}),  # big gin scores as gin
    "tie_not_undercut": Rules.from_options({"tie_is_undercut": False}),
    "straight": Rules.from_options({"preset": "straight"}),  # limit 0
    "oklahoma": Rules.from_options({"preset": "oklahoma"}),
    "oklahoma_ace_1": Rules.from_options({"preset": "oklahoma", "oklahoma_ace_gin_only": False}),
}


# Gin-only limits (straight, an Oklahoma ace) leave no spread to choose: drawn less often.
VARIANT_DRAWS = ["standard"] * 3 + ["tie_not_undercut", "classic"] * 2 + ["oklahoma"] * 3 + [
    "oklahoma_ace_1", "straight"]


def h(text: str) -> list[int]:
    return ref.parse_hand(text)


def signed(outcome_winner_points) -> int:
    _outcome, winner, points = outcome_winner_points
    return {"knocker": points, "defender": -points, None: 0}[winner]


# --- the naive scorer on hands worked out by hand ---------------------------------------------

EX1 = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"  # docs/RULES.md: K = 5 (5h)
DEF28 = "2h 3h 4h 8s 8d 8c Kd Qh 6d 2d"  # 8-8-8, 2-3-4h; Qh 2d 6d Kd = 28; nothing lays off
DEF23 = "2h 3h 4h 8s 8d 8c 5d Qh 6d 2d"  # the same with 5d for Kd: 23
# K = 7 (7h): 9c and Kc go onto Tc-Jc-Qc (or Kc makes Kh-Kd-Ks-Kc); 2h 5c = 7 are left
K7 = "As 2s 3s 8c 8h 8d Tc Jc Qc 7h"
DEF7 = "9c Kc 4d 5d 6d Kh Kd Ks 2h 5c"
GIN = "As 2s 3s 4s 7h 8h 9h Kc Kd Ks"
BIG_GIN = "As 2s 3s 4s 7h 8h 9h Th Kc Kd Ks"
# 14 after own melds (5s 6h 3d); onto a knock 5s and 6h would go on and leave 3
DEF14 = "5s 6h 3d Qh Qd Qc 6c 7c 8c 9c"

# Blocking lay-offs: the knocker holds As-2s-3s-4s-5s, Kh-Kd-Kc and Ah 2c (K = 3). The
# defender's 6s and 7s go onto any run of spades that ends in 5s. Leaving 5s unmelded (K = 8)
# or melding 2s-3s-4s with As and 5s loose (K = 9) keeps them in the defender's hand.
BLOCK = "As 2s 3s 4s 5s Kh Kd Kc Ah 2c"
# 72 in ten loose cards: distinct ranks, no three of a suit in a row.
DEF72 = "6s 7s 9h Td 3c 4d 5h 8d Qh Jc"
# 3 after own melds and lay-offs (Ad 2d), 16 when 6s 7s stay in hand.
DEF3 = "6s 7s Qh Qd Qc 8h 9h Th Ad 2d"


def naive(knocker: str, defender: str, options=None, upcard: str | None = None):
    rules = Rules.from_options(options or {})
    return rs.score_hand(h(knocker), h(defender), rules,
                         None if upcard is None else ref.parse(upcard))


@pytest.mark.parametrize("knocker, defender, options, upcard, k, d, expected", [
    # docs/RULES.md: knocker 5, defender 28 -> the knocker scores 23
    (EX1, DEF28, {}, None, 5, 28, ("knock", "knocker", 23)),
    # docs/RULES.md: 7 against 7 after lay-offs -> undercut, 0 + 25 to the defender
    (K7, DEF7, {}, None, 7, 7, ("undercut", "defender", 25)),
    (K7, DEF7, {"preset": "classic"}, None, 7, 7, ("undercut", "defender", 10)),
    (K7, DEF7, {"tie_is_undercut": False}, None, 7, 7, ("knock", None, 0)),
    # docs/RULES.md: gin against 14 -> 39; nothing is laid off onto gin (5s, 6h stay)
    (GIN, DEF14, {}, None, 0, 14, ("gin", "knocker", 39)),
    (GIN, DEF14, {"preset": "straight"}, None, 0, 14, ("gin", "knocker", 39)),
    # big gin: 14 + 31; classic has no big gin bonus, so it scores as gin: 14 + 20
    (BIG_GIN, DEF14, {}, None, 0, 14, ("big_gin", "knocker", 45)),
    (BIG_GIN, DEF14, {"preset": "classic"}, None, 0, 14, ("gin", "knocker", 34)),
    # docs/RULES.md Oklahoma: upcard 6s -> limit 6, and a knock worth 23 - 5 = 18 scores 36
    (EX1, DEF23, {"preset": "oklahoma"}, "6s", 5, 23, ("knock", "knocker", 36)),
    (EX1, DEF23, {"preset": "oklahoma"}, "6h", 5, 23, ("knock", "knocker", 18)),
    (EX1, DEF23, {"preset": "oklahoma", "oklahoma_spade_double": False}, "6s", 5, 23,
     ("knock", "knocker", 18)),
    # undercut doubled too: (7 - 7 + 25) x 2
    (K7, DEF7, {"preset": "oklahoma"}, "Ts", 7, 7, ("undercut", "defender", 50)),
    # the lowest spread of BLOCK: 6s 7s go on, 72 - 13 - 3 = 56
    (BLOCK, DEF72, {}, None, 3, 59, ("knock", "knocker", 56)),
    # against DEF3 the lowest spread is undercut: 3 against 3
    (BLOCK, DEF3, {}, None, 3, 3, ("undercut", "defender", 25)),
    (BLOCK, DEF3, {"tie_is_undercut": False}, None, 3, 3, ("knock", None, 0)),
])
def test_naive_lowest_spread_by_hand(knocker, defender, options, upcard, k, d, expected):
    scored = naive(knocker, defender, options, upcard)
    (best,) = [s for s in scored.lowest_spreads if s.value == scored.lowest_value][:1]
    assert (best.spread.deadwood, best.defender_deadwood) == (k, d)
    outcome = best.outcome
    assert (outcome.outcome, outcome.winner, outcome.points) == expected
    assert scored.lowest_value == signed(expected)


def test_naive_lists_every_legal_spread_of_block():
    # Runs of spades within As..5s with Kh-Kd-Kc, and deadwood at most 10 (worked by hand):
    #   As-5s K=3, 2s-5s K=4 (As), 3s-5s K=6 (As 2s), As-4s K=8 (5s), 2s-4s K=9 (As 5s);
    # As-3s leaves 4s 5s Ah 2c = 12, and no spread without Kh-Kd-Kc is within 10.
    scored = naive(BLOCK, DEF72)
    found = sorted((s.spread.deadwood, ref.codes(s.spread.deadwood_cards), s.value)
                   for s in scored.spreads)
    assert found == [
        (3, "Ah 2c", 72 - 13 - 3),
        (4, "As Ah 2c", 72 - 13 - 4),
        (6, "As 2s Ah 2c", 72 - 13 - 6),
        (8, "5s Ah 2c", 72 - 8),  # 5s kept: 6s 7s cannot go on
        (9, "As 5s Ah 2c", 72 - 9),
    ]
    assert (scored.lowest_value, scored.best_value) == (56, 64)


def test_naive_blocking_turns_an_undercut_into_a_win():
    # Against DEF3 the whole run lets 6s 7s go on: 3 against 3, undercut. Keeping 5s back
    # leaves the defender 16 against 8, and the knocker scores 8 (16 - 9 = 7 with As loose
    # too); melding 2s-5s or 3s-5s is undercut by more than the whole run.
    scored = naive(BLOCK, DEF3)
    values = {s.spread.deadwood: s.value for s in scored.spreads}
    assert values == {3: -25, 4: -(4 - 3 + 25), 6: -(6 - 3 + 25), 8: 16 - 8, 9: 16 - 9}
    assert scored.best_value == 8
    assert naive(BLOCK, DEF3, {"tie_is_undercut": False}).lowest_value == 0


def test_naive_eleven_cards_discards_and_big_gin():
    # Discarding Qd leaves BLOCK; every other discard is over the limit or the same spreads.
    scored = naive(BLOCK + " Qd", DEF72)
    assert scored.lowest == 3
    assert {s.spread.discard for s in scored.spreads} == {ref.parse("Qd")}
    assert (scored.lowest_value, scored.best_value) == (56, 64)
    # Big gin is one spread of its own (no discard) and the lowest when it pays.
    big = naive(BIG_GIN, DEF14)
    assert [s.spread.big_gin for s in big.lowest_spreads] == [True]
    assert big.best_value == big.lowest_value == 45
    # Classic: no big gin spread; the 10-card gins (shed As, 4s, 7h or Th) score 14 + 20.
    classic = naive(BIG_GIN, DEF14, {"preset": "classic"})
    assert not any(s.spread.big_gin for s in classic.spreads)
    gins = {ref.code(s.spread.discard) for s in classic.lowest_spreads}
    assert gins == {"As", "4s", "7h", "Th"}
    assert classic.lowest_value == classic.best_value == 34


def test_naive_big_gin_worth_less_than_gin():
    # Custom rules may pay less for big gin than for gin (14 + 20 = 34). The player may always
    # shed As, 4s, 7h or Th for a 10-card gin (14 + 25), and does: those are laid down.
    scored = naive(BIG_GIN, DEF14, {"big_gin_bonus": 20})
    assert (scored.lowest_value, scored.best_value) == (39, 39)
    assert {ref.code(s.spread.discard) for s in scored.lowest_spreads} == {"As", "4s", "7h",
                                                                           "Th"}
    assert any(s.spread.big_gin and s.value == 34 for s in scored.spreads)  # still legal


@pytest.mark.parametrize("knocker, defender, options, value, best", [
    (BLOCK, DEF72, {}, 56, 64),
    (BLOCK + " Qd", DEF72, {}, 56, 64),
    (BLOCK, DEF3, {}, -25, 8),
    (BLOCK, DEF3, {"tie_is_undercut": False}, 0, 8),
    (EX1, DEF23, {"preset": "oklahoma"}, 36, None),  # upcard 6s below
])
def test_engine_on_the_hands_worked_by_hand(knocker, defender, options, value, best):
    rules = Rules.from_options(options)
    upcard = Card("6s") if rules.oklahoma else None
    result = score_hand(knocker, defender, rules, upcard=upcard)
    assert signed((result.outcome, result.winner, result.points)) == value
    got = result.best_spread
    assert (None if got is None else signed((got.outcome, got.winner, got.points))) == best


def test_engine_plays_gin_when_big_gin_pays_less():
    result = score_hand(BIG_GIN, DEF14, Rules.from_options({"big_gin_bonus": 20}))
    assert (result.outcome, result.points, result.best_spread) == ("gin", 39, None)


@pytest.mark.parametrize("knocker, options, upcard, limit, legal", [
    (EX1, {}, None, 10, True),
    (EX1, {"preset": "straight"}, None, 0, False),
    (EX1, {"preset": "oklahoma"}, "4c", 4, False),  # docs/RULES.md: upcard 4c, limit 4
    (EX1, {"preset": "oklahoma"}, "5d", 5, True),
    (EX1, {"preset": "oklahoma"}, "Ah", 0, False),  # an ace: gin only
    (GIN, {"preset": "oklahoma"}, "Ah", 0, True),
    (EX1, {"preset": "oklahoma", "oklahoma_ace_gin_only": False}, "Ah", 1, False),
    ("As 2s 3s 7c 7h 7d Tc Jc Qc Ad", {"preset": "oklahoma", "oklahoma_ace_gin_only": False},
     "Ah", 1, True),
])
def test_naive_knock_limit(knocker, options, upcard, limit, legal):
    others = [c for c in range(52) if c not in h(knocker)][-10:]  # any defender will do
    scored = naive(knocker, ref.codes(others), options, upcard)
    assert scored.limit == limit
    assert scored.legal == legal == (scored.lowest <= limit)


def test_naive_is_legal_spread():
    standard, classic = Rules(), Rules.from_options({"preset": "classic"})
    hand = h(BLOCK)
    run4, run5, kings = h("As 2s 3s 4s"), h("As 2s 3s 4s 5s"), h("Kh Kd Kc")
    assert rs.is_legal_spread(hand, [run4, kings], h("5s Ah 2c"), None, 10, standard)
    assert not rs.is_legal_spread(hand, [run4, kings], h("5s Ah 2c"), None, 7, standard)
    assert not rs.is_legal_spread(hand, [run5, kings], h("Ah"), None, 10, standard)  # 2c lost
    assert not rs.is_legal_spread(hand, [h("2s 3s 5s"), kings], h("As 4s Ah 2c"), None, 10,
                                  standard)
    eleven = hand + h("Qd")
    assert rs.is_legal_spread(eleven, [run5, kings], h("Ah 2c"), ref.parse("Qd"), 10, standard)
    assert not rs.is_legal_spread(eleven, [run5, kings], h("Ah 2c Qd"), None, 10, standard)
    big = h(BIG_GIN)
    melds = [h("As 2s 3s 4s"), h("7h 8h 9h Th"), h("Kc Kd Ks")]
    assert rs.is_legal_spread(big, melds, [], None, 0, standard)
    assert not rs.is_legal_spread(big, melds, [], None, 0, classic)


# --- strategies -------------------------------------------------------------------------------

DECK = list(range(52))


@cache
def window_melds(start: int, width: int) -> list[frozenset[int]]:
    return ref.all_melds(hs.window_cards(start, width))


# Windows of low ranks: melds whose end cards are cheap, so that leaving one unmelded to keep
# the defender's cards off stays within the limit (the spreads best_spread is about).
low_windows = st.integers(4, 6).flatmap(lambda width: st.tuples(st.integers(0, 3),
                                                                 st.just(width)))


@cache
def spread_hands(size: int, limit: int, low: bool = False) -> st.SearchStrategy[list[int]]:
    return _spread_hands(size, limit, low_windows if low else hs.windows)


@st.composite
def _spread_hands(draw, size: int, limit: int, windows) -> list[int]:
    """A hand that can knock, built like a spread: melds from one rank window, then low
    deadwood from anywhere (at most ``limit`` points), and for 11 cards one more card from
    near the window (so the discard is a choice). 11 melded cards are big gin, 10 gin."""
    start, width = draw(windows)
    least = max(7, 10 - limit)  # every deadwood card is worth a point at least
    # Melded cards wanted: 10 or 11 (gin, big gin) one time in five, or as the limit needs.
    if least < 10 and not draw(st.sampled_from([False] * 4 + [True])):
        target = draw(st.integers(least, 9))
    else:
        target = draw(st.integers(10, size))
    used: set[int] = set()
    while len(used) < target:
        # Never stop one or two short of the target: no meld is that small.
        fits = [m for m in window_melds(start, width)
                if not m & used and target - len(used | m) not in (1, 2)
                and len(used | m) <= target]
        if windows is low_windows and not used:
            # A long run first: the knocker may meld it shorter and keep the end card back.
            fits = [m for m in fits if ref.is_run(m) and len(m) >= 4] or fits
        if not fits:
            break
        used |= draw(st.sampled_from(fits))
    assume(len(used) >= least)
    if len(used) == 11:
        return sorted(used)
    # Often well under the limit: the slack lets the knocker lay a higher spread instead.
    count = 10 - len(used)
    budget = draw(st.integers(count, limit))
    hand = sorted(used) + draw(hs.low_cards([c for c in DECK if c not in used], count, budget))
    if size == 11:
        near = [c for c in DECK if c not in hand
                and start - 1 <= ref.rank(c) <= start + width]
        hand.append(draw(st.sampled_from(near)))
    return hand


@st.composite
def defenders(draw, knocker: list[int]) -> list[int]:
    """10 cards that play against the knocker's melds: some that could be laid off onto a meld
    the knocker may lay (a set's 4th card, a run's next card or the one after), some melds of
    the defender's own (so undercuts happen), the rest near the knocker's ranks, low, or any."""
    free = [c for c in DECK if c not in knocker]
    melds = ref.all_melds(knocker)
    touching = [c for c in free if any(ref.is_meld(m | {c}) for m in melds)]
    runs = [m for m in melds if ref.is_run(m)]
    chained = [c for c in free if c not in touching
               and any(ref.is_meld(m | {c, t}) for m in runs for t in touching)]
    layable = touching + chained
    chosen = draw(hs.distinct(layable, draw(st.integers(0, min(5, len(layable)))))
                  ) if layable else []
    for _ in range(draw(st.integers(0, 2))):
        fits = [m for m in ref.all_melds(free) if not m & set(chosen)
                and len(chosen) + len(m) <= 10]
        if fits:
            chosen += sorted(draw(st.sampled_from(fits)))

    melded = set().union(*melds) or set(knocker)
    ranks = [ref.rank(c) for c in melded]
    low, high = max(0, min(ranks) - 2), min(12, max(ranks) + 2)
    rest = [c for c in free if c not in chosen]
    pools = [
        [c for c in rest if low <= ref.rank(c) <= high],
        [c for c in rest if ref.points(c) <= 4],
        rest,
    ]
    pool = draw(st.sampled_from([p for p in pools if len(p) >= 10 - len(chosen)]))
    return chosen + draw(hs.distinct(pool, 10 - len(chosen))) if len(chosen) < 10 else chosen


@st.composite
def deals(draw, size: int, legal_only: bool = True):
    """(variant name, rules, upcard or None, knocker, defender)."""
    name = draw(st.sampled_from(VARIANT_DRAWS))
    rules = VARIANTS[name]
    upcard = draw(st.sampled_from(DECK)) if rules.oklahoma else None
    limit = rs.knock_limit(rules, upcard)
    if legal_only:
        # Meld-dense hands rarely reach a low limit: build those from melds only.
        sources = [spread_hands(size, limit), spread_hands(size, limit, low=True)]
        if limit >= 5:
            sources.append(hs.meld_dense_hands(size))
    else:
        # Around the limit from both sides: built for 10 while the limit may be lower.
        sources = [spread_hands(size, 10), hs.mixed_hands(size)]
    knocker = draw(st.one_of(sources))
    defender = draw(defenders(knocker))
    return name, rules, upcard, knocker, defender


def describe(name, upcard, knocker, defender) -> str:
    up = "" if upcard is None else f" upcard {ref.code(upcard)}"
    return f"{name}{up}: knocker {ref.codes(knocker)}; defender {ref.codes(defender)}"


# --- the properties ---------------------------------------------------------------------------


def engine_score(rules, upcard, knocker, defender):
    return score_hand(cards_of(knocker), cards_of(defender), rules,
                      upcard=None if upcard is None else Card.from_index(upcard))


def check_hand(deal) -> None:
    name, rules, upcard, knocker, defender = deal
    scored = rs.score_hand(knocker, defender, rules, upcard)
    assume(scored.legal)
    # Steer generation towards hands where another spread beats the lowest (rare at random).
    target(min(scored.best_value - scored.lowest_value, 20), label="best spread's gain")
    result = engine_score(rules, upcard, knocker, defender)
    where = describe(name, upcard, knocker, defender)
    every = [s.spread for s in scored.spreads]

    # (1) the hand's value: the best of the lowest spreads
    value = signed((result.outcome, result.winner, result.points))
    assert value == scored.lowest_value, (where, "value", value, scored.lowest_value)
    assert result.multiplier == rs.multiplier(rules, upcard), where
    assert result.knock_limit == scored.limit, where

    # (3) the knocker's side: a lowest spread of the cards kept, and its score is the result
    side = result.knocker
    melds, dead = meld_indices(side.melds), indices(side.deadwood_cards)
    discard = None if side.discard is None else side.discard.index
    assert rs.is_legal_spread(knocker, melds, dead, discard, scored.limit, rules), (
        where, "knocker spread", melds, dead, discard)
    reported = rs.Spread(tuple(frozenset(m) for m in melds), frozenset(dead), discard,
                         big_gin=len(knocker) == 11 and discard is None)
    assert rs.is_lowest(reported, every, rules), (where, "not a lowest spread",
                                                 reported.describe())
    assert side.deadwood == ref.total(dead) == scored.lowest, where
    assert side.gin == (side.deadwood == 0), where
    assert side.big_gin == reported.big_gin, where
    naive_reported = scored.scorer.score(reported)
    got = (result.outcome, result.winner, result.points)
    expected = (naive_reported.outcome.outcome, naive_reported.outcome.winner,
                naive_reported.outcome.points)
    assert got == expected, (where, reported.describe(), got, expected)

    # (4) the defender's side: legal lay-offs and melds, the naive best answer
    answer = result.defender
    laid = [(layoff.card.index, layoff.meld) for layoff in answer.layoffs]
    assert not (side.gin and laid), (where, "laid off onto gin", laid)
    assert ref.legal_layoffs(melds, defender, laid), (where, "lay-offs", laid)
    kept = [c for c in defender if c not in {card for card, _ in laid}]
    own, left = meld_indices(answer.melds), indices(answer.deadwood_cards)
    assert ref.valid_arrangement(kept, own, left), (where, "defender melds", own, left)
    assert answer.deadwood == ref.total(left) == naive_reported.defender_deadwood, (
        where, "defender deadwood", answer.deadwood, naive_reported.defender_deadwood)

    # (2) best_spread: there exactly when another legal spread scores more
    best = result.best_spread
    event(f"outcome {result.outcome}, winner {result.winner}")
    event("lay-offs" if laid else "no lay-offs")
    event("best_spread" if best is not None else "no best_spread")
    if scored.best_value <= scored.lowest_value:
        assert best is None, (where, "best_spread without a better spread", best)
        return
    assert best is not None, (where, "no best_spread", scored.best_value, scored.lowest_value)
    assert signed((best.outcome, best.winner, best.points)) == scored.best_value, (
        where, "best_spread value", best.points, scored.best_value)
    melds, dead = meld_indices(best.melds), indices(best.deadwood_cards)
    discard = None if best.discard is None else best.discard.index
    assert rs.is_legal_spread(knocker, melds, dead, discard, scored.limit, rules), (
        where, "best_spread not legal", melds, dead, discard)
    assert best.deadwood == ref.total(dead), where
    spread = rs.Spread(tuple(frozenset(m) for m in melds), frozenset(dead), discard,
                       big_gin=len(knocker) == 11 and discard is None)
    naive_best = scored.scorer.score(spread).outcome
    assert (best.outcome, best.winner, best.points) == (
        naive_best.outcome, naive_best.winner, naive_best.points), (where, spread.describe())


@settings(max_examples=hs.examples(600))
@given(deals(10))
def test_score_ten_against_naive(deal):
    check_hand(deal)


@settings(max_examples=hs.examples(500))
@given(deals(11))
def test_score_eleven_against_naive(deal):
    check_hand(deal)


@settings(max_examples=hs.examples(400))
@given(st.integers(10, 11).flatmap(lambda size: deals(size, legal_only=False)))
def test_illegal_knock_exactly_over_the_limit(deal):
    name, rules, upcard, knocker, defender = deal
    lowest, limit = rs.lowest_deadwood(knocker), rs.knock_limit(rules, upcard)
    where = describe(name, upcard, knocker, defender)
    if lowest <= limit:
        result = engine_score(rules, upcard, knocker, defender)
        assert result.knocker.deadwood == lowest, where
        return
    with pytest.raises(IllegalKnockError) as info:
        engine_score(rules, upcard, knocker, defender)
    assert (info.value.deadwood, info.value.knock_limit) == (lowest, limit), where
