"""Numbers typed into the page (hand numbers, counts, points, rule values, counts in links).

Every number the page reads from text goes through the core's `whole_number` (or, for a
hand's counts and points, `typed_number`): ASCII digits only (calculator.core.numbers says
why), and no huge integer is ever built.
"""
from __future__ import annotations

from ..core.numbers import DIGITS, long_whole, whole_number

MAX_TYPED_DIGITS = 6   # significant digits `typed_number` reads; more pass every range checked


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
    if not isinstance(text, str) or not DIGITS.fullmatch(text):
        return None
    return long_whole(text.lstrip("0") or "0", MAX_TYPED_DIGITS)


__all__ = ["whole_number", "number_in", "typed_number", "MAX_TYPED_DIGITS"]
