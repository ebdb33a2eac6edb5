"""The advice's odds (calculator.core.odds) against brute force: danger against enumerating
every opponent hand, the k-draw odds against enumerating every draw sequence, and the sampled
third draw within its error. The one-draw tables and outs they build on are in test_draws.py
and test_lanes.py."""
from __future__ import annotations

from itertools import combinations, permutations
from math import comb
from random import Random

import pytest

from calculator.core.advice import melds_in_waiting
from calculator.core.cards import mask_cards, parse_hand
from calculator.core.draws import bits_of
from calculator.core.odds import (ALL, PAIRS, PARTNERS, adjusted_danger, danger, held_chances,
                                  discard_dangers, falling_ratios, greedy_keep, live_melds,
                                  within_draws)
from calculator.core.tables import best_discard_deadwood_of_mask
from core_support import deals, mask
from reference.odds import card_chances, card_weights, simulate_within_draws


def test_meld_partners():
    # a middle card has 6 melds of three, an ace or a king 4
    assert len(PAIRS[parse_hand("7h")[0].index]) == 6
    assert len(PAIRS[parse_hand("As")[0].index]) == 4
    assert len(PAIRS[parse_hand("Kc")[0].index]) == 4
    assert mask_cards(PARTNERS[parse_hand("7h")[0].index]) == tuple(
        parse_hand("7s 5h 6h 8h 9h 7d 7c"))


def test_live_melds_lose_every_meld_needing_a_seen_card():
    seven = parse_hand("7h")[0].index
    assert live_melds(seven, ALL) == 6
    # 7s seen: the two sets with it are gone; 8h seen: the two runs through 8h are gone
    assert live_melds(seven, ALL & ~mask("7s")) == 4
    assert live_melds(seven, ALL & ~mask("7s 8h")) == 2
    assert live_melds(seven, ALL & ~mask("7s 7d 6h 8h")) == 0


def waiting_melds(mine: int, unseen: int) -> dict[int, list[int]]:
    """`melds_in_waiting` as bits: unseen card -> my pairs it melds with, as listed."""
    return {c.card.bit: [a.bit | b.bit for a, b in c.melds]
            for c in melds_in_waiting(mine, unseen)}


def test_waiting_melds():
    found = waiting_melds(mask("7h 8h 7s Kd"), ALL & ~mask("7h 8h 7s Kd 9h"))
    by_card = {str(mask_cards(b)[0]): sorted(" ".join(map(str, mask_cards(p))) for p in pairs)
               for b, pairs in found.items()}
    assert by_card["6h"] == ["7h 8h"]
    assert by_card["7d"] == ["7s 7h"] and by_card["7c"] == ["7s 7h"]
    assert "9h" not in by_card  # seen


def test_waiting_melds_on_random_and_meld_dense_hands():
    """Every unseen card with each pair of my cards it makes a meld of three with, by
    testing every pair of my cards against every unseen card (each pair once)."""
    for hand, unseen in deals(25, 200):
        found = waiting_melds(hand, unseen)
        assert list(found) == sorted(found)
        mine = bits_of(hand)
        truth = {}
        for u in bits_of(unseen):
            pairs = [a | b for i, a in enumerate(mine) for b in mine[i + 1:]
                     if a | b in PAIRS[u.bit_length() - 1]]
            if pairs:
                truth[u] = sorted(pairs)
        assert {u: sorted(pairs) for u, pairs in found.items()} == truth
        for u, pairs in found.items():  # as the answers list them: by the lower card of mine,
            # then that card's own order of its pairs
            lows = [(p & -p).bit_length() - 1 for p in pairs]
            assert [(low, PAIRS[low].index(p ^ 1 << low | u)) for low, p in zip(lows, pairs)] \
                == sorted((low, PAIRS[low].index(p ^ 1 << low | u)) for low, p in zip(lows, pairs))


