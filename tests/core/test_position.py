"""Reading a position: every card in one place, counts adding up to 52, a stock the hand can
have; hostile positions refused with the place of the conflict, before any work is done."""
from __future__ import annotations

import pytest

from calculator.core import ALL_CARDS, CalculatorError, CardInBothHandsError, \
    CardNotationError, DuplicateCardError, HandSizeError, IncompatibleInputError, \
    Card, NumberRangeError, RuleError, Rules
from calculator.core.errors import MAX_REPORTED_ERRORS
from calculator.core.position import MAX_SAMPLES, read_position

HAND = "As 2s 3s 4h 5h 6h 7c 7d 7h Kd Qc"
TEN = "As 2s 3s 4h 5h 6h 7c 7d 7h Kd"


def test_a_plain_position():
    p = read_position(HAND, [{"card": "Jh", "by": "opponent"}, {"card": "2d", "by": "me"}],
                      opponent_took=["9c"], opponent_passed=["Jh"])
    assert p.stock == 52 - 11 - 10 - 2
    assert p.opponent_unknown == 9
    assert p.unseen.bit_count() == 52 - 11 - 2 - 1
    assert p.unseen.bit_count() == p.opponent_unknown + p.stock
    assert [d.by for d in p.pile] == ["opponent", "me"]


def test_face_up_goes_on_top_of_the_pile():
    p = read_position(TEN, ["Jh", "2d"], face_up="9c")
    assert str(p.face_up) == "9c" and str(p.pile[-1].card) == "9c"
    assert p.stock == 52 - 10 - 10 - 3
    same = read_position(TEN, ["Jh", "9c"], face_up="9c")
    assert same.stock == 52 - 10 - 10 - 2
    # with 10 cards and no face_up, the pile's top is the card I may take
    assert str(read_position(TEN, ["Jh", "2d"]).face_up) == "2d"


def test_a_card_taken_and_thrown_again_is_not_theirs():
    p = read_position(HAND, [{"card": "9c", "by": "opponent"}], opponent_took=["9c", "Jd"])
    assert p.held.bit_count() == 1  # only Jd


@pytest.mark.parametrize("kwargs, error, position", [
    ({"hand": "As 2s"}, HandSizeError, ("hand",)),
    ({"hand": HAND.replace("Qc", "Qx")}, CardNotationError, ("hand", 10)),
    ({"hand": HAND.replace("Qc", "As")}, DuplicateCardError, ("hand", 10)),
    ({"discards": ["Jh", "Kd"]}, CardInBothHandsError, ("discards", 1)),
    ({"discards": ["Jh", "Jh"]}, DuplicateCardError, ("discards", 1)),
    ({"discards": [{"card": "Jh", "by": "them"}]}, IncompatibleInputError,
     ("discards", 0, "by")),
    ({"discards": [{"card": "Zz"}]}, CardNotationError, ("discards", 0, "card")),
    ({"discards": [{"by": "me"}]}, IncompatibleInputError, ("discards", 0, "card")),
    ({"face_up": "9c"}, IncompatibleInputError, ("face_up",)),
    ({"opponent_passed": ["9c"]}, IncompatibleInputError, ("opponent_passed", 0)),
    ({"opponent_took": ["9c", "9c"]}, DuplicateCardError, ("opponent_took", 1)),
    ({"stock": 5}, IncompatibleInputError, ("stock",)),
    ({"stock": True}, NumberRangeError, ("stock",)),
    ({"stock": 500}, NumberRangeError, ("stock",)),
    ({"stock": -1}, NumberRangeError, ("stock",)),
    ({"stock": 1}, NumberRangeError, ("stock",)),
    ({"stock": 30.0}, NumberRangeError, ("stock",)),
    ({"samples": MAX_SAMPLES + 1}, NumberRangeError, ("samples",)),
    ({"samples": 0}, NumberRangeError, ("samples",)),
    ({"samples": "9"}, NumberRangeError, ("samples",)),
    ({"seed": -1}, NumberRangeError, ("seed",)),
    ({"seed": 2 ** 32}, NumberRangeError, ("seed",)),
    ({"scores": {"me": -1, "opponent": 0}}, NumberRangeError, ("scores", "me")),
    ({"scores": {"me": 10}}, NumberRangeError, ("scores", "opponent")),
    ({"scores": (10, 100_001)}, NumberRangeError, ("scores", 1)),
    ({"scores": (10,)}, NumberRangeError, ("scores",)),
    ({"scores": 10}, NumberRangeError, ("scores",)),
    ({"discards": 5}, CardNotationError, ("discards",)),
    ({"opponent_took": {"card": "9c"}}, CardNotationError, ("opponent_took",)),
    ({"opponent_passed": 7}, CardNotationError, ("opponent_passed",)),
    ({"rules": Rules.from_options({"preset": "oklahoma"})}, RuleError, ("upcard",)),
])
def test_hostile_positions(kwargs, error, position):
    args = {"hand": HAND} | kwargs
    with pytest.raises(error) as caught:
        read_position(**args)
    assert caught.value.position == position
    assert caught.value.detail


