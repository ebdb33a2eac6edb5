"""Hostile but well-formed JSON at every POST endpoint of the API.

Whatever the body, the answer is below 500, carries no trace of the code, and every 4xx is a
problem document (`type`, `title`, `status`, `detail`, `errors`) whose pointers resolve in
the body that was sent. Anything the service echoes (a bad token, an unknown key, a name)
comes back as properly escaped JSON: the answer parses as strict JSON and the echo round-trips.
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardening_support import (HUGE_INTS, LONE_SURROGATES, POST_ENDPOINTS, RTL_AND_INVISIBLE,
                               SPECIAL_STRINGS, VALID_BODIES, XSS, check_answer, deep_json,
                               encode, examples, json_values, mutate, mutated_bodies, nested,
                               post)

FUZZ = settings(max_examples=examples(40), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
MUTATIONS = settings(FUZZ, max_examples=examples(80))


@pytest.mark.parametrize("endpoint", POST_ENDPOINTS)
def test_valid_bodies_are_valid(client, endpoint):
    """The bodies the mutations start from answer 200 (else the mutations test nothing)."""
    response, sent = post(client, endpoint, VALID_BODIES[endpoint])
    assert response.status_code == 200, response.get_json()
    check_answer(response, sent)


# --- arbitrary JSON -------------------------------------------------------------------------

@pytest.mark.parametrize("endpoint", POST_ENDPOINTS)
@FUZZ
@given(body=json_values, ascii_only=st.booleans())
def test_any_json_body(client, endpoint, body, ascii_only):
    response, sent = post(client, endpoint, raw=encode(body, ascii_only))
    check_answer(response, sent)


@pytest.mark.parametrize("endpoint", POST_ENDPOINTS)
@FUZZ
@given(data=st.data())
def test_any_values_under_the_known_keys(client, endpoint, data):
    """The endpoint's own keys (some left out), each holding anything, plus unknown keys."""
    keys = list(VALID_BODIES[endpoint])
    body = data.draw(st.fixed_dictionaries({}, optional={k: json_values for k in keys}))
    body |= data.draw(st.dictionaries(st.sampled_from(SPECIAL_STRINGS), json_values,
                                      max_size=2))
    response, sent = post(client, endpoint, body)
    check_answer(response, sent)


@pytest.mark.parametrize("endpoint", POST_ENDPOINTS)
@MUTATIONS
@given(data=st.data())
def test_valid_body_with_one_field_mutated(client, endpoint, data):
    body = data.draw(mutated_bodies(endpoint))
    response, sent = post(client, endpoint, body)
    check_answer(response, sent)


# --- named hostile values (a table: each one a known way to break a JSON service) -------------

def _hostile_replacements():
    values = ([("huge int", v) for v in HUGE_INTS]
              + [("float", v) for v in (1e308, -1e308, 5e-324, -0.0, 10.0, 0.5)]
              + [("null", None), ("true", True), ("empty list", []), ("empty object", {}),
                 ("list of nulls", [None] * 11), ("list of ints", list(range(11))),
                 ("long list", ["As"] * 5000), ("nested list", nested(50)),
                 ("nested object", nested(50, "dict"))]
              + [("string", s) for s in SPECIAL_STRINGS])
    return values


HOSTILE = _hostile_replacements()
FIELDS = [(endpoint, path) for endpoint, paths in {
    "/api/v1/analyze": [("hand",), ("hand", 0), ("rules",), ("rules", "preset"), ("upcard",),
                        ("known",), ("outs",)],
    "/api/v1/analyze/batch": [("hands",), ("hands", 0), ("hands", 1, 3), ("outs",),
                              ("rules", "knock_limit")],
    "/api/v1/layoffs": [("knocker",), ("knocker", "hand"), ("defender", "hand", 2),
                        ("rules", "preset")],
    "/api/v1/score": [("knocker", "melds"), ("knocker", "melds", 0), ("knocker", "melds", 1, 1),
                      ("knocker", "deadwood_cards"), ("defender",), ("rules", "gin_bonus")],
    "/api/v1/games": [("players",), ("players", 0), ("players", 1), ("hands",), ("hands", 0),
                      ("hands", 0, "knocked_by"), ("hands", 2, "winner"),
                      ("hands", 2, "points"), ("hands", 3, "knocker", "deadwood"),
                      ("rules", "target")],
}.items() for path in paths]


@pytest.mark.parametrize("endpoint, path", FIELDS, ids=lambda v: "/".join(map(str, v))
                         if isinstance(v, tuple) else v)
def test_named_hostile_values_in_each_field(client, endpoint, path):
    for name, value in HOSTILE:
        body = mutate(VALID_BODIES[endpoint], path, "replace", value)
        response, sent = post(client, endpoint, body)
        try:
            check_answer(response, sent)
        except AssertionError as error:
            raise AssertionError(f"{name} {value!r:.80} at {path}: {error}") from None


