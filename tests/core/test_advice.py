"""The advice: worked examples from strategy texts (golden file), every figure of a discard
against brute force, the face-up choice by exact expectation, and how the scores change it."""
from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest
from core_support import dealt_order

from calculator.core.advice import FAR_BEHIND, GIN_POINTS, advise, advise_position, draw_choice, \
    knock_decision, look_ahead, melds_in_waiting, rank_discards
from calculator.core.reasons import percent
from calculator.core.cards import ALL_CARDS, Card, cards_mask, mask_cards
from calculator.core.draws import bits_of
from calculator.core.tables import best_discard_deadwood_of_mask, deadwood_of_mask
from calculator.core.odds import PAIRS
from calculator.core.position import read_position, written_pile
from calculator.core.rules import PRESETS, Rules

EXAMPLES = [json.loads(line) for line in
            (Path(__file__).parent.parent / "data" / "advice_examples.jsonl").open()]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_worked_examples(example):
    advice = advise(**example["position"])
    ranked = [str(d.card) for d in advice.discards]
    first = advice.discards[0] if advice.discards else None
    if "best" in example:
        assert ranked[0] == example["best"]
    if "best_among" in example:
        assert ranked[0] in example["best_among"]
    if "worse" in example:
        assert ranked.index(example["worse"]) > 0
        worse = advice.discards[ranked.index(example["worse"])]
        assert worse.cost > first.cost
    if "best_dead" in example:
        assert first.dead is example["best_dead"] and first.danger == 0
    # the ranking's own reason (a knock's discard, put first, says instead that it goes face
    # down: this example's K♦ does, for a knock with 10)
    exact = advise_position(read_position(**example["position"]), sample=False)
    for text in example.get("reason_has", []):
        assert text in exact.discards[0].reason
    if "action" in example:
        assert advice.action == example["action"]
    if "take" in example:
        assert advice.draw.take is example["take"]
    if "knock" in example:
        assert advice.knock.knock is example["knock"]
    if "undercut" in example:
        assert advice.knock.odds.undercut == example["undercut"]
    if "undercut_at_least" in example:
        assert advice.knock.odds.undercut >= example["undercut_at_least"]
    if "undercut_at_most" in example:
        assert advice.knock.odds.undercut <= example["undercut_at_most"]
    assert advice.summary


POSITIONS = [
    dict(hand="As 2s 3s 5h 6h 7h 9c 9d Kd Qc 4h",
         discards=[{"card": "Jh", "by": "opponent"}, {"card": "8h", "by": "me"},
                   {"card": "Ts", "by": "opponent"}], opponent_took=["Qh"],
         opponent_passed=["8h"]),
    dict(hand="4s 5s 6s 7d 8d 2c 3c Jh Qh Kh 9d", discards=["Ac", "Tc", "Kd"]),
    dict(hand="7s 7h 7d 2c 3c 4c 9h Th Jh Qs Ks", opponent_took=["6s", "Kc"],
         discards=[{"card": "Kc", "by": "opponent"}]),
]


@pytest.mark.parametrize("args", POSITIONS)
def test_every_discard_figure_by_brute_force(args):
    position = read_position(**args)
    unseen = bits_of(position.unseen)
    ranked = rank_discards(position, position.mine, 0)
    assert len(ranked) == 11
    for choice in ranked:
        kept = position.mine ^ choice.card.bit
        assert choice.deadwood == deadwood_of_mask(kept)
        after = [best_discard_deadwood_of_mask(kept | bit) for bit in unseen]
        assert choice.expected_deadwood == pytest.approx(sum(after) / len(unseen))
        gin = [b for b, v in zip(unseen, after) if v == 0]
        knock = [b for b, v in zip(unseen, after) if v <= position.limit]
        assert [c.bit for c in choice.gin_outs] == gin
        assert [c.bit for c in choice.knock_outs] == knock
        assert choice.p_gin == pytest.approx(len(gin) / len(unseen))
        assert choice.p_knock == pytest.approx(len(knock) / len(unseen))
        possible = position.unseen | position.held
        assert choice.dead == (not any(p & possible == p for p in PAIRS[choice.card.index]))
        assert 0 <= choice.danger <= 1 and 0 <= choice.adjusted_danger <= 1
        assert choice.card.glyph in choice.reason and str(choice.deadwood) in choice.reason
    costs = [c.cost for c in ranked]
    assert costs == sorted(costs)


def test_the_ranking_is_by_rounded_cost_then_deadwood_then_the_higher_card():
    """The order is the sort by (cost to 9 places, deadwood, the higher card thrown, card
    order), both where no two costs are close (the raw cost decides) and where some tie
    (dead cards of equal deadwood): random and meld-dense hands, piles that kill cards."""
    from random import Random

    rng = Random(31)
    tied = 0
    for i in range(200):
        cards = dealt_order(rng, dense=i % 2 == 0)
        names = [str(ALL_CARDS[c]) for c in cards]
        position = read_position(names[:11], names[11:11 + rng.randrange(0, 25)])
        ranked = rank_discards(position, position.mine, 0)
        assert list(ranked) == sorted(ranked, key=lambda c: (
            round(c.cost, 9), c.deadwood, -c.card.points, c.card.index))
        costs = [c.cost for c in ranked]
        tied += any(b - a <= 2e-9 for a, b in zip(costs, costs[1:]))
    assert 10 < tied < 190


