"""JSON in and out: the one decoding of request bodies and the one encoding of answers."""
from __future__ import annotations

import json
from typing import Any

import orjson
from werkzeug.exceptions import BadRequest

from ..core.numbers import long_whole


# 18 digits in a row always fit in 64 bits. Found by mapping every digit to 0 and looking for
# nineteen 0s: two passes at C speed over the body (a regular expression costs ten times more)
_DIGITS_AS_ZEROS = bytes(48 if 48 <= byte <= 57 else 32 for byte in range(256))
_NINETEEN_DIGITS = b"0" * 19


class UnreadableJSON(ValueError):
    """Bytes that are not a JSON text this service reads; the message says why and where."""


def decode_json(raw: bytes):
    """A body's JSON value, as `json.loads` reads it; 400 when it is not JSON."""
    try:
        return read_json(raw)
    except UnreadableJSON as error:
        raise BadRequest(str(error)) from None


def read_json(raw: bytes, what: str = "the body"):
    """The JSON value of bytes, as `json.loads` reads it (the API's bodies, the command
    line's ledgers and rule values); `UnreadableJSON` when they are not JSON (`what`: what
    its message calls them).

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
        # a whole number past 40 digits is read as a stand-in out of every range (long_whole):
        # refused at its own field, never converted (Python refuses 4,300 digits, and
        # converting is quadratic)
        return json.loads(raw.decode("utf-8"), parse_int=long_whole)
    except UnicodeDecodeError as error:
        raise UnreadableJSON(f"{what} is not valid UTF-8 (byte {error.start})") from None
    except json.JSONDecodeError as error:
        # some of json's messages end in "at" ("Unterminated string starting at")
        raise UnreadableJSON(f"malformed JSON: {error.msg.removesuffix(' at')} at line "
                             f"{error.lineno} column {error.colno}") from None
    except (RecursionError, ValueError) as error:
        raise UnreadableJSON(f"JSON that cannot be read: {error}"[:200]) from None


def json_bytes(data: Any) -> bytes:
    """The one JSON encoding of every answer (the API's bodies and the command line's --json):
    UTF-8, keys in the order written, compact, ending in a newline.

    orjson writes the same bytes as `json.dumps(data, ensure_ascii=False, separators=(",",
    ":"))`, about ten times faster. It refuses what has no such encoding: JSON text may carry
    a lone surrogate (`"\\ud800"`), which is no character and cannot be written as UTF-8, and
    an answer that echoes one (an error quoting the bad token) is written with ASCII escapes
    instead, which is the same JSON value."""
    try:
        return orjson.dumps(data, option=orjson.OPT_APPEND_NEWLINE)
    except orjson.JSONEncodeError:
        return ascii_json(data).encode("ascii")


def ascii_json(data: Any) -> str:
    """The same JSON value as `json_bytes`, every character past ASCII written as an escape
    (for an output that cannot hold them, or a lone surrogate)."""
    return json.dumps(data, separators=(",", ":")) + "\n"


def to_json(data: Any) -> str:
    """`json_bytes` as text, for the command line."""
    return json_bytes(data).decode("utf-8")
