"""Advice benchmarks: figures beside a baseline measured in the same run, never pass/fail.

1. The exact advice of an 11-card position (`advise_position(..., sample=False)`: every
   discard's deadwood, outs, odds after the next draw, danger, the ranking and its reasons,
   live cards) against an 11-card analyze, each side on positions it has not met before,
   dealt alike (`_interleaved`). Target: at most 5x. Three ratios, each of the same work on
   both sides: the cores alone (`knock.analyze_mask` with
   its discard options listed, against `advise_position`); the answers as the API writes
   them, in process (`api.answers.analysis` of the analysis, which also reads the hand's and
   every option's melds, against `api.advice.answer` of the exact advice); and the two
   requests through the Flask app in process (`POST /api/v1/analyze` against `POST
   /api/v1/advice`, on the positions whose hand cannot knock: the advice request then adds
   the outlook's odds within three draws but no knock sampling).
2. Knock sampling (building one opponent hand for the position and scoring the knock against
   it with the engine's spread and the defender's best lay-offs) against the engine's own
   two-hand score of the same pairs: `core.score_hand` (the engine's public call), and its
   spread search alone (`spreads.choose_spreads` on masks) as a stricter floor. Target: at
   least 0.8x the engine's rate per sample.
3. The default answer (up to 1,000 samples) through gunicorn with the shipped config, 4
   connections (wrk when installed, else a small threaded client), many distinct bodies from
   random and meld-dense deals, beside the same bodies answered in process one after
   another. Target: p99 under 250 ms.

    python bench/advice.py [--positions 300] [--seconds 15] [--no-http]

(`--positions`: the positions of each side in each of the exact ratios' five rounds.)
"""
from __future__ import annotations

import argparse
import json
import statistics
from functools import cache
from collections import Counter
import sys
import threading
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from deals import dealt_order  # noqa: E402
from calculator.api.advice import answer as advice_answer  # noqa: E402
from calculator.api.answers import analysis as analysis_answer  # noqa: E402
from calculator.core.advice import advise_position  # noqa: E402
from calculator.core import score_hand  # noqa: E402
from calculator.core.cards import Card, mask_cards  # noqa: E402
from calculator.core.knock import analyze_mask  # noqa: E402
from calculator.core.memo import fill_tables  # noqa: E402
from calculator.core.tables import best_discard_deadwood_of_mask  # noqa: E402
from calculator.core.position import read_position  # noqa: E402
from calculator.core.sampler import knock_odds, opponent_hands  # noqa: E402
from calculator.core.spreads import choose_spreads  # noqa: E402


# The ratios are of CPU time (this process's own), so that a spell of waiting for the shared
# machine's cores is not counted against either side; latencies are wall-clock.
TIMER = time.process_time


def positions(count: int, seed: int = 1, knockable: bool = False) -> list[dict]:
    """Position bodies (the API's shape): an 11-card hand, a pile of 0-20 cards with who
    threw each, sometimes a card the opponent took. With `knockable`, hands that can knock."""
    rng = Random(seed)
    bodies = []
    while len(bodies) < count:
        cards = dealt_order(rng, dense=len(bodies) % 2 == 0)
        hand = cards[:11]
        if knockable and best_discard_deadwood_of_mask(sum(1 << c for c in hand)) > 10:
            continue
        pile = cards[11:11 + rng.randrange(0, 21)]
        body = {"hand": [str(Card.from_index(c)) for c in hand],
                "discards": [{"card": str(Card.from_index(c)),
                              "by": "opponent" if i % 2 else "me"} for i, c in enumerate(pile)]}
        if pile and rng.random() < 0.4:
            body["opponent_took"] = [str(Card.from_index(cards[40]))]
        bodies.append(body)
    return bodies


WARM_POSITIONS = 3_000  # advised before timing: the odds' caches as a server has them


@cache
def _warm() -> None:
    """Fill the per-suit tables, as a server does before forking its workers, then advise
    (and analyze) positions none of the timed ones repeats, so that the caches keyed by a
    card's neighbourhood hold what a server's hold after some thousands of requests: the
    timed positions then cost what a new client's position costs."""
    fill_tables()
    for p in [read_position(**b) for b in positions(WARM_POSITIONS, seed=99)]:
        advise_position(p, sample=False)
        analyze_mask(p.mine, p.limit, None)


def _interleaved(analyze, advise, batches: list[list], rounds: int) -> dict:
    """Time `analyze` and `advise` in interleaved rounds (so that a slow spell of the
    machine hits both), each round on two batches of positions not timed before, one for
    each side, the two swapped every other round: every position is new to the caches that
    remember a hand or a card's neighbourhood, as a client's are (timing the same positions
    round after round flattered the advice by a tenth, its caches being hit where a client's
    new position misses them). The medians a call and of the rounds' ratios."""
    advice_times, analyze_times = [], []
    for r in range(rounds):
        mine, theirs = batches[2 * r], batches[2 * r + 1]
        if r % 2:
            mine, theirs = theirs, mine
        start = TIMER()
        for item in mine:
            analyze(item)
        analyze_times.append((TIMER() - start) / len(mine))
        start = TIMER()
        for item in theirs:
            advise(item)
        advice_times.append((TIMER() - start) / len(theirs))
    ratios = [a / b for a, b in zip(advice_times, analyze_times)]
    return {"advice_us": statistics.median(advice_times) * 1e6,
            "analyze_us": statistics.median(analyze_times) * 1e6,
            "ratio": statistics.median(ratios),
            "positions": sum(len(b) for b in batches[:2 * rounds])}


