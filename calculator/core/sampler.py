"""The knock decision: the opponent's hand sampled consistent with the position, and each
sample scored with the engine's own spreads and the defender's best lay-offs.

Uniform samples make the opponent far too weak late in a hand: ten unseen cards dealt at
random average some 50 deadwood at any stage (57 for ten cards from a full deck), while a hand
played since the deal has been improved by every draw (about 21 by the time the pile holds a
dozen cards; docs/ADVICE.md's table by stage). So each sample is built the
way a hand is played: ten unseen cards dealt (the cards the opponent is known to hold
included), then one more unseen card for each card the opponent has drawn since the deal,
each followed by the discard that leaves the lowest deadwood, never a card known to be
theirs. They have not knocked, so no replayed draw may let the hand knock: each is drawn
among the cards that do not, and the sample weighs the chance of that (see `build_hand`).
A hand holding two cards that would have melded a card they threw or passed is half as
likely (they would have kept it).
docs/ADVICE.md has the validation against self-play.
"""
from __future__ import annotations

from itertools import islice
from math import sqrt
from random import Random
from typing import Callable, Iterator, NamedTuple

from .cards import POINTS, Card
from .melds import Arrangement
from .draws import bits_of, index_of, lowest_discard
from .odds import JOINS, PARTNERS, PASS_FACTOR
from .position import Position
from .spreads import Candidate, evaluate, lowest_spreads
from .tables import best_discard_deadwood_of_mask, deadwood_of_mask


class OpponentHand(NamedTuple):
    mask: int
    weight: float
    deadwood: int


TRIES = 12  # draws tried at each step of a built hand (see `build_hand`)
# Each hand is played through this many draws per card the opponent has drawn: fitted on
# self-play, where 1.0 leaves the samples some 3 points too weak (the real opponent also
# picks the face-up card when it helps, which a random stock draw does not model) and 1.3
# matches the real deadwood within a point or two at every stage (docs/ADVICE.md).
DRAW_FACTOR = 1.3


def build_hand(rng: Random, pool: list[int], known: int, unknown: int, draws: int,
               limit: int = -1) -> tuple[int, float, int]:
    """One opponent hand, its weight and its deadwood (followed along, not searched again):
    `unknown` cards dealt from `pool` beside the `known` ones, then `draws` more, each
    followed by the lowest-deadwood discard (never a known card; the drawn card itself when
    it ties).

    The opponent did not knock, so no draw let their hand knock: each draw is taken among
    the unseen cards that do not (drawn at random until one is found), and the hand's
    weight is multiplied by an unbiased estimate of the chance that a random draw does not:
    with N tries to find two such cards, 1/(N-1) (sequential importance sampling; the
    negative binomial's unbiased estimate). A step with none in `TRIES` tries weighs 0."""
    picks = rng.sample(pool, min(len(pool), unknown))
    hand = known
    for bit in picks:
        hand |= bit
    weight = 1.0
    size = len(pool)
    rand = rng.random
    deadwood = deadwood_of_mask(hand)
    # Why this is fast: a drawn card making no meld of three with two held cards stays
    # deadwood whatever is discarded, so the hand after it is the hand as it is (throw the
    # card back) or its best 9 cards plus the card: both known from the hand's own lowest
    # discard, worked out once per hand, so most draws cost a few operations and no search
    # (it cut the cost of a sample to a third).
    nine = None  # the hand's best 9 cards' deadwood, and its discard: looked up when needed
    for _ in range(draws):
        chosen = found = tries = 0
        melds = False
        while tries < TRIES:
            bit = pool[int(rand() * size)]
            if bit & hand:
                continue  # a card already held: not a draw
            tries += 1
            index = bit.bit_length() - 1
            joins = JOINS[index][PARTNERS[index] & hand]
            if joins:
                after = best_discard_deadwood_of_mask(hand | bit)
            elif deadwood - 9 > limit:  # the best 9 have at least deadwood - 10
                after = deadwood - 9
            else:
                if nine is None:
                    nine_discard, nine, reach = _best_nine(hand, known)
                after = reach + POINTS[index % 13]
                after = deadwood if deadwood < after else after
            if after > limit:
                found += 1
                if not chosen:
                    chosen, melds = bit, joins
                if found == 2:
                    break
        if not chosen:
            return hand, 0.0, deadwood
        weight *= 1 / (tries - 1) if found == 2 else 1 / TRIES
        if melds:
            discard, deadwood = lowest_discard(hand | chosen, known)
            hand = (hand | chosen) ^ discard
            nine = None
            continue
        points = POINTS[(chosen.bit_length() - 1) % 13]
        if points == 10:  # the best 9 have at least deadwood - 10: a ten goes straight back
            continue
        if nine is None:
            nine_discard, nine, reach = _best_nine(hand, known)
        if deadwood <= nine + points:
            continue  # the drawn card is thrown back: the hand is as it was
        hand = (hand ^ nine_discard) | chosen
        deadwood = nine + points
        nine = None
    return hand, weight, deadwood


