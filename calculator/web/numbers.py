"""Numbers typed into the page (hand numbers, counts, points, rule values, counts in links).

`str.isdigit()` and `int()` take far more than the digits 0-9 ("²", "٣", "５", "1_000", " 7"),
so every number the page reads from text goes through `whole_number`: ASCII digits only, and
few enough of them that no huge integer is ever built.
"""
from __future__ import annotations

import re

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


def number_in(text, low: int, high: int) -> int | None:
    """A whole number from `low` to `high` read from `text`, else None (a hand number from
    the URL or a button)."""
    value = whole_number(text, len(str(high)))
    return value if value is not None and low <= value <= high else None
