"""Cards: the value type, and reading and naming cards and hands in every notation people use.

A card is an index 0..51 = suit * 13 + rank (rank 0..12 = A..K, suits in the order s h d c), so
sorting cards by index gives the canonical order of every card list the service writes: by
suit s, h, d, c, then by rank A..K. There are only 52 cards, so `Card` interns them: `Card('Ts')
is Card('10♠')`-style identity holds and comparisons are cheap.
"""
from __future__ import annotations

import re
from operator import attrgetter
from typing import Iterable, NamedTuple

from .errors import (MAX_QUOTED_CHARS, MAX_REPORTED_ERRORS, CardInBothHandsError,
                     CardNotationError, DuplicateCardError, group, quoted)
from .memo import Memo

RANKS = "A23456789TJQK"
SUITS = "shdc"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
SUIT_GLYPHS = "♠♥♦♣"
POINTS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


class Card:
    """One of the 52 cards. `Card('Ts')` accepts any single-card notation; repr round-trips."""

    # `code` is the canonical code ("Td"), kept so that writing an answer reads a slot
    __slots__ = ("index", "rank", "suit", "points", "bit", "code")

    def __new__(cls, notation: "str | Card") -> "Card":
        if isinstance(notation, Card):
            return notation
        return parse_card(notation)

    @classmethod
    def from_index(cls, index: int) -> "Card":
        return _CARDS[index]

    @classmethod
    def _make(cls, index: int) -> "Card":
        card = object.__new__(cls)
        for name, value in (
            ("index", index),
            ("rank", index % 13),
            ("suit", index // 13),
            ("points", POINTS[index % 13]),
            ("bit", 1 << index),
            ("code", RANKS[index % 13] + SUITS[index // 13]),
        ):
            object.__setattr__(card, name, value)
        return card

    def __setattr__(self, name, value):
        raise AttributeError("Card is immutable")

    def __reduce__(self):
        return (Card.from_index, (self.index,))

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card('{self.code}')"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, Card) and other.index == self.index)

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    def __le__(self, other: "Card") -> bool:
        return self.index <= other.index

    def __gt__(self, other: "Card") -> bool:
        return self.index > other.index

    def __ge__(self, other: "Card") -> bool:
        return self.index >= other.index

    @property
    def glyph(self) -> str:
        """The card as printed for people: rank then suit glyph, `10♥`."""
        rank = "10" if self.rank == 9 else RANKS[self.rank]
        return rank + SUIT_GLYPHS[self.suit]

    @property
    def words(self) -> str:
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def is_red(self) -> bool:
        return self.suit in (1, 2)


_CARDS = tuple(Card._make(i) for i in range(52))
ALL_CARDS = _CARDS


def card_name(card: Card) -> str:
    """The canonical code of a card (`Td`); the inverse of `parse_card` on canonical input."""
    return card.code


# --- notation -------------------------------------------------------------------------------

_SUIT_SYMBOLS = {
    "s": 0, "h": 1, "d": 2, "c": 3,
    "♠": 0, "♥": 1, "♦": 2, "♣": 3,
    "♤": 0, "♡": 1, "♢": 2, "♧": 3,
}
_RANK_SYMBOLS = {symbol: i for i, symbol in enumerate("a23456789tjqk")}
_RANK_SYMBOLS.update({"1": 0, "10": 9})
_RANK_WORDS = {
    "ace": 0, "one": 0, "two": 1, "three": 2, "four": 3, "five": 4, "six": 5, "seven": 6,
    "eight": 7, "nine": 8, "ten": 9, "jack": 10, "knave": 10, "queen": 11, "king": 12,
}
_SUIT_WORDS = {
    "spade": 0, "spades": 0, "heart": 1, "hearts": 1,
    "diamond": 2, "diamonds": 2, "club": 3, "clubs": 3,
}
_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")
# Letters are matched without case in ASCII only: str.lower() also maps the Kelvin sign
# (U+212A) to "k", and "\u212as" must not be read as the king of spades.
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
# The playing-card block: U+1F0A1 is the ace of spades; each suit spans 16 code points.
_UNICODE_CARD_FIRST, _UNICODE_CARD_LAST = 0x1F0A0, 0x1F0FF
_UNICODE_SUIT_BASES = (0x1F0A0, 0x1F0B0, 0x1F0C0, 0x1F0D0)
# Offsets within a suit: 1 ace .. 10 ten, 11 jack, 12 knight (not a card here), 13 queen, 14 king.
_UNICODE_RANK_BY_OFFSET = {i: i - 1 for i in range(1, 12)} | {13: 11, 14: 12}


def parse_card(token: str, index: int | None = None) -> Card:
    """Read one card written in any accepted notation; `index` only shapes the error message.

    >>> parse_card("10♥"), parse_card("queen of clubs"), parse_card("♠A"), parse_card("🂡")
    (Card('Th'), Card('Qc'), Card('As'), Card('As'))
    """
    if not isinstance(token, str):
        raise CardNotationError(repr(token), index, "not a string")
    text = token.translate(_VARIATION_SELECTORS).strip()
    if not text:
        raise CardNotationError(token, index, "empty card")
    if len(text) == 1 and _UNICODE_CARD_FIRST <= ord(text) <= _UNICODE_CARD_LAST:
        return _parse_unicode_card(token, text, index)
    lowered = text.translate(_ASCII_LOWER)
    if lowered in ("joker", "jokers"):  # else read as a rank 'joker' of spades
        raise CardNotationError(token, index, _NO_JOKERS)
    words = " ".join(lowered.split())  # any spaces between words: a tab, a no-break space
    if " of " in f" {words} ":
        return _parse_words(token, words, index)
    if lowered[-1] in _SUIT_SYMBOLS:
        suit, rank_text = _SUIT_SYMBOLS[lowered[-1]], lowered[:-1]
    elif lowered[0] in _SUIT_SYMBOLS:
        suit, rank_text = _SUIT_SYMBOLS[lowered[0]], lowered[1:]
    else:
        raise _no_suit(token, text, index)
    if not rank_text:
        raise CardNotationError(token, index, "missing rank")
    rank = _RANK_SYMBOLS.get(rank_text.strip())
    if rank is None:
        raise CardNotationError(token, index,
                                f"unknown rank {_shown(_original(text, rank_text))}")
    return _CARDS[suit * 13 + rank]


def _shown(text: str) -> str:
    """A part of a token quoted, with the code points of the letters outside ASCII: a look-alike
    (the Kelvin sign for K) would otherwise read as the very rank that was refused."""
    shown = quoted(text, as_typed=True)
    if text.isascii():
        return shown
    points = dict.fromkeys(f"U+{ord(c):04X}" for c in text[:MAX_QUOTED_CHARS]
                           if not c.isascii())  # each once, from the part quoted
    return f"{shown} ({', '.join(points)})"


def _original(text: str, lowered_part: str) -> str:
    """The part of the token as the person typed it (case kept) for error messages."""
    start = text.translate(_ASCII_LOWER).find(lowered_part)
    return text[start:start + len(lowered_part)] if start >= 0 else lowered_part


_NO_JOKERS = "jokers are not cards of this game"


def _no_suit(token: str, text: str, index: int | None) -> CardNotationError:
    lowered = text.translate(_ASCII_LOWER)
    for rank_text in ("10", lowered[:1]):
        if lowered.startswith(rank_text) and rank_text in _RANK_SYMBOLS:
            rest = text[len(rank_text):]
            if not rest:
                return CardNotationError(token, index, "missing suit")
            return CardNotationError(token, index, f"unknown suit {_shown(rest)}")
    return CardNotationError(token, index,
                             "not a card (expected rank and suit, like 'As' or '10♥')")


def _parse_unicode_card(token: str, char: str, index: int | None) -> Card:
    code = ord(char)
    suit = (code - _UNICODE_CARD_FIRST) // 16
    if suit >= 4:  # U+1F0E0.. are the tarot trumps and the fool
        raise CardNotationError(token, index, "tarot cards are not cards of this game")
    offset = code - _UNICODE_SUIT_BASES[suit]
    if offset == 12:
        raise CardNotationError(token, index, "knights are not cards of this game")
    if offset == 15 or code in (0x1F0CF, 0x1F0DF, 0x1F0BF):
        raise CardNotationError(token, index, _NO_JOKERS)
    if offset not in _UNICODE_RANK_BY_OFFSET:
        raise CardNotationError(token, index, "not a playing card of this game")
    return _CARDS[suit * 13 + _UNICODE_RANK_BY_OFFSET[offset]]


_RUN_TOGETHER = ("cards run together (separate cards with commas when any is written in "
                 "words)")


def _parse_words(token: str, lowered: str, index: int | None) -> Card:
    rank_text, _, suit_text = (part.strip() for part in lowered.partition(" of "))
    if any(part.split()[1:] for part in (rank_text, suit_text)):  # "ace of spades 7c"
        raise CardNotationError(token, index, _RUN_TOGETHER)
    rank = _RANK_WORDS.get(rank_text, _RANK_SYMBOLS.get(rank_text))
    if rank is None:
        raise CardNotationError(token, index, f"unknown rank {_shown(rank_text)}"
                                if rank_text else "missing rank")
    suit = _SUIT_WORDS.get(suit_text)
    if suit is None:
        raise CardNotationError(token, index, f"unknown suit {_shown(suit_text)}"
                                if suit_text else "missing suit")
    return _CARDS[suit * 13 + rank]


class Token(NamedTuple):
    """One token of a hand as written, with where it stood (for pointers and highlighting)."""

    text: str
    index: int
    start: int  # character offsets into the original string; -1 for list input
    end: int


_WORD_SEPARATORS = re.compile(r"[^,;\r\n]+")  # a line a card, as a textarea is typed
_SYMBOL_SEPARATORS = re.compile(r"[^\s,;]+")
_WRITTEN_IN_WORDS = re.compile(r"\bof\b", re.IGNORECASE)


def tokenize(hand: "str | Iterable[str]") -> list[Token]:
    """Split a hand into card tokens: a list as given, or a string split on spaces, commas and
    semicolons; in a string with cards in words (`ace of spades, 10 of hearts`) each phrase
    between commas, semicolons or line breaks is one token, and a part without a word phrase
    still splits at spaces (`ace of spades, 7c 7h` is three cards).

    >>> [t.text for t in tokenize("ace of spades, 2 of spades, 7c 7h;  Qc\\nking of clubs")]
    ['ace of spades', '2 of spades', '7c', '7h', 'Qc', 'king of clubs']
    """
    if not isinstance(hand, str):
        return [Token(item, i, -1, -1) for i, item in enumerate(hand)]
    if not _WRITTEN_IN_WORDS.search(hand):
        return _tokens_at(hand, _SYMBOL_SEPARATORS.finditer(hand))
    matches = []
    for piece in _WORD_SEPARATORS.finditer(hand):
        if _WRITTEN_IN_WORDS.search(piece.group()):
            matches.append(piece)
        else:
            matches += _SYMBOL_SEPARATORS.finditer(hand, piece.start(), piece.end())
    return _tokens_at(hand, matches)


def _tokens_at(hand: str, matches) -> list[Token]:
    """The tokens of `hand` the matches stand for, each stripped of spaces, blanks dropped."""
    tokens = []
    for match in matches:
        text = match.group().strip()
        if text:
            start = match.start() + len(match.group()) - len(match.group().lstrip())
            tokens.append(Token(text, len(tokens), start, start + len(text)))
    return tokens


def _quick_tokens() -> dict:
    """Every plain rank+suit spelling (either order, any case, glyph suits) mapped to its card,
    and every card to itself, so the common case of reading a hand is one dictionary look-up
    per token."""
    quick: dict = {card: card for card in _CARDS}
    for rank_text, rank in _RANK_SYMBOLS.items():
        for suit_text, suit in _SUIT_SYMBOLS.items():
            for r in {rank_text, rank_text.upper()}:
                for st in {suit_text, suit_text.upper()}:
                    quick[r + st] = quick[st + r] = _CARDS[suit * 13 + rank]
    return quick


_QUICK_TOKENS = _quick_tokens()
# The same spellings mapped to the cards' bits, for readers that want a hand's mask only
# (a batch reads ten thousand hands: no Card objects, no second pass to build the mask).
_QUICK_BITS = {token: card.bit for token, card in _QUICK_TOKENS.items() if type(token) is str}
_BIT = attrgetter("bit")


def _plain_tokens(hand) -> list | tuple | None:
    """A hand as its list of tokens when it is a list or tuple, or one string (split at
    spaces); None for any other kind, which only the full reader explains."""
    kind = type(hand)
    if kind is str:
        return hand.split()
    return hand if kind is list or kind is tuple else None


def quick_cards(hand) -> list[Card] | None:
    """The cards of a hand given as a list or tuple of plain codes or `Card`s, or as one
    string of plain codes between spaces, all distinct; None when anything needs the full
    reader (another notation or separator, an error, a duplicate). The one fast path of
    reading a hand: `parse_hand`, `deadwood`, `analyze` and the API's hand fields start here.

    Codes go at C speed (one dictionary look-up each); a list of `Card`s by one sum of their
    bits (a `Card` hashes in Python, so a look-up would cost more). Distinct bits sum
    without a carry, so the sum has one bit per card exactly when no card repeats.

    >>> quick_cards("As 10h Qc"), quick_cards("As As"), quick_cards("ace of spades")
    ([Card('As'), Card('Th'), Card('Qc')], None, None)
    """
    hand = _plain_tokens(hand)
    if hand is None:
        return None
    if hand and type(hand[0]) is Card:
        mask = _cards_sum(hand)
        return None if mask is None or mask.bit_count() != len(hand) else list(hand)
    try:
        cards = list(map(_QUICK_TOKENS.__getitem__, hand))
    except (KeyError, TypeError):  # an unknown token, or one that is not even hashable
        return None
    return cards if sum(map(_BIT, cards)).bit_count() == len(cards) else None


def quick_mask(hand) -> int | None:
    """`quick_cards` for a caller that needs the hand's mask only: the mask of distinct plain
    codes (a list, a tuple or one string), else None (then `parse_hand` reads it and says
    what is wrong). One look-up per token and one sum, at C speed.

    >>> quick_mask(["As", "2s"]) == Card("As").bit | Card("2s").bit, quick_mask("As as")
    (True, None)
    """
    hand = _plain_tokens(hand)
    if hand is None:
        return None
    if hand and type(hand[0]) is Card:
        mask = _cards_sum(hand)
    else:
        try:
            mask = sum(map(_QUICK_BITS.__getitem__, hand))
        except (KeyError, TypeError):  # another notation, or a token that is not hashable
            return None
    return mask if mask is not None and mask.bit_count() == len(hand) else None


def _cards_sum(cards) -> int | None:
    """The sum of the bits of `Card`s, or None when one of them is not a `Card`."""
    try:
        return sum(map(_BIT, cards))
    except AttributeError:
        return None


def hand_tokens(hand) -> list:
    """A hand's tokens as `parse_hand` reads them, no card read yet: a hand's size is checked
    on them before its cards (70 copies of 'As' is one error, not 50), then they are given
    to `parse_hand`, which reads a list as it stands."""
    if not isinstance(hand, (str, list, tuple)):
        raise CardNotationError.not_a_hand(hand)
    if isinstance(hand, str):
        if "of" in hand.lower() and _WRITTEN_IN_WORDS.search(hand):
            return [token.text for token in tokenize(hand)]
        return hand.replace(",", " ").replace(";", " ").split()
    return list(hand)


def parse_hand(hand: "str | Iterable[str | Card]", allow_duplicates: bool = False) -> list[Card]:
    """Read a hand (a list of tokens or one string) into cards, in the order given.

    Every bad token is reported at once (an `ErrorGroup` when there are several, up to
    `MAX_REPORTED_ERRORS`); a duplicate is reported at its second occurrence and names the
    first.

    >>> parse_hand("As 10h ♣q")
    [Card('As'), Card('Th'), Card('Qc')]
    """
    texts = hand_tokens(hand)
    cards = quick_cards(texts)  # the usual case: plain codes or cards, no error
    if cards is not None:
        return cards
    quick = _QUICK_TOKENS
    errors = []
    cards = []
    first_at: dict[Card, int] = {}  # where each card was first given: duplicates in one look-up
    for index, text in enumerate(texts):
        if len(errors) >= MAX_REPORTED_ERRORS:
            raise group(errors, len(texts) - index)
        card = quick.get(text) if type(text) is str else (text if isinstance(text, Card) else None)
        if card is None:
            try:
                card = parse_card(text, index)
            except CardNotationError as error:
                errors.append(error)
                continue
        first = first_at.setdefault(card, index)
        if first != index and not allow_duplicates:
            errors.append(DuplicateCardError(card, index, first, str(text), str(texts[first])))
            continue
        cards.append(card)
    if errors:
        raise group(errors)
    return cards


def check_disjoint(named_hands: list[tuple[tuple, list[Card]]], same_player: bool = False
                   ) -> None:
    """Refuse a card that stands in two of the given hands, naming both places (with
    `same_player`, the parts are one player's melds and deadwood: a duplicate).

    `named_hands` is [(position prefix, cards)]; positions of cards are their index in the hand.
    """
    union = 0
    for _, cards in named_hands:
        mask = cards_mask(cards)
        if union & mask:
            break
        union |= mask
    else:
        return  # the usual case: no card in two places
    seen: dict[Card, tuple] = {}
    errors = []
    for prefix, cards in named_hands:
        for i, card in enumerate(cards):
            here = prefix + (i,)
            if card in seen and same_player:
                errors.append(DuplicateCardError.between(card, here, seen[card]))
            elif card in seen:
                errors.append(CardInBothHandsError(card, here, seen[card]))
            else:
                seen[card] = here
    if errors:
        raise group(errors)


def cards_mask(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def _suit_cards(suit: int) -> Memo:
    """For one suit: its 13-bit mask -> the cards of that suit, in rank order."""
    return Memo(lambda suit_mask: tuple(_CARDS[suit * 13 + r] for r in range(13)
                                        if suit_mask >> r & 1), keys=range(1 << 13))


_SPADES, _HEARTS, _DIAMONDS, _CLUBS = (_suit_cards(suit) for suit in range(4))


def mask_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a mask in canonical order (four table look-ups, one a suit)."""
    return (_SPADES[mask & 0x1FFF] + _HEARTS[mask >> 13 & 0x1FFF]
            + _DIAMONDS[mask >> 26 & 0x1FFF] + _CLUBS[mask >> 39 & 0x1FFF])


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical codes of cards, between spaces.

    >>> format_cards(mask_cards(Card("Kc").bit | Card("2s").bit))
    '2s Kc'
    """
    return " ".join(str(card) for card in cards)