def test_costs_equal_to_9_places_are_ranked_by_deadwood():
    """Costs a rounding error apart count as equal (to 9 places): the lower deadwood, then
    the higher card, then card order decide; costs further apart decide by themselves."""
    from calculator.core.advice import _ranked

    entries = [(3.0 + 1e-12, 5, -2, 7, "a"), (3.0, 6, -9, 1, "b"), (2.999999, 9, -1, 3, "c"),
               (3.0 + 4e-12, 5, -4, 9, "d")]
    assert _ranked(entries) == ("c", "d", "a", "b")
    assert _ranked([(1.5, 9, -1, 2, "x"), (1.2, 9, -1, 1, "y")]) == ("y", "x")
    assert _ranked([(1.0, 4, -3, 0, "only")]) == ("only",)


def test_the_face_up_choice_is_exact():
    position = read_position("As 2s 3s 5h 6h 7h 9c 9d Kd Qc", ["Jh", "9h"])
    choice = draw_choice(position)
    unseen = bits_of(position.unseen)
    mine = position.mine
    expected = sum(best_discard_deadwood_of_mask(mine | b) for b in unseen) / len(unseen)
    assert choice.draw_deadwood == pytest.approx(expected)
    taking = min(deadwood_of_mask((mine | choice.face_up.bit) ^ c.bit)
                 for c in position.hand)
    ranked = rank_discards(position, mine | choice.face_up.bit, choice.face_up.bit)
    assert choice.take_discard == ranked[0].card and ranked[0].deadwood == taking
    assert choice.take_deadwood == taking and choice.take is (taking < expected)
    assert choice.take and "9♥" in choice.reason


def alternating(cards: list[str]) -> list[dict]:
    """A pile thrown in turns, the opponent's the last (before my draw it is on top)."""
    return [{"card": c, "by": "opponent" if (len(cards) - i) % 2 else "me"}
            for i, c in enumerate(cards)]


# 10 cards, J♥ face up: taking it and throwing Q♠ leaves 16 deadwood, but the ranking
# throws 9♣ (Q♠ is the likelier card for the opponent to meld), which keeps 17
SAFER_THROW = ("5c 7c 9h 5s 7h Th 9c 5d 8h Qs",
               "6c 3c 4c 4s 4h 2s 8c Kh Jd Ad Jh")


def test_a_take_is_judged_by_the_discard_the_advice_then_makes():
    """The take and the ranking after it name the same discard and the same deadwood (the
    advice said "take J♥, throwing Q♠, for 16" and then "Throw 9♣: it keeps 17")."""
    hand, pile = SAFER_THROW
    discards = alternating(pile.split())
    position = read_position(hand, discards, face_up="Jh")
    with_it = position.mine | position.face_up.bit
    ranked = rank_discards(position, with_it, position.face_up.bit)
    lowest = min(c.deadwood for c in ranked)
    assert lowest == 16 and ranked[0].deadwood == 17 and str(ranked[0].card) == "9c"
    advice = advise_position(position, sample=False)
    draw = advice.draw
    assert draw.take and draw.take_deadwood == 17 and str(draw.take_discard) == "9c"
    assert "to 17 (throwing 9♣)" in draw.reason and "Q♠" not in draw.reason
    assert advice.discards[0].card == draw.take_discard


# 10 cards, 9♠ face up: the ranking's first discard after taking it is 3♥ (9 deadwood), but
# the knock that follows goes down with 5♥ (7 deadwood)
KNOCK_AFTER_TAKE = ("3h 4s 3s 5h 2s 6s 7s 2h 8s 2c",
                    "2d Jc 4c Th 9h Jd 6c 9c Ks 3d Qs 8c Ad 7h Tc Qd Kh Jh 4d Qh 9s")


def test_a_take_followed_by_a_knock_names_the_knocks_discard():
    """The advice said "Take 9♠: it brings your deadwood from 12 to 9 (throwing 3♥) ... Then
    discard 5♥ face down": the take now names the card the knock goes down with."""
    hand, pile = KNOCK_AFTER_TAKE
    discards = alternating(pile.split())
    position = read_position(hand, discards, samples=100)
    assert str(advise_position(position, sample=False).draw.take_discard) == "3h"
    advice = advise_position(position)
    draw, knock = advice.draw, advice.knock
    assert draw.take and knock is not None and knock.knock
    assert draw.take_discard == knock.odds.discard == advice.discards[0].card
    assert str(draw.take_discard) == "5h" and draw.take_deadwood == knock.odds.deadwood == 7
    assert "(throwing 5♥)" in advice.summary and "3♥" not in advice.summary


def test_a_take_for_big_gin_throws_nothing():
    position = read_position("As 2s 3s 4s 5h 6h 7h 8h 9c 9d", ["Kd", "9s"], samples=50)
    draw = advise_position(position, sample=False).draw
    assert draw.take and draw.take_deadwood == 0 and draw.take_discard is None
    assert "big gin" in draw.reason
    straight = read_position("As 2s 3s 4s 5h 6h 7h 8h 9c 9d", ["Kd", "9s"],
                             rules=Rules(big_gin_bonus=None), samples=50)
    draw = advise_position(straight, sample=False).draw
    assert draw.take and draw.take_deadwood == 0 and draw.take_discard is not None
    assert f"throwing {draw.take_discard.glyph} leaves gin" in draw.reason


def test_a_take_followed_by_a_wait_says_why():
    """After a take that could knock, the summary says the knock decision's "Wait", as it
    does after an 11-card draw (it was left out after a take)."""
    advice = advise("3c 6s 3d Ts 5s 7s Tc Th 5d 2c", samples=200,
                    discards="Kd Jd 8s Ah Jc As Td Ac Kh 8d 9c 2s 4d Ks 8h 8c Ad 7h 7d 6d 2d")
    assert advice.action == "take" and advice.knock is not None and not advice.knock.knock
    assert advice.summary.endswith(advice.knock.reason) and "Wait:" in advice.summary


