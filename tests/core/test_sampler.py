"""The knock sampler: hands consistent with the position, every sample scored as the engine
scores two hands, the odds against enumerating every opponent hand, and the samples'
deadwood against the opponent's real deadwood in self-play (the stage of the hand)."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from itertools import combinations
from random import Random

import pytest

from calculator.core import score_hand
from calculator.core.cards import ALL_CARDS, Card, mask_cards
from calculator.core.draws import bits_of
from calculator.core.tables import deadwood_of_mask
from calculator.core.odds import PAIRS
from calculator.core.position import read_position
from calculator.core.sampler import OpponentHand, knock_odds, opponent_hands
from calculator.core.selfplay import play

HAND = "As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd"


def late_position(unseen_count: int = 12, **extra):
    """A position with few unseen cards: every opponent hand can be listed."""
    rng = Random(4)
    others = [str(c) for c in ALL_CARDS if str(c) not in HAND.split()]
    rng.shuffle(others)
    pile = others[:41 - unseen_count]
    return read_position(HAND, pile, **extra)


def test_samples_are_consistent_with_the_position():
    position = read_position(HAND, [{"card": "Jc", "by": "opponent"}, {"card": "9h", "by": "me"}],
                             opponent_took=["Qs", "Qh"], opponent_passed=["Jc"])
    for hand in opponent_hands(position, 300, Random(1)):
        assert hand.mask.bit_count() == 10
        assert hand.mask & position.held == position.held
        assert not hand.mask & (position.mine | position.pile_mask)
        assert hand.deadwood == deadwood_of_mask(hand.mask)
        assert hand.weight >= 0


def test_every_sample_is_scored_as_the_engine_scores_two_hands():
    position = read_position(HAND, ["Jc", "9h", "Qd"], samples=200)
    hands = opponent_hands(position, 200, Random(2))
    odds = knock_odds(position.mine, position, hands)
    assert odds.discard is not None and str(odds.discard) == "Kd"
    wins = undercuts = 0.0
    total = sum(h.weight for h in hands)
    points = 0.0
    for hand in hands:
        result = score_hand(list(position.hand), list(mask_cards(hand.mask)))
        wins += hand.weight * (result.winner == "knocker")
        undercuts += hand.weight * (result.outcome == "undercut")
        points += hand.weight * (result.points if result.winner == "knocker" else
                                 -result.points if result.winner == "defender" else 0)
    assert odds.win == pytest.approx(wins / total)
    assert odds.undercut == pytest.approx(undercuts / total)
    assert odds.expected_points == pytest.approx(points / total)


def test_knock_odds_against_every_opponent_hand():
    """With no draws to replay (uniform dealt hands) the sampler's odds are the share of all
    C(12, 10) = 66 possible opponent hands, within 4 standard errors of 4,000 samples."""
    position = late_position(12)
    unseen = bits_of(position.unseen)
    every = [OpponentHand(sum(c), 1.0, deadwood_of_mask(sum(c))) for c in combinations(unseen, 10)]
    truth = knock_odds(position.mine, position, every)
    sampled = knock_odds(position.mine, position,
                         opponent_hands(position, 4000, Random(3), draws=0))
    assert len(every) == 66
    for name in ("win", "undercut"):
        p = getattr(truth, name)
        assert abs(getattr(sampled, name) - p) <= 4 * (p * (1 - p) / 4000) ** 0.5 + 1e-9
    assert sampled.error == pytest.approx(max(
        (q * (1 - q) / sampled.effective_samples) ** 0.5
        for q in (sampled.win, sampled.undercut, sampled.tie)))


def test_discards_and_passes_weigh_the_samples():
    position = read_position(HAND, [{"card": "Jc", "by": "opponent"}],
                             opponent_passed=["Jc"], samples=100)
    hands = opponent_hands(position, 400, Random(5))
    for hand in hands:
        holds_pair = any(p & hand.mask == p for p in PAIRS[Card("Jc").index])
        if hand.weight:
            assert (hand.weight < 1) is holds_pair


def test_no_knock_when_the_hand_cannot():
    position = read_position("As 2s 5h 6h 9c 9d Kd Qc 4h Jc 7s")
    assert knock_odds(position.mine, position, opponent_hands(position, 10, Random(1))) is None


@pytest.mark.slow  # thousands of samples: make test, not make check
def test_sampled_deadwood_fits_the_stage_of_the_hand():
    """Self-play (the baseline policy, deadwood discards for speed): at every third turn the
    opponent's real deadwood beside the sampler's mean. The built samples stay within 5
    points of the real hands at each stage with enough turns; uniform hands are far too
    weak once a few cards are in the pile."""
    records = play(120, seed=11, policy="deadwood", stage_samples=40)
    stages = defaultdict(list)
    for record in records:
        for stage in record.stages:
            stages[min(stage.pile // 4, 3)].append(stage)
    checked = 0
    for bucket, rows in stages.items():
        if len(rows) < 30:
            continue
        actual = sum(r.actual for r in rows) / len(rows)
        sampled = sum(r.sampled for r in rows) / len(rows)
        uniform = sum(r.uniform for r in rows) / len(rows)
        assert abs(sampled - actual) <= 5, (bucket, actual, sampled)
        if bucket >= 2:
            assert uniform - actual >= 15, (bucket, actual, uniform)
        checked += 1
    assert checked >= 3


def test_a_built_hand_keeps_its_deadwood_along():
    """The deadwood `build_hand` follows along is the hand's own, at every stage."""
    from calculator.core.sampler import build_hand

    for stock in (28, 18, 8):
        position = late_position(stock - 2 + 10)
        pool = bits_of(position.unseen)
        rng = Random(stock)
        for _ in range(200):
            hand, weight, deadwood = build_hand(rng, pool, position.held,
                                                position.opponent_unknown, 8, position.limit)
            assert hand.bit_count() == 10 and deadwood == deadwood_of_mask(hand)


