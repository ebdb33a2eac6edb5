"""A naive, exhaustive reference for scoring one hand (docs/RULES.md "Scoring one hand").

The engine scores a hand from the knocker's lowest-deadwood spreads and searches the other
legal spreads only when a bound says one could score more. This module does neither trick: it
lists EVERY legal spread of the knocker (every set of disjoint melds, sub-runs and 3-of-4 sets
included, whose deadwood is within the knock limit; for 11 cards every discard, and big gin),
plays the defender's best response against each with ``reference.min_defender_deadwood``, and
reads the outcome off the scoring table. Like the rest of the reference it imports only the
standard library, so it shares no code with the engine.

Cards are ints 0..51 as in the rest of the reference. Rules are read by attribute
(``knock_limit``, ``gin_bonus``, ``big_gin_bonus``, ``undercut_bonus``, ``tie_is_undercut``,
``oklahoma``, ``oklahoma_ace_gin_only``, ``oklahoma_spade_double``), so the engine's ``Rules``
value and a ``types.SimpleNamespace`` (``STANDARD`` below) both work; an upcard is a card int
or None.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from types import SimpleNamespace

import reference as ref

# The standard rules of docs/RULES.md, written out here (not read from the engine's Rules).
STANDARD = SimpleNamespace(knock_limit=10, gin_bonus=25, big_gin_bonus=31, undercut_bonus=25,
                           tie_is_undercut=True, oklahoma=False, oklahoma_ace_gin_only=True,
                           oklahoma_spade_double=True)

# --- the rule options that decide one hand ---------------------------------------------------


def knock_limit(rules, upcard: int | None = None) -> int:
    """Fixed, or (Oklahoma) the upcard's point value; an ace is gin only (0) or 1."""
    if not rules.oklahoma:
        return rules.knock_limit
    if upcard is None:
        raise ValueError("oklahoma needs the upcard")
    if ref.rank(upcard) == 0:
        return 0 if rules.oklahoma_ace_gin_only else 1
    return ref.points(upcard)


def multiplier(rules, upcard: int | None = None) -> int:
    """Oklahoma's spade upcard doubles the hand's points, bonuses included."""
    spade = upcard is not None and ref.suit(upcard) == 0
    return 2 if rules.oklahoma and rules.oklahoma_spade_double and spade else 1


@dataclass(frozen=True)
class Outcome:
    outcome: str  # knock | undercut | gin | big_gin
    winner: str | None  # knocker | defender | None (a tie that is not an undercut)
    points: int  # multiplier included

    @property
    def value(self) -> int:
        """The hand seen from the knocker: + what they score, - what the defender scores."""
        if self.winner == "knocker":
            return self.points
        if self.winner == "defender":
            return -self.points
        return 0


def outcome(k: int, d: int, big_gin: bool, rules, times: int = 1) -> Outcome:
    """The table of docs/RULES.md, row by row. ``k`` is the knocker's deadwood after the discard (0
    is gin), ``d`` the defender's after lay-offs; ``big_gin``: all 11 cards melded."""
    if big_gin and rules.big_gin_bonus is not None:
        return Outcome("big_gin", "knocker", (d + rules.big_gin_bonus) * times)
    if k == 0:  # gin, and big gin without a bonus of its own ("scores as gin")
        return Outcome("gin", "knocker", (d + rules.gin_bonus) * times)
    if k < d:
        return Outcome("knock", "knocker", (d - k) * times)
    if k == d and not rules.tie_is_undercut:
        return Outcome("knock", None, 0)
    return Outcome("undercut", "defender", (k - d + rules.undercut_bonus) * times)


# --- every legal spread ------------------------------------------------------------------------


@dataclass(frozen=True)
class Spread:
    """What the knocker lays on the table (and the discard that left it)."""

    melds: tuple[frozenset[int], ...]
    deadwood_cards: frozenset[int]
    discard: int | None  # None for 10 cards given, and for big gin
    big_gin: bool = False

    @property
    def deadwood(self) -> int:
        return ref.total(self.deadwood_cards)

    @property
    def gin(self) -> bool:
        return self.deadwood == 0

    def describe(self) -> str:
        melds = " | ".join(ref.codes(m) for m in self.melds)
        discard = "" if self.discard is None else f", discard {ref.code(self.discard)}"
        big = ", big gin" if self.big_gin else ""
        return f"[{melds}] + [{ref.codes(self.deadwood_cards)}]{discard}{big}"


def meld_subsets(cards: Iterable[int]) -> Iterator[tuple[frozenset[int], ...]]:
    """Every set of pairwise disjoint melds of these cards, the empty set included.

    Walks the list of every meld (reference.all_melds: sub-runs and 3-of-4 sets are in it) and
    takes or skips each one, taking it only when it shares no card with those taken.
    """
    melds = ref.all_melds(cards)

    def walk(i: int, used: frozenset[int], chosen: tuple[frozenset[int], ...]):
        if i == len(melds):
            yield chosen
            return
        yield from walk(i + 1, used, chosen)
        if not melds[i] & used:
            yield from walk(i + 1, used | melds[i], chosen + (melds[i],))

    yield from walk(0, frozenset(), ())


