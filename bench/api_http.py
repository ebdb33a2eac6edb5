"""HTTP benchmark: gunicorn with the shipped gunicorn.conf.py on 127.0.0.1 (a free port), wrk
against GET /healthz (the baseline: the cost of HTTP, gunicorn and Flask alone) and the API,
then the batch endpoint end to end, and the largest legitimate requests.

    .venv/bin/python bench/api_http.py                 # 10 s a scenario, 16 connections
    .venv/bin/python bench/api_http.py --runs 3        # the figures of docs/PERFORMANCE.md
    .venv/bin/python bench/api_http.py --quick         # 2 s a scenario (a smoke run)

Figures, never pass/fail: each row is compared with the targets (analyze >= 0.8x the healthz
baseline, score >= 0.6x, p99 <= 25 ms, no errors; batch >= 50,000 hands/s). The machines are
noisy and their speed drifts within seconds, so every scenario runs between two baseline
slices and its ratio is to their mean; then the median over runs. Results also go to
bench/results/http.json.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

from deals import DENSE_DECK, hand_pairs, hands, mixed_hands
from http_server import Gunicorn, ROOT, report, request
from http_wrk import run_wrk, wrk_available

RESULTS = ROOT / "bench" / "results"
TEN = "As 2s 3s 4h 5h 6h 7d 8d 9d Kc"
DEFENDER = "Ah 2h 3h 4s 5s 6s 7c 8c 9c Qd"
BODIES = 400  # distinct bodies a scenario, half from random and half from meld-dense deals

# name: the requests wrk rotates through (method, path, body)
SCENARIOS = {
    "healthz": [("GET", "/healthz", None)],
    "analyze 10 cards": [("POST", "/api/v1/analyze", {"hand": " ".join(hand)})
                         for hand in mixed_hands(BODIES, 10, 10)],
    "analyze 11 cards": [("POST", "/api/v1/analyze", {"hand": " ".join(hand)})
                         for hand in mixed_hands(BODIES, 11, 11)],
    "score two hands": [("POST", "/api/v1/score", {"knocker": {"hand": " ".join(knocker)},
                                                  "defender": {"hand": " ".join(defender)}})
                        for knocker, defender in hand_pairs(BODIES, 12)],
}
BASELINE = "healthz"
TARGET_RATIO = {"analyze 10 cards": 0.8, "analyze 11 cards": 0.8, "score two hands": 0.6}
TARGET_P99_MS = 25.0
TARGET_BATCH_HANDS_PER_S = 50_000


def ledger(count: int) -> dict:
    entries = [{"knocked_by": "Ann" if i % 2 else "Bob", "knocker": {"hand": TEN},
                "defender": {"hand": DEFENDER}} for i in range(count)]
    return {"players": ["Ann", "Bob"], "rules": {"target": 10_000}, "hands": entries}


LARGEST = {
    "games: ledger of 500 hands from cards": ("/api/v1/games", lambda: ledger(500), 500),
    "batch: 10,000 x 10 cards, outs true": (
        "/api/v1/analyze/batch", lambda: {"hands": hands(10_000, 10, 2), "outs": True}, 10_000),
    "batch: 10,000 x 11 cards": (
        "/api/v1/analyze/batch", lambda: {"hands": hands(10_000, 11, 3)}, 10_000),
    "batch: 10,000 x 11 meld-dense cards": (
        "/api/v1/analyze/batch", lambda: {"hands": hands(10_000, 11, 4, DENSE_DECK)}, 10_000),
}


def post_timed(server: Gunicorn, path: str, data: bytes) -> tuple[float, int, int]:
    start = time.perf_counter()
    status, _, body = request(server.url + path, data, timeout=120)
    return time.perf_counter() - start, status, len(body)


def _pooled(slices: list[dict]) -> dict:
    """The baseline's slices of one run as one row: summed counts, median rate and latency."""
    row = {key: median([s[key] for s in slices]) for key in ("rps", "p50_us", "p99_us")}
    row.update({key: sum(s[key] for s in slices) for key in ("status", "socket_errors")})
    row["baseline_rps"] = row["rps"]
    return row


def check_scenarios(server: Gunicorn) -> None:
    """Warm every worker up, and make sure each scenario answers 200 (else it measures 4xx)."""
    for name, specs in SCENARIOS.items():
        for method, path, body in specs:
            status, _, data = request(server.url + path, body, method=method)
            if status != 200:
                raise SystemExit(f"{name}: {status} {data[:300]!r}")


def median(values):
    return statistics.median(values) if values else float("nan")