def knockable_bodies(count: int, seed: int):
    """Positions of hands that can knock, from random deals, with piles of 0 to 20 cards."""
    from calculator.core.tables import best_discard_deadwood_of_mask

    rng = Random(seed)
    found = []
    while len(found) < count:
        cards = rng.sample(range(52), 52)
        hand = cards[:11]
        if best_discard_deadwood_of_mask(sum(1 << c for c in hand)) > 10:
            continue
        pile = [str(Card.from_index(c)) for c in cards[11:11 + rng.randrange(0, 21)]]
        found.append(([str(Card.from_index(c)) for c in hand], pile))
    return found


def _bar(position, decision):
    """The share of wins the knock decision asked for."""
    from calculator.core.advice import knock_need

    gin_within = decision.gin_within
    later = gin_within[-1][1] if gin_within else 0.0
    return knock_need(position, decision.odds, later, gin_within)[0]


@pytest.mark.slow  # thousands of samples: make test, not make check
def test_the_default_samples_stop_once_the_decision_is_settled():
    """Without `samples`, the knock odds stop at the first look (100, 200, 300, 500, 700)
    where the decision is settled, and are then exactly the odds of asking for that many;
    the look before did not settle it; asking for a number never stops early."""
    from calculator.core.advice import advise_position, settled
    from calculator.core.sampler import LOOKS

    stopped = set()
    for hand, pile in knockable_bodies(30, 3):
        position = read_position(hand, pile)
        default = advise_position(position).knock
        if default is None:
            continue
        used = default.odds.samples
        assert used in (*LOOKS, 1000)
        if used < 1000:
            assert settled(default.odds, _bar(position, default))
            stopped.add(used)
        asked = advise_position(read_position(hand, pile, samples=used)).knock
        assert asked.odds == default.odds and asked.knock == default.knock
        if used > LOOKS[0]:  # it looked before and went on: the decision was not settled
            before = max(n for n in LOOKS if n < used)
            first = advise_position(read_position(hand, pile, samples=before)).knock
            assert not settled(first.odds, _bar(position, first))
    assert LOOKS[0] in stopped
    hand, pile = knockable_bodies(1, 3)[0]
    assert advise_position(read_position(hand, pile, samples=1000)).knock.odds.samples == 1000