# the last draw: taking 2♠ is for the knock that throwing 4♠ then allows (8 of 10 cards
# melded), though the ranking alone would throw 3♦, keeping 11
LAST_DRAW_TAKE = ("Tc 3d 9c Ts 4s 3c 9s 8s Jc 2d",
                  "2h Qd 8h 6h Ad 9h 9d Js 5c 3h 7d Th Jd Qs 8d 6c 2c Ks Jh 4d 6s 7h 4c 4h 7c "
                  "7s As Ac 2s")


def test_the_take_and_the_discard_after_it_are_one_card():
    """The summary's "Then" and the ranking's first are the take's discard: on the last draw
    the summary named 3♦ (11 deadwood) after a take judged by throwing 4♠ (10)."""
    hand, pile = LAST_DRAW_TAKE
    position = read_position(hand, pile, samples=200)
    advice = advise_position(position, sample=False)
    draw = advice.draw
    assert draw.take and str(draw.take_discard) == "4s" and draw.take_deadwood == 10
    assert advice.discards[0].card == draw.take_discard
    assert "Then: Throw 4♠" in advice.summary and "3♦" not in advice.summary


def test_the_melds_in_waiting_after_a_take_are_the_kept_hands():
    """Taking A♥ on the last draw for the knock that throwing 7♦ allows: the melds in waiting
    were those of the hand that threw the ranking's first card, 5♦."""
    position = read_position("7d 4d 3h 5h 6h 7h 5d 8h 4h 9h",
                             "Js Jh Ad 7c Qc Kh 6s Td 9s Tc 9c 9d 2h 6c Kd Th 4s 5s Jc Jd 7s Ks "
                             "8c Ac 3s 2d Qd 2c Ah")
    advice = advise_position(position, sample=False)
    draw = advice.draw
    assert draw.take and str(draw.take_discard) == "7d"
    with_it = position.mine | position.face_up.bit
    assert str(rank_discards(position, with_it, position.face_up.bit)[0].card) == "5d"
    kept = (position.mine | position.face_up.bit) ^ draw.take_discard.bit
    assert advice.completions == melds_in_waiting(kept, position.unseen)


# stock 3, my last draw: taking 7♦ and throwing J♠ leaves 9, low enough to knock, but the
# knock is worth less than nothing (wins 62%), and a stock draw averages 6.8 deadwood
DECLINED_KNOCK = ("3d 3c Qc 3h Tc Jc 8c 9c Js 2d",
                  "9d:opp 4d:opp Kh:opp Ah Kd:me Ks:opp 6c 9s:opp 4c 6d Ac:opp Qd:me 4s 5c:me "
                  "2s:me 8d Jh:me Kc:opp Td:me 7h:me 9h 8s Jd:opp Ts:opp 2c 8h:opp 3s Qs:me "
                  "7d:opp")


@pytest.mark.parametrize("hand, pile, passed", [(*DECLINED_KNOCK, "5c Ts 4c"),
                                               (*LAST_DRAW_TAKE, "")])
def test_a_last_draw_take_for_a_declined_knock_gives_way_to_a_draw(hand, pile, passed):
    """The advice said "Take 7♦: throwing J♠ then leaves 9 deadwood, low enough to knock ...
    Wait: knocking with 9 now wins 62% ... worth -2.5 points": a take kept for no reason."""
    position = read_position(hand, written_pile(pile), opponent_passed=passed)
    assert position.draws_after_eleven == 0
    assert advise_position(position, sample=False).draw.take  # the exact parts: for the knock
    advice = advise_position(position)
    assert advice.action == "draw" and not advice.draw.take and advice.knock is None
    assert advice.draw.take_deadwood > advice.draw.draw_deadwood
    assert {c.bit for c in advice.outlook.kept} == {c.bit for c in position.hand}


def test_a_last_draw_take_for_a_declined_knock_gives_way_to_a_draw_however_low_it_keeps():
    """A take made for a knock the decision declines had stayed a take wherever it kept less
    deadwood than a stock draw ("throwing 4♦", 10 deadwood against the draw's 13.3): but on
    the last draw, waiting after a take gives the opponent one more turn to knock, while a
    draw knocks where that pays and else ends the hand with no score at my discard (a review
    of the last-draw rule found the take in a second position too: "Take A♥ ... Wait")."""
    full = [r + s for s in "shdc" for r in "A23456789TJQK"]
    mine = "4h 5h 6h 9s Ts Js 5c 4d 3s 3c".split()
    theirs = "6c 7c 8c Kc Kh Kd 3h 7h 8s 2h".split()
    pile = [c for c in full if c not in mine + theirs + ["Jd", "Qd", "Jc", "Qs"]] + ["Qs"]
    second = read_position("8s 4h 6h 7s Tc 3h 7h 6c 6s 5h", alternating(
        "8c 3s 2c Ac Qc Th 3d Jh 5c 9h Ad 6d 7d 9d Kd 4c Kh Ts 2d 5d 9c 7c 3c Td 5s As 8d 4d "
        "Ah".split()), opponent_took="2s Qs Qd Js".split())
    for position in (read_position(mine, pile, opponent_took=theirs, stock=3), second):
        assert position.draws_after_eleven == 0
        eleven = position.mine | position.face_up.bit
        declined = knock_decision(position, eleven, look_ahead(position, eleven, None),
                                  position.face_up.bit,
                                  rank_discards(position, eleven, position.face_up.bit))
        assert declined is not None and not declined.knock  # the take's knock does not pay
        plain = draw_choice(position, rank_discards(position, eleven, position.face_up.bit),
                            knocking=False)
        assert not plain.take
        assert "would not pay on the sampled hands" in plain.reason, plain.reason
        assert "gives the opponent one more turn" in plain.reason
        advice = advise_position(position)
        assert advice.action == "draw" and advice.draw == plain and advice.knock is None
        assert {c.bit for c in advice.outlook.kept} == {c.bit for c in position.hand}