def run(args) -> dict:
    results: dict = {"config": vars(args) | {"cpus": os.cpu_count()}, "runs": [], "batch": {},
                     "largest": {}}
    with Gunicorn(workers=args.workers) as server:
        workers = len(server.worker_pids())
        results["config"]["gunicorn_workers"] = workers
        print(f"gunicorn {server.url} (pid {server.pid}, {workers} sync workers, shipped "
              f"config); wrk {args.connections} connections, {args.threads} threads, "
              f"{args.duration:g} s a scenario, {args.runs} run(s)", flush=True)
        check_scenarios(server)
        for number in range(args.runs):
            # The machine's speed drifts over seconds, so every scenario runs between two
            # baseline slices and is compared with their mean (its "baseline" below).
            row, baselines = {}, []

            def measure(name: str) -> dict:
                result = run_wrk(server.url, SCENARIOS[name], connections=args.connections,
                                 duration=args.duration, threads=args.threads)
                print(f"  run {number + 1} {name:<18} {result.rps:9.0f} req/s  "
                      f"p50 {result.p50_us / 1000:6.2f} ms  p99 {result.p99_us / 1000:6.2f} ms"
                      f"  non-2xx {result.non_2xx}  socket errors {result.socket_errors}",
                      flush=True)
                return result.as_dict()

            baselines.append(measure(BASELINE))
            for name in SCENARIOS:
                if name == BASELINE:
                    continue
                row[name] = measure(name)
                baselines.append(measure(BASELINE))
                row[name]["baseline_rps"] = (baselines[-2]["rps"] + baselines[-1]["rps"]) / 2
            row[BASELINE] = _pooled(baselines)
            results["runs"].append(row)

        body = json.dumps({"hands": mixed_hands(args.batch_hands, 10, 1),
                           "outs": False}).encode()
        post_timed(server, "/api/v1/analyze/batch", body)  # warm-up
        times = []
        for _ in range(args.batch_repeats):
            seconds, status, size = post_timed(server, "/api/v1/analyze/batch", body)
            if status != 200:
                raise SystemExit(f"batch: {status}")
            times.append(seconds)
        results["batch"] = {"hands": args.batch_hands, "seconds": times,
                            "median_s": median(times),
                            "hands_per_s": args.batch_hands / median(times),
                            "answer_bytes": size, "body_bytes": len(body)}
        print(f"  batch {args.batch_hands:,} hands (outs false): "
              f"{', '.join(f'{t:.2f}' for t in times)} s", flush=True)

        if not args.no_largest:
            for name, (path, build, count) in LARGEST.items():
                data = json.dumps(build()).encode()
                seconds, status, size = post_timed(server, path, data)
                results["largest"][name] = {"seconds": seconds, "status": status,
                                            "body_bytes": len(data), "answer_bytes": size,
                                            "items": count}
                print(f"  largest: {name}: {seconds:.2f} s ({status}, {len(data):,} B in, "
                      f"{size:,} B out)", flush=True)
    return results


def summarize(results: dict) -> str:
    runs = results["runs"]
    lines = ["", "HTTP (gunicorn, shipped config; medians over runs; ratio = req/s over the "
             "mean of the healthz slices run just before and just after it)", ""]
    header = (f"{'scenario':<18} {'req/s':>9} {'ratio':>6} {'p50 ms':>7} {'p99 ms':>7} "
              f"{'non-2xx':>8} {'sock err':>8}  target")
    lines += [header, "-" * len(header)]
    for name in SCENARIOS:
        rps = median([run[name]["rps"] for run in runs])
        ratio = median([run[name]["rps"] / run[name]["baseline_rps"] for run in runs])
        p50 = median([run[name]["p50_us"] / 1000 for run in runs])
        p99 = median([run[name]["p99_us"] / 1000 for run in runs])
        non2xx = sum(run[name]["status"] for run in runs)
        errors = sum(run[name]["socket_errors"] for run in runs)
        want = TARGET_RATIO.get(name)
        verdicts = []
        if want is not None:
            verdicts.append(f"ratio>={want}: {'met' if ratio >= want else 'MISSED'}")
        verdicts.append(f"p99<={TARGET_P99_MS:g}: {'met' if p99 <= TARGET_P99_MS else 'MISSED'}")
        verdicts.append(f"errors: {'none' if non2xx + errors == 0 else 'SOME'}")
        lines.append(f"{name:<18} {rps:9.0f} {ratio:6.2f} {p50:7.2f} {p99:7.2f} {non2xx:8d} "
                     f"{errors:8d}  {'; '.join(verdicts)}")
    batch = results["batch"]
    verdict = "met" if batch["hands_per_s"] >= TARGET_BATCH_HANDS_PER_S else "MISSED"
    lines += ["", f"batch of {batch['hands']:,} hands, outs false, end to end: median "
              f"{batch['median_s']:.2f} s over {len(batch['seconds'])} = "
              f"{batch['hands_per_s']:,.0f} hands/s (target >= {TARGET_BATCH_HANDS_PER_S:,}: "
              f"{verdict}); {batch['body_bytes']:,} B in, {batch['answer_bytes']:,} B out"]
    if results["largest"]:
        lines += ["", "largest legitimate requests (one each, end to end; gunicorn's worker "
                  "timeout is 30 s):"]
        for name, row in results["largest"].items():
            flag = "  <- over 2 s" if row["seconds"] > 2 else ""
            lines.append(f"  {name:<40} {row['seconds']:6.2f} s  status {row['status']}  "
                         f"{row['answer_bytes']:>11,} B out{flag}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=10.0, help="seconds a wrk scenario")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--threads", type=int, default=2, help="wrk threads")
    parser.add_argument("--runs", type=int, default=1, help="interleaved runs (median)")
    parser.add_argument("--workers", type=int, default=None,
                        help="WEB_CONCURRENCY (default: the config's, cores + 1)")
    parser.add_argument("--batch-hands", type=int, default=10_000)
    parser.add_argument("--batch-repeats", type=int, default=5)
    parser.add_argument("--no-largest", action="store_true",
                        help="skip the largest-request timings")
    parser.add_argument("--quick", action="store_true",
                        help="2 s a scenario, 2 batch repeats, no largest requests")
    parser.add_argument("--out", type=Path, default=RESULTS / "http.json")
    args = parser.parse_args(argv)
    if args.quick:
        args.duration, args.batch_repeats, args.no_largest = 2.0, 2, True
    if not wrk_available():
        print("wrk is not installed (make wrk installs Debian's package); skipping the HTTP "
              "benchmark")
        return 0
    results = run(args)
    report(summarize(results), results, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
