"""Hypothesis profiles for the whole suite.

``default`` for a developer's run, ``ci`` for CI (``CI=true``): the same budget, but
derandomized (and no example database) so a red CI run replays exactly. Pick one by hand with
``pytest --hypothesis-profile=NAME``.

``max_examples`` is the single knob for the property tests' budget: each engine-vs-reference
property in tests/core runs this many examples, 2,500 x 7 properties = 17,500 hands a run.
Tests with their own ``@settings(max_examples=...)`` (API fuzzing, reference self-checks) keep
theirs. No deadline: the reference is deliberately slow, and on a loaded machine a deadline
would make failures flaky, not informative.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

EXAMPLES = 2_500

COMMON = {
    "max_examples": EXAMPLES,
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow],
}

# Explicit parents: hypothesis loads its own "ci" profile when it sees a CI variable, and a
# new profile would otherwise inherit whatever is loaded (derandomize, no database).
settings.register_profile("default", settings.get_profile("default"), **COMMON)
settings.register_profile(
    "ci", settings.get_profile("ci"), derandomize=True, database=None, print_blob=True, **COMMON
)
# ``quick``: make check's short property runs (a smoke test of each property, not its budget)
settings.register_profile("quick", settings.get_profile("default"),
                          **(COMMON | {"max_examples": 50}))
settings.load_profile("ci" if os.environ.get("CI", "").lower() == "true" else "default")


@pytest.fixture(scope="session")
def app():
    """The app with its defaults, for the in-process tests (a folder may keep its own)."""
    from calculator import create_app

    return create_app()


@pytest.fixture(scope="session")
def client(app):
    return app.test_client()