@pytest.mark.parametrize("rules", [None, PRESETS["straight"]])
def test_a_face_up_card_that_gives_gin_is_taken_though_a_safer_discard_ranks_first(rules):
    """Taking 4♠ and throwing 4♥ is gin, but the ranking put a dead A♠ first (4♥ the
    opponent, holding 4♣ 4♦, melds for sure), so the take was judged to keep 4 deadwood and
    the advice said draw; gin goes down at once, its discard face down."""
    position = read_position("As 2s 3s 7h 7d 7c Tc Jc Qc 4h", ["Ah", "Ad", "Ac"],
                             face_up="4s", opponent_took=["4c", "4d"], rules=rules)
    advice = advise_position(position)
    assert advice.action == "take" and advice.draw.take
    assert (advice.draw.take_deadwood, str(advice.draw.take_discard)) == (0, "4h")
    assert advice.draw.reason == "Take 4♠: throwing 4♥ then leaves gin, which no stock draw " \
                                 "beats."
    assert advice.knock.knock and advice.knock.odds.outcome == "gin"
    assert str(advice.knock.odds.discard) == "4h" and str(advice.discards[0].card) == "4h"


def test_every_face_up_card_that_gives_gin_is_taken():
    """On meld-dense positions built so that taking the face-up card gives gin (about one
    in 25 such positions had said draw): the advice takes it, for gin."""
    rng = Random(11)
    found = 0
    while found < 150:
        low = rng.randrange(10)  # ten of the sixteen cards of four ranks in a row
        window = [card for card in ALL_CARDS if low <= card.rank < low + 4]
        gin = rng.sample(window, 10)
        if deadwood_of_mask(cards_mask(gin)) != 0:
            continue
        found += 1
        face_up = rng.choice(gin)
        rest = [card for card in ALL_CARDS if card not in gin]
        rng.shuffle(rest)
        hand = [card for card in gin if card != face_up] + rest[:1]  # rest[0] goes for gin
        pile = [str(card) for card in rest[1:1 + rng.randrange(0, 15)]] + [str(face_up)]
        position = read_position([str(c) for c in hand], alternating(pile),
                                 rules=rng.choice([PRESETS["standard"], PRESETS["straight"]]))
        draw = advise_position(position, sample=False).draw
        assert draw.take and draw.take_deadwood == 0, (hand, pile)


def test_a_card_just_taken_from_the_pile_with_11_cards_is_not_thrown_back():
    """An 11-card position could not say which card came off the pile, and the advice then
    said to throw it back: "Throw K♦", K♦ just taken."""
    hand = "As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd"
    assert str(advise(hand, samples=50).discards[0].card) == "Kd"
    advice = advise(hand, samples=50, taken="Kd")
    assert "Kd" not in [str(d.card) for d in advice.discards] and len(advice.discards) == 10
    assert advice.knock.knock and str(advice.knock.odds.discard) == "4d"
    assert "K♦" not in advice.summary and advice.position.taken == Card("Kd")


def test_the_exact_advice_of_a_take_for_big_gin_throws_nothing():
    position = read_position("7s 3c Jd 9s 8s Jh Ts 2c 4c Jc",
                             "4h 2d 9c 8c 4s 5c 9h Ah 4d As 8d Ac 6d Ad 3s 3h Tc 5d Ks Kd 5h 7h "
                             "Qc 3d 6s 9d Qh 6c Js")
    advice = advise_position(position, sample=False)
    assert advice.draw.take_discard is None and "Then" not in advice.summary
    assert advice.summary == advice.draw.reason and "big gin" in advice.summary


def test_the_last_draw_under_straight_gin_speaks_of_gin():
    position = read_position("Td 2c 4c 9d 4h Qd Jd 5c 3c 5d",
                             "6d Ts As Qs 2d 6h Ac 8d 7c Ad 7h 9s 3s 6s Jc 2s 9h Js 7d 2h 6c Ah "
                             "Kd Qc 9c Kh 7s Ks 5s", rules=PRESETS["straight"])
    draw = advise_position(position, sample=False).draw
    assert draw.take and draw.take_deadwood == 0
    assert "leaves gin" in draw.reason and "knock" not in draw.reason


def test_taking_and_its_discard_agree_on_many_positions():
    """On dealt positions: whenever the advice takes, its discard is the ranking's first
    (but for gin, or a knock on the last draw), and it keeps less deadwood than a stock
    draw's average."""
    rng = Random(5)
    takes = 0
    for i in range(150):
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        hand, pile = deck[:10], deck[10:12 + rng.randrange(0, 18)]
        discards = alternating([str(c) for c in pile])
        position = read_position([str(c) for c in hand], discards, face_up=str(pile[-1]))
        advice = advise_position(position, sample=False)
        draw = advice.draw
        if not draw.take:
            continue
        takes += 1
        first = advice.discards[0]
        if draw.take_deadwood == 0 or (not position.draws_after_eleven
                                       and draw.take_deadwood <= position.limit):
            continue  # gin, or a knock on the last draw: the discard that makes it
        assert draw.take_discard == first.card and draw.take_deadwood == first.deadwood
        assert draw.take_deadwood < draw.draw_deadwood
    assert takes > 20


