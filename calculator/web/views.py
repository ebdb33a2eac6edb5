"""The scorekeeper's page blueprint: GET / shows a sheet from its link, POST / runs one action
(see `page`), the night's export and import. Error pages for browsers live here too."""
from __future__ import annotations

from flask import Blueprint, Response, request
from werkzeug.exceptions import BadRequest, HTTPException

from ..core import CalculatorError

from ..api.errors import from_http_exception
from . import advice, evening, page, play, sharing
from .isolate import isolate_quoted
from .sheet import view

bp = Blueprint("web", __name__)
advice.register(bp)  # the "What should I do?" page: GET and POST /advice
bp.add_app_template_filter(isolate_quoted)  # messages quoting user text (_macros.html)


@bp.get("/")
def index():
    return page.show(request.args)


@bp.post("/")
def submit():
    return page.submit(request.form)


@bp.route("/evening.<any(csv, json):kind>", methods=["GET", "POST"])
def export(kind: str):
    """The night of the sheet in `g`, as a CSV or JSON file to keep: from its link, or posted
    by the page of a sheet too long for a link."""
    sent = request.form if request.method == "POST" else request.args
    ledger, sheet = _sheet_of(sent.get("g", ""))
    body = evening.to_csv(ledger, sheet) if kind == "csv" else evening.to_json(ledger, sheet)
    mimetype = "text/csv" if kind == "csv" else "application/json"
    return Response(body, mimetype=mimetype, headers={
        **page.NO_STORE, "Content-Disposition": f'attachment; filename="gin-evening.{kind}"'})


@bp.post("/evening")
def import_evening():
    """An exported evening's JSON read back in: a file, or its text pasted."""
    upload = request.files.get("evening")
    raw = upload.read(evening.MAX_IMPORT_BYTES + 1) if upload else \
        request.form.get("evening_text", "")
    sheet = request.form.get("g", "")            # the sheet open when it was read in, if any
    if not raw.strip():
        return page.import_failed(sheet, "No file was chosen: choose the evening's JSON file "
                                         "(the one Export JSON saved), then Read it in.")
    try:
        ledger = evening.from_json(raw)
        play.play(ledger)
    except (sharing.ShareError, play.FormSlip, CalculatorError) as error:
        return page.import_failed(sheet, f"That evening could not be read: "
                                         f"{page.unreadable(error)}")
    return page.finish(ledger, "import", undo=page.sheet_token(sheet))


def _sheet_of(token: str):
    try:
        ledger = sharing.decode(token)
        return ledger, view(play.play(ledger), ledger)
    except (sharing.ShareError, play.FormSlip, CalculatorError) as error:
        raise BadRequest(f"This game sheet could not be opened: {page.unreadable(error)}") \
            from None


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
