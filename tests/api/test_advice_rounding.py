"""The advice answer's figures: `odds` is `round(value, 6)` to the last bit (its fast path
must never change a figure a client reads), checked on every kind of value it meets and on
the ties and near-ties where a shortcut would go wrong."""
from __future__ import annotations

import doctest
import math
import struct
from random import Random

from hypothesis import given, strategies as st

import calculator.api.advice as advice_api
from calculator.api.advice import odds


def same_float(a: float, b: float) -> bool:
    """Equal to the last bit, the sign of a zero and NaN included."""
    return struct.pack("<d", a) == struct.pack("<d", b)


def test_docstring_example():
    result = doctest.testmod(advice_api, report=True)
    assert result.attempted and result.failed == 0


def test_random_figures_of_every_size():
    rng = Random(20261202)
    for _ in range(1_000_000 // 4):
        scale = rng.choice((1.0, 10.0, 100.0, 5_000.0))
        for value in (rng.random() * scale, -rng.random() * scale,
                      rng.randrange(1, 60) / rng.randrange(1, 60), -rng.random() * 1e-5):
            assert same_float(odds(value), round(value, 6)), value


def test_ties_and_near_ties():
    rng = Random(7)
    for _ in range(50_000):
        whole = rng.randrange(-10**10, 10**10)
        tie = (whole + 0.5) / 1e6  # the float nearest a tie: just above or below it
        for value in (tie, math.nextafter(tie, math.inf), math.nextafter(tie, -math.inf),
                      whole / 1e6, (whole + 0.49995) / 1e6, (whole + 0.50005) / 1e6):
            assert same_float(odds(value), round(value, 6)), value
    for k in range(1 << 16):  # binary fractions: exact ties at the 7th place exist among them
        value = k / 1024
        assert same_float(odds(value), round(value, 6)), value


def test_zeros_edges_and_non_numbers():
    for value in (0.0, -0.0, 4e-7, -4e-7, 5e-7, -5e-7, 1e-300, -1e-300, 9_999.9999995,
                  -9_999.9999995, 1e4, -1e4, 1e4 + 0.1234567, 1e300, -1e300, math.inf,
                  -math.inf):
        assert same_float(odds(value), round(value, 6)), value
    assert math.isnan(odds(math.nan))


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-2e4, max_value=2e4))
def test_any_float(value):
    assert same_float(odds(value), round(value, 6))