def _best_nine(hand: int, known: int) -> tuple[int, int, int]:
    """A 10-card replayed hand's best 9 cards as the replay keeps them (its lowest discard
    that is no known card, and the deadwood left), and the lowest deadwood any discard
    leaves: whether a draw would have let them knock counts throwing a card they took from
    the pile too, which the replay itself keeps."""
    discard, deadwood = lowest_discard(hand, known)
    return discard, deadwood, lowest_discard(hand)[1] if known else deadwood


def shown_pairs(position: Position) -> list[tuple[int, dict[int, bool]]]:
    """For each card the opponent threw or passed: the cards that share a meld of three
    with it, and which of their subsets would have melded it (`odds.JOINS`)."""
    return [(PARTNERS[index_of(bit)], JOINS[index_of(bit)]) for bit in position.shown]


def opponent_hands(position: Position, count: int, rng: Random, draws: int | None = None
                   ) -> list[OpponentHand]:
    """`count` weighted opponent hands consistent with the position (see the module's
    docstring); `draws` overrides how many draws each hand is played through."""
    return _unweighted_if_none(list(islice(_hands(position, rng, draws), count)))


def _hands(position: Position, rng: Random, draws: int | None = None
           ) -> Iterator[OpponentHand]:
    """The weighted opponent hands one after another (the first n are `opponent_hands`' n:
    each consumes `rng` in turn)."""
    pool = bits_of(position.unseen)
    known, unknown = position.held, position.opponent_unknown
    draws = round(DRAW_FACTOR * position.opponent_draws) if draws is None else draws
    # at most the stock's cards (the unseen ones not theirs): fitted with the factor on
    # self-play under the standard rules (docs/ADVICE.md has what it does late in a hand)
    draws = max(0, min(draws, len(pool) - unknown))
    shown = shown_pairs(position)
    limit = position.limit
    while True:
        hand, weight, deadwood = build_hand(rng, pool, known, unknown, draws, limit)
        for partners, joins in shown:
            if joins[partners & hand]:
                weight *= PASS_FACTOR
        yield OpponentHand(hand, weight, deadwood)


def _unweighted_if_none(hands: list[OpponentHand]) -> list[OpponentHand]:
    if not any(hand.weight for hand in hands):  # every sample could have knocked: unweighted
        hands = [hand._replace(weight=1.0) for hand in hands]
    return hands


# The default number of samples is a most: the odds are looked at after each of these many
# and the sampling stops there once the caller's rule says the decision is settled (the
# advice: `advice.settled`, docs/ADVICE.md).
LOOKS = (100, 200, 300, 500, 700)


def knock_odds_sampled(hand_mask: int, position: Position, rng: Random, keep: int = 0,
                       settled: "Callable[[KnockOdds], bool] | None" = None,
                       prefer: tuple[Card, ...] = ()) -> "KnockOdds | None":
    """`knock_odds` against `position.samples` sampled hands; when the samples were not
    asked for and `settled` is given, against the first 100, 200, 300, 500 or 700 of them
    instead, at the first of these looks where `settled(odds)` holds. The answer is then the
    one asking for that many samples gives (the same seed deals the same first hands), and
    each look costs only the new hands' scoring: the outcomes so far are kept.

    Spreads worth the same go to the one whose discard comes first in `prefer` (the advice's
    ranking of the discards), so that the advice names the discard its table ranks first
    when either would do; without it, to the engine's first."""
    most = position.samples
    looks = [n for n in LOOKS if n < most] if settled and not position.samples_asked else []
    candidates = knock_candidates(hand_mask, position, keep)
    if not candidates:
        return None
    if prefer:
        place = {card: at for at, card in enumerate(prefer)}
        candidates.sort(key=lambda c: place.get(c.discard, len(place)))  # stable
    hands: list[OpponentHand] = []
    outcomes: list[list[tuple[int, int]]] = [[] for _ in candidates]
    source = _hands(position, rng)
    rules = position.rules
    bare = [c._replace(arranged=None) for c in candidates]  # lay-offs from masks
    for count in (*looks, most):
        new = list(islice(source, count - len(hands)))
        hands += new
        for scored, candidate in zip(outcomes, bare):
            scored += _outcomes(candidate, new, rules)
        odds = _odds(candidates, outcomes, _unweighted_if_none(hands), position.multiplier)
        if count == most or settled(odds):
            return odds
    return None  # not reached: the last count is `most`


