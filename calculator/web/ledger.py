"""The game ledger as the page keeps it: the hands as typed, the sheet's entry mode, and the
night's finished games.

The server keeps nothing between requests: a `Ledger` travels in every form (hidden field
`g`) and in the sheet's URL. Hands are kept as the person typed them (strings), so an edit
shows them again exactly; the core reads and checks them on every request (see `play`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

MODES = ("counts", "cards", "table", "draw")   # the hand form's ways of entering a hand
ENTRY_MODES = ("counts", "cards", "table")     # those a sheet remembers as its default
KINDS = ("knock", "gin", "big_gin")
MAX_NIGHT_GAMES = 200                          # finished games a ledger carries along


@dataclass(frozen=True)
class Hand:
    """One hand as entered. Every field is the text of a form field; `knocked_by` and
    `winner` are "0" or "1", a player's place on the sheet."""

    mode: str = "counts"
    knocked_by: str = ""
    knocker: str = ""              # cards
    defender: str = ""
    knocker_deadwood: str = ""     # counts
    defender_deadwood: str = ""
    kind: str = "knock"            # knock, gin or big gin: always chosen, never inferred
    upcard: str = ""               # Oklahoma
    winner: str = ""               # points at the table
    points: str = ""


@dataclass(frozen=True)
class Finished:
    """A game (or Hollywood match) of the night, kept after the next one starts."""

    winner: int             # 0 or 1, a player's place; -1 for a tied Hollywood match
    finals: tuple[int, int]
    margin: int
    hollywood: bool = False
    hands: int = 0


@dataclass(frozen=True)
class Ledger:
    players: tuple[str, str]
    rules: dict = field(default_factory=dict)  # rule options as `Rules.from_options` takes
    hands: tuple[Hand, ...] = ()
    mode: str = "counts"                       # how this sheet's hands are usually entered
    night: tuple[Finished, ...] = ()           # the games finished before this one

    def with_hand(self, hand: Hand, at: int | None = None) -> Ledger:
        """The ledger with `hand` appended, or put in place of hand `at` (an edit); the sheet
        remembers the way it was entered."""
        hands = list(self.hands)
        if at is None:
            hands.append(hand)
        else:
            hands[at] = hand
        mode = hand.mode if hand.mode in ENTRY_MODES else self.mode
        return replace(self, hands=tuple(hands), mode=mode)

    def without_hand(self, index: int) -> Ledger:
        return replace(self, hands=self.hands[:index] + self.hands[index + 1:])

    def next_game(self, finished: Finished) -> Ledger:
        """A fresh sheet for the same players and rules, the game just played kept."""
        night = (self.night + (finished,))[-MAX_NIGHT_GAMES:]
        return replace(self, hands=(), night=night)


class FieldErrors:
    """Errors of one form, by field name ("" for the form as a whole), and which tokens of a
    typed hand to highlight."""

    def __init__(self):
        self.messages: dict[str, list[str]] = {}
        self.tokens: dict[str, set[int]] = {}

    def add(self, name: str, text: str, token: int | None = None) -> None:
        self.messages.setdefault(name, [])
        if text not in self.messages[name]:
            self.messages[name].append(text)
        if token is not None:
            self.tokens.setdefault(name, set()).add(token)

    def __bool__(self) -> bool:
        return bool(self.messages)

    def get(self, name: str) -> list[str]:
        return self.messages.get(name, [])
