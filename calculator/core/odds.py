"""Exact odds over the cards a player has not seen: draws, outs, live melds and danger.

The model (docs/ADVICE.md): every card whose place I do not know ("unseen": not in my hand,
not in the discard pile, not known to be in the opponent's hand) is equally likely to be any
of them. The opponent's unknown cards are then a uniform random subset of the unseen cards,
and the next card I draw from the stock is uniform over the unseen cards.

Everything here works on 52-bit masks (bit = suit * 13 + rank), as the engine does.
"""
from __future__ import annotations

from functools import lru_cache
from math import sqrt
from random import Random
from typing import NamedTuple
from itertools import combinations
from operator import itemgetter

from .cards import mask_cards
from .draws import bits_of
from .lanes import DrawOuts
from .memo import Memo
from .tables import COLUMN, SUIT_BITS, best_discards_of_mask, discard_deadwoods_of_mask, \
    ranks_twice

ALL = (1 << 52) - 1


def _partner_pairs(index: int) -> tuple[int, ...]:
    """The pairs of cards that make a meld of three with this card: the three pairs of its
    rank in the other suits, and the runs of three through it (3 for a middle card, 1 for an
    ace or a king): 6 pairs for a middle card, 4 for an ace or a king."""
    suit, rank = divmod(index, 13)
    others = [s for s in range(4) if s != suit]
    pairs = [1 << (a * 13 + rank) | 1 << (b * 13 + rank) for a, b in combinations(others, 2)]
    for low in (rank - 2, rank - 1, rank):
        if low >= 0 and low + 2 <= 12:
            pairs.append(sum(1 << (suit * 13 + r) for r in range(low, low + 3) if r != rank))
    return tuple(pairs)


PAIRS = tuple(_partner_pairs(i) for i in range(52))


def _union_of(pairs: tuple[int, ...]) -> int:
    union = 0
    for pair in pairs:
        union |= pair
    return union


# every card that shares a meld of three with the card
PARTNERS = tuple(_union_of(pairs) for pairs in PAIRS)
# each pair's two cards, for the answers (a pair of mine waiting for a card is one of its pairs)
PAIR_CARDS = {pair: mask_cards(pair) for pairs in PAIRS for pair in pairs}


def _pairs_held(index: int) -> dict[int, tuple[int, ...]]:
    """For every set of the card's partners a hand may hold: the card's pairs it holds both
    cards of, each by the lower of its two cards (then that card's `PAIRS` order), the order
    they are met in reading a hand from its lowest card. Why a table: a dictionary look-up
    where testing its up to six pairs took ten times as long (the sampler asks how many for
    every card it deals), and the melds in waiting one look-up an unseen card, where testing
    each of my cards' pairs took three times as long for a hand (measured)."""
    def order(pair: int) -> tuple[int, int]:
        low = (pair & -pair).bit_length() - 1
        return low, PAIRS[low].index(pair ^ (pair & -pair) | 1 << index)

    partners = bits_of(PARTNERS[index])
    table = {}
    for chosen in range(1 << len(partners)):
        held = sum(bit for k, bit in enumerate(partners) if chosen >> k & 1)
        table[held] = tuple(sorted((pair for pair in PAIRS[index] if pair & held == pair),
                                   key=order))
    return table


# WAITING[card][hand & PARTNERS[card]]: the hand's pairs that the card would meld
WAITING = tuple(_pairs_held(i) for i in range(52))
# PAIRS_HELD[card][cards & PARTNERS[card]]: how many melds of three with the card they make
PAIRS_HELD = tuple({held: len(pairs) for held, pairs in table.items()} for table in WAITING)
# JOINS[card][hand & PARTNERS[card]]: the hand holds a pair that melds the card
JOINS = tuple({held: count > 0 for held, count in table.items()} for table in PAIRS_HELD)


# --- danger: can the opponent meld my discard? ----------------------------------------------

