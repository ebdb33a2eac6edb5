"""Card notation (docs/RULES.md "Cards"): every accepted form, the canonical output, round trips,
and the errors (token, 1-based position in the message, 0-based index in `position`, reason).

Expected values are written by hand from docs/RULES.md, not taken from the engine.
"""
from __future__ import annotations

import pytest

from calculator.core import (ALL_CARDS, CalculatorError, Card, CardNotationError,
                             DuplicateCardError, ErrorGroup, card_name, format_cards,
                             parse_card, parse_hand, tokenize)
from calculator.core.cards import hand_tokens

VS = "\ufe0f"  # emoji variation selector

RANKS = "A23456789TJQK"
SUITS = "shdc"


# --- one card, every accepted notation --------------------------------------------------------

ACCEPTED = [
    # canonical
    ("As", "As"), ("2s", "2s"), ("9h", "9h"), ("Td", "Td"), ("Jc", "Jc"), ("Qs", "Qs"),
    ("Kh", "Kh"),
    # ace as 1, ten as 10
    ("1s", "As"), ("1h", "Ah"), ("10h", "Th"), ("10c", "Tc"),
    # case-insensitive, both parts
    ("as", "As"), ("AS", "As"), ("aS", "As"), ("td", "Td"), ("TD", "Td"), ("tD", "Td"),
    ("jc", "Jc"), ("qH", "Qh"), ("KD", "Kd"), ("kc", "Kc"),
    # suit glyphs
    ("A♠", "As"), ("10♥", "Th"), ("Q♦", "Qd"), ("7♣", "7c"),
    # outlined glyphs
    ("A♤", "As"), ("10♡", "Th"), ("Q♢", "Qd"), ("7♧", "7c"),
    # with the emoji variation selector
    ("A♠" + VS, "As"), ("10♥" + VS, "Th"), ("Q♦" + VS, "Qd"), ("7♣" + VS, "7c"),
    ("K♤" + VS, "Ks"),
    # suit first
    ("h10", "Th"), ("♠A", "As"), ("sA", "As"), ("dK", "Kd"), ("c2", "2c"), ("hT", "Th"),
    ("♥10", "Th"), ("♣" + VS + "Q", "Qc"), ("♡J", "Jh"), ("♧3", "3c"), ("s1", "As"),
    ("S10", "Ts"), ("Hq", "Qh"),
    # Unicode playing cards: one per suit and every special offset (10, J, knight skip, Q, K)
    ("\U0001F0A1", "As"), ("\U0001F0A2", "2s"), ("\U0001F0AA", "Ts"), ("\U0001F0AB", "Js"),
    ("\U0001F0AD", "Qs"), ("\U0001F0AE", "Ks"),
    ("\U0001F0B1", "Ah"), ("\U0001F0BA", "Th"), ("\U0001F0BB", "Jh"), ("\U0001F0BD", "Qh"),
    ("\U0001F0BE", "Kh"),
    ("\U0001F0C1", "Ad"), ("\U0001F0C9", "9d"), ("\U0001F0CB", "Jd"), ("\U0001F0CD", "Qd"),
    ("\U0001F0CE", "Kd"),
    ("\U0001F0D1", "Ac"), ("\U0001F0DA", "Tc"), ("\U0001F0DB", "Jc"), ("\U0001F0DD", "Qc"),
    ("\U0001F0DE", "Kc"),
    ("\U0001F0A1" + VS, "As"),
    # the literal characters the brief names
    ("🂡", "As"), ("🂪", "Ts"), ("🂫", "Js"), ("🂭", "Qs"), ("🂮", "Ks"), ("🃞", "Kc"),
    # words
    ("ace of spades", "As"), ("10 of hearts", "Th"), ("queen of clubs", "Qc"),
    ("Ace of Spades", "As"), ("ACE OF SPADES", "As"), ("king of diamonds", "Kd"),
    ("jack of hearts", "Jh"), ("2 of clubs", "2c"), ("ten of diamonds", "Td"),
    ("seven of spades", "7s"),
    # surrounding blanks are not part of a token; words may be apart by any spaces
    ("  Qs  ", "Qs"), ("queen\u00a0of\u00a0clubs", "Qc"), ("ace\tof\tspades", "As"),
]


@pytest.mark.parametrize("token, expected", ACCEPTED)
def test_parse_card_accepts(token, expected):
    card = parse_card(token)
    assert str(card) == expected
    assert card is Card(expected)  # interned: one object per card


@pytest.mark.parametrize("token, expected", ACCEPTED)
def test_card_constructor_accepts_the_same_notations(token, expected):
    assert str(Card(token)) == expected


