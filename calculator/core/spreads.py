"""The spreads a knocker may legally lay down, and how each fares against a defender.

Any arrangement whose deadwood is within the knock limit is legal, even one that is not the
lowest: leaving a card unmelded, or melding a shorter run, can block a lay-off. A spread that
splits one run into two adjacent runs accepts the same lay-offs as the whole run, so only the
whole run is listed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .arrangements import all_best_arrangements_of_mask, arrangement_of_masks, melds_in_mask, \
    run_touch
from .cards import Card, mask_cards
from .layoffs import Defense, best_defense, best_layoffs, chains_onto_masks, defense_from, \
    layoff_chains
from .melds import Arrangement, best_arrangement_of_mask, meld_masks
from .memo import Memo
from .rules import Rules
from .tables import best_discard_deadwood_of_mask, best_discards_of_mask, deadwood_of_mask, \
    mask_points


class Candidate(NamedTuple):
    """One legal spread: its melds (masks), deadwood, the discard that made it, big gin.
    (A named tuple: the best-spread search makes one for every legal spread of a hand, and a
    frozen dataclass cost several times more to build.)"""

    deadwood: int
    meld_masks: tuple[int, ...]
    hand_mask: int
    discard: Card | None = None
    big_gin: bool = False
    # the arrangement when already built: a declared spread (keeping its own meld order), or
    # one from the tables
    arranged: Arrangement | None = None

    def arrangement(self) -> Arrangement:
        if self.arranged is not None:
            return self.arranged
        return arrangement_of_masks(self.hand_mask, self.meld_masks)

# per meld (329 of them), looked up at C speed where a call would cost more
_MELD_POINTS = Memo(mask_points)
_RUN_TOUCH = Memo(run_touch)


def spreads_of_ten(hand_mask: int, limit: int, discard: Card | None = None) -> list[Candidate]:
    """Every legal spread of a 10-card hand (deadwood at most `limit`)."""
    melds = melds_in_mask(hand_mask)
    points = list(map(_MELD_POINTS.__getitem__, melds))
    touches = list(map(_RUN_TOUCH.__getitem__, melds))
    total = mask_points(hand_mask)
    found: list[Candidate] = []

    def extend(start: int, used: int, touched: int, chosen: list[int], melded: int) -> None:
        if total - melded <= limit:
            found.append(Candidate(deadwood=total - melded, meld_masks=tuple(chosen),
                                   hand_mask=hand_mask, discard=discard))
        for i in range(start, len(melds)):
            meld = melds[i]
            if meld & used or (touches[i] and meld & touched):
                continue
            chosen.append(meld)
            extend(i + 1, used | meld, touched | touches[i], chosen, melded + points[i])
            chosen.pop()

    extend(0, 0, 0, [], 0)
    return found


def legal_spreads(hand_mask: int, limit: int, rules: Rules) -> list[Candidate]:
    """Every legal spread of a 10-card hand, or of an 11-card hand over each discard (and big
    gin when all 11 meld and the rules pay for it), lowest deadwood first."""
    if hand_mask.bit_count() == 10:
        found = spreads_of_ten(hand_mask, limit)
    else:
        found = []
        if rules.big_gin_bonus is not None and deadwood_of_mask(hand_mask) == 0:
            arrangement = best_arrangement_of_mask(hand_mask)
            found.append(Candidate(deadwood=0, meld_masks=meld_masks(arrangement.melds),
                                   hand_mask=hand_mask, big_gin=True))
        rest = hand_mask
        while rest:
            low = rest & -rest
            rest ^= low
            if deadwood_of_mask(hand_mask ^ low) <= limit:
                found.extend(spreads_of_ten(hand_mask ^ low, limit,
                                            Card.from_index(low.bit_length() - 1)))
    found.sort(key=lambda c: (c.deadwood, not c.big_gin))
    return found


@dataclass(frozen=True, slots=True)
class Outcome:
    outcome: str
    winner: str | None
    base_points: int  # before the Oklahoma multiplier

    def value_for_knocker(self) -> int:
        if self.winner == "knocker":
            return self.base_points
        return -self.base_points if self.winner == "defender" else 0


def hand_outcome(knocker_deadwood: int, defender_deadwood: int, gin: bool, big_gin: bool,
                 rules: Rules) -> Outcome:
    """The outcome table of docs/RULES.md for one hand (points before any multiplier)."""
    k, d = knocker_deadwood, defender_deadwood
    # as laid: the search lays no big gin that gin outpays (`lowest_spreads`), and a
    # declared one is scored as declared (the answer names the gin worth more)
    if big_gin and rules.big_gin_bonus is not None:
        return Outcome("big_gin", "knocker", d + rules.big_gin_bonus)
    if gin or big_gin or k == 0:
        return Outcome("gin", "knocker", d + rules.gin_bonus)
    if k < d:
        return Outcome("knock", "knocker", d - k)
    if k == d and not rules.tie_is_undercut:
        return Outcome("knock", None, 0)
    return Outcome("undercut", "defender", k - d + rules.undercut_bonus)


class Evaluated:
    """A candidate spread scored against the defender. The search compares only outcomes;
    the arrangement and the defender's full answer are built when asked for (for the spread
    laid down and the best one)."""

    __slots__ = ("candidate", "outcome", "_defender_mask", "_arrangement", "_defense",
                 "_found")

    def __init__(self, candidate: Candidate, outcome: Outcome, defender_mask: int,
                 found=None):
        self.candidate, self.outcome, self._defender_mask = candidate, outcome, defender_mask
        self._arrangement = self._defense = None
        self._found = found  # (chains, prefixes) already worked out on the arrangement's melds

    @property
    def arrangement(self) -> Arrangement:
        if self._arrangement is None:
            self._arrangement = self.candidate.arrangement()
        return self._arrangement

    @property
    def chains(self) -> list:
        """The lay-off chains onto this spread's melds (none onto gin)."""
        if self._found is not None:
            return self._found[0]
        if self.candidate.deadwood == 0:
            return []
        return layoff_chains(self.arrangement.melds, self._defender_mask)

    @property
    def defense(self) -> Defense:
        if self._defense is None:
            if self._found is not None:
                self._defense = defense_from(*self._found, self._defender_mask)
            else:
                self._defense = best_defense(self.arrangement.melds, self._defender_mask,
                                             allow_layoffs=self.candidate.deadwood != 0)
        return self._defense


