"""A naive, exhaustive reference for melds, deadwood and lay-offs.

The engine in ``calculator.core`` is fast and clever (bit masks, per-suit tables). This module
is the opposite on purpose: plain searches over every way to split a hand, written so that a
reader can check each rule against docs/RULES.md by eye. It imports only the standard library and
shares no code with the engine, so a bug in one is unlikely to be repeated in the other.

Cards are ints 0..51: ``index = suit * 13 + rank``; rank 0..12 is A 2 3 4 5 6 7 8 9 T J Q K
(the ace is low only), suit 0..3 is s h d c.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

RANKS = "A23456789TJQK"
SUITS = "shdc"


# --- cards ---------------------------------------------------------------------------------


def rank(card: int) -> int:
    return card % 13


def suit(card: int) -> int:
    return card // 13


def points(card: int) -> int:
    # A=1, 2..9 their pips, T/J/Q/K all 10.
    return min(rank(card) + 1, 10)


def total(cards: Iterable[int]) -> int:
    return sum(points(c) for c in cards)


def make(rank_: int, suit_: int) -> int:
    return suit_ * 13 + rank_


def code(card: int) -> str:
    return RANKS[rank(card)] + SUITS[suit(card)]


def parse(token: str) -> int:
    """Only the canonical codes ('Ts', 'Ah'); the engine's parser is tested elsewhere."""
    r, s = token[0].upper(), token[1].lower()
    return make(RANKS.index(r), SUITS.index(s))


def parse_hand(text: str) -> list[int]:
    cards = [parse(t) for t in text.split()]
    if len(set(cards)) != len(cards):
        raise ValueError(f"duplicate card in {text!r}")
    return cards


def codes(cards: Iterable[int]) -> str:
    return " ".join(code(c) for c in sorted(cards))


# --- melds ---------------------------------------------------------------------------------


def is_set(cards: Iterable[int]) -> bool:
    cards = set(cards)
    return len(cards) in (3, 4) and len({rank(c) for c in cards}) == 1


def is_run(cards: Iterable[int]) -> bool:
    cards = set(cards)
    if len(cards) < 3 or len({suit(c) for c in cards}) != 1:
        return False
    ranks = sorted(rank(c) for c in cards)
    # Consecutive integer ranks 0..12: K (12) is never followed by A (0), so no wrap.
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def is_meld(cards: Iterable[int]) -> bool:
    cards = set(cards)
    return is_set(cards) or is_run(cards)


def all_melds(cards: Iterable[int]) -> list[frozenset[int]]:
    """Every meld made only of these cards, overlapping ones included.

    Sets: every 3- and 4-card combination of one rank (a 4-of-a-kind gives four 3-sets and
    one 4-set, since a set may leave a card for a run). Runs: every stretch of at least three
    consecutive ranks of one suit that the hand holds.
    """
    hand = set(cards)
    melds: list[frozenset[int]] = []
    for r in range(13):
        same_rank = sorted(c for c in hand if rank(c) == r)
        for size in (3, 4):
            melds.extend(frozenset(m) for m in combinations(same_rank, size))
    for s in range(4):
        for low in range(13):
            for high in range(low + 2, 13):
                run = frozenset(make(r, s) for r in range(low, high + 1))
                if run <= hand:
                    melds.append(run)
    return melds


# --- deadwood ------------------------------------------------------------------------------


def _least_deadwood(remaining: frozenset[int], melds: list[frozenset[int]], memo: dict) -> int:
    """Lowest deadwood of ``remaining``, trying every split into melds and loose cards.

    The lowest card left is either deadwood or in exactly one meld; trying each choice and
    recursing on the rest visits every partition. ``melds`` may hold melds with cards outside
    ``remaining``; only those inside it are used, so one list serves every sub-hand.
    """
    if not remaining:
        return 0
    if remaining in memo:
        return memo[remaining]
    first = min(remaining)
    best = points(first) + _least_deadwood(remaining - {first}, melds, memo)
    for meld in melds:
        if first in meld and meld <= remaining:
            best = min(best, _least_deadwood(remaining - meld, melds, memo))
    memo[remaining] = best
    return best


