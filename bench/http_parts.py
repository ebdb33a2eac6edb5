"""Where an analyze request's time goes: the benchmark's own bodies sent to endpoints made for
this benchmark that stop after each stage of `POST /api/v1/analyze`, beside `GET /healthz`
and the real endpoint, in the server and in a loop.

    .venv/bin/python bench/http_parts.py            # 3 interleaved rounds, 4 s a stage
    .venv/bin/python bench/http_parts.py --quick    # 1 round of 1 s a stage (a smoke run)

The stages, each including the ones before it: `body` reads the JSON body and answers `{}`;
`load` also checks it against the request schema; `core` also runs the analysis and reads
everything the answer lists (for 11 cards every discard's melds); `written` also writes the
answer's dictionaries (not sent); `analyze` is the endpoint itself. Each is measured:

- in gunicorn with the shipped config (wrk, 16 connections, the 400 distinct bodies of
  bench/api_http.py's scenarios): the workers' CPU time a request (from /proc) and req/s;
- in this process on the WSGI app, one request after another: CPU time a request.

Figures only, never pass/fail. What they show: a request's work costs the server several
times what the same work costs in a loop (the loop keeps its code and tables in the caches;
a server's request meets them cold after gunicorn's own work and the other processes), so the
ratio of an endpoint's rate to /healthz's moves with the whole stack, not the engine alone.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from http_server import ROOT, Gunicorn, call_wsgi, cpu_of, wsgi_request
from http_wrk import run_wrk, wrk_available

sys.path.insert(0, str(ROOT))  # this tree's calculator
from api_http import SCENARIOS  # noqa: E402

STAGES = ("body", "load", "core", "written")
ANALYZE = ("analyze 10 cards", "analyze 11 cards")


def create_app():
    """The calculator's app with one benchmark-only endpoint a stage: POST /bench/<stage>,
    each doing what the analyze view does up to that stage and answering `{}`."""
    from calculator import core, create_app as calculator_app
    from calculator.api import answers, schemas
    from calculator.api.routes import json_response, read_json_body

    app = calculator_app()

    def analysis(body):
        result = core.analyze(body["hand"], schemas.rules_of(body), body["upcard"],
                              body["known"], body["outs"])
        result.arrangement, result.discards  # what the answer lists, worked out
        return result

    work = {
        "body": lambda raw: None,
        "load": lambda raw: schemas.read(schemas.AnalyzeRequest, raw),
        "core": lambda raw: analysis(schemas.read(schemas.AnalyzeRequest, raw)),
        "written": lambda raw: answers.analysis(analysis(schemas.read(schemas.AnalyzeRequest,
                                                                      raw))),
    }

    @app.post("/bench/<stage>")
    def stage_view(stage):
        work[stage](read_json_body())
        return json_response({})

    return app


def requests_of(scenario: str, stage: str | None) -> list[tuple[str, str, object]]:
    """The scenario's requests, sent to the stage's endpoint (None: the real one)."""
    return [(method, path if stage is None else f"/bench/{stage}", body)
            for method, path, body in SCENARIOS[scenario]]


def plan() -> list[tuple[str, str, str | None]]:
    """(label, scenario, stage) in the order each round measures them."""
    rows = [("healthz", "healthz", None)]
    for scenario in ANALYZE:
        rows += [(f"{scenario}: {stage}", scenario, stage) for stage in STAGES]
        rows.append((f"{scenario}: analyze", scenario, None))
    return rows


def in_server(rounds: int, duration: float) -> dict[str, list[tuple[float, float]]]:
    """label -> [(req/s, worker CPU µs a request)] a round."""
    found: dict[str, list[tuple[float, float]]] = {label: [] for label, _, _ in plan()}
    with Gunicorn(app="http_parts:create_app()",
                  env={"PYTHONPATH": str(ROOT / "bench")}) as server:
        workers = server.worker_pids()
        for label, scenario, stage in plan():  # every endpoint answers 200 before timing
            wrong = run_wrk(server.url, requests_of(scenario, stage), connections=4,
                            duration=1).non_2xx
            if wrong:
                raise SystemExit(f"{label}: {wrong} answers were not 2xx")
        for number in range(rounds):
            for label, scenario, stage in plan():
                before = cpu_of(workers)
                result = run_wrk(server.url, requests_of(scenario, stage), connections=16,
                                 duration=duration)
                spent = cpu_of(workers) - before
                found[label].append((result.rps, spent / result.requests * 1e6))
                print(f"  round {number + 1} {label:<30} {result.rps:7.0f} req/s  "
                      f"{found[label][-1][1]:5.0f} µs CPU a request", flush=True)
    return found


def in_process(rounds: int) -> dict[str, list[float]]:
    """label -> [CPU µs a request] a round: the WSGI app called directly, no sockets."""
    import gc

    from calculator.core.memo import fill_tables

    app = create_app()
    fill_tables()
    gc.freeze()  # as the shipped gunicorn.conf.py does before forking

    def prepared(scenario: str, stage: str | None) -> list[tuple[dict, bytes]]:
        out = [wsgi_request(*request) for request in requests_of(scenario, stage)]
        return out * (400 // len(out))  # /healthz's one request, as many times as the others

    def run(requests) -> float:
        start = time.process_time()
        for environ, data in requests:
            call_wsgi(app, environ, data)
        return (time.process_time() - start) / len(requests) * 1e6

    every = [(label, prepared(scenario, stage)) for label, scenario, stage in plan()]
    for _, requests in every:
        run(requests[:50])  # warm up
    found: dict[str, list[float]] = {label: [] for label, _ in every}
    for _ in range(rounds):
        for label, requests in every:
            found[label].append(run(requests))
    return found


def summarize(server: dict, process: dict) -> str:
    rate = {label: statistics.median(r for r, _ in rows) for label, rows in server.items()}
    cpu = {label: statistics.median(c for _, c in rows) for label, rows in server.items()}
    loop = {label: statistics.median(rows) for label, rows in process.items()}
    lines = ["", "medians over rounds; 'beyond' is beyond /healthz's own figure", "",
             f"{'':<30} {'in a loop':>16} {'in gunicorn':>22} {'req/s':>14}",
             f"{'':<30} {'µs':>6} {'beyond':>9} {'µs CPU':>8} {'beyond':>9} {'':>6} "
             f"{'ratio':>7}"]
    for label in rate:
        lines.append(f"{label:<30} {loop[label]:6.0f} {loop[label] - loop['healthz']:9.0f} "
                     f"{cpu[label]:8.0f} {cpu[label] - cpu['healthz']:9.0f} "
                     f"{rate[label]:6.0f} {rate[label] / rate['healthz']:7.2f}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=float, default=4.0, help="seconds a stage")
    parser.add_argument("--quick", action="store_true", help="1 round of 1 s a stage")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.duration = 1, 1.0
    if not wrk_available():
        print("wrk is not installed (make wrk); nothing measured")
        return 0
    server = in_server(args.rounds, args.duration)
    process = in_process(max(args.rounds, 5))
    print(summarize(server, process))
    return 0


if __name__ == "__main__":
    sys.exit(main())
