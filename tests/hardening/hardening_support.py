"""Shared pieces of the hardening tests: valid bodies, hostile values, and the checks every
answer must pass (no 5xx, problem shape, pointers that resolve, no trace of the code).

pytest's default 'prepend' import mode puts this folder (no __init__.py) on sys.path, so the
tests import this module by its (unique) name.
"""
from __future__ import annotations

import json
import os
import re
from typing import Any

import orjson
from hypothesis import strategies as st

from calculator.core import tokenize

# The fuzz budget: sized for every `make test` (the whole folder in about a minute). A deeper
# run multiplies it: HARDENING_FUZZ_SCALE=20 .venv/bin/python -m pytest tests/hardening
FUZZ_SCALE = float(os.environ.get("HARDENING_FUZZ_SCALE", "1"))


def examples(count: int) -> int:
    return max(1, round(count * FUZZ_SCALE))


# --- valid bodies, one per POST endpoint -------------------------------------------------------

KNOCKER = "As 2s 3s 4h 5h 6h 7d 8d 9d Kc"          # three runs and Kc: deadwood 10
DEFENDER = "Ah 2h 3h 4s 5s 6s 7c 8c 9c Qd"         # disjoint from KNOCKER
ELEVEN = KNOCKER + " Qh"

VALID_BODIES: dict[str, dict] = {
    "/api/v1/analyze": {"hand": KNOCKER.split(), "rules": {"preset": "standard"},
                        "upcard": "Qh", "known": ["Jh"], "outs": True},
    "/api/v1/analyze/batch": {"hands": [KNOCKER, ELEVEN.split()], "rules": {"knock_limit": 10},
                              "outs": False},
    "/api/v1/layoffs": {"knocker": {"hand": KNOCKER}, "defender": {"hand": DEFENDER.split()},
                        "rules": {"preset": "classic"}},
    "/api/v1/score": {"knocker": {"melds": [["As", "2s", "3s"], ["4h", "5h", "6h"],
                                            ["7d", "8d", "9d"]], "deadwood_cards": ["Kc"]},
                      "defender": {"hand": DEFENDER}, "rules": {"gin_bonus": 25}},
    "/api/v1/games": {"players": ["Ann", "Bob"], "rules": {"target": 500},
                      "hands": [{"knocked_by": "Ann", "knocker": {"hand": KNOCKER},
                                 "defender": {"hand": DEFENDER}},
                                {"outcome": "draw"},
                                {"winner": "Bob", "points": 12},
                                {"knocked_by": "Bob", "knocker": {"deadwood": 3},
                                 "defender": {"deadwood": 20}}]},
    # a position after my draw, its pile in both notations, few samples so that a 200 is cheap
    "/api/v1/advice": {"hand": "As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd",
                       "discards": [{"card": "Jc", "by": "me"}, "9d"],
                       "opponent_took": ["Jh"], "opponent_passed": ["9d"],
                       "rules": {"preset": "standard"}, "scores": {"me": 10, "opponent": 40},
                       "samples": 20, "seed": 1},
}
POST_ENDPOINTS = list(VALID_BODIES)

# --- hostile values ------------------------------------------------------------------------

XSS = ['<script>alert("x")</script>', '"><img src=x onerror=alert(1)>',
       "</textarea><script>alert(1)</script>", "<svg/onload=alert(1)>"]
# Lone surrogates only exist as JSON escapes ("\ud800"): Python keeps them in a str, and a
# str holding one cannot be encoded to UTF-8 (the classic 500 of an echo).
LONE_SURROGATES = ["\ud800", "\udfff", "As\udc00", "\ud83c"]
RTL_AND_INVISIBLE = ["\u202e", "\u200f", "\u2066", "\u200b", "\ufeff", "\u0000", "\x7f"]
CARD_LIKE = ["As", "10♥", "♠A", "ace of spades", "🂡", "🂬", "1s", "Tx", "Zz", "", " ", "A",
             "queen of diamonds", "As As", "As,Kd;Qh"]
