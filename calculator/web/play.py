"""The page's hands given to the core: a ledger becomes `play_ledger`'s entries, one hand
becomes `score_hand`'s arguments, and the core's errors come back as field errors.

Only what a form can get wrong before the core sees it is checked here (an empty field, a
count that is not a number, nobody chosen); every rule and its message is the core's.
"""
from __future__ import annotations

from ..core import CalculatorError, KnockerCounts, Rules, score_hand
from ..core.errors import isolated, quoted
from ..core.game import DrawEntry, GameSheet, ScoredEntry, TableEntry, play_ledger, player_name
from ..core.scoring import HandResult, read_sides
from .forms import in_words
from .ledger import FieldErrors, Hand, Ledger
from .numbers import typed_number



class FormSlip(Exception):
    """A hand that cannot be given to the core yet; its `errors` say which fields."""

    def __init__(self, errors: FieldErrors, index: int | None = None):
        super().__init__("form slips")
        self.errors = errors
        self.index = index  # which hand of a ledger, when a ledger was played

    def place(self, errors: FieldErrors, hand_index: int | None) -> None:
        """The slips at their fields when they are the hand being entered, else at the form
        level naming the hand."""
        here = self.index is None or self.index == hand_index
        for name, texts in self.errors.messages.items():
            for text in texts:
                if here:
                    errors.add(name, text)
                else:
                    errors.add("", f"hand {self.index + 1}: {text}")
            for token in self.errors.tokens.get(name, ()) if here else ():
                errors.add(name, texts[0], token)  # the bad tokens stay marked


def _count(text: str, name: str, what: str, errors: FieldErrors, like: int = 12) -> int | None:
    text = text.strip()
    if not text:
        errors.add(name, f"give {what}")
        return None
    value = typed_number(text)
    if value is None:
        errors.add(name, f"give {what} as a whole number, like {like} (not "
                         f"{quoted(text, True)})")
    return value


def entry(hand: Hand, players: tuple[str, str], names: tuple[str, str] | None = None):
    """The core's ledger entry for one hand, or `FormSlip`. `names` words the messages
    (the players' names on a sheet, "the knocker" and "the defender" without one)."""
    errors = FieldErrors()
    if hand.mode == "draw":
        return DrawEntry()
    if hand.mode == "table":
        winner = _place(hand.winner, "winner", f"say who won: {isolated(players[0])} or "
                        f"{isolated(players[1])}", errors)
        points = _count(hand.points, "points", "the points", errors)
        if errors:
            raise FormSlip(errors)
        return TableEntry(players[winner], points)
    knocker = _place(hand.knocked_by, "knocked_by",
                     f"say who knocked: {isolated(players[0])} or {isolated(players[1])}", errors)
    k_name, d_name = _roles(hand, players, names)
    if hand.mode == "counts":
        knocker_side, defender_side = _counts(hand, k_name, d_name, errors)
    else:
        knocker_side, defender_side = hand.knocker, hand.defender
        for role, text, who in (("knocker", hand.knocker, k_name),
                                ("defender", hand.defender, d_name)):
            if not text.strip():
                errors.add(role, f"type {who} cards")
        if errors:
            _typed_hands_slips(hand, errors)
    if errors:
        raise FormSlip(errors)
    return ScoredEntry(players[knocker], knocker_side, defender_side,
                       hand.upcard.strip() or None)


def _typed_hands_slips(hand: Hand, errors: FieldErrors) -> None:
    """A hand that cannot be scored yet (a blank hand, nobody chosen) still has the core read
    the hands typed, so their slips are told now, with the blank one's, not after it is
    filled in."""
    typed = [text if text.strip() else None for text in (hand.knocker, hand.defender)]
    try:
        read_sides(*typed, given_only=True,
                   either_knocks=hand.knocked_by not in ("0", "1"))
    except CalculatorError as error:
        for path, message in error.errors:
            name, token = _hand_field(path, "cards")
            errors.add(name, message, token)


def _roles(hand: Hand, players, names) -> tuple[str, str]:
    """Possessive words for the knocker and the defender: "Ann's", "the knocker's"."""
    if names is None:
        return "the knocker's", "the defender's"
    if hand.knocked_by in ("0", "1"):
        k = int(hand.knocked_by)
        return f"{isolated(names[k])}'s", f"{isolated(names[1 - k])}'s"
    return "the knocker's", "the defender's"


def _place(text: str, name: str, message: str, errors: FieldErrors) -> int | None:
    if text in ("0", "1"):
        return int(text)
    errors.add(name, message)
    return None


