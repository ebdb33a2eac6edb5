"""How the API reads a request body at the WSGI level: the declared length, a chunked body
(whose Content-Length, if any, means nothing), a body that stops short, the media type; and
how the body is decoded (orjson, then json for what orjson refuses)."""
from __future__ import annotations

import io
import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from werkzeug.exceptions import BadRequest
from werkzeug.test import run_wsgi_app

from calculator import create_app
from calculator.api.routes import decode_json

HAND = {"hand": "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"}


@pytest.fixture(scope="module")
def app():
    return create_app()


def call(app, body: bytes, **environ_extra):
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/api/v1/analyze", "SERVER_NAME": "t",
               "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "http",
               "wsgi.input": io.BytesIO(body), "wsgi.errors": io.StringIO(),
               "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(body))}
    environ.update(environ_extra)
    app_iter, status, headers = run_wsgi_app(app, environ)
    return int(status.split()[0]), headers, b"".join(app_iter)


def test_a_declared_length_is_read_exactly(app):
    body = json.dumps(HAND).encode()
    status, _, answer = call(app, body + b"trailing bytes of the next request",
                             CONTENT_LENGTH=str(len(body)))
    assert status == 200 and json.loads(answer)["deadwood"] == 5


@pytest.mark.parametrize("length", ["²", "٣", "５", " 60", "1_0", "+60"])
def test_a_length_that_is_not_ascii_digits_is_never_read_by_int(app, length):
    """Such a Content-Length declares nothing: the body is read as werkzeug reads it (here,
    none), never by `int()`, which takes "٣" and "1_0" and raises on "²"."""
    status, headers, answer = call(app, json.dumps(HAND).encode(), CONTENT_LENGTH=length)
    assert status == 400 and headers["Content-Type"] == "application/problem+json", answer


def test_a_body_that_stops_before_its_declared_length_is_a_400(app):
    body = json.dumps(HAND).encode()
    status, headers, answer = call(app, body, CONTENT_LENGTH=str(len(body) + 40))
    assert status == 400 and headers["Content-Type"] == "application/problem+json"
    assert f"ended after {len(body)} of its {len(body) + 40} bytes" in json.loads(answer)["detail"]


def test_a_chunked_body_is_read_whole_whatever_content_length_says(app):
    """RFC 9112 6.1: Transfer-Encoding wins; the server hands the decoded body over."""
    body = json.dumps(HAND).encode()
    status, _, answer = call(app, body, CONTENT_LENGTH="20", HTTP_TRANSFER_ENCODING="chunked",
                             **{"wsgi.input_terminated": True})
    assert status == 200, answer
    assert json.loads(answer)["deadwood"] == 5


@pytest.mark.parametrize("coding, status", [("gzip", 415), ("deflate", 415), ("br", 415),
                                            ("identity", 200), (" Identity ", 200)])
def test_a_body_with_a_content_coding_is_refused_not_misread(app, coding, status):
    """RFC 9110 15.5.16: a content coding the server does not decode is a 415, which names
    it and answers Accept-Encoding: identity (a gzip body read as JSON was a 400 about
    UTF-8; plain JSON labelled gzip was read as if unlabelled)."""
    got, headers, answer = call(app, json.dumps(HAND).encode(), HTTP_CONTENT_ENCODING=coding)
    assert got == status, answer
    if status == 415:
        assert f"Content-Encoding '{coding}'" in json.loads(answer)["detail"]
        assert dict(headers)["Accept-Encoding"] == "identity"


@pytest.mark.parametrize("digits", [41, 4300, 4301, 100_000])
def test_a_number_too_long_to_quote_is_refused_at_its_field_without_being_converted(app,
                                                                                   digits):
    """More than 40 digits (past Python's 4,300 a 400 naming no field, and at 4,300 a
    message quoting them all) is read as 10^40, out of every range: a 422 at its pointer."""
    for sign in ("", "-"):
        body = b'{"hand": "As 2s 3s 7c 7h 7d Tc Jc Qc 5h", "rules": {"knock_limit": %s%s}}' % (
            sign.encode(), b"9" * digits)
        status, _, answer = call(app, body)
        problem = json.loads(answer)
        assert status == 422 and len(answer) < 400, answer[:300]
        assert problem["errors"][0]["pointer"] == "/rules/knock_limit"
        assert "a number of more than 40 digits" in problem["detail"]