@lru_cache(maxsize=1024)
def falling_ratios(n: int, total: int) -> tuple[float, ...]:
    """F[k] = P(k given unseen cards are all among the opponent's n unknown cards), for a
    uniform n-subset of `total` unseen cards: n(n-1)..(n-k+1) / total(total-1)..(total-k+1).
    Remembered: a game has at most 11 n and 42 totals, and every advice asks (a tuple, so
    the one shared value cannot be changed).

    >>> [round(f, 4) for f in falling_ratios(10, 31)[:3]]
    [1.0, 0.3226, 0.0968]
    """
    ratios = [1.0]
    for k in range(8):
        ratios.append(ratios[-1] * (n - k) / (total - k) if n - k > 0 and total - k > 0
                      else 0.0)
    return tuple(ratios)


def _possible_pairs(index: int, possible: int) -> list[int]:
    return [pair for pair in PAIRS[index] if pair & possible == pair]


def _union_terms(pairs: list[int]) -> list[tuple[int, int]]:
    """Inclusion-exclusion over the pairs: (union of a non-empty subset of pairs, sign)."""
    terms: list[tuple[int, int]] = []
    for pair in pairs:
        terms += [(union | pair, -sign) for union, sign in terms]
        terms.append((pair, 1))
    return terms


@lru_cache(maxsize=1 << 16)
def _danger_coefficients(index: int, unseen_near: int, held_near: int
                         ) -> tuple[tuple[int, int], ...]:
    """The (k, c[k]) with c[k] not 0 such that danger = sum c[k] F[k]: inclusion-exclusion
    over the possible pairs (up to 63 terms) collapsed by how many unseen cards each term
    needs. It depends only on the state of the card's (at most 7) meld partners, so it is
    worked out once per state."""
    coefficients = [0] * 9
    for union, sign in _union_terms(_possible_pairs(index, unseen_near | held_near)):
        coefficients[(union & unseen_near).bit_count()] += sign
    return tuple((k, c) for k, c in enumerate(coefficients) if c)


def _clamped(p: float) -> float:
    """A sum of signed terms, or a product of ratios, held to [0, 1] (rounding can carry it
    just past either end). Two comparisons, where min(max()) took six times as long
    (measured: 0.04 against 0.23 µs; every danger is clamped)."""
    return 1.0 if p > 1.0 else (p if p > 0.0 else 0.0)


def danger(index: int, unseen: int, forced: int, ratios: tuple[float, ...]) -> float:
    """The exact probability that the opponent holds two cards that make a set or a run of
    three with the card: inclusion-exclusion over those pairs, the opponent's known cards
    (`forced`) in their hand for certain, the rest uniform over the unseen cards.

    With 12 unseen cards, the opponent holding 10 of them, and only 7h's partner 8h unseen
    beside 9h (every other card of its melds seen): P(both 8h and 9h) = 10*9 / (12*11).

    >>> from calculator.core.cards import Card
    >>> seven = Card("7h").index
    >>> unseen = Card("8h").bit | Card("9h").bit | sum(Card(c).bit for c in "As 2s 3s 4s 5s Ad 2d 3d 4d 5d".split())
    >>> round(danger(seven, unseen, 0, falling_ratios(10, 12)), 4)
    0.6818
    """
    near = PARTNERS[index]
    total = 0.0
    for k, c in _danger_coefficients(index, unseen & near, forced & near):
        total += c * ratios[k]
    return _clamped(total)


# How much one of their discards or passes of a card that melds with x lowers the odds that
# they hold x, and how much a card they took raises them (docs/ADVICE.md).
PASS_FACTOR = 0.5
TAKE_FACTOR = 2.0


# ranks 0, 1, 11 and 12 of every suit: where a shift by one or two crosses into the next suit
_RANK_0, _RANKS_01 = COLUMN, COLUMN * 0b11
_RANK_12, _RANKS_11_12 = COLUMN << 12, COLUMN << 11 | COLUMN << 12