def test_face_up_in_my_hand_or_under_the_pile():
    with pytest.raises(CardInBothHandsError) as caught:
        read_position(TEN, face_up="Kd")
    assert caught.value.position == ("face_up",)
    with pytest.raises(IncompatibleInputError, match="under other cards"):
        read_position(TEN, ["9c", "Jh"], face_up="9c")


def test_all_52_cards_named():
    rest = [str(c) for c in ALL_CARDS if str(c) not in HAND.split()]
    with pytest.raises(IncompatibleInputError, match="too many cards") as caught:
        read_position(HAND, rest)
    assert caught.value.position == ("discards",)


@pytest.mark.parametrize("pile_size, hand, message", [
    (29, HAND, "dead"),    # 52 - 11 - 10 - 29 = 2 left: this position is the last
    (30, HAND, "at least 2"),
    (30, TEN, "at least 3"),  # my draw needs three: drawing the third-last card
])
def test_a_stock_too_small(pile_size, hand, message):
    rest = [str(c) for c in ALL_CARDS if str(c) not in hand.split()][:pile_size]
    if pile_size == 29:
        assert read_position(hand, rest).stock == 2
        assert read_position(hand, rest).my_draws_left == 0
        return
    with pytest.raises(IncompatibleInputError, match=message):
        read_position(hand, rest)
    with pytest.raises(NumberRangeError) as caught:  # no hand is played on fewer than 2
        read_position(hand, rest, stock=0)
    assert caught.value.position == ("stock",)
    derived = 52 - len(hand.split()) - 10 - pile_size
    if derived >= 2:  # given as it is: a stock, but too small for my draw
        with pytest.raises(IncompatibleInputError, match=message) as caught:
            read_position(hand, rest, stock=derived)
        assert caught.value.position == ("stock",)


def test_more_than_ten_held_cards():
    took = [str(c) for c in ALL_CARDS if str(c) not in HAND.split()][:11]
    with pytest.raises(IncompatibleInputError, match="holds 10 cards") as caught:
        read_position(HAND, opponent_took=took)
    assert caught.value.position == ("opponent_took", 10)


@pytest.mark.parametrize("stock, hand, draws", [(31, TEN, 15), (3, TEN, 1), (4, TEN, 1),
                                                 (5, TEN, 2), (2, HAND, 0), (3, HAND, 0),
                                                 (4, HAND, 1), (30, HAND, 14)])
def test_my_draws_left(stock, hand, draws):
    size = len(hand.split())
    rest = [str(c) for c in ALL_CARDS if str(c) not in hand.split()]
    p = read_position(hand, rest[:52 - size - 10 - stock])
    assert p.stock == stock and p.my_draws_left == draws


@pytest.mark.parametrize("discards, position, detail", [
    (["2d", "4d", "2d"], ("discards", 2), "duplicate card 2d in token 3: already given as token 1"),
    ([{"card": "2d", "by": "me"}, "4d", {"card": "2♦"}], ("discards", 2),
     "duplicate card 2d ('2♦') in token 3: already given as token 1"),
    (["Jh", ("Jh", "opponent")], ("discards", 1),
     "duplicate card Jh in token 2: already given as token 1"),
])
def test_a_card_twice_in_the_pile_names_its_first_place(discards, position, detail):
    with pytest.raises(DuplicateCardError) as caught:
        read_position(HAND, discards)
    assert caught.value.position == position and caught.value.detail == detail


