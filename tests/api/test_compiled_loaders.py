"""The compiled request loaders must load every body exactly as marshmallow's `Schema.load`
does: the same dictionary for a valid body, the same ValidationError for an invalid one."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError, fields, post_load

from calculator.api import schemas
from calculator.api.loading import compile_loader
from calculator.api.service import REQUEST_LOADERS

CODES = [rank + suit for suit in "shdc" for rank in "A23456789TJQK"]
ODD_TOKENS = ["10♥", "1s", "ah", "🂡", "ace of spades", "Zz", "", "As ", "AS"]

token = st.one_of(st.sampled_from(CODES), st.sampled_from(ODD_TOKENS))
hand = st.one_of(
    st.lists(token, min_size=0, max_size=12),
    st.lists(token, min_size=0, max_size=12).map(" ".join),
    st.lists(st.sampled_from(CODES), min_size=10, max_size=11, unique=True),
    st.integers(), st.none(),
)
scalar = st.one_of(st.none(), st.booleans(), st.integers(-5, 120), st.text(max_size=8),
                   st.sampled_from(["draw", "standard", "oklahoma"]))
rules = st.one_of(st.none(), st.just({}), st.fixed_dictionaries(
    {}, optional={"preset": st.sampled_from(["standard", "oklahoma", "nope"]),
                  "knock_limit": st.integers(-1, 12), "undercut_bonus": st.integers(0, 30),
                  "oklahoma": scalar, "target": scalar,
                  "bogus": scalar}))
knocker = st.one_of(
    st.fixed_dictionaries({"hand": hand}),
    st.fixed_dictionaries({"melds": st.lists(hand, max_size=5)},
                          optional={"deadwood_cards": hand}),
    st.fixed_dictionaries({"deadwood": scalar}, optional={"gin": scalar, "big_gin": scalar}),
    st.dictionaries(st.sampled_from(["hand", "melds", "deadwood", "extra"]), scalar,
                    max_size=3),
    scalar,
)
defender = st.one_of(st.fixed_dictionaries({"hand": hand}),
                     st.fixed_dictionaries({"deadwood": scalar}), scalar)
entry = st.one_of(
    st.fixed_dictionaries({"knocked_by": scalar, "knocker": knocker, "defender": defender}),
    st.fixed_dictionaries({"winner": st.sampled_from(["Ann", "Bob", ""]), "points": scalar}),
    st.fixed_dictionaries({"outcome": scalar}),
    scalar,
)
FIELDS = {
    "hand": hand, "hands": st.one_of(st.lists(hand, max_size=4), st.lists(entry, max_size=4)),
    "known": hand, "upcard": st.one_of(token, scalar), "outs": scalar, "rules": rules,
    "knocker": knocker, "defender": defender, "outcome": scalar,
    "players": st.lists(st.sampled_from(["Ann", "Bob", " ", "x" * 50]), max_size=3),
    "unknown_key": scalar,
}
body = st.one_of(st.dictionaries(st.sampled_from(sorted(FIELDS)), scalar, max_size=4),
                 st.sampled_from(sorted(FIELDS)).flatmap(
                     lambda first: st.fixed_dictionaries(
                         {first: FIELDS[first]},
                         optional={k: v for k, v in FIELDS.items() if k != first})),
                 st.lists(scalar, max_size=2), scalar)


def outcome(load, data):
    try:
        return "loaded", load(data)
    except ValidationError as error:
        return "refused", error.messages


@pytest.mark.parametrize("kind", sorted(REQUEST_LOADERS))
@settings(max_examples=300, deadline=None)
@given(data=body)
def test_compiled_loader_agrees_with_marshmallow(kind, data):
    compiled = REQUEST_LOADERS[kind]
    assert outcome(compiled, data) == outcome(compiled.schema.load, data)


VALID = {
    "analyze": {"hand": CODES[:10]},
    "batch": {"hands": [CODES[:10], " ".join(CODES[20:31])], "outs": True},
    "layoffs": {"knocker": {"hand": CODES[:10]}, "defender": {"hand": CODES[13:23]}},
    "score": {"knocker": {"melds": [CODES[:3]], "deadwood_cards": CODES[3:5]},
              "defender": {"deadwood": 40}, "upcard": "Kc"},
    "games": {"players": ["Ann", "Bob"],
              "hands": [{"winner": "Ann", "points": 25}, {"outcome": "draw"}]},
}


@pytest.mark.parametrize("kind", sorted(VALID))
def test_valid_bodies_load_without_marshmallow_machinery(kind, monkeypatch):
    """The fast path really is taken for a valid body: Schema.load is never called."""
    compiled = REQUEST_LOADERS[kind]
    expected = compiled.schema.load(VALID[kind])

    def refuse(*args, **kwargs):
        raise AssertionError("Schema.load was called for a valid body")

    monkeypatch.setattr(Schema, "load", refuse)
    assert compiled(VALID[kind]) == expected


def test_an_invalid_body_gets_marshmallows_own_errors():
    messages = outcome(REQUEST_LOADERS["analyze"], {"hand": ["As", "Zz"], "outs": 1, "x": 2})
    assert messages == ("refused", {"hand": {1: [messages[1]["hand"][1][0]]},
                                    "outs": ["must be true or false"], "x": ["unknown field"]})


def test_schemas_the_loader_cannot_honour_are_refused():
    class WithHook(Schema):
        name = fields.String()

        @post_load
        def shout(self, data, **kwargs):
            return data

    class Dotted(schemas.Strict):
        name = fields.String(attribute="a.b")

    for schema in (WithHook, Dotted, schemas.AnalyzeRequest(partial=True)):
        with pytest.raises(TypeError):
            compile_loader(schema)
