"""The naive reference checked on its own: golden hands, hand-worked tables, and
cross-checks against even more naive formulations (every subset, every assignment).

If the reference is wrong, the engine-vs-reference properties prove nothing, so each rule the
engine is tested on is pinned here first by an answer worked out by hand.
"""

from __future__ import annotations

import json
from itertools import combinations, product
from pathlib import Path

import pytest
import reference as ref
import strategies as hs
from hypothesis import Phase, find, given, settings


# the golden hands, in the repository (a missing file is an error, never an empty test)
HANDS_FILE = Path(__file__).resolve().parents[1] / "data" / "hands.jsonl"


def h(text: str) -> list[int]:
    return ref.parse_hand(text)


def melds_of(*texts: str) -> list[list[int]]:
    return [h(t) for t in texts]


def golden_hands() -> list:
    lines = HANDS_FILE.read_text().splitlines()
    found = [pytest.param(json.loads(line), id=json.loads(line)["hand"]) for line in lines if line]
    assert found, f"no golden hands in {HANDS_FILE.name}"
    return found


# --- cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "token, index, points",
    [
        ("As", 0, 1),
        ("Ks", 12, 10),
        ("Ah", 13, 1),
        ("Td", 35, 10),
        ("9c", 47, 9),
        ("Kc", 51, 10),
        ("5h", 17, 5),
        ("Jd", 36, 10),
        ("Qc", 50, 10),
    ],
)
def test_card_encoding(token, index, points):
    assert ref.parse(token) == index
    assert ref.code(index) == token
    assert ref.points(index) == points


def test_every_card_round_trips():
    assert [ref.parse(ref.code(c)) for c in range(52)] == list(range(52))
    assert sum(ref.points(c) for c in range(52)) == 4 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 40)


# --- melds ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards, meld",
    [
        ("7s 7h 7d", True),
        ("7s 7h 7d 7c", True),
        ("7s 7h", False),
        ("7s 7h 8d", False),
        ("As 2s 3s", True),
        ("Js Qs Ks", True),
        ("Qs Ks As", False),  # no wrap
        ("Ks As 2s", False),
        ("As 2s 3h", False),  # one suit
        ("5c 6c 8c", False),  # a gap
        ("3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd", True),
    ],
)
def test_is_meld(cards, meld):
    assert ref.is_meld(h(cards)) is meld


@pytest.mark.parametrize(
    "cards, expected",
    [
        ("7s 7h 7d 7c", ["7s 7h 7d", "7s 7h 7c", "7s 7d 7c", "7h 7d 7c", "7s 7h 7d 7c"]),
        ("As 2s 3s 4s", ["As 2s 3s", "2s 3s 4s", "As 2s 3s 4s"]),
        ("Qs Ks As 2s", []),
        ("Js Qs Ks", ["Js Qs Ks"]),
        ("7s 8s 9s 8h 8d", ["7s 8s 9s", "8s 8h 8d"]),
        ("2c 3c 5c 6c 7d", []),
    ],
)
def test_all_melds_table(cards, expected):
    assert sorted(map(sorted, ref.all_melds(h(cards)))) == sorted(sorted(h(m)) for m in expected)


def every_meld_by_subsets(cards: list[int]) -> set[frozenset[int]]:
    """The most naive meld list: filter every subset of 3+ cards."""
    return {
        frozenset(sub)
        for size in range(3, len(cards) + 1)
        for sub in combinations(cards, size)
        if ref.is_meld(sub)
    }


@settings(max_examples=hs.examples(300))
@given(hs.mixed_hands(11))
def test_all_melds_is_every_meld_subset(cards):
    melds = ref.all_melds(cards)
    assert len(melds) == len(set(melds))
    assert set(melds) == every_meld_by_subsets(cards)


# --- deadwood ------------------------------------------------------------------------------


@pytest.mark.parametrize("case", golden_hands())
def test_golden_hands(case):
    cards = h(case["hand"])
    assert len(cards) == case["cards"]
    if case["cards"] == 10:
        assert ref.min_deadwood(cards) == case["deadwood"]
    else:
        assert ref.best_discard_deadwood(cards) == case["deadwood"]


