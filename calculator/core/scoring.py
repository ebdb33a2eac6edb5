"""One hand's result: who scores how much, and why.

The knocker comes as cards (10, or 11 for the engine to pick the discard), as a declared
spread (an `Arrangement`, or a `DeclaredSpread` of tokens still to read), or as counts
(`KnockerCounts`); the defender as 10 cards or as a count of deadwood after lay-offs.
Counts for the knocker with cards for the defender is refused: lay-offs need the knocker's
melds.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, cards_mask
from .errors import CalculatorError, IllegalKnockError, IncompatibleInputError, \
    NumberRangeError, group
from .hands import read_hand, read_upcard, refuse_shared_cards
from .layoffs import DeclaredSpread, Defense, Layoff, LayoffOption, LayoffResult, best_defense, \
    check_spread, layoff_options, layoff_options_from, read_spread, spread_places
from .melds import MOST_DEADWOOD, Arrangement, Meld, meld_masks
from .numbers import is_whole
from .rules import DEFAULT_RULES, Rules
from .spreads import Candidate, Evaluated, Outcome, choose_spreads, hand_outcome, \
    lowest_possible_deadwood, lowest_spreads


@dataclass(frozen=True, slots=True)
class KnockerCounts:
    """A knocker counted by hand: deadwood after the discard; 0 is gin."""

    deadwood: int
    gin: bool = False
    big_gin: bool = False


@dataclass(frozen=True, slots=True)
class KnockerSide:
    deadwood: int
    gin: bool
    big_gin: bool
    melds: tuple[Meld, ...] | None = None  # None when the knocker was given as counts
    deadwood_cards: tuple[Card, ...] | None = None
    discard: Card | None = None


@dataclass(frozen=True, slots=True)
class DefenderSide:
    deadwood: int
    melds: tuple[Meld, ...] | None = None  # None when the defender was given as a count
    layoffs: tuple[Layoff, ...] | None = None
    deadwood_cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class BestSpread:
    """A legal spread that would have scored more for the knocker than the one laid down."""

    points: int
    outcome: str
    winner: str | None
    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]
    discard: Card | None
    deadwood: int


@dataclass(frozen=True, slots=True)
class HandResult:
    outcome: str  # knock | undercut | gin | big_gin | draw
    winner: str | None  # knocker | defender | None
    points: int
    multiplier: int
    knock_limit: int | None
    knocker: KnockerSide | None
    defender: DefenderSide | None
    explanation: str
    best_spread: BestSpread | None = None
    options: tuple[LayoffOption, ...] | None = None


def draw_result() -> HandResult:
    return HandResult("draw", None, 0, 1, None, None, None,
                      "A dead hand: the stock ran down to two cards, so nobody scores.")


def score_hand(knocker=None, defender=None, rules: Rules | None = None, upcard=None,
               outcome: str | None = None) -> HandResult:
    """Score one hand. `outcome="draw"` scores a dead hand (no cards needed).

    >>> result = score_hand("As 2s 3s 7c 7h 7d Tc Jc Qc 5h", "4s Kc 2h 9d 8h 6c 5d 3h Jd Qs")
    >>> result.outcome, result.winner, result.points
    ('knock', 'knocker', 48)
    >>> score_hand(outcome="draw").points
    0
    """
    rules = rules or DEFAULT_RULES
    upcard = read_upcard(upcard)  # a draw's too: read, though it changes nothing
    if outcome == "draw":
        return draw_result()
    limit = rules.knock_limit_for(upcard)
    multiplier = rules.multiplier_for(upcard)
    if isinstance(knocker, KnockerCounts):
        return _score_counts(knocker, defender, rules, limit, multiplier)
    spread, knocker_cards, places, defender_cards = read_sides(knocker, defender)
    if isinstance(defender, int):
        chosen, discard = (spread, None) if spread else _lowest_spread(knocker_cards, rules)
        _check_legal(chosen.deadwood, limit)
        return _score_spread_against_count(chosen, discard, defender, rules, limit, multiplier)
    return _score_cards(spread, knocker_cards, defender_cards, rules, limit, multiplier)


def read_sides(knocker, defender, given_only: bool = False, either_knocks: bool = False
               ) -> tuple[Arrangement | None, list[Card], list, list[Card] | None]:
    """(declared spread or None, the knocker's cards, their places, the defender's cards or
    None for a count). Both sides are read before either is refused, so every slip of both
    is told at once (both hands of 9 cards), the knocker's first; then a card in both hands.
    `given_only`: a side that is None is not given yet (a form with one hand still blank),
    and only the other is read; then nothing useful is returned, only errors raised.
    `either_knocks`: who knocked is not said yet, so the defender's cards may be the 11.
    """
    errors, read = [], None
    if not (given_only and knocker is None):
        try:
            read = _read_knocker(knocker)
        except CalculatorError as error:
            errors.append(error)
    defender_cards = None
    if not isinstance(defender, int) and not (given_only and defender is None):
        try:
            defender_cards = read_hand(defender, (10, 11) if either_knocks else (10,),
                                       ("defender", "hand"))
        except CalculatorError as error:
            errors.append(error)
    if errors:
        raise group(errors)
    if read is None:
        return None, [], [], defender_cards
    spread, knocker_cards, places = read
    if defender_cards is not None:
        refuse_shared_cards(*places, (("defender", "hand"), defender_cards))
    return spread, knocker_cards, places, defender_cards


def _read_knocker(knocker) -> tuple[Arrangement | None, list[Card], list]:
    """(declared spread or None, the knocker's cards, their places for error messages)."""
    if isinstance(knocker, DeclaredSpread):
        knocker = read_spread(knocker.melds, knocker.deadwood_cards)
    if isinstance(knocker, Arrangement):
        check_spread(knocker)
        return knocker, list(knocker.cards), spread_places(knocker)
    cards = read_hand(knocker, (10, 11), ("knocker", "hand"))
    return None, cards, [(("knocker", "hand"), cards)]


def layoffs(knocker, defender_cards, rules=None, upcard=None) -> LayoffResult:
    """The defender's best lay-offs and melds against the knocker's spread.

    `knocker` is an `Arrangement` (a spread) or the knocker's cards (10, or 11 to let the
    engine pick the discard); `defender_cards` is 10 cards. Nothing is laid off onto gin.
    (Here, not in layoffs.py: the knocker's spread is chosen by the scoring below.)

    >>> result = layoffs("As 2s 3s 7c 7h 7d Tc Jc Qc 5h", "4s Kc 2h 9d 8h 6c 5d 3h Jd Qs")
    >>> [(str(layoff.card), layoff.meld) for layoff in result.defender.layoffs]
    [('4s', 0), ('Kc', 2)]
    """
    if isinstance(defender_cards, int):  # no count here: read as a hand, it says so
        read_hand(defender_cards, (10,), ("defender", "hand"))
    declared, cards, _, defender = read_sides(knocker, defender_cards)
    spread, discard = knocker_spread(declared, cards, defender, rules,
                                     read_upcard(upcard))
    defender_mask = cards_mask(defender)
    gin = spread.deadwood == 0
    defense = best_defense(spread.melds, defender_mask, allow_layoffs=not gin)
    options = () if gin else layoff_options(spread.melds, defender_mask)
    return LayoffResult(spread, defense, options, discard)


def _check_legal(knocker_deadwood: int, limit: int, position=("knocker",)) -> None:
    if knocker_deadwood > limit:
        raise IllegalKnockError(knocker_deadwood, limit, position)


def _lowest_spread(knocker_cards: list[Card], rules: Rules
                   ) -> tuple[Arrangement, Card | None]:
    """The tie rule's arrangement, after the first best discard in card order for 11 cards
    (big gin keeps all 11 when the rules pay for it): the first of the lowest spreads."""
    first = lowest_spreads(cards_mask(knocker_cards), MOST_DEADWOOD, rules)[0]
    return first.arrangement(), first.discard


def knocker_spread(spread: Arrangement | None, cards: list[Card], defender_cards: list[Card],
                   rules: Rules | None, upcard: Card | None) -> tuple[Arrangement, Card | None]:
    """The spread the knocker lays down against these defender cards, and its discard: the
    one declared, or the one chosen from the knocker's cards (both read by `read_sides`)."""
    rules = rules or DEFAULT_RULES
    limit = rules.knock_limit_for(upcard)
    if spread is not None:
        _check_legal(spread.deadwood, limit)
        return spread, None
    chosen, _best = _choose(cards, limit, rules, cards_mask(defender_cards))
    return chosen.arrangement, chosen.candidate.discard


def _choose(cards: list[Card], limit: int, rules: Rules, defender_mask: int,
            declared: Candidate | None = None) -> tuple[Evaluated, Evaluated]:
    mask = cards_mask(cards)
    chosen = choose_spreads(mask, limit, rules, defender_mask, declared)
    if chosen is None:
        raise IllegalKnockError(lowest_possible_deadwood(mask), limit)
    return chosen


def _score_cards(spread: Arrangement | None, knocker_cards: list[Card],
                 defender_cards: list[Card], rules: Rules, limit: int, multiplier: int
                 ) -> HandResult:
    defender_mask = cards_mask(defender_cards)
    declared = None
    if spread is not None:
        _check_legal(spread.deadwood, limit)
        declared = Candidate(deadwood=spread.deadwood, meld_masks=meld_masks(spread.melds),
                             hand_mask=cards_mask(knocker_cards),
                             big_gin=len(knocker_cards) == 11, arranged=spread)
    chosen, best = _choose(knocker_cards, limit, rules, defender_mask, declared)
    better = best.outcome.value_for_knocker() > chosen.outcome.value_for_knocker()
    arrangement = chosen.arrangement
    gin = chosen.candidate.deadwood == 0
    return _result(
        chosen.outcome, multiplier, limit,
        KnockerSide(chosen.candidate.deadwood, gin, _big_gin(chosen.outcome), arrangement.melds,
                    arrangement.deadwood_cards, chosen.candidate.discard),
        _defender_side(chosen.defense),
        best_spread=_best_spread(best, multiplier) if better else None,
        options=layoff_options_from(chosen.chains),
    )


def _defender_side(defense: Defense) -> DefenderSide:
    return DefenderSide(defense.deadwood, defense.melds, defense.layoffs, defense.deadwood_cards)


def _best_spread(best: Evaluated, multiplier: int) -> BestSpread:
    arrangement = best.arrangement
    return BestSpread(best.outcome.base_points * multiplier, best.outcome.outcome,
                      best.outcome.winner, arrangement.melds, arrangement.deadwood_cards,
                      best.candidate.discard, best.candidate.deadwood)


def _score_spread_against_count(spread: Arrangement, discard: Card | None, defender: int,
                                rules: Rules, limit: int, multiplier: int) -> HandResult:
    _check_count(defender, ("defender", "deadwood"))
    big_gin = len(spread.cards) == 11 and spread.deadwood == 0
    outcome = hand_outcome(spread.deadwood, defender, spread.deadwood == 0, big_gin, rules)
    knocker_side = KnockerSide(spread.deadwood, spread.deadwood == 0, _big_gin(outcome),
                               spread.melds, spread.deadwood_cards, discard)
    best_spread = None
    if big_gin and discard is None:
        # a declared big gin that the gin in the same cards outpays: named, as against the
        # defender's cards (the count stands for either: nothing is laid off onto gin)
        gin, gin_discard = _lowest_spread(list(spread.cards), rules)
        paid = hand_outcome(0, defender, True, len(gin.cards) == 11, rules)
        if paid.value_for_knocker() > outcome.value_for_knocker():
            best_spread = BestSpread(paid.base_points * multiplier, paid.outcome, paid.winner,
                                     gin.melds, gin.deadwood_cards, gin_discard, 0)
    return _result(outcome, multiplier, limit, knocker_side, DefenderSide(defender),
                   best_spread)


def _score_counts(knocker: KnockerCounts, defender, rules: Rules, limit: int, multiplier: int
                  ) -> HandResult:
    if not isinstance(defender, int):
        raise IncompatibleInputError(
            "the defender's cards need the knocker's cards: lay-offs go onto the knocker's "
            "melds; give the knocker as a hand or a spread, or the defender as a count",
            ("defender", "hand"))
    _check_count(knocker.deadwood, ("knocker", "deadwood"))
    _check_count(defender, ("defender", "deadwood"))
    gin = knocker.gin or knocker.big_gin or knocker.deadwood == 0
    if gin and knocker.deadwood != 0:
        field = "big_gin" if knocker.big_gin else "gin"
        raise IncompatibleInputError(f"{field} means 0 deadwood, not {knocker.deadwood}",
                                     ("knocker", field))
    _check_legal(knocker.deadwood, limit, ("knocker", "deadwood"))
    outcome = hand_outcome(knocker.deadwood, defender, gin, knocker.big_gin, rules)
    return _result(outcome, multiplier, limit, KnockerSide(knocker.deadwood, gin,
                                                           _big_gin(outcome)),
                   DefenderSide(defender))


def _big_gin(outcome: Outcome) -> bool:
    """The knocker's `big_gin` as the hand scored it: all eleven cards melding is big gin only
    under rules that pay for it (with `big_gin_bonus` null it scores as gin, and says so)."""
    return outcome.outcome == "big_gin"


def most_points(rules: Rules) -> int:
    """The most one hand scores under `rules`: gin or big gin against a defender holding
    MOST_DEADWOOD (a knock scores less), or an undercut of a knock at the highest limit with
    the defender at 0, doubled when a spade upcard doubles the hand.

    >>> most_points(DEFAULT_RULES), most_points(Rules.from_options({"preset": "oklahoma"}))
    (129, 258)
    """
    bonus = max(rules.gin_bonus, rules.big_gin_bonus or 0)
    limit = 10 if rules.oklahoma else rules.knock_limit
    # a knock limit of 0 (straight gin) leaves only gin, which is never undercut
    undercut = limit + rules.undercut_bonus if limit else 0
    most = max(MOST_DEADWOOD + bonus, undercut)
    return most * (2 if rules.oklahoma and rules.oklahoma_spade_double else 1)


def _check_count(value: int, position: tuple) -> None:
    if not is_whole(value, 0, MOST_DEADWOOD):
        raise NumberRangeError(value, 0, MOST_DEADWOOD, "a deadwood count", position)


def _result(outcome: Outcome, multiplier: int, limit: int, knocker: KnockerSide,
            defender: DefenderSide, best_spread: BestSpread | None = None,
            options: tuple[LayoffOption, ...] | None = None) -> HandResult:
    points = outcome.base_points * multiplier
    return HandResult(outcome.outcome, outcome.winner, points, multiplier, limit, knocker,
                      defender, explain(outcome, knocker, defender, multiplier), best_spread,
                      options)


def explain(outcome: Outcome, knocker: KnockerSide, defender: DefenderSide, multiplier: int
            ) -> str:
    """One plain sentence saying who scores what, and why."""
    k, d = knocker.deadwood, defender.deadwood
    after = " after lay-offs" if defender.layoffs else ""
    points = outcome.base_points
    doubled = f", doubled by the spade upcard to {points * multiplier}" if multiplier > 1 else ""
    if outcome.outcome == "big_gin":
        bonus = points - d
        return (f"Big gin: all 11 of the knocker's cards meld, so the knocker scores the "
                f"defender's {d} deadwood + {bonus} big gin bonus = {points}{doubled}.")
    if outcome.outcome == "gin":
        bonus = points - d
        return (f"Gin: the knocker has no deadwood, so the knocker scores the defender's {d} "
                f"deadwood + {bonus} gin bonus = {points}{doubled}.")
    if outcome.outcome == "undercut":
        bonus = points - (k - d)
        return (f"Undercut: the defender's {d} deadwood{after} is not more than the knocker's "
                f"{k}, so the defender scores {k} − {d} + {bonus} undercut bonus = "
                f"{points}{doubled}.")
    if outcome.winner is None:
        return (f"A tie at {k} deadwood, and ties are not undercuts under these rules, so "
                f"nobody scores.")
    return (f"The knocker knocked with {k} deadwood against the defender's {d}{after}, so the "
            f"knocker scores {d} − {k} = {points}{doubled}.")


__all__ = ["score_hand", "layoffs", "most_points", "HandResult", "KnockerCounts", "KnockerSide",
           "DefenderSide", "BestSpread", "draw_result", "knocker_spread", "read_sides", "IncompatibleInputError"]