def test_unicode_literals_are_the_code_points_the_rules_name():
    assert [hex(ord(c)) for c in "🂡🂪🂫🂬🂭🂮🃞🃏🂿🃟"] == [
        "0x1f0a1", "0x1f0aa", "0x1f0ab", "0x1f0ac", "0x1f0ad", "0x1f0ae", "0x1f0de",
        "0x1f0cf", "0x1f0bf", "0x1f0df"]


def _unicode_char(card: Card) -> str:
    offset = card.rank + 1 if card.rank <= 10 else card.rank + 2  # skip the knight (offset 12)
    return chr(0x1F0A1 - 1 + 16 * card.suit + offset)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_unicode_card_in_the_block(card):
    assert parse_card(_unicode_char(card)) is card


def test_unicode_block_covers_exactly_52_cards():
    accepted = {}
    for point in range(0x1F0A1, 0x1F0DF):
        try:
            accepted[point] = parse_card(chr(point))
        except CardNotationError:
            pass
    assert len(accepted) == 52
    assert set(accepted.values()) == set(ALL_CARDS)
    assert 0x1F0AC not in accepted and 0x1F0BC not in accepted  # knights


# --- canonical output and round trips ---------------------------------------------------------


def test_there_are_52_distinct_cards_in_canonical_order():
    assert len(ALL_CARDS) == 52
    assert [str(c) for c in ALL_CARDS] == [r + s for s in SUITS for r in RANKS]


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_round_trip_str(card):
    assert parse_card(str(card)) is card
    assert card_name(card) == str(card)
    assert len(str(card)) == 2 and str(card)[0] in RANKS and str(card)[1] in SUITS


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_round_trip_repr(card):
    assert repr(card) == f"Card('{card}')"
    assert eval(repr(card), {"Card": Card}) is card


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_round_trip_glyph_and_words(card):
    assert parse_card(card.glyph) is card
    assert parse_card(card.words) is card
    assert parse_card(card.glyph.lower()) is card


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_point_values(card):
    # ace 1, number cards their pips, J/Q/K 10
    assert card.points == {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}.get(
        str(card)[0], int(str(card)[0]) if str(card)[0].isdigit() else None)


@pytest.mark.parametrize("notation, canonical", [
    ("10♥", "Th"), ("♥10", "Th"), ("🂺", "Th"), ("ten of hearts", "Th"), ("T♡" + VS, "Th"),
    ("1♠", "As"), ("🂡", "As"), ("ace of spades", "As"),
])
def test_same_card_whatever_the_notation(notation, canonical):
    assert Card(notation) is Card(canonical)


def test_cards_are_immutable_and_hashable():
    card = Card("Ts")
    with pytest.raises(AttributeError):
        card.rank = 3
    assert {Card("Ts"), Card("10♠"), Card("🂪")} == {card}


def test_sorting_is_by_suit_s_h_d_c_then_rank():
    cards = parse_hand("Kc As Td 2h Ah 3s Qd 9c")
    assert format_cards(sorted(cards)) == "As 3s Ah 2h Td Qd 9c Kc"


# --- hands ------------------------------------------------------------------------------------

HANDS = [
    ("As 2s 3s", ["As", "2s", "3s"]),
    ("As,2s,3s", ["As", "2s", "3s"]),
    ("As;2s;3s", ["As", "2s", "3s"]),
    ("As, 2s; 3s   4s", ["As", "2s", "3s", "4s"]),
    ("  As\t2s\n3s  ", ["As", "2s", "3s"]),
    ("10♥ ♠A 🂭 qc", ["Th", "As", "Qs", "Qc"]),
    ("A♠️ 10♥️ Q♦️", ["As", "Th", "Qd"]),
    (["As", "10h", "♠K", "🂱", "queen of clubs"], ["As", "Th", "Ks", "Ah", "Qc"]),
    ("ace of spades, 10 of hearts; queen of clubs", ["As", "Th", "Qc"]),
    ("ace of spades,10 of hearts,queen of clubs", ["As", "Th", "Qc"]),
    ("Ace Of Spades; Two of Hearts", ["As", "2h"]),
    ("As, queen of clubs", ["As", "Qc"]),
    ([], []),
    ("", []),
]


@pytest.mark.parametrize("hand, expected", HANDS, ids=lambda v: repr(v)[:40])
def test_parse_hand(hand, expected):
    assert [str(c) for c in parse_hand(hand)] == expected  # order as given


