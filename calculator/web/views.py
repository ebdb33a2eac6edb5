"""The scorekeeper's page blueprint: GET / shows a sheet from its link, POST / runs one action
(see `page`). Error pages for browsers live here too."""
from __future__ import annotations

from flask import Blueprint, Response, request
from werkzeug.exceptions import HTTPException

from ..api.errors import from_http_exception
from . import page

bp = Blueprint("web", __name__)


@bp.get("/")
def index():
    return page.show(request.args)


@bp.post("/")
def submit():
    return page.submit(request.form)


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
