"""A long string in any place a message quotes comes back cut: a body of half a megabyte gets a
problem of a few hundred bytes that still names the place and how long the string was.

Each case puts one 500,000-character string where an answer would echo it (an unknown key, a
rule option's name or value, a preset, a key inside a nested object), at every endpoint that
reads that place.
"""
from __future__ import annotations

import copy

import pytest

from hardening_support import VALID_BODIES, check_answer, post

LONG = "x" * 500_000
SMALL_ANSWER = 2_000  # bytes: the whole problem document


def _with(endpoint: str, change) -> dict:
    body = copy.deepcopy(VALID_BODIES[endpoint])
    change(body)
    return body


CASES = [
    pytest.param(endpoint, lambda b: b.update({LONG: 1}), "", "unknown field",
                 id=f"{endpoint} unknown key")
    for endpoint in VALID_BODIES
] + [
    pytest.param("/api/v1/analyze", lambda b: b.update(rules={"preset": LONG}), "/rules/preset",
                 "unknown preset", id="preset"),
    pytest.param("/api/v1/analyze", lambda b: b.update(rules={LONG: 1}), "/rules",
                 "unknown rule option", id="rule option's name"),
    pytest.param("/api/v1/analyze", lambda b: b.update(rules={"shutout": LONG}),
                 "/rules/shutout", "shutout must be one of", id="rule option's value"),
    pytest.param("/api/v1/analyze/batch", lambda b: b.update(rules={"format": LONG}),
                 "/rules/format", "format must be one of", id="batch rule value"),
    pytest.param("/api/v1/score", lambda b: b["defender"].update({LONG: 1}), "/defender",
                 "unknown field", id="key inside a player's object"),
    pytest.param("/api/v1/games", lambda b: b["hands"][0].update({LONG: 1}), "/hands/0",
                 "unknown field", id="key inside a ledger entry"),
]


@pytest.mark.parametrize("endpoint, change, where, says", CASES)
def test_a_long_string_comes_back_cut(client, endpoint, change, where, says):
    response, sent = post(client, endpoint, _with(endpoint, change))
    problem = check_answer(response, sent)
    assert response.status_code == 422, problem
    assert len(response.data) < SMALL_ANSWER, len(response.data)
    [error] = problem["errors"]
    assert error["pointer"] == where, problem
    assert says in error["detail"] and "(500,000 characters)" in error["detail"], problem


def test_a_value_that_is_not_a_string_is_named_by_its_type(client):
    body = _with("/api/v1/analyze", lambda b: b.update(rules={"format": [[1] * 1000] * 200}))
    response, sent = post(client, "/api/v1/analyze", body)
    problem = check_answer(response, sent)
    assert len(response.data) < SMALL_ANSWER
    assert problem["errors"] == [{"pointer": "/rules/format", "detail":
                                  "format must be one of single, hollywood, not an array"}]
