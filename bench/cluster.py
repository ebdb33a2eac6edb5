"""Cluster benchmark: throughput of the deployed topology (deploy/nginx.conf in front of 1, 2 and
4 gunicorn instances, deploy/topology.py) against one gunicorn alone, the CPU time a request
costs the instances and nginx, then memory per worker and what one 10,000-hand batch costs.

    .venv/bin/python bench/cluster.py                # 3 interleaved runs of 10 s a scenario
    .venv/bin/python bench/cluster.py --quick        # 1 run of 3 s a scenario (a smoke run)

Every scenario posts many distinct bodies (10- and 11-card hands, half of them random and half
meld-dense deals, dealt once, rotated by wrk) to /api/v1/analyze. All clusters run at once, idle while another is measured, and each run
measures every scenario in turn, so the machine's drift hits them alike; the figures are medians
over runs, and "gunicorn alone" (the same instance as "nginx + 1 instance", reached directly) is
the baseline of each run. nginx's per-address limits are raised: all the load comes from
127.0.0.1. Figures, never pass/fail; raw figures go to bench/results/cluster.json.

What 2 cores means: wrk, nginx and every worker share the same two cores (and, on a shared
machine, other people's work). One instance (three sync workers) already keeps both busy, so
more instances here add processes, not CPU: at best they show the cost of spreading, never the
gain. Where the machine is shared, more processes also win a larger share of it, which is why
the same four workers in all are also run as 1 x 4, 2 x 2 and 4 x 1. The CPU time per request
(read from /proc for every process of the cluster) is the figure to size with: on machines
where each instance has cores of its own, throughput adds up per instance (nothing is shared
between them), at about 1000 / (CPU ms a request) requests a second per core.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

from deals import DECK, DENSE_DECK, hands, mixed_hands
from http_server import ROOT, cpu_of, cpu_seconds, report, request
from http_wrk import run_wrk, wrk_available

sys.path.append(str(ROOT / "deploy"))
import topology  # noqa: E402

RESULTS = ROOT / "bench" / "results"
BASELINE = "gunicorn alone"
# name: (instances, workers an instance; None = the shipped config's, cores + 1)
SHAPES = {
    "1 instance": (1, None), "2 instances": (2, None), "4 instances": (4, None),
    # the same four workers in all, so that every shape has as many processes on the cores
    "1 x 4 workers": (1, 4), "2 x 2 workers": (2, 2), "4 x 1 worker": (4, 1),
}


def analyze_bodies(count: int, seed: int = 1) -> list[tuple[str, str, dict]]:
    """`count` distinct requests: half of 10 cards (with outs), half of 11, each half
    alternately random and meld-dense deals."""
    hands = mixed_hands(count // 2, 10, seed) + mixed_hands(count - count // 2, 11, seed + 1)
    random.Random(seed).shuffle(hands)
    return [("POST", "/api/v1/analyze", {"hand": hand}) for hand in hands]


def memory_of(pid: int) -> dict:
    """RSS, proportional share (PSS) and peak RSS of one process, in MB."""
    rollup = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
    fields = {line.split(":")[0]: int(line.split()[1]) for line in rollup if line.endswith("kB")}
    status = Path(f"/proc/{pid}/status").read_text()
    peak = int(next(line.split()[1] for line in status.splitlines()
                    if line.startswith("VmHWM:")))
    return {"rss_mb": fields["Rss"] / 1024, "pss_mb": fields["Pss"] / 1024,
            "peak_rss_mb": peak / 1024}


def app_pids(cluster: topology.Cluster) -> list[int]:
    return [pid for i in cluster.instances for pid in [i.pid] + i.worker_pids()]


def nginx_pids(cluster: topology.Cluster) -> list[int]:
    return [cluster.nginx.process.pid] + cluster.nginx.worker_pids()


def median(values):
    return statistics.median(values) if values else float("nan")


def batch_cost(cluster: topology.Cluster, size: int, seed: int, deck=DECK) -> dict:
    """One 10,000-hand batch through nginx + 1 instance: seconds end to end, the CPU seconds
    and peak memory of the worker that served it (the one whose CPU time moved most)."""
    body = json.dumps({"hands": hands(10_000, size, seed, deck), "outs": False}).encode()
    instance = cluster.instances[0]
    workers = instance.worker_pids()
    before = {pid: cpu_seconds(pid) for pid in workers}
    started = time.perf_counter()
    status, _, answer = request(cluster.url + "/api/v1/analyze/batch", body, timeout=120)
    seconds = time.perf_counter() - started
    spent = {pid: cpu_seconds(pid) - before[pid] for pid in workers}
    server = max(spent, key=spent.get)
    return {"cards": size, "deal": "meld-dense" if deck is DENSE_DECK else "random",
            "status": status, "seconds": seconds, "cpu_s": spent[server],
            "body_bytes": len(body), "answer_bytes": len(answer), **memory_of(server)}


def run(args) -> dict:
    bodies = analyze_bodies(args.bodies)
    results: dict = {"config": vars(args) | {"cpus": os.cpu_count()}, "runs": []}
    clusters: dict[str, topology.Cluster] = {}
    try:
        for name, (instances, workers) in SHAPES.items():
            clusters[name] = topology.Cluster(instances, workers=workers,
                                              limits=topology.UNLIMITED).start()
        single = clusters["1 instance"]
        workers = len(single.instances[0].worker_pids())
        results["config"]["workers_per_instance"] = workers
        # name: (url, the cluster whose processes serve it, through nginx)
        targets = {BASELINE: (single.instances[0].url, single, False)}
        targets |= {f"nginx + {name}": (cluster.url, cluster, True)
                    for name, cluster in clusters.items()}
        print(f"{len(bodies)} distinct analyze bodies; wrk {args.connections} connections, "
              f"{args.threads} threads, {args.duration:g} s a scenario, {args.runs} run(s); "
              f"{workers} sync workers an instance by default; {os.cpu_count()} cores",
              flush=True)
        for url, _, _ in targets.values():  # warm every worker up
            run_wrk(url, bodies, connections=args.connections, duration=1, threads=args.threads)
        for number in range(args.runs):
            row = {}
            for name, (url, cluster, proxied) in targets.items():
                app_before, nginx_before = cpu_of(app_pids(cluster)), cpu_of(nginx_pids(cluster))
                result = run_wrk(url, bodies, connections=args.connections,
                                 duration=args.duration, threads=args.threads)
                requests = max(result.requests, 1)
                row[name] = result.as_dict() | {
                    "app_cpu_ms": (cpu_of(app_pids(cluster)) - app_before) * 1000 / requests,
                    "nginx_cpu_ms": (cpu_of(nginx_pids(cluster)) - nginx_before) * 1000
                    / requests if proxied else 0.0}
                print(f"  run {number + 1} {name:<22} {result.rps:8.0f} req/s  p50 "
                      f"{result.p50_us / 1000:6.2f} ms  p99 {result.p99_us / 1000:6.2f} ms  "
                      f"CPU/req app {row[name]['app_cpu_ms']:.2f} ms nginx "
                      f"{row[name]['nginx_cpu_ms']:.2f} ms  non-2xx {result.non_2xx}  "
                      f"socket errors {result.socket_errors}", flush=True)
            results["runs"].append(row)

        instance = single.instances[0]
        results["memory_after_load"] = {
            "master": memory_of(instance.pid),
            "workers": [memory_of(pid) for pid in instance.worker_pids()],
            "nginx": [memory_of(pid) for pid in nginx_pids(single)],
        }
        results["batch"] = [batch_cost(single, size, seed, deck) for size, seed, deck in
                            ((10, 1, DECK), (11, 2, DECK), (11, 3, DENSE_DECK))]
        for row in results["batch"]:
            print(f"  batch 10,000 x {row['cards']} cards ({row['deal']}): {row['seconds']:.2f} s, "
                  f"worker CPU "
                  f"{row['cpu_s']:.2f} s, worker peak RSS {row['peak_rss_mb']:.0f} MB, "
                  f"{row['answer_bytes']:,} B out", flush=True)
        results["memory_after_batch"] = [memory_of(pid) for pid in instance.worker_pids()]
    finally:
        for cluster in clusters.values():
            cluster.close()
    return results


def summarize(results: dict) -> str:
    runs, cores = results["runs"], results["config"]["cpus"]
    lines = ["", f"analyze (10- and 11-card hands, random and meld-dense) on {cores} cores shared by wrk, nginx "
             "and every worker; medians over runs; ratio = req/s over gunicorn alone's in the "
             "same run", ""]
    header = (f"{'scenario':<24} {'req/s':>7} {'ratio':>6} {'p50 ms':>7} {'p99 ms':>7} "
              f"{'app CPU ms':>10} {'nginx CPU ms':>12} {'req/core-s':>10} {'non-2xx':>7} "
              f"{'sock err':>8}")
    lines += [header, "-" * len(header)]
    for name in runs[0]:
        rps = median([run[name]["rps"] for run in runs])
        ratio = median([run[name]["rps"] / run[BASELINE]["rps"] for run in runs])
        p50 = median([run[name]["p50_us"] / 1000 for run in runs])
        p99 = median([run[name]["p99_us"] / 1000 for run in runs])
        app = median([run[name]["app_cpu_ms"] for run in runs])
        proxy = median([run[name]["nginx_cpu_ms"] for run in runs])
        non2xx = sum(run[name]["status"] for run in runs)
        errors = sum(run[name]["socket_errors"] for run in runs)
        lines.append(f"{name:<24} {rps:7.0f} {ratio:6.2f} {p50:7.2f} {p99:7.2f} {app:10.2f} "
                     f"{proxy:12.2f} {1000 / (app + proxy):10.0f} {non2xx:7d} {errors:8d}")
    lines += ["(app/nginx CPU ms: CPU time of the instances' processes and of nginx's per "
              "request; req/core-s: requests one core serves with both, the sizing figure, "
              "which the machine's other load does not move the way it moves req/s)"]
    memory = results["memory_after_load"]
    workers = memory["workers"]
    lines += ["", "memory after the load (one instance; MB):",
              f"  master  RSS {memory['master']['rss_mb']:.0f}, PSS "
              f"{memory['master']['pss_mb']:.0f}",
              f"  worker  RSS {median([w['rss_mb'] for w in workers]):.0f}, PSS "
              f"{median([w['pss_mb'] for w in workers]):.0f} (median of {len(workers)})",
              f"  nginx   PSS {sum(p['pss_mb'] for p in memory['nginx']):.0f} in all "
              f"({len(memory['nginx'])} processes)"]
    after = results["memory_after_batch"]
    rss = ", ".join(f"{w['rss_mb']:.0f}" for w in after)
    lines.append(f"  after the batches: worker RSS {rss}; peak "
                 f"{max(w['peak_rss_mb'] for w in after):.0f}")
    lines += ["", "one batch of 10,000 hands through nginx + 1 instance:"]
    for row in results["batch"]:
        lines.append(f"  {row['cards']} cards ({row['deal']}): {row['seconds']:.2f} s end to end, "
                     f"{row['cpu_s']:.2f} CPU s in the worker, its peak RSS "
                     f"{row['peak_rss_mb']:.0f} MB; {row['body_bytes']:,} B in, "
                     f"{row['answer_bytes']:,} B out (status {row['status']})")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=10.0, help="seconds a wrk scenario")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--threads", type=int, default=2, help="wrk threads")
    parser.add_argument("--runs", type=int, default=3, help="interleaved runs (median)")
    parser.add_argument("--bodies", type=int, default=400, help="distinct request bodies")
    parser.add_argument("--workers", type=int, default=None,
                        help="WEB_CONCURRENCY of each instance (default: the config's)")
    parser.add_argument("--quick", action="store_true", help="1 run of 3 s a scenario")
    parser.add_argument("--out", type=Path, default=RESULTS / "cluster.json")
    args = parser.parse_args(argv)
    if args.quick:
        args.duration, args.runs = 3.0, 1
    if not wrk_available():
        print("wrk is not installed (make wrk installs Debian's package); skipping the cluster "
              "benchmark")
        return 0
    try:
        topology.nginx_binary()
    except FileNotFoundError as error:
        print(f"{error}; skipping the cluster benchmark")
        return 0
    results = run(args)
    report(summarize(results), results, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