SPECIAL_STRINGS = (XSS + LONE_SURROGATES + RTL_AND_INVISIBLE + CARD_LIKE
                   + ['"', "\\", "~1/~0", "/", "{}", "[]", "null", "\u0130", "ß" * 50,
                      "x" * 41, "x" * 2001, "a\nb\tc\r"])
HUGE_INTS = [2**63, -2**63 - 1, 10**100, -10**100, 2**31, -1, 0, 10**4000]

json_text = st.one_of(st.text(max_size=30), st.sampled_from(SPECIAL_STRINGS),
                      st.lists(st.sampled_from(SPECIAL_STRINGS[:30]), max_size=8).map("".join),
                      st.lists(st.sampled_from(CARD_LIKE + LONE_SURROGATES + RTL_AND_INVISIBLE),
                               max_size=12).map(" ".join))
json_numbers = st.one_of(st.integers(), st.sampled_from(HUGE_INTS),
                         st.floats(allow_nan=False, allow_infinity=False),
                         st.sampled_from([1e308, -1e308, 5e-324, -0.0, 10.0, 0.5]))
json_scalars = st.one_of(st.none(), st.booleans(), json_numbers, json_text)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=6),
                            st.dictionaries(json_text, inner, max_size=6)),
    max_leaves=25,
)


def nested(depth: int, kind: str = "list", leaf: Any = "As") -> Any:
    value = leaf
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


def deep_json(depth: int, kind: str = "list") -> bytes:
    """Nesting as text, so it can go deeper than Python's json encoder would."""
    opener, closer = ("[", "]") if kind == "list" else ('{"a":', "}")
    return (opener * depth + '"As"' + closer * depth).encode()


def encode(body: Any, ascii_only: bool = True) -> bytes:
    """A body as JSON bytes; lone surrogates survive only as escapes (ascii_only)."""
    text = json.dumps(body, ensure_ascii=ascii_only)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(body).encode("ascii")


# --- mutations of valid bodies -----------------------------------------------------------------

def paths_of(value: Any, path: tuple = ()) -> list[tuple]:
    """Every path into a JSON value (the root excluded): keys of objects, indices of arrays."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.append(path + (key,))
            found.extend(paths_of(item, path + (key,)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.append(path + (index,))
            found.extend(paths_of(item, path + (index,)))
    return found


def copy_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def mutate(body: dict, path: tuple, how: str, replacement: Any) -> dict:
    """`body` with one field changed: replaced, deleted, or given an unknown sibling key."""
    body = copy_json(body)
    parent = body
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "replace":
        parent[last] = replacement
    elif how == "delete":
        del parent[last]
    elif how == "wrap":
        parent[last] = [parent[last]]
    elif how == "stringify":
        parent[last] = json.dumps(parent[last])
    elif how == "unknown_key":
        target = parent[last]
        if isinstance(target, dict):
            target[f"unknown_{replacement!s}"[:60]] = replacement
        else:
            parent[last] = {"unknown": replacement}
    return body


@st.composite
def mutated_bodies(draw, endpoint: str):
    body = VALID_BODIES[endpoint]
    path = draw(st.sampled_from(paths_of(body)))
    how = draw(st.sampled_from(["replace", "replace", "replace", "delete", "wrap",
                                "stringify", "unknown_key"]))
    return mutate(body, path, how, draw(json_values))


# --- the checks every answer must pass -------------------------------------------------------

TRACE_MARKERS = ("Traceback", 'File "', "site-packages", "/calculator/", ".py\", line")
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
}


def _no_constants(name):
    raise ValueError(f"{name} is not JSON")


def strict_json(data: bytes) -> Any:
    """Parse an answer as a strict client would: UTF-8, no NaN/Infinity, no raw controls."""
    return json.loads(data.decode("utf-8"), parse_constant=_no_constants)


def pointer_resolves(document: Any, pointer: str) -> bool:
    """True when `pointer` names something in the sent body: an existing member or element,
    a missing member of an object (a required key left out), or the n-th token of a hand
    written as one string (the design's `/hand/3` for `"As 2s 3s 4s"`)."""
    if pointer == "":
        return True
    if not pointer.startswith("/"):
        return False
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer[1:].split("/")]
    node = document
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if isinstance(node, dict):
            if part in node:
                node = node[part]
                continue
            return last
        if isinstance(node, list):
            if not re.fullmatch(r"0|[1-9][0-9]*", part) or int(part) >= len(node):
                return False
            node = node[int(part)]
            continue
        if isinstance(node, str) and last and re.fullmatch(r"0|[1-9][0-9]*", part):
            return int(part) < len(tokenize(node))
        return False
    return True