def test_parse_hand_accepts_card_objects():
    assert parse_hand([Card("As"), "2s", Card("3s")]) == [Card("As"), Card("2s"), Card("3s")]


def test_tokenize_words_keeps_each_phrase_one_token():
    tokens = tokenize("ace of spades, 10 of hearts")
    assert [t.text for t in tokens] == ["ace of spades", "10 of hearts"]
    assert [t.index for t in tokens] == [0, 1]


def test_cards_in_words_may_stand_one_a_line():
    text = "ace of spades\n10 of hearts\r\nking of clubs\n7c 7h"  # as a textarea sends them
    tokens = tokenize(text)
    assert [t.text for t in tokens] == ["ace of spades", "10 of hearts", "king of clubs", "7c",
                                        "7h"]
    assert [text[t.start:t.end] for t in tokens] == [t.text for t in tokens]
    assert parse_hand(text) == [Card(c) for c in ("As", "Th", "Kc", "7c", "7h")]


def test_tokenize_offsets_point_into_the_string():
    text = "As,  Qx ;Kd"
    tokens = tokenize(text)
    assert [t.text for t in tokens] == ["As", "Qx", "Kd"]
    assert [text[t.start:t.end] for t in tokens] == ["As", "Qx", "Kd"]


def test_hand_tokens_splits_a_hand_without_reading_a_card():
    """What a hand's size is counted on (calculator.core.hands): its tokens as they stand,
    a bad one kept as text, a list copied as it is, phrases in words one token each."""
    assert hand_tokens("As, Qx;🃏  zz") == ["As", "Qx", "🃏", "zz"]
    assert hand_tokens("ace of spades, jester of clubs") == ["ace of spades", "jester of clubs"]
    items = ["As", 5, Card("2s")]
    assert hand_tokens(items) == items and hand_tokens(items) is not items
    assert hand_tokens(("As",)) == ["As"] and hand_tokens("") == []
    with pytest.raises(CardNotationError):
        hand_tokens(5)


# --- errors -----------------------------------------------------------------------------------

BAD_TOKENS = [
    # hand, 0-based index of the bad token, fragments the message must contain
    ("As Qx", 1, ["unknown suit 'x'", "token 2", "'Qx'"]),
    ("Qx", 0, ["unknown suit 'x' in token 1 'Qx'"]),
    ("As 2s 3s Qx", 3, ["unknown suit 'x' in token 4 'Qx'"]),
    ("As 10x", 1, ["unknown suit 'x'", "token 2", "'10x'"]),
    ("Zs", 0, ["unknown rank 'Z'", "token 1", "'Zs'"]),
    ("As 11s", 1, ["unknown rank '11'", "token 2", "'11s'"]),
    ("As 0h", 1, ["unknown rank '0'", "token 2"]),
    ("As Q", 1, ["missing suit", "token 2", "'Q'"]),
    ("As 10", 1, ["missing suit", "token 2", "'10'"]),
    ("As ♠", 1, ["missing rank", "token 2"]),
    ("As Xyz", 1, ["token 2", "'Xyz'"]),
    ("As 🃏", 1, ["joker", "token 2", "'🃏'"]),
    ("🂿", 0, ["joker", "token 1"]),
    ("As 2s 🃟", 2, ["joker", "token 3"]),
    ("As 2s Joker", 2, ["jokers are not cards of this game", "token 3", "'Joker'"]),
    ("As 🂬", 1, ["knight", "token 2", "'🂬'"]),
    ("\U0001F0BC", 0, ["knight"]),
    ("\U0001F0CC", 0, ["knight"]),
    ("\U0001F0DC", 0, ["knight"]),
    ("\U0001F0A0", 0, ["token 1"]),  # the card back is not a card
    ("ace of swords, 2s", 0, ["unknown suit 'swords'", "token 1", "'ace of swords'"]),
    ("As, prince of hearts", 1, ["unknown rank 'prince'", "token 2"]),
    (["As", ""], 1, ["empty", "token 2"]),
    (["As", "2s", 7], 2, ["not a string", "token 3"]),
    # letters match without case in ASCII only: the Kelvin sign looks like K but is not one
    ("As \u212as", 1, ["unknown rank '\u212a' (U+212A)", "token 2"]),
    ("s\u212a", 0, ["unknown rank", "U+212A"]),
    ("\u212a\u2660", 0, ["unknown rank", "U+212A"]),
    ("\u0130s", 0, ["unknown rank '\u0130' (U+0130)"]),
    # so do a suit's, and a word's: a pasted zero-width space, a Cyrillic or fullwidth c
    ("As Qc\u200b", 1, ["unknown suit 'c\u200b' (U+200B)", "token 2"]),
    ("Q\u0441", 0, ["unknown suit '\u0441' (U+0441)"]),
    ("Q\uff43", 0, ["unknown suit '\uff43' (U+FF43)"]),
    ("ace of \u0455pades", 0, ["unknown suit '\u0455pades' (U+0455)"]),
    ("\u212aing of clubs", 0, ["unknown rank '\u212aing' (U+212A)"]),
    ("As 2s jokers", 2, ["jokers are not cards of this game", "token 3"]),
]


