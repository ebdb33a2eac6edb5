"""The defender's best response to a knocker's spread: own melds and lay-offs together.

What can be laid off onto a meld is a chain: the fourth card of a 3-card set, or the cards of a
run's suit going up from its top (or down from its bottom) for as long as the defender holds
the next one. A legal set of lay-offs takes a prefix of each chain; the defender then melds
what is left as well as possible. Chains are short, so every combination of prefixes is tried
and each costs one fast deadwood look-up.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Iterable, NamedTuple

from .cards import Card, check_disjoint
from .errors import CalculatorError, HandSizeError, MeldError, group
from .hands import read_hand
from .melds import Arrangement, Meld, best_arrangement_of_mask, meld_from_mask, meld_kind, \
    meld_masks
from .memo import Memo
from .tables import deadwood_of_mask, mask_points


@dataclass(frozen=True, slots=True)
class Layoff:
    card: Card
    meld: int  # index into the knocker's melds


@dataclass(frozen=True, slots=True)
class LayoffOption:
    """A defender card that could be laid off, and the knocker's melds it could go onto."""

    card: Card
    melds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Defense:
    melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int  # the points of deadwood_cards, as the arrangement of them already knows


@dataclass(frozen=True, slots=True)
class LayoffResult:
    knocker: Arrangement
    defender: Defense
    options: tuple[LayoffOption, ...]
    discard: Card | None = None  # the knocker's discard when 11 cards were given

    @property
    def gin(self) -> bool:
        return self.knocker.deadwood == 0

    @property
    def big_gin(self) -> bool:
        """All 11 of the knocker's cards meld (whether or not the rules pay for it)."""
        return self.gin and len(self.knocker.cards) == 11


def layoff_chains(melds: tuple[Meld, ...], defender_mask: int) -> list[tuple[int, list[int]]]:
    """(meld index, card bits in the order they must be laid off) for every non-empty chain."""
    return chains_onto_masks(meld_masks(melds), defender_mask)


def chains_onto_masks(masks: Iterable[int], defender_mask: int
                      ) -> list[tuple[int, list[int]]]:
    """`layoff_chains` of melds given as masks (the best-spread search has only those)."""
    chains = []
    lines_of = _LAYOFF_LINES
    for index, meld_mask in enumerate(masks):
        for line in lines_of[meld_mask]:
            if defender_mask & line[0]:
                chain = []
                for bit in line:
                    if not defender_mask & bit:
                        break
                    chain.append(bit)
                chains.append((index, chain))
    return chains


def _layoff_lines(meld_mask: int) -> tuple[tuple[int, ...], ...]:
    """The cards that could ever be laid off onto a meld, as lines laid off in order from
    their start: the missing card of a 3-card set; a run's suit going up from its top, then
    going down from its bottom. Worked out once per meld (there are 329)."""
    cards = meld_from_mask(meld_mask).cards
    if cards[0].rank == cards[-1].rank:  # a set
        if len(cards) == 4:
            return ()
        suit = ({0, 1, 2, 3} - {c.suit for c in cards}).pop()
        return ((1 << (suit * 13 + cards[0].rank),),)
    base = cards[0].suit * 13
    up = tuple(1 << (base + rank) for rank in range(cards[-1].rank + 1, 13))
    down = tuple(1 << (base + rank) for rank in range(cards[0].rank - 1, -1, -1))
    return tuple(line for line in (up, down) if line)


_LAYOFF_LINES = Memo(_layoff_lines)


def best_layoffs(chains: list, defender_mask: int, unlaid: int | None = None
                 ) -> tuple[int, tuple[int, ...] | None]:
    """(lowest deadwood, chain prefix lengths or None for no lay-off); ties go to fewer
    lay-offs, then the first found.

    Laying off cards worth P points lowers the defender's deadwood by at most P (the melds of
    what is left are melds of the whole hand too), so a combination whose bound cannot beat
    the best so far skips its deadwood look-up; the order tried, and so the answer, is the
    same as trying them all. `unlaid` is the defender's deadwood with nothing laid off, when
    the caller knows it already."""
    if unlaid is None:
        unlaid = deadwood_of_mask(defender_mask)
    if not chains:
        return unlaid, None  # nothing to lay off (often so: the search asks for each spread)
    best_key, best_prefixes = (unlaid, 0), None
    prefix_masks = []
    for _, chain in chains:
        masks, laid = [0], 0
        for bit in chain:
            laid |= bit
            masks.append(laid)
        prefix_masks.append(masks)
    for combination in product(*prefix_masks):
        laid = 0
        for mask in combination:
            if laid & mask:
                break  # one card in two chains (a run's end and a set's fourth card)
            laid |= mask
        else:
            if not laid:
                continue
            count = laid.bit_count()
            bound = unlaid - mask_points(laid)
            if bound > best_key[0] or (bound == best_key[0] and count >= best_key[1]):
                continue
            key = (deadwood_of_mask(defender_mask & ~laid), count)
            if key < best_key:
                best_key = key
                best_prefixes = tuple(mask.bit_count() for mask in combination)
    return best_key[0], best_prefixes


