"""The headers of every answer, tested in one place: the security headers on every kind of
answer (errors included), and CORS for other apps' front ends (any origin by default, or an
exact allow-list, with Vary: Origin, never credentials)."""
from __future__ import annotations

from pathlib import Path

import pytest

from calculator import create_app
from calculator.headers import SECURITY_HEADERS
from hardening_support import TRACE_MARKERS, VALID_BODIES, check_security_headers

ROOT = Path(__file__).resolve().parents[2]
BIG = 1024 * 1024 + 1
HAND = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"


def _static_file() -> str | None:
    static = ROOT / "static"
    files = sorted(p.name for p in static.glob("*") if p.is_file()) if static.is_dir() else []
    return f"/static/{files[0]}" if files else None


# (label, method, path, kwargs): every kind of answer the app gives
REQUESTS = [
    ("healthz", "GET", "/healthz", {}),
    ("healthz HEAD", "HEAD", "/healthz", {}),
    ("spec", "GET", "/openapi.yaml", {}),
    ("docs", "GET", "/docs", {}),
    ("page", "GET", "/", {"headers": {"Accept": "text/html"}}),
    ("rules", "GET", "/api/v1/rules", {}),
    ("analyze 200", "POST", "/api/v1/analyze", {"json": VALID_BODIES["/api/v1/analyze"]}),
    ("analyze 422", "POST", "/api/v1/analyze", {"json": {"hand": "Zz"}}),
    ("analyze 400", "POST", "/api/v1/analyze", {"data": b"{", "content_type":
                                                "application/json"}),
    ("analyze 415", "POST", "/api/v1/analyze", {"data": b"{}", "content_type": "text/plain"}),
    ("analyze 413", "POST", "/api/v1/analyze", {"data": b" " * BIG, "content_type":
                                                "application/json"}),
    ("analyze 405", "GET", "/api/v1/analyze", {}),
    ("api 404", "GET", "/api/v1/nope", {}),
    ("page 404 html", "GET", "/nope", {"headers": {"Accept": "text/html"}}),
    ("page 404 json", "GET", "/nope", {"headers": {"Accept": "application/json"}}),
    ("page 405", "DELETE", "/", {"headers": {"Accept": "text/html"}}),
    ("CORS preflight", "OPTIONS", "/api/v1/analyze", {"headers": {
        "Origin": "https://example.org", "Access-Control-Request-Method": "POST"}}),
    ("CORS post", "POST", "/api/v1/score", {"json": VALID_BODIES["/api/v1/score"],
                                            "headers": {"Origin": "https://example.org"}}),
    ("static", "GET", _static_file() or "/static/missing.css", {}),
]


@pytest.mark.parametrize("label, method, path, kwargs", REQUESTS, ids=[r[0] for r in REQUESTS])
def test_security_headers_on_every_answer(client, label, method, path, kwargs):
    response = client.open(path, method=method, **kwargs)
    assert response.status_code < 500, (label, response.status_code)
    check_security_headers(response.headers)
    body = response.get_data()
    for marker in TRACE_MARKERS:
        assert marker.encode() not in body, (label, marker)


def test_cors_never_allows_credentials(client):
    response = client.open("/api/v1/analyze", method="OPTIONS", headers={
        "Origin": "https://evil.example", "Access-Control-Request-Method": "POST"})
    assert response.headers.get("Access-Control-Allow-Credentials") is None
    assert "Set-Cookie" not in response.headers


@pytest.mark.parametrize("configured", ["https://app.example.com", ["https://app.example.com"],
                                        "https://app.example.com,https://b.example"],
                         ids=["string", "list", "comma string"])
@pytest.mark.parametrize("origin", ["https://app.example.co", "https://app.ex", "h", "",
                                    "https://app.example.com.evil.example", "null"])
def test_a_cors_allow_list_matches_origins_exactly(configured, origin):
    """GIN_CORS_ORIGINS=https://app.example.com (how an environment variable naturally holds
    it) must allow that origin only, not every substring of it."""
    client = create_app({"CORS_ORIGINS": configured}).test_client()
    response = client.post("/api/v1/score", json={"outcome": "draw"},
                           headers={"Origin": origin})
    assert response.status_code == 200
    assert response.headers.get("Access-Control-Allow-Origin") is None, (configured, origin)
    allowed = client.post("/api/v1/score", json={"outcome": "draw"},
                          headers={"Origin": "https://app.example.com"})
    assert allowed.headers.get("Access-Control-Allow-Origin") == "https://app.example.com"



# --- CORS and security headers -------------------------------------------------------------------

