"""Load and fault benchmark: gunicorn with the shipped gunicorn.conf.py on 127.0.0.1 (a free
port), wrk at 64 connections on a rotating mix of analyze, score and games bodies.

    .venv/bin/python bench/load.py                 # 30 s clean, 30 s with a worker killed
    .venv/bin/python bench/load.py --runs 3        # the figures of docs/PERFORMANCE.md
    .venv/bin/python bench/load.py --quick         # 5 s phases

Phases, one server:
1. load: throughput, p50/p99, non-2xx, socket errors;
2. worker kill: the same load, and after a third of it one worker (a child of the master) gets
   SIGKILL; the master must fork a replacement and the service keep answering. A probe polls
   /healthz meanwhile. Only the requests in flight on the killed worker may fail;
3. graceful stop: SIGTERM to the master while a slow request (a 10,000-hand batch) is in
   flight: the request must complete (graceful_timeout) and the master exit 0.
Figures, never pass/fail. Results also go to bench/results/load.json.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import sys
import threading
import time
from pathlib import Path

from http_server import Gunicorn, ROOT, report, request
from http_wrk import run_wrk, wrk_available

RESULTS = ROOT / "bench" / "results"
DECK = [rank + suit for suit in "shdc" for rank in "A23456789TJQK"]


def mix(seed: int = 11, count: int = 24) -> list[tuple[str, str, dict]]:
    """Realistic bodies: random dealt hands (analyze 10 and 11 cards), scores of two dealt hands
    with a legal knock, and short game ledgers, in rotation."""
    rng = random.Random(seed)
    requests = []
    while len(requests) < count:
        deal = rng.sample(DECK, 21)
        kind = len(requests) % 4
        if kind == 0:
            requests.append(("POST", "/api/v1/analyze", {"hand": deal[:10]}))
        elif kind == 1:
            requests.append(("POST", "/api/v1/analyze", {"hand": deal[:11], "outs": False}))
        elif kind == 2:
            knocker = _knocking_hand(rng)
            defender = rng.sample([c for c in DECK if c not in knocker], 10)
            requests.append(("POST", "/api/v1/score", {"knocker": {"hand": knocker},
                                                       "defender": {"hand": defender}}))
        else:
            hands = [{"winner": rng.choice(["Ann", "Bob"]), "points": rng.randint(1, 30)}
                     for _ in range(rng.randint(1, 6))]
            hands.append({"knocked_by": "Ann", "knocker": {"deadwood": rng.randint(0, 10)},
                          "defender": {"deadwood": rng.randint(11, 60)}})
            requests.append(("POST", "/api/v1/games", {"players": ["Ann", "Bob"],
                                                       "rules": {"target": 1000},
                                                       "hands": hands}))
    return requests


def _knocking_hand(rng: random.Random) -> list[str]:
    """A dealt 10-card hand that can knock (deadwood <= 10), found by dealing until one does."""
    from calculator.core import deadwood, parse_hand

    while True:
        hand = rng.sample(DECK, 10)
        if deadwood(parse_hand(hand)) <= 10:
            return hand


def check_mix(server: Gunicorn, requests) -> None:
    for method, path, body in requests:
        status, _, data = request(server.url + path, body, method=method)
        if status != 200:
            raise SystemExit(f"{path}: {status} {data[:300]!r} for {json.dumps(body)[:200]}")


class Probe(threading.Thread):
    """GET /healthz every `interval` seconds; records failures (the service must keep
    answering while a worker is replaced)."""

    def __init__(self, server: Gunicorn, interval: float = 0.1):
        super().__init__(daemon=True)
        self.server, self.interval = server, interval
        self.ok = self.failed = 0
        self.failures: list[str] = []
        self.halt = threading.Event()

    def run(self):
        while not self.halt.is_set():
            try:
                status, _, _ = request(self.server.url + "/healthz", timeout=5)
                if status == 200:
                    self.ok += 1
                else:
                    self.failed += 1
                    self.failures.append(str(status))
            except OSError as error:
                self.failed += 1
                self.failures.append(type(error).__name__)
            self.halt.wait(self.interval)


def load_phase(server, requests, args) -> dict:
    result = run_wrk(server.url, requests, connections=args.connections,
                     duration=args.duration, threads=args.threads)
    print(f"  load: {result.rps:8.0f} req/s  p50 {result.p50_us / 1000:7.2f} ms  "
          f"p99 {result.p99_us / 1000:7.2f} ms  non-2xx {result.non_2xx}  "
          f"socket errors {result.socket_errors}", flush=True)
    return result.as_dict()


def kill_phase(server, requests, args) -> dict:
    before = server.worker_pids()
    outcome: dict = {"workers_before": before}
    wrk_result: dict = {}

    def load():
        wrk_result["r"] = run_wrk(server.url, requests, connections=args.connections,
                                  duration=args.duration, threads=args.threads)

    probe = Probe(server)
    runner = threading.Thread(target=load, daemon=True)
    runner.start()
    probe.start()
    time.sleep(args.duration / 3)
    victim = random.choice(before)
    killed = time.monotonic()
    os.kill(victim, signal.SIGKILL)
    try:
        after = server.wait_workers(len(before), exclude={victim}, timeout=30)
        outcome["replaced_in_s"] = round(time.monotonic() - killed, 3)
    except TimeoutError as error:
        after = server.worker_pids()
        outcome["replaced_in_s"] = None
        outcome["error"] = str(error)
    runner.join(args.duration + 60)
    probe.halt.set()
    probe.join(10)
    result = wrk_result["r"]
    outcome |= {"victim": victim, "workers_after": after, "wrk": result.as_dict(),
                "failed_requests": result.non_2xx + result.socket_errors,
                "probe_ok": probe.ok, "probe_failed": probe.failed,
                "probe_failures": probe.failures}
    print(f"  kill: worker {victim} SIGKILLed, replaced in {outcome['replaced_in_s']} s by "
          f"{sorted(set(after) - set(before))}; {result.rps:.0f} req/s, "
          f"{outcome['failed_requests']} failed requests (non-2xx {result.non_2xx}, read "
          f"{result.read}, connect {result.connect}, write {result.write}, timeout "
          f"{result.timeout}); probe {probe.ok} ok / {probe.failed} failed", flush=True)
    return outcome


def graceful_phase(server, args) -> dict:
    rng = random.Random(5)
    body = json.dumps({"hands": [rng.sample(DECK, 11) for _ in range(args.slow_hands)],
                       "outs": False}).encode()
    slow: dict = {}

    def send():
        start = time.monotonic()
        try:
            status, _, data = request(server.url + "/api/v1/analyze/batch", body, timeout=120)
            slow["status"] = status
            slow["results"] = len(json.loads(data).get("results", []))
        except (OSError, ValueError) as error:
            slow["error"] = repr(error)
        slow["end"] = time.monotonic()
        slow["start"] = start

    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    time.sleep(0.5)
    in_flight = sender.is_alive()
    term = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    time.sleep(0.3)
    late_start = time.monotonic()
    try:
        status, _, _ = request(server.url + "/healthz", timeout=60)
        late = f"answered {status}"
    except OSError as error:
        late = type(getattr(error, "reason", error)).__name__
    late_s = time.monotonic() - late_start
    sender.join(120)
    try:
        code = server.process.wait(60)
    except Exception:  # noqa: BLE001
        code = None
    exited = time.monotonic() - term
    outcome = {"slow_hands": args.slow_hands, "in_flight_at_sigterm": in_flight,
               "status": slow.get("status"), "results": slow.get("results"),
               "error": slow.get("error"),
               "finished_after_sigterm_s": round(slow.get("end", term) - term, 3),
               "request_s": round(slow.get("end", term) - slow.get("start", term), 3),
               "master_exit_code": code, "master_exited_after_s": round(exited, 3),
               "late_request": late, "late_request_s": round(late_s, 3)}
    print(f"  graceful: SIGTERM with a {args.slow_hands:,}-hand batch in flight "
          f"({in_flight}); it answered {outcome['status']} with {outcome['results']} results "
          f"{outcome['finished_after_sigterm_s']} s after SIGTERM; master exit "
          f"{code} after {exited:.2f} s; a request sent during the drain: {late} after "
          f"{late_s:.2f} s", flush=True)
    return outcome


def summarize(results: dict) -> str:
    loads = [run["load"] for run in results["runs"]]
    kills = [run["kill"] for run in results["runs"]]
    graceful = results["graceful"]
    med = statistics.median
    lines = ["", f"load: wrk {results['config']['connections']} connections, "
             f"{results['config']['duration']:g} s, mix of analyze (10 and 11 cards), score, "
             f"games; gunicorn {results['config']['gunicorn_workers']} sync workers "
             f"(medians over {len(loads)} run(s))", ""]
    header = f"{'phase':<14} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'non-2xx':>8} " \
             f"{'sock err':>8}"
    lines += [header, "-" * len(header)]
    for label, rows in (("load", loads), ("worker kill", [k["wrk"] for k in kills])):
        lines.append(f"{label:<14} {med(r['rps'] for r in rows):8.0f} "
                     f"{med(r['p50_us'] for r in rows) / 1000:8.2f} "
                     f"{med(r['p99_us'] for r in rows) / 1000:8.2f} "
                     f"{sum(r['status'] for r in rows):8d} "
                     f"{sum(r['socket_errors'] for r in rows):8d}")
    lines += ["", "worker kill (SIGKILL one worker a third into the run):"]
    for k in kills:
        lines.append(f"  replaced in {k['replaced_in_s']} s; failed requests "
                     f"{k['failed_requests']} (sync workers: at most 1 in flight on the killed "
                     f"one); /healthz probe {k['probe_ok']} ok, {k['probe_failed']} failed")
    lines += ["", f"graceful stop: SIGTERM with a {graceful['slow_hands']:,}-hand batch in "
              f"flight: status {graceful['status']}, {graceful['results']} results, finished "
              f"{graceful['finished_after_sigterm_s']} s after SIGTERM (request took "
              f"{graceful['request_s']} s); master exit code {graceful['master_exit_code']} "
              f"after {graceful['master_exited_after_s']} s; a new request during the drain: "
              f"{graceful['late_request']} after {graceful['late_request_s']} s"]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=30.0, help="seconds a phase")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2, help="wrk threads")
    parser.add_argument("--runs", type=int, default=1, help="load + kill runs (median)")
    parser.add_argument("--workers", type=int, default=None,
                        help="WEB_CONCURRENCY (default: the config's, cores + 1)")
    parser.add_argument("--slow-hands", type=int, default=10_000,
                        help="11-card hands in the batch in flight at SIGTERM")
    parser.add_argument("--quick", action="store_true", help="5 s phases, 3,000-hand batch")
    parser.add_argument("--out", type=Path, default=RESULTS / "load.json")
    args = parser.parse_args(argv)
    if args.quick:
        args.duration, args.slow_hands = 5.0, 3_000
    if not wrk_available():
        print("wrk is not installed (make wrk installs Debian's package); skipping the load "
              "benchmark")
        return 0
    requests = mix()
    results: dict = {"config": vars(args) | {"cpus": os.cpu_count()}, "runs": []}
    server = Gunicorn(workers=args.workers)
    try:
        server.start()
        results["config"]["gunicorn_workers"] = len(server.worker_pids())
        print(f"gunicorn {server.url} (pid {server.pid}, "
              f"{results['config']['gunicorn_workers']} sync workers, shipped config); "
              f"wrk {args.connections} connections, {args.duration:g} s a phase", flush=True)
        check_mix(server, requests)
        for _ in range(args.runs):
            results["runs"].append({"load": load_phase(server, requests, args),
                                    "kill": kill_phase(server, requests, args)})
        results["graceful"] = graceful_phase(server, args)
        results["log_tail"] = server.log_tail(15)
    finally:
        server.close()
    report(summarize(results), results, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
