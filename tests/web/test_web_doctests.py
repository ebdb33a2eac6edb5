"""The examples in the web package's docstrings, run as tests (the core's have their own)."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["calculator.web.isolate", "calculator.web.numbers", "calculator.web.sheet"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), report=True)
    assert result.attempted and result.failed == 0, f"{result.failed} examples failed in {name}"
