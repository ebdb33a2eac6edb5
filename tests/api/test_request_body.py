"""How the API reads a request body at the WSGI level: the declared length, a chunked body
(whose Content-Length, if any, means nothing), a body that stops short, the media type."""
from __future__ import annotations

import io
import json

import pytest
from werkzeug.test import run_wsgi_app

from calculator import create_app

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


@pytest.mark.parametrize("content_type, status", [
    ("application/json", 200), ("Application/JSON; charset=utf-8", 200),
    (" application/json\t", 200), ("application/problem+json", 200),
    ("application/json\x0b", 415), ("text/plain", 415), ("", 415),
])
def test_the_media_type_is_compared_without_case_or_parameters(app, content_type, status):
    assert call(app, json.dumps(HAND).encode(), CONTENT_TYPE=content_type)[0] == status