def test_golden_file_is_there():
    # The golden table above would silently shrink to nothing without the file.
    assert len(golden_hands()) >= 10


@pytest.mark.parametrize(
    "cards, deadwood",
    [
        # docs/RULES.md worked examples
        ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h", 5),
        ("7s 7h 7d 8s 9s 2c 4d 6h Jc Qd", 46),
        # small hands: deadwood() takes any number of cards
        ("", 0),
        ("As", 1),
        ("Ks Qs", 20),
        ("As 2s 3s", 0),
        ("Qs Ks As", 21),  # no wrap: all deadwood
        ("Ks As 2s", 13),
        ("7s 7h 7d 7c", 0),
        # a 4-set split: 7s to a run, 7h 7d 7c stay a set
        ("7s 7h 7d 7c 5s 6s", 0),
        # one card wanted by a set and a run: the run keeps 8s (9s 10s are worth more)
        ("8s 8h 8d 9s Ts", 16),
        # 11 cards, no discard: the 11-card run
        ("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js", 0),
        ("As 2s 3s 4s 7h 8h 9h Kc Kd Ks 5d", 5),
        ("Kc Qd Jh Ts 9c 8d 7h 6s 5c 4d 3h", 82),
    ],
)
def test_min_deadwood_table(cards, deadwood):
    assert ref.min_deadwood(h(cards)) == deadwood


def most_melded_points(cards: list[int]) -> int:
    """A second formulation: the most points covered by up to three disjoint melds.

    Three because four melds need 12 cards. Melds come from the subset filter, not from
    all_melds, so the two answers share only is_meld.
    """
    melds = list(every_meld_by_subsets(cards))
    best = 0
    for k in (1, 2, 3):
        for combo in combinations(melds, k):
            cards_in = [c for m in combo for c in m]
            if len(cards_in) == len(set(cards_in)):
                best = max(best, ref.total(cards_in))
    return best


@settings(max_examples=hs.examples(200))
@given(hs.mixed_hands(10))
def test_min_deadwood_equals_most_melded_formulation(cards):
    assert ref.min_deadwood(cards) == ref.total(cards) - most_melded_points(cards)


@given(hs.mixed_hands(10))
@settings(max_examples=hs.examples(300))
def test_min_deadwood_ignores_card_order(cards):
    assert ref.min_deadwood(cards) == ref.min_deadwood(list(reversed(cards)))


# --- 11 cards: discards and big gin --------------------------------------------------------


@pytest.mark.parametrize(
    "cards, best, big_gin",
    [
        ("As 2s 3s 4s 7h 8h 9h Th Kc Kd Ks", 0, True),  # 4 + 4 + 3
        ("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js", 0, True),  # one 11-card run
        ("3c 4c 5c 6c 3d 4d 5d 6d 3h 4h 5h", 0, True),  # runs, or sets and a run
        ("As 2s 3s 4s 7h 8h 9h Kc Kd Ks 5d", 0, False),  # gin after discarding 5d
        ("As 2s 3s 7h 8h 9h Kc Kd Ks 5d Qh", 5, False),  # discard Qh, keep 5d
        ("Kc Qd Jh Ts 9c 8d 7h 6s 5c 4d 3h", 72, False),  # no melds: drop a 10
        # two runs through the sevens (discard 7d or 7c, keep 2c 3d Ah) beat the 4-set
        ("7s 7h 7d 7c 8s 9s 8h 9h 2c 3d Ah", 13, False),
    ],
)
def test_discards_and_big_gin_table(cards, best, big_gin):
    assert ref.best_discard_deadwood(h(cards)) == best
    assert ref.is_big_gin(h(cards)) is big_gin


def test_discard_deadwoods_names_each_discard():
    cards = h("As 2s 3s 7h 8h 9h Kc Kd Ks 5d Qh")
    by_discard = ref.discard_deadwoods(cards)
    assert sorted(by_discard) == sorted(cards)
    assert by_discard[ref.parse("Qh")] == 5
    assert by_discard[ref.parse("5d")] == 10
    assert by_discard[ref.parse("Ks")] == 5 + 10 + 10 + 10  # Kc Kd lose their set


