"""A deliberately naive Gin Rummy reference: the slow, obviously-right baseline of the benchmark.

Standard library only, and it shares no code with `calculator.core`: a card is a plain int
0..51 = suit * 13 + rank (rank 0..12 = A..K, suits s h d c), a meld a frozenset of such ints.
Every answer comes from listing the melds inside the cards and trying every combination of
disjoint melds (and, for lay-offs, every order of laying cards off). Nothing is cached, nothing
is clever: when the fast engine and this file disagree, this file is the one to believe.
"""
from __future__ import annotations

from itertools import combinations, pairwise

RANKS = "A23456789TJQK"
SUITS = "shdc"


def value(card: int) -> int:
    """Deadwood points: ace 1, 2..10 their pips, J Q K 10."""
    return min(card % 13 + 1, 10)


def name(card: int) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


def parse(text: str) -> list[int]:
    """`"As Td 7c"` -> card ints (canonical two-letter codes only)."""
    return [SUITS.index(tok[1].lower()) * 13 + RANKS.index(tok[0].upper()) for tok in text.split()]


def names(cards) -> str:
    return " ".join(name(c) for c in sorted(cards))


def is_meld(cards) -> bool:
    cards = sorted(cards)
    if len(cards) < 3:
        return False
    ranks = [c % 13 for c in cards]
    suits = [c // 13 for c in cards]
    if len(set(ranks)) == 1:
        return len(cards) <= 4
    return len(set(suits)) == 1 and all(b - a == 1 for a, b in pairwise(ranks))


def melds_in(cards) -> list[frozenset]:
    """Every set (3 or 4 of a rank) and every run (3+ consecutive of a suit) inside `cards`."""
    found = []
    for size in range(3, len(cards) + 1):
        for combo in combinations(sorted(cards), size):
            if is_meld(combo):
                found.append(frozenset(combo))
    return found


def arrangements(cards):
    """Yield every combination of pairwise disjoint melds inside `cards` (the empty one too)."""
    melds = melds_in(cards)

    def walk(start, used, chosen):
        yield list(chosen)
        for i in range(start, len(melds)):
            if not (melds[i] & used):
                chosen.append(melds[i])
                yield from walk(i + 1, used | melds[i], chosen)
                chosen.pop()

    yield from walk(0, frozenset(), [])


def best(cards) -> tuple[int, list[frozenset]]:
    """(lowest deadwood count, one arrangement reaching it) of exactly these cards."""
    total = sum(value(c) for c in cards)
    best_dw, best_melds = total, []
    for melds in arrangements(cards):
        dw = total - sum(value(c) for m in melds for c in m)
        if dw < best_dw:
            best_dw, best_melds = dw, melds
    return best_dw, best_melds


def deadwood(cards) -> int:
    """Lowest deadwood of exactly these cards (no discard), any number of cards."""
    return best(cards)[0]


def best_arrangements(cards) -> tuple[int, list[list[frozenset]]]:
    """The lowest deadwood and every arrangement reaching it."""
    total = sum(value(c) for c in cards)
    found: dict[int, list] = {}
    for melds in arrangements(cards):
        dw = total - sum(value(c) for m in melds for c in m)
        found.setdefault(dw, []).append(melds)
    low = min(found)
    return low, found[low]


def discards(cards11) -> list[tuple[int, int]]:
    """[(card, deadwood of the other 10)] for each of the 11 cards."""
    return [(c, deadwood([d for d in cards11 if d != c])) for c in cards11]


def analyze11(cards11) -> tuple[int, bool]:
    """(lowest deadwood after the best discard, big gin: all 11 cards meld)."""
    return min(dw for _, dw in discards(cards11)), deadwood(cards11) == 0


# --- lay-offs and one hand's score -----------------------------------------------------------

def _fits(card: int, meld: frozenset) -> bool:
    """Can `card` be laid off onto `meld` (already extended by earlier lay-offs)?"""
    ranks = {c % 13 for c in meld}
    if len(ranks) == 1:  # a set takes its fourth card only
        return len(meld) == 3 and card % 13 in ranks
    suit = next(iter(meld)) // 13
    low, high = min(meld), max(meld)
    return card // 13 == suit and (card == low - 1 and low % 13 > 0
                                   or card == high + 1 and high % 13 < 12)


