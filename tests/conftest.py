"""Hypothesis profiles for the whole suite.

``default`` for a developer's run, ``ci`` for CI (``CI=true``): the same budget, but
derandomized so a red CI run replays exactly. Pick one by hand with
``pytest --hypothesis-profile=NAME``.

``max_examples`` is the single knob for the property tests' budget: the engine-vs-reference
properties in tests/core each run this many examples, 2,500 x 6 properties = 15,000 hands a
run. No deadline: the reference is deliberately slow, and a machine under load would make
timings flaky, not informative.
"""

import os

from hypothesis import HealthCheck, settings

EXAMPLES = 2_500

settings.register_profile(
    "default",
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    print_blob=True,
)
settings.load_profile("ci" if os.environ.get("CI", "").lower() == "true" else "default")