def test_a_card_just_taken_is_not_thrown_back():
    advice = advise("As 2s 3s 5h 6h 7h 9c 9d Kd Qc", face_up="9h", samples=50)
    assert "9h" not in [str(d.card) for d in advice.discards]
    assert len(advice.discards) == 10
    assert advice.knock is not None and str(advice.knock.odds.discard) == "Kd"
    # 9d taken: by deadwood alone 9d (with Kd) is among the best discards; it may not go
    tied = advise("As 2s 3s 5h 6h 7h 8h 9c Kd Qc", face_up="9d", samples=50)
    assert tied.draw.take_discard != tied.draw.face_up
    if tied.knock is not None:
        assert tied.knock.odds.discard != tied.draw.face_up


def test_live_cards_and_melds_in_waiting():
    advice = advise("As 2s 3s 5h 6h 7h 9c 9d Kd Qc 4h", ["9s", "Jd"], samples=50)
    live = {str(c.card): (c.melds, c.most) for c in advice.live}
    assert live["As"][1] == 4 and live["5h"][1] == 6
    assert live["9c"][0] == 6 - 2  # the sets with 9s are gone
    assert live["Kd"][0] == 3  # Jd gone: the run J-Q-K is gone, the three sets live
    waiting = {str(c.card) for c in advice.completions}
    assert "9h" in waiting  # 9c 9d wait for it


def test_the_outlook_counts_only_the_draws_left():
    rest = "Ts Js Qs Ks 8c 7c 6c 5c 4c 3c 2c Ac Jc Kc 4d 5d 6d 2h 3h 8h".split()
    position = read_position("As 2s 3s 5h 6h 7h 9c 9d Kd Qc 4h", rest, samples=50)
    assert position.stock == 11 and position.my_draws_left == 4
    outlook = advise_position(position).outlook
    assert outlook.draws_left == 4
    assert [w.draws for w in outlook.within] == [1, 2, 3]
    late = read_position("As 2s 3s 5h 6h 7h 9c 9d Kd Qc 4h", rest + ["Jh", "Th", "Qh",
                                                                      "Kh", "9s", "8s"])
    assert late.stock == 5 and late.my_draws_left == 1
    assert [w.draws for w in advise_position(late).outlook.within] == [1]


def test_seeded_answers_repeat():
    args = dict(hand="As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd", discards=["Jc", "9d", "Th"],
                opponent_took=["2c", "3c", "4c"], samples=300, seed=7)
    one, two = advise(**args), advise(**args)
    assert one.knock.odds == two.knock.odds and one.summary == two.summary
    other = advise(**(args | {"seed": 8}))
    assert other.knock.odds.samples == 300


KNOCKABLE = dict(hand="As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd",
                 discards=[{"card": "Jc", "by": "me"}, {"card": "9d", "by": "opponent"},
                           {"card": "Th", "by": "me"}, {"card": "2h", "by": "opponent"}],
                 opponent_took=["Jd", "Jh"], samples=400)


@pytest.mark.parametrize("scores, need", [(None, 0.55), ({"me": 30, "opponent": 40}, 0.55),
                                          ({"me": 90, "opponent": 40}, 0.45),
                                          ({"me": 10, "opponent": 80}, 0.45),
                                          ({"me": 0, "opponent": 60}, None)])
def test_scores_change_the_knock(scores, need):
    advice = advise(**KNOCKABLE, scores=scores)
    decision = advice.knock
    odds = decision.odds
    if need is None:  # far behind: 80% needed while gin is likely enough, else the default
        later = decision.gin_within[-1][1]
        need = 0.8 if later >= 0.15 else 0.55
        assert "far behind" in advice.scores_note or "trail" in advice.scores_note
    assert decision.knock is (odds.win >= need and odds.expected_points > 0)
    if scores is None:
        assert advice.scores_note is None
    else:
        assert advice.scores_note


@pytest.mark.parametrize("hand, scores, knocks, said, never", [
    # far behind, and the knock clears the higher bar: the words say so, not "a small knock
    # will not catch up"
    ("As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd", {"me": 10, "opponent": 70}, True,
     "which raises a knock's bar to 80% of wins, and this one clears it", "will not catch up"),
    # close, and a knock that loses points on average waits: the words do not say to end
    # the hand now
    ("As 2s 3s 5h 6h 7h 8c 8d 8s 9d Kd", {"me": 20, "opponent": 80}, False,
     "The game is close, which lowers a knock's bar to 45% of wins, but not for a knock that",
     "ending the hand now"),
])
def test_the_games_words_agree_with_the_knock_decision(hand, scores, knocks, said, never):
    """A review found "Wait: ... The game is close: ending the hand now keeps the opponent
    from a gin" (the words for a knock after a wait) and a knock that said it would not
    catch up."""
    advice = advise(hand, [{"card": "9c", "by": "me"}, {"card": "Th", "by": "me"},
                           {"card": "2h", "by": "opponent"}, {"card": "Kc", "by": "opponent"},
                           {"card": "Ah", "by": "opponent"}, {"card": "3d", "by": "me"}],
                    opponent_took="Jd Jh Js Td Tc Ts".split(), scores=scores)
    assert advice.knock.knock is knocks
    assert said in advice.knock.reason and never not in advice.knock.reason
    assert advice.knock.reason.startswith("Knock:" if knocks else "Wait:")
    if not knocks and "close" in advice.scores_note:
        assert "and gains points on average" in advice.scores_note