@pytest.mark.parametrize("hand, index, fragments", BAD_TOKENS, ids=lambda v: repr(v)[:30])
def test_bad_token_error(hand, index, fragments):
    with pytest.raises(CardNotationError) as info:
        parse_hand(hand)
    error = info.value
    assert isinstance(error, CalculatorError) and isinstance(error, ValueError)
    assert error.position == (index,)
    assert error.errors == [((index,), error.detail)]
    for fragment in fragments:
        assert fragment in error.detail, (fragment, error.detail)
    assert str(error) == error.detail


@pytest.mark.parametrize("token", [
    "\U0001F0E0",  # playing card fool (tarot block after the 52 cards)
    "\U0001F0E1",  # trump-1
    "\U0001F0F5",  # trump-21
    "\U0001F0AF",  # unassigned code point in the spades row
    "\U0001F0BF",  # red joker
    "\U0001F0CF",  # black joker
    "\U0001F0DF",  # white joker
])
def test_unicode_non_cards_are_notation_errors(token):
    # docs/RULES.md: anything else is an error naming the token, its position and what is wrong.
    with pytest.raises(CardNotationError) as info:
        parse_hand(["As", token])
    assert info.value.position == (1,)
    assert "token 2" in info.value.detail


def test_parse_card_without_index_has_no_position():
    with pytest.raises(CardNotationError) as info:
        parse_card("Qx")
    assert info.value.position == ()
    assert info.value.detail == "unknown suit 'x' in 'Qx'"
    assert info.value.token == "Qx"


DUPLICATES = [
    # hand, index of the second occurrence, index of the first, fragments
    ("As 2s As", 2, 0, ["As", "token 3", "token 1"]),
    ("As 2s 3s 4s 2s", 4, 1, ["2s", "token 5", "token 2"]),
    (["As", "🂡"], 1, 0, ["As", "'🂡'", "token 2", "token 1"]),
    (["🂡", "As"], 1, 0, ["As", "token 2", "token 1", "'🂡'"]),
    (["A♠", "ace of spades"], 1, 0, ["As", "token 2", "token 1"]),
    ("10♥ 2c Th", 2, 0, ["Th", "token 3", "token 1", "'10♥'"]),
    ("1s sA", 1, 0, ["As", "token 2", "token 1"]),
    ("queen of clubs; 2d; Qc", 2, 0, ["Qc", "token 3", "token 1"]),
]


@pytest.mark.parametrize("hand, index, first, fragments", DUPLICATES,
                         ids=lambda v: repr(v)[:30])
def test_duplicate_reported_at_second_occurrence_naming_the_first(hand, index, first,
                                                                   fragments):
    with pytest.raises(DuplicateCardError) as info:
        parse_hand(hand)
    error = info.value
    assert error.position == (index,)
    assert error.index == index and error.first_index == first
    for fragment in fragments:
        assert fragment in error.detail, (fragment, error.detail)


def test_third_copy_names_the_first_too():
    with pytest.raises(ErrorGroup) as info:
        parse_hand("As 2s As As")
    assert [pos for pos, _ in info.value.errors] == [(2,), (3,)]
    assert all("token 1" in detail for _, detail in info.value.errors)


def test_several_bad_tokens_are_reported_together():
    with pytest.raises(ErrorGroup) as info:
        parse_hand("Qx 2s Zs As 🃏 As")
    error = info.value
    assert isinstance(error, CalculatorError)
    positions = [pos for pos, _ in error.errors]
    assert positions == [(0,), (2,), (4,), (5,)]
    details = [detail for _, detail in error.errors]
    assert "unknown suit 'x' in token 1 'Qx'" in details[0]
    assert "token 3" in details[1] and "'Zs'" in details[1]
    assert "joker" in details[2] and "token 5" in details[2]
    assert "duplicate" in details[3] and "token 6" in details[3] and "token 4" in details[3]
    assert error.position == (0,)
    for _, detail in error.errors:
        assert detail in error.detail


