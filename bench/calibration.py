"""Calibration of the knock decision against self-play (figures, never pass/fail).

Seeded self-play (`calculator.core.selfplay`, the baseline policy of docs/ADVICE.md: take
the face-up card when it improves, discard by the advice's ranking, knock at the first
chance) predicts every knock with the knock sampler before it is scored against the real
defender. The table sorts the knocks into deciles of the predicted P(undercut) (and of
P(win)) and sets the mean prediction beside the observed rate, with the Brier score and,
for comparison, the Brier score of always predicting the observed base rate. A second run
compares the opponent's real deadwood with the sampler's hands, built and uniform, by the
size of the discard pile (the stage of the hand).

    python bench/calibration.py [--hands 1000] [--samples 200] [--policy ranked]
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from calculator.core.selfplay import POLICIES, play  # noqa: E402


def deciles(pairs: list[tuple[float, bool]]) -> list[tuple[int, float, float, float, float]]:
    """(count, lowest, highest, mean predicted, observed rate) for each tenth of the
    predictions, sorted by prediction."""
    pairs = sorted(pairs)
    rows = []
    for k in range(10):
        part = pairs[k * len(pairs) // 10:(k + 1) * len(pairs) // 10]
        if part:
            rows.append((len(part), part[0][0], part[-1][0],
                         sum(p for p, _ in part) / len(part),
                         sum(o for _, o in part) / len(part)))
    return rows


def brier(pairs: list[tuple[float, bool]]) -> tuple[float, float]:
    """(Brier score, Brier score of predicting the base rate every time)."""
    rate = sum(o for _, o in pairs) / len(pairs)
    return (sum((p - o) ** 2 for p, o in pairs) / len(pairs),
            sum((rate - o) ** 2 for _, o in pairs) / len(pairs))


def table(name: str, pairs: list[tuple[float, bool]]) -> str:
    lines = [f"P({name}) by decile of the prediction:",
             f"  {'decile':>6} {'knocks':>6} {'range':>13} {'predicted':>9} {'observed':>8}"]
    for k, (count, low, high, predicted, observed) in enumerate(deciles(pairs), 1):
        lines.append(f"  {k:>6} {count:>6} {low:>6.3f}-{high:<6.3f} {predicted:>9.3f} "
                     f"{observed:>8.3f}")
    score, base = brier(pairs)
    lines.append(f"  Brier score {score:.4f} (the base rate alone: {base:.4f}); mean predicted "
                 f"{sum(p for p, _ in pairs) / len(pairs):.3f}, observed "
                 f"{sum(o for _, o in pairs) / len(pairs):.3f}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--policy", choices=POLICIES, default="ranked")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--stage-hands", type=int, default=300)
    args = parser.parse_args(argv)

    started = time.perf_counter()
    records = play(args.hands, seed=args.seed, policy=args.policy,
                   predict_samples=args.samples)
    seconds = time.perf_counter() - started
    predictions = [p for r in records for p in r.predictions]
    outcomes = Counter(r.outcome for r in records)
    print(f"self-play: {args.hands} hands (policy {args.policy}, knock at the first chance, "
          f"seed {args.seed}) in {seconds:.0f} s: " + ", ".join(
              f"{count} {outcome}" for outcome, count in sorted(outcomes.items())))
    if predictions:
        print(f"{len(predictions)} knocks predicted with {args.samples} samples each")
        print(table("undercut", [(p.undercut, p.undercut_happened) for p in predictions]))
        print(table("win", [(p.win, p.won) for p in predictions]))
        predicted = sum(p.expected_points for p in predictions) / len(predictions)
        observed = sum(p.points for p in predictions) / len(predictions)
        print(f"expected points of a knock: predicted {predicted:.2f}, observed {observed:.2f}")

    started = time.perf_counter()
    stages = defaultdict(list)
    for record in play(args.stage_hands, seed=args.seed + 1, policy="deadwood",
                       stage_samples=60):
        for stage in record.stages:
            stages[min(stage.pile // 4, 5)].append(stage)
    print(f"\nthe opponent's deadwood by the size of the pile ({args.stage_hands} hands, every "
          f"third turn, {time.perf_counter() - started:.0f} s):")
    print(f"  {'pile':>7} {'turns':>6} {'real':>6} {'built':>6} {'uniform':>7}")
    for bucket in sorted(stages):
        rows = stages[bucket]
        label = f"{bucket * 4}-{bucket * 4 + 3}" if bucket < 5 else "20+"
        print(f"  {label:>7} {len(rows):>6} {sum(r.actual for r in rows) / len(rows):>6.1f} "
              f"{sum(r.sampled for r in rows) / len(rows):>6.1f} "
              f"{sum(r.uniform for r in rows) / len(rows):>7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