@pytest.mark.parametrize("endpoint", POST_ENDPOINTS)
@pytest.mark.parametrize("depth", [10, 500, 900, 1000, 5000, 100_000])
@pytest.mark.parametrize("kind", ["list", "dict"])
def test_deep_nesting(client, endpoint, depth, kind):
    """As the whole body, and as the value of the first key: 400 or 422, never a crash."""
    response, sent = post(client, endpoint, raw=deep_json(depth, kind))
    check_answer(response, sent)
    first_key = next(iter(VALID_BODIES[endpoint]))
    raw = b'{"' + first_key.encode() + b'":' + deep_json(depth, kind) + b"}"
    response, sent = post(client, endpoint, raw=raw)
    check_answer(response, sent)
    assert response.status_code in (400, 422)


@pytest.mark.parametrize("literal", [b"1e999", b"-1e999", b"NaN", b"Infinity", b"-Infinity",
                                     b"1" * 4301, b"-" + b"9" * 5000, b"1.5e-400",
                                     b"0." + b"0" * 5000 + b"1"])
@pytest.mark.parametrize("endpoint, key", [("/api/v1/analyze", b'"rules":{"knock_limit":'),
                                           ("/api/v1/score", b'"knocker":{"deadwood":'),
                                           ("/api/v1/games", b'"rules":{"target":')])
def test_numbers_json_cannot_hold(client, endpoint, key, literal):
    """Numbers beyond float, beyond Python's 4,300-digit int parsing, and the non-standard
    NaN/Infinity literals: a 4xx, and nothing but strict JSON back (a whole number that long:
    a 422 at its field, tests/api/test_request_body.py)."""
    body = dict(VALID_BODIES[endpoint])
    head = json.dumps(body)[:-1].encode()
    raw = head + b"," + key + literal + b"}}"
    response, sent = post(client, endpoint, raw=raw)
    check_answer(response, sent)
    assert 400 <= response.status_code < 500


# --- echoes ---------------------------------------------------------------------------------

ECHOED = XSS + RTL_AND_INVISIBLE + ['"quoted"', "back\\slash", "new\nline", "é♠🂡", "~1/~0"]


@pytest.mark.parametrize("text", ECHOED, ids=repr)
def test_unknown_key_is_echoed_escaped(client, text):
    body = dict(VALID_BODIES["/api/v1/analyze"], **{text: 1})
    response, sent = post(client, "/api/v1/analyze", body)
    problem = check_answer(response, sent)
    assert response.status_code == 422
    # the key comes back exactly (escaped in the JSON, equal once parsed), pointer escaped
    pointer = "/" + text.replace("~", "~0").replace("/", "~1")
    assert any(error["pointer"] == pointer for error in problem["errors"]), problem
    assert text in problem["detail"] or any(text in e["detail"] for e in problem["errors"])


@pytest.mark.parametrize("text", ECHOED, ids=repr)
def test_bad_token_is_echoed_escaped(client, text):
    hand = VALID_BODIES["/api/v1/analyze"]["hand"][:9] + [text + "x"]
    response, sent = post(client, "/api/v1/analyze", {"hand": hand})
    problem = check_answer(response, sent)
    assert response.status_code == 422
    assert [e["pointer"] for e in problem["errors"]] == ["/hand/9"], problem


@pytest.mark.parametrize("name", [s for s in ECHOED if s.strip() and "\u0000" not in s][:12]
                         + ["\u202eBob", "\u200fعلي"], ids=repr)
def test_player_names_round_trip(client, name):
    body = {"players": ["Ann", name], "hands": [{"winner": name, "points": 10}]}
    response, sent = post(client, "/api/v1/games", body)
    sheet = check_answer(response, sent)
    if response.status_code == 200:
        assert name.strip() in sheet["players"], sheet["players"]


# --- lone surrogates (JSON escapes "\ud800": valid JSON, not encodable as UTF-8) ---------------

SURROGATE_CASES = [
    ("/api/v1/analyze", "unknown key", lambda s: dict(VALID_BODIES["/api/v1/analyze"], **{s: 1})),
    ("/api/v1/analyze", "hand token", lambda s: {"hand": [s] + ["2s"] * 9}),
    ("/api/v1/analyze", "hand string", lambda s: {"hand": f"As {s} 3s"}),
    ("/api/v1/analyze", "rules key", lambda s: {"hand": "As", "rules": {s: 1}}),
    ("/api/v1/analyze", "preset", lambda s: {"hand": "As", "rules": {"preset": s}}),
    ("/api/v1/analyze", "upcard", lambda s: dict(VALID_BODIES["/api/v1/analyze"], upcard=s)),
    ("/api/v1/games", "player name", lambda s: {"players": ["Ann", f"B{s}b"]}),
    ("/api/v1/games", "winner name", lambda s: {"players": ["Ann", "Bob"],
                                               "hands": [{"winner": s, "points": 1}]}),
]


@pytest.mark.parametrize("surrogate", LONE_SURROGATES[:2], ids=ascii)
@pytest.mark.parametrize("endpoint, where, build", SURROGATE_CASES,
                         ids=[c[1] for c in SURROGATE_CASES])
def test_lone_surrogate_escapes(client, endpoint, where, build, surrogate):
    """A lone surrogate sent as a JSON escape must come back escaped (or be refused), not
    crash the UTF-8 encoding of the answer."""
    response, sent = post(client, endpoint, build(surrogate))
    check_answer(response, sent)
