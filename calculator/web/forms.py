"""Form fields to request bodies, and the service's errors back to form fields.

The forms are plain POSTs. The service is stateless and sets no cookies, and a POST here only
computes an answer from what it carries (no stored data changes), so there is nothing for a
cross-site request to forge: no CSRF token is needed.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from marshmallow import ValidationError

from ..api.errors import flatten_messages
from ..core.cards import tokenize
from ..core.rules import OPTION_NOTES, PRESETS
from .ledger import KINDS, MODES, FieldErrors, Hand

RULE_FIELDS = {  # option -> (label, input kind)
    "knock_limit": ("Knock limit", "int"),
    "gin_bonus": ("Gin bonus", "int"),
    "big_gin_bonus": ("Big gin bonus (or 'none')", "int_or_none"),
    "undercut_bonus": ("Undercut bonus", "int"),
    "tie_is_undercut": ("A tie is an undercut", "bool"),
    "oklahoma": ("Oklahoma (the upcard sets the knock limit)", "bool"),
    "oklahoma_ace_gin_only": ("Oklahoma: an ace upcard means gin only", "bool"),
    "oklahoma_spade_double": ("Oklahoma: a spade upcard doubles the hand", "bool"),
    "target": ("Game ends at", "int"),
    "game_bonus": ("Game bonus", "int"),
    "box_bonus": ("Box bonus (each hand won)", "int"),
    "shutout": ("Shutout", "choice"),
    "format": ("Games at once", "choice"),
}
CHOICES = {
    "shutout": [("game_bonus_doubled", "game bonus doubled"),
                ("total_doubled", "winner's total doubled"), ("none", "no shutout rule")],
    "format": [("single", "one game"), ("hollywood", "three (Hollywood)")],
}
PRESET_LABELS = {"standard": "Standard", "classic": "Classic", "oklahoma": "Oklahoma",
                 "straight": "Straight gin", "hollywood": "Hollywood (three games)"}
FIELD_LABELS = {"knocker": "Knocker", "defender": "Defender", "knocked_by": "Who knocked",
                "mode": "Score it from", "kind": "The knocker went",
                "knocker_deadwood": "Knocker's deadwood", "defender_deadwood":
                "Defender's deadwood", "upcard": "Upcard", "hand": "Your hand",
                "player0": "First player", "player1": "Second player", "preset": "Rules",
                **{"r_" + key: label for key, (label, _) in RULE_FIELDS.items()}}
MAX_FIELD_CHARS = 2_000  # longer text is cut before use (the service's own hand limit)


@dataclass
class Form:
    """What one form showed or received: the typed values, and errors after a submission."""

    values: dict = field(default_factory=dict)
    errors: FieldErrors = field(default_factory=FieldErrors)
    editing: int | None = None  # index of the hand being edited (hand form on a sheet)

    def value(self, name: str, default: str = "") -> str:
        return self.values.get(name, default)

    def mark_span(self, name: str) -> tuple[int, int] | None:
        """Where the first bad token of `name` stands, so the script can select it."""
        bad = self.errors.tokens.get(name)
        if not bad:
            return None
        spans = [(t.start, t.end) for t in tokenize(self.value(name)) if t.index in bad]
        return spans[0] if spans else None

    def marked(self, name: str) -> list[tuple[str, bool]]:
        """The typed text of `name` in pieces, the bad tokens flagged for <mark>."""
        return marked_segments(self.value(name), self.errors.tokens.get(name, set()))


def text(form, name: str) -> str:
    return str(form.get(name, ""))[:MAX_FIELD_CHARS]


def read_hand(form) -> Hand:
    """The hand form's fields; unknown choices fall back to the defaults."""
    mode = text(form, "mode")
    kind = text(form, "kind")
    values = {f.name: text(form, f.name).strip() for f in fields(Hand)}
    values["mode"] = mode if mode in MODES else "cards"
    values["kind"] = kind if kind in KINDS else "knock"
    return Hand(**values)


def hand_values(hand: Hand) -> dict:
    return {f.name: getattr(hand, f.name) for f in fields(Hand)}


def read_rules(form, errors: FieldErrors) -> tuple[dict, dict]:
    """(rule options for the service, the typed values). Blank means the preset's value; only
    the form's own slips (a word where a number goes) are caught here."""
    values = {"preset": text(form, "preset") or "standard"}
    rules = {} if values["preset"] == "standard" else {"preset": values["preset"]}
    for key, (_, kind) in RULE_FIELDS.items():
        typed = text(form, "r_" + key).strip()
        values["r_" + key] = typed
        if not typed:
            continue
        if kind == "bool":
            if typed in ("yes", "no"):
                rules[key] = typed == "yes"
        elif kind == "choice":
            rules[key] = typed
        elif kind == "int_or_none" and typed.lower() == "none":
            rules[key] = None
        elif typed.isdigit() and len(typed) <= 6:
            rules[key] = int(typed)
        else:
            errors.add("r_" + key, f"a whole number, like 25 (not '{typed[:20]}')")
    return rules, values


