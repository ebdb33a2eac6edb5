"""The failure kinds of the calculator: one class each, carrying the bad input and where it is.

`position` is a path into the caller's input: a tuple of keys and indices (`("hand", 3)`), so
the API can turn it into a JSON Pointer and the command line into plain words. The core only
knows the part of the path it was given (`0`-based token index); callers prefix their own.
"""
from __future__ import annotations

import math
import unicodedata

# Errors listed in one report: reading stops there, so a hostile input costs little.
MAX_REPORTED_ERRORS = 50
# The most characters of a caller's value a message quotes: an answer stays small whatever
# the body holds.
MAX_QUOTED_CHARS = 40


def quoted(value, as_typed: bool = False) -> str:
    """A caller's value as a message quotes it: a string in quotes, cut after
    `MAX_QUOTED_CHARS` characters (with how long it was); anything else by its JSON type.
    A name (a key, an option) is quoted as Python writes it, so an invisible character in it
    shows as an escape; a token of a hand `as_typed`, each character as the person typed it
    (the page isolates the quoted part, JSON escapes it).

    >>> quoted("hollywod"), quoted(3), quoted("x" * 100)
    ("'hollywod'", 'a number', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)")
    >>> print(quoted("Q\\u202ex"), quoted("Q\\u202ex", as_typed=True) == "'Q\\u202ex'")
    'Q\\u202ex' True
    """
    if isinstance(value, str):
        cut = value if len(value) <= MAX_QUOTED_CHARS else value[:MAX_QUOTED_CHARS] + "…"
        text = f"'{cut}'" if as_typed else repr(cut)
        return text if cut is value else f"{text} ({len(value):,} characters)"
    return _JSON_TYPES.get(type(value), "a value")


def quoted_number(value: int) -> str:
    """A caller's whole number as a message writes it, within the quoted-value cap.

    >>> quoted_number(11), quoted_number(-10 ** 45)
    ('11', 'a number of more than 40 digits')
    """
    if -10 ** MAX_QUOTED_CHARS < value < 10 ** MAX_QUOTED_CHARS:
        return str(value)
    return f"a number of more than {MAX_QUOTED_CHARS} digits"


def shown(value) -> str:
    """A caller's value of the wrong type as a message shows it: a string quoted, a number,
    true, false and null as JSON writes them, anything else by its JSON type.

    A float is written as Python writes it, so that a whole-number float still shows its
    point ("not 10.0", where "not 10" read as if 10 were refused).

    >>> shown("٣"), shown(2.5), shown(10.0), shown(1e-99999), shown(1e400)
    ("'٣'", '2.5', '10.0', '0.0', 'a number too large to read')
    >>> shown(True), shown(None), shown([7])
    ('true', 'null', 'an array')
    """
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int):
        return quoted_number(value)
    if isinstance(value, float):  # at most 24 characters; inf from a JSON number like 1e400
        return repr(value) if math.isfinite(value) else "a number too large to read"
    return quoted(value)


# FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE: the plain-text isolation of a name
FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2068", "\u2069"
# Every bidi control, as a regular expression's character class holds them: the arabic letter
# mark, the left-to-right and right-to-left marks, the embeddings and overrides, the isolates
BIDI_CONTROLS = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_RIGHT_TO_LEFT = frozenset({"R", "AL"})


def isolated(name: str) -> str:
    """A player's name as a sentence holds it. A name with a right-to-left letter ("מיכל")
    goes between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, so that it cannot reorder
    the words around it ("מיכל's deadwood is ..." read as "s'מיכל ..."), in a terminal that
    follows Unicode's bidi rules and on the page, which shows the pair as a `<bdi>`; any other
    name changes nothing in a left-to-right sentence and is left as it is.

    >>> isolated("Ann"), isolated("מיכל") == "\u2068מיכל\u2069"
    ('Ann', True)
    """
    if any(unicodedata.bidirectional(char) in _RIGHT_TO_LEFT for char in name):
        return f"{FIRST_STRONG_ISOLATE}{name}{POP_DIRECTIONAL_ISOLATE}"
    return name


_JSON_TYPES = {bool: "true or false", int: "a number", float: "a number", list: "an array",
               dict: "an object", type(None): "null"}