def test_word_hand_errors_count_phrases_as_tokens():
    with pytest.raises(CardNotationError) as info:
        parse_hand("ace of spades, 10 of hearts, jester of clubs")
    assert info.value.position == (2,)
    assert "token 3" in info.value.detail


LONG = "x" * 1_999


@pytest.mark.parametrize("token, part", [
    (LONG + "x", "not a card"),                       # no rank, no suit
    ("A" + LONG, "unknown suit"),                     # a rank, then a long suit
    (LONG + "s", "unknown rank"),                     # a long rank, then a suit
    ("\u212a" * 1_999 + "s", "unknown rank"),         # non-ASCII: code points of the cut only
    ("ace of " + LONG, "unknown suit"),               # in words
    (LONG + " of spades", "unknown rank"),
], ids=["no-card", "suit", "rank", "rank-non-ascii", "words-suit", "words-rank"])
def test_a_long_token_is_quoted_shortened_with_its_length(token, part):
    """A 2,000-character token (or part of one) is quoted cut after 40 characters with its
    length, so an error stays a line long whatever was pasted."""
    with pytest.raises(CardNotationError) as info:
        parse_hand(["As", token])
    detail = info.value.detail
    assert part in detail and "token 2" in detail
    assert f"({len(token):,} characters)" in detail
    assert len(detail) < 400, detail


def test_a_duplicate_written_long_is_quoted_shortened():
    spaced = "ace" + " " * 1_000 + "of spades"
    with pytest.raises(DuplicateCardError) as info:
        parse_hand(["As", spaced])
    assert "(1,012 characters)" in info.value.detail and len(info.value.detail) < 200


# --- the fast readers: the same answer as the full reader, or "ask the full reader" ----------

FAST_READER_HANDS = [
    "As 2s 3s", ["As", "2s", "3s"], ("as", "10H", "♣q"), ["As", "as"], "As 2s As", "",
    [], ["As", 5], ["As", ["2s"]], "ace of spades", "As,2s", ["A♠", "🂡"], ["Xs"],
    [Card("As"), Card("2s")], [Card("As"), "2s"], [Card("As"), Card("As")], 17, None,
    ["As"] * 60, " ".join(str(card) for card in ALL_CARDS),
]


@pytest.mark.parametrize("hand", FAST_READER_HANDS, ids=repr)
def test_quick_readers_agree_with_parse_hand_or_step_aside(hand):
    from calculator.core.cards import cards_mask, quick_cards, quick_mask
    try:
        expected = parse_hand(hand)
    except CalculatorError:
        expected = None
    cards, mask = quick_cards(hand), quick_mask(hand)
    if expected is None:  # an error: only the full reader may answer, and explain it
        assert cards is None and mask is None
        return
    assert cards is None or cards == expected
    assert mask is None or mask == cards_mask(expected)


@pytest.mark.parametrize("hand", ["As 2s 3s", ["as", "10H", "♣q", "Q♥"], ("Kd",), [],
                                  " ".join(str(card) for card in ALL_CARDS)], ids=repr)
def test_quick_mask_takes_plain_codes(hand):
    from calculator.core.cards import cards_mask, quick_mask
    assert quick_mask(hand) == cards_mask(parse_hand(hand))


@pytest.mark.parametrize("value, named", [(5, "a number"), ({"As": 1}, "an object"),
                                          (None, "null"), (True, "true or false")])
def test_a_hand_that_holds_no_tokens_is_named_by_its_type(value, named):
    with pytest.raises(CardNotationError) as info:
        parse_hand(value)
    assert info.value.detail == f"a hand is one string or a list of card tokens, not {named}"
    assert info.value.position == ()


# --- words and codes in one hand --------------------------------------------------------------

MIXED = "ace of spades, 2 of spades, 3 of spades, 7c 7h 7d Tc Jc Qc 5h"


def test_cards_in_words_and_codes_in_one_hand_are_read():
    assert format_cards(parse_hand(MIXED)) == "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"
    tokens = tokenize(MIXED)
    assert [MIXED[t.start:t.end] for t in tokens] == [t.text for t in tokens]
    assert [t.text for t in tokens][2:5] == ["3 of spades", "7c", "7h"]


@pytest.mark.parametrize("hand, index", [("ace of spades 2 of spades, 3s", 0),
                                         ("As, 7c ace of spades", 1),
                                         ("ace of spades 7c, 3s", 0)])
def test_cards_run_together_with_words_are_told_to_take_commas(hand, index):
    with pytest.raises(CardNotationError) as info:
        parse_hand(hand)
    assert info.value.position == (index,)
    assert "separate cards with commas when any is written in words" in info.value.detail
