"""Numbers typed into the page (hand numbers, counts, points, rule values, counts in links).

`str.isdigit()` and `int()` take far more than the digits 0-9 ("²", "٣", "５", "1_000", " 7"),
so every number the page reads from text goes through `whole_number` (or, for a hand's
counts and points, `typed_number`): ASCII digits only, and no huge integer is ever built.
"""
from __future__ import annotations

import re

MAX_TYPED_DIGITS = 6   # significant digits `typed_number` reads; more pass every range checked

_PATTERNS: dict[int, re.Pattern] = {}
_DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: "²".isdigit() is True, int("²") raises


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


def number_in(text, low: int, high: int) -> int | None:
    """A whole number from `low` to `high` read from `text`, else None (a hand number from
    the URL or a button)."""
    value = whole_number(text, len(str(high)))
    return value if value is not None and low <= value <= high else None


def typed_number(text: str) -> int | None:
    """A count or points typed into a hand's form: the number its ASCII digits spell, else
    None. Unlike `whole_number` it reads a number of any length, so a count the core refuses
    ("99999") gets the core's range message ("... a whole number from 0 to 98"), not "not a
    number"; past MAX_TYPED_DIGITS significant digits it stands as 10**MAX_TYPED_DIGITS,
    above every range the core checks, so no huge integer is built.

    >>> typed_number("31"), typed_number("0000031"), typed_number("99999"), typed_number("²")
    (31, 31, 99999, None)
    >>> typed_number("9" * 5000), typed_number("３１"), typed_number("-3")
    (1000000, None, None)
    """
    if not isinstance(text, str) or not _DIGITS.fullmatch(text):
        return None
    significant = text.lstrip("0")
    if len(significant) > MAX_TYPED_DIGITS:
        return 10 ** MAX_TYPED_DIGITS
    return int(significant or "0")