def _counts(hand: Hand, k_name: str, d_name: str, errors: FieldErrors):
    typed = hand.knocker_deadwood.strip()
    if hand.kind == "knock":
        knocker = _count(typed, "knocker_deadwood", f"{k_name} deadwood", errors)
        if knocker == 0:  # never turn a knock into gin silently
            errors.add("knocker_deadwood", "0 deadwood is gin: choose Gin (or Big gin) "
                       "above, or type the deadwood")
    else:  # gin: a blank deadwood is 0
        knocker = _count(typed, "knocker_deadwood", f"{k_name} deadwood", errors,
                         like=0) if typed else 0
    defender = _count(hand.defender_deadwood, "defender_deadwood", f"{d_name} deadwood",
                      errors)
    if errors:
        return None, None
    return KnockerCounts(knocker, hand.kind == "gin", hand.kind == "big_gin"), defender


def rules_of(options: dict) -> Rules:
    """The ledger's rules; a `RuleError` names the option."""
    return Rules.from_options(options or None)


def play(ledger: Ledger) -> GameSheet:
    """The sheet of a ledger. Raises `FormSlip` for a hand the form could not read (its
    errors named "hand N: ...") or the core's `CalculatorError` (path from ("hands", i))."""
    rules = rules_of(ledger.rules)
    # the names as the sheet keeps them (a link or an evening's file may hold them as typed),
    # so that a hand scored at the table names its winner as every other row does
    players = tuple(player_name(name, ("players", i)) for i, name in enumerate(ledger.players))
    entries = []
    for number, hand in enumerate(ledger.hands, 1):
        try:
            entries.append(entry(hand, players, players))
        except FormSlip as slip:
            raise FormSlip(slip.errors, number - 1) from None
    return play_ledger(players, entries, rules)


def score_one(hand: Hand, rules: Rules) -> HandResult:
    """One hand without a sheet: the knocker is the first place, the defender the second."""
    scored = entry(hand, ("Knocker", "Defender"))
    if isinstance(scored, DrawEntry):
        return score_hand(outcome="draw", rules=rules)
    if isinstance(scored, TableEntry):
        raise FormSlip(_only("mode", "points at the table need a game sheet"))
    return score_hand(scored.knocker, scored.defender, rules, scored.upcard)


def _only(name: str, text: str) -> FieldErrors:
    errors = FieldErrors()
    errors.add(name, text)
    return errors


# --- the core's errors on the form -----------------------------------------------------------

def _hand_field(path: tuple, mode: str) -> tuple[str, int | None]:
    """The hand form's field (in knocker/defender terms) an error inside one hand is about."""
    head = path[0] if path else ""
    if head in ("knocker", "defender"):
        if len(path) >= 3 and path[1] == "hand" and isinstance(path[2], int):
            return head, path[2]
        if len(path) >= 2 and path[1] in ("gin", "big_gin"):
            return "kind", None
        if len(path) >= 2 and path[1] == "deadwood":
            return head + "_deadwood", None
        return (head if mode == "cards" else head + "_deadwood"), None
    if head in ("upcard", "knocked_by", "winner", "points"):
        return head, None
    return "", None


def place_error(error: CalculatorError, errors: FieldErrors, hand_index: int | None,
                mode: str) -> None:
    """Put each (position, message) of a core error next to its field: the hand being
    entered at its fields, another hand at the form level naming it, rules and players at
    theirs."""
    for path, message in error.errors:
        message = in_words(message)
        head = path[0] if path else ""
        if head == "rules":
            key = path[1] if len(path) > 1 else ""
            errors.add("preset" if key == "preset" else f"r_{key}" if key else "", message)
        elif head == "players":
            where = path[1] if len(path) > 1 and path[1] in (0, 1) else None
            errors.add("" if where is None else f"player{where}", message)
        elif head == "hands" and len(path) > 1 and isinstance(path[1], int):
            if path[1] == hand_index:
                name, token = _hand_field(path[2:], mode)
                errors.add(name, message, token)
            elif path[-1] == "upcard":  # new rules (Oklahoma) for hands scored without one
                errors.add("", f"hand {path[1] + 1}: {message}, and it was scored without one: "
                               f"to play this sheet by these rules, first enter its hands "
                               f"scored as counts or cards again as points (Edit, then "
                               f"Points), or delete them")
            else:
                errors.add("", f"hand {path[1] + 1}: {message}")
        elif hand_index == -1:  # a hand scored on its own: paths start inside it
            name, token = _hand_field(path, mode)
            errors.add(name, message, token)
        else:
            errors.add("", message)
