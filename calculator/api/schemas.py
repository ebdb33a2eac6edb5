"""Marshmallow schemas: every request body (load) and every answer (dump, compiled).

Cards are read by the core's notation reader inside the fields, so a bad token comes back as
a marshmallow error keyed by its index, which the error handler turns into a JSON Pointer
(`/hand/3`, `/knocker/hand/7`). Rule options are validated by `Rules.from_options` (one place)
and its errors are keyed by the option's name (`/rules/knock_limit`).
"""
from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from ..core import CalculatorError, HandSizeError, Rules, parse_card, parse_hand
from ..core.cards import quick_cards
from ..core.melds import meld_from_mask
from ..core.errors import ErrorGroup
from . import limits
from .dumping import CardCode, DumpOnce, compile_schema
from .loading import compile_loader, plain_reader


class Detail(str):
    """An error message that remembers the core error class it came from, so the problem
    answer can name its kind (`invalid-card`, `duplicate-card`, ...)."""

    def __new__(cls, text: str, error_type: type):
        detail = super().__new__(cls, text)
        detail.error_type = error_type
        return detail


def messages_of(error: CalculatorError) -> dict | list:
    """A core error as marshmallow messages nested by its position ({3: ["..."]})."""
    members = error.members if isinstance(error, ErrorGroup) else [error]
    messages: dict = {}
    plain: list = []
    for member in members:
        detail = Detail(member.detail, type(member))
        if not member.position:
            plain.append(detail)
            continue
        node = messages
        for key in member.position[:-1]:
            node = node.setdefault(key, {})
        node.setdefault(member.position[-1], []).append(detail)
    if plain and not messages:
        return plain
    if plain:
        messages.setdefault("_schema", []).extend(plain)
    return messages


class Strict(Schema):
    """Unknown keys are refused by name; the body must be an object."""

    error_messages = {"unknown": "unknown field", "type": "must be a JSON object"}

    class Meta:
        unknown = RAISE


class HandField(fields.Field):
    """A hand: a JSON array of card tokens, or one string of tokens."""

    def __init__(self, sizes: tuple[int, ...] | None = (10, 11), what: str = "hand",
                 max_tokens: int = limits.MAX_TOKENS, **kwargs):
        super().__init__(**kwargs)
        self.sizes, self.what, self.max_tokens = sizes, what, max_tokens

    def _deserialize(self, value, attr, data, **kwargs):
        # the usual case, at C speed: plain codes, no error, as a list or one string split by
        # spaces (tokens with commas or words are not plain codes, so they go the long way)
        tokens = (value.split() if type(value) is str and len(value) <= limits.MAX_HAND_CHARS
                  else value)
        if type(tokens) is list and len(tokens) <= self.max_tokens:
            cards = quick_cards(tokens)
            if cards is not None and (self.sizes is None or len(cards) in self.sizes):
                return cards
        if isinstance(value, str):
            if len(value) > limits.MAX_HAND_CHARS:
                raise ValidationError(
                    f"{self.what} text is longer than {limits.MAX_HAND_CHARS} characters")
            # counted before any token is read: spaces, commas and semicolons separate
            tokens = len(value.replace(",", " ").replace(";", " ").split())
            if tokens > 3 * self.max_tokens:  # a card in words is three words
                raise ValidationError(f"{self.what} has {tokens} tokens; at most "
                                      f"{self.max_tokens}")
        elif isinstance(value, list):
            if len(value) > self.max_tokens:
                raise ValidationError(f"{self.what} has {len(value)} tokens; at most "
                                      f"{self.max_tokens}")
            bad = {i: ["a card token must be a string"] for i, token in enumerate(value)
                   if not isinstance(token, str)}
            bad.update({i: [f"card token is longer than {limits.MAX_TOKEN_CHARS} characters"]
                        for i, token in enumerate(value)
                        if isinstance(token, str) and len(token) > limits.MAX_TOKEN_CHARS})
            if bad:
                raise ValidationError(bad)
        else:
            raise ValidationError(f"{self.what} must be an array of card tokens or one string")
        try:
            cards = parse_hand(value)
        except CalculatorError as error:
            raise ValidationError(messages_of(error)) from None
        if len(cards) > self.max_tokens:
            raise ValidationError(f"{self.what} has {len(cards)} cards; at most "
                                  f"{self.max_tokens}")
        if self.sizes is not None and len(cards) not in self.sizes:
            raise ValidationError(Detail(HandSizeError(len(cards), self.sizes, self.what).detail,
                                         HandSizeError))
        return cards


