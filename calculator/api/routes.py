"""The JSON API blueprint: one named view per endpoint (read the body, call the core, answer)."""
from __future__ import annotations

from flask import Blueprint, Response, current_app, request
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType

from .. import core
from ..core import PRESETS
from ..core.advice import advise
from ..core.errors import quoted
from ..core.game import play_ledger
from ..core.hands import read_hands, read_upcard
from ..core.knock import analyze_mask
from ..core.numbers import DIGITS
from ..core.rules import DEFAULT_RULES, OPTION_NOTES, PRESET_NOTES
from . import advice as advice_api
from . import answers, limits, schemas
from .encoding import decode_json, json_bytes

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def read_json_body():
    """The request body as JSON: 415 unless JSON, 400 when malformed, 413 when too large."""
    # each attribute read through a context proxy costs about as much as decoding the body
    # (callgrind: 8,000 instructions), so the request is fetched from its proxy once
    current = request._get_current_object()
    environ = current.environ
    # the media type is what comes before any parameter, compared without case
    mimetype = environ.get("CONTENT_TYPE", "").partition(";")[0].strip(" \t").lower()
    if mimetype != "application/json" and not mimetype.endswith("+json"):
        raise UnsupportedMediaType("send the body as JSON with Content-Type: application/json")
    coding = environ.get("HTTP_CONTENT_ENCODING", "").strip(" \t").lower()
    if coding not in ("", "identity"):  # a compressed body would be read as broken JSON
        raise UnsupportedMediaType(
            f"the body's Content-Encoding {quoted(coding)} is not read: send the JSON "
            f"uncompressed")
    limit = current_app._get_current_object().config["MAX_CONTENT_LENGTH"]
    length = environ.get("CONTENT_LENGTH", "")
    if DIGITS.fullmatch(length) and "HTTP_TRANSFER_ENCODING" not in environ:
        # the usual case, a declared length (a chunked body's length, if any, means nothing):
        # refused before reading, else read exactly
        if limit is not None and int(length) > limit:
            raise RequestEntityTooLarge(f"the body is longer than {limit:,} bytes")
        raw = environ["wsgi.input"].read(int(length))
        if len(raw) != int(length):
            raise BadRequest(f"the body ended after {len(raw)} of its {int(length)} bytes")
    else:
        # a chunked body has no length to check up front; werkzeug stops reading at the
        # request's limit, so one byte past ours is read to tell a body of exactly the limit
        # (allowed) from a longer one
        if limit is not None:
            current.max_content_length = limit + 1
        raw = current.get_data(cache=False)
        if limit is not None and len(raw) > limit:
            raise RequestEntityTooLarge(f"the body is longer than {limit:,} bytes")
    return decode_json(raw)


def json_response(data, status: int = 200) -> Response:
    return Response(json_bytes(data), status=status, content_type="application/json")


@bp.post("/analyze")
def analyze():
    """One hand's analysis: best melds, deadwood, knock, the discards and the outs."""
    body = schemas.read(schemas.AnalyzeRequest, read_json_body())
    result = core.analyze(body["hand"], schemas.rules_of(body), body["upcard"],
                          body["known"], body["outs"])
    return json_response(answers.analysis(result, ties=body["ties"]))


@bp.post("/analyze/batch")
def analyze_batch():
    """Many hands' analyses under one set of rules, in the order given."""
    body = schemas.read(schemas.BatchRequest, read_json_body())
    limit = schemas.rules_of(body).knock_limit_for(read_upcard(body["upcard"]))
    known = 0 if body["outs"] else None
    hands = read_hands(body["hands"], ("hands",))
    detail, analysis = body["detail"], answers.analysis
    return json_response({"results": [analysis(analyze_mask(mask, limit, known), detail)
                                      for mask in hands]})


@bp.post("/layoffs")
def layoffs():
    """The defender's best lay-offs and melds against the knocker's spread."""
    body = schemas.read(schemas.LayoffsRequest, read_json_body())
    result = core.layoffs(schemas.knocker_of(body["knocker"]), body["defender"]["hand"],
                          schemas.rules_of(body), body["upcard"])
    return json_response(answers.layoffs(result))


@bp.post("/score")
def score():
    """One hand's result: outcome, winner, points, and the spread that would score more."""
    body = schemas.read(schemas.ScoreRequest, read_json_body())
    schemas.check_score_body(body)
    rules = schemas.rules_of(body)
    if body.get("outcome") == "draw":
        return json_response(answers.score(core.score_hand(outcome="draw", rules=rules,
                                                           upcard=body["upcard"])))
    result = core.score_hand(schemas.knocker_of(body["knocker"]),
                             schemas.defender_of(body["defender"]), rules, body["upcard"])
    return json_response(answers.score(result))


@bp.post("/games")
def games():
    """The game sheet of a ledger of hands: totals, bonuses, winners."""
    body = schemas.read(schemas.GamesRequest, read_json_body())
    sheet = play_ledger(body["players"], schemas.ledger_entries(body["hands"]),
                        schemas.rules_of(body))
    return json_response(answers.sheet(sheet))


@bp.get("/rules")
def rules():
    """The presets, every rule option with its default and meaning, and the input limits."""
    return json_response({
        "presets": {name: dict(answers.rules(rules), notes=PRESET_NOTES[name])
                    for name, rules in PRESETS.items()},
        "options": {key: {"default": getattr(DEFAULT_RULES, key), "meaning": meaning}
                    for key, meaning in OPTION_NOTES.items()},
        "limits": limits.published() | {"max_body_bytes": current_app.config[
            "MAX_CONTENT_LENGTH"]},
    })


@bp.post("/advice")
def advice():
    """One position's advice: what to draw, what to discard, whether to knock, with odds."""
    body = advice_api.read(read_json_body())
    return json_response(advice_api.answer(advise(**advice_api.arguments(body))))