@pytest.mark.parametrize("kwargs, detail", [
    ({"samples": 0}, f"samples is a whole number from 1 to {MAX_SAMPLES}"),
    ({"seed": -1}, "seed is a whole number from 0 to 4294967295"),
    ({"stock": 40}, "stock is a whole number from 2 to 31"),
    ({"scores": {"me": 10, "opponent": -3}},
     "a game total is a whole number from 0 to 99: a game ends when a total reaches its "
     "target, 100"),
    ({"scores": 10}, "scores are the two game totals (me, opponent): each is a whole number "
                     "from 0 to 99"),
])
def test_numbers_out_of_range_say_the_range(kwargs, detail):
    with pytest.raises(NumberRangeError) as caught:
        read_position(HAND, **kwargs)
    assert caught.value.detail == detail


def test_lists_of_cards_as_one_string():
    p = read_position(HAND, "Jh, 2d", opponent_took="9c", opponent_passed="Jh")
    assert [str(d.card) for d in p.pile] == ["Jh", "2d"]
    assert [str(c) for c in p.took] == ["9c"] and [str(c) for c in p.passed] == ["Jh"]


@pytest.mark.parametrize("kwargs", [{}, {"stock": 32}, {"opponent_took": ["9c"]}])
def test_ten_cards_need_the_face_up_card(kwargs):
    """Before my draw there is always a face-up card on the pile (the first upcard, or the
    opponent's last discard): 10 cards and an empty pile would leave a stock of 32."""
    with pytest.raises(IncompatibleInputError) as caught:
        read_position(TEN, **kwargs)
    assert caught.value.position == ("face_up",)
    assert caught.value.detail == ("before my draw the top of the discard pile is the card I "
                                   "may take: give face_up or the discards")


def test_the_largest_stocks():
    # the deal: 10 cards each, the upcard face up, 31 in the stock
    assert read_position(TEN, face_up="9c").stock == 31
    assert read_position(TEN, ["9c"]).stock == 31
    # after my draw, having taken the upcard, the pile is empty
    assert read_position(HAND).stock == 31


@pytest.mark.parametrize("scores, where", [({"me": 150, "opponent": 0}, ("scores", "me")),
                                           ({"me": 10, "opponent": 100}, ("scores", "opponent")),
                                           ((99, 130), ("scores", 1))])
def test_a_game_total_that_reached_the_target_is_refused(scores, where):
    """A total of 100 or more under a target of 100 ended the game: no hand follows it."""
    with pytest.raises(NumberRangeError) as info:
        read_position(HAND, scores=scores)
    assert info.value.position == where and "from 0 to 99" in str(info.value)
    assert "target, 100" in str(info.value)
    assert read_position(HAND, scores={"me": 99, "opponent": 0}).scores.me == 99
    oklahoma = Rules.from_options({"preset": "oklahoma"})  # to 150
    assert read_position(HAND, scores=(149, 120), rules=oklahoma, upcard="5h").scores.me == 149


@pytest.mark.parametrize("discards, face_up, where", [
    ([{"card": "8h", "by": "opponent"}, {"card": "Jc", "by": "me"}], None, ("discards", 1, "by")),
    ([{"card": "Jc", "by": "me"}], "Jc", ("discards", 0, "by")),
    ([("8h", "opponent"), ("Jc", "me")], None, ("discards", 1)),
])
def test_before_my_draw_the_top_of_the_pile_is_not_mine(discards, face_up, where):
    """Before my draw the opponent has just thrown (or the first upcard lies alone): a card
    of mine on top cannot be, and was offered to me as the face-up card."""
    with pytest.raises(IncompatibleInputError) as caught:
        read_position(TEN, discards, face_up=face_up)
    assert caught.value.position == where and "cannot be a card I threw" in str(caught.value)
    # after my draw (or under a card the opponent threw on it) it may be
    assert read_position(HAND.replace("Kd Qc", "Kd 9c"), discards).stock >= 2
    read_position(TEN, [*discards, {"card": "9c", "by": "opponent"}])
    read_position(TEN, discards, face_up="9c")


