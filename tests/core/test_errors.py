"""The failure kinds (calculator.core.errors): how a message quotes a caller's value and holds a
name, each kind's message and position, places in words, and errors grouped and placed."""
from __future__ import annotations

import pytest

from calculator.core import (Card, CardInBothHandsError, CardNotationError, DuplicateCardError,
                             ErrorGroup, HandSizeError, IllegalKnockError, MeldError,
                             NumberRangeError, RuleError, parse_hand)
from calculator.core.errors import MAX_QUOTED_CHARS, _words, group, isolated, quoted


# --- quoting a caller's value -----------------------------------------------------------------

def test_quoted_cuts_a_long_value_after_40_characters_saying_how_long_it_was():
    assert MAX_QUOTED_CHARS == 40
    assert quoted("x" * 40) == "'" + "x" * 40 + "'"
    assert quoted("x" * 41) == "'" + "x" * 40 + "…' (41 characters)"
    assert quoted("y" * 2000) == "'" + "y" * 40 + "…' (2,000 characters)"
    assert quoted("hollywod") == "'hollywod'"


@pytest.mark.parametrize("value, named", [
    (True, "true or false"), (3, "a number"), (2.5, "a number"), ([], "an array"),
    ({}, "an object"), (None, "null"), (object(), "a value"),
])
def test_quoted_names_anything_but_a_string_by_its_json_type(value, named):
    assert quoted(value) == named


def test_quoted_shows_an_invisible_character_in_a_name_as_an_escape_a_token_as_typed():
    assert quoted("Q\u202ex") == "'Q\\u202ex'"  # a key or an option: Python's escape
    assert quoted("Q\u202ex", as_typed=True) == "'Q\u202ex'"  # a card token: as typed
    assert quoted("it's") == '"it\'s"' and quoted("it's", as_typed=True) == "'it's'"


# --- a name in a sentence ---------------------------------------------------------------------

@pytest.mark.parametrize("name", ["מיכל", "محمد", "Ann מיכל"])
def test_isolated_wraps_a_name_with_a_right_to_left_letter(name):
    assert isolated(name) == "\u2068" + name + "\u2069"


@pytest.mark.parametrize("name", ["Ann", "Zoë", "李雷", "1", ""])
def test_isolated_leaves_any_other_name_as_it_is(name):
    assert isolated(name) == name


# --- each kind's message and position ---------------------------------------------------------

@pytest.mark.parametrize("error, detail, position", [
    (CardNotationError("Qx", 3, "unknown suit 'x'"), "unknown suit 'x' in token 4 'Qx'", (3,)),
    (CardNotationError("Qx", None, "unknown suit 'x'"), "unknown suit 'x' in 'Qx'", ()),
    (CardNotationError.not_a_hand(5), "a hand is one string or a list of card tokens, not a "
                                      "number", ()),
    (DuplicateCardError(Card("As"), 3, 0), "duplicate card As in token 4: already given as "
                                           "token 1", (3,)),
    (DuplicateCardError(Card("As"), 3, 0, "🂡", "A♠"),
     "duplicate card As ('🂡') in token 4: already given as token 1 ('A♠')", (3,)),
    (DuplicateCardError.between(Card("As"), ("knocker", "deadwood_cards", 0),
                                ("knocker", "melds", 1, 0)),
     "duplicate card As: already in the knocker's meld 2", ("knocker", "deadwood_cards", 0)),
    (HandSizeError(1, (10, 11)), "hand has 1 card; expected 10 or 11", ()),
    (HandSizeError(12, tuple(range(12))), "hand has 12 cards; expected 0 to 11", ()),
    (HandSizeError(3, (10,), "the knocker's hand", ("knocker",), "; a note"),
     "the knocker's hand has 3 cards; expected 10; a note", ("knocker",)),
    (MeldError(parse_hand("As 2s 4s"), "a gap"), "As 2s 4s is not a meld: a gap", ()),
    (IllegalKnockError(12, 10), "illegal knock: deadwood 12 is above the knock limit 10",
     ("knocker",)),
    (IllegalKnockError(3, 0), "illegal knock: deadwood 3, but only gin may end the hand "
                              "(limit 0)", ("knocker",)),
    (RuleError("knock_limit", "bad"), "bad", ("rules", "knock_limit")),
    (NumberRangeError(5, 0, 3, "a count", ("count",)), "a count is a whole number from 0 to 3",
     ("count",)),
])
def test_each_kind_s_message_and_position(error, detail, position):
    assert (error.detail, error.position, str(error)) == (detail, position, detail)
    assert error.errors == [(position, detail)] and isinstance(error, ValueError)


# --- places in words, as a message names another place ----------------------------------------

@pytest.mark.parametrize("position, words", [
    (("discards", 2), "the discard pile, card 3"),
    (("discards", 0, "card"), "the discard pile, card 1"),
    (("discards",), "the discard pile"),
    (("opponent_took", 0), "the cards the opponent took, card 1"),
    (("opponent_passed", 4), "the cards the opponent passed, card 5"),
    (("face_up",), "the face-up card"),
    (("hand", 3), "the hand, token 4"),
    (("knocker", "hand", 2), "the knocker's hand, token 3"),
    (("knocker", "melds", 1, 0), "the knocker's meld 2"),
])
def test_places_in_words(position, words):
    assert _words(position) == words
    assert CardInBothHandsError(Card("9c"), ("x",), position).detail == (
        f"card 9c is in two places: here and in {words}")


# --- errors grouped and placed ----------------------------------------------------------------

def test_an_error_placed_under_a_prefix():
    error = HandSizeError(3, (10,), position=(2,))
    assert error.at("knocker", "hand") is error
    assert error.errors == [(("knocker", "hand", 2), "hand has 3 cards; expected 10")]


def test_one_error_is_itself_several_a_group_with_the_note_of_unread_items_first():
    one, two = HandSizeError(3, (10,), position=(0,)), HandSizeError(4, (10,), position=(1,))
    assert group([one]) is one
    both = group([one, two])
    assert isinstance(both, ErrorGroup) and both.position == (0,)
    assert both.detail == "hand has 3 cards; expected 10; hand has 4 cards; expected 10"
    stopped = group([one, two], 7, ("hands",)).at("batch")
    assert stopped.errors == [
        (("batch", "hands"), "reading stopped after 2 errors; the last 7 items were not read"),
        (("batch", 0), "hand has 3 cards; expected 10"),
        (("batch", 1), "hand has 4 cards; expected 10")]
    assert isinstance(group([one], 1), ErrorGroup)  # a note to give: a group of one


def test_error_group_at_prefixes_every_member():
    with pytest.raises(ErrorGroup) as info:
        parse_hand("Qx Zs")
    error = info.value.at("knocker", "hand")
    assert [pos for pos, _ in error.errors] == [("knocker", "hand", 0), ("knocker", "hand", 1)]
    assert error.position == ("knocker", "hand", 0)
