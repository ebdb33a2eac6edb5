"""The request bodies' shapes: marshmallow checks the JSON's shape and types, nothing more.

Card tokens stay as the client wrote them (a list of strings, or one string); the core reads
them, checks every card rule (notation, duplicates, hand sizes, a card in two hands) and says
where a problem is. `rules` stays an object for `Rules.from_options`, and names and counts are
checked by the core too: each rule and its message is written once, there.

What is checked here bounds the cost of reading a body: every list's length is checked before
its items are read, a long string is refused before it is split, and reading a list stops
after `MAX_REPORTED_ERRORS` bad items (see `loading`).
"""
from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields

from ..core import KnockerCounts
from ..core.errors import quoted
from ..core.game import DrawEntry, ScoredEntry, TableEntry
from ..core.layoffs import DeclaredSpread
from ..core.rules import DEFAULT_RULES, Rules
from . import limits
from .loading import BoundedList, Invalid, OneOf, compile_loader, load


class Strict(Schema):
    """Unknown keys are refused by name; the body must be an object."""

    error_messages = {"unknown": "unknown field", "type": "must be a JSON object"}

    class Meta:
        unknown = RAISE


def one_of(choices: tuple[str, ...]):
    """A validator of a word from a fixed list, whose message quotes what was sent (cut, as
    every quoted value is)."""
    def check(value: str) -> None:
        if value not in choices:
            raise ValidationError(f"{quoted(value)} is not one of: {', '.join(choices)}")
    return check


class Tokens(fields.Field):
    """Card tokens: a JSON array of strings, or one string of tokens (read by the core)."""

    def __init__(self, what: str = "hand", max_tokens: int = limits.MAX_TOKENS, **kwargs):
        super().__init__(**kwargs)
        self.what, self.max_tokens = what, max_tokens

    def quick(self, value):
        """The usual case at C speed: a list of short strings (joining them fails on any
        other item), or a string that is not too long."""
        if type(value) is list and len(value) <= self.max_tokens:
            try:
                if max(map(len, value), default=0) <= limits.MAX_TOKEN_CHARS and "".join(value):
                    return value
            except TypeError:
                pass
        elif type(value) is str and len(value) <= limits.MAX_HAND_CHARS:
            return value
        raise Invalid

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is str:
            if len(value) > limits.MAX_HAND_CHARS:
                raise ValidationError(f"{self.what} text is longer than "
                                      f"{limits.MAX_HAND_CHARS} characters")
            return value
        if type(value) is not list:
            raise ValidationError(f"{self.what} must be an array of card tokens or one string")
        if len(value) > self.max_tokens:
            raise ValidationError(f"{self.what} has {len(value)} tokens; at most "
                                  f"{self.max_tokens}")
        longest = limits.MAX_TOKEN_CHARS
        bad = {}
        for index, token in enumerate(value):  # at most max_tokens items
            if type(token) is not str:
                bad[index] = ["a card token must be a string"]
            elif len(token) > longest:
                bad[index] = [f"card token is longer than {longest} characters"]
        if bad:
            raise ValidationError(bad)
        return value


def card_token(value) -> str:
    """One card token, read by the core: a string no longer than any card's name (a longer
    one is told so, as in a hand, before anything reads it)."""
    if type(value) is not str:
        raise ValidationError("a card is one token, like 'As' or '10♥'")
    if len(value) > limits.MAX_TOKEN_CHARS:
        raise ValidationError(f"card token is longer than {limits.MAX_TOKEN_CHARS} characters")
    return value


class Token(fields.String):
    """One card token (the upcard, the face-up card), read by the core."""

    def _deserialize(self, value, attr, data, **kwargs):
        return card_token(value)


class Options(fields.Field):
    """Rule options: an object, read by the core's `Rules.from_options`."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not dict:
            raise ValidationError("rules must be an object of rule options")
        return value


class Flag(fields.Boolean):
    """true or false, nothing else (no "yes", no 1)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not bool:
            raise ValidationError("must be true or false")
        return value


class Whole(fields.Integer):
    """A JSON whole number (not a float, a string or a boolean); its range is a rule."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not int:
            raise ValidationError("must be a whole number")
        return value


class Name(fields.String):
    """A player's name as sent; the core's `player_name` says what a name may be."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not str:
            raise ValidationError("a player's name must be a string")
        return value


DETAILS = ("full", "best", "summary")


# --- requests -------------------------------------------------------------------------------

class AnalyzeRequest(Strict):
    hand = Tokens(required=True)
    rules = Options(load_default=None)
    upcard = Token(load_default=None)
    known = Tokens(what="known cards", max_tokens=52, load_default=list)
    outs = Flag(load_default=True)
    ties = Flag(load_default=False)


