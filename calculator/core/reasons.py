"""The advice's words: a chance as people read it, and the one-sentence reason of each discard
(what it keeps, and why it is safe or not), in words a casual player understands.
"""
from __future__ import annotations

from functools import lru_cache

from .cards import ALL_CARDS, Card, mask_cards
from .draws import COLUMN
from .odds import PAIRS, PARTNERS

GLYPHS = tuple(card.glyph for card in ALL_CARDS)  # by index, as the reasons print them


def percent(p: float) -> str:
    """A chance as people read it, the one rule for the reasons, the command line and the
    page: a whole percent, but a chance that is neither 0 nor 1 never reads as either (a
    reason had said "melds it 0% of the time" beside a table's 0.1%).

    >>> [percent(p) for p in (0, 0.0004, 0.003, 0.25, 0.996, 0.9999, 1)]
    ['0%', '<0.1%', '0.3%', '25%', '99.6%', '>99.9%', '100%']
    """
    if p <= 0 or p >= 1:
        return f"{p:.0%}"
    if p < 0.01:
        return "<0.1%" if p < 0.0005 else f"{p:.1%}"
    if p > 0.99:
        return ">99.9%" if p >= 0.9995 else f"{p:.1%}"
    return f"{p:.0%}"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def discard_reason(card: Card, deadwood: int, can_knock: bool, gin_outs: int,
                   knock_outs: int, adjusted: float, dead: bool, gone: int) -> str:
    """One sentence a casual player understands (`gone`: the cards neither unseen nor the
    opponent's)."""
    glyph = GLYPHS[card.index]
    if deadwood == 0:
        lead = f"Throw {glyph}: the rest is gin"
    elif gin_outs:
        lead = (f"Throw {glyph}: it keeps {deadwood} deadwood and "
                f"{plural(gin_outs, 'live out')} to gin")
    elif can_knock:
        lead = f"Throw {glyph}: it keeps {deadwood} deadwood, low enough to knock"
    elif knock_outs:
        lets = "lets" if knock_outs == 1 else "let"
        lead = (f"Throw {glyph}: it keeps {deadwood} deadwood and "
                f"{plural(knock_outs, 'live card')} that {lets} you knock")
    else:
        lead = f"Throw {glyph}: it keeps {deadwood} deadwood"
    if dead:
        return f"{lead}, and it is dead: {why_dead(card.index, gone & PARTNERS[card.index])}."
    if adjusted < 0.05:
        return (f"{lead}, and it is fairly safe: the opponent melds it {percent(adjusted)} of "
                f"the time.")
    return f"{lead}, but the opponent can meld it ({percent(adjusted)})."


# A rank in words ("two other sevens"): "7s" would read as the code of the seven of spades.
RANK_WORDS = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king")
RANK_PLURALS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                "nines", "tens", "jacks", "queens", "kings")


def face_down_reason(card: Card, deadwood: int) -> str:
    """The reason of a discard that goes face down with a knock or gin: the opponent never
    gets it, so its danger is no reason against it."""
    going = "go gin" if deadwood == 0 else f"knock with {deadwood}"
    return (f"Throw {card.glyph} face down as you {going}: a card that goes down with your "
            f"melds cannot be picked up, so its danger does not count.")


@lru_cache(maxsize=52 << 7)
def why_dead(index: int, gone: int) -> str:
    """Which cards no meld of three with the card can have (`gone`: those of its partners
    seen, or mine): "two other kings and J♦ are out of the opponent's reach".

    Why a cache: the words depend only on the card and which of its (at most 7) partners
    are gone, and writing them was most of a dead discard's reason (the exact advice 2.5%
    fewer instructions: callgrind, 1.346 -> 1.312 million a position)."""
    card = ALL_CARDS[index]
    rank_gone = (gone & COLUMN << card.rank & ~card.bit).bit_count()
    parts = [f"{number_word(rank_gone)} other "
             f"{(RANK_WORDS if rank_gone == 1 else RANK_PLURALS)[card.rank]}"]
    blockers = 0
    for pair in PAIRS[index][3:]:  # the runs through it: each needs a card that is gone
        blockers |= pair & gone & -(pair & gone)
    parts += [GLYPHS[c.index] for c in mask_cards(blockers)]
    listed = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
    verb = "is" if len(parts) == 1 and rank_gone == 1 else "are"
    return f"{listed} {verb} out of the opponent's reach"


def number_word(count: int) -> str:
    return ("no", "one", "two", "three")[count] if count < 4 else str(count)
