"""Broken bodies at every POST endpoint (the advice's included): truncated JSON, bytes that
are not UTF-8, an empty body, JSON that is not an object, and content types that are not JSON;
and the advice body with one field mutated.

400 for a body that is not readable JSON, 415 for a body that is not JSON at all, 422 for JSON
that is not an object; each a problem document whose pointer is "" (the body as a whole).
"""
from __future__ import annotations

import gzip
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardening_support import (VALID_BODIES, check_answer, encode, examples, json_values, mutate,
                               paths_of, post)

ADVICE = "/api/v1/advice"
BODIES = VALID_BODIES
ENDPOINTS = list(BODIES)

FUZZ = settings(max_examples=examples(60), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def _problem(response, sent, status):
    problem = check_answer(response, sent)
    assert response.status_code == status, (response.status_code, problem)
    return problem


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_every_truncation_is_400(client, endpoint):
    whole = encode(BODIES[endpoint])
    for cut in range(len(whole)):
        response, sent = post(client, endpoint, raw=whole[:cut])
        problem = _problem(response, sent, 400)
        assert [e["pointer"] for e in problem["errors"]] == [""], problem


BROKEN = {
    "empty": b"",
    "whitespace": b" \n\t ",
    "lone byte 0xff": b"\xff",
    "invalid continuation": b'{"hand": "\xc3\x28"}',
    "overlong slash": b'{"hand": "\xc0\xaf"}',
    "utf-8 encoded surrogate": b'{"hand": "\xed\xa0\x80"}',
    "truncated multibyte": b'{"hand": "\xe2\x99"}',
    "latin-1 text": '{"hand": "10♥ café"}'.encode("latin-1", "replace").replace(b"?", b"\xe9"),
    "utf-16": '{"hand": "As"}'.encode("utf-16"),
    "utf-32": '{"hand": "As"}'.encode("utf-32"),
    "byte order mark": b'\xef\xbb\xbf{"hand": "As"}',
    "gzip": gzip.compress(b'{"hand": "As"}'),
    "nul": b"\x00",
    "nul inside": b'{"hand"\x00: "As"}',
    "trailing garbage": b'{"hand": "As"} xyz',
    "two documents": b'{"hand": "As"}{"hand": "As"}',
    "single quotes": b"{'hand': 'As'}",
    "trailing comma": b'{"hand": "As",}',
    "comment": b'{"hand": "As" /* c */}',
    "unquoted key": b'{hand: "As"}',
    "bad escape": b'{"hand": "\\x41"}',
    "short unicode escape": b'{"hand": "\\u12"}',
    "raw control char": b'{"hand": "A\x01s"}',
    "unterminated string": b'{"hand": "As',
    "form encoded": b"hand=As+2s",
    "html": b"<html><script>alert(1)</script></html>",
}


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("name", BROKEN)
def test_unreadable_bodies_are_400(client, endpoint, name):
    response, sent = post(client, endpoint, raw=BROKEN[name])
    problem = _problem(response, sent, 400)
    assert [e["pointer"] for e in problem["errors"]] == [""], problem


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("text", ["null", "[]", "[{}]", '"hand"', "0", "-1.5", "true", "false",
                                  '["As", "2s"]', "1e999"])
def test_json_that_is_not_an_object_is_422(client, endpoint, text):
    response, sent = post(client, endpoint, raw=text.encode())
    problem = _problem(response, sent, 422)
    assert [e["pointer"] for e in problem["errors"]] == [""], problem


NOT_JSON_TYPES = ["text/plain", "text/html", "application/x-www-form-urlencoded",
                  "multipart/form-data; boundary=x", "application/xml", "application/jsonx",
                  "application/octet-stream", "json", "a/b/c;;;=", "", "text/json+xml"]


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("content_type", NOT_JSON_TYPES)
def test_content_types_that_are_not_json_are_415(client, endpoint, content_type):
    response, sent = post(client, endpoint, BODIES[endpoint], content_type=content_type)
    problem = _problem(response, sent, 415)
    assert [e["pointer"] for e in problem["errors"]] == [""], problem


def test_no_content_type_at_all_is_415(client):
    data = encode(BODIES["/api/v1/analyze"])
    response = client.post("/api/v1/analyze", data=data)
    _problem(response, data, 415)


@pytest.mark.parametrize("content_type", ["application/json", "APPLICATION/JSON",
                                          "application/json; charset=utf-8",
                                          "application/json;charset=latin-1",
                                          "application/problem+json", "application/vnd.x+json"])
def test_json_content_types_are_read(client, content_type):
    endpoint = "/api/v1/analyze"
    response, sent = post(client, endpoint, BODIES[endpoint], content_type=content_type)
    check_answer(response, sent)
    assert response.status_code == 200


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@FUZZ
@given(raw=st.one_of(st.binary(max_size=300),
                     st.text(max_size=100).map(lambda t: t.encode("utf-8", "surrogatepass"))),
       content_type=st.sampled_from(["application/json", "text/plain", "application/x+json"]))
def test_any_bytes(client, endpoint, raw, content_type):
    response, sent = post(client, endpoint, raw=raw, content_type=content_type)
    check_answer(response, sent)
    assert 400 <= response.status_code < 500


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@FUZZ
@given(cut=st.integers(min_value=1), junk=st.binary(min_size=1, max_size=20))
def test_valid_body_with_bytes_spliced_in(client, endpoint, cut, junk):
    whole = encode(BODIES[endpoint])
    cut %= len(whole)
    response, sent = post(client, endpoint, raw=whole[:cut] + junk + whole[cut:])
    check_answer(response, sent)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("method", ["GET", "PUT", "PATCH", "DELETE"])
def test_other_methods_are_405_with_allow(client, endpoint, method):
    response = client.open(endpoint, method=method, data=b"{}",
                           content_type="application/json")
    problem = _problem(response, b"", 405)
    assert "POST" in response.headers.get("Allow", ""), dict(response.headers)
    assert problem["errors"][0]["pointer"] == ""


@pytest.mark.parametrize("path", ["/api/v1/nope", "/api/v2/analyze", "/api/v1/analyze/",
                                  "/api/v1/analyze/batch/x", "/api/v1/%3Cscript%3E",
                                  "/api/v1/" + "a" * 3000])
def test_unknown_api_paths_are_404_problems(client, path):
    response = client.post(path, json={}, headers={"Accept": "text/html"})
    problem = _problem(response, b"", 404)
    assert problem["errors"][0]["pointer"] == ""


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_api_answers_problem_json_even_to_browsers(client, endpoint):
    response = client.post(endpoint, data=b"{", content_type="application/json",
                           headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    _problem(response, b"{", 400)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_duplicate_keys_and_query_strings_do_not_confuse(client, endpoint):
    body = BODIES[endpoint]
    key = next(iter(body))
    raw = b'{"' + key.encode() + b'": null, ' + json.dumps(body)[1:].encode()
    response = client.post(endpoint + "?debug=1&__debug__=1&" + key + "=x", data=raw,
                           content_type="application/json")
    check_answer(response, raw)
    assert response.status_code == 200


@FUZZ
@given(data=st.data())
def test_the_advice_body_with_one_field_mutated(client, data):
    """Every answer to a changed position is a 200 or a problem whose pointers resolve."""
    body = BODIES[ADVICE]
    path = data.draw(st.sampled_from(paths_of(body)))
    how = data.draw(st.sampled_from(["replace", "replace", "replace", "delete", "wrap",
                                     "stringify", "unknown_key"]))
    response, sent = post(client, ADVICE, mutate(body, path, how, data.draw(json_values)))
    check_answer(response, sent)