def test_a_discard_that_goes_face_down_says_so():
    """The knock's discard leads the table; its reason is that it goes down with the knock,
    not that the opponent may meld it (they never can: a review found "Discard K♦ face
    down" above "Throw K♦: ... but the opponent can meld it (54%)")."""
    advice = advise("As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd",
                    [{"card": "Jc", "by": "me"}, {"card": "9d", "by": "opponent"},
                     {"card": "Th", "by": "me"}, {"card": "2h", "by": "opponent"}],
                    opponent_took=["Jd", "Jh"], samples=200)
    assert advice.action == "knock" and advice.discards[0].card == Card("Kd")
    first = advice.discards[0].reason
    assert first.startswith("Throw K♦ face down as you knock with 4") and "meld it" not in first
    assert advice.discards[0].adjusted_danger > 0.3  # the danger is still in the table
    # gin: the same
    gin = advise("As 2s 3s 4s 7c 7h 7d Tc Jc Qc 5h", samples=50)
    assert gin.action == "gin" and "face down as you go gin" in gin.discards[0].reason
    # the exact advice, with no decision to knock, keeps the ranking's own words
    exact = advise_position(read_position("As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd",
                                          ["Jc", "9d"], opponent_took=["Jd", "Jh"]),
                            sample=False)
    assert all("face down" not in choice.reason for choice in exact.discards)


def test_every_discard_that_leaves_gin_goes_face_down_and_its_danger_does_not_rank_it():
    """Big gin keeps no knock discard, so its table had said "Throw K♣: the rest is gin, but
    the opponent can meld it (14%)" under "Big gin: lay it down"; any discard that leaves gin
    goes down face down with the gin, in the exact advice too."""
    for advice in (advise("As 2s 3s 4s 7c 7h 7d Tc Jc Qc Kc", samples=100),
                   advise_position(read_position("As 2s 3s 4s 7c 7h 7d Tc Jc Qc Kc",
                                                 ["Jd", "9c"]), sample=False)):
        gins = [choice for choice in advice.discards if choice.gin]
        assert len(gins) == 4 and all(choice.adjusted_danger > 0 for choice in gins)
        for choice in gins:
            assert choice.reason.startswith(f"Throw {choice.card.glyph} face down as you go "
                                            f"gin"), choice.reason
            assert choice.cost == choice.expected_deadwood / 2  # no danger term
        # the same cost, so the higher card goes first, then card order
        assert [str(choice.card) for choice in gins] == ["Tc", "Kc", "4s", "As"]


def test_a_chance_in_a_reason_is_written_as_the_table_writes_it():
    """A reason had said "the opponent melds it 0% of the time" beside a table's 0.1%: both
    now write a chance by `percent`, which never rounds one that is neither 0 nor 1 to
    either."""
    # the review's position: 2♠'s adjusted danger is 0.1%
    pile = alternating("9c Th 2h Kc Ah 3d".split())
    positions = [read_position("As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd", pile,
                               opponent_took="Jd Jh Js Td Tc Ts".split())]
    rng = Random(11)
    for _ in range(40):
        cards = dealt_order(rng, dense=True)
        hand = [str(ALL_CARDS[c]) for c in cards[:11]]
        pile = alternating([str(ALL_CARDS[c]) for c in cards[11:11 + rng.randrange(0, 20)]])
        positions.append(read_position(hand, pile))
    small = 0
    for position in positions:
        for choice in advise_position(position, sample=False).discards:
            if "of the time" in choice.reason or "can meld it" in choice.reason:
                assert percent(choice.adjusted_danger) in choice.reason, choice.reason
                small += 0 < choice.adjusted_danger < 0.01
    assert small  # some such chance was met


def test_a_dead_discards_rank_is_in_words():
    """"two other sevens", not "two other 7s", which reads as the seven of spades."""
    position = read_position("As 2s 3s 4h 5h 6h 8c 8d 8s 7d Kd",
                             [{"card": "7s", "by": "opponent"}, {"card": "Qd", "by": "me"},
                              {"card": "7c", "by": "opponent"}, {"card": "Kh", "by": "me"},
                              {"card": "5d", "by": "opponent"}])
    advice = advise_position(position, sample=False)
    reasons = {str(choice.card): choice.reason for choice in advice.discards}
    assert "two other sevens, 5♦ and 8♦ are out of the opponent's reach" in reasons["7d"]
    assert "7s" not in " ".join(reasons.values())


def test_far_behind_weighs_gin_chances():
    position = read_position(**KNOCKABLE)
    behind = read_position(**KNOCKABLE, scores={"me": 0, "opponent": FAR_BEHIND})
    plain = {c.card: c for c in rank_discards(position, position.mine, 0)}
    for choice in rank_discards(behind, behind.mine, 0):
        assert choice.cost == pytest.approx(plain[choice.card].cost - GIN_POINTS * choice.p_gin)


def test_no_knock_decision_when_the_hand_cannot_knock():
    advice = advise("As 2s 5h 6h 9c 9d Kd Qc 4h Jc 7s", samples=50)
    assert advice.knock is None and advice.action == "discard"
    position = read_position("As 2s 5h 6h 9c 9d Kd Qc 4h Jc 7s")
    assert knock_decision(position, position.mine, look_ahead(
        position, position.mine ^ position.hand[0].bit, None)) is None


def test_between_knocking_discards_worth_the_same_the_advice_names_the_ranked_first():
    """K♦ and Q♣ both leave 10 deadwood and the same melds, so the knock is worth the same
    either way; the pile makes Q♣ the safer throw, so the table ranks it first, and the
    advice's "discard ... face down" must name it too (the engine's own order has K♦
    first)."""
    position = read_position("As 2s 3s 4h 5h 6h 7c 7d 7h Kd Qc",
                             [{"card": "Jc", "by": "me"}, {"card": "9d", "by": "opponent"}],
                             opponent_took=["Jd", "Jh"], samples=200)
    advice = advise_position(position)
    assert [str(d.card) for d in advice.discards[:2]] == ["Qc", "Kd"]
    assert advice.action == "knock" and str(advice.knock.odds.discard) == "Qc"
    assert advice.summary.startswith("Discard Q♣ face down")
    plain = knock_decision(position, position.mine, advice.outlook)  # no ranking given
    assert str(plain.odds.discard) == "Kd"
    assert plain.odds.expected_points == advice.knock.odds.expected_points


