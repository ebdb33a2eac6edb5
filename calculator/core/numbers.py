"""Whole numbers, the one rule for the whole service: read from text, ASCII digits only;
given as a value (a JSON number), an int that is not a bool, in its range.

`str.isdigit()` and `int()` take far more than the digits 0-9 ("²", "٣", "５", "1_000",
" 7"), so text is matched against ASCII digits before `int()` sees it, and its length is
bounded first, so no huge integer is ever built. The position reader, the command line and
the page (calculator.web.numbers) all read numbers through this module.
"""
from __future__ import annotations

import re

from .errors import MAX_QUOTED_CHARS

DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: "²".isdigit() is True, int("²") raises
_PATTERNS: dict[int, re.Pattern] = {}


def whole_number(text, max_digits: int = 4) -> int | None:
    """The value of `text` if it is 1 to `max_digits` ASCII digits, else None.

    >>> whole_number("42"), whole_number("²"), whole_number("٣"), whole_number(" 7")
    (42, None, None, None)
    >>> whole_number("12345", 4), whole_number("1_0"), whole_number(7)
    (None, None, None)
    """
    if not isinstance(text, str):
        return None
    pattern = _PATTERNS.get(max_digits)
    if pattern is None:
        pattern = _PATTERNS[max_digits] = re.compile(r"[0-9]{1,%d}" % max_digits)
    return int(text) if pattern.fullmatch(text) else None


def long_whole(text: str, digits: int = MAX_QUOTED_CHARS) -> int:
    """The value of a whole number written in ASCII digits (a leading "-" allowed) of any
    length, for a range check with the core's message: past `digits` digits it stands as
    10^digits (keeping its sign), outside every range the service checks (with the default,
    written by `quoted_number` as "a number of more than 40 digits"), so no huge integer is
    ever built (the JSON reader, the page's rule fields and its typed counts).

    >>> long_whole("10000"), long_whole("-7"), long_whole("9" * 5000) == 10 ** 40
    (10000, -7, True)
    """
    negative = text[:1] == "-"
    if len(text) - negative <= digits:
        return int(text)
    return -10 ** digits if negative else 10 ** digits


def is_whole(value, low: int, high: int) -> bool:
    """A whole number given as a value (not a bool, a float or a string) from low to high.

    >>> is_whole(7, 0, 10), is_whole(True, 0, 10), is_whole(7.0, 0, 10), is_whole("7", 0, 10)
    (True, False, False, False)
    """
    return type(value) is int and low <= value <= high
