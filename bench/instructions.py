"""Instruction counts of the API's requests, in-process, under valgrind's callgrind.

    .venv/bin/python bench/instructions.py                 # every scenario
    .venv/bin/python bench/instructions.py a11 batch       # some of them

Wall-clock figures on these shared machines swing by up to 2x between back-to-back runs;
instruction counts do not (with PYTHONHASHSEED fixed, the same run gives the same count), so
this is the measure to decide a code change by. Each scenario runs the WSGI app directly (no
gunicorn, no sockets) at two repeat counts, and the difference is divided out, so start-up
and warm-up cancel. The baseline is GET /healthz in the same run. Instructions are not time
(a cache miss costs more than an add), so the HTTP benchmark stays the judge of the targets.
Needs Debian's valgrind; without it, says so and stops.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

# the HTTP benchmark's own request bodies and hands, so both measure the same requests
from http_server import ROOT, call_wsgi, wsgi_request

# this tree's calculator, not whichever the environment installed (the deals import it)
sys.path.insert(0, str(ROOT))
from api_http import SCENARIOS as HTTP_SCENARIOS  # noqa: E402
from deals import mixed_hands  # noqa: E402

BATCH_HANDS = 2_000
# name: (the HTTP benchmark's scenario, or None for the batch; requests a round; per what)
SCENARIOS = {
    "healthz": ("healthz", 100, "request"),
    "a10": ("analyze 10 cards", 100, "request"),
    "a11": ("analyze 11 cards", 100, "request"),
    "score": ("score two hands", 100, "request"),
    "batch": (None, 1, "hand"),
}


def _requests(name: str) -> list[tuple[str, str, dict | None]]:
    """The HTTP benchmark's distinct bodies of the scenario (or one batch of mixed deals)."""
    scenario = SCENARIOS[name][0]
    if scenario is None:
        return [("POST", "/api/v1/analyze/batch", {"hands": mixed_hands(BATCH_HANDS, 10, 1),
                                                   "outs": False})]
    return HTTP_SCENARIOS[scenario]


def run_scenario(name: str, repeats: int) -> None:
    """The child: warm up once, then `repeats` rounds of the scenario's requests."""
    sys.path.insert(0, str(ROOT))
    import gc

    from calculator import create_app
    from calculator.core.memo import fill_tables

    app = create_app()
    # as the shipped gunicorn.conf.py's when_ready does before forking: the tables filled and
    # everything made so far frozen, so the garbage collector's full passes skip them (else a
    # request's count grows with whatever other modules keep in memory)
    fill_tables()
    gc.freeze()
    prepared = [wsgi_request(method, path, body) for method, path, body in _requests(name)]
    per_round = SCENARIOS[name][1]

    # each round sends the same `per_round` distinct bodies, so the rounds' difference is
    # the cost of those bodies, warm
    for _ in range(1 + repeats):
        for index in range(per_round):
            call_wsgi(app, *prepared[index % len(prepared)])


def count(name: str, repeats: int) -> int:
    """Instructions of a child run (callgrind's total)."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
               __file__, "--child", name, str(repeats)]
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{name}: callgrind failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(names: list[str]) -> None:
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed (apt-get install -y valgrind); skipped")
        return
    unknown = [name for name in names if name not in SCENARIOS]
    if unknown:
        raise SystemExit(f"unknown scenario(s) {unknown}; choose from {list(SCENARIOS)}")
    names = ["healthz"] + [name for name in names or SCENARIOS if name != "healthz"]
    print("instructions per request, in-process under callgrind (PYTHONHASHSEED=0; "
          "difference of 3 and 1 rounds)", flush=True)
    baseline = None
    for name in names:
        _, per_round, per = SCENARIOS[name]
        units = per_round * (BATCH_HANDS if name == "batch" else 1)
        figure = (count(name, 3) - count(name, 1)) / 2 / units
        if name == "healthz":
            baseline = figure
        beyond = "" if per == "hand" else f"   {figure - baseline:11,.0f} beyond healthz"
        print(f"  {name:8} {figure:11,.0f} a {per}{beyond}", flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        run_scenario(sys.argv[2], int(sys.argv[3]))
    else:
        main(sys.argv[1:])
