"""Form fields to the page's values, and field errors back onto the forms.

The hand form names its fields by the players' places, not by roles: "Ann's deadwood" is
`d0` whoever knocked, so the labels carry the names without a script. Which of the two is the
knocker's is read from "Who knocked?" here.

The forms are plain POSTs. The service is stateless and sets no cookies, and a POST here only
computes an answer from what it carries (no stored data changes), so there is nothing for a
cross-site request to forge: no CSRF token is needed.
"""
from __future__ import annotations

import re

from dataclasses import dataclass, field

from ..api import limits
from ..core import CalculatorError, RuleError, Rules
from ..core.cards import tokenize
from ..core.errors import quoted
from ..core.game import check_players, player_name
from ..core.rules import OPTION_NOTES, PRESETS
from .isolate import reworded
from .ledger import KINDS, MODES, FieldErrors, Hand
from ..core.numbers import DIGITS, long_whole

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
# The core's messages name rule options by their keys ("knock_limit must be between 0 and
# 10"): the page says them in words (`in_words`), as it labels their fields.
OPTION_WORDS = tuple((rf"\b{key}\b", words) for key, words in {
    "knock_limit": "the knock limit", "big_gin_bonus": "the big gin bonus",
    "gin_bonus": "the gin bonus", "undercut_bonus": "the undercut bonus",
    "tie_is_undercut": "the tie rule", "oklahoma_ace_gin_only": "Oklahoma's ace rule",
    "oklahoma_spade_double": "Oklahoma's spade rule", "oklahoma": "Oklahoma",
    "target": "the target", "game_bonus": "the game bonus",
    "box_bonus": "the box bonus", "shutout": "the shutout rule",
    "format": "games at once", "big_gin": "big gin",
}.items())


def in_words(message: str) -> str:
    """A core message as the score page says it: rule options and kinds by their words."""
    return reworded(message, OPTION_WORDS)


# what the error summaries call each rule field (an error names the field, not the option)
RULE_LABELS = {"preset": "Rules",
               **{"r_" + key: label for key, (label, _) in RULE_FIELDS.items()}}
CHOICES = {
    "shutout": [("game_bonus_doubled", "game bonus doubled"),
                ("total_doubled", "winner's total doubled"), ("none", "no shutout rule")],
    "format": [("single", "one game"), ("hollywood", "three (Hollywood)")],
}
PRESET_LABELS = {"standard": "Standard", "classic": "Classic", "oklahoma": "Oklahoma",
                 "straight": "Straight gin", "hollywood": "Hollywood (three games)"}
MODE_LABELS = {"counts": "Counts", "cards": "Cards", "table": "Points", "draw": "Dead hand"}
KIND_LABELS = {"knock": "Knock", "gin": "Gin", "big_gin": "Big gin"}
HAND_FIELDS = ("knocked_by", "mode", "kind", "d0", "d1", "c0", "c1", "upcard", "winner",
               "points")
# a field's text is cut to this before it is read, so a huge field costs little: the API's
# limit on a hand written as one string, far above what any of these fields holds (a name, a
# count, a card, a rule value), which are still told their own limits
MAX_FIELD_CHARS = limits.MAX_HAND_CHARS  # the API's limit of a hand written as one string
TOO_LONG = f"at most {MAX_FIELD_CHARS} characters, please"


@dataclass
class Form:
    """What one form showed or received: the typed values, and errors after a submission."""

    values: dict = field(default_factory=dict)
    errors: FieldErrors = field(default_factory=FieldErrors)
    editing: int | None = None  # index of the hand being edited (hand form on a sheet)

    def value(self, name: str, default: str = "") -> str:
        return self.values.get(name, default)

    def mark_span(self, name: str) -> tuple[int, int] | None:
        """Where the first bad token of `name` stands, so the script can select it: in the
        UTF-16 code units a browser's `setSelectionRange` counts (a card glyph such as 🂡 is
        two of them, one character here)."""
        bad = self.errors.tokens.get(name)
        if not bad:
            return None
        text = self.value(name)
        spans = [(t.start, t.end) for t in tokenize(text) if t.index in bad]
        if not spans:
            return None
        start, end = spans[0]
        units = lambda n: len(text[:n].encode("utf-16-le")) // 2  # noqa: E731
        return units(start), units(end)

    def marked(self, name: str) -> list[tuple[str, bool]]:
        """The typed text of `name` in pieces, the bad tokens flagged for <mark>."""
        return marked_segments(self.value(name), self.errors.tokens.get(name, set()))


