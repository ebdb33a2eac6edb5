"""The one place that builds error answers: RFC 9457 problem details with JSON Pointers.

Every failure a client can cause becomes `{type, title, status, detail, errors: [{pointer,
detail}]}` with `application/problem+json`. Two kinds of failure reach here: the core's
errors (every card and game rule: each carries its kind and position) and marshmallow's (the
body's shape and types: nested keys). Both become pointers here, and nothing else in the API
catches either.
"""
from __future__ import annotations

from flask import Response, current_app, request
from marshmallow import ValidationError, fields
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from ..core import errors as core_errors
from . import limits
from .encoding import json_bytes
from .loading import BodyKey

PROBLEM_TYPES = {
    core_errors.CardNotationError: ("invalid-card", "Invalid card"),
    core_errors.DuplicateCardError: ("duplicate-card", "Duplicate card"),
    core_errors.CardInBothHandsError: ("card-in-two-places", "Card in two places"),
    core_errors.HandSizeError: ("hand-size", "Wrong number of cards"),
    core_errors.MeldError: ("invalid-meld", "Not a meld"),
    core_errors.IllegalKnockError: ("illegal-knock", "Illegal knock"),
    core_errors.RuleError: ("invalid-rule", "Invalid rule option"),
    core_errors.IncompatibleInputError: ("incompatible-input", "Inputs that cannot go together"),
    core_errors.NumberRangeError: ("number-range", "Number out of range"),
    core_errors.GameError: ("game", "Invalid game ledger"),
    core_errors.PlayerNameError: ("player-name", "Invalid player name"),
}
SHAPE = ("invalid-input", "Invalid input")


def pointer(position) -> str:
    """A JSON Pointer (RFC 6901) for a path of keys and indices."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in position)


MAX_LISTED_ERRORS = limits.MAX_REPORTED_ERRORS  # 10,000 bad hands must not get 10 MB back


def summary(pairs: list[tuple[str, str]]) -> str:
    """The problem's `detail`: the one error's text, or how many there are and the first few,
    each with its pointer."""
    if len(pairs) == 1:
        return str(pairs[0][1])
    listed = "; ".join(f"{p or '(body)'}: {text}" for p, text in pairs[:3])
    more = f"; and {len(pairs) - 3} more" if len(pairs) > 3 else ""
    return f"{len(pairs)} errors: {listed}{more}"


def problem(status: int, title: str, detail: str, errors=None, kind: str | None = None,
            headers=None) -> Response:
    errors = list(errors or [])
    if len(errors) > MAX_LISTED_ERRORS:
        errors = errors[:MAX_LISTED_ERRORS]
        detail += f" (the first {MAX_LISTED_ERRORS} are listed)"
    body = {
        "type": f"urn:gin-calculator:problem:{kind}" if kind else "about:blank",
        "title": title,
        "status": status,
        "detail": detail,
        "errors": [{"pointer": p, "detail": str(d)} for p, d in errors],
    }
    response = Response(json_bytes(body), status=status, content_type="application/problem+json")
    for key, value in (headers or {}).items():
        response.headers[key] = value
    return response


def from_calculator_error(error: core_errors.CalculatorError) -> Response:
    members = getattr(error, "members", None) or [error]
    kinds = {PROBLEM_TYPES.get(type(member), SHAPE) for member in members}
    kind, title = kinds.pop() if len(kinds) == 1 else SHAPE  # several kinds at once
    pairs = [(pointer(position), detail) for position, detail in error.errors]
    return problem(422, title, summary(pairs), pairs, kind)


# marshmallow's own words for a field left out or null, in the service's words ("Field may
# not be null." read as if a field named "Field" were meant)
_REQUIRED = fields.Field.default_error_messages["required"]
_NULL = fields.Field.default_error_messages["null"]


def flatten_messages(messages, path=()):
    """marshmallow's nested messages as (path, text) pairs, `_schema` naming the parent (and
    a `BodyKey`, the body's own key of that name)."""
    if isinstance(messages, dict):
        for key, value in messages.items():
            if isinstance(key, BodyKey):
                here = path + (key.name,)
            else:
                here = path if key == "_schema" else path + (key,)
            yield from flatten_messages(value, here)
    elif isinstance(messages, (list, tuple)):
        for item in messages:
            yield from flatten_messages(item, path)
    else:
        text = messages
        if text == "unknown field" and path:
            text = f"unknown field '{path[-1]}'"
        elif text == _REQUIRED and path:
            text = f"'{path[-1]}' is required"
        elif text == _NULL:
            text = (f"'{path[-1]}' may not be null" if path and isinstance(path[-1], str)
                    else "an item may not be null")
        yield path, text


def from_validation_error(error: ValidationError) -> Response:
    """A body of the wrong shape or types (marshmallow's messages, nested by key)."""
    located = [(pointer(path), text) for path, text in flatten_messages(error.messages)]
    return problem(422, SHAPE[1], summary(located), located, SHAPE[0])


def explained(error: HTTPException) -> HTTPException:
    """The error with a description that says what went wrong: werkzeug's own 413 (a form
    past one of its limits) says only "The data value transmitted exceeds the capacity
    limit."."""
    if type(error) is RequestEntityTooLarge and error.description == \
            RequestEntityTooLarge.description:
        config = current_app.config
        error.description = (f"The form is too large: at most {config['MAX_FORM_PARTS']:,} "
                             f"parts, {config['MAX_FORM_MEMORY_SIZE']:,} bytes a field and "
                             f"{config['MAX_CONTENT_LENGTH']:,} bytes in all")
    return error


def from_http_exception(error: HTTPException) -> Response:
    detail = error.description or error.name
    headers = {}
    if error.code == 405 and getattr(error, "valid_methods", None):
        headers["Allow"] = ", ".join(error.valid_methods)
    if error.code == 415 and "Content-Encoding" in request.headers:
        headers["Accept-Encoding"] = "identity"  # RFC 9110: the codings that would be read
    # where the fault is: the body for a request that sends one, else the request line (a
    # route or method that does not exist, or a query that cannot be read)
    if error.code in (404, 405) or request.method in ("GET", "HEAD"):
        path = request.path  # cut as a quoted value is: the answer stays small
        if len(path) > core_errors.MAX_QUOTED_CHARS:
            path = f"{path[:core_errors.MAX_QUOTED_CHARS]}… ({len(path):,} characters)"
        where = f"{request.method} {path}: "
    else:
        where = "" if detail.startswith("the body") else "the body: "
    return problem(error.code or 500, error.name, detail, [("", where + detail)], None,
                   headers)
