"""The game ledger as the page keeps it, and the request bodies it becomes.

The server keeps nothing between requests: a `Ledger` travels in every form (hidden field
`g`) and in the sheet's URL, and is turned into a `games` request body for `api.service` on
each request. Hands are kept as the person typed them (strings), so an edit shows them again
exactly; the service reads and checks them every time, as it would any API request.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

MODES = ("cards", "counts", "draw")
KINDS = ("knock", "gin", "big_gin")
KIND_LABELS = {"knock": "Knock", "gin": "Gin", "big_gin": "Big gin"}


@dataclass(frozen=True)
class Hand:
    """One hand as entered. Every field is the text of a form field."""

    mode: str = "cards"
    knocked_by: str = ""  # "0" or "1": which player knocked (only on a sheet)
    knocker: str = ""
    defender: str = ""
    knocker_deadwood: str = ""
    defender_deadwood: str = ""
    kind: str = "knock"
    upcard: str = ""


@dataclass(frozen=True)
class Ledger:
    players: tuple[str, str]
    rules: dict = field(default_factory=dict)  # rule options as the API takes them
    hands: tuple[Hand, ...] = ()

    def with_hand(self, hand: Hand, at: int | None = None) -> Ledger:
        """The ledger with `hand` appended, or put in place of hand `at` (an edit)."""
        hands = list(self.hands)
        if at is None:
            hands.append(hand)
        else:
            hands[at] = hand
        return replace(self, hands=tuple(hands))

    def without_hand(self, index: int) -> Ledger:
        return replace(self, hands=self.hands[:index] + self.hands[index + 1:])


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


def _whole_number(text: str, name: str, what: str, errors: FieldErrors) -> int | None:
    text = text.strip()
    if not text:
        errors.add(name, f"give the {what}")
    elif not text.isdigit() or len(text) > 4:
        errors.add(name, f"the {what} is a whole number, like 12 (not '{text[:20]}')")
    else:
        return int(text)
    return None


def hand_body(hand: Hand, players: tuple[str, str] | None, errors: FieldErrors) -> dict:
    """A `score` body (or, with players, a `games` ledger entry) for one hand.

    Only what a form can get wrong before the engine sees it is checked here (an empty field,
    a count that is not a number, nobody chosen as knocker); every rule is the service's.
    """
    if hand.mode == "draw":
        return {"outcome": "draw"}
    body: dict = {}
    if players is not None:
        if hand.knocked_by in ("0", "1"):
            body["knocked_by"] = players[int(hand.knocked_by)]
        else:
            errors.add("knocked_by", f"say who knocked: {players[0]} or {players[1]}")
    if hand.mode == "counts":
        knocker = _whole_number(hand.knocker_deadwood, "knocker_deadwood",
                                "knocker's deadwood", errors) \
            if hand.knocker_deadwood.strip() or hand.kind == "knock" else 0
        defender = _whole_number(hand.defender_deadwood, "defender_deadwood",
                                 "defender's deadwood", errors)
        if knocker is not None:
            body["knocker"] = {"deadwood": knocker, "gin": hand.kind == "gin",
                               "big_gin": hand.kind == "big_gin"}
        if defender is not None:
            body["defender"] = {"deadwood": defender}
    else:
        for side in ("knocker", "defender"):
            text = getattr(hand, side)
            if text.strip():
                body[side] = {"hand": text}
            else:
                errors.add(side, f"type the {side}'s cards, or pick them")
    if hand.upcard.strip():
        body["upcard"] = hand.upcard.strip()
    return body


def games_body(ledger: Ledger, errors: FieldErrors | None = None) -> dict:
    """The `games` request body of a ledger. Form slips in stored hands (possible only in a
    hand-made link) are reported at the form level, naming the hand."""
    entries = []
    for number, hand in enumerate(ledger.hands, 1):
        own = FieldErrors()
        entries.append(hand_body(hand, ledger.players, own))
        if own and errors is not None:
            for texts in own.messages.values():
                for text in texts:
                    errors.add("", f"hand {number}: {text}")
    body = {"players": list(ledger.players), "hands": entries}
    if ledger.rules:
        body["rules"] = dict(ledger.rules)
    return body