def brute_danger(index: int, unseen: int, held: int, n: int) -> float:
    """Share of every possible opponent hand (held cards plus n unseen) holding a pair."""
    hits = total = 0
    for chosen in combinations(bits_of(unseen), n):
        hand = held | sum(chosen)
        total += 1
        hits += any(pair & hand == pair for pair in PAIRS[index])
    return hits / total


def small_positions(seed: int, count: int):
    """Late positions: few unseen cards, so every opponent hand can be listed."""
    rng = Random(seed)
    for _ in range(count):
        cards = rng.sample(range(52), 52)
        unseen_count = rng.randrange(10, 14)
        held_count = rng.randrange(0, 4)
        held = sum(1 << c for c in cards[:held_count])
        unseen = sum(1 << c for c in cards[held_count:held_count + unseen_count])
        n = rng.randrange(max(1, 10 - held_count - 2), min(unseen_count, 10 - held_count) + 1)
        yield cards, unseen, held, n


@pytest.mark.parametrize("seed", range(3))
def test_danger_is_exact(seed):
    for cards, unseen, held, n in small_positions(seed, 12):
        ratios = falling_ratios(n, unseen.bit_count())
        for index in cards[30:36]:
            assert danger(index, unseen, held, ratios) == pytest.approx(
                brute_danger(index, unseen, held, n), abs=1e-12)


def test_danger_against_a_large_simulation():
    """Mid-hand (31 unseen, nothing known): the exact value within 4 standard errors of
    200,000 sampled opponent hands."""
    hand = mask("As 2s 5h 6h 9h Jc Qc 3d 8d Kd")
    unseen = ALL & ~hand & ~mask("7h")
    rng = Random(5)
    pool = bits_of(unseen)
    index = parse_hand("7h")[0].index
    trials = 200_000
    hits = sum(any(pair & h == pair for pair in PAIRS[index])
               for h in (sum(rng.sample(pool, 10)) for _ in range(trials)))
    p = danger(index, unseen, 0, falling_ratios(10, len(pool)))
    assert abs(hits / trials - p) < 4 * (p * (1 - p) / trials) ** 0.5


def test_forced_cards_count_for_certain():
    # the opponent took 8h and 9h: 7h melds for sure
    index = parse_hand("7h")[0].index
    unseen = ALL & ~mask("7h 8h 9h")
    assert danger(index, unseen, mask("8h 9h"), falling_ratios(8, unseen.bit_count())) == 1.0
    # a dead card: every partner gone
    gone = mask("7s 7d 7c 6h 8h")
    assert danger(index, ALL & ~gone & ~mask("7h"), 0, falling_ratios(10, 40)) == 0.0


def test_adjusted_danger():
    index = parse_hand("7h")[0].index
    unseen = ALL & ~mask("7h As 2c")
    ratios = falling_ratios(10, unseen.bit_count())
    base = ratios[1]
    exact = danger(index, unseen, 0, ratios)
    nothing = card_chances(unseen, [], [], 10)
    assert set(nothing.values()) == {base}
    assert adjusted_danger(index, unseen, 0, ratios, nothing) == exact
    # they threw As, far from 7h: the cards near the ace are less likely theirs, so the rest
    # (7h's partners among them) a little more, the chances adding up to their 10 cards
    far = card_chances(unseen, [mask("As")], [], 10)
    assert sum(far.values()) == pytest.approx(10)
    assert exact < adjusted_danger(index, unseen, 0, ratios, far) < exact * 1.15
    # partners of 7h half as likely as the rest: lower; twice as likely: higher
    near = bits_of(PARTNERS[index] & unseen)
    low = {b: base * (0.5 if b in near else 1.0) for b in bits_of(unseen)}
    high = {b: base * (2.0 if b in near else 1.0) for b in bits_of(unseen)}
    assert adjusted_danger(index, unseen, 0, ratios, low) < exact
    assert adjusted_danger(index, unseen, 0, ratios, high) > exact
    # a card they passed halves its partners' weight against the others; one they took
    # doubles it
    passed = card_chances(unseen, [mask("9h")], [], 10)
    assert passed[mask("8h")] == pytest.approx(passed[mask("2d")] / 2)
    took = card_chances(unseen, [], [mask("9h")], 10)
    assert took[mask("8h")] == pytest.approx(took[mask("2d")] * 2)