@settings(max_examples=hs.examples(200))
@given(hs.mixed_hands(11))
def test_each_discard_is_min_deadwood_of_the_ten_left(cards):
    by_discard = ref.discard_deadwoods(cards)
    for card in cards[:3]:  # a sample: the shared memo must not leak between discards
        assert by_discard[card] == ref.min_deadwood([c for c in cards if c != card])


def test_eleven_cards_required():
    with pytest.raises(ValueError):
        ref.best_discard_deadwood(h("As 2s 3s"))
    with pytest.raises(ValueError):
        ref.is_big_gin(h("As 2s 3s 4s 7h 8h 9h Th Kc Kd"))


# --- arrangements --------------------------------------------------------------------------

HAND = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"


@pytest.mark.parametrize(
    "melds, deadwood, valid",
    [
        (["As 2s 3s", "7c 7h 7d", "Tc Jc Qc"], "5h", True),
        (["As 2s 3s"], "7c 7h 7d Tc Jc Qc 5h", True),  # not the best, still valid
        ([], HAND, True),
        (["As 2s 3s", "7c 7h 7d", "Tc Jc Qc"], "", False),  # 5h missing
        (["As 2s 3s", "7c 7h 7d", "Tc Jc Qc"], "5h 6h", False),  # 6h not in hand
        (["As 2s 3s", "7c 7h 7d", "Tc Jc Qc"], "5h As", False),  # As twice
        (["As 2s 3s 7c"], "7h 7d Tc Jc Qc 5h", False),  # not a meld
        (["As 2s 3s", "7c 7h 7d", "7c Tc Jc Qc"], "5h", False),  # 7c in two melds
        (["As 2s", "3s 7c 7h"], "7d Tc Jc Qc 5h", False),
    ],
)
def test_valid_arrangement_table(melds, deadwood, valid):
    assert ref.valid_arrangement(h(HAND), [h(m) for m in melds], h(deadwood)) is valid


# --- lay-offs ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "knocker, defender, deadwood",
    [
        # chained onto one end: 9s, then Ts onto 6s 7s 8s; 5s onto the other end
        (["6s 7s 8s"], "9s Ts 5s Kh", 10),
        # both ends, two deep
        (["6s 7s 8s"], "4s 5s 9s Ts Js 2h", 2),
        # a chain needs its link: Ts alone does not reach 8s
        (["6s 7s 8s"], "Ts 4h", 14),
        # the 4th card onto a 3-set
        (["7s 7h 7d"], "7c 2h", 2),
        # nothing onto a 4-set, nor onto a set from a neighbouring rank
        (["7s 7h 7d 7c"], "6s 8s 2h", 16),
        # other suits do not extend a run
        (["6s 7s 8s"], "5h 9d", 14),
        # no wrap past K or below A
        (["Js Qs Ks"], "As 2h", 3),
        (["As 2s 3s"], "Ks 4s", 10),
        # a 4-set of the defender's gives up a card to unlock a chain: 9h 9d 9c stay a set
        (["6s 7s 8s"], "9s 9h 9d 9c Ts", 0),
        # two knocker runs of one suit with a gap: 5s onto one, 7s onto the other
        (["2s 3s 4s", "8s 9s Ts"], "5s 7s Kd", 10),
        # 7s fits the set or the run; only on the run can 8s follow it
        (["7h 7d 7c", "4s 5s 6s"], "7s 8s Qd", 10),
        # the defender's own melds are unchanged by the knocker's
        (["Kh Kd Kc"], "2c 3c 4c 5c 9d", 9),
        # no melds to lay off onto: just the defender's own deadwood
        ([], "6s 7s 8s 9s Kd", 10),
        # an own set of three beats laying off a two-card chain (leaves 7h Kc, not 6s 6d Kc)
        (["3h 4h 5h"], "6h 6s 6d 7h Kc", 17),
    ],
)
def test_min_defender_deadwood_table(knocker, defender, deadwood):
    assert ref.min_defender_deadwood(melds_of(*knocker), h(defender)) == deadwood