def _batches(count: int, rounds: int, seed: int) -> list[list[dict]]:
    """Two batches of `count` position bodies a round, all distinct deals."""
    return [positions(count, seed=seed * 1000 + k) for k in range(2 * rounds)]


def exact_ratio(count: int, rounds: int = 5) -> dict:
    """The cores alone: the exact advice against the analysis with its options listed."""
    _warm()
    return _interleaved(lambda p: list(analyze_mask(p.mine, p.limit, None).discards),
                        lambda p: advise_position(p, sample=False),
                        [[read_position(**b) for b in batch]
                         for batch in _batches(count, rounds, 1)], rounds)


def written_ratio(count: int, rounds: int = 5) -> dict:
    """The two answers as the API writes them, in process: the analysis with its melds and
    every discard option's melds, against the exact advice and its writer."""
    _warm()
    return _interleaved(lambda p: analysis_answer(analyze_mask(p.mine, p.limit, None)),
                        lambda p: advice_answer(advise_position(p, sample=False)),
                        [[read_position(**b) for b in batch]
                         for batch in _batches(count, rounds, 2)], rounds)


def request_ratio(count: int, rounds: int = 5) -> dict:
    """The two requests through the Flask app in process (its test client: routing, the
    body read and checked, the answer written as JSON bytes), on the positions whose hand
    cannot knock (no knock sampling in the advice)."""
    from calculator import create_app

    client = create_app().test_client()

    def quiet(batch: list[dict]) -> list[tuple[str, str]]:
        read = [(b, read_position(**b)) for b in batch]
        return [(json.dumps({"hand": b["hand"]}), json.dumps(b)) for b, p in read
                if best_discard_deadwood_of_mask(p.mine) > p.limit]

    def post(path: str, data: str) -> None:
        response = client.post(path, data=data, content_type="application/json")
        assert response.status_code == 200, (path, response.status_code)

    _warm()
    for analyze_body, advice_body in quiet(positions(20, seed=98)):  # Flask's own first calls
        post("/api/v1/analyze", analyze_body)
        post("/api/v1/advice", advice_body)
    return _interleaved(lambda pair: post("/api/v1/analyze", pair[0]),
                        lambda pair: post("/api/v1/advice", pair[1]),
                        [quiet(batch) for batch in _batches(count, rounds, 3)], rounds)


def sampling_ratio(bodies: list[dict], samples: int = 300, rounds: int = 3) -> dict:
    read = [read_position(**b, samples=samples) for b in bodies]
    per_sample, per_core, per_public = [], [], []
    for _ in range(rounds):  # interleaved rounds; every timing on the same defender hands
        sampled = core = public = 0.0
        count = 0
        for p in read:
            start = TIMER()
            hands = opponent_hands(p, samples, Random(p.seed))
            knock_odds(p.mine, p, hands)
            sampled += TIMER() - start
            count += len(hands)
            start = TIMER()
            for hand in hands:
                choose_spreads(p.mine, p.limit, p.rules, hand.mask)
            core += TIMER() - start
            knocker = list(p.hand)
            defenders = [list(mask_cards(hand.mask)) for hand in hands]
            start = TIMER()
            for defender in defenders:
                score_hand(knocker, defender, p.rules)
            public += TIMER() - start
        per_sample.append(sampled / count)
        per_core.append(core / count)
        per_public.append(public / count)
    return {"sample_us": statistics.median(per_sample) * 1e6,
            "core_us": statistics.median(per_core) * 1e6,
            "public_us": statistics.median(per_public) * 1e6,
            "core_ratio": statistics.median(c / s for s, c in zip(per_sample, per_core)),
            "public_ratio": statistics.median(c / s for s, c in zip(per_sample, per_public)),
            "positions": len(read), "samples": samples}


def in_process(bodies: list[dict]) -> dict:
    """The same bodies answered one after another in this process (read and advised, as the
    view does): the floor under the HTTP figures, and how many default answers stopped
    their knock sampling early."""
    latencies, used = [], []
    for body in bodies:
        start = time.perf_counter()
        advice = advise_position(read_position(**body))
        latencies.append(time.perf_counter() - start)
        if advice.knock is not None:
            used.append(advice.knock.odds.samples)
    latencies.sort()
    at = lambda q: latencies[min(len(latencies) - 1, int(len(latencies) * q))] * 1e3  # noqa: E731
    return {"p50_ms": at(0.5), "p90_ms": at(0.9), "p99_ms": at(0.99), "max_ms": latencies[-1] * 1e3,
            "knocks": len(used), "early": sum(1 for n in used if n < 1000),
            "used": sorted(Counter(used).items())}