def test_taking_then_knocking_names_the_knocks_own_discard():
    hand, face_up = "8d 4h 2d 9d 6d 7h 5h 7d 9h 2h", "6h"
    advice = advise(hand, [{"card": face_up, "by": "opponent"}], face_up=face_up, samples=100)
    assert advice.action == "take" and advice.knock.knock
    discard = advice.knock.odds.discard
    assert f"Then discard {discard.glyph} face down and lay down your melds. " \
        f"{advice.knock.reason}" in advice.summary


def test_a_face_up_card_that_makes_big_gin_is_taken():
    """Gin before the draw expects 0 deadwood from the stock as well, but taking 8♥ melds
    all eleven cards, which no draw beats."""
    advice = advise("As 2s 3s 4s 5h 6h 7h 9c 9d 9h", [{"card": "8h", "by": "opponent"}],
                    face_up="8h", samples=100)
    assert advice.draw.take and advice.action == "take"
    assert advice.knock.odds.outcome == "big_gin" and advice.knock.odds.discard is None
    assert advice.summary == f"{advice.draw.reason} {advice.knock.reason}"
    assert "big gin" in advice.draw.reason and "face down" not in advice.summary


def test_without_big_gin_the_face_up_card_that_melds_all_eleven_is_taken_for_gin():
    """Under rules with no big gin (classic) the same take is right, but the words say gin
    after a discard, not big gin."""
    advice = advise("As 2s 3s 4s 7c 7h 7d Tc Jc Qc", face_up="Kc", samples=100,
                    rules=Rules.from_options({"preset": "classic"}))
    assert advice.draw.take and advice.knock.odds.outcome == "gin"
    thrown = advice.knock.odds.discard.glyph
    assert advice.draw.reason == (f"Take K♣: with it all eleven of your cards meld, so "
                                  f"throwing {thrown} leaves gin.")
    assert "big gin" not in advice.summary


def test_the_last_chance_knocks_whenever_it_pays():
    rest = [str(c) for c in mask_cards(((1 << 52) - 1) & ~read_position(
        KNOCKABLE["hand"]).mine)][:29]
    position = read_position(KNOCKABLE["hand"], rest, samples=200)
    assert position.my_draws_left == 0
    advice = advise_position(position)
    assert advice.knock.knock is (advice.knock.odds.expected_points > 0)


@pytest.mark.parametrize("stock, later_draws, last_chance", [(3, 0, True), (4, 1, False),
                                                             (5, 1, False), (6, 2, False)])
def test_after_taking_the_face_up_card_the_stock_still_holds_my_later_draws(
        stock, later_draws, last_chance):
    """Taking the face-up card leaves the stock as it is and the opponent draws next, so my
    later draws are (stock - 2) // 2: one at stock 4, two at 6 (it had counted one fewer at
    an even stock), none at 3, where the knock is the last chance."""
    hand = "As 2s 3s 7c 7h 7d Tc Jc 5h 4d".split()
    kept_out = set(hand) | {"Qc", "Kc", "9c", "8c", "6h", "4h", "3h", "4s", "5d", "6d", "3d",
                            "7s", "5s", "8h"}
    pile = [str(c) for c in ALL_CARDS if str(c) not in kept_out][:52 - 20 - stock - 1]
    discards = [{"card": c, "by": "me" if i % 2 else "opponent"} for i, c in enumerate(pile)]
    advice = advise(hand, discards=discards + [{"card": "Qc", "by": "opponent"}],
                    face_up="Qc", samples=100)
    assert advice.position.stock == stock and advice.draw.take
    assert advice.outlook.draws_left == later_draws
    assert len(advice.outlook.within) == later_draws
    assert ("This is the last chance" in advice.knock.reason) is last_chance


@pytest.mark.parametrize("scores, state", [({"me": 0, "opponent": 80}, "close"),
                                           ({"me": 70, "opponent": 0}, "close"),
                                           ({"me": 0, "opponent": 60}, "behind"),
                                           ({"me": 20, "opponent": 30}, None)])
def test_the_scores_note_and_the_knock_weigh_the_game_the_same_way(scores, state):
    """The note on the scores and the knock's bar come from one judgement of the game: at 0 to
    80 the opponent is near the target (close, not 'you trail'), and at 70 to 0 a knock worth
    30 or more would end it (close, not 'the scores do not change the advice')."""
    advice = advise("As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd", scores=scores, samples=300)
    assert advice.knock is not None and advice.knock.odds.expected_points > 30
    close = "The game is close" in advice.knock.reason
    assert close is (state == "close")
    assert advice.scores_note.startswith({"close": "The game is close", "behind": "You trail",
                                          None: "At "}[state])
    # the note quotes the bar the knock is held to: 45% close, 80% far behind
    quoted = {"close": "wins 45% of the time", "behind": "needs 80% to win", None: "%"}[state]
    assert (quoted in advice.scores_note) is (state is not None)


# --- the last draw: the stock leaves me no draw after this turn (docs/ADVICE.md) ---

LATE_TEN = ("As 2s 9d Td 2c 9s 9c 5h 9h 2d",
            "Th 3d Ah 7d 4d 2h 7s 4s Ks 8c Jd 7c Kc 6h Qs 7h 3c Ad 3h Ac Tc Kh Jc Jh 6d 6s 4h "
            "Js 5s", "5d 8h 5c")