def waiting_cards(mine: int, unseen: int) -> int:
    """The unseen cards that make a meld of three with two of my cards: every card of a rank
    I hold twice or more, and in each suit the ranks with two of mine beside them in a run
    (x-2 and x-1, x-1 and x+1, or x+1 and x+2).

    Why: the melds in waiting (`advice.melds_in_waiting`) then look up these few cards
    (about 8 of some 35 unseen), where testing every unseen card's partners found most of
    them holding no pair of mine."""
    up1 = mine << 1 & ALL & ~_RANK_0          # bit x set when I hold x-1 (same suit)
    up2 = mine << 2 & ALL & ~_RANKS_01        # ... x-2
    down1 = mine >> 1 & ~_RANK_12             # ... x+1
    down2 = mine >> 2 & ~_RANKS_11_12         # ... x+2
    runs = up1 & (up2 | down1) | down1 & down2
    twice = ranks_twice(mine & SUIT_BITS, mine >> 13 & SUIT_BITS, mine >> 26 & SUIT_BITS,
                        mine >> 39)
    return unseen & (runs | twice * COLUMN)


def _near_cards(index: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The card's set partners (its rank in the other three suits) and its run partners in
    order x-2, x-1, x+1, x+2 (0 for a rank off the end), as bits."""
    suit, rank = divmod(index, 13)
    sets = tuple(1 << (s * 13 + rank) for s in range(4) if s != suit)
    runs = tuple(1 << (suit * 13 + r) if 0 <= r <= 12 else 0
                 for r in (rank - 2, rank - 1, rank + 1, rank + 2))
    return sets, runs


# each card's three set partners, then its run partners x-2, x-1, x+1, x+2
NEAR_BITS = tuple(sets + runs for sets, runs in map(_near_cards, range(52)))


def _independent(a: float, b: float, c: float, r0: float, r1: float, r2: float, r3: float
                 ) -> float:
    """P(some pair of a card's melds is held) when each of its partners is held
    independently: with chances a, b, c for the three of its rank and r0..r3 for the run
    cards x-2, x-1, x+1, x+2 (0 off the end of the suit). The set cards and the run cards
    are disjoint; the run pairs are consecutive along x-2, x-1, x+1, x+2, so P(no run pair)
    is a walk along that path: (no pair so far, last card not held / held)."""
    na, nb, nc = 1 - a, 1 - b, 1 - c
    none_or_one = na * nb * nc + a * nb * nc + b * na * nc + c * na * nb
    free, last_held = 1 - r0, r0
    free, last_held = (free + last_held) * (1 - r1), free * r1
    free, last_held = (free + last_held) * (1 - r2), free * r2
    free, last_held = (free + last_held) * (1 - r3), free * r3
    return 1 - none_or_one * (free + last_held)


def _independent_danger(index: int, p) -> float:
    """`_independent` for the card with each partner held with probability p(bit)."""
    return _independent(*(p(bit) if bit else 0.0 for bit in NEAR_BITS[index]))


def _plain_chances(index: int, unseen: int, forced: int, base: float) -> list[float]:
    """The held chances of the card's partners (`NEAR_BITS` order) with every unseen card at
    n/N (`base`): the reference the weighed chances are measured against. Worked out each
    time: a cache keyed by the partners' state and n/N missed on most cards of a new
    position and cost more than it saved (measured)."""
    return [1.0 if bit & forced else (base if bit & unseen else 0.0)
            for bit in NEAR_BITS[index]]


def adjusted_danger(index: int, unseen: int, forced: int, ratios: tuple[float, ...],
                    chances: dict[int, float], exact: float | None = None) -> float:
    """The exact danger scaled by how much the held chances of the unseen cards (`chances`:
    bit -> P(the opponent holds it), `held_chances`) change it in a model where each card
    is held independently (known: 1): equal to the exact danger when the card's partners
    all have the uniform chance n/N. Kept beside `discard_dangers`, which only the tests'
    checks call it for: it is that function's one card at a time, written plainly, and the
    tests hold the two equal to the last bit."""
    exact = danger(index, unseen, forced, ratios) if exact is None else exact
    if not exact:
        return exact
    # Why inline: the held chances of the (at most 7) partners in one loop, where a callback
    # per partner (`_independent_danger`) made the eleven discards' dangers 1.4x slower
    # (measured); the same sums in the same order, so the same value to the last bit (the
    # tests check it against that function).
    base = ratios[1]  # n / N
    values = []
    weighed = False
    for bit in NEAR_BITS[index]:
        if bit & forced:
            values.append(1.0)
        elif bit & unseen:
            chance = chances[bit]
            if chance != base:
                weighed = True
            values.append(chance)
        else:
            values.append(0.0)
    if not weighed:
        return exact
    reference = _independent(*_plain_chances(index, unseen, forced, base))
    return _weighed(exact, values, reference) if reference else exact


def held_chances(count: int, weights: dict[int, float], n: int) -> tuple[float, dict[int, float]]:
    """The opponent's chance of holding each of `count` unseen cards, `n` of which they hold,
    proportional to the cards' weights (1 but for those in `weights`) and at most 1: min(1,
    L w) with L such that the chances add up to n (a card whose share would pass 1 is held
    surely and the rest share what is left). Returns the chance of a card of weight 1 and
    the chances of the cards in `weights`.

    Dividing the weights by their mean alone loses the share cut off at 1: late in a hand,
    with 7 of 11 unseen cards theirs, the chances added up to 5.6.

    >>> held_chances(4, {1: 4.0}, 2)  # one card weighing 4 is held for sure; the rest share 1
    (0.3333333333333333, {1: 1.0})
    """
    free = dict(weights)  # the weighed cards whose chance is not yet 1
    plain = count - len(weights)  # the cards of weight 1, while their chance is below 1
    sure = 0  # the cards held for sure
    while True:
        # the weights are powers of two: their sum is exact in any order
        total = sum(free.values()) + plain
        share = (n - sure) / total if total else 0.0
        full = [bit for bit, weight in free.items() if share * weight >= 1.0]
        if not full and (not plain or share < 1.0):
            break
        for bit in full:
            del free[bit]
        sure += len(full)
        if plain and share >= 1.0:
            sure += plain
            plain = 0
    chances = dict.fromkeys(weights, 1.0)
    for bit, weight in free.items():
        chances[bit] = share * weight
    return (share if plain else 1.0), chances


def _weighed(exact: float, chances, reference: float) -> float:
    """The exact danger times the independent model's danger with these held chances of
    the partners (`NEAR_BITS` order) over `reference`, that model's danger with every
    weight 1."""
    return _clamped(exact * _independent(*chances) / reference)


# each card's partners (`PARTNERS`) one bit at a time
PARTNER_BITS = tuple(tuple(bits_of(partners)) for partners in PARTNERS)
# a list by card index (52: a 0.0 for a partner off the end of the suit) -> the card's
# partners' entries in `NEAR_BITS` order
NEAR_INDEX = tuple(itemgetter(*[bit.bit_length() - 1 if bit else 52 for bit in near])
                   for near in NEAR_BITS)
# a suit's 13 cards, 1.0 where the mask holds the card, else 0.0 (two shared floats)
_FLAGS = Memo(lambda suit_mask: tuple((0.0, 1.0)[suit_mask >> j & 1] for j in range(13)),
              keys=range(1 << 13))


def discard_dangers(cards: int, unseen: int, forced: int, ratios: tuple[float, ...],
                    shown: list[int], took: list[int]) -> dict[int, tuple[float, float]]:
    """For each card (bit) of `cards`: its `danger` and its `adjusted_danger` under the
    unseen cards' weights (each halved, PASS_FACTOR, for each card in `shown` that shares a
    meld of three with it, doubled, TAKE_FACTOR, for each in `took`), as held chances that
    add up to the opponent's unknown cards (`held_chances`), worked out for all the cards at
    once (the tests check both, to the last bit, against `adjusted_danger` under every
    unseen card's chance written out).

    Why: only the unseen partners of a card they threw, passed or took weigh other than the
    rest, so those few weights are kept (and the rest's one chance); the held chances, and
    the uniform ones of the reference, are two lists by card index that one `itemgetter` a
    card reads its partners' from (measured 1.5x faster for an 11-card hand than a
    dictionary read a partner and the reference's list built a card)."""
    raw: dict[int, float] = {}  # those partners' weights
    for group, factor in ((shown, PASS_FACTOR), (took, TAKE_FACTOR)):
        for card in group:
            for bit in PARTNER_BITS[card.bit_length() - 1]:
                if bit & unseen:
                    raw[bit] = raw.get(bit, 1.0) * factor
    base = ratios[1]  # n / N
    count = unseen.bit_count()
    if raw:
        plain, weighed = held_chances(count, raw, round(base * count))  # n from n / N
    else:
        plain, weighed = base, {}
    # by card index (and a last 0.0 for a partner off the end of the suit): the uniform
    # chance n / N of every unseen card, and the held chances
    flags = (_FLAGS[unseen & SUIT_BITS] + _FLAGS[unseen >> 13 & SUIT_BITS]
             + _FLAGS[unseen >> 26 & SUIT_BITS] + _FLAGS[unseen >> 39 & SUIT_BITS] + (0.0,))
    uniform = [base * flag for flag in flags]
    chances = uniform.copy() if plain == base else [plain * flag for flag in flags]
    # the unseen cards whose chance is the uniform n / N: a card meeting only those keeps
    # its exact danger
    even = unseen if plain == base else 0
    for bit, chance in weighed.items():
        chances[bit.bit_length() - 1] = chance
        if chance == base:
            even |= bit
        else:
            even &= ~bit
    for bit in bits_of(forced):
        index = bit.bit_length() - 1
        chances[index] = uniform[index] = 1.0
    out = {}
    while cards:
        bit = cards & -cards
        cards ^= bit
        index = bit.bit_length() - 1
        exact = adjusted = danger(index, unseen, forced, ratios)
        if exact and unseen & PARTNERS[index] & ~even:
            partners = NEAR_INDEX[index]
            reference = _independent(*partners(uniform))
            if reference:
                adjusted = _weighed(exact, partners(chances), reference)
        out[bit] = exact, adjusted
    return out


def live_melds(index: int, alive: int) -> int:
    """How many melds of three the card can still join: pairs whose cards are all `alive`
    (mine, or unseen); a meld needing a card seen elsewhere is gone."""
    return PAIRS_HELD[index][alive & PARTNERS[index]]


# --- several draws: P(knock or gin within k stock draws) -------------------------------------

def greedy_keep(hand11: int) -> int:
    """The 10 cards kept after discarding to the lowest deadwood (first such card in card
    order): the policy the k-draw odds and the self-play baseline use."""
    _, bits = best_discards_of_mask(hand11)
    return hand11 ^ (bits & -bits)


def keep_without(hand11: int, keep: int) -> int:
    """The lowest-deadwood discard that is not one of the `keep` cards (a card just taken
    from the pile may not be thrown back); the first in card order on ties."""
    after = discard_deadwoods_of_mask(hand11)
    best = min(value for bit, value in after.items() if not bit & keep)
    bit = min(bit for bit, value in after.items() if value == best and not bit & keep)
    return hand11 ^ bit


class Within(NamedTuple):
    """P(a knock is possible) and P(gin) within `draws` stock draws, and the standard error
    of each (0 when worked out exactly)."""

    draws: int
    knock: float
    gin: float
    knock_error: float = 0.0
    gin_error: float = 0.0
    sampled: bool = False  # the third draw followed on some of the two-draw lines only


THIRD_DRAW_PATHS = 240  # two-draw lines followed exactly to the third draw, at most


def within_draws(kept: int, unseen: int, limit: int, draws: int, rng: Random | None = None,
                 paths_cap: int = THIRD_DRAW_PATHS) -> list[Within]:
    """P(can knock) and P(gin) within j stock draws, j = 1..draws (at most 3), for a 10-card
    hand: each draw followed by the lowest-deadwood discard (`greedy_keep`), draws uniform
    over the unseen cards without replacement (the opponent's draws in between are cards I
    do not see, so my next card is still uniform over what I have not seen).

    One and two draws are exact: every ordered pair of unseen cards. The third draw is exact
    when the two-draw lines not yet done (no knock, or no gin, so far) are at most
    `paths_cap`; else it follows `paths_cap` of them drawn at random with `rng`, and the
    third draw's share is their mean times how many there are, with that mean's standard
    error: unbiased, and never below the two-draw odds."""
    draws = min(draws, 3)
    if draws <= 0:
        return []
    cards = bits_of(unseen)
    total = len(cards)
    memo: dict[int, tuple[int, int]] = {}
    # the outs among the cards not yet drawn (a card already drawn is held, or thrown: the
    # callers below mask it out)
    outs = DrawOuts(unseen, limit)

    def outs_of(hand: int) -> tuple[int, int]:
        found = memo.get(hand)
        if found is None:
            found = memo[hand] = outs(hand)
        return found

    knock1, gin1 = outs_of(kept)
    out = [Within(1, knock1.bit_count() / total, gin1.bit_count() / total)]
    if draws == 1 or total < 2:
        return out
    knock2 = gin2 = 0.0  # first success at the second draw
    lines: list[tuple] = []  # (hand after one draw, cards drawn, done knock, done gin, 2nd)
    for u in cards:
        done_k, done_g = bool(u & knock1), bool(u & gin1)
        if done_k and done_g:
            continue
        hand = greedy_keep(kept | u)
        knock, gin = outs_of(hand)
        knock &= ~u
        gin &= ~u
        if not done_k:
            knock2 += knock.bit_count()
        if not done_g:
            gin2 += gin.bit_count()
        if draws == 3:
            for v in cards:
                if v == u:
                    continue
                k, g = done_k or bool(v & knock), done_g or bool(v & gin)
                if not (k and g):
                    lines.append((hand, u | v, k, g, v))
    pair_weight = 1 / (total * (total - 1))
    out.append(Within(2, out[0].knock + knock2 * pair_weight, out[0].gin + gin2 * pair_weight))
    if draws == 2 or total < 3:
        return out
    chosen = lines
    if len(lines) > paths_cap:
        chosen = (rng or Random(0)).sample(lines, paths_cap)
    shares_k, shares_g = [], []
    for hand, gone, done_k, done_g, v in chosen:
        knock, gin = outs_of(greedy_keep(hand | v))
        shares_k.append(0 if done_k else (knock & ~gone).bit_count() / (total - 2))
        shares_g.append(0 if done_g else (gin & ~gone).bit_count() / (total - 2))
    scale = len(lines) * pair_weight
    errors = [0.0, 0.0]
    if chosen is not lines:
        errors = [scale * _standard_error(shares) for shares in (shares_k, shares_g)]
    mean_k = sum(shares_k) / len(chosen) if chosen else 0.0
    mean_g = sum(shares_g) / len(chosen) if chosen else 0.0
    out.append(Within(3, min(1.0, out[1].knock + scale * mean_k),
                      min(1.0, out[1].gin + scale * mean_g), errors[0], errors[1],
                      chosen is not lines))
    return out


def _standard_error(values: list[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return sqrt(sum((x - mean) ** 2 for x in values) / (n - 1) / n)


def fewest_draws(within: list[Within], already_knock: bool, already_gin: bool
                 ) -> tuple[int | None, int | None]:
    """The fewest stock draws that can bring a knock and gin under the draw policy (0 when
    the hand already can; None when not within the draws looked at)."""
    knock = 0 if already_knock else next((w.draws for w in within if w.knock > 0), None)
    gin = 0 if already_gin else next((w.draws for w in within if w.gin > 0), None)
    return knock, gin