def test_cors_any_origin_by_default(client):
    answer = client.post("/api/v1/score", json={"outcome": "draw"},
                         headers={"Origin": "https://app.example"})
    assert answer.headers["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Credentials" not in answer.headers


def test_cors_on_errors_too(client):
    answer = client.post("/api/v1/analyze", json={"hand": "x"},
                         headers={"Origin": "https://app.example"})
    assert answer.status_code == 422
    assert answer.headers["Access-Control-Allow-Origin"] == "*"


def test_any_origin_is_allowed_on_every_api_answer_even_without_origin(client):
    # the same header with or without Origin, so a shared cache cannot serve one without it
    answer = client.post("/api/v1/score", json={"outcome": "draw"})
    assert answer.headers["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Origin" not in client.get("/").headers


def test_cors_preflight(client):
    answer = client.options("/api/v1/analyze", headers={
        "Origin": "https://app.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Content-Type"})
    assert answer.status_code == 200
    assert answer.headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in answer.headers["Access-Control-Allow-Methods"]
    assert "Content-Type" in answer.headers["Access-Control-Allow-Headers"]
    assert int(answer.headers["Access-Control-Max-Age"]) > 0


@pytest.mark.parametrize("origin, allowed", [
    ("https://a.example", True),
    ("https://b.example", False),
    ("https://a.example.evil.example", False),
])
def test_cors_configured_origins(origin, allowed):
    client = create_app({"CORS_ORIGINS": ["https://a.example"]}).test_client()
    for answer in (client.post("/api/v1/score", json={"outcome": "draw"},
                               headers={"Origin": origin}),
                   client.options("/api/v1/score", headers={
                       "Origin": origin, "Access-Control-Request-Method": "POST"})):
        if allowed:
            assert answer.headers["Access-Control-Allow-Origin"] == origin
            assert "Origin" in answer.headers["Vary"]
        else:
            assert "Access-Control-Allow-Origin" not in answer.headers
            assert "Access-Control-Allow-Methods" not in answer.headers


TWO_ORIGINS = "https://a.example, https://b.example"  # as an environment variable gives it


@pytest.mark.parametrize("origin, allowed", [
    ("https://a.example", True),
    ("https://b.example", True),
    ("https://c.example", False),
    ("https://a.example.evil.example", False),
    ("https://evil.example/https://a.example", False),
    ("https://a.example,", False),
    ("https://a.example, https://b.example", False),
    ("https://a.example/", False),
    ("http://a.example", False),
    ("a.example", False),
])
def test_cors_origins_from_one_string_match_exactly(origin, allowed):
    client = create_app({"CORS_ORIGINS": TWO_ORIGINS}).test_client()
    for answer in (client.post("/api/v1/score", json={"outcome": "draw"},
                               headers={"Origin": origin}),
                   client.options("/api/v1/score", headers={
                       "Origin": origin, "Access-Control-Request-Method": "POST"})):
        assert "Origin" in answer.vary
        if allowed:
            assert answer.headers["Access-Control-Allow-Origin"] == origin
        else:
            assert "Access-Control-Allow-Origin" not in answer.headers
            assert "Access-Control-Allow-Methods" not in answer.headers


def test_cors_origins_from_the_environment(monkeypatch):
    monkeypatch.setenv("GIN_CORS_ORIGINS", TWO_ORIGINS)
    client = create_app().test_client()
    for origin, allowed in (("https://b.example", True), ("https://c.example", False)):
        answer = client.post("/api/v1/score", json={"outcome": "draw"},
                             headers={"Origin": origin})
        assert (answer.headers.get("Access-Control-Allow-Origin") == origin) is allowed
        assert "Origin" in answer.vary


@pytest.mark.parametrize("setting", [["https://a.example"], TWO_ORIGINS], ids=["list", "string"])
@pytest.mark.parametrize("method, path, body, status", [
    ("post", "/api/v1/score", {"outcome": "draw"}, 200),
    ("post", "/api/v1/analyze", {"hand": "x"}, 422),
    ("get", "/api/v1/rules", None, 200),
    ("get", "/api/v1/analyze", None, 405),
    ("get", "/api/v1/nope", None, 404),
    ("options", "/api/v1/analyze", None, 200),
])
@pytest.mark.parametrize("origin", [None, "https://a.example", "https://c.example"])
def test_vary_origin_on_every_api_answer_when_origins_are_listed(setting, method, path, body,
                                                                 status, origin):
    client = create_app({"CORS_ORIGINS": setting}).test_client()
    answer = client.open(path, method=method.upper(), json=body,
                         headers={"Origin": origin} if origin else {})
    assert answer.status_code == status
    assert "Origin" in answer.vary


def test_no_vary_origin_outside_the_api():
    client = create_app({"CORS_ORIGINS": TWO_ORIGINS}).test_client()
    answer = client.get("/healthz", headers={"Origin": "https://a.example"})
    assert "Origin" not in answer.vary
    assert "Access-Control-Allow-Origin" not in answer.headers


@pytest.mark.parametrize("method, path, body", [
    ("post", "/api/v1/analyze", {"hand": HAND}),
    ("post", "/api/v1/analyze", {"hand": "x"}),
    ("post", "/api/v1/score", {"outcome": "draw"}),
    ("get", "/api/v1/rules", None),
    ("get", "/api/v1/nope", None),
    ("get", "/api/v1/analyze", None),
    ("get", "/healthz", None),
    ("get", "/openapi.yaml", None),
    ("get", "/docs", None),
])
def test_security_headers(client, method, path, body):
    answer = client.open(path, method=method.upper(), json=body)
    for key, value in SECURITY_HEADERS.items():
        assert answer.headers[key] == value
    csp = answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert "Set-Cookie" not in answer.headers