def sent_document(body: bytes | None) -> Any:
    """The body as the server would read it (orjson, then json for what orjson refuses), or a
    marker when it is not JSON. orjson reads nesting deeper than json's recursion allows."""
    try:
        return orjson.loads(body or b"")
    except orjson.JSONDecodeError:
        pass
    try:  # a whole number past int()'s 4,300 digits stands in as 0: only pointers resolve here
        return json.loads((body or b"").decode("utf-8"),
                          parse_int=lambda text: int(text) if len(text) < 4300 else 0)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return NOT_JSON


NOT_JSON = object()


def check_answer(response, sent: bytes | None = None, *, api: bool = True) -> Any:
    """Every answer: below 500, no trace of the code, security headers, well-formed JSON;
    errors as problem details whose pointers resolve in the body sent. Returns the JSON."""
    data = response.get_data()
    assert response.status_code < 500, (response.status_code, data[:500])
    for marker in TRACE_MARKERS:
        assert marker.encode() not in data, (marker, data[:500])
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value, (name, dict(response.headers))
    csp = response.headers.get("Content-Security-Policy", "")
    assert "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp, csp
    if not api:
        return None
    assert response.mimetype in ("application/json", "application/problem+json"), \
        response.mimetype
    answer = strict_json(data)
    if response.status_code >= 400:
        check_problem(answer, response, sent)
    return answer


def check_problem(problem: Any, response, sent: bytes | None) -> None:
    assert response.mimetype == "application/problem+json", response.mimetype
    assert isinstance(problem, dict), problem
    for key, kind in (("type", str), ("title", str), ("status", int), ("detail", str),
                      ("errors", list)):
        assert isinstance(problem.get(key), kind), (key, problem)
    assert problem["status"] == response.status_code, problem
    document = sent_document(sent)
    for error in problem["errors"]:
        assert isinstance(error, dict) and set(error) >= {"pointer", "detail"}, error
        assert isinstance(error["pointer"], str) and isinstance(error["detail"], str), error
        if document is NOT_JSON:
            assert error["pointer"] == "", (error, sent[:200] if sent else sent)
        else:
            assert pointer_resolves(document, error["pointer"]), (error, sent[:300])


def post(client, path: str, body: Any = None, *, raw: bytes | None = None,
         content_type: str = "application/json", **kwargs):
    """POST and return (response, the bytes sent)."""
    data = raw if raw is not None else encode(body)
    return client.post(path, data=data, content_type=content_type, **kwargs), data


def check_security_headers(headers) -> None:
    """The security headers every answer carries, with a policy that forbids inline code."""
    csp = headers.get("Content-Security-Policy", "")
    directives = {d.strip().split(" ")[0]: d.strip() for d in csp.split(";") if d.strip()}
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, csp
    assert directives.get("frame-ancestors") == "frame-ancestors 'none'", csp
    assert directives.get("object-src") == "object-src 'none'", csp
    assert "default-src" in directives and "*" not in csp, csp
    script = directives.get("script-src", directives["default-src"])
    assert "data:" not in script and "http:" not in script, csp
    assert headers.get("X-Content-Type-Options") == "nosniff", dict(headers)