def rule_values(rules: dict) -> dict:
    """Form values showing a ledger's rule options."""
    values = {"preset": rules.get("preset", "standard")}
    for key, value in rules.items():
        if key != "preset":
            values["r_" + key] = ("yes" if value else "no") if isinstance(value, bool) else \
                "none" if value is None else str(value)
    return values


def read_players(form, errors: FieldErrors) -> tuple[str, str] | None:
    names = (text(form, "player0").strip(), text(form, "player1").strip())
    for i, name in enumerate(names):
        if not name:
            errors.add(f"player{i}", "give a name (a few letters is enough)")
    return None if errors else names


# --- the service's errors on the form -------------------------------------------------------

def error_pairs(error: Exception) -> list[tuple[tuple, str]]:
    """(path, text) pairs of a ValidationError or CalculatorError, indices as ints."""
    if isinstance(error, ValidationError):
        pairs = flatten_messages(error.messages)
    else:
        pairs = error.errors
    return [(tuple(int(p) if isinstance(p, str) and p.isdigit() else p for p in path),
             str(message)) for path, message in pairs]


HAND_FIELDS = {"deadwood": "_deadwood", "gin": "kind", "big_gin": "kind"}


def place_hand_error(path: tuple, message: str, mode: str, errors: FieldErrors) -> None:
    """Put an error about one hand (path inside a score body) next to its field."""
    head = path[0] if path else ""
    if head in ("knocker", "defender"):
        if len(path) >= 3 and path[1] == "hand" and isinstance(path[2], int):
            return errors.add(head, message, token=path[2])
        if len(path) >= 2 and path[1] in HAND_FIELDS:
            suffix = HAND_FIELDS[path[1]]
            return errors.add(head + suffix if suffix.startswith("_") else suffix, message)
        return errors.add(head if mode == "cards" else head + "_deadwood", message)
    if head in ("upcard", "knocked_by"):
        return errors.add(head, message)
    if head == "outcome":
        return errors.add("mode", message)
    errors.add("", message)


def place_rules_error(path: tuple, message: str, errors: FieldErrors) -> bool:
    if path[:1] != ("rules",):
        return False
    key = path[1] if len(path) > 1 else ""
    errors.add("preset" if key == "preset" else f"r_{key}" if key in RULE_FIELDS else "",
               message)
    return True


def place_score_errors(error: Exception, mode: str, errors: FieldErrors) -> None:
    for path, message in error_pairs(error):
        if not place_rules_error(path, message, errors):
            place_hand_error(path, message, mode, errors)


def place_games_errors(error: Exception, hand_index: int | None, mode: str,
                       errors: FieldErrors) -> None:
    """Errors of a `games` request: the hand being entered gets them at its fields; another
    hand (say, after a change of rules) at the form level, naming it."""
    for path, message in error_pairs(error):
        if place_rules_error(path, message, errors):
            continue
        if path[:1] == ("players",):
            where = path[1] if len(path) > 1 and path[1] in (0, 1) else ""
            errors.add(f"player{where}" if where != "" else "", message)
        elif path[:1] == ("hands",) and len(path) > 1 and isinstance(path[1], int):
            if path[1] == hand_index:
                place_hand_error(path[2:], message, mode, errors)
            else:
                errors.add("", f"hand {path[1] + 1}: {message}")
        else:
            errors.add("", message)


def place_analyze_errors(error: Exception, errors: FieldErrors) -> None:
    for path, message in error_pairs(error):
        if place_rules_error(path, message, errors):
            continue
        if path[:1] == ("hand",):
            token = path[1] if len(path) > 1 and isinstance(path[1], int) else None
            errors.add("hand", message, token=token)
        elif path[:1] == ("upcard",):
            errors.add("upcard", message)
        else:
            errors.add("", message)


def marked_segments(typed: str, bad: set[int]) -> list[tuple[str, bool]]:
    """`typed` cut into (text, is_bad_token) pieces, using the same tokens the service read."""
    if not bad or not typed:
        return [(typed, False)] if typed else []
    pieces, at = [], 0
    for token in tokenize(typed):
        if token.index in bad and token.start >= 0:
            pieces += [(typed[at:token.start], False), (typed[token.start:token.end], True)]
            at = token.end
    pieces.append((typed[at:], False))
    return [(piece, flag) for piece, flag in pieces if piece]


def preset_summary(name: str) -> str:
    """One line of a preset's values, to show what blank option fields mean."""
    rules = PRESETS.get(name)
    if rules is None:
        return ""
    knock = "upcard" if rules.oklahoma else str(rules.knock_limit)
    big = "as gin" if rules.big_gin_bonus is None else str(rules.big_gin_bonus)
    return (f"knock limit {knock}, gin {rules.gin_bonus}, big gin {big}, undercut "
            f"{rules.undercut_bonus}; game to {rules.target}, game bonus {rules.game_bonus}, "
            f"box {rules.box_bonus}")


def option_hint(key: str) -> str:
    return OPTION_NOTES.get(key, "")