@pytest.mark.parametrize("extra, status", [(-1, 200), (0, 200), (1, 413), (100, 413)])
def test_a_chunked_body_of_exactly_the_limit_is_read_and_one_byte_more_is_a_413(app, extra,
                                                                                 status):
    """The limit is on what is sent, chunked or not: 413 only above it (werkzeug stops
    reading a chunked body at the request's limit, which alone cannot tell the two apart)."""
    limit = app.config["MAX_CONTENT_LENGTH"]
    text = json.dumps(HAND)
    body = (text[:-1] + " " * (limit + extra - len(text)) + "}").encode()
    assert len(body) == limit + extra
    got, _, answer = call(app, body, HTTP_TRANSFER_ENCODING="chunked",
                          **{"wsgi.input_terminated": True})
    assert got == status, answer[:200]
    assert call(app, body)[0] == status  # the same with its length declared


@pytest.mark.parametrize("content_type, status", [
    ("application/json", 200), ("Application/JSON; charset=utf-8", 200),
    (" application/json\t", 200), ("application/problem+json", 200),
    ("application/json\x0b", 415), ("text/plain", 415), ("", 415),
])
def test_the_media_type_is_compared_without_case_or_parameters(app, content_type, status):
    assert call(app, json.dumps(HAND).encode(), CONTENT_TYPE=content_type)[0] == status


# --- decoding: orjson first, json for what orjson refuses ---------------------------------------

JSON_VALUES = st.recursive(
    # whole numbers of up to 40 digits (longer ones are read as a stand-in: below)
    st.none() | st.booleans() | st.integers(-10 ** 40 + 1, 10 ** 40 - 1)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30)


@given(JSON_VALUES, st.booleans())
def test_a_body_decodes_to_the_value_json_reads(value, ascii_only):
    raw = json.dumps(value, ensure_ascii=ascii_only).encode("utf-8")
    assert decode_json(raw) == json.loads(raw.decode("utf-8"))


@pytest.mark.parametrize("raw", [b'{"x": NaN}', b'{"x": -Infinity}', b'{"x": "\\ud800"}',
                                 b'{"x": 123456789012345678901234567890}', b'{"x": 1e400}',
                                 b'{"x": -9223372036854775809}', b'{"x": 18446744073709551616}',
                                 b'{"x": 9223372036854775807}', b'{"x": 0.1234567890123456789}',
                                 b'[' * 1500 + b']' * 1500])
def test_what_orjson_refuses_is_read_as_json_reads_it(raw):
    try:
        expected = json.loads(raw.decode("utf-8"))
    except RecursionError:
        with pytest.raises(BadRequest):
            decode_json(raw)
        return
    decoded = decode_json(raw)
    assert json.dumps(decoded) == json.dumps(expected)  # NaN compares unequal to itself


@pytest.mark.parametrize("raw, message", [
    (b'{"x": 1', "malformed JSON: Expecting ',' delimiter at line 1 column 8"),
    (b'\xff{}', "not valid UTF-8 (byte 0)"),
    (b'\xef\xbb\xbf{}', "malformed JSON"),
    # json's message ends in "at": said once ("starting at at line 1" before)
    (b'{"hand":"As', "malformed JSON: Unterminated string starting at line 1 column 9"),
])
def test_a_body_that_is_not_json_is_a_400_with_json_s_message(raw, message):
    with pytest.raises(BadRequest, match=re.escape(message)):
        decode_json(raw)


def test_a_body_past_the_limit_is_told_the_limit(app):
    limit = app.config["MAX_CONTENT_LENGTH"]
    status, _, answer = call(app, b" " * (limit + 1))
    assert status == 413
    assert json.loads(answer)["detail"] == f"the body is longer than {limit:,} bytes"