def test_held_chances_add_up_to_the_opponents_cards_when_some_are_sure():
    """Late in a hand most unseen cards are theirs: weights divided by their mean alone put
    the doubled cards past 1, and capping them lost their share (the chances added up to 5.6
    of their 7 cards, and a card meldable 38% of the time was called fairly safe at 3%)."""
    unseen = mask("8h Th 6h 5s 7s 8s 7c 7d Jh Qh Ks")
    took = [mask("9h"), mask("6s"), mask("7h")]
    chances = card_chances(unseen, [], took, 7)
    assert sum(chances.values()) == pytest.approx(7)
    assert max(chances.values()) == 1.0 and min(chances.values()) < 1.0
    weights = card_weights(unseen, [], took)
    raw = {b: w for b, w in weights.items() if w != 1.0}
    plain, weighed = held_chances(len(weights), raw, 7)
    assert weighed == {b: chances[b] for b in raw}
    assert all(chances[b] == plain for b in weights if b not in raw)


def sequences_brute(kept: int, unseen: int, limit: int, draws: int):
    """Every ordered sequence of draws under the same policy, by itself."""
    cards = bits_of(unseen)
    counts = [[0, 0] for _ in range(draws)]
    total = 0
    for sequence in permutations(cards, draws):
        total += 1
        hand = kept
        knocked = ginned = False
        for j, bit in enumerate(sequence):
            after = best_discard_deadwood_of_mask(hand | bit)
            knocked = knocked or after <= limit
            ginned = ginned or after == 0
            counts[j][0] += knocked
            counts[j][1] += ginned
            hand = greedy_keep(hand | bit)
    return [(k / total, g / total) for k, g in counts]


@pytest.mark.parametrize("text, limit", [
    ("As 2s 3s 5h 6h 7h 9c 9d Kd Qc", 10),
    ("4s 5s 6s 7d 8d 2c 3c Jh Qh Kh", 10),
    ("As 2s 3s 5h 6h 7h 9c 9d Kd Qc", 0),
])
def test_within_draws_is_exact(text, limit):
    kept = mask(text)
    rng = Random(text)
    others = [c for c in range(52) if not kept >> c & 1]
    unseen = sum(1 << c for c in rng.sample(others, 13))  # late: 13 unseen, 1,716 sequences
    exact = within_draws(kept, unseen, limit, 3, paths_cap=10 ** 6)
    truth = sequences_brute(kept, unseen, limit, 3)
    for w, (k, g) in zip(exact, truth):
        assert (w.knock, w.gin) == (pytest.approx(k, abs=1e-12), pytest.approx(g, abs=1e-12))
        assert w.knock_error == w.gin_error == 0.0


def test_sampled_third_draw_within_its_error():
    kept = mask("As 2s 3s 5h 6h 7h 9c 9d Kd Qc")
    unseen = ALL & ~kept & ~mask("4h 8h")
    exact = within_draws(kept, unseen, 10, 3, paths_cap=10 ** 6)[2]
    sampled = within_draws(kept, unseen, 10, 3, Random(3), paths_cap=200)
    assert sampled[2].knock_error > 0 and sampled[2].sampled and not exact.sampled
    assert abs(sampled[2].knock - exact.knock) < 4 * sampled[2].knock_error + 1e-9
    assert abs(sampled[2].gin - exact.gin) < 4 * sampled[2].gin_error + 1e-9
    assert sampled[2].knock >= sampled[1].knock  # never below the two-draw odds


