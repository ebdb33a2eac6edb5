"""Golden files: hands and hand scores with answers worked out by hand from docs/RULES.md.

tests/data/golden_hands.jsonl, one hand a line:
  id, source, hand, optional rules (Rules.from_options), upcard, known;
  deadwood (after the best discard for 11 cards), melds, deadwood_cards, knock_limit,
  can_knock, gin; optional arrangements (how many lowest-deadwood arrangements),
  raw_deadwood (`deadwood()` of exactly these cards), big_gin, best_discards, discard,
  discards ({card: deadwood}), outs_gin / outs_knock (a list, or "all": every unseen card).

tests/data/golden_scores.jsonl, one hand a line:
  id; knocker (a hand string, {melds, deadwood_cards} or {deadwood, gin?, big_gin?}),
  defender (a hand string or a count) or draw: true; optional rules, upcard;
  outcome, winner, points; optional knocker_deadwood, defender_deadwood, discard,
  knock_limit, multiplier, best_spread_points (null: none), best_spread_discard;
  or error (class name) with error_deadwood and error_limit.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import calculator.core as core
from calculator.core import (ALL_CARDS, KnockerCounts, Rules, all_best_arrangements, analyze,
                             deadwood, parse_hand, read_spread, score_hand)

DATA = Path(__file__).resolve().parents[1] / "data"
# the tricky hands from the project's shared data, checked by an independent exhaustive search
SHARED_HANDS = Path(__file__).resolve().parents[1] / "data" / "hands.jsonl"


def load(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text().splitlines() if line.strip()]


GOLDEN_HANDS = load("golden_hands.jsonl")
GOLDEN_SCORES = load("golden_scores.jsonl")


def codes(items) -> list[str]:
    return [str(c) for c in items]


def test_golden_files_are_well_formed():
    for rows in (GOLDEN_HANDS, GOLDEN_SCORES):
        ids = [row["id"] for row in rows]
        assert len(ids) == len(set(ids))
    assert len(GOLDEN_HANDS) >= 30 and len(GOLDEN_SCORES) >= 30


def test_golden_hands_cover_the_shared_hands_and_rules_examples():
    golden = {" ".join(codes(sorted(parse_hand(row["hand"])))) for row in GOLDEN_HANDS}
    shared = [json.loads(line) for line in SHARED_HANDS.read_text().splitlines() if line.strip()]
    for line in shared:
        assert " ".join(codes(sorted(parse_hand(line["hand"])))) in golden, line["hand"]
    for example in ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h", "7s 7h 7d 8s 9s 2c 4d 6h Jc Qd"):
        assert " ".join(codes(sorted(parse_hand(example)))) in golden


def test_golden_hands_agree_with_the_shared_file():
    by_hand = {" ".join(codes(sorted(parse_hand(row["hand"])))): row for row in GOLDEN_HANDS
               if "rules" not in row}
    for line in SHARED_HANDS.read_text().splitlines():
        if line.strip():
            shared = json.loads(line)
            row = by_hand[" ".join(codes(sorted(parse_hand(shared["hand"]))))]
            assert row["deadwood"] == shared["deadwood"]


@pytest.mark.parametrize("row", GOLDEN_HANDS, ids=[row["id"] for row in GOLDEN_HANDS])
def test_golden_hand(row):
    rules = Rules.from_options(row.get("rules", {}))
    known = row.get("known", [])
    result = analyze(row["hand"], rules, upcard=row.get("upcard"), known=known)
    hand = parse_hand(row["hand"])
    assert result.deadwood == row["deadwood"]
    assert [codes(m.cards) for m in result.melds] == row["melds"]
    assert codes(result.deadwood_cards) == row["deadwood_cards"]
    assert result.knock_limit == row["knock_limit"]
    assert result.can_knock is row["can_knock"]
    assert result.gin is row["gin"]
    if "arrangements" in row:
        assert len(all_best_arrangements(hand)) == row["arrangements"]
    if "raw_deadwood" in row:
        assert deadwood(hand) == row["raw_deadwood"]
    if len(hand) == 11:
        assert result.big_gin is row["big_gin"]
        assert codes(result.best_discards) == row["best_discards"]
        assert str(result.discard) == row["discard"]
        if "discards" in row:
            assert {str(d.card): d.deadwood for d in result.discards} == row["discards"]
    else:
        assert deadwood(hand) == row["deadwood"]
        unseen = [c for c in ALL_CARDS if c not in set(hand) | set(parse_hand(known))]
        for key, got in (("outs_gin", result.outs.gin), ("outs_knock", result.outs.knock)):
            if key in row:
                expected = codes(unseen) if row[key] == "all" else row[key]
                assert codes(got) == expected, key


def _knocker(value):
    if isinstance(value, str):
        return value
    if "melds" in value:
        return read_spread(value["melds"], value["deadwood_cards"])
    return KnockerCounts(value["deadwood"], value.get("gin", False), value.get("big_gin", False))


@pytest.mark.parametrize("row", GOLDEN_SCORES, ids=[row["id"] for row in GOLDEN_SCORES])
def test_golden_score(row):
    rules = Rules.from_options(row.get("rules", {}))
    if row.get("draw"):
        result = score_hand(rules=rules, outcome="draw")
    elif "error" in row:
        with pytest.raises(getattr(core, row["error"])) as info:
            score_hand(_knocker(row["knocker"]), row["defender"], rules, upcard=row.get("upcard"))
        assert (info.value.deadwood, info.value.knock_limit) == (row["error_deadwood"],
                                                                 row["error_limit"])
        return
    else:
        result = score_hand(_knocker(row["knocker"]), row["defender"], rules,
                            upcard=row.get("upcard"))
    assert (result.outcome, result.winner, result.points) == (row["outcome"], row["winner"],
                                                              row["points"])
    if "knocker_deadwood" in row:
        assert result.knocker.deadwood == row["knocker_deadwood"]
    if "defender_deadwood" in row:
        assert result.defender.deadwood == row["defender_deadwood"]
    if "discard" in row:
        assert str(result.knocker.discard) == row["discard"]
    if "knock_limit" in row:
        assert result.knock_limit == row["knock_limit"]
    if "multiplier" in row:
        assert result.multiplier == row["multiplier"]
    if "best_spread_points" in row:
        best = result.best_spread
        assert (None if best is None else best.points) == row["best_spread_points"]
        if "best_spread_discard" in row:
            assert str(best.discard) == row["best_spread_discard"]