def min_deadwood(cards: Iterable[int]) -> int:
    """Lowest deadwood of exactly these cards (any number of them); never discards."""
    hand = frozenset(cards)
    return _least_deadwood(hand, all_melds(hand), {})


def discard_deadwoods(cards11: Iterable[int]) -> dict[int, int]:
    """For each of the 11 cards: the lowest deadwood of the 10 left after discarding it."""
    hand = frozenset(cards11)
    if len(hand) != 11:
        raise ValueError("a discard needs 11 distinct cards")
    # One memo for all eleven searches: the value of a set of cards does not depend on
    # which hand it came from, and the eleven searches share most sub-hands.
    melds, memo = all_melds(hand), {}
    return {card: _least_deadwood(hand - {card}, melds, memo) for card in hand}


def best_discard_deadwood(cards11: Iterable[int]) -> int:
    return min(discard_deadwoods(cards11).values())


def is_big_gin(cards11: Iterable[int]) -> bool:
    """All 11 cards form melds. Every card is worth at least 1, so that is deadwood 0."""
    hand = frozenset(cards11)
    if len(hand) != 11:
        raise ValueError("big gin needs 11 distinct cards")
    return min_deadwood(hand) == 0


def partitions(cards: Iterable[int]) -> list[list[frozenset[int]]]:
    """Every way to pick disjoint melds of these cards (each way once), the empty one too."""
    ordered = sorted(set(cards))
    melds = all_melds(ordered)
    found: list[list[frozenset[int]]] = []

    def walk(i: int, used: frozenset[int], chosen: list[frozenset[int]]) -> None:
        while i < len(ordered) and ordered[i] in used:
            i += 1
        if i == len(ordered):
            found.append(list(chosen))
            return
        card = ordered[i]
        walk(i + 1, used | {card}, chosen)  # the card stays deadwood
        for meld in melds:  # or it is the lowest card of one meld
            if min(meld) == card and not meld & used:
                walk(i + 1, used | meld, chosen + [meld])

    walk(0, frozenset(), [])
    return found


def merge_adjacent_runs(melds: Iterable[frozenset[int]]) -> frozenset[frozenset[int]]:
    """The same melds with touching runs of one suit joined: two runs that touch are one
    longer run, so an arrangement that splits one is the same arrangement."""
    runs = [set(m) for m in melds if is_run(m)]
    others = [frozenset(m) for m in melds if not is_run(m)]
    merged = True
    while merged:
        merged = False
        for a, b in combinations(range(len(runs)), 2):
            if is_run(runs[a] | runs[b]):
                runs[a] |= runs.pop(b)
                merged = True
                break
    return frozenset(others + [frozenset(r) for r in runs])


def best_arrangements(cards: Iterable[int]) -> set[frozenset[frozenset[int]]]:
    """Every arrangement (its melds) with the lowest deadwood, touching runs joined."""
    cards = list(cards)
    best = min_deadwood(cards)
    return {merge_adjacent_runs(melds) for melds in partitions(cards)
            if total(cards) - sum(total(m) for m in melds) == best}


def outs(hand: Iterable[int], limit: int, known: Iterable[int] = ()) -> tuple[list[int], list[int]]:
    """(gin outs, knock outs) of a 10-card hand: each unseen card (not in the hand, not known)
    after whose draw the best discard leaves no deadwood, or at most ``limit``."""
    hand = list(hand)
    seen = set(hand) | set(known)
    gin, knock = [], []
    for card in range(52):
        if card in seen:
            continue
        after = best_discard_deadwood(hand + [card])
        if after == 0:
            gin.append(card)
        if after <= limit:
            knock.append(card)
    return gin, knock


