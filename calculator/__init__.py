"""Gin Rummy calculator: the application factory (wiring only).

Flask and marshmallow are imported inside the factory, so `import calculator.core` (the pure
engine, used as a library) does not load the web stack.
"""
from __future__ import annotations

import logging

# The package itself imports nothing of the engine or the web stack: `python -m
# calculator.alive`, the liveness probe, loads only what it uses (the engine's import is
# 0.3 s of the probe's 3 s timeout).
DEFAULTS = {
    "MAX_CONTENT_LENGTH": 1024 * 1024,  # = api.limits.MAX_BODY_BYTES (a test keeps them equal)
    "CORS_ORIGINS": "*",
    "JSON_SORT_KEYS": False,
}


def create_app(config: dict | None = None):
    from flask import Flask
    from marshmallow import ValidationError
    from werkzeug.exceptions import HTTPException

    from . import headers, logs
    from .api import errors
    from .api.docs import bp as docs_bp
    from .api.routes import bp as api_bp
    from .assets import asset_path
    from .core import CalculatorError
    from .web.views import bp as web_bp

    app = Flask(__name__, template_folder=asset_path("templates"),
                static_folder=asset_path("static"))
    app.config.update(DEFAULTS)
    app.config.from_prefixed_env("GIN")
    app.config.update(config or {})
    # Debug mode shows tracebacks: only an explicit config may turn it on, never the
    # environment of a production server.
    app.debug = bool((config or {}).get("DEBUG", False))
    # "/api/v1//rules" is no route: a 404 problem, not a redirect to "/api/v1/rules" as an
    # HTML page (werkzeug merges slashes by default)
    app.url_map.merge_slashes = False

    app.register_blueprint(api_bp)
    app.register_blueprint(docs_bp)
    app.register_blueprint(web_bp)
    headers.install(app)
    logs.install(logging.getLogger("calculator"))

    app.register_error_handler(CalculatorError, errors.from_calculator_error)
    app.register_error_handler(ValidationError, errors.from_validation_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected)
    return app


def _http_error(error):
    from .api.errors import explained, from_http_exception
    from .web.views import html_error, wants_html

    error = explained(error)
    return html_error(error) if wants_html() else from_http_exception(error)


def _unexpected(error: Exception):
    """A bug, not the client's fault: log it, answer 500 without any trace of the code."""
    from werkzeug.exceptions import InternalServerError

    from flask import request

    # the method and path (not the query, which may hold players' names) tie it to a request
    logging.getLogger("calculator").exception("unexpected error on %s %s", request.method,
                                              request.path)
    return _http_error(InternalServerError("an unexpected error; it has been logged"))
