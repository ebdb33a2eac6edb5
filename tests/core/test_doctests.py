"""The examples in the core's docstrings, run as tests: every module of calculator.core, those
added later included, and the public entry points must each show at least one."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import calculator.core as core

MODULES = sorted(info.name for info in pkgutil.iter_modules(core.__path__, core.__name__ + "."))
# the functions a caller starts from (calculator.core's docstring), each with an example
ENTRY_POINTS = ["parse_card", "parse_hand", "deadwood", "best_arrangement",
                "all_best_arrangements", "analyze", "layoffs", "score_hand", "read_spread"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_each_entry_point_shows_an_example(name):
    examples = doctest.DocTestFinder(recurse=False).find(getattr(core, name), name)
    assert any(test.examples for test in examples), f"calculator.core.{name} has no example"