def test_within_draws_against_simulation():
    kept = mask("4s 5s 6s 7d 8d 2c 3c Jh Qh Kh")
    unseen = ALL & ~kept & ~mask("9d Ts")
    exact = within_draws(kept, unseen, 10, 3)
    trials = 20_000
    simulated = simulate_within_draws(kept, unseen, 10, 3, trials, Random(1))
    for w, (k, g) in zip(exact, simulated):
        bound_k = 4 * ((w.knock * (1 - w.knock) / trials) ** 0.5 + w.knock_error) + 1e-9
        bound_g = 4 * ((w.gin * (1 - w.gin) / trials) ** 0.5 + w.gin_error) + 1e-9
        assert abs(k - w.knock) < bound_k and abs(g - w.gin) < bound_g


def test_falling_ratios_are_hypergeometric():
    ratios = falling_ratios(10, 31)
    assert ratios[2] == pytest.approx(comb(29, 8) / comb(31, 10))
    assert falling_ratios(1, 5)[2] == 0.0


def test_joins_says_whether_a_held_pair_melds_the_card():
    from calculator.core.odds import JOINS

    rng = Random(8)
    for _ in range(3000):
        hand = sum(1 << c for c in rng.sample(range(52), rng.randrange(5, 15)))
        index = rng.randrange(52)
        assert JOINS[index][PARTNERS[index] & hand] == any(
            pair & hand == pair for pair in PAIRS[index])


def test_independent_model_against_every_state():
    """The adjusted danger's independent-cards model: the closed form against summing
    every held/not-held state of the card's partners."""
    from calculator.core.odds import _independent_danger

    rng = Random(12)
    for index in rng.sample(range(52), 12):
        near = bits_of(PARTNERS[index])
        probs = {bit: rng.random() for bit in near}
        total = 0.0
        for state in range(1 << len(near)):
            held = sum(bit for k, bit in enumerate(near) if state >> k & 1)
            chance = 1.0
            for k, bit in enumerate(near):
                chance *= probs[bit] if state >> k & 1 else 1 - probs[bit]
            if any(pair & held == pair for pair in PAIRS[index]):
                total += chance
        assert _independent_danger(index, lambda bit: probs.get(bit, 0.0)) == pytest.approx(
            total, abs=1e-12)


def test_adjusted_danger_is_the_independent_model_ratio_to_the_last_bit():
    """The adjusted danger (its chances worked out inline) is the exact danger times the
    independent model's danger under the weights over the same model with every weight 1,
    `_independent_danger` with a callback per partner, exactly."""
    from calculator.core.odds import _independent_danger

    rng = Random(21)
    checked = 0
    for hand, unseen in deals(22, 120):
        forced = 0
        if rng.random() < 0.5:  # a card or two the opponent took
            forced = sum(rng.sample(bits_of(unseen), rng.randrange(1, 3)))
            unseen &= ~forced
        seen = bits_of(ALL & ~unseen & ~hand & ~forced)
        shown = rng.sample(seen, min(len(seen), rng.randrange(0, 4)))  # thrown or passed
        chances = card_chances(unseen, shown, bits_of(forced), 10 - forced.bit_count())
        ratios = falling_ratios(10 - forced.bit_count(), unseen.bit_count())
        base = ratios[1]
        for bit in bits_of(hand):
            index = bit.bit_length() - 1
            exact = danger(index, unseen, forced, ratios)

            def held(b, weighed=True):
                if b & forced:
                    return 1.0
                if b & unseen:
                    return chances[b] if weighed else base
                return 0.0

            reference = _independent_danger(index, lambda b: held(b, False))
            weighed = any(chances[b] != base for b in bits_of(PARTNERS[index] & unseen))
            want = exact
            if exact and weighed and reference:
                want = min(1.0, max(0.0, exact * _independent_danger(index, held) / reference))
            assert adjusted_danger(index, unseen, forced, ratios, chances, exact) == want
            checked += want != exact
    assert checked > 200