def legal_spreads(cards: Iterable[int], limit: int, rules) -> list[Spread]:
    """Every spread the knocker may lay down: deadwood within ``limit``.

    10 cards: every set of disjoint melds. 11 cards: discarding card c leaves the spreads of
    the other 10, i.e. the sets of disjoint melds of all 11 that do not use c; so each set of
    melds of the 11 gives one spread per card it leaves unmelded. A set of melds that uses all
    11 cards is big gin, a spread of its own when the rules pay a big gin bonus (without the
    bonus the hand still holds a 10-card gin: a 4-card meld sheds a card).
    """
    hand = frozenset(cards)
    if len(hand) not in (10, 11):
        raise ValueError("a knocker holds 10 or 11 cards")
    found = []
    for melds in meld_subsets(hand):
        left = hand.difference(*melds)
        if len(hand) == 10:
            discards: list[int | None] = [None]
        else:
            discards = sorted(left)
            if not left and rules.big_gin_bonus is not None:
                found.append(Spread(melds, frozenset(), None, big_gin=True))
        for discard in discards:
            spread = Spread(melds, left - {discard}, discard)
            if spread.deadwood <= limit:
                found.append(spread)
    return found


def lowest_deadwood(cards: Iterable[int]) -> int:
    """The lowest deadwood the knocker can reach: 10 cards as they are, 11 after the best
    discard (big gin is 0, like any gin)."""
    cards = list(cards)
    return ref.min_deadwood(cards) if len(cards) == 10 else ref.best_discard_deadwood(cards)


def is_lowest(spread: Spread, spreads: list[Spread], rules) -> bool:
    """Whether a spread is one of those scored when the knocker lays a lowest arrangement:
    big gin when it pays at least what gin does (it ends the hand without a discard, and the
    player may always discard for gin instead), else lowest deadwood after a discard."""
    if rules.big_gin_bonus is not None and rules.big_gin_bonus >= rules.gin_bonus and any(
            s.big_gin for s in spreads):
        return spread.big_gin
    return not spread.big_gin and spread.deadwood == min(s.deadwood for s in spreads
                                                         if not s.big_gin)


# --- the defender's answer and the score of each spread ----------------------------------------


def defender_deadwood(spread: Spread, defender: Iterable[int]) -> int:
    """The defender's lowest deadwood: own melds and lay-offs, none onto gin or big gin."""
    if spread.gin:
        return ref.min_deadwood(defender)
    return ref.min_defender_deadwood([sorted(m) for m in spread.melds], defender)


@dataclass(frozen=True)
class Scored:
    spread: Spread
    defender_deadwood: int
    outcome: Outcome

    @property
    def value(self) -> int:
        return self.outcome.value


class Scorer:
    """Scores spreads against one defender. The defender's answer depends only on the melds
    on the table (and on gin), so it is remembered by those; that is a cache, not a shortcut."""

    def __init__(self, defender: Iterable[int], rules, upcard: int | None = None):
        self.defender = list(defender)
        self.rules = rules
        self.limit = knock_limit(rules, upcard)
        self.times = multiplier(rules, upcard)
        self._answers: dict = {}

    def score(self, spread: Spread) -> Scored:
        key = (spread.gin, frozenset(spread.melds))
        if key not in self._answers:
            self._answers[key] = defender_deadwood(spread, self.defender)
        d = self._answers[key]
        return Scored(spread, d, outcome(spread.deadwood, d, spread.big_gin, self.rules,
                                         self.times))


@dataclass(frozen=True)
class HandScore:
    limit: int
    lowest: int  # the knocker's lowest deadwood (after the best discard for 11 cards)
    spreads: list[Scored]  # every legal spread; empty when the knock is illegal
    scorer: Scorer  # to score another spread against the same defender

    @property
    def legal(self) -> bool:
        return bool(self.spreads)

    @property
    def lowest_spreads(self) -> list[Scored]:
        every = [s.spread for s in self.spreads]
        return [s for s in self.spreads if is_lowest(s.spread, every, self.scorer.rules)]

    @property
    def lowest_value(self) -> int:
        """What the knocker scores laying down the best of the lowest spreads."""
        return max(s.value for s in self.lowest_spreads)

    @property
    def best_value(self) -> int:
        """What the knocker scores laying down the best legal spread of all."""
        return max(s.value for s in self.spreads)


def score_hand(knocker: Iterable[int], defender: Iterable[int], rules,
               upcard: int | None = None) -> HandScore:
    knocker = list(knocker)
    scorer = Scorer(defender, rules, upcard)
    spreads = legal_spreads(knocker, scorer.limit, rules)
    return HandScore(scorer.limit, lowest_deadwood(knocker), [scorer.score(s) for s in spreads],
                     scorer)


def is_legal_spread(knocker: Iterable[int], melds: Iterable[Iterable[int]],
                    deadwood_cards: Iterable[int], discard: int | None, limit: int, rules) -> bool:
    """Whether melds + deadwood (+ discard) is a spread the knocker may lay down: real,
    disjoint melds and deadwood making up the hand less the discard, deadwood within the
    limit; 10 cards, or 11 all melded (big gin, only when the rules pay for it)."""
    hand = set(knocker)
    melds = [list(m) for m in melds]
    deadwood_cards = list(deadwood_cards)
    if discard is not None:
        if discard not in hand or len(hand) != 11:
            return False
        hand.discard(discard)
    elif len(hand) == 11 and (deadwood_cards or rules.big_gin_bonus is None):
        return False
    return ref.valid_arrangement(hand, melds, deadwood_cards) and \
        ref.total(deadwood_cards) <= limit