@pytest.mark.parametrize(
    "knocker, layoffs, legal",
    [
        (["6s 7s 8s"], [("9s", 0), ("Ts", 0), ("5s", 0)], True),
        (["6s 7s 8s"], [("Ts", 0)], False),  # gap
        (["6s 7s 8s"], [("9h", 0)], False),  # wrong suit
        (["7s 7h 7d"], [("7c", 0)], True),
        (["7s 7h 7d 7c"], [("8s", 0)], False),  # nothing onto a 4-set
        (["7h 7d 7c", "4s 5s 6s"], [("7s", 0)], True),
        (["7h 7d 7c", "4s 5s 6s"], [("7s", 1)], True),
        (["7h 7d 7c", "4s 5s 6s"], [("7s", 2)], False),  # no such meld
        (["2s 3s 4s", "8s 9s Ts"], [("5s", 0), ("6s", 0), ("7s", 1)], True),
        (["2s 3s 4s", "8s 9s Ts"], [("6s", 1), ("7s", 1), ("5s", 0)], True),
        (["2s 3s 4s", "8s 9s Ts"], [("5s", 1)], False),
        (["Js Qs Ks"], [("As", 0)], False),  # no wrap
        (["6s 7s 8s"], [("9s", 0), ("9s", 0)], False),  # a card laid twice
    ],
)
def test_legal_layoffs_table(knocker, layoffs, legal):
    laid = [(ref.parse(card), meld) for card, meld in layoffs]
    defender = [card for card, _ in laid]
    assert ref.legal_layoffs(melds_of(*knocker), defender, laid) is legal


def test_legal_layoffs_card_must_be_the_defenders():
    laid = [(ref.parse("9s"), 0)]
    assert not ref.legal_layoffs(melds_of("6s 7s 8s"), h("2h"), laid)


def layoff_choices_by_assignment(melds: list[list[int]], defender: list[int]) -> set:
    """Every set of cards that some assignment (card -> meld or kept) makes legal."""

    # Pruned only by the plain rule: a set takes its own rank, a run its own suit.
    def could_take(meld: list[int], card: int) -> bool:
        if ref.is_set(meld):
            return len(meld) == 3 and ref.rank(card) == ref.rank(meld[0])
        return ref.suit(card) == ref.suit(meld[0])

    options = [[None] + [i for i, m in enumerate(melds) if could_take(m, c)] for c in defender]
    found = set()
    for pick in product(*options):
        laid = [(c, i) for c, i in zip(defender, pick) if i is not None]
        if ref.legal_layoffs(melds, defender, laid):
            found.add(frozenset(c for c, _ in laid))
    return found


@settings(max_examples=hs.examples(300))
@given(hs.deals())
def test_layoff_choices_equal_brute_force_assignment(deal):
    melds, _, defender = deal
    assert ref.layoff_choices(melds, defender) == layoff_choices_by_assignment(melds, defender)


@settings(max_examples=hs.examples(300))
@given(hs.deals())
def test_layoffs_never_hurt_and_are_bounded_by_own_deadwood(deal):
    melds, _, defender = deal
    best = ref.min_defender_deadwood(melds, defender)
    assert best <= ref.min_deadwood(defender)
    assert best == min(
        ref.min_deadwood(set(defender) - laid) for laid in ref.layoff_choices(melds, defender)
    )
    assert ref.min_defender_deadwood([], defender) == ref.min_deadwood(defender)


def test_deals_make_layoffs_happen():
    # The deal strategy is meant to exercise lay-offs; check that it does, on a fixed sample.
    # No shrinking: any example will do, and shrinking one takes longer than finding it.
    deal = find(
        hs.deals(),
        lambda d: ref.min_defender_deadwood(d[0], d[2]) < ref.min_deadwood(d[2]),
        settings=settings(max_examples=200, database=None, phases=[Phase.generate]),
    )
    assert ref.layoff_choices(deal[0], deal[2]) != {frozenset()}