class BatchRequest(Strict):
    hands = BoundedList(Tokens(), 1, limits.MAX_BATCH_HANDS, required=True)
    rules = Options(load_default=None)
    upcard = Token(load_default=None)
    outs = Flag(load_default=False)
    detail = fields.String(validate=one_of(DETAILS), load_default="full")


class KnockerHand(Strict):
    hand = Tokens(required=True, what="knocker's hand")


class KnockerSpread(Strict):
    melds = BoundedList(Tokens(what="meld", max_tokens=11), 0, 4, required=True)
    deadwood_cards = Tokens(what="deadwood", max_tokens=11, load_default=list)


class KnockerCountsIn(Strict):
    deadwood = Whole(required=True)
    gin = Flag(load_default=False)
    big_gin = Flag(load_default=False)


class DefenderHand(Strict):
    hand = Tokens(required=True, what="defender's hand")


class DefenderCountIn(Strict):
    deadwood = Whole(required=True)


def _knocker(shapes: dict, required: bool = False) -> OneOf:
    return OneOf(shapes, "knocker", required=required)


class LayoffsRequest(Strict):
    knocker = _knocker({"hand": KnockerHand, "melds": KnockerSpread}, required=True)
    defender = OneOf({"hand": DefenderHand}, "defender", required=True)
    rules = Options(load_default=None)
    upcard = Token(load_default=None)


SCORE_KNOCKER = {"hand": KnockerHand, "melds": KnockerSpread, "deadwood": KnockerCountsIn}
SCORE_DEFENDER = {"hand": DefenderHand, "deadwood": DefenderCountIn}


class ScoreRequest(Strict):
    knocker = _knocker(SCORE_KNOCKER)
    defender = OneOf(SCORE_DEFENDER, "defender")
    rules = Options(load_default=None)
    upcard = Token(load_default=None)
    outcome = fields.String(validate=one_of(("draw",)))


class ScoredEntryIn(Strict):
    knocked_by = Name(required=True)
    knocker = _knocker(SCORE_KNOCKER, required=True)
    defender = OneOf(SCORE_DEFENDER, "defender", required=True)
    upcard = Token(load_default=None)


class DrawEntryIn(Strict):
    outcome = fields.String(required=True, validate=one_of(("draw",)))


class TableEntryIn(Strict):
    winner = Name(required=True)
    points = Whole(required=True)


class GamesRequest(Strict):
    players = BoundedList(Name(), 2, 2, required=True)
    rules = Options(load_default=None)
    hands = BoundedList(OneOf({"outcome": DrawEntryIn, "winner": TableEntryIn,
                               "knocked_by": ScoredEntryIn}, "a ledger entry"),
                        0, limits.MAX_LEDGER_HANDS, load_default=list)


LOADERS = {schema: compile_loader(schema) for schema in (
    AnalyzeRequest, BatchRequest, LayoffsRequest, ScoreRequest, GamesRequest)}


def read(schema: type[Strict], body) -> dict:
    """A decoded JSON body checked against `schema`: its values by field name, or marshmallow's
    ValidationError naming every bad field (up to the error cap)."""
    return load(LOADERS[schema], body)


# --- from a checked body to what the core takes ------------------------------------------------

def rules_of(data: dict) -> Rules:
    """The rules a body asks for (the core checks each option)."""
    return DEFAULT_RULES if data["rules"] is None else Rules.from_options(data["rules"])


def knocker_of(knocker: dict):
    """The knocker as the core takes it: cards, a declared spread, or counts."""
    shape = knocker["shape"]
    if shape == "hand":
        return knocker["hand"]
    if shape == "melds":
        return DeclaredSpread(knocker["melds"], knocker["deadwood_cards"])
    return KnockerCounts(knocker["deadwood"], knocker["gin"], knocker["big_gin"])


def defender_of(defender: dict):
    return defender["hand"] if defender["shape"] == "hand" else defender["deadwood"]


def ledger_entries(hands: list[dict]) -> list:
    """The ledger's entries as the core's game sheet takes them (it reads their cards, and an
    error in one points into its entry: `/hands/4/knocker/melds/0`)."""
    entries = []
    for entry in hands:
        shape = entry["shape"]
        if shape == "outcome":
            entries.append(DrawEntry())
        elif shape == "winner":
            entries.append(TableEntry(entry["winner"], entry["points"]))
        else:
            entries.append(ScoredEntry(entry["knocked_by"], knocker_of(entry["knocker"]),
                                       defender_of(entry["defender"]), entry["upcard"]))
    return entries


def check_score_body(data: dict) -> None:
    """A score body is a draw, or a knocker and a defender: never both, never half."""
    keys = [key for key in ("knocker", "defender") if key in data]
    if data.get("outcome") == "draw":
        if keys:
            raise ValidationError({key: ["a draw has no knocker or defender"] for key in keys})
    elif len(keys) < 2:
        raise ValidationError({key: [f"'{key}' is required (or give outcome: \"draw\")"]
                               for key in ("knocker", "defender") if key not in data})
