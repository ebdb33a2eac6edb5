"""The self-play simulator: seeded (the same seed, the same hands), every position a player
sees is a consistent one, and the baseline policy does what docs/ADVICE.md says."""
from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from calculator.core import ALL_CARDS, selfplay
from calculator.core.tables import best_discard_deadwood_of_mask
from calculator.core.rules import PRESETS


def test_the_same_seed_plays_the_same_hands():
    one = selfplay.play(25, seed=4, policy="deadwood")
    two = selfplay.play(25, seed=4, policy="deadwood")
    assert one == two
    assert one != selfplay.play(25, seed=5, policy="deadwood")


@pytest.fixture
def views(monkeypatch) -> list:
    """Every position the simulator builds for a player, in order, as it plays."""
    seen = []
    real = selfplay.position_for

    def watched(*args, **kwargs):
        view = real(*args, **kwargs)
        seen.append(view)
        return view

    monkeypatch.setattr(selfplay, "position_for", watched)
    return seen


@pytest.mark.parametrize("policy", selfplay.POLICIES)
def test_every_view_is_a_consistent_position(policy, views):
    records = selfplay.play(12, seed=2, policy=policy)
    assert views
    for view in views:
        assert not view.mine & view.pile_mask and not view.held & (view.mine | view.pile_mask)
        assert len(view.hand) == 11
        # 52 = my 11 + their 10 + the pile + the stock, and the unseen cards are theirs or
        # the stock's
        assert 11 + 10 + len(view.pile) + view.stock == 52
        assert view.unseen.bit_count() == view.opponent_unknown + view.stock
    assert {r.outcome for r in records} <= {"knock", "undercut", "gin", "big_gin", "draw"}


def test_the_baseline_knocks_at_the_first_chance(monkeypatch):
    """Every knock comes at the first turn the player could knock: no earlier view of theirs
    had a knockable hand."""
    chances = []
    real = selfplay._knock

    def knocked(me, seats, view, eleven, *rest):
        chances.append(best_discard_deadwood_of_mask(eleven) <= view.limit)
        return real(me, seats, view, eleven, *rest)

    monkeypatch.setattr(selfplay, "_knock", knocked)
    records = selfplay.play(60, seed=9, policy="deadwood")
    knocks = [r for r in records if r.knocker is not None]
    assert len(chances) == len(knocks) and all(chances)
    outcomes = Counter(r.outcome for r in records)
    assert outcomes["knock"] > outcomes["undercut"]
    for record in knocks:
        assert record.points >= 0 and record.winner in (0, 1, None)


def test_predictions_are_recorded_beside_the_outcome():
    records = selfplay.play(20, seed=3, policy="deadwood", predict_samples=60)
    predictions = [p for r in records for p in r.predictions]
    assert predictions
    for record in records:
        for p in record.predictions:
            assert 0 <= p.win <= 1 and 0 <= p.undercut <= 1
            assert p.won == (record.winner == record.knocker)
            assert p.undercut_happened == (record.outcome == "undercut")


def test_gin_only_rules_end_in_gin_or_a_draw():
    records = selfplay.play(8, seed=1, rules=PRESETS["straight"], policy="deadwood")
    assert {r.outcome for r in records} <= {"gin", "big_gin", "draw"}


def test_bad_policy_names():
    with pytest.raises(ValueError):
        selfplay.play_hand(Random(1), policy="best")


def test_oklahoma_hands_take_their_limit_and_multiplier_from_the_first_upcard(views):
    """Under Oklahoma the first face-up card sets each hand's knock limit and doubles a hand
    with a spade: the simulator plays such hands (it had asked for a limit without an
    upcard, which Oklahoma refuses)."""
    oklahoma = PRESETS["oklahoma"]
    records = selfplay.play(40, seed=6, rules=oklahoma, policy="deadwood")
    assert len(records) == 40
    limits = {oklahoma.knock_limit_for(card) for card in ALL_CARDS}
    assert {view.limit for view in views} <= limits and len({v.limit for v in views}) > 3
    assert {view.multiplier for view in views} == {1, 2}


def test_a_take_always_lowers_the_takers_deadwood(views):
    """Seed 2777's hand, with the ranking's discards: the ranking kept a safer card after
    taking a four where another discard left less deadwood, so a take that lowered nothing
    let the two players hand the same three fours round for ever. Each take must lower the
    taker's deadwood, so the hand ends well within the stock's draws and the takes."""
    real_rank = selfplay.rank_discards
    takes = []  # (the 11 cards, the card just taken or 0) at each ranked discard

    def ranked(view, eleven, taken):
        assert len(views) < 400, "the hand goes round without end"
        takes.append((eleven, taken))
        return real_rank(view, eleven, taken)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(selfplay, "rank_discards", ranked)
        record = selfplay.play_hand(Random(2777))
    assert record.turns < 120
    assert sum(1 for _, taken in takes if taken) >= 2