class CardField(fields.Field):
    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, str) or len(value) > limits.MAX_TOKEN_CHARS:
            raise ValidationError("a card is one token, like 'As' or '10♥'")
        try:
            return parse_card(value)
        except CalculatorError as error:
            raise ValidationError(Detail(error.detail, type(error))) from None


class RulesField(fields.Field):
    """Rule options, checked by the core's `Rules.from_options` (the one place for them)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, dict):
            raise ValidationError("rules must be an object of rule options")
        try:
            return Rules.from_options(value)
        except CalculatorError as error:
            raise ValidationError({error.position[-1]: [Detail(error.detail, type(error))]}
                                  ) from None


class StrictBoolean(fields.Boolean):
    """true or false, nothing else (no "yes", no 1)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise ValidationError("must be true or false")
        return value


class StrictInteger(fields.Integer):
    """A JSON whole number (not a float, a string or a boolean)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError("must be a whole number")
        return value


def _flag(**kwargs):
    return StrictBoolean(**kwargs)


def _whole(low, high, **kwargs):
    return StrictInteger(validate=validate.Range(low, high), **kwargs)


# --- requests -------------------------------------------------------------------------------

class AnalyzeRequest(Strict):
    hand = HandField(required=True)
    rules = RulesField(load_default=None)
    upcard = CardField(load_default=None)
    known = HandField(sizes=None, what="known cards", max_tokens=52, load_default=list)
    outs = _flag(load_default=True)


class BoundedList(fields.List):
    """A list whose length is checked before its items are read, so an over-long list costs
    nothing and gets one error at the list, not one for each item."""

    def __init__(self, inner, low: int, high: int, **kwargs):
        super().__init__(inner, **kwargs)
        self.low, self.high = low, high
        # each item read without Field.deserialize's machinery when that is exact for it (a
        # batch has 10,000); null items and any error take the loop below
        self._read_valid_item = plain_reader(self.inner)

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, list):
            raise ValidationError("must be an array")
        if not self.low <= len(value) <= self.high:
            raise ValidationError(f"has {len(value)} items; from {self.low} to {self.high} "
                                  f"allowed")
        read = self._read_valid_item
        if read is not None:
            try:
                result = [read(item, None, None) for item in value if item is not None]
                if len(result) == len(value):
                    return result
            except ValidationError:
                pass  # read again item by item below, collecting every item's messages
        result, errors = [], {}
        for index, item in enumerate(value):
            try:
                result.append(self.inner.deserialize(item, **kwargs))
            except ValidationError as error:
                errors[index] = error.messages
                unread = len(value) - index - 1
                if len(errors) >= limits.MAX_REPORTED_ERRORS and unread:
                    # refusing a hostile body must cost less than serving a real one
                    errors = {"_schema": [f"reading stopped after {len(errors)} bad items; "
                                          f"the last {unread} were not read"], **errors}
                    break
        if errors:
            raise ValidationError(errors)
        return result


class BatchRequest(Strict):
    hands = BoundedList(HandField(), 1, limits.MAX_BATCH_HANDS, required=True)
    rules = RulesField(load_default=None)
    upcard = CardField(load_default=None)
    outs = _flag(load_default=False)


class KnockerHand(Strict):
    hand = HandField(required=True, what="knocker's hand")


class KnockerSpread(Strict):
    melds = fields.List(HandField(sizes=None, what="meld", max_tokens=11), required=True,
                        validate=validate.Length(0, 4))
    deadwood_cards = HandField(sizes=None, what="deadwood", max_tokens=11, load_default=list)


class KnockerCountsIn(Strict):
    deadwood = _whole(0, 100, required=True)
    gin = _flag(load_default=False)
    big_gin = _flag(load_default=False)


class DefenderHand(Strict):
    hand = HandField(sizes=(10,), required=True, what="defender's hand")


class DefenderCountIn(Strict):
    deadwood = _whole(0, 100, required=True)


class OneOf(fields.Field):
    """An object whose shape is chosen by which key it has (`hand`, `melds`, `deadwood`)."""

    def __init__(self, shapes: dict[str, type[Schema]], what: str, **kwargs):
        super().__init__(**kwargs)
        self.shapes = {key: compile_loader(schema) for key, schema in shapes.items()}
        self.what = what

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, dict):
            raise ValidationError(f"{self.what} must be an object")
        for key, load in self.shapes.items():
            if key in value:
                loaded = load(value)
                loaded["shape"] = key
                return loaded
        keys = ", ".join(f"'{k}'" for k in self.shapes)
        raise ValidationError(f"{self.what} needs one of {keys}")


class LayoffsRequest(Strict):
    knocker = OneOf({"hand": KnockerHand, "melds": KnockerSpread}, "knocker", required=True)
    defender = OneOf({"hand": DefenderHand}, "defender", required=True)
    rules = RulesField(load_default=None)
    upcard = CardField(load_default=None)


class ScoreRequest(Strict):
    knocker = OneOf({"hand": KnockerHand, "melds": KnockerSpread, "deadwood": KnockerCountsIn},
                    "knocker")
    defender = OneOf({"hand": DefenderHand, "deadwood": DefenderCountIn}, "defender")
    rules = RulesField(load_default=None)
    upcard = CardField(load_default=None)
    outcome = fields.String(validate=validate.OneOf(["draw"]))


class PlayerName(fields.String):
    def _deserialize(self, value, attr, data, **kwargs):
        name = super()._deserialize(value, attr, data, **kwargs).strip()
        if not 1 <= len(name) <= limits.MAX_NAME_CHARS:
            raise ValidationError(f"a player's name has 1 to {limits.MAX_NAME_CHARS} "
                                  f"characters (spaces at either end do not count)")
        return name


class ScoredEntryIn(Strict):
    knocked_by = PlayerName(required=True)
    knocker = ScoreRequest._declared_fields["knocker"]
    defender = ScoreRequest._declared_fields["defender"]
    upcard = CardField(load_default=None)


class DrawEntryIn(Strict):
    outcome = fields.String(required=True, validate=validate.OneOf(["draw"]))


class TableEntryIn(Strict):
    winner = PlayerName(required=True)
    points = _whole(0, 10_000, required=True)


class GamesRequest(Strict):
    players = fields.List(PlayerName(), required=True, validate=validate.Length(2, 2))
    rules = RulesField(load_default=None)
    hands = BoundedList(OneOf({"outcome": DrawEntryIn, "winner": TableEntryIn,
                               "knocked_by": ScoredEntryIn}, "a ledger entry"),
                        0, limits.MAX_LEDGER_HANDS, load_default=list)


# --- answers --------------------------------------------------------------------------------

class MeldOut(Schema):
    # melds are immutable values, each known by its mask, and there are only 329: each is
    # dumped once (compile_schema)
    dump_once_per_value = DumpOnce("mask", meld_from_mask)

    type = fields.String(attribute="kind")
    cards = fields.List(CardCode())


class DiscardOut(Schema):
    card = CardCode()
    deadwood = fields.Integer()
    can_knock = fields.Boolean()
    gin = fields.Boolean()
    melds = fields.List(fields.Nested(MeldOut))
    deadwood_cards = fields.List(CardCode())


class OutsOut(Schema):
    gin = fields.List(CardCode())
    knock = fields.List(CardCode())


class AnalysisOut(Schema):
    hand = fields.List(CardCode())
    deadwood = fields.Integer()
    melds = fields.List(fields.Nested(MeldOut))
    deadwood_cards = fields.List(CardCode())
    knock_limit = fields.Integer()
    can_knock = fields.Boolean()
    gin = fields.Boolean()
    big_gin = fields.Boolean()
    discard = CardCode()
    discards = fields.List(fields.Nested(DiscardOut))
    best_discards = fields.List(CardCode())
    outs = fields.Nested(OutsOut)


class BatchOut(Schema):
    results = fields.List(fields.Nested(AnalysisOut))


class LayoffOut(Schema):
    card = CardCode()
    meld = fields.Integer()


class LayoffOptionOut(Schema):
    card = CardCode()
    melds = fields.List(fields.Integer())


class KnockerOut(Schema):
    melds = fields.List(fields.Nested(MeldOut))
    deadwood_cards = fields.List(CardCode())
    deadwood = fields.Integer()
    gin = fields.Boolean()
    big_gin = fields.Boolean()
    discard = CardCode()


class DefenderOut(Schema):
    melds = fields.List(fields.Nested(MeldOut))
    layoffs = fields.List(fields.Nested(LayoffOut))
    deadwood_cards = fields.List(CardCode())
    deadwood = fields.Integer()


class LayoffsOut(Schema):
    knocker = fields.Nested(KnockerOut)
    defender = fields.Nested(DefenderOut)
    options = fields.List(fields.Nested(LayoffOptionOut))


class BestSpreadOut(Schema):
    points = fields.Integer()
    outcome = fields.String()
    winner = fields.String(allow_none=True)
    melds = fields.List(fields.Nested(MeldOut))
    deadwood_cards = fields.List(CardCode())
    deadwood = fields.Integer()
    discard = CardCode(allow_none=True)


class ScoreOut(Schema):
    outcome = fields.String()
    winner = fields.String(allow_none=True)
    points = fields.Integer()
    multiplier = fields.Integer()
    knock_limit = fields.Integer(allow_none=True)
    knocker = fields.Nested(KnockerOut, allow_none=True)
    defender = fields.Nested(DefenderOut, allow_none=True)
    explanation = fields.String()
    best_spread = fields.Nested(BestSpreadOut)
    options = fields.List(fields.Nested(LayoffOptionOut))


class RulesOut(Schema):
    preset = fields.String()
    knock_limit = fields.Integer()
    gin_bonus = fields.Integer()
    big_gin_bonus = fields.Integer(allow_none=True)
    undercut_bonus = fields.Integer()
    tie_is_undercut = fields.Boolean()
    oklahoma = fields.Boolean()
    oklahoma_ace_gin_only = fields.Boolean()
    oklahoma_spade_double = fields.Boolean()
    target = fields.Integer()
    game_bonus = fields.Integer()
    box_bonus = fields.Integer()
    shutout = fields.String()
    format = fields.String()


class TableResultOut(Schema):
    winner = fields.String()
    points = fields.Integer()


class HandRowOut(Schema):
    result = fields.Raw()
    winner = fields.String(allow_none=True)
    points = fields.Integer()
    games = fields.List(fields.Integer())
    totals = fields.List(fields.Dict(keys=fields.String(), values=fields.Integer()))


class BonusesOut(Schema):
    game = fields.Dict(keys=fields.String(), values=fields.Integer())
    box = fields.Dict(keys=fields.String(), values=fields.Integer())
    shutout = fields.Dict(keys=fields.String(), values=fields.Integer())


class GameOut(Schema):
    totals = fields.Dict(keys=fields.String(), values=fields.Integer())
    hands_won = fields.Dict(keys=fields.String(), values=fields.Integer())
    finished = fields.Boolean()
    winner = fields.String(allow_none=True)
    bonuses = fields.Nested(BonusesOut)
    final = fields.Dict(keys=fields.String(), values=fields.Integer())
    margin = fields.Integer(allow_none=True)


class GameSheetOut(Schema):
    players = fields.List(fields.String())
    hands = fields.List(fields.Nested(HandRowOut))
    games = fields.List(fields.Nested(GameOut))
    finished = fields.Boolean()
    winner = fields.String(allow_none=True)
    margin = fields.Integer(allow_none=True)


dump_analysis = compile_schema(AnalysisOut)
dump_layoffs = compile_schema(LayoffsOut)
dump_score = compile_schema(ScoreOut)
dump_rules = compile_schema(RulesOut)
dump_table_result = compile_schema(TableResultOut)
dump_hand_row = compile_schema(HandRowOut)
dump_game_sheet = compile_schema(GameSheetOut)
