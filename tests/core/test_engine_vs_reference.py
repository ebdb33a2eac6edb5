"""The engine against the naive reference, on random and meld-dense hands.

Each property runs the profile's ``max_examples`` (tests/conftest.py), so together they cover
well over 10,000 hands a run. A failure prints the hand as card codes; check it against
tests/reference by hand before blaming the engine.
"""

from __future__ import annotations

import reference as ref
import strategies as hs
from hypothesis import given

from calculator.core import Meld, Spread, analyze, deadwood, layoffs
from core_support import cards_of, indices, meld_indices

KNOCK_LIMIT = 10  # the default rules' limit


def check_melds_kinds(melds) -> None:
    for meld in melds:
        expected = "set" if ref.is_set(indices(meld.cards)) else "run"
        assert meld.kind == expected, f"{meld} is a {expected}"


# --- deadwood(): exactly the cards given, never a discard ----------------------------------


@given(hs.mixed_hands(10))
def test_deadwood_of_ten(hand):
    assert deadwood(cards_of(hand)) == ref.min_deadwood(hand), ref.codes(hand)


@given(hs.mixed_hands(11))
def test_deadwood_of_eleven_never_discards(hand):
    assert deadwood(cards_of(hand)) == ref.min_deadwood(hand), ref.codes(hand)


@given(hs.small_hands)
def test_deadwood_of_fewer_cards(hand):
    # deadwood() takes any number of cards up to 11: spreads and lay-off leftovers are smaller.
    assert deadwood(cards_of(hand)) == ref.min_deadwood(hand), ref.codes(hand)


# --- analyze(): 10 cards -------------------------------------------------------------------


@given(hs.mixed_hands(10))
def test_analyze_ten(hand):
    result = analyze(cards_of(hand), outs=False)
    expected = ref.min_deadwood(hand)
    assert result.deadwood == expected, ref.codes(hand)
    melds, dead = meld_indices(result.melds), indices(result.deadwood_cards)
    assert ref.valid_arrangement(hand, melds, dead), (ref.codes(hand), melds, dead)
    assert ref.total(dead) == expected, ref.codes(hand)
    check_melds_kinds(result.melds)
    assert result.gin == (expected == 0)
    assert result.can_knock == (expected <= KNOCK_LIMIT)


# --- analyze(): 11 cards, every discard ----------------------------------------------------


@given(hs.mixed_hands(11))
def test_analyze_eleven(hand):
    result = analyze(cards_of(hand), outs=False)
    by_discard = ref.discard_deadwoods(hand)
    best = min(by_discard.values())
    assert result.deadwood == best, ref.codes(hand)
    assert result.big_gin == ref.is_big_gin(hand), ref.codes(hand)
    assert result.gin == (best == 0)
    assert result.can_knock == (best <= KNOCK_LIMIT)
    assert sorted(indices(result.best_discards)) == sorted(
        card for card, dw in by_discard.items() if dw == best
    ), ref.codes(hand)

    assert sorted(option.card.index for option in result.discards) == sorted(hand)
    for option in result.discards:
        kept = [c for c in hand if c != option.card.index]
        assert option.deadwood == by_discard[option.card.index], (ref.codes(hand), str(option.card))
        melds, dead = meld_indices(option.melds), indices(option.deadwood_cards)
        assert ref.valid_arrangement(kept, melds, dead), (ref.codes(hand), str(option.card))
        assert ref.total(dead) == option.deadwood
        check_melds_kinds(option.melds)

    # The hand shown is the hand after one of the best discards.
    melds, dead = meld_indices(result.melds), indices(result.deadwood_cards)
    shown = [c for m in melds for c in m] + dead
    assert len(shown) == 10 and set(shown) < set(hand)
    assert ref.valid_arrangement(shown, melds, dead)
    assert set(hand) - set(shown) <= set(indices(result.best_discards))
    assert ref.total(dead) == best


# --- layoffs() -----------------------------------------------------------------------------


def spread_of(melds: list[list[int]], knocker_deadwood: list[int]) -> Spread:
    return Spread.of([Meld.of(cards_of(m)) for m in melds], cards_of(sorted(knocker_deadwood)))


def describe(melds: list[list[int]], knocker_deadwood: list[int], defender: list[int]) -> str:
    spread = " | ".join(ref.codes(m) for m in melds)
    return f"knocker {spread} + {ref.codes(knocker_deadwood)}; defender {ref.codes(defender)}"


@given(hs.deals())
def test_layoffs(deal):
    melds, knocker_deadwood, defender = deal
    answer = layoffs(spread_of(melds, knocker_deadwood), cards_of(defender))
    # Lay-off indices point into the spread as the engine answers it, whatever its order.
    table = meld_indices(answer.knocker.melds)
    assert sorted(map(sorted, table)) == sorted(map(sorted, melds))
    where = describe(table, knocker_deadwood, defender)
    result = answer.defender
    gin = not knocker_deadwood
    # Nobody lays off onto gin (docs/RULES.md): then the defender just melds.
    expected = ref.min_deadwood(defender) if gin else ref.min_defender_deadwood(table, defender)
    assert result.deadwood == expected, where

    laid = [(layoff.card.index, layoff.meld) for layoff in result.layoffs]
    assert not (gin and laid), where
    assert ref.legal_layoffs(table, defender, laid), (where, laid)

    own_melds, dead = meld_indices(result.melds), indices(result.deadwood_cards)
    kept = [c for c in defender if c not in {card for card, _ in laid}]
    assert ref.valid_arrangement(kept, own_melds, dead), (where, own_melds, dead)
    check_melds_kinds(result.melds)
    assert ref.total(dead) == result.deadwood, where
