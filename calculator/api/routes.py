"""The JSON API blueprint: thin views over `service` (load, call the core, dump)."""
from __future__ import annotations

import json

import orjson
from flask import Blueprint, Response, current_app, request
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType

from ..core import PRESETS
from ..core.rules import OPTION_NOTES, PRESET_NOTES
from . import limits, service
from .dumping import json_bytes
from .schemas import dump_rules

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def read_json_body():
    """The request body as JSON: 415 unless JSON, 400 when malformed, 413 when too large."""
    # each attribute read through a context proxy costs about as much as decoding the body
    # (callgrind: 8,000 instructions), so the request is fetched from its proxy once
    environ = request._get_current_object().environ
    # the media type is what comes before any parameter, compared without case
    mimetype = environ.get("CONTENT_TYPE", "").partition(";")[0].strip(" \t").lower()
    if mimetype != "application/json" and not mimetype.endswith("+json"):
        raise UnsupportedMediaType("send the body as JSON with Content-Type: application/json")
    limit = current_app._get_current_object().config["MAX_CONTENT_LENGTH"]
    length = environ.get("CONTENT_LENGTH", "")
    if length.isdigit() and length.isascii() and "HTTP_TRANSFER_ENCODING" not in environ:
        # the usual case, a declared length (a chunked body's length, if any, means nothing):
        # refused before reading, else read exactly
        if limit is not None and int(length) > limit:
            raise RequestEntityTooLarge()
        raw = environ["wsgi.input"].read(int(length))
        if len(raw) != int(length):
            raise BadRequest(f"the body ended after {len(raw)} of its {int(length)} bytes")
    else:
        raw = request.get_data(cache=False)
        if limit is not None and len(raw) >= limit:
            # a chunked body has no length to check up front; werkzeug stops reading at the limit
            raise RequestEntityTooLarge()
    return decode_json(raw)


# 18 digits in a row always fit in 64 bits. Found by mapping every digit to 0 and looking for
# nineteen 0s: two passes at C speed over the body (a regular expression costs ten times more)
_DIGITS_AS_ZEROS = bytes(48 if 48 <= byte <= 57 else 32 for byte in range(256))
_NINETEEN_DIGITS = b"0" * 19


def decode_json(raw: bytes):
    """A body's JSON value, as `json.loads` reads it; 400 when it is not JSON.

    orjson reads it first, a few times faster. What orjson refuses goes to json, for json's
    messages and for what json takes and orjson does not (NaN, a lone surrogate); where both
    read a body they give the same value. orjson reads a whole number past 64 bits as a
    float, so a body with 19 digits in a row (which may be such a number) goes to json."""
    if _NINETEEN_DIGITS not in raw.translate(_DIGITS_AS_ZEROS):
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:
            pass
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise BadRequest(f"the body is not valid UTF-8 (byte {error.start})") from None
    except json.JSONDecodeError as error:
        raise BadRequest(f"malformed JSON: {error.msg} at line {error.lineno} column "
                         f"{error.colno}") from None
    except (RecursionError, ValueError) as error:
        raise BadRequest(f"JSON that cannot be read: {error}"[:200]) from None


def json_response(data, status: int = 200) -> Response:
    return Response(json_bytes(data), status=status, content_type="application/json")


def _endpoint(kind: str):
    def view():
        return json_response(service.answer(kind, read_json_body()))
    view.__name__ = kind
    return view


bp.add_url_rule("/analyze", view_func=_endpoint("analyze"), methods=["POST"])
bp.add_url_rule("/analyze/batch", view_func=_endpoint("batch"), methods=["POST"])
bp.add_url_rule("/layoffs", view_func=_endpoint("layoffs"), methods=["POST"])
bp.add_url_rule("/score", view_func=_endpoint("score"), methods=["POST"])
bp.add_url_rule("/games", view_func=_endpoint("games"), methods=["POST"])


@bp.get("/rules")
def rules():
    return json_response({
        "presets": {name: dict(dump_rules(rules), notes=PRESET_NOTES[name])
                    for name, rules in PRESETS.items()},
        "options": {key: {"default": dump_rules(PRESETS["standard"]).get(key),
                          "meaning": meaning} for key, meaning in OPTION_NOTES.items()},
        "limits": {name.lower(): value for name, value in vars(limits).items()
                   if name.isupper()} | {"max_body_bytes":
                                          current_app.config["MAX_CONTENT_LENGTH"]},
    })

