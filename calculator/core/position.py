"""A position in a hand of play, read and checked: my cards, the discard pile, what the
opponent took and passed, the stock, the rules and the game's scores.

Every card has one place: my hand, the discard pile (the face-up card on top of it), the
opponent's hand (cards they took from the pile and have not thrown again), or unseen (the
stock and the rest of the opponent's hand). A card named in two places, counts that do not
add up to 52, or a stock the hand cannot have are refused with the place of the conflict.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, cards_mask, tokenize
from .errors import CardInBothHandsError, DuplicateCardError, IncompatibleInputError, \
    NumberRangeError, quoted
from .hands import read_card, read_each, read_hand, read_upcard, refuse_shared_cards
from .numbers import is_whole
from .rules import DEFAULT_RULES, Rules

INITIAL_STOCK = 31  # 52 cards less two hands of 10 and the first upcard
DEAD_STOCK = 2      # the hand is dead when the stock is down to two cards
# opponent hands sampled for the knock decision: the cost is linear, 0.1 to 0.35 ms a sample
# by the position and the machine's load (0.2 to 0.7 s at this bound; docs/ADVICE.md)
MAX_SAMPLES = 2_000
DEFAULT_SAMPLES = 1_000
WHO = ("me", "opponent")
SHORT_WHO = {"opp": "opponent"}  # what a pile written as text may say for short


def written_discard(token: str):
    """A discard written as text, `CARD` or `CARD:who` (me, opponent or opp for short), as
    the pile's entry `read_position` takes: the card alone, or its card and who threw it
    (read and checked there, so a bad card or name is told at its place in the pile).

    >>> written_discard("Jc"), written_discard("9d:opp"), written_discard("5h:me")
    ('Jc', {'card': '9d', 'by': 'opponent'}, {'card': '5h', 'by': 'me'})
    """
    card, colon, by = token.partition(":")
    # "Jc:" says who, as nobody: refused where the pile is read, as an empty `by` is
    return {"card": card, "by": SHORT_WHO.get(by, by)} if colon else card


def written_pile(text: str) -> list:
    """A discard pile written as text, oldest first, as `read_position` takes it: its cards
    split as a hand's are (`tokenize`: spaces and commas, or commas between cards in words),
    each read by `written_discard`.

    >>> written_pile("Jc 9d:opp")
    ['Jc', {'card': '9d', 'by': 'opponent'}]
    >>> written_pile("ace of hearts, jack of clubs:me")
    ['ace of hearts', {'card': 'jack of clubs', 'by': 'me'}]
    """
    return [written_discard(token.text) for token in tokenize(text)]


@dataclass(frozen=True, slots=True)
class Discard:
    """One card of the discard pile and who threw it (None: not said)."""

    card: Card
    by: str | None = None


@dataclass(frozen=True, slots=True)
class Scores:
    """Both players' game totals before this hand."""

    me: int
    opponent: int


