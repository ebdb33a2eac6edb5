"""Whole numbers (calculator.core.numbers): read from text, ASCII digits only and at most so
many of them; given as a value, an int that is not a bool, in its range."""
from __future__ import annotations

import pytest

from calculator.core.numbers import is_whole, whole_number


@pytest.mark.parametrize("text, value", [("0", 0), ("7", 7), ("007", 7), ("42", 42),
                                         ("9999", 9999)])
def test_whole_number_reads_ascii_digits(text, value):
    assert whole_number(text) == value


@pytest.mark.parametrize("text", [
    "²", "٣", "５", "٣٣", "3²",      # isdigit() for each; int() reads all without a "²"
    " 3", "3 ", "3\n", "\u20073",  # int() strips white space around the digits
    "1_0", "+3", "-3", "3.0", "0x1", "1e3", "", "three",
    "10000",                        # five digits: more than the four asked for by default
])
def test_whole_number_refuses_anything_but_a_few_ascii_digits(text):
    assert whole_number(text) is None


@pytest.mark.parametrize("value", [3, 3.0, True, None, b"3", ["3"]])
def test_whole_number_reads_text_only(value):
    assert whole_number(value) is None


def test_whole_number_bounds_the_digits_before_reading_them():
    assert whole_number("12345", 5) == 12345 and whole_number("123456", 5) is None
    assert whole_number("1", 1) == 1 and whole_number("10", 1) is None
    assert whole_number("9" * 100_000) is None  # never made into a 100,000-digit int


@pytest.mark.parametrize("value, expected", [
    (0, True), (10, True), (5, True), (-1, False), (11, False),
    (True, False), (False, False), (7.0, False), ("7", False), (None, False),
])
def test_is_whole_is_an_int_in_range_not_a_bool(value, expected):
    assert is_whole(value, 0, 10) is expected