def test_discard_dangers_are_danger_and_adjusted_danger_to_the_last_bit():
    """`discard_dangers` (every card at once, from the few weights that differ) gives each
    card's `danger` and its `adjusted_danger` under `card_weights`, exactly: random and
    meld-dense hands, cards the opponent took, threw or passed (some near my cards, some
    sharing partners, so that weights multiply), and nothing known."""
    rng = Random(23)
    checked = weighed = 0
    for hand, unseen in deals(24, 160, seen_low=0, seen_high=30):
        forced = 0
        if rng.random() < 0.5:
            forced = sum(rng.sample(bits_of(unseen), rng.randrange(1, 4)))
            unseen &= ~forced
        seen = bits_of(ALL & ~unseen & ~hand & ~forced)
        shown = rng.sample(seen, min(len(seen), rng.randrange(0, 9)))
        took = bits_of(forced)
        ratios = falling_ratios(10 - forced.bit_count(), unseen.bit_count())
        chances = card_chances(unseen, shown, took, 10 - forced.bit_count())
        found = discard_dangers(hand, unseen, forced, ratios, shown, took)
        assert set(found) == set(bits_of(hand))
        for bit, (exact, adjusted) in found.items():
            index = bit.bit_length() - 1
            assert exact == danger(index, unseen, forced, ratios)
            assert adjusted == adjusted_danger(index, unseen, forced, ratios, chances, exact)
            checked += 1
            weighed += adjusted != exact
    assert checked == 160 * 11 and weighed > 300


def test_discard_dangers_when_the_weights_keep_a_mean_of_one():
    """They took 7h (two of its partners unseen: weight 2) and threw 2c (four unseen: weight
    1/2): the weights' mean is exactly 1, so the other unseen cards weigh 1 and a card
    meeting only those keeps its exact danger."""
    hand = mask("Th Jh 3h 4h Ks Kd Qc 5d 6d 9c Js")
    forced = mask("7h")
    unseen = ALL & ~hand & ~forced & ~mask("7s 7d 7c 5h 6h Ac 4c 2c")
    shown, took = [mask("2c")], [mask("7h")]
    weights = card_weights(unseen, shown, took)
    assert weights[mask("8h")] == 2.0 and weights[mask("2s")] == 0.5
    assert weights[mask("Kh")] == 1.0
    ratios = falling_ratios(9, unseen.bit_count())
    chances = card_chances(unseen, shown, took, 9)
    assert chances[mask("Kh")] == ratios[1] and chances[mask("8h")] == 2 * ratios[1]
    found = discard_dangers(hand, unseen, forced, ratios, shown, took)
    for bit, (exact, adjusted) in found.items():
        index = bit.bit_length() - 1
        assert exact == danger(index, unseen, forced, ratios)
        assert adjusted == adjusted_danger(index, unseen, forced, ratios, chances, exact)
    assert found[mask("Th")][1] != found[mask("Th")][0]  # 8h and 9h weigh 2
    assert found[mask("Ks")][1] == found[mask("Ks")][0]  # Kh Kc Qs weigh 1


def test_within_draws_when_an_earlier_draw_made_a_rank_of_three():
    """Drawing 7s to 7d 7c, then the last seven: the fourth card's set is worked out for that
    hand (a card drawn earlier, held now, must not stand in for it), every sequence counted."""
    kept = mask("2s Ad 5d 7d 9d 3c 4c 6c 7c 8c")
    unseen = mask("7s 7h 6d 5c Kh Qs Jd 2h 9h Th")
    for limit in (10, 4):
        exact = within_draws(kept, unseen, limit, 3, paths_cap=10_000)
        truth = sequences_brute(kept, unseen, limit, 3)
        for w, (knock, gin) in zip(exact, truth):
            assert (w.knock, w.gin) == pytest.approx((knock, gin), abs=1e-12)


