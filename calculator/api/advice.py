"""The advice request and answer: the body's shape and types (marshmallow), and the core's
advice written as JSON, by hand (openapi.yaml, `/api/v1/advice`).

Every card and consistency rule (notation, a card in two places, counts adding up to 52, the
stock, the samples' bound) is the core's (`calculator.core.position`), which says where the
problem is.
"""
from __future__ import annotations

from math import copysign, floor

from marshmallow import ValidationError, fields

from ..core.advice import Advice
from ..core.cards import mask_cards
from ..core.position import MAX_SAMPLES
from . import limits
from .answers import codes, melds
from .loading import BoundedList, compile_loader, load
from .schemas import Options, Strict, Token, Tokens, Whole, card_token, rules_of

MAX_DISCARDS = 52


class Who(fields.Field):
    """Who threw a discard: "me" or "opponent" is the core's rule, told there for any value;
    a string longer than any token is refused here, before anything reads it."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is str and len(value) > limits.MAX_TOKEN_CHARS:
            raise ValidationError(f"'by' is longer than {limits.MAX_TOKEN_CHARS} characters")
        return value


class DiscardIn(Strict):
    card = Token(required=True)
    by = Who(load_default=None)


class ScoresIn(Strict):
    me = Whole(required=True)
    opponent = Whole(required=True)


class Part(fields.Field):
    """A nested object read by its schema's bounded loader (`loading`): its unknown keys are
    counted, not each named, past `MAX_REPORTED_ERRORS`."""

    def __init__(self, schema: type[Strict], **kwargs):
        super().__init__(**kwargs)
        self.loader = compile_loader(schema)

    def quick(self, value):
        return self.loader.quick(value)

    def _deserialize(self, value, attr, data, **kwargs):
        return self.loader.full(value)


class DiscardEntry(Part):
    """One card of the discard pile: a card token, or `{card, by}` with `by` "me" or
    "opponent" (checked by the core)."""

    def __init__(self, **kwargs):
        super().__init__(DiscardIn, **kwargs)

    def quick(self, value):
        if type(value) is str and len(value) <= limits.MAX_TOKEN_CHARS:
            return value
        return self.loader.quick(value)  # Invalid unless an object

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is str:
            return card_token(value)
        if type(value) is not dict:
            raise ValidationError("a discard is a card token or {card, by}")
        return self.loader.full(value)


class Discards(BoundedList):
    """The pile: its length checked before any card is read; reading stops after
    `MAX_REPORTED_ERRORS` messages."""

    def __init__(self, **kwargs):
        super().__init__(DiscardEntry(), 0, MAX_DISCARDS, **kwargs)

    def _check_length(self, value) -> None:
        if type(value) is not list:
            raise ValidationError("must be an array")
        if len(value) > MAX_DISCARDS:
            raise ValidationError(f"has {len(value)} cards; at most {MAX_DISCARDS}")


class AdviceRequest(Strict):
    hand = Tokens(required=True)
    face_up = Token(load_default=None)
    taken = Token(load_default=None)
    discards = Discards(load_default=list)
    opponent_took = Tokens(what="opponent_took", max_tokens=52, load_default=list)
    opponent_passed = Tokens(what="opponent_passed", max_tokens=52, load_default=list)
    stock = Whole(load_default=None)
    rules = Options(load_default=None)
    upcard = Token(load_default=None)
    scores = Part(ScoresIn, load_default=None)
    samples = Whole(load_default=None)
    seed = Whole(load_default=None)


_LOADER = compile_loader(AdviceRequest)


def read(body) -> dict:
    """The body's values, or marshmallow's ValidationError naming every bad field (up to the
    error cap), read by the bounded loader as the other endpoints' bodies are."""
    return load(_LOADER, body)


def arguments(body: dict) -> dict:
    """The body as `calculator.core.advice.advise` takes it."""
    return {"hand": body["hand"], "discards": body["discards"], "face_up": body["face_up"],
            "opponent_took": body["opponent_took"],
            "opponent_passed": body["opponent_passed"], "stock": body["stock"],
            "rules": rules_of(body), "upcard": body["upcard"], "scores": body["scores"],
            "samples": body["samples"], "seed": body["seed"], "taken": body["taken"]}


# --- the answer ---------------------------------------------------------------------------

