"""Hypothesis strategies for hands as lists of card ints (see tests/reference for the encoding).

Uniformly random hands rarely hold more than one meld, so they mostly test the easy path.
Meld-dense hands are drawn from a few consecutive ranks in all four suits, where sets and
runs cross and the choice of which meld takes a card decides the answer.
"""

from __future__ import annotations

from functools import cache

# pytest's default 'prepend' import mode puts this folder (no __init__.py) on sys.path.
import reference as ref
from hypothesis import assume, settings
from hypothesis import strategies as st

DECK = list(range(52))


def examples(budget: int) -> int:
    """A property's own example budget, capped by the profile's: the full budget in a
    developer's run and in CI, the quick profile's (make check) when that is smaller."""
    return min(budget, settings.default.max_examples)


@cache
def hands(size: int) -> st.SearchStrategy[list[int]]:
    """Any ``size`` distinct cards."""
    return st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True)


def window_cards(start: int, width: int) -> list[int]:
    """All four suits of the ranks start .. start+width-1."""
    return [ref.make(r, s) for s in range(4) for r in range(start, start + width)]


# Windows of 4-6 ranks: at least 16 cards, so an 11-card hand always fits, and narrow
# enough that nearly every card has both a set and a run to belong to.
windows = st.integers(4, 6).flatmap(
    lambda width: st.tuples(st.integers(0, 13 - width), st.just(width))
)


def meld_dense_hands(size: int) -> st.SearchStrategy[list[int]]:
    """``size`` distinct cards from one window of 4-6 consecutive ranks."""
    return windows.flatmap(lambda w: _window_hands(*w, size))


@cache
def _window_hands(start: int, width: int, size: int) -> st.SearchStrategy[list[int]]:
    # Cached: building a fresh strategy for every example costs more than drawing from it.
    cards = window_cards(start, width)
    return st.lists(st.sampled_from(cards), min_size=size, max_size=size, unique=True)


@cache
def mixed_hands(size: int) -> st.SearchStrategy[list[int]]:
    """Half random, half meld-dense: for properties that should hold on both."""
    return st.one_of(hands(size), meld_dense_hands(size))


# 0-9 cards: what deadwood() sees for spreads and for the cards left after lay-offs.
small_hands = st.integers(0, 9).flatmap(mixed_hands)


KNOCK_LIMIT = 10


@st.composite
def deals(draw) -> tuple[list[list[int]], list[int], list[int]]:
    """A knocker's spread and a defender's 10 cards, disjoint: ``(melds, deadwood, defender)``.

    The knocker lays 2-3 melds from one rank window (any legal choice, not necessarily the
    lowest arrangement, as docs/RULES.md lets the knocker choose) and fills up to 10 cards with
    deadwood from the rest of the deck, at most 10 points of it, so the knock is legal. Spreads
    of 10 melded cards (gin) come up too. Most of the defender's cards come from the window
    widened by two ranks each side, so 4th cards of sets and chains on run ends are common.
    """
    start, width = draw(windows)
    melds: list[list[int]] = []
    used: set[int] = set()
    for _ in range(3):
        fits = [m for m in _window_melds(start, width) if not m & used and len(used | m) <= 10]
        if not fits or (len(used) >= 7 and draw(st.booleans())):
            break
        meld = sorted(draw(st.sampled_from(fits)))
        melds.append(meld)
        used |= set(meld)
    # Fewer than 7 melded cards leaves 4+ deadwood cards: hardly ever 10 points or less.
    assume(len(used) >= 7)
    knocker_deadwood = draw(low_cards([c for c in DECK if c not in used], 10 - len(used)))
    used |= set(knocker_deadwood)

    low, high = max(0, start - 2), min(12, start + width + 1)
    near = [c for c in DECK if c not in used and low <= ref.rank(c) <= high]
    far = [c for c in DECK if c not in used and c not in near]
    # Mostly near cards, but never more far cards than exist (a wide window leaves few).
    n_near = draw(st.integers(max(4, 10 - len(far)), 10))
    defender = draw(distinct(near, n_near)) + draw(distinct(far, 10 - n_near))
    return melds, knocker_deadwood, defender


def distinct(pool: list[int], count: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.sampled_from(pool), min_size=count, max_size=count, unique=True)


@cache
def _window_melds(start: int, width: int) -> list[frozenset[int]]:
    return ref.all_melds(window_cards(start, width))


@st.composite
def low_cards(draw, pool: list[int], count: int, limit: int = KNOCK_LIMIT) -> list[int]:
    """``count`` distinct cards of ``pool`` worth at most ``limit`` points together."""
    chosen: list[int] = []
    for left in range(count, 0, -1):
        # Keep a point for each card still to draw (an ace is the cheapest card).
        budget = limit - ref.total(chosen) - (left - 1)
        fits = [c for c in pool if c not in chosen and ref.points(c) <= budget]
        assume(fits)
        chosen.append(draw(st.sampled_from(fits)))
    return chosen
