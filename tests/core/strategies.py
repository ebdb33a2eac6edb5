"""Hypothesis strategies for hands as lists of card ints (see reference.py for the encoding).

Uniformly random hands rarely hold more than one meld, so they mostly test the easy path.
Meld-dense hands are drawn from a few consecutive ranks in all four suits, where sets and
runs cross and the choice of which meld takes a card decides the answer.
"""

from __future__ import annotations

from hypothesis import strategies as st

# pytest's default 'prepend' import mode puts this folder (no __init__.py) on sys.path.
import reference as ref

DECK = list(range(52))


def hands(size: int) -> st.SearchStrategy[list[int]]:
    """Any ``size`` distinct cards."""
    return st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True)


def window_cards(start: int, width: int) -> list[int]:
    """All four suits of the ranks start .. start+width-1."""
    return [ref.make(r, s) for s in range(4) for r in range(start, start + width)]


# Windows of 4-6 ranks: at least 16 cards, so an 11-card hand always fits, and narrow
# enough that nearly every card has both a set and a run to belong to.
windows = st.integers(4, 6).flatmap(lambda width: st.tuples(st.integers(0, 13 - width), st.just(width)))


def meld_dense_hands(size: int) -> st.SearchStrategy[list[int]]:
    """``size`` distinct cards from one window of 4-6 consecutive ranks."""
    return windows.flatmap(
        lambda w: st.lists(
            st.sampled_from(window_cards(*w)), min_size=size, max_size=size, unique=True
        )
    )


def mixed_hands(size: int) -> st.SearchStrategy[list[int]]:
    """Half random, half meld-dense: for properties that should hold on both."""
    return st.one_of(hands(size), meld_dense_hands(size))


@st.composite
def deals(draw) -> tuple[list[list[int]], list[int], list[int]]:
    """A knocker's spread and a defender's 10 cards, disjoint: ``(melds, deadwood, defender)``.

    The knocker lays 1-3 melds from one rank window (any legal choice, not necessarily the
    lowest arrangement, as RULES.md lets the knocker choose) and fills up to 10 cards with
    deadwood from the rest of the deck. Most of the defender's cards come from the window
    widened by two ranks each side, so 4th cards of sets and chains on run ends are common.
    """
    start, width = draw(windows)
    window = window_cards(start, width)
    melds: list[list[int]] = []
    used: set[int] = set()
    for _ in range(draw(st.integers(1, 3))):
        fits = [m for m in ref.all_melds(set(window) - used) if len(used) + len(m) <= 10]
        if not fits:
            break
        meld = sorted(draw(st.sampled_from(fits)))
        melds.append(meld)
        used |= set(meld)
    rest = [c for c in DECK if c not in used]
    knocker_deadwood = draw(
        st.lists(st.sampled_from(rest), min_size=10 - len(used), max_size=10 - len(used), unique=True)
    )
    used |= set(knocker_deadwood)

    low, high = max(0, start - 2), min(12, start + width + 1)
    near = [c for c in DECK if c not in used and low <= ref.rank(c) <= high]
    far = [c for c in DECK if c not in used and c not in near]
    # Mostly near cards, but never more far cards than exist (a wide window leaves few).
    n_near = draw(st.integers(max(4, 10 - len(far)), 10))
    defender = draw(st.lists(st.sampled_from(near), min_size=n_near, max_size=n_near, unique=True))
    defender += draw(
        st.lists(st.sampled_from(far), min_size=10 - n_near, max_size=10 - n_near, unique=True)
    )
    return melds, knocker_deadwood, defender