def http_latency(bodies: list[dict], seconds: float, connections: int = 4) -> dict:
    from http_server import Gunicorn
    from http_wrk import run_wrk, wrk_available

    with Gunicorn() as server:
        requests = [("POST", "/api/v1/advice", body) for body in bodies]
        for body in bodies[:8]:  # every body answers 200 (checked, and the workers warmed)
            status, _, _ = _post(server.url, body)
            assert status == 200, status
        if wrk_available():
            result = run_wrk(server.url, requests, connections=connections, duration=seconds)
            return {"tool": "wrk", "connections": connections, "requests": result.requests,
                    "rps": result.rps, "p50_ms": result.p50_us / 1e3,
                    "p99_ms": result.p99_us / 1e3, "max_ms": result.max_us / 1e3,
                    "non_2xx": result.non_2xx, "workers": server.workers}
        return _threaded(server, bodies, seconds, connections)


def _post(url: str, body: dict):
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    data = json.dumps(body).encode()
    connection.request("POST", "/api/v1/advice", data, {"Content-Type": "application/json"})
    response = connection.getresponse()
    text = response.read()
    connection.close()
    return response.status, len(text), text


def _threaded(server, bodies, seconds, connections) -> dict:
    """Without wrk: `connections` threads, each posting bodies in turn for `seconds`."""
    latencies: list[float] = []
    errors = [0]
    stop = time.monotonic() + seconds

    def worker(offset: int) -> None:
        i = offset
        while time.monotonic() < stop:
            start = time.perf_counter()
            status, _, _ = _post(server.url, bodies[i % len(bodies)])
            latencies.append(time.perf_counter() - start)
            errors[0] += status != 200
            i += connections

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    latencies.sort()
    return {"tool": "threads", "connections": connections, "requests": len(latencies),
            "rps": len(latencies) / seconds, "p50_ms": latencies[len(latencies) // 2] * 1e3,
            "p99_ms": latencies[int(len(latencies) * 0.99)] * 1e3,
            "max_ms": latencies[-1] * 1e3, "non_2xx": errors[0], "workers": server.workers}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--no-http", action="store_true")
    args = parser.parse_args(argv)
    exact = exact_ratio(args.positions)
    print(f"exact 11-card advice: {exact['advice_us']:.0f} µs a position against an 11-card "
          f"analyze's {exact['analyze_us']:.0f} µs: {exact['ratio']:.1f}x (target at most 5x; "
          f"{exact['positions']} new positions, median of 5 interleaved rounds)")
    written = written_ratio(args.positions)
    print(f"  as the API writes the answers (core + writer, in process): {written['advice_us']:.0f}"
          f" µs against {written['analyze_us']:.0f} µs (the analysis with its melds and every "
          f"option's): {written['ratio']:.1f}x")
    requests = request_ratio(args.positions)
    print(f"  as requests through the Flask app in process: POST /api/v1/advice "
          f"{requests['advice_us']:.0f} µs against POST /api/v1/analyze "
          f"{requests['analyze_us']:.0f} µs: {requests['ratio']:.1f}x ({requests['positions']} "
          f"positions that cannot knock; the advice adds its outlook within three draws)")
    sampling = sampling_ratio(positions(max(20, args.positions // 10), seed=2, knockable=True))
    print(f"knock sampling: {sampling['sample_us']:.1f} µs a sample (built and scored), "
          f"{sampling['public_ratio']:.2f}x the rate of the engine's two-hand score "
          f"(core.score_hand, {sampling['public_us']:.1f} µs a pair) and "
          f"{sampling['core_ratio']:.2f}x that of its spread search alone "
          f"(spreads.choose_spreads, {sampling['core_us']:.1f} µs) (target at least 0.8x; "
          f"{sampling['positions']} knockable positions x {sampling['samples']} samples)")
    if not args.no_http:
        bodies = positions(64, seed=3)
        bodies += positions(64, seed=4, knockable=True)
        local = in_process(bodies)
        print(f"default answer in process, one after another ({len(bodies)} bodies): p50 "
              f"{local['p50_ms']:.0f} ms, p90 {local['p90_ms']:.0f} ms, p99 "
              f"{local['p99_ms']:.0f} ms, max {local['max_ms']:.0f} ms; {local['early']} of "
              f"{local['knocks']} knock decisions stopped sampling before 1,000 (samples used: "
              + ", ".join(f"{n} x{k}" for n, k in local["used"]) + ")")
        http = http_latency(bodies, args.seconds)
        print(f"default answer through gunicorn ({http['workers']} workers, "
              f"{http['connections']} connections, {http['tool']}, {len(bodies)} bodies, half "
              f"of them knockable): p50 {http['p50_ms']:.0f} ms, p99 {http['p99_ms']:.0f} ms, "
              f"max {http['max_ms']:.0f} ms, {http['rps']:.1f} answers/s, {http['non_2xx']} "
              f"not 2xx (target p99 under 250 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