def test_a_face_up_card_on_an_empty_pile_is_the_upcard_or_else_their_discard():
    """Named apart from the upcard, the face-up card was thrown, and before my draw by the
    opponent: one of the cards they let go, which weighs the dangers (it was left unnamed)."""
    nine = ALL_CARDS[[str(c) for c in ALL_CARDS].index("9c")]
    thrown = read_position(TEN, face_up="9c", upcard="Jc")
    assert thrown.pile[-1].by == "opponent" and thrown.shown == [nine.bit]
    for upcard in (None, "9c"):  # the upcard itself: nobody threw it
        first = read_position(TEN, face_up="9c", upcard=upcard)
        assert first.pile[-1].by is None and first.shown == []


def test_a_first_upcard_gone_from_the_pile_and_not_mine_is_theirs():
    """Oklahoma's upcard J♣, in neither my hand nor the pile (which holds every card not in a
    hand or the stock): the opponent took it, so it is not a card I can draw."""
    oklahoma = Rules.preset_named("oklahoma")
    p = read_position(HAND, ["2d"], rules=oklahoma, upcard="Jc")
    jack = ALL_CARDS[[str(c) for c in ALL_CARDS].index("Jc")]
    assert p.held == jack.bit and not p.unseen & jack.bit and p.opponent_unknown == 9
    # in my hand or in the pile, it is where it is said to be
    assert not read_position(HAND, ["Jc"], rules=oklahoma, upcard="Jc").held
    assert not read_position(HAND.replace("Qc", "Jc"), ["2d"], rules=oklahoma,
                             upcard="Jc").held
    # ten known cards of theirs and the upcard: one too many, told at the upcard
    ten = "2h 3h 8h 5d 6d 8d 9d Td Js Qs"
    with pytest.raises(IncompatibleInputError) as caught:
        read_position(HAND, ["2d"], rules=oklahoma, upcard="Jc", opponent_took=ten)
    assert caught.value.position == ("upcard",) and "upcard" in str(caught.value)


def test_every_bad_card_of_the_pile_is_told_at_once_up_to_the_cap():
    """Only the pile's first bad card was told, where a hand or a batch tells up to 50."""
    with pytest.raises(CalculatorError) as info:
        read_position(HAND, ["Xx", "2c", {"card": "Yy", "by": "me"}, {"card": "3c", "by": "x"}])
    assert [position for position, _ in info.value.errors] == [
        ("discards", 0), ("discards", 2, "card"), ("discards", 3, "by")]
    with pytest.raises(CalculatorError) as info:
        read_position(HAND, ["Xx"] * 52)
    errors = info.value.errors
    assert len(errors) == MAX_REPORTED_ERRORS + 1  # the 50, and what was left unread
    assert errors[0] == (("discards",), "reading stopped after 50 errors; the last 2 items "
                                        "were not read")


def test_a_card_taken_from_the_pile_needs_a_stock_of_three():
    """A take leaves the stock as the opponent's discard found it: at 2 that discard had
    ended the hand (a review found the advice answering "the last chance to knock" there).
    The same 11 cards drawn from the stock may leave 2."""
    pile = ("4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ah 2h 3h 4h 6h 8h 9h Th Jh Qh Kh Ad 2d 3d 4d 5d "
            "6d 8d 9d").split()
    eleven = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd"
    assert read_position(eleven, pile).stock == 2
    for stock, where in ((None, ("discards",)), (2, ("stock",))):
        with pytest.raises(CalculatorError) as info:
            read_position(eleven, pile, taken="Kd", stock=stock)
        assert info.value.position == where
        assert "a take from the pile needs at least 3" in info.value.detail
    assert read_position(eleven, pile[1:], taken="Kd").stock == 3


def test_the_card_just_taken_from_the_pile():
    """With 11 cards a caller may say which came off the pile (the rules forbid throwing it
    back); it is one of the 11, and a 10-card hand has none yet."""
    assert read_position(HAND, taken="king of diamonds").taken == Card("Kd")
    for hand, taken, words in ((HAND, "Qd", "Qd was just taken from the pile, so it is one of "
                                            "my 11 cards"),
                               (TEN, "Kd", "the card just taken from the pile goes with the 11 "
                                           "cards"),
                               (HAND, "Zz", "not a card")):
        with pytest.raises(CalculatorError) as info:
            read_position(hand, ["Jh"], taken=taken)
        assert info.value.position == ("taken",) and words in info.value.detail
