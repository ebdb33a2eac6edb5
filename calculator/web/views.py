"""The scorekeeper's page blueprint."""
from __future__ import annotations

from flask import Blueprint, Response, request
from werkzeug.exceptions import HTTPException

from ..api.errors import from_http_exception

bp = Blueprint("web", __name__)


def wants_html() -> bool:
    """Pages answer errors in HTML to browsers; the API always answers problem JSON."""
    if request.path.startswith("/api/"):
        return False
    best = request.accept_mimetypes.best_match(["application/json", "text/html"])
    return best == "text/html" and request.accept_mimetypes[best] > 0


def html_error(error: HTTPException) -> Response:
    from flask import render_template

    try:
        body = render_template("error.html", error=error)
    except Exception:  # the error page must never fail; fall back to problem JSON
        return from_http_exception(error)
    return Response(body, status=error.code or 500, mimetype="text/html")
