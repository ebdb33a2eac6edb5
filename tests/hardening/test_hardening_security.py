"""Security: no debug mode, no stack traces, no version banner from the real server, and exact
pins for every dependency (the headers on every answer: test_headers.py).
"""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from werkzeug.datastructures import Headers

from calculator import create_app
from hardening_support import TRACE_MARKERS, check_security_headers

ROOT = Path(__file__).resolve().parents[2]
BIG = 1024 * 1024 + 1


def _app_with_a_bug():
    """The app with one extra route that fails the way a bug would (before its first request,
    when Flask still accepts new routes)."""
    app = create_app()

    def boom():
        raise RuntimeError('secret detail File "/srv/app.py", line 1')

    app.add_url_rule("/__boom__", view_func=boom)
    app.add_url_rule("/api/v1/__boom__", view_func=boom, methods=["POST"])
    return app


@pytest.mark.parametrize("path, method, accept", [("/__boom__", "GET", "text/html"),
                                                  ("/__boom__", "GET", "application/json"),
                                                  ("/api/v1/__boom__", "POST", "*/*")])
def test_a_bug_answers_500_without_any_trace(path, method, accept):
    app = _app_with_a_bug()
    response = app.test_client().open(path, method=method, headers={"Accept": accept})
    assert response.status_code == 500
    body = response.get_data(as_text=True)
    assert "secret detail" not in body and "RuntimeError" not in body
    for marker in TRACE_MARKERS:
        assert marker not in body, marker
    check_security_headers(response.headers)
    if path.startswith("/api/"):
        assert response.mimetype == "application/problem+json"
        problem = response.get_json()
        assert problem["status"] == 500 and problem["errors"][0]["pointer"] == ""


def test_no_debug_under_create_app(app):
    assert app.debug is False
    assert app.config.get("DEBUG") in (False, None)
    assert app.testing is False
    assert not app.config.get("PROPAGATE_EXCEPTIONS")
    assert not app.config.get("EXPLAIN_TEMPLATE_LOADING")


@pytest.mark.parametrize("variable", ["FLASK_DEBUG", "GIN_DEBUG"])
def test_a_debug_variable_left_set_still_shows_no_trace(variable):
    """A stray debug variable in production: whatever app.debug becomes, a bug still answers
    a plain 500 (the error handler, not Werkzeug's debugger page)."""
    code = (
        "from calculator import create_app\n"
        "app = create_app()\n"
        "app.add_url_rule('/__boom__', view_func=lambda: 1 / 0)\n"
        "r = app.test_client().get('/__boom__')\n"
        "body = r.get_data(as_text=True)\n"
        "print(app.debug, r.status_code, 'Traceback' in body or 'ZeroDivision' in body)\n"
    )
    env = dict(os.environ, **{variable: "1"})
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    debug, status, leaked = out.stdout.split()
    assert status == "500" and leaked == "False", out.stdout + out.stderr


# --- the real server ------------------------------------------------------------------------