def valid_arrangement(
    cards: Iterable[int], melds: Iterable[Iterable[int]], deadwood_cards: Iterable[int]
) -> bool:
    """Melds are real melds, pairwise disjoint, and melds + deadwood are the hand exactly."""
    hand = list(cards)
    melds = [list(m) for m in melds]
    deadwood_cards = list(deadwood_cards)
    used = [c for m in melds for c in m] + deadwood_cards
    return (
        all(is_meld(m) and len(set(m)) == len(m) for m in melds)
        and len(used) == len(set(used))  # no card twice, across melds and deadwood
        and sorted(used) == sorted(hand)
        and len(hand) == len(set(hand))
    )


# --- lay-offs ------------------------------------------------------------------------------


def legal_layoffs(
    knocker_melds: list[list[int]], defender: Iterable[int], layoffs: Iterable[tuple[int, int]]
) -> bool:
    """Whether (card, meld index) lay-offs can all be made together.

    A meld plus everything laid onto it must still be a meld: a 3-set plus its 4th card is a
    4-set (a 4-set plus anything is not a meld), and a run plus cards laid on its ends is a
    longer run exactly when they continue it without a gap, in some order. So the check does
    not need the order in which the defender laid the cards.
    """
    layoffs = list(layoffs)
    defender = set(defender)
    laid = [card for card, _ in layoffs]
    if len(laid) != len(set(laid)) or not set(laid) <= defender:
        return False
    grown = {i: set(m) for i, m in enumerate(knocker_melds)}
    for card, index in layoffs:
        if index not in grown:
            return False
        grown[index].add(card)
    return all(is_meld(cards) for cards in grown.values())


def layoff_choices(knocker_melds: list[list[int]], defender: Iterable[int]) -> set[frozenset[int]]:
    """Every set of defender cards that can be laid off together (the empty set included).

    Plays every sequence of single lay-offs: a card may go onto a knocker meld, as extended
    so far, when the two together still form a meld. That is the rule of docs/RULES.md (4th card
    onto a 3-set, nothing onto a 4-set, run ends extended one card at a time, no wrap).
    """
    defender = frozenset(defender)
    knocker_cards = frozenset(c for m in knocker_melds for c in m)
    start = tuple(frozenset(m) for m in knocker_melds)
    seen, stack, choices = {start}, [start], set()
    while stack:
        table = stack.pop()
        on_table = frozenset().union(*table)
        choices.add(on_table - knocker_cards)
        for card in defender - on_table:
            for i, meld in enumerate(table):
                if is_meld(meld | {card}):
                    grown = table[:i] + (meld | {card},) + table[i + 1 :]
                    if grown not in seen:
                        seen.add(grown)
                        stack.append(grown)
    return choices


def layoff_moves(knocker_melds: list[list[int]], defender: Iterable[int]) -> set[tuple[int, int]]:
    """Every (card, meld index) that some sequence of lay-offs can make: the cards a defender
    could lay off, and the melds each could go onto."""
    defender = frozenset(defender)
    start = tuple(frozenset(m) for m in knocker_melds)
    seen, stack, moves = {start}, [start], set()
    while stack:
        table = stack.pop()
        on_table = frozenset().union(*table)
        for card in defender - on_table:
            for i, meld in enumerate(table):
                if is_meld(meld | {card}):
                    moves.add((card, i))
                    grown = table[:i] + (meld | {card},) + table[i + 1 :]
                    if grown not in seen:
                        seen.add(grown)
                        stack.append(grown)
    return moves


def min_defender_deadwood(knocker_melds: list[list[int]], defender: Iterable[int]) -> int:
    """Defender's lowest deadwood choosing own melds and lay-offs onto the knocker's melds.

    The defender's own melds may not take a card that is laid off, so this is the least,
    over every legal set of lay-offs, of the best arrangement of the cards still in hand.
    """
    hand = frozenset(defender)
    melds, memo = all_melds(hand), {}
    return min(
        _least_deadwood(hand - laid, melds, memo) for laid in layoff_choices(knocker_melds, hand)
    )