class CalculatorError(ValueError):
    """Base of every error the calculator raises for bad input."""

    def __init__(self, detail: str, position: tuple = ()):
        super().__init__(detail)
        self.detail = detail
        self.position = tuple(position)

    def at(self, *prefix) -> "CalculatorError":
        """The same error placed under `prefix` (e.g. `("knocker", "hand")`)."""
        self.position = tuple(prefix) + self.position
        return self

    @property
    def errors(self) -> list[tuple[tuple, str]]:
        """Every (position, detail) pair this error stands for (one, unless a group)."""
        return [(self.position, self.detail)]


class CardNotationError(CalculatorError):
    """A token that is not a card of this game."""

    def __init__(self, token: str, index: int | None, reason: str):
        where = f"token {index + 1} " if index is not None else ""
        super().__init__(f"{reason} in {where}{quoted(token, as_typed=True)}",
                         () if index is None else (index,))
        self.token = token
        self.index = index
        self.reason = reason

    @classmethod
    def not_a_hand(cls, value) -> "CardNotationError":
        """A hand given as something that holds no card tokens (a number, an object)."""
        error = cls.__new__(cls)
        reason = "a hand is one string or a list of card tokens"
        CalculatorError.__init__(error, f"{reason}, not {quoted(value)}")
        error.token, error.index, error.reason = type(value).__name__, None, reason
        return error


class DuplicateCardError(CalculatorError):
    """The same card twice in one hand (possibly written two ways)."""

    def __init__(self, card, index: int, first_index: int, token: str = "", first_token: str = ""):
        written = f" ({quoted(token, True)})" if token and token != str(card) else ""
        first = f" ({quoted(first_token, True)})" if first_token and first_token != str(card) \
            else ""
        super().__init__(
            f"duplicate card {card}{written} in token {index + 1}: "
            f"already given as token {first_index + 1}{first}",
            (index,),
        )
        self.card = card
        self.index = index
        self.first_index = first_index

    @classmethod
    def between(cls, card, position: tuple, first_position: tuple) -> "DuplicateCardError":
        """The same card twice in one player's cards given in parts (melds and deadwood)."""
        error = cls.__new__(cls)
        CalculatorError.__init__(error, f"duplicate card {card}: already in "
                                        f"{_words(first_position)}", position)
        error.card, error.index, error.first_index = card, position[-1], first_position[-1]
        return error


class CardInBothHandsError(CalculatorError):
    """A card given to both players, or both in a hand and in the known cards."""

    def __init__(self, card, position: tuple, other_position: tuple):
        super().__init__(f"card {card} is in two places: here and in {_words(other_position)}",
                         position)
        self.card = card
        self.other_position = tuple(other_position)


class HandSizeError(CalculatorError):
    """A hand with the wrong number of cards for what was asked."""

    def __init__(self, size: int, allowed: tuple[int, ...], what: str = "hand", position=(),
                 note: str = ""):
        want = (f"0 to {allowed[-1]}" if len(allowed) > 3 else
                " or ".join(str(n) for n in allowed))
        cards = "card" if size == 1 else "cards"
        super().__init__(f"{what} has {size} {cards}; expected {want}{note}", position)
        self.size = size
        self.allowed = allowed


class MeldError(CalculatorError):
    """Cards declared as a meld that are not a set or a run."""

    def __init__(self, cards, reason: str, position=()):
        names = " ".join(str(c) for c in cards)
        super().__init__(f"{names} is not a meld: {reason}", position)
        self.cards = tuple(cards)


class IllegalKnockError(CalculatorError):
    """A knock whose deadwood is above the knock limit."""

    def __init__(self, deadwood: int, knock_limit: int, position=("knocker",)):
        if knock_limit == 0:
            detail = f"illegal knock: deadwood {deadwood}, but only gin may end the hand (limit 0)"
        else:
            detail = f"illegal knock: deadwood {deadwood} is above the knock limit {knock_limit}"
        super().__init__(detail, position)
        self.deadwood = deadwood
        self.knock_limit = knock_limit


class RuleError(CalculatorError):
    """A rule option that does not exist, has a bad value, or conflicts with another."""

    def __init__(self, key: str, detail: str, position=None):
        super().__init__(detail, ("rules", key) if position is None else position)
        self.key = key