def _raw(server, data: bytes, timeout: float = 10.0) -> bytes:
    """Send raw bytes to the test server and read the whole answer."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as sock:
        try:
            sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


def _head(answer: bytes) -> tuple[int, Headers, bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = Headers()
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.add(name.strip(), value.strip())
    return status, headers, body


def test_real_server_sends_no_version_banner(gunicorn_server):
    """gunicorn 27.0.1 sends `Server: gunicorn`, without its version; nothing may add one."""
    for path in ("/healthz", "/api/v1/nope", "/openapi.yaml"):
        status, headers, _ = _head(_raw(gunicorn_server, f"GET {path} HTTP/1.1\r\nHost: t\r\n"
                                                         "Connection: close\r\n\r\n".encode()))
        assert headers.getlist("Server") == ["gunicorn"], headers.getlist("Server")
        assert "X-Powered-By" not in headers
        check_security_headers(headers)


def test_real_server_own_errors_escape_the_echo(gunicorn_server):
    """gunicorn answers malformed requests itself (no Flask, so none of the app's headers):
    its page escapes what it quotes and names no version."""
    answer = _raw(gunicorn_server, b"<SCRIPT> / HTTP/1.1\r\nHost: t\r\n\r\n")
    status, headers, body = _head(answer)
    assert status == 400
    assert b"<SCRIPT>" not in body
    assert not re.search(r"\d", headers.get("Server", ""))
    answer = _raw(gunicorn_server, b"GET /?" + b"a" * 9000 + b" HTTP/1.1\r\nHost: t\r\n\r\n")
    status, headers, body = _head(answer)
    assert status in (400, 414), answer[:200]


def test_real_server_refuses_a_big_declared_body_with_413(gunicorn_server):
    head = (b"POST /api/v1/analyze HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
            b"Content-Length: 2000000\r\nConnection: close\r\n\r\n")
    status, headers, body = _head(_raw(gunicorn_server, head + b"{" * 1000))
    assert status == 413, body[:300]
    assert headers.get("Content-Type", "").startswith("application/problem+json")


def test_real_server_refuses_a_big_chunked_body_with_413(gunicorn_server):
    """No Content-Length: the limit must hold while the body streams in."""
    chunk = b" " * 65536
    body = b"".join(b"%x\r\n" % len(chunk) + chunk + b"\r\n" for _ in range(20)) + b"0\r\n\r\n"
    head = (b"POST /api/v1/analyze HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
    status, _, answer = _head(_raw(gunicorn_server, head + body))
    assert status == 413, answer[:300]


def test_real_server_answers_after_the_hostile_requests(gunicorn_server):
    status, _, body = _head(_raw(gunicorn_server, b"GET /healthz HTTP/1.1\r\nHost: t\r\n"
                                                  b"Connection: close\r\n\r\n"))
    assert status == 200, body


# --- dependencies -----------------------------------------------------------------------------

def _requirements():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    found = [("build-system", r) for r in project["build-system"]["requires"]]
    found += [("dependencies", r) for r in project["project"]["dependencies"]]
    for extra, requirements in project["project"].get("optional-dependencies", {}).items():
        found += [(extra, r) for r in requirements]
    return found


@pytest.mark.parametrize("group, requirement", _requirements(), ids=lambda v: str(v))
def test_every_dependency_is_pinned_exactly(group, requirement):
    parsed = Requirement(requirement)
    specifiers = list(parsed.specifier)
    assert len(specifiers) == 1 and specifiers[0].operator == "==", requirement
    assert "*" not in specifiers[0].version, requirement
    assert parsed.url is None, requirement


# --- the pages obey their own Content-Security-Policy -------------------------------------------

HTML_PAGES = [("/", {}), ("/docs", {}), ("/nope", {"Accept": "text/html"}),
              ("/", {"Accept": "text/html"})]


@pytest.mark.parametrize("path, headers", HTML_PAGES, ids=[f"{p} {h}" for p, h in HTML_PAGES])
def test_pages_need_nothing_the_policy_forbids(client, path, headers):
    """script-src 'self' and style-src 'self' (no 'unsafe-inline'): an inline script, an event
    handler attribute, a style attribute or block, or a script from elsewhere would be blocked
    in the browser, so none may be on the page."""
    response = client.get(path, headers=headers)
    if response.mimetype != "text/html":
        pytest.skip(f"{path} answers {response.mimetype}")
    page = response.get_data(as_text=True)
    assert not re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", page), "inline script"
    assert not re.findall(r"<[^>]+\son[a-z]+\s*=", page, re.IGNORECASE), "event handler"
    assert not re.findall(r"<[^>]+\sstyle\s*=", page, re.IGNORECASE), "style attribute"
    assert "<style" not in page.lower(), "style block"
    assert "javascript:" not in page.lower()
    for tag in re.findall(r"<(?:script|link|img|iframe)\b[^>]*>", page, re.IGNORECASE):
        assert not re.search(r"(?:src|href)\s*=\s*[\"']?(?:https?:)?//", tag), tag