def text(form, name: str) -> str:
    """A field's text, cut short (a rule value or cards past the length are refused first,
    `too_long`; counts and points are read by `number_text`)."""
    return str(form.get(name, ""))[:MAX_FIELD_CHARS]


def too_long(form, names) -> list[str]:
    """The fields typed longer than `text` reads: told (TOO_LONG), never read cut short."""
    return [name for name in names if len(str(form.get(name, ""))) > MAX_FIELD_CHARS]


# --- the hand form ---------------------------------------------------------------------------

def _knocker_place(knocked_by: str) -> int:
    return int(knocked_by) if knocked_by in ("0", "1") else 0


NUMBER_FIELDS = ("d0", "d1", "points")


def number_text(form, name: str) -> str:
    """A count or points as typed, its spaces and leading zeros dropped before it is cut to
    the field's length: cut first, "  …  25" would read as blank or 2, and "000…25" as 0
    (digits cut short still spell a number past every range)."""
    typed = str(form.get(name, "")).strip()
    if DIGITS.fullmatch(typed):
        typed = typed.lstrip("0") or "0"
    return typed[:MAX_FIELD_CHARS]


CARD_FIELDS = ("c0", "c1", "upcard")
_SPACES = re.compile(r"[^\S\r\n]+")   # a run of spaces within a line
_LINE_BREAKS = re.compile(r"\s*[\r\n]\s*")  # line breaks, with the spaces around them


def card_text(form, name: str) -> str:
    """Cards as typed, each run of spaces one space and each run of line breaks one line
    break (the same cards, told at the same token numbers: a card in words ends at a line
    break, any other at a space). Why: a sheet keeps its hands as typed, and padding inside
    a field (1,990 spaces among 10 cards) made a sheet of 66 hands too large to reopen."""
    return _LINE_BREAKS.sub("\n", _SPACES.sub(" ", text(form, name))).strip()


def number_too_long(form, name: str) -> bool:
    """A count or points field past the field's length that is no number (a number of any
    length is read whole, and told its range)."""
    typed = str(form.get(name, "")).strip()
    return len(typed) > MAX_FIELD_CHARS and not DIGITS.fullmatch(typed)


def read_hand(form, default_mode: str = "counts", knocked_by: str | None = None
              ) -> tuple[Hand, dict]:
    """(the hand, the form's values as typed). Unknown choices fall back to the defaults.
    `knocked_by`: the knocker's place whatever the form says (a hand scored without a sheet
    has its knocker's fields first)."""
    values = {name: number_text(form, name) if name in NUMBER_FIELDS else
              card_text(form, name) if name in CARD_FIELDS else
              text(form, name).strip() for name in HAND_FIELDS}
    if knocked_by is not None:
        values["knocked_by"] = knocked_by
    if values["mode"] not in MODES:
        values["mode"] = default_mode
    if values["kind"] not in KINDS:
        values["kind"] = "knock"
    k = _knocker_place(values["knocked_by"])
    hand = Hand(values["mode"], values["knocked_by"], values[f"c{k}"], values[f"c{1 - k}"],
                values[f"d{k}"], values[f"d{1 - k}"], values["kind"], values["upcard"],
                values["winner"], values["points"])
    return hand, values


def hand_values(hand: Hand) -> dict:
    """The form's values showing a hand (to edit it)."""
    k = _knocker_place(hand.knocked_by)
    return {"mode": hand.mode, "knocked_by": hand.knocked_by, "kind": hand.kind,
            f"d{k}": hand.knocker_deadwood, f"d{1 - k}": hand.defender_deadwood,
            f"c{k}": hand.knocker, f"c{1 - k}": hand.defender, "upcard": hand.upcard,
            "winner": hand.winner, "points": hand.points}


ROLE_FIELDS = {"knocker_deadwood": ("d", 0), "defender_deadwood": ("d", 1),
               "knocker": ("c", 0), "defender": ("c", 1)}


def to_fields(errors: FieldErrors, knocked_by: str, into: FieldErrors) -> None:
    """Errors named by role (the knocker's deadwood) put at the fields named by place."""
    k = _knocker_place(knocked_by)
    for name, texts in errors.messages.items():
        target = name
        if name in ROLE_FIELDS:
            letter, other = ROLE_FIELDS[name]
            target = f"{letter}{k if other == 0 else 1 - k}"
        tokens = sorted(errors.tokens.get(name, ()))
        for message in texts:
            into.add(target, message)
        for token in tokens:
            into.add(target, texts[0], token)


