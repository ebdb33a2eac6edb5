"""Headers every answer carries: security headers, and CORS for other apps' front ends."""
from __future__ import annotations

from flask import Flask, Response, current_app, request

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}

_SECURITY_HEADER_LIST = list(SECURITY_HEADERS.items())


def install(app: Flask) -> None:
    app.after_request(_add_headers)


def _add_headers(response: Response) -> Response:
    # No view sets these itself, so they are added outright: werkzeug's Headers.setdefault
    # raises and catches an exception for each missing key, which costs more than a request's
    # whole analysis.
    response.headers.extend(_SECURITY_HEADER_LIST)
    if request.path.startswith("/api/"):
        _add_cors(response)
    return response


def _add_cors(response: Response) -> None:
    """The API is for any origin by default (CORS_ORIGINS='*'); it sets no cookies, so no
    credentials are allowed. A configured list answers only origins in it."""
    allowed = allowed_origins(current_app.config["CORS_ORIGINS"])
    origin = request.environ.get("HTTP_ORIGIN")  # a plain look-up: no KeyError raised inside
    if allowed == "*":
        grant = "*"  # on every answer, so a shared cache can never serve one without it
    else:
        response.vary.add("Origin")  # the answer differs by origin: caches must know
        grant = origin if origin in allowed else None
    if grant is None:
        return
    response.headers["Access-Control-Allow-Origin"] = grant
    if origin and request.method == "OPTIONS":
        response.headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
        response.headers["Access-Control-Allow-Headers"] = "Content-Type"
        response.headers["Access-Control-Max-Age"] = "86400"


def allowed_origins(setting) -> "str | frozenset[str]":
    """'*', or the exact origins allowed: a list, or one string of origins separated by commas
    or spaces (as an environment variable gives it). Never a substring match."""
    if setting == "*" or setting == ["*"]:
        return "*"
    if isinstance(setting, str):
        setting = setting.replace(",", " ").split()
    return frozenset(setting)