class IncompatibleInputError(CalculatorError):
    """Inputs that cannot go together (counts for the knocker with cards for the defender,
    `gin: true` with deadwood above 0)."""


class NumberRangeError(CalculatorError):
    """A count or a number of points outside what the game allows."""

    def __init__(self, value, low: int, high: int, what: str, position=(), note: str = ""):
        super().__init__(f"{what} is a whole number from {low} to {high}{note}", position)
        self.value, self.low, self.high = value, low, high


class GameError(CalculatorError):
    """A ledger that cannot be a game (e.g. a hand after the game ended)."""


class PlayerNameError(CalculatorError):
    """A player's name that is empty, too long, or holds a character nobody can see (a
    control, format or invisible character: two names that look alike must not be two
    players)."""

    def __init__(self, name: str, reason: str, position=()):
        super().__init__(f"a player's name {reason}", position)
        self.name = name
        self.reason = reason


class ErrorGroup(CalculatorError):
    """Several independent errors reported together (every bad token of a hand at once).
    `unread` counts the items of the list at `stopped_in` left unread once the group reached
    `MAX_REPORTED_ERRORS`."""

    def __init__(self, errors: list[CalculatorError], unread: int = 0, stopped_in: tuple = ()):
        super().__init__("; ".join(e.detail for e in errors), errors[0].position)
        self.members = list(errors)
        self.unread = unread
        self.stopped_in = tuple(stopped_in)

    def at(self, *prefix) -> "ErrorGroup":
        for member in self.members:
            member.at(*prefix)
        self.position = tuple(prefix) + self.position
        self.stopped_in = tuple(prefix) + self.stopped_in
        return self

    @property
    def errors(self) -> list[tuple[tuple, str]]:
        pairs = [pair for member in self.members for pair in member.errors]
        if self.unread:  # said first, so that it is never among the errors cut from a list
            pairs.insert(0, (self.stopped_in, f"reading stopped after {len(pairs)} errors; the "
                                              f"last {self.unread} items were not read"))
        return pairs


def group(errors: list[CalculatorError], unread: int = 0, stopped_in: tuple = ()
          ) -> CalculatorError:
    """The one error, or a group of them (a group among them joined in: one level, so that
    each member has its own kind)."""
    if any(isinstance(error, ErrorGroup) and not error.unread for error in errors):
        errors = [member for error in errors for member in (
            error.members if isinstance(error, ErrorGroup) and not error.unread else (error,))]
    if len(errors) == 1 and not unread:
        return errors[0]
    return ErrorGroup(errors, unread, stopped_in)


# an advice position's lists of cards, as messages name them
_POSITION_LISTS = {"discards": "the discard pile", "opponent_took": "the cards the opponent took",
                   "opponent_passed": "the cards the opponent passed",
                   "face_up": "the face-up card"}


def _words(position: tuple) -> str:
    """A place in plain words for messages: ("knocker", "hand", 2) -> the knocker's hand, token
    3; ("knocker", "melds", 1, 0) -> the knocker's meld 2; ("discards", 2) -> the discard pile,
    card 3."""
    parts = list(position)
    if parts and parts[0] in _POSITION_LISTS:  # ("discards", 2, "card") -> card 3
        where = _POSITION_LISTS[parts[0]]
        return f"{where}, card {parts[1] + 1}" if parts[1:2] and isinstance(parts[1], int) \
            else where
    owner = f"the {parts.pop(0)}'s " if parts[:1] in (["knocker"], ["defender"]) else ""
    if parts[:1] == ["melds"] and len(parts) > 1:
        return f"{owner}meld {parts[1] + 1}"
    if parts[:1] == ["deadwood_cards"]:
        return f"{owner}deadwood cards"
    if parts[:1] in (["hand"], ["known"]):
        what = f"{owner}hand" if parts[0] == "hand" and owner else (
            "the hand" if parts[0] == "hand" else "the known cards")
        parts.pop(0)
    else:
        what = owner.strip() or "another place"
    if parts and isinstance(parts[0], int):
        return f"{what}, token {parts[0] + 1}"
    return what