def evaluate(candidate: Candidate, defender_mask: int, rules: Rules, unlaid: int) -> Evaluated:
    """The candidate against the defender, whose deadwood with nothing laid off is `unlaid`."""
    gin = candidate.deadwood == 0
    if candidate.arranged is not None:
        # the answer's own melds: lay-off indices found now are the ones it will report
        chains = layoff_chains(candidate.arranged.melds, defender_mask) if not gin else []
        defender, prefixes = best_layoffs(chains, defender_mask, unlaid)
        found = (chains, prefixes)
    else:
        chains = chains_onto_masks(candidate.meld_masks, defender_mask) if not gin else []
        defender, found = best_layoffs(chains, defender_mask, unlaid)[0], None
    outcome = hand_outcome(candidate.deadwood, defender, gin, candidate.big_gin, rules)
    return Evaluated(candidate, outcome, defender_mask, found)


def lowest_spreads(hand_mask: int, limit: int, rules: Rules) -> list[Candidate]:
    """The lowest-deadwood spreads (for 11 cards: over the best discards, or big gin when all
    eleven meld and it pays at least what gin does), the tie rule's arrangement first; empty
    when even the lowest deadwood is above `limit`.
    These come from the fast tables, not from the search over every legal spread."""
    if hand_mask.bit_count() == 11:
        # all eleven melding, the player may also discard for gin: big gin unless gin pays more
        if rules.plays_big_gin and deadwood_of_mask(hand_mask) == 0:
            arrangement = best_arrangement_of_mask(hand_mask)
            return [Candidate(deadwood=0, meld_masks=meld_masks(arrangement.melds),
                              hand_mask=hand_mask, big_gin=True, arranged=arrangement)]
        _, best_bits = best_discards_of_mask(hand_mask)
        hands = [(hand_mask ^ card.bit, card) for card in mask_cards(best_bits)]
    else:
        hands = [(hand_mask, None)]
    found = []
    for mask, discard in hands:
        for arrangement in all_best_arrangements_of_mask(mask):
            found.append(Candidate(deadwood=arrangement.deadwood,
                                   meld_masks=meld_masks(arrangement.melds), hand_mask=mask,
                                   discard=discard, arranged=arrangement))
            if found[-1].deadwood == 0:
                return found[:1]  # every gin scores the same: nothing is laid off onto it
    return [c for c in found if c.deadwood <= limit]


def lowest_possible_deadwood(hand_mask: int) -> int:
    if hand_mask.bit_count() == 11:
        return best_discard_deadwood_of_mask(hand_mask)
    return deadwood_of_mask(hand_mask)


def choose_spreads(hand_mask: int, limit: int, rules: Rules, defender_mask: int,
                   declared: Candidate | None = None) -> tuple[Evaluated, Evaluated] | None:
    """(the spread the knocker lays down, the best legal spread) against this defender, or
    None when no spread is legal.

    The spread laid down is the declared one, or among the lowest-deadwood spreads the one
    scoring best for the knocker (ties: the tie rule's arrangement). The best legal spread is
    searched only when it could beat that: a spread with deadwood K scores at most the
    defender's deadwood without lay-offs minus K, so when the chosen spread already scores that
    bound for K one above the lowest, no other spread can do better (the usual case).
    """
    unlaid = deadwood_of_mask(defender_mask)
    if declared is not None:
        chosen = evaluate(declared, defender_mask, rules, unlaid)
        lowest = lowest_possible_deadwood(hand_mask)
    else:
        candidates = lowest_spreads(hand_mask, limit, rules)
        if not candidates:
            return None
        tied = [evaluate(c, defender_mask, rules, unlaid) for c in candidates]
        chosen = max(tied, key=lambda r: r.outcome.value_for_knocker())  # first on ties
        lowest = chosen.candidate.deadwood
    best, best_value = chosen, chosen.outcome.value_for_knocker()
    # a declared big gin where gin pays more (the spreads chosen here never are one)
    gin_pays_more = chosen.outcome.outcome == "big_gin" and not rules.plays_big_gin
    if chosen.candidate.deadwood == 0 and not gin_pays_more:
        return chosen, best  # gin (big gin when it pays) is the best a hand can do
    # Spreads with the lowest deadwood were all evaluated, unless the spread was declared.
    floor = lowest if declared is not None else lowest + 1
    if lowest > 0 and unlaid - floor <= best_value:
        return chosen, best
    # a spread with deadwood K > 0 scores at most unlaid - K: only those below this can win
    cap = max(0, min(limit, unlaid - best_value - 1))
    for candidate in legal_spreads(hand_mask, cap, rules):
        if candidate.deadwood == lowest and declared is None and lowest > 0:
            continue
        if candidate.deadwood > 0 and unlaid - candidate.deadwood <= best_value:
            break  # sorted by deadwood: no later one can do better
        result = evaluate(candidate, defender_mask, rules, unlaid)
        value = result.outcome.value_for_knocker()
        if value > best_value:
            best, best_value = result, value
    return chosen, best