class KnockOdds(NamedTuple):
    """What knocking now is worth against the sampled opponent hands (weighted shares)."""

    samples: int
    effective_samples: float   # (sum of weights)^2 / sum of squared weights
    win: float
    undercut: float
    tie: float                 # a tie that scores nothing (ties are not undercuts)
    expected_points: float     # for me: a win's points, less an undercut's
    error: float               # the largest standard error of the three shares
    opponent_deadwood: float   # their mean deadwood before lay-offs
    deadwood: int              # mine after the knocking discard
    discard: Card | None       # the knocking discard (None: big gin keeps all 11)
    spread: Arrangement
    outcome: str               # gin, big_gin or knock
    points_error: float = 0.0  # the standard error of expected_points


def knock_odds(hand_mask: int, position: Position, hands: list[OpponentHand], keep: int = 0
               ) -> KnockOdds | None:
    """Knocking with these 11 cards against every sampled hand, or None when the hand cannot
    knock. Among the lowest-deadwood spreads (the engine's own), the one with the best
    expected points over the samples is laid down: the knocker chooses before seeing the
    defender's cards, so every sample meets the same spread.

    >>> from calculator.core.position import read_position
    >>> p = read_position("As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd", ["Jc", "9d", "Th"])
    >>> odds = knock_odds(p.mine, p, opponent_hands(p, 200, Random(1)))
    >>> str(odds.discard), odds.deadwood, odds.win > 0.9
    ('Kd', 4, True)
    """
    candidates = knock_candidates(hand_mask, position, keep)
    if not candidates:
        return None
    outcomes = [_outcomes(c._replace(arranged=None), hands, position.rules)
                for c in candidates]  # lay-offs from masks: no arrangement built
    return _odds(candidates, outcomes, hands, position.multiplier)


def knock_candidates(hand_mask: int, position: Position, keep: int = 0) -> list[Candidate]:
    """The lowest-deadwood spreads of these 11 cards within the knock limit (the engine's
    own), never discarding a `keep` card (one just taken from the pile)."""
    rules = position.rules
    candidates = lowest_spreads(hand_mask, position.limit, rules)
    if keep:  # a card just taken from the pile may not be the knocking discard
        candidates = [c for c in candidates if c.discard is None or not c.discard.bit & keep]
        if not candidates:
            discard, deadwood = lowest_discard(hand_mask, keep)
            if deadwood <= position.limit:
                card = Card.from_index(discard.bit_length() - 1)
                candidates = [c._replace(discard=card) for c in
                              lowest_spreads(hand_mask ^ discard, position.limit, rules)]
    return candidates


WIN, UNDERCUT, TIE = 0, 1, 2


def _outcomes(candidate: Candidate, hands: list[OpponentHand], rules) -> list[tuple[int, int]]:
    """For each hand: (points for the knocker, WIN / UNDERCUT / TIE)."""
    out = []
    for hand in hands:
        outcome = evaluate(candidate, hand.mask, rules, hand.deadwood).outcome
        kind = (WIN if outcome.winner == "knocker" else
                UNDERCUT if outcome.outcome == "undercut" else TIE)
        out.append((outcome.value_for_knocker(), kind))
    return out


def _odds(candidates: list[Candidate], outcomes: list[list[tuple[int, int]]],
          hands: list[OpponentHand], multiplier: int) -> KnockOdds:
    """The odds of the candidate with the best weighted mean points over `hands` (the first
    of the outcomes' entries: a look uses the hands so far)."""
    weights = [hand.weight for hand in hands]
    best = None
    for candidate, scored in zip(candidates, outcomes):
        tally = _tally(scored, weights)
        if best is None or tally[0] > best[0][0]:
            best = (tally, candidate)
    (value, win, undercut, tie, spread), candidate = best
    total = sum(weights)
    effective = total * total / sum(w * w for w in weights)
    error = max(sqrt(p * (1 - p) / effective) for p in (win, undercut, tie))
    outcome = "big_gin" if candidate.big_gin else "gin" if candidate.deadwood == 0 else "knock"
    unlaid = sum(hand.deadwood * w for hand, w in zip(hands, weights)) / total
    return KnockOdds(len(hands), effective, win, undercut, tie, value * multiplier, error,
                     unlaid, candidate.deadwood, candidate.discard, candidate.arrangement(),
                     outcome, sqrt(spread / effective) * multiplier)


def _tally(scored: list[tuple[int, int]], weights: list[float]
           ) -> tuple[float, float, float, float, float]:
    """(mean points for the knocker, P(win), P(undercut), P(scoreless tie), the points'
    weighted variance), over the first len(weights) outcomes."""
    value = total = squares = 0.0
    shares = [0.0, 0.0, 0.0]
    for (points, kind), weight in zip(scored, weights):
        total += weight
        value += weight * points
        squares += weight * points * points
        shares[kind] += weight
    mean = value / total
    return (mean, shares[WIN] / total, shares[UNDERCUT] / total, shares[TIE] / total,
            max(0.0, squares / total - mean * mean))