@dataclass(frozen=True, slots=True)
class Position:
    hand: tuple[Card, ...]
    pile: tuple[Discard, ...]        # oldest first; the face-up card (if any) last
    face_up: Card | None             # the top of the pile I may take (10 cards only)
    took: tuple[Card, ...]           # cards the opponent took from the pile, as given (and
    #                                  the first upcard, when neither the pile nor mine)
    passed: tuple[Card, ...]         # face-up cards the opponent declined
    stock: int
    rules: Rules
    limit: int
    multiplier: int
    scores: Scores | None
    samples: int
    seed: int
    mine: int = 0        # the masks of my cards, the pile's, the opponent's known cards
    pile_mask: int = 0   # (taken from the pile and not thrown again: a card thrown again
    held: int = 0        # is in the pile, or in my hand if I took it back) and the unseen
    unseen: int = 0
    # False when `samples` was not asked for: the knock decision may then stop before the
    # default once it is settled (`sampler.knock_odds_sampled`, `advice.settled`)
    samples_asked: bool = True
    taken: Card | None = None  # 11 cards: the one just taken from the pile (not thrown back)

    def __post_init__(self):
        mine = cards_mask(self.hand)
        pile = cards_mask(d.card for d in self.pile)
        held = cards_mask(self.took) & ~pile & ~mine
        for name, value in (("mine", mine), ("pile_mask", pile), ("held", held),
                            ("unseen", ((1 << 52) - 1) & ~(mine | pile | held))):
            object.__setattr__(self, name, value)

    @property
    def opponent_unknown(self) -> int:
        """How many of the opponent's 10 cards I do not know."""
        return 10 - self.held.bit_count()

    @property
    def shown(self) -> list[int]:
        """Card bits the opponent let go (their discards and passes): they did not want them."""
        bits = [d.card.bit for d in self.pile if d.by == "opponent"]
        return bits + [c.bit for c in self.passed if c.bit not in bits]

    @property
    def my_draws_left(self) -> int:
        """How many more times I can draw from the stock before the hand is dead: each round
        the opponent draws one and I draw one, and the hand ends when two are left."""
        if len(self.hand) == 10:  # my draw comes first
            return 1 + max(0, (self.stock - 1 - DEAD_STOCK) // 2)
        return self.draws_after_eleven

    @property
    def draws_after_eleven(self) -> int:
        """How many more times I can draw once I hold 11 cards this turn: after my draw, or
        after taking the face-up card (which leaves the stock as it is); the opponent draws
        next. The knock decision's last chance is when this is 0."""
        return max(0, (self.stock - DEAD_STOCK) // 2)

    @property
    def opponent_draws(self) -> int:
        """About how many cards the opponent has drawn since the deal: their half of the
        stock drawn so far (after my draw, the smaller half; before it, the larger), and the
        cards they took from the pile."""
        drawn = max(0, INITIAL_STOCK - self.stock)
        share = drawn // 2 if len(self.hand) == 11 else (drawn + 1) // 2
        return share + len(self.took)


def read_position(hand, discards=(), face_up=None, opponent_took=(), opponent_passed=(),
                  stock=None, rules: Rules | None = None, upcard=None, scores=None,
                  samples: int | None = None, seed: int | None = None, taken=None) -> Position:
    """Read and check a position. `discards` is the pile, oldest first, each a card or a
    (card, by) pair or a `Discard`, `by` being "me" or "opponent"; `scores` a (me, opponent)
    pair or a mapping with those keys; `taken`, with 11 cards, the one of them just taken
    from the pile (the rules forbid throwing it back). Raises the core's errors with their
    places.

    >>> p = read_position("As 2s 3s 4h 5h 6h 7c 7d 7h Kd Qc", ["Jh", {"card": "2d", "by": "me"}])
    >>> p.stock, p.unseen.bit_count(), p.my_draws_left
    (29, 39, 13)
    >>> read_position("As 2s 3s 4h 5h 6h 7c 7d 7h Kd Qc", ["Kd"])
    Traceback (most recent call last):
    ...
    calculator.core.errors.CardInBothHandsError: card Kd is in two places: here and in the hand, token 10
    """
    rules = rules or DEFAULT_RULES
    cards = read_hand(hand, (10, 11), ("hand",))
    entries = _pile_entries(discards)
    pile = read_each(entries, _read_discard, ("discards",))  # every bad card told at once
    pile_cards = [d.card for d in pile]
    took = read_hand(opponent_took, None, ("opponent_took",), "opponent_took")
    passed = read_hand(opponent_passed, None, ("opponent_passed",), "opponent_passed")
    _check_pile_twice(pile_cards, entries)  # first: a duplicate is not a card in two places
    refuse_shared_cards((("hand",), cards), (("discards",), pile_cards))
    just_taken = _read_taken(taken, cards) if taken is not None else None
    top = read_card(face_up, ("face_up",)) if face_up is not None else None
    up = read_upcard(upcard)
    if top is not None:
        if len(cards) == 11:
            raise IncompatibleInputError(
                "face_up is the card I may take before drawing: give 10 cards with it, or 11 "
                "cards (after drawing) without it", ("face_up",))
        if top in cards:
            raise CardInBothHandsError(top, ("face_up",), ("hand", cards.index(top)))
        if top in pile_cards and pile_cards.index(top) != len(pile) - 1:
            raise IncompatibleInputError(
                f"face_up {top} is the top of the discard pile, but discards lists it at "
                f"{pile_cards.index(top) + 1} of {len(pile)}, under other cards",
                ("face_up",))
        if top not in pile_cards:  # on top of the pile: the opponent's discard, or the upcard
            # (not the upcard when another is named: then, before my draw, theirs)
            thrown = bool(pile) or up is not None and up != top
            pile.append(Discard(top, "opponent" if thrown else None))
            pile_cards.append(top)
    elif len(cards) == 10 and pile:
        top = pile[-1].card  # before my draw the top of the pile is the card I may take
    elif len(cards) == 10:  # the first upcard or the opponent's last discard is always there
        raise IncompatibleInputError("before my draw the top of the discard pile is the card I "
                                     "may take: give face_up or the discards", ("face_up",))
    if len(cards) == 10 and pile and pile[-1].by == "me":
        last = len(pile) - 1
        raise IncompatibleInputError(
            f"before my draw the top of the discard pile is the opponent's last discard (or "
            f"the first upcard), so {pile[-1].card} on top cannot be a card I threw",
            ("discards", last, "by") if isinstance(entries[last], dict) else ("discards", last))
    mine, in_pile = cards_mask(cards), cards_mask(pile_cards)
    for i, card in enumerate(passed):
        if not card.bit & (mine | in_pile):
            raise IncompatibleInputError(
                f"{card} was passed by the opponent, so it is in the discard pile or in my "
                f"hand: list it in discards", ("opponent_passed", i))
    given = len(took)
    if up is not None and not up.bit & (mine | in_pile) and up not in took:
        # the first upcard began the pile; neither there nor in my hand, it was taken by the
        # opponent (the stock is the rest of the 52, so the pile is all of it)
        took = [*took, up]
    held = [c for c in took if not c.bit & (mine | in_pile)]
    if len(held) > 10:
        eleventh = took.index(held[10])
        raise IncompatibleInputError(
            f"the opponent holds 10 cards, but {len(held)} cards taken from the pile are "
            f"still theirs" + (" (the first upcard among them)" if len(took) > given else ""),
            ("opponent_took", eleventh) if eleventh < given else ("upcard",))
    derived = 52 - len(cards) - 10 - len(pile)
    stock = _check_stock(stock, derived, len(cards), len(pile), just_taken is not None)
    return Position(tuple(cards), tuple(pile), top, tuple(took), tuple(passed), stock, rules,
                    rules.knock_limit_for(up), rules.multiplier_for(up),
                    _read_scores(scores, rules.target),
                    _read_count(samples, DEFAULT_SAMPLES, 1, MAX_SAMPLES, "samples"),
                    _read_count(seed, 0, 0, 2 ** 32 - 1, "seed"),
                    samples_asked=samples is not None, taken=just_taken)


def _read_taken(taken, cards: list[Card]) -> Card:
    """The card of my 11 just taken from the discard pile."""
    card = read_card(taken, ("taken",))
    if len(cards) != 11:
        raise IncompatibleInputError(
            "the card just taken from the pile goes with the 11 cards I hold after taking it; "
            "before my draw (10 cards) the card I may take is face_up", ("taken",))
    if card not in cards:
        raise IncompatibleInputError(
            f"{card} was just taken from the pile, so it is one of my 11 cards, but the hand "
            f"does not hold it", ("taken",))
    return card


def _pile_entries(discards) -> list | tuple:
    """The pile's entries: a list as given, or one string split into its card tokens; any
    other value is refused as a hand of that type is (`read_hand`: a CardNotationError)."""
    if isinstance(discards, (list, tuple)):
        return discards
    if isinstance(discards, str):
        return [token.text for token in tokenize(discards)]
    return read_hand(discards, None, ("discards",))  # raises: not cards


def _read_discard(entry, index: int) -> Discard:
    if isinstance(entry, Discard):
        return entry
    if isinstance(entry, dict):
        card, by = entry.get("card"), entry.get("by")
        where = ("discards", index, "card")
    elif isinstance(entry, (tuple, list)) and len(entry) == 2:
        card, by = entry
        where = ("discards", index)
    else:
        card, by, where = entry, None, ("discards", index)
    if by is not None and by not in WHO:
        raise IncompatibleInputError(f"'by' is who threw the card: me or opponent, not {quoted(by)}",
                                     ("discards", index, "by"))
    if card is None:
        raise IncompatibleInputError("a discard needs its card", where)
    return Discard(read_card(card, where), by)


def _check_pile_twice(pile_cards: list[Card], entries) -> None:
    """A card twice in the pile is one error at its second place, naming the first (and how
    each was written, when not as its code)."""
    seen: dict[Card, int] = {}
    for i, card in enumerate(pile_cards):
        if card in seen:
            first = seen[card]
            raise DuplicateCardError(card, i, first, _written(entries[i]),
                                     _written(entries[first])).at("discards")
        seen[card] = i


def _written(entry) -> str:
    """A discard's card as the caller wrote it ("" when not a string)."""
    if isinstance(entry, dict):
        entry = entry.get("card")
    elif isinstance(entry, (tuple, list)) and len(entry) == 2:
        entry = entry[0]
    return entry if isinstance(entry, str) else ""


def _check_stock(stock, derived: int, hand: int, pile: int, taken: bool = False) -> int:
    """The stock, given or derived, checked against the cards named. Before my draw, or with
    a card just `taken` from the pile (a take leaves the stock as the opponent's discard
    found it), the stock must hold 3: at 2 that discard had ended the hand."""
    counts = (f"52 cards = {hand} in my hand + 10 in the opponent's + {pile} in the discard "
              f"pile + {derived} in the stock")
    before_draw = hand == 10 or taken
    need = DEAD_STOCK + (1 if before_draw else 0)
    if stock is not None:
        if not is_whole(stock, DEAD_STOCK, INITIAL_STOCK):
            raise NumberRangeError(stock, DEAD_STOCK, INITIAL_STOCK, "stock", ("stock",))
        if stock != derived:
            raise IncompatibleInputError(
                f"stock {stock} does not fit the cards named: {counts}", ("stock",))
    if derived < need:
        where = ("stock",) if stock is not None else ("discards",)
        if derived < 0:
            raise IncompatibleInputError(
                f"too many cards named: {hand} in my hand, 10 in the opponent's and {pile} in "
                f"the discard pile make {hand + 10 + pile} of 52", where)
        raise IncompatibleInputError(
            f"{counts}: the hand is dead when the stock is down to {DEAD_STOCK} cards, so "
            f"{'my draw' if hand == 10 else 'a take from the pile' if taken else 'this position'}"
            f" needs at least {need}", where)
    return derived


def _read_scores(scores, target: int) -> Scores | None:
    """Both game totals, each below the target: a total that reached it ended the game."""
    if scores is None:
        return None
    if isinstance(scores, Scores):
        return scores
    if isinstance(scores, dict):
        pair = (scores.get("me"), scores.get("opponent"))
        places = (("scores", "me"), ("scores", "opponent"))
    elif isinstance(scores, (list, tuple)) and len(scores) == 2:
        pair, places = tuple(scores), (("scores", 0), ("scores", 1))
    else:
        raise NumberRangeError(scores, 0, target - 1, "scores are the two game totals (me, "
                               "opponent): each", ("scores",))
    for value, place in zip(pair, places):
        if not is_whole(value, 0, target - 1):
            raise NumberRangeError(value, 0, target - 1, "a game total", place,
                                   f": a game ends when a total reaches its target, {target}")
    return Scores(*pair)


def _read_count(value, default: int, low: int, high: int, name: str) -> int:
    if value is None:
        return default
    if not is_whole(value, low, high):
        raise NumberRangeError(value, low, high, name, (name,))
    return value