def _most_laid_off(deadwood_cards: list[int], melds: list[frozenset]) -> int:
    """Most points the defender can lay off, trying every card on every meld in every order."""
    best_value = 0
    for i, card in enumerate(deadwood_cards):
        for j, meld in enumerate(melds):
            if _fits(card, meld):
                rest = deadwood_cards[:i] + deadwood_cards[i + 1:]
                grown = melds[:j] + [meld | {card}] + melds[j + 1:]
                best_value = max(best_value, value(card) + _most_laid_off(rest, grown))
    return best_value


def defender_deadwood(defender, knocker_melds, lay_off: bool = True) -> int:
    """The defender's lowest deadwood, own melds and lay-offs onto `knocker_melds` chosen
    together."""
    total = sum(value(c) for c in defender)
    low = total
    for melds in arrangements(defender):
        melded = {c for m in melds for c in m}
        left = [c for c in defender if c not in melded]
        dw = sum(value(c) for c in left)
        if lay_off and left:
            dw -= _most_laid_off(left, [frozenset(m) for m in knocker_melds])
        low = min(low, dw)
    return low


def score(knocker, defender, knock_limit=10, gin_bonus=25, undercut_bonus=25, big_gin_bonus=31):
    """One hand with the standard rules, the knocker spreading their lowest-deadwood arrangement.

    `knocker` is 10 cards, or 11 (the knocker discards the card that scores best for them).
    When several knocker arrangements tie on deadwood, they can leave the defender different
    lay-offs: this returns the set of outcomes over the tied arrangements, each
    (outcome, winner, points, knocker deadwood, defender deadwood), best for the knocker first.
    Returns None for an illegal knock.
    """
    knocker = list(knocker)
    if len(knocker) == 11:
        if deadwood(knocker) == 0 and big_gin_bonus is not None:
            dd = defender_deadwood(defender, [], lay_off=False)
            return [("big_gin", "knocker", dd + big_gin_bonus, 0, dd)]
        options = []
        for c in knocker:
            res = score([d for d in knocker if d != c], defender, knock_limit, gin_bonus,
                        undercut_bonus, big_gin_bonus)
            if res:
                options.extend(res)
        return _ranked(options) or None
    kd, spreads = best_arrangements(knocker)
    if kd > knock_limit:
        return None
    results = []
    for melds in spreads:
        if kd == 0:
            dd = defender_deadwood(defender, melds, lay_off=False)
            results.append(("gin", "knocker", dd + gin_bonus, 0, dd))
            continue
        dd = defender_deadwood(defender, melds)
        if kd < dd:
            results.append(("knock", "knocker", dd - kd, kd, dd))
        else:
            results.append(("undercut", "defender", kd - dd + undercut_bonus, kd, dd))
    return _ranked(results)


def for_knocker(result) -> int:
    """Points as the knocker sees them: won points positive, points conceded negative."""
    return result[2] if result[1] == "knocker" else -result[2]


def _ranked(results):
    return sorted(set(results), key=for_knocker, reverse=True)


def best_legal_spread(knocker, defender, knock_limit=10, gin_bonus=25, undercut_bonus=25):
    """The most the knocker of 10 cards can score over every legal spread (any arrangement
    with deadwood <= the limit, not only the lowest), as `for_knocker` counts it."""
    total = sum(value(c) for c in knocker)
    best_value = None
    for melds in arrangements(knocker):
        kd = total - sum(value(c) for m in melds for c in m)
        if kd > knock_limit:
            continue
        if kd == 0:
            result = ("gin", "knocker", defender_deadwood(defender, melds, False) + gin_bonus)
        else:
            dd = defender_deadwood(defender, melds)
            result = (("knock", "knocker", dd - kd) if kd < dd
                      else ("undercut", "defender", kd - dd + undercut_bonus))
        if best_value is None or for_knocker(result) > best_value:
            best_value = for_knocker(result)
    return best_value


if __name__ == "__main__":  # the worked examples of docs/RULES.md
    assert deadwood(parse("As 2s 3s 7c 7h 7d Tc Jc Qc 5h")) == 5
    assert deadwood(parse("7s 7h 7d 8s 9s 2c 4d 6h Jc Qd")) == 46
    assert _fits(parse("9s")[0], frozenset(parse("6s 7s 8s")))
    assert not _fits(parse("As")[0], frozenset(parse("Qs Ks Js")))
    print("naive reference: worked examples OK")
