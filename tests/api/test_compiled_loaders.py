"""The compiled request loaders must load every body exactly as marshmallow's `Schema.load`
does: the same dictionary for a valid body, the same ValidationError for an invalid one."""
from __future__ import annotations

from contextlib import contextmanager

import pytest
from hypothesis import event, given, settings
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
# Mostly well-formed values, so most bodies of each kind load and their results are compared.


def mostly(good, bad):
    """`good` seven times in eight (st.one_of would pick either half the time)."""
    return st.integers(0, 7).flatmap(lambda pick: bad if pick == 0 else good)


flag = mostly(st.booleans(), scalar)
count = mostly(st.integers(0, 100), scalar)
ten = st.lists(st.sampled_from(CODES), min_size=10, max_size=10, unique=True)
good_rules = mostly(st.fixed_dictionaries({}, optional={
    "preset": st.sampled_from(["standard", "classic", "straight", "hollywood"]),
    "knock_limit": st.integers(0, 10), "gin_bonus": st.integers(0, 50)}), rules)
good_upcard = mostly(st.sampled_from(CODES), token)
good_known = mostly(st.lists(st.sampled_from(CODES), max_size=3, unique=True), hand)
good_knocker = mostly(st.one_of(
    st.fixed_dictionaries({"hand": mostly(ten, hand)}),
    st.fixed_dictionaries({"melds": st.lists(st.one_of(st.just(["As", "2s", "3s"]), hand),
                                             max_size=3)}, optional={"deadwood_cards": hand}),
    st.fixed_dictionaries({"deadwood": count}, optional={"gin": flag, "big_gin": flag})),
    knocker)
good_defender = mostly(st.one_of(st.fixed_dictionaries({"hand": mostly(ten, hand)}),
                                 st.fixed_dictionaries({"deadwood": count})), defender)
good_entry = mostly(st.one_of(
    st.fixed_dictionaries({"knocked_by": st.sampled_from(["Ann", "Bob"]),
                           "knocker": good_knocker, "defender": good_defender},
                          optional={"upcard": good_upcard}),
    st.fixed_dictionaries({"winner": st.sampled_from(["Ann", "Bob"]), "points": count}),
    st.just({"outcome": "draw"})), entry)
KIND_BODIES = {
    "analyze": st.fixed_dictionaries({"hand": mostly(ten, hand)}, optional={
        "rules": good_rules, "upcard": good_upcard, "known": good_known, "outs": flag}),
    "batch": st.fixed_dictionaries({"hands": st.lists(mostly(ten, hand), min_size=1,
                                                      max_size=4)},
                                   optional={"rules": good_rules, "upcard": good_upcard,
                                             "outs": flag}),
    "layoffs": st.fixed_dictionaries({"knocker": good_knocker, "defender": good_defender},
                                     optional={"rules": good_rules, "upcard": good_upcard}),
    "score": st.fixed_dictionaries({}, optional={
        "knocker": good_knocker, "defender": good_defender, "rules": good_rules,
        "upcard": good_upcard, "outcome": mostly(st.just("draw"), scalar)}),
    "games": st.fixed_dictionaries({"players": mostly(st.just(["Ann", "Bob"]), st.lists(
        scalar, max_size=3))}, optional={"rules": good_rules,
                                          "hands": st.lists(good_entry, max_size=4)}),
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


def _one_of_fields(schema, found):
    """Every OneOf field inside a schema, nested shapes and list items included."""
    for field in schema.fields.values():
        while isinstance(field, fields.List):
            field = field.inner
        if isinstance(field, schemas.OneOf) and field not in found:
            found.append(field)
            for load in field.shapes.values():
                _one_of_fields(load.schema, found)
    return found


@contextmanager
def marshmallow_only():
    """The reference: every nested shape loaded by its own Schema.load, not compiled."""
    one_ofs = []
    for load in REQUEST_LOADERS.values():
        _one_of_fields(load.schema, one_ofs)
    compiled = [field.shapes for field in one_ofs]
    for field in one_ofs:
        field.shapes = {key: load.schema.load for key, load in field.shapes.items()}
    try:
        yield
    finally:
        for field, shapes in zip(one_ofs, compiled):
            field.shapes = shapes


def test_the_reference_uses_no_compiled_loader():
    one_ofs = []
    for load in REQUEST_LOADERS.values():
        _one_of_fields(load.schema, one_ofs)
    assert len(one_ofs) >= 3  # knocker, defender, the ledger entry
    with marshmallow_only():
        assert all(getattr(load, "__func__", None) is Schema.load
                   for field in one_ofs for load in field.shapes.values())
    assert all(hasattr(load, "schema") for field in one_ofs for load in field.shapes.values())


@pytest.mark.parametrize("kind", sorted(REQUEST_LOADERS))
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_compiled_loader_agrees_with_marshmallow(kind, data):
    """A valid body must load to the same dictionary, and a body marshmallow refuses must be
    refused with the same messages (the compiled loader hands every error to marshmallow, so
    what this guards is that it never accepts what marshmallow refuses, or loads it
    differently)."""
    compiled = REQUEST_LOADERS[kind]
    value = data.draw(mostly(KIND_BODIES[kind], body))
    got = outcome(compiled, value)
    with marshmallow_only():
        expected = outcome(compiled.schema.load, value)
    assert got == expected
    event(got[0])


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

    def refuse(*args, **kwargs):
        raise AssertionError("Schema.load was called for a valid body")

    with marshmallow_only():
        expected = compiled.schema.load(VALID[kind])
    monkeypatch.setattr(Schema, "load", refuse)
    assert compiled(VALID[kind]) == expected


def test_an_invalid_body_gets_marshmallows_own_errors():
    messages = outcome(REQUEST_LOADERS["analyze"], {"hand": ["As", "Zz"], "outs": 1, "x": 2})
    assert messages == ("refused", {"hand": {1: ["not a card (expected rank and suit, like 'As' "
                                                 "or '10♥') in token 2 'Zz'"]},
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
