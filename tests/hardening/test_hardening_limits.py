"""Every input limit of calculator/api/limits.py answers 413 or 422 with a pointer to the part
that is too big, just past the limit, while the limit itself is accepted; errors to hostile
bodies stay small and quick; and the largest legitimate requests are timed.
"""
from __future__ import annotations

import json
import time

import pytest

from calculator import create_app
from calculator.api import limits
from hardening_support import DEFENDER, KNOCKER, check_answer, post

DECK = [rank + suit for suit in "shdc" for rank in "A23456789TJQK"]
TEN = KNOCKER.split()


def _pointers(response, sent, status):
    problem = check_answer(response, sent)
    assert response.status_code == status, (response.status_code, problem)
    return [error["pointer"] for error in problem["errors"]]


def _timed(client, path, body):
    data = json.dumps(body).encode()
    start = time.perf_counter()
    response = client.post(path, data=data, content_type="application/json")
    return response, data, time.perf_counter() - start


# --- body size ---------------------------------------------------------------------------------

def test_body_over_the_limit_is_413(client):
    data = b'{"hand": "' + b" " * limits.MAX_BODY_BYTES + b'"}'
    response, sent = post(client, "/api/v1/analyze", raw=data)
    assert _pointers(response, sent, 413) == [""]


def test_body_at_the_limit_is_read(client):
    head = b'{"hand": "' + KNOCKER.encode() + b'"}'
    data = head + b" " * (limits.MAX_BODY_BYTES - len(head))
    assert len(data) == limits.MAX_BODY_BYTES
    response, sent = post(client, "/api/v1/analyze", raw=data)
    check_answer(response, sent)
    assert response.status_code == 200


def test_body_limit_is_configurable_and_published():
    small = create_app({"MAX_CONTENT_LENGTH": 2048})
    client = small.test_client()
    response, sent = post(client, "/api/v1/analyze", raw=b" " * 2049)
    assert _pointers(response, sent, 413) == [""]
    assert client.get("/api/v1/rules").get_json()["limits"]["max_body_bytes"] == 2048


def test_published_limits_match_limits_module(client):
    published = client.get("/api/v1/rules").get_json()["limits"]
    for name, value in vars(limits).items():
        if name.isupper() and name != "MAX_BODY_BYTES":
            assert published[name.lower()] == value, name


# --- counts and lengths: (endpoint, body just past the limit, pointer) ---------------------------

def _entries(count):
    return [{"winner": "Ann", "points": 0} for _ in range(count)]


PAST_LIMIT = [
    ("batch hands", "/api/v1/analyze/batch",
     {"hands": [KNOCKER] * (limits.MAX_BATCH_HANDS + 1)}, "/hands"),
    ("ledger hands", "/api/v1/games",
     {"players": ["Ann", "Bob"], "hands": _entries(limits.MAX_LEDGER_HANDS + 1)}, "/hands"),
    ("name length", "/api/v1/games",
     {"players": ["Ann", "B" * (limits.MAX_NAME_CHARS + 1)]}, "/players/1"),
    ("winner name length", "/api/v1/games",
     {"players": ["Ann", "Bob"], "hands": [{"winner": "W" * (limits.MAX_NAME_CHARS + 1),
                                            "points": 1}]}, "/hands/0/winner"),
    ("tokens in a list", "/api/v1/analyze",
     {"hand": TEN + ["Kh"] * (limits.MAX_TOKENS - 9)}, "/hand"),
    ("token length", "/api/v1/analyze",
     {"hand": TEN[:9] + ["K" + " " * limits.MAX_TOKEN_CHARS + "h"]}, "/hand/9"),
    ("hand text length", "/api/v1/analyze",
     {"hand": KNOCKER + " " * (limits.MAX_HAND_CHARS - len(KNOCKER) + 1)}, "/hand"),
    ("upcard length", "/api/v1/analyze",
     {"hand": TEN, "upcard": "Q" + " " * limits.MAX_TOKEN_CHARS + "h"}, "/upcard"),
    ("known cards", "/api/v1/analyze", {"hand": TEN, "known": DECK + ["As"]}, "/known"),
    ("batch hand tokens", "/api/v1/analyze/batch",
     {"hands": [KNOCKER, TEN + ["Kh"] * (limits.MAX_TOKENS - 9)]}, "/hands/1"),
    ("batch hand text", "/api/v1/analyze/batch",
     {"hands": [KNOCKER + " " * limits.MAX_HAND_CHARS]}, "/hands/0"),
    ("meld tokens", "/api/v1/score",
     {"knocker": {"melds": [DECK[:12]]}, "defender": {"deadwood": 5}}, "/knocker/melds/0"),
    ("meld count", "/api/v1/score",
     {"knocker": {"melds": [["As", "2s", "3s"]] * 5}, "defender": {"deadwood": 5}},
     "/knocker/melds"),
    ("deadwood count", "/api/v1/score",
     {"knocker": {"deadwood": 101}, "defender": {"deadwood": 5}}, "/knocker/deadwood"),
    ("table points", "/api/v1/games",
     {"players": ["Ann", "Bob"], "hands": [{"winner": "Ann", "points": 10_001}]},
     "/hands/0/points"),
]