@pytest.mark.slow  # 5,000 samples a position
def test_a_decision_stopped_early_agrees_with_5000_samples_where_those_are_clear():
    """The early stop's error (docs/ADVICE.md): against 5,000 samples of another seed, on
    every position where those put the win share and the expected points 3 of their
    standard errors from the bars, the default answer makes the same decision; on every
    position the two win shares are within 4 standard errors of their difference (the early
    odds are those of fewer samples, no biased stop)."""
    from calculator.core.advice import advise_position

    clear = agree = 0
    bodies = knockable_bodies(40, 11)
    for hand, pile in bodies:
        default = advise_position(read_position(hand, pile)).knock
        if default is None or default.odds.outcome != "knock":
            continue
        # a reference run, past the bound a request may ask (MAX_SAMPLES)
        position = replace(read_position(hand, pile, seed=7), samples=5000, samples_asked=True)
        full = advise_position(position).knock
        o = full.odds
        need = _bar(position, full)
        win_error = (o.win * (1 - o.win) / o.effective_samples) ** 0.5
        d = default.odds
        # two independent estimates: the 5,000's share stands in for the truth in the error
        apart = (o.win * (1 - o.win) * (1 / d.effective_samples + 1 / o.effective_samples))
        assert abs(d.win - o.win) <= 4 * apart ** 0.5 + 1e-9
        if (abs(o.win - need) >= 3 * win_error
                and abs(o.expected_points) >= 3 * o.points_error):
            clear += 1
            agree += default.knock == full.knock
    assert clear >= 20
    assert agree == clear


def test_the_early_stop_settles_on_the_wrong_side_of_the_bar_rarely():
    """The stop rule's own error, by seeded simulation: shares drawn from a known win rate p
    (a win +20 points, a loss -5), looked at as the default answer looks (100, 200, 300,
    500, 700, then 1,000 in full). With p just either side of each bar, a stop before 1,000
    on the wrong side of the truth happens in at most 1% of 2,000 runs (docs/ADVICE.md:
    at most about 0.7%, five looks at 3 standard errors); far from the bar, the first look
    settles it nearly always."""
    from calculator.core.advice import settled
    from calculator.core.sampler import LOOKS, KnockOdds

    def odds(wins: int, n: int) -> KnockOdds:
        win = wins / n
        mean = 20 * win - 5 * (1 - win)
        spread = (400 * win + 25 * (1 - win) - mean * mean) ** 0.5
        return KnockOdds(n, float(n), win, 1 - win, 0.0, mean, 0.0, 0.0, 5, None, None,
                         "knock", spread / n ** 0.5)

    rng = Random(16)
    for need in (0.45, 0.55, 0.8):
        for p, quick in ((need + 0.002, False), (need - 0.002, False),
                         (min(0.99, need + 0.3), True), (need - 0.3, True)):
            truth = p >= need
            wrong = first = 0
            runs = 2000
            for _ in range(runs):
                wins = n = 0
                for look in LOOKS:
                    wins += sum(rng.random() < p for _ in range(look - n))
                    n = look
                    o = odds(wins, n)
                    if settled(o, need):
                        wrong += (o.win >= need) != truth
                        first += n == LOOKS[0]
                        break
            assert wrong <= 0.01 * runs, (need, p, wrong)
            if quick:
                assert first >= 0.95 * runs, (need, p, first)


def test_no_replayed_draw_lets_the_opponent_knock_by_throwing_a_card_they_took():
    """They took 7d Td 7c from the pile and were dealt As Ah Ad Ac 4h 7h 3c: drawing 2h
    would have let them knock with 9 by throwing Td. The replay keeps the cards they took,
    but they need not have, so 2h is never their draw, and each sample's weight estimates the
    chance that a draw (2h or Kd) keeps them from knocking: one half."""
    from core_support import mask

    from calculator.core.sampler import build_hand
    from calculator.core.tables import best_discard_deadwood_of_mask

    known, dealt, two = mask("7d Td 7c"), mask("As Ah Ad Ac 4h 7h 3c"), Card("2h").bit
    assert best_discard_deadwood_of_mask(dealt | known | two) == 9
    pool = bits_of(dealt | two | Card("Kd").bit)
    weights = []
    for seed in range(4000):
        if sum(Random(seed).sample(pool, 7)) != dealt:
            continue  # the deal this test is about (1 in 36)
        hand, weight, deadwood = build_hand(Random(seed), pool, known, 7, 1, 10)
        assert not hand & two and hand == dealt | known and deadwood == 17
        weights.append(weight)
    mean = sum(weights) / len(weights)
    assert len(weights) > 60 and abs(mean - 0.5) < 0.12, (len(weights), mean)