def test_on_the_last_draw_a_take_that_cannot_knock_loses_to_a_draw_that_can():
    """Stock 3 before my draw: taking 5♠ lowers the deadwood to 11 on average better than a
    draw does, but 11 cannot knock and no later draw comes, while 3 of the 10 unseen cards
    drawn let me knock."""
    hand, pile, took = LATE_TEN
    position = read_position(hand, pile.split(), face_up="5s", opponent_took=took.split())
    assert position.stock == 3 and position.draws_after_eleven == 0
    draw = advise_position(position, sample=False).draw
    assert draw.take_deadwood == 11 and draw.draw_deadwood > 11
    assert not draw.take and draw.draw_p_knock == pytest.approx(3 / 10)
    assert "last draw" in draw.reason and "30%" in draw.reason


def test_on_the_last_draw_when_nothing_can_knock_a_draw_ends_the_hand():
    """Stock 3 before my draw, and neither taking 3♠ (38 deadwood at best) nor any stock card
    lets me knock: a draw ends the hand with no score at my discard, a take only gives the
    opponent one more turn to knock, so the advice draws, though taking keeps less than a
    stock draw's average (a review found it taking here in 127 of 600 such positions)."""
    position = read_position(
        "9h 7d Ah 7c Jc 4d Jh 8c 6c 4s",
        alternating("Js 4h Th 6d 2h 2d 2s 5h 8d 8s 9s 5d Ac Ts 5c 6s 2c Ad Jd 4c As 6h Tc 3h "
                    "Qc Kd Kh 7h 3s".split()))
    assert position.stock == 3 and position.draws_after_eleven == 0
    draw = advise_position(position, sample=False).draw
    assert draw.take_deadwood == 38 and draw.draw_deadwood > 38 and draw.draw_p_knock == 0
    assert not draw.take
    assert "ends the hand with no score" in draw.reason and "3♠" in draw.reason
    # under straight gin the same position speaks of gin
    straight = read_position(position.hand, position.pile, rules=PRESETS["straight"])
    draw = advise_position(straight, sample=False).draw
    assert not draw.take and "lets you go gin" in draw.reason


def test_with_no_draw_left_the_ranking_counts_no_outs():
    """Stock 3 after my draw: the opponent draws next and then the hand ends, so no out of
    mine can come; the dead jack and queen of clubs go before the live K♦ of equal deadwood."""
    position = read_position(
        "7d 8d 9d Td Kd 7s Ac Ah Jc Qc 7h",
        "5d Ad 4s 4h 8c 3d Qs 3s Th 4d 6c Js Qd 3h 5h 5s 8h 3c Jh 9h Ks As Ts 6h 6d Tc Jd 2h"
        .split(), opponent_took="5c 6s 9c 4c".split())
    assert position.stock == 3 and position.draws_after_eleven == 0
    ranked = advise_position(position, sample=False).discards
    for choice in ranked:
        assert choice.gin_outs == choice.knock_outs == () and choice.p_knock == 0.0
        assert choice.expected_deadwood == choice.deadwood
        assert "live" not in choice.reason
    assert {str(ranked[0].card), str(ranked[1].card)} == {"Jc", "Qc"}


@pytest.mark.parametrize("stock_cards, words", [
    (28, "you do not draw again, and the hand ends after the opponent's next turn"),
    (29, "if you do not knock, the hand is dead"),
])
def test_the_last_chance_to_knock_says_what_follows(stock_cards, words):
    """At stock 3 the opponent still draws and may knock; at stock 2 the hand is dead."""
    pile = ("Jh Th Kc 3c Kd 4d Td 9h 5s Qh 2c 6h 4c 7h 6c 3d 5h 4h 2d Jd Kh Ts Jc Qc 8h 7c 9d "
            "5c 6d").split()[:stock_cards]
    position = read_position("7d 8d 3s 4s 2s Ac Js Qs Ks Ah Ad", pile,
                             opponent_took="7s 9c 9s".split(), samples=200)
    advice = advise_position(position)
    assert advice.knock is not None and words in advice.knock.reason


def test_a_knock_puts_its_own_discard_first_in_the_ranking():
    """Knocking with 1 (throwing 2♦) scores more than knocking with 2 (A♦), though A♦ ranks
    first for playing on: the discard goes face down, so the table leads with the knock's."""
    advice = advise("2c 3c 4c 6c 7c 8c 3h 4h 5h Ad 2d", "8d 5s 3s 7h Tc 5d Qs 7d Ts".split(),
                    opponent_took=["5c", "3d"])
    assert advice.action == "knock" and advice.knock.odds.discard == Card("2d")
    assert advice.discards[0].card == Card("2d") and "2♦ face down" in advice.summary
    assert sorted(c.card for c in advice.discards) == sorted(advice.position.hand)


@pytest.mark.parametrize("options, outcome, discard", [
    ({}, "big_gin", None), ({"big_gin_bonus": 25}, "big_gin", None),
    ({"big_gin_bonus": 0}, "gin", "As"), ({"preset": "classic"}, "gin", "As")])
def test_eleven_melding_cards_are_laid_down_as_the_score_would_play_them(options, outcome,
                                                                          discard):
    # a big gin paying less than gin (or nothing) is laid down as gin, discarding
    advice = advise("As 2s 3s 4s 7c 7h 7d Tc Jc Qc Kc", rules=Rules.from_options(options),
                    samples=50)
    assert advice.knock.odds.outcome == outcome
    assert (None if advice.knock.odds.discard is None else str(advice.knock.odds.discard)) \
        == discard