# --- players and rules -----------------------------------------------------------------------

def read_players(form, errors: FieldErrors) -> tuple[str, str] | None:
    """Both names through the core's rule for names, each error at its field."""
    names = []
    for i in (0, 1):
        # uncut: the core's rule bounds its own cost, and its message tells the real length
        typed = str(form.get(f"player{i}", ""))
        if not typed.strip():
            errors.add(f"player{i}", "give a name (a few letters is enough)")
            continue
        try:
            names.append(player_name(typed, ("players", i)))
        except CalculatorError as error:
            errors.add(f"player{i}", error.detail)
    if len(names) == 2:
        try:
            names = list(check_players(names))
        except CalculatorError as error:  # two names that look alike
            errors.add("player1", error.detail)
    return None if errors else (names[0], names[1])


def read_rules(form, errors: FieldErrors) -> tuple[dict, dict]:
    """(rule options for the core, the typed values). Blank means the preset's value; only
    the form's own slips (a word where a number goes) are caught here."""
    preset = text(form, "preset") or "standard"
    values = {"preset": preset}
    rules = {} if preset == "standard" else {"preset": preset}
    for key, (_, kind) in RULE_FIELDS.items():
        typed = text(form, "r_" + key).strip()
        values["r_" + key] = typed
        if too_long(form, ("r_" + key,)):
            errors.add("r_" + key, TOO_LONG)
            continue
        if not typed:
            continue
        if kind == "bool":
            if typed in ("yes", "no"):
                rules[key] = typed == "yes"
            else:  # the form offers only these: anything else is refused, not dropped
                errors.add("r_" + key, f"yes or no (not {quoted(typed, True)})")
        elif kind == "choice":
            rules[key] = typed
        elif kind == "int_or_none" and typed.lower() == "none":
            rules[key] = None
        elif DIGITS.fullmatch(typed):  # any length: the core's range message says the range
            rules[key] = long_whole(typed)
        else:
            errors.add("r_" + key, f"a whole number, like 25 (not {quoted(typed, True)})")
    check_rules(rules, errors)
    return rules, values


def check_rules(rules: dict, errors: FieldErrors) -> None:
    """The core's word on the options, every bad one at its field. The core stops at the
    first bad option, so each is checked on its own (the preset too), then, when each is
    good, all together for a conflict between them (a knock limit with Oklahoma on). Options
    the core takes together pass one by one too, so the usual good form costs one check."""
    if _core_says(rules, FieldErrors()):
        return
    one_by_one = [{"preset": rules.get("preset", "standard")}]
    one_by_one += [{key: value} for key, value in rules.items() if key != "preset"]
    if all([_core_says(options, errors) for options in one_by_one]):
        _core_says(rules, errors)


def _core_says(options: dict, errors: FieldErrors) -> bool:
    """Whether the core takes `options`; if not, its message at the option's field."""
    try:
        Rules.from_options(options)
    except RuleError as error:
        errors.add("preset" if error.key == "preset" else "r_" + error.key,
                   in_words(error.detail))
        return False
    return True


def rule_values(rules: dict) -> dict:
    """Form values showing a ledger's rule options."""
    values = {"preset": rules.get("preset", "standard")}
    for key, value in rules.items():
        if key != "preset":
            values["r_" + key] = ("yes" if value else "no") if isinstance(value, bool) else \
                "none" if value is None else str(value)
    return values


def marked_segments(typed: str, bad: set[int]) -> list[tuple[str, bool]]:
    """`typed` cut into (text, is_bad_token) pieces, using the same tokens the core read."""
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
    return "" if rules is None else rules_summary(rules)


def rules_summary(rules: Rules) -> str:
    """One line of a set of rules' values."""
    knock = "set by the upcard" if rules.oklahoma else str(rules.knock_limit)
    big = "as gin" if rules.big_gin_bonus is None else str(rules.big_gin_bonus)
    return (f"knock limit {knock}, gin {rules.gin_bonus}, big gin {big}, undercut "
            f"{rules.undercut_bonus}; game to {rules.target}, game bonus {rules.game_bonus}, "
            f"box {rules.box_bonus}")


def option_hint(key: str) -> str:
    return OPTION_NOTES.get(key, "")


__all__ = ["Form", "read_hand", "hand_values", "read_players", "read_rules", "rule_values",
           "to_fields"]
