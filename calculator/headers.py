"""Headers every answer carries: security headers, and CORS for other apps' front ends.

They are added where the WSGI answer starts, around the whole Flask app, so every answer gets
them (pages, API answers, error answers Flask makes itself) at the cost of one list extend:
werkzeug's `Headers` checks each value it is given, which cost more than a request's whole
analysis when the same constant headers were added to every response object.
"""
from __future__ import annotations

from typing import Callable, Iterable

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
PREFLIGHT_HEADERS = [
    ("Access-Control-Allow-Methods", "GET, POST, OPTIONS"),
    ("Access-Control-Allow-Headers", "Content-Type"),
    ("Access-Control-Max-Age", "86400"),
]


def install(app) -> None:
    """Wrap the app's WSGI callable; the CORS setting is read once, here."""
    app.wsgi_app = AnswerHeaders(app.wsgi_app, allowed_origins(app.config["CORS_ORIGINS"]))


class AnswerHeaders:
    """WSGI middleware adding the security headers to every answer and CORS to the API's."""

    def __init__(self, app: Callable, allowed: "str | frozenset[str]"):
        self.app, self.allowed = app, allowed
        self.security = list(SECURITY_HEADERS.items())
        # with any origin allowed, every API answer carries the same headers
        self.api_any_origin = self.security + [("Access-Control-Allow-Origin", "*")]

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        vary_by_origin = False
        if not environ.get("PATH_INFO", "").startswith("/api/"):
            extra = self.security
        elif self.allowed == "*" and not environ.get("HTTP_ORIGIN"):
            extra = self.api_any_origin  # the usual API call: nothing depends on the request
        else:
            extra = self.security + self._cors(environ)
            vary_by_origin = self.allowed != "*"  # the answer differs by origin: caches must know

        def start(status: str, headers: list, exc_info=None):
            if vary_by_origin:
                _add_vary(headers, "Origin")
            return start_response(status, headers + extra, exc_info)

        return self.app(environ, start)

    def _cors(self, environ: dict) -> list[tuple[str, str]]:
        """The API is for any origin by default (CORS_ORIGINS='*'); it sets no cookies, so no
        credentials are allowed. A configured list answers only origins in it. With '*' the
        grant is on every answer, so a shared cache never serves one without it."""
        origin = environ.get("HTTP_ORIGIN")
        grant = "*" if self.allowed == "*" else (origin if origin in self.allowed else None)
        if grant is None:
            return []
        found = [("Access-Control-Allow-Origin", grant)]
        if origin and environ.get("REQUEST_METHOD") == "OPTIONS":
            found.extend(PREFLIGHT_HEADERS)
        return found


def _add_vary(headers: list, name: str) -> None:
    """Add `name` to the answer's Vary header, merging with one already there."""
    for index, (key, value) in enumerate(headers):
        if key.lower() == "vary":
            if name.lower() not in (part.strip().lower() for part in value.split(",")):
                headers[index] = (key, f"{value}, {name}")
            return
    headers.append(("Vary", name))


def allowed_origins(setting) -> "str | frozenset[str]":
    """'*', or the exact origins allowed: a list, or one string of origins separated by commas
    or spaces (as an environment variable gives it). Never a substring match."""
    if setting == "*" or setting == ["*"]:
        return "*"
    if isinstance(setting, str):
        setting = setting.replace(",", " ").split()
    return frozenset(setting)