def odds(value: float) -> float:
    """A chance or a number of points to the 6 places the answer gives it (the advice page
    shows the same figures): `round(value, 6)` to the last bit, sign of zero included.

    >>> odds(2 / 3), odds(-0.0000004), odds(0.0000005)
    (0.666667, -0.0, 0.0)

    Why not round() alone: it writes the number's decimal digits and reads them back (about
    0.3 µs), and an answer rounds some 70 figures, a fifth of writing it. Away from a tie, the
    nearest whole number of millionths over 10^6 is the same float, since both are the float
    nearest to that decimal (a division of exact floats is correctly rounded); below 10^4 the
    product is off by under 4e-6, so a tie or anything within 1e-4 of one goes to round()
    (measured 3.6x faster a figure; the tests compare the two on a million values and every
    kind of tie)."""
    if -1e4 < value < 1e4:  # not NaN, and far from the float's last places
        scaled = value * 1e6
        whole = floor(scaled + 0.5)
        if -0.4999 < scaled - whole < 0.4999:
            return whole / 1e6 if whole else copysign(0.0, value)
    return round(value, 6)


def answer(advice: Advice) -> dict:
    """The advice as JSON: the advice in words first, then every choice with its odds."""
    position = advice.position
    return {
        "action": advice.action,
        "advice": advice.summary,
        "position": {
            "hand": codes(sorted(position.hand)),
            "face_up": position.face_up.code if position.face_up else None,
            "taken": position.taken.code if position.taken else None,
            "stock": position.stock,
            "unseen": advice.unseen,
            "opponent_known": codes(mask_cards(position.held)),
            "opponent_unknown": position.opponent_unknown,
            "knock_limit": position.limit,
            "draws_left": position.my_draws_left,
            "samples": position.samples,
            "seed": position.seed,
        },
        "discards": [_discard(rank, choice) for rank, choice in
                     enumerate(advice.discards, 1)],
        "draw": _draw(advice.draw),
        "live": [{"card": c.card.code, "melds": c.melds, "of": c.most} for c in advice.live],
        "melds_in_waiting": [{"card": c.card.code, "with": [codes(pair) for pair in c.melds]}
                             for c in advice.completions],
        "outlook": _outlook(advice.outlook),
        "knock": _knock(advice.knock),
        "scores": advice.scores_note,
    }


def _discard(rank: int, choice) -> dict:
    return {
        "rank": rank,
        "card": choice.card.code,
        "deadwood": choice.deadwood,
        "can_knock": choice.can_knock,
        "gin": choice.gin,
        "gin_outs": len(choice.gin_outs),
        "knock_outs": len(choice.knock_outs),
        "outs": {"gin": codes(choice.gin_outs), "knock": codes(choice.knock_outs)},
        "p_gin": odds(choice.p_gin),
        "p_knock": odds(choice.p_knock),
        "expected_deadwood": odds(choice.expected_deadwood),
        "danger": odds(choice.danger),
        "adjusted_danger": odds(choice.adjusted_danger),
        "dead": choice.dead,
        "score": odds(choice.cost),
        "reason": choice.reason,
    }


def _draw(draw) -> dict | None:
    if draw is None:
        return None
    return {"take": draw.take, "face_up": draw.face_up.code if draw.face_up else None,
            "take_deadwood": draw.take_deadwood,
            "take_discard": draw.take_discard.code if draw.take_discard else None,
            "draw_deadwood": odds(draw.draw_deadwood), "p_gin": odds(draw.draw_p_gin),
            "p_knock": odds(draw.draw_p_knock), "reason": draw.reason}


def _outlook(outlook) -> dict | None:
    if outlook is None:
        return None
    return {"kept": codes(outlook.kept), "draws_left": outlook.draws_left,
            "within": [{"draws": w.draws, "knock": odds(w.knock), "gin": odds(w.gin),
                        "knock_error": odds(w.knock_error), "gin_error": odds(w.gin_error),
                        "method": "sampled" if w.sampled else "exact"}
                       for w in outlook.within],
            "draws_to_knock": outlook.draws_to_knock, "draws_to_gin": outlook.draws_to_gin}


def _knock(decision) -> dict | None:
    if decision is None:
        return None
    o = decision.odds
    return {"knock": decision.knock, "outcome": o.outcome,
            "discard": o.discard.code if o.discard else None, "deadwood": o.deadwood,
            "melds": melds(o.spread.melds),
            "deadwood_cards": codes(o.spread.deadwood_cards),
            "win": odds(o.win), "undercut": odds(o.undercut), "tie": odds(o.tie),
            "expected_points": odds(o.expected_points), "error": odds(o.error),
            "samples": o.samples, "effective_samples": odds(o.effective_samples),
            "opponent_deadwood": odds(o.opponent_deadwood),
            "gin_within": [{"draws": k, "gin": odds(p)} for k, p in decision.gin_within],
            "reason": decision.reason}


__all__ = ["AdviceRequest", "answer", "arguments", "read", "MAX_SAMPLES"]