@pytest.mark.parametrize("label, endpoint, body, pointer", PAST_LIMIT,
                         ids=[case[0] for case in PAST_LIMIT])
def test_just_past_each_limit_is_422_with_a_pointer(client, label, endpoint, body, pointer):
    response, sent = post(client, endpoint, body)
    assert pointer in _pointers(response, sent, 422)


AT_LIMIT = [
    ("ledger hands", "/api/v1/games",
     {"players": ["Ann", "Bob"], "rules": {"target": 10_000},
      "hands": _entries(limits.MAX_LEDGER_HANDS)}),
    ("name length", "/api/v1/games",
     {"players": ["Ann", "B" * limits.MAX_NAME_CHARS]}),
    ("name with spaces around", "/api/v1/games",
     {"players": ["Ann", "  " + "B" * limits.MAX_NAME_CHARS + "  "]}),
    ("token length", "/api/v1/analyze",
     {"hand": TEN[:9] + ["K" + " " * (limits.MAX_TOKEN_CHARS - 2) + "h"]}),
    ("hand text length", "/api/v1/analyze",
     {"hand": KNOCKER + " " * (limits.MAX_HAND_CHARS - len(KNOCKER))}),
    ("known cards", "/api/v1/analyze",
     {"hand": TEN, "known": [c for c in DECK if c not in TEN]}),
]


@pytest.mark.parametrize("label, endpoint, body", AT_LIMIT, ids=[case[0] for case in AT_LIMIT])
def test_at_each_limit_is_accepted(client, label, endpoint, body):
    response, sent = post(client, endpoint, body)
    check_answer(response, sent)
    assert response.status_code == 200, response.get_json()


# --- hostile bodies within the limits: the error answer stays small and quick ---------------

AMPLIFIERS = [
    ("hand text of 999 bad tokens", "/api/v1/analyze", {"hand": "x " * 999}),
    ("hand text of 999 duplicates", "/api/v1/analyze", {"hand": "As " * 666}),
    ("50 hand texts of bad tokens", "/api/v1/analyze/batch",
     {"hands": ["x " * 999] * 50}),
    ("2,000 lists of 60 bad tokens", "/api/v1/analyze/batch",
     {"hands": [["x"] * 60] * 2_000}),
    ("250 hand texts of 999 bad tokens (500 KB)", "/api/v1/analyze/batch",
     {"hands": ["x " * 999] * 250}),
]


@pytest.mark.parametrize("label, endpoint, body", AMPLIFIERS, ids=[a[0] for a in AMPLIFIERS])
def test_error_answers_are_not_amplified(client, label, endpoint, body):
    """A body within the limits must not buy a much bigger or slower answer: the errors of
    one request are bounded (the answer is at most the request limit, 1 MB), and refusing it
    costs less than the largest legitimate request (about 1 s in process; 3 s allowed)."""
    response, sent, seconds = _timed(client, endpoint, body)
    assert response.status_code == 422
    size = len(response.get_data())
    assert size <= limits.MAX_BODY_BYTES, (
        f"{label}: {len(sent):,} bytes sent bought a {size:,}-byte error answer "
        f"({len(response.get_json()['errors']):,} errors) in {seconds:.2f} s")
    assert seconds < 3, f"{label}: {seconds:.2f} s to refuse {len(sent):,} bytes"


# --- the largest legitimate requests -------------------------------------------------------------

def _ledger(hands: int) -> dict:
    entries = [{"knocked_by": "Ann" if i % 2 else "Bob", "knocker": {"hand": KNOCKER},
                "defender": {"hand": DEFENDER}} for i in range(hands)]
    return {"players": ["Ann", "Bob"], "rules": {"target": 10_000}, "hands": entries}


def _batch(hands: int, size: int = 10, seed: int = 7) -> list[list[str]]:
    import random

    rng = random.Random(seed)
    return [rng.sample(DECK, size) for _ in range(hands)]


LARGEST = [
    ("ledger of 500 hands from cards", "/api/v1/games", lambda: _ledger(limits.MAX_LEDGER_HANDS)),
    ("batch of 10,000 10-card hands, outs false", "/api/v1/analyze/batch",
     lambda: {"hands": _batch(limits.MAX_BATCH_HANDS), "outs": False}),
]


@pytest.mark.parametrize("label, endpoint, build", LARGEST, ids=[c[0] for c in LARGEST])
def test_largest_legitimate_requests(client, label, endpoint, build, record_property, capsys):
    """Answered, and well inside gunicorn's 30 s worker timeout (a third of it). The time is
    printed and recorded; bench/api_http.py measures the same requests through gunicorn."""
    body = build()
    response, sent, seconds = _timed(client, endpoint, body)
    check_answer(response, sent)
    assert response.status_code == 200
    record_property("seconds", round(seconds, 3))
    with capsys.disabled():
        print(f"\n  [largest request] {label}: {seconds:.2f} s in process, "
              f"{len(sent):,} bytes in, {len(response.get_data()):,} bytes out")
    assert seconds < 10, f"{label} took {seconds:.1f} s"