def best_defense(melds: tuple[Meld, ...], defender_mask: int, allow_layoffs: bool = True
                 ) -> Defense:
    """The defender's own melds and lay-offs with the lowest deadwood."""
    chains = layoff_chains(melds, defender_mask) if allow_layoffs else []
    return defense_from(chains, best_layoffs(chains, defender_mask)[1], defender_mask)


def defense_from(chains: list, prefixes: tuple[int, ...] | None, defender_mask: int
                 ) -> Defense:
    """The defender's answer for chosen chain prefixes: the lay-offs in the order they must
    be made, and the best melds of what is left."""
    layoffs = []
    laid = 0
    if prefixes:
        for (index, chain), length in zip(chains, prefixes):
            for bit in chain[:length]:
                layoffs.append(Layoff(Card.from_index(bit.bit_length() - 1), index))
                laid |= bit
    arrangement = best_arrangement_of_mask(defender_mask & ~laid)
    return Defense(arrangement.melds, tuple(layoffs), arrangement.deadwood_cards,
                   arrangement.deadwood)


def layoff_options(melds: tuple[Meld, ...], defender_mask: int) -> tuple[LayoffOption, ...]:
    return layoff_options_from(layoff_chains(melds, defender_mask))


def layoff_options_from(chains: list) -> tuple[LayoffOption, ...]:
    """Every card that could be laid off, with the melds it could go onto."""
    where: dict[int, list[int]] = {}
    for index, chain in chains:
        for bit in chain:
            where.setdefault(bit, []).append(index)
    return tuple(LayoffOption(Card.from_index(bit.bit_length() - 1), tuple(sorted(set(v))))
                 for bit, v in sorted(where.items()))


class DeclaredSpread(NamedTuple):
    """A spread as a caller declared it, its tokens not read yet: the scoring reads it
    (`read_spread`) beside the other hand, so that the slips of both are told at once."""

    melds: list
    deadwood_cards: list


def read_spread(melds, deadwood_cards, position: tuple = ("knocker",)) -> Arrangement:
    """A declared spread (cards as tokens), checked by `check_spread`. The melds keep the order
    they were given in, so lay-off `meld` indices match the caller's own list. Every bad
    token and every non-meld is told at once, and a card given twice at its places as given
    (a meld's cards are then put in their canonical order).

    >>> spread = read_spread([["7c", "7h", "7d"], ["As", "2s", "3s"]], ["5h", "2d", "Kc", "Qh"])
    >>> [str(meld) for meld in spread.melds], spread.deadwood
    (['7h 7d 7c', 'As 2s 3s'], 27)
    """
    errors, parsed_melds, places = [], [], []
    parts = [(position + ("melds", i), meld, "meld") for i, meld in enumerate(melds)]
    parts.append((position + ("deadwood_cards",), deadwood_cards or [], "deadwood"))
    for where, tokens, what in parts:
        try:
            cards = read_hand(tokens, None, where, what)
            if what == "meld":
                parsed_melds.append(Meld.of(cards, where))
        except CalculatorError as error:
            errors.append(error)
            continue
        places.append((where, cards))
    if errors:
        raise group(errors)
    check_disjoint(places, same_player=True)
    spread = Arrangement.of(parsed_melds, sorted(places[-1][1]))
    check_spread(spread, position)
    return spread


def spread_places(spread: Arrangement, position: tuple = ("knocker",)) -> list:
    """(place, cards) for every meld and the deadwood of a spread, for naming a card's place."""
    return ([(position + ("melds", i), list(meld.cards)) for i, meld in enumerate(spread.melds)]
            + [(position + ("deadwood_cards",), list(spread.deadwood_cards))])


def check_spread(spread: Arrangement, position: tuple = ("knocker",)) -> None:
    """A spread must be real melds, no card twice, and 10 cards, or 11 all melded (big gin)."""
    for i, meld in enumerate(spread.melds):
        kind = meld_kind(tuple(sorted(meld.cards)))
        if isinstance(kind, MeldError) or kind != meld.kind:
            error = kind if isinstance(kind, MeldError) else MeldError(
                meld.cards, f"these cards form a {kind}, not a {meld.kind}")
            raise error.at(*position, "melds", i)
    check_disjoint(spread_places(spread, position), same_player=True)
    total = len(spread.cards)
    if total == 11 and spread.deadwood_cards:
        left = len(spread.deadwood_cards)
        raise HandSizeError(total, (10,), "spread", position,
                            f" (11 only when every card is melded, big gin; this one leaves "
                            f"{left} deadwood card{'s' if left > 1 else ''})")
    if total not in (10, 11):
        raise HandSizeError(total, (10, 11), "spread", position,
                            " (11 only when every card is melded: big gin)")


__all__ = ["Layoff", "LayoffOption", "Defense", "LayoffResult", "best_defense",
           "layoff_options", "read_spread", "DeclaredSpread", "MeldError"]
